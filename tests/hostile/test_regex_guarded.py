"""Drafts and bibliographies that froze a reader: each now reads whole, with the right result.

Each call below ran a regular expression into polynomial backtracking on a long run: 12,000
backticks in a Markdown draft took 44 s to review (``(`+)(?:.|\\n)+?\\1``, for code spans), and
the 40,000 here would take far longer; 40 KB of "[^" took 10 s (the footnote-marker pattern),
the 400 KB here about two minutes. Python's ``re`` holds the GIL, so the whole server stalled
with it. Each call runs in a child process with a hang guard: a regression fails the test
after a minute rather than hanging the suite (a guard, not a timing assertion: the fixed
readers take well under a second).
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

HANG_GUARD_S = 60


def guarded(code: str) -> object:
    """What ``code`` (run in a fresh interpreter) prints as JSON; fails the test on a hang."""
    try:
        done = subprocess.run(
            [sys.executable, "-c", textwrap.dedent(code)],
            capture_output=True,
            text=True,
            timeout=HANG_GUARD_S,
            check=False,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"still running after {HANG_GUARD_S} s: a reader backtracks on a long run")
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


def _blocks_read(paper: Path) -> object:
    """The text of each block the library's reader makes of ``paper``, read under the guard."""
    return guarded(
        f"""
        import json
        from pathlib import Path
        from claimaudit.library.extract import extract
        print(json.dumps([block.text for block in extract(Path({str(paper)!r})).blocks]))
        """
    )


def test_a_draft_of_backticks_is_reviewed_with_its_citations() -> None:
    found = guarded(
        """
        import json
        from claimaudit.review.citations import find_citations
        text = "SciPy [@arxiv:1907.10121]. " + "`" * 40_000 + " Skimage [@arxiv:1407.6245]."
        print(json.dumps([c.key for c in find_citations(text)]))
        """
    )
    assert found == ["arxiv:1907.10121", "arxiv:1407.6245"]  # the run is literal text


def test_a_markdown_draft_of_backticks_keeps_its_claim() -> None:
    found = guarded(
        """
        import json
        from claimaudit.review.claims import extract_claims
        draft = "Sparse matrices are in SciPy [@arxiv:1907.10121]. " + "`" * 40_000 + "\\n"
        claims, _ = extract_claims(draft)
        print(json.dumps([[c.text, [k.key for k in c.citations]] for c in claims]))
        """
    )
    # The unclosed run is literal text of the sentence, which keeps its citation.
    assert found == [["Sparse matrices are in SciPy. " + "`" * 40_000, ["arxiv:1907.10121"]]]


def test_a_draft_of_footnote_openings_keeps_its_citations() -> None:
    found = guarded(
        """
        import json
        from claimaudit.review.citations import find_citations
        text = "SciPy [@arxiv:1907.10121]. " + "[^" * 200_000 + " Skimage [@arxiv:1407.6245]."
        print(json.dumps([c.key for c in find_citations(text)]))
        """
    )
    assert found == ["arxiv:1907.10121", "arxiv:1407.6245"]


def test_a_csl_note_of_blank_lines_still_gives_its_standard_id() -> None:
    found = guarded(
        """
        import json
        from claimaudit.bibfile import parse_bib
        note = "\\n " * 30_000 + "\\nstandard_id: doi:10.1000/xyz"
        blank = "\\n " * 30_000
        bib = parse_bib(json.dumps([{"id": "a", "note": note}, {"id": "b", "note": blank}]))
        print(json.dumps([record.key for record in bib.records]))
        """
    )
    assert found == ["doi:10.1000/xyz", "b"]


def test_a_markdown_paper_with_a_bar_and_a_run_of_blanks_is_read(tmp_path: Path) -> None:
    paper = tmp_path / "paper.md"
    paper.write_text(
        "# Title\n\nA first paragraph.\n\n|---" + " " * 100_000 + "x\n\nA last one.\n\n"
        "| a | b |\n|---|:--:|\n| 1 | 2 |\n",
        encoding="utf-8",
    )
    found = _blocks_read(paper)
    # No table rule (no "|" after the blanks): a line of text; the table below still read.
    assert found == ["A first paragraph.", "--- x", "A last one.", "a b 1 2"]


def test_a_latex_paper_with_a_long_word_in_a_centred_block_is_read(tmp_path: Path) -> None:
    paper = tmp_path / "paper.tex"
    paper.write_text(
        "\\documentclass{article}\\begin{document}\n\\begin{center}\n" + "1" * 100_000 + "\n"
        "\\end{center}\n\\section{Results}\nSparse solvers save memory.\n\\end{document}\n",
        encoding="utf-8",
    )
    found = _blocks_read(paper)
    assert isinstance(found, list) and found[-1] == "Sparse solvers save memory."


def test_a_markdown_paper_opening_with_a_long_word_is_read(tmp_path: Path) -> None:
    # The lines after the title are read for authors and addresses (an e-mail address).
    paper = tmp_path / "paper.md"
    paper.write_text(
        "# Title\n\n" + "1" * 100_000 + "\n\n## Intro\n\nSparse solvers save memory.\n",
        encoding="utf-8",
    )
    found = _blocks_read(paper)
    assert found == ["1" * 100_000, "Sparse solvers save memory."]


def test_a_draft_with_an_unclosed_bracket_of_digits_is_split_into_sentences() -> None:
    # The piece after a sentence is read for a citation group it carries back ("[1]").
    found = guarded(
        """
        import json
        from claimaudit.review.sentences import split_block
        print(json.dumps(split_block("Sparse solvers save memory. [" + "1" * 400_000)))
        """
    )
    assert found == [[0, 27], [28, 400_029]]  # nothing carried back: the "[" never closes


def test_a_note_of_blanks_is_read_for_a_references_shape() -> None:
    found = guarded(
        """
        import json
        from claimaudit.review.note_reference import reads_as_reference
        blanks = " " * 100_000
        print(json.dumps([
            reads_as_reference("See." + blanks + "x"),
            reads_as_reference("\\n" * 100_000 + "x"),
            reads_as_reference("Title." + blanks + "2020. Journal"),
        ]))
        """
    )
    assert found == [False, False, True]


def test_markdown_inline_text_with_a_long_run_of_footnote_openings_is_read() -> None:
    found = guarded(
        """
        import json
        from claimaudit.library.markdown.inline import inline_text
        text = inline_text("Sparse solvers " + "[^" * 2_000_000 + " save memory.[^1]")
        print(json.dumps([text[:15], text[-13:], len(text)]))
        """
    )
    # The unclosed openings stay as text; the closed marker at the end goes.
    assert isinstance(found, list) and found[:2] == ["Sparse solvers ", " save memory."]
    assert found[2] > 2_000_000
