"""Text a console's encoding lacks is escaped before layout, so a table's columns line up."""

from __future__ import annotations

import io

import pytest
from rich.console import Group
from rich.table import Table
from rich.text import Span, Text

from claimaudit.cli._consoles import SaneConsole
from claimaudit.cli._escaping import escaped, escapes_needed


def _printed(table: Table, encoding: str, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """``table`` as a console writes it to a stream in ``encoding`` that escapes what that
    encoding lacks, as standard output does (``_entry.escape_unencodable``)."""
    monkeypatch.setenv("COLUMNS", "100")
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding=encoding, errors="backslashreplace")
    console = SaneConsole()
    console.file = stream
    console.print(table)
    stream.flush()
    return raw.getvalue().decode(encoding).splitlines()


def _table() -> Table:
    table = Table("réf", "title", title="Papers — all")
    table.add_row("local:café", Text("naïve über", style="bold"))
    table.add_row(Text("local:plain"), Group(Text("Plain"), "notes…"))
    return table


def test_an_ascii_stream_gets_a_table_whose_lines_are_one_width(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The stream escaped "é" to "\xe9" after rich had laid it out as one column: each row with
    # one ran past the border, and the columns after it no longer lined up.
    table = _table()
    lines = _printed(table, "ascii", monkeypatch)
    boxed = [line for line in lines if line[:1] in "+|"]
    assert len(boxed) >= 7, lines
    assert len({len(line) for line in boxed}) == 1, lines
    printed = "\n".join(lines)
    assert "local:caf\\xe9" in printed and "na\\xefve \\xfcber" in printed
    assert "notes\\u2026" in printed and "r\\xe9f" in printed
    assert table.columns[0].header == "réf"  # the caller's table is left as it was


def test_a_utf8_stream_keeps_every_character(monkeypatch: pytest.MonkeyPatch) -> None:
    printed = "\n".join(_printed(_table(), "utf-8", monkeypatch))
    assert "naïve über" in printed and "\\x" not in printed


def test_a_style_still_covers_the_characters_it_did() -> None:
    text = Text("a é b", spans=[Span(2, 3, "bold"), Span(0, 5, "red")], style="dim")
    done = escaped(text, "ascii")
    assert done.plain == "a \\xe9 b"
    assert done.spans == [Span(2, 6, "bold"), Span(0, 8, "red")]
    assert done.style == "dim"
    assert escaped(text, "utf-8") is text


@pytest.mark.parametrize(
    ("encoding", "needed"),
    [("ascii", True), ("latin-1", True), ("UTF-8", False), ("utf_8", False), ("x", True)],
)
def test_which_encodings_need_escapes(encoding: str, needed: bool) -> None:
    assert escapes_needed(encoding) is needed
