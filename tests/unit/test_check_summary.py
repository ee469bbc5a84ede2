"""``rulesref check --summary``: one entry per kind of problem, with its count and
its first places, instead of a line for each."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulesref.cli import main
from rulesref.cli.summary import PLACES, summarise, summary_lines
from rulesref.errors import Diagnostic, Position, Severity

ROOT = Path(__file__).resolve().parents[2]


def diag(kind: str, line: int, severity: Severity = Severity.WARNING) -> Diagnostic:
    return Diagnostic(Position("c.yaml", line, 1), f"{kind} at {line}", kind, severity)


def test_kinds_are_counted_and_keep_their_first_places() -> None:
    found = [diag("b", n) for n in range(1, 6)] + [diag("a", 10), diag("c", 7, Severity.NOTE)]
    found += [diag("a", 11)]
    groups = summarise(found)
    assert [(g.kind, g.severity, g.count) for g in groups] == [
        ("b", Severity.WARNING, 5), ("a", Severity.WARNING, 2), ("c", Severity.NOTE, 1)]
    assert [d.pos.line for d in groups[0].first] == [1, 2, 3]
    assert [d.pos.line for d in groups[1].first] == [10, 11]


def test_the_lines_name_the_kind_its_count_and_what_is_left_out() -> None:
    found = [diag("bad-range", n) for n in range(1, 6)] + [diag("unknown-card", 9)]
    assert summary_lines(found, places=2) == [
        "rules.bad-range: 5 warnings",
        "    c.yaml:1:1: bad-range at 1",
        "    c.yaml:2:1: bad-range at 2",
        "    ... and 3 more",
        "rules.unknown-card: 1 warning",
        "    c.yaml:9:1: unknown-card at 9",
    ]


@given(st.lists(st.tuples(st.sampled_from("abc"), st.sampled_from(list(Severity))), max_size=40))
def test_every_problem_is_counted_once(pairs: list[tuple[str, Severity]]) -> None:
    found = [diag(kind, n, severity) for n, (kind, severity) in enumerate(pairs, start=1)]
    groups = summarise(found)
    assert sum(g.count for g in groups) == len(found)
    assert len({(g.kind, g.severity) for g in groups}) == len(groups)
    for group in groups:
        same = [d for d in found if (d.subtype, d.severity) == (group.kind, group.severity)]
        assert list(group.first) == same[:PLACES]


def test_check_summary_groups_what_check_prints_line_by_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    base = ["--books", "seeds", "check", "-v"]
    full_code = main(base)
    full = capsys.readouterr()
    lines = full.out.splitlines()
    summary_code = main([*base, "--summary"])
    short = capsys.readouterr()
    summary = short.out.splitlines()
    assert summary_code == full_code
    assert short.err.splitlines()[-1] == full.err.splitlines()[-1]  # the account
    kinds: dict[str, int] = {}
    for line in lines:
        match = re.search(r": (warning|note): .* \[(rules\.[\w-]+)\]$", line)
        assert match, line
        kinds[f"{match[2]}: {match[1]}"] = kinds.get(f"{match[2]}: {match[1]}", 0) + 1
    assert kinds, "the seeds have warnings or notes to summarise"
    heads = {
        f"{kind}: {severity}": int(count)
        for kind, count, severity in re.findall(r"^(rules\.[\w-]+): (\d+) (warning|note)s?$",
                                                "\n".join(summary), re.M)
    }
    assert heads == kinds
    assert len(summary) < len(lines) or max(kinds.values()) <= PLACES
