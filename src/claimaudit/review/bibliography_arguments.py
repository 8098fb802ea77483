"""``parse_bibliography`` and ``load_bibliography``'s arguments from Python, checked before any
text is read: a wrong one is a UsageError naming it, never an AttributeError from the parser, and
never quietly read as something else (an unknown ``kind`` as BibTeX, ``allow_empty="no"`` as
true)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import get_args

from claimaudit.bibfile import BibFormat
from claimaudit.errors import UsageError

BIB_FORMATS: tuple[str, ...] = get_args(BibFormat)


def check_allow_empty(allow_empty: object) -> None:
    if not isinstance(allow_empty, bool):
        raise UsageError(f"allow_empty must be True or False, not {type(allow_empty).__name__}")


def check_load_args(paths: Sequence[object], allow_empty: object) -> None:
    """UsageError for ``load_bibliography`` given no file (``*glob("*.bib")`` matching none
    read as an empty bibliography named "") or an ``allow_empty`` that is no bool."""
    if not paths:
        raise UsageError("load_bibliography needs at least one file")
    check_allow_empty(allow_empty)


def check_parse_args(text: object, kind: object, source: object, allow_empty: object) -> None:
    """UsageError naming the first argument of ``parse_bibliography`` of the wrong kind."""
    if not isinstance(text, str):
        raise UsageError(f"the bibliography must be text (a string), not {type(text).__name__}")
    if kind is not None and kind not in BIB_FORMATS:
        named = ", ".join(repr(name) for name in BIB_FORMATS)
        raise UsageError(f"kind must be {named} or None (read by its look), not {kind!r:.40}")
    if source is not None and not isinstance(source, str):
        shown = type(source).__name__
        raise UsageError(f"source must be a string (the bibliography's name) or None, not {shown}")
    check_allow_empty(allow_empty)
