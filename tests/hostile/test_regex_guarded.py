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
