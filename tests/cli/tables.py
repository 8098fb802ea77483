"""A rich table read back from the text it was drawn as: each column's pieces, top to bottom,
whatever lines a long value was wrapped or folded onto.

Join a column's pieces with "" to get back a value folded mid-word (a long reference), with
" " (then whitespace-normalised) to get back wrapped prose.
"""

from __future__ import annotations


def boxed_columns(output: str) -> dict[str, list[str]]:
    """The columns of a table drawn with rich's default box (┃ between headings, │ between
    cells), by heading; a column drawn too narrow to show its heading is missing."""
    heading = next(line for line in output.splitlines() if "\u2503" in line)
    names = [name.strip() for name in heading.split("\u2503")[1:-1]]
    rows = [line.split("\u2502")[1:-1] for line in output.splitlines() if "\u2502" in line]
    return {name: [row[i].strip() for row in rows] for i, name in enumerate(names) if name}


def spaced_columns(output: str, header: list[str]) -> list[list[str]]:
    """The columns of a table drawn with spaces between cells (box.SIMPLE_HEAD): cut where
    the headings start, every line under the heading line; each piece stripped."""
    lines = output.splitlines()
    at = next(i for i, line in enumerate(lines) if line.split() == header)
    starts: list[int] = []
    for name in header:
        starts.append(lines[at].index(name, starts[-1] if starts else 0))
    ends = [*starts[1:], None]
    body = [line for line in lines[at + 1 :] if line.strip() and set(line.strip()) != {"\u2500"}]
    return [
        [line[start:end].strip() for line in body] for start, end in zip(starts, ends, strict=True)
    ]


def prose(pieces: list[str]) -> str:
    """Wrapped text back on one line, its whitespace normalised."""
    return " ".join(" ".join(pieces).split())
