"""A book made of CR YAML chapter files, one file per chapter."""

from __future__ import annotations

from rulesref.book_config import BookConfig
from rulesref.model import Rulebook
from rulesref.readers.cr_yaml import read_chapter_file


def read(config: BookConfig) -> Rulebook:
    book = Rulebook(slug=config.slug, title=config.title)
    for chapter_config in config.chapters:
        display = config.display(chapter_config.file)
        result = read_chapter_file(chapter_config.file, display)
        result.chapter.chapter_source = display
        book.chapters.append(result.chapter)
        book.diagnostics.extend(result.diagnostics)
        book.sources.append(display)
    book.reindex()
    return book
