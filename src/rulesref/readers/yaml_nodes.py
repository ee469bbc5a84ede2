"""The YAML node reader shared by every rules file written in YAML, for code
outside the chapter readers (the changelog's reader).

A public name for :mod:`rulesref.readers._yaml_nodes`, so that reading a
changelog and reading a chapter give the same messages for the same mistakes
without anything outside the readers importing their private modules.
"""

from rulesref.readers._yaml_nodes import NodeReader, compose_document, is_null, kind_of

__all__ = ["NodeReader", "compose_document", "is_null", "kind_of"]
