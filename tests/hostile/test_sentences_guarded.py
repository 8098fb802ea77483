"""Paragraphs on which the sentence splitter (``sentencex``) was quadratic: each now splits.

80,000 backticks in one paragraph took sentencex about 2 s and 800,000 about 4 minutes; 400,000
``!-`` (800 KB) about 3 minutes, 300,000 unclosed "“a " about as long. ``claimaudit.text.segmenter``
bounds what it sees; each call runs in a child process with the hang guard of
``test_regex_guarded`` (a guard, not a timing assertion: these take a few seconds).
"""

from __future__ import annotations

from tests.hostile.test_regex_guarded import guarded


def test_a_draft_paragraph_with_a_long_run_of_backticks_keeps_its_sentences() -> None:
    found = guarded(
        """
        import json
        from claimaudit.review.sentences import split_block
        text = "Sparse solvers save memory. " + "`" * 800_000 + " Skimage reads images."
        print(json.dumps(split_block(text)))
        """
    )
    # The run closes nothing, so it goes back to the sentence before it, as a closing mark does.
    assert found == [[0, 800_028], [800_029, 800_050]]


def test_a_draft_paragraph_of_exclamation_hyphens_is_split() -> None:
    found = guarded(
        """
        import json
        from claimaudit.review.sentences import split_block
        spans = split_block("Sparse solvers save memory. " + "!-" * 400_000 + " Skimage reads.")
        print(json.dumps([spans[:2], spans[-1], len(spans)]))
        """
    )
    # Each "!" ends a piece, as sentencex reads a short run of them; a piece of punctuation
    # alone is the stop of the sentence before it, so the run goes back to the first sentence
    # (in linear time: asking first whether that sentence continues was quadratic); the last
    # "-" opens the last sentence.
    assert found == [[[0, 800_027], [800_027, 800_043]], [800_027, 800_043], 2]


def test_a_long_paper_paragraph_of_unclosed_quotes_is_cut_into_passages() -> None:
    found = guarded(
        """
        import json
        from claimaudit.library.passages import split_paragraph
        text = "Sparse solvers save memory. " + "\\u201ca " * 300_000 + "Skimage reads images."
        pieces = split_paragraph(text, 1200)
        print(json.dumps([pieces[0][:27], pieces[-1][-21:], max(map(len, pieces)), len(text)]))
        """
    )
    first, last, longest, length = found  # type: ignore[misc]
    assert (first, last) == ("Sparse solvers save memory.", "Skimage reads images.")
    assert longest <= 4 * 1200 and length == 900_049
