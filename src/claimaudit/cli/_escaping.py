"""What a console's encoding lacks, escaped before rich lays it out, not after.

Where standard output is not UTF-8 (``PYTHONIOENCODING=ascii``, ``LANG=C`` with a pipe), the
stream writes each character it cannot encode as an escape (``\\xe9``, ``_entry``): four columns
where rich had measured one, so a table row with an accented title ran past its border and its
columns no longer lined up. Escaping the text first, as the stream would, lets rich measure what
is written. Box characters are rich's to replace (it draws ASCII boxes for such an encoding).
"""

from __future__ import annotations

import codecs
import copy
import dataclasses
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Span, Text


def escapes_needed(encoding: str) -> bool:
    """Whether ``encoding`` lacks characters: any but the UTF ones (an unknown one too)."""
    try:
        return not codecs.lookup(encoding).name.startswith("utf")
    except LookupError:
        return True


def escaped(renderable: Any, encoding: str) -> Any:
    """``renderable`` with what ``encoding`` cannot encode written as escapes, in its strings,
    texts, tables (title, caption, headers, cells) and groups; anything else as it is."""
    if isinstance(renderable, str):
        return _escaped_str(renderable, encoding)
    if isinstance(renderable, Text):
        return _escaped_text(renderable, encoding)
    if isinstance(renderable, Table):
        return _escaped_table(renderable, encoding)
    if isinstance(renderable, Group):
        return Group(*(escaped(r, encoding) for r in renderable.renderables), fit=renderable.fit)
    return renderable


def _escaped_str(text: str, encoding: str) -> str:
    # As the stream escapes (backslashreplace), so that what is measured is what is written.
    return text.encode(encoding, "backslashreplace").decode(encoding)


def _escaped_text(text: Text, encoding: str) -> Text:
    plain = text.plain
    if _escaped_str(plain, encoding) == plain:
        return text
    # Each character's new offset, so that every style span still covers what it did.
    starts: list[int] = []
    pieces: list[str] = []
    offset = 0
    for char in plain:
        starts.append(offset)
        piece = _escaped_str(char, encoding)
        pieces.append(piece)
        offset += len(piece)
    starts.append(offset)
    result = text.blank_copy("".join(pieces))
    result.spans = [
        Span(starts[min(span.start, len(plain))], starts[min(span.end, len(plain))], span.style)
        for span in text.spans
    ]
    return result


def _escaped_table(table: Table, encoding: str) -> Table:
    result = copy.copy(table)  # the caller's table is left as it was
    result.columns = [
        dataclasses.replace(
            column,
            header=escaped(column.header, encoding),
            footer=escaped(column.footer, encoding),
            _cells=[escaped(cell, encoding) for cell in column._cells],
        )
        for column in table.columns
    ]
    result.title = escaped(table.title, encoding)
    result.caption = escaped(table.caption, encoding)
    return result
