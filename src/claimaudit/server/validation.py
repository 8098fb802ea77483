"""How a schema validation failure reads, the same for the HTTP API and the MCP tools:
``papers: Field required; limit: Input should be an integer``, one line, no input echoed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

MAX_LISTED = 5
EXTRA_FIELD = "Extra inputs are not permitted"  # pydantic's own words for extra="forbid"


def field_name(location: Sequence[Any], *, located: bool = True) -> str:
    """("body", "papers", 0) -> "papers[0]"; the leading "body"/"query" of a FastAPI location
    says nothing to a user. MCP arguments come without one (``located=False``): a tool's
    argument may itself be called "query"."""
    parts = [str(p) for p in location]
    if located and parts and parts[0] in ("body", "query", "path", "header", "form"):
        parts = parts[1:]
    text = ""
    for part in parts:
        text += f"[{part}]" if part.isdigit() else (f".{part}" if text else part)
    return text or "body"


def field_errors(errors: Sequence[dict[str, Any]], *, located: bool = True) -> str:
    """The first few errors as ``field: message``, then how many more there are."""
    parts = [
        f"{field_name(e.get('loc', ()), located=located)}: {e.get('msg', 'invalid')}"
        for e in errors
    ]
    more = f" (and {len(parts) - MAX_LISTED} more)" if len(parts) > MAX_LISTED else ""
    return "; ".join(parts[:MAX_LISTED]) + more
