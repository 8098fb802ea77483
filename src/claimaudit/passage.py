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
    """A passage, identified within its paper by ``passage_id`` (``P001``, ``P002``...): one
    line of text, unique in the paper, neither blank nor ``none`` (the judge's answer for no
    passage); a source whose ids are not is refused for that paper (``not_checked``)."""

    passage_id: str
    text: str
    section: str | None = None
    # The first and last page it is printed on, for papers with pages (PDF).
    pages: tuple[int, int] | None = None


def page_list(pages: tuple[int, int] | None) -> list[int] | None:
    """Every page from the first to the last, as a record's ``evidencePages`` lists them."""
    return list(range(pages[0], pages[1] + 1)) if pages else None


def location(pages: list[int] | None, section: str | None) -> str:
    """Where a passage is, as a reader looks for it: "p. 4, 2 Software", "pp. 4-5",
    "Introduction" (no pages: LaTeX or Markdown), or "" when nothing is known."""
    parts: list[str] = []
    if pages:
        parts.append(f"p. {pages[0]}" if len(pages) == 1 else f"pp. {pages[0]}-{pages[-1]}")
    if section:
        parts.append(section)
    return ", ".join(parts)
