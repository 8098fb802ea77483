"""How a schema validation failure reads, the same for the HTTP API and the MCP tools:
``papers: Field required; limit: Input should be an integer``, one line, no input echoed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

MAX_LISTED = 5
EXTRA_FIELD = "Extra inputs are not permitted"  # pydantic's own words for extra="forbid"
_LOCATIONS = ("body", "query", "path", "header", "form")


def _parts(location: Sequence[Any], located: bool) -> list[Any]:
    """The location without FastAPI's leading "body"/"query", which says nothing to a user.
    MCP arguments come without one (``located=False``): a tool's argument may be "query"."""
    parts = list(location)
    if located and parts and parts[0] in _LOCATIONS:
        parts = parts[1:]
    return parts


def field_name(location: Sequence[Any], *, located: bool = True) -> str:
    """("body", "papers", 0) -> "papers[0]"."""
    text = ""
    for part in (str(p) for p in _parts(location, located)):
        text += f"[{part}]" if part.isdigit() else (f".{part}" if text else part)
    return text or "body"


def _order(location: Sequence[Any], located: bool) -> tuple[tuple[int, int, str], ...]:
    """Field names alphabetically, list indexes by number."""
    return tuple(
        (0, p, "") if isinstance(p, int) else (1, 0, str(p)) for p in _parts(location, located)
    )


def field_errors(errors: Sequence[dict[str, Any]], *, located: bool = True) -> str:
    """The first few errors as ``field: message``, sorted by field name, then how many more there
    are. Sorted, since pydantic lists them in declaration order, which differs between a
    request body (the shared options first) and a tool's arguments: both must read alike."""
    ordered = sorted(errors, key=lambda e: _order(e.get("loc", ()), located))
    parts = [
        f"{field_name(e.get('loc', ()), located=located)}: {e.get('msg', 'invalid')}"
        for e in ordered
    ]
    more = f" (and {len(parts) - MAX_LISTED} more)" if len(parts) > MAX_LISTED else ""
    return "; ".join(parts[:MAX_LISTED]) + more
