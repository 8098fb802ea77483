"""The unit of evidence every stage shares: a passage of a paper and its stable id."""

from __future__ import annotations

from dataclasses import dataclass


def passage_id(index: int) -> str:
    """The id of a paper's ``index``-th passage (0 is the first): ``P001``, ``P002``...; ids
    grow wider past 999 rather than wrap. Every source numbers passages this way, so the
    datasets' sentence indices and the library's passages agree."""
    return f"P{index + 1:03d}"


@dataclass(frozen=True)
class Passage:
    """A passage, identified within its paper by ``passage_id`` (``P001``, ``P002``...)."""

    passage_id: str
    text: str
    section: str | None = None
