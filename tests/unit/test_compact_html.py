"""The templates' indentation is left out of every page (issue 23, light pages),
never where white space is content."""

from __future__ import annotations

from rulesref.sphinx.features.chrome import compact


def test_leading_blanks_and_blank_lines_go() -> None:
    html = "<div>\n    <a href='#'>x</a>\n\n\n      <span>y</span> z\n</div>"
    assert compact(html) == "<div>\n<a href='#'>x</a>\n<span>y</span> z\n</div>"


def test_white_space_of_pre_textarea_and_script_stays() -> None:
    kept = ("<pre class='x'>\n    indented\n\n  code</pre>",
            "<TEXTAREA>\n  a\n</TEXTAREA>",
            "<script>\n  const s = `\n    two`;\n</script>")
    html = "\n  <p>a</p>\n  ".join(kept) + "\n   <p>end</p>"
    assert compact(html) == "\n<p>a</p>\n".join(kept) + "\n<p>end</p>"


def test_words_stay_apart() -> None:
    """Collapsed white space still separates the words around it."""
    assert compact("<a>one</a>\n      <a>two</a>") == "<a>one</a>\n<a>two</a>"
