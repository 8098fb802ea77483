"""Cutting spans out of a LaTeX source: what several readers do once they know where the
text TeX does not print stands (a definition, a branch a conditional rules out)."""

from __future__ import annotations

from collections.abc import Iterable


def without_spans(source: str, spans: Iterable[tuple[int, int]]) -> str:
    """``source`` without each ``source[start:end]`` of ``spans`` (in order and apart)."""
    kept: list[str] = []
    position = 0
    for start, end in spans:
        kept.append(source[position:start])
        position = end
    kept.append(source[position:])
    return "".join(kept)
