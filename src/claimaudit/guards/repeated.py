"""Names given more than once, where a parser would quietly keep the last.

Python's ``json`` keeps the last of repeated keys (``{"claim": "a", "claim": "b"}`` reads as
``"b"``), and so do form parsers for repeated fields: a request would then do something other
than what most of it says. The HTTP API and the MCP server refuse such input, in the words the
API already uses for a query parameter given twice.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from claimaudit.guards.untrusted import load_json

Location = tuple[str | int, ...]


def given_once(count: int) -> str:
    """The refusal's wording, pydantic's style: ``Input should be given once, not 2 times``."""
    return f"Input should be given once, not {count} times"


def repeated_names(names: Iterable[str]) -> dict[str, int]:
    """Each name given more than once, with how often, in the order first seen."""
    counts = Counter(names)
    return {name: count for name, count in counts.items() if count > 1}


class _Object(dict[str, Any]):
    """A JSON object that remembers which of its keys were repeated."""

    repeated: dict[str, int]


def _object(pairs: list[tuple[str, Any]]) -> _Object:
    found = _Object(pairs)
    found.repeated = repeated_names(key for key, _ in pairs)
    return found


def repeated_keys(value: Any, where: Location = ()) -> list[tuple[Location, int]]:
    """``(location, count)`` for every key given more than once in a value read by
    ``load_json_once``: ``[(("papers", 0, "ref"), 2)]``."""
    found: list[tuple[Location, int]] = []
    if isinstance(value, _Object):
        found += [((*where, key), count) for key, count in value.repeated.items()]
    if isinstance(value, dict):
        for key, item in value.items():
            found += repeated_keys(item, (*where, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += repeated_keys(item, (*where, index))
    return found


def load_json_once(text: str) -> Any:
    """``untrusted.load_json`` (nesting bounded, a too-long number a JSONDecodeError), each
    object knowing its repeated keys, for ``repeat_problem``."""
    return load_json(text, object_pairs_hook=_object)


def repeat_problem(value: Any) -> str | None:
    """The first key given more than once in ``value`` (read by ``load_json_once``), in the
    HTTP API's words (``claim: Input should be given once, not 2 times``), or None."""
    for where, count in repeated_keys(value):
        name = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in where).lstrip(".")
        return f"{name}: {given_once(count)}"
    return None
