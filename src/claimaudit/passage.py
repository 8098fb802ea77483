"""The unit of evidence every stage shares: a passage of a paper and its stable id."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Passage:
    """A passage, identified within its paper by ``passage_id`` (``P001``, ``P002``...)."""

    passage_id: str
    text: str
    section: str | None = None
