"""Build the list of everyday English verbs and adjectives that ships inside
the package (``src/rulesref/data/everyday_words.txt``).

A rulebook defines words such as "take", "full" or "pays" as terms, and
linking every use of them to their definition is noise ("The full rules
for …" linked to the memory rules).  The site links a one-word term's use
only when the word is not an everyday English verb or adjective.  "Everyday"
and "verb or adjective" come from two maintained lexicons, used here, when
the list is built, and never at run time (together they weigh some 60 MB):

* wordfreq (https://pypi.org/project/wordfreq/): the word's frequency in
  English, on the Zipf scale; everyday means at least :data:`ZIPF` (about
  once in every ten thousand words of running text);
* lemminflect (https://pypi.org/project/lemminflect/): whether the word is an
  inflection of a verb or adjective in its dictionary (no guessing for words
  it does not know, so "rez" is never a verb), and that lemma's other forms:
  "installs" is everyday because "install" is, however rare "installs" is.

Run it again (``pip install wordfreq lemminflect`` in a scratch environment,
then ``python tools/build_everyday_words.py``) to refresh the list.
"""

from __future__ import annotations

import sys
from pathlib import Path

#: The least frequency, on wordfreq's Zipf scale, of an everyday word.
ZIPF = 4.0
#: How many of English's most frequent words are looked at.
TOP = 40_000


def main(argv: list[str]) -> int:
    import lemminflect
    from wordfreq import top_n_list, zipf_frequency

    target = Path(__file__).resolve().parent.parent / "src/rulesref/data/everyday_words.txt"
    words: set[str] = set()
    for word in top_n_list("en", TOP):
        if not word.isalpha():
            continue
        for pos in ("VERB", "ADJ"):
            for lemma in lemminflect.getLemma(word, upos=pos, lemmatize_oov=False):
                if zipf_frequency(lemma, "en") < ZIPF:
                    continue
                words.add(lemma)
                forms = lemminflect.getAllInflections(lemma, upos=pos)
                words.update(form for group in forms.values() for form in group)
    header = [
        "# Everyday English verbs and adjectives (any inflection): a one-word term used",
        "# as one of these is not linked to its definition. Built by",
        f"# tools/build_everyday_words.py from wordfreq (Zipf >= {ZIPF}) and lemminflect.",
    ]
    target.write_text("\n".join([*header, *sorted(words)]) + "\n", encoding="utf-8")
    print(f"wrote {len(words)} words to {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
