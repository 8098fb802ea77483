"""Where a LaTeX paper's footnotes are stored: each a passage of its own right after the
paragraph that holds its mark, as the README says and the Markdown reader does."""

from __future__ import annotations

from pathlib import Path

from claimaudit.library.extract import extract
from claimaudit.library.passages import make_passages


def _passages(tmp_path: Path, body: str) -> list[str]:
    path = tmp_path / "paper.tex"
    path.write_text(
        f"\\documentclass{{article}}\n\\begin{{document}}\n\\section{{Body}}\n{body}\n"
        "\\end{document}\n",
        encoding="utf-8",
    )
    return [p.text for p in make_passages(extract(path).blocks)]


def test_each_footnote_follows_its_own_paragraph(tmp_path: Path) -> None:
    # QA: both notes came after the fourth paragraph (P005, P006), all notes of a run of
    # paragraphs being added after the last of them.
    body = (
        "First states the sample size.\\footnote{Note of the first.}\n\n"
        "Second states the duration.\n\n"
        "Third states the funding.\\footnote{Note of the third.} It goes on.\n\n"
        "Fourth paragraph."
    )
    assert _passages(tmp_path, body) == [
        "First states the sample size.",
        "Note of the first.",
        "Second states the duration.",
        "Third states the funding. It goes on.",
        "Note of the third.",
        "Fourth paragraph.",
    ]


def test_notes_of_one_paragraph_keep_their_order_and_its_punctuation(tmp_path: Path) -> None:
    # The mark stood between a word and its full stop: the stop closes up as before.
    body = (
        "Sleep fell \\footnote{In mice.}. It rose\\footnote{In rats.} again.\n\n"
        "\\begin{itemize}\n\\item An item\\footnote{On the item.}.\n\\item Another.\n"
        "\\end{itemize}\n\nLast."
    )
    assert _passages(tmp_path, body) == [
        "Sleep fell. It rose again.",
        "In mice.",
        "In rats.",
        "An item.",
        "On the item.",
        "Another.",
        "Last.",
    ]


def test_a_note_inside_a_note_leaves_no_mark_and_loses_no_note(tmp_path: Path) -> None:
    body = "Outer claim.\\footnote{Outer\\footnote{Inner.} note.}\n\nNext."
    passages = _passages(tmp_path, body)
    assert "\ue005" not in "".join(passages)
    assert sorted(passages) == sorted(["Outer claim.", "Outer note.", "Inner.", "Next."])
    assert passages[0] == "Outer claim."
