"""Where an annotation line may go after a LaTeX sentence: never inside a brace group or a
verbatim environment opened after the sentence."""

from __future__ import annotations

import pytest

from claimaudit.review.latex.insert import annotation_offset

SENTENCE = "A claim \\cite{x}."


@pytest.mark.parametrize(
    ("after", "where"),
    [
        ("\nNext line.\n", "\nNext line.\n"),  # the end of the sentence's own line
        ("\\footnote{A note\n  over two lines.}\nNext.\n", "\nNext.\n"),
        ("\\footnote{One {nested\n} group\n}% end\nNext.\n", "\nNext.\n"),
        (" Listing: \\begin{verbatim}\nx = {\n\\end{verbatim}\nNext.\n", "\nNext.\n"),
        (" \\begin{lstlisting}\n}\n\\end{lstlisting} tail\nNext.\n", "\nNext.\n"),
        (" \\verb|{| stays one line\nNext.\n", "\nNext.\n"),
        (" \\{ escaped, \\\\ then % a comment {\nNext.\n", "\nNext.\n"),
        ("}\nNext.\n", "\nNext.\n"),  # the sentence's own group closing: no waiting
        (" no newline at all", ""),
    ],
)
def test_the_annotation_goes_after_what_opened_after_the_sentence(after: str, where: str) -> None:
    text = "Before.\n" + SENTENCE + after
    offset = annotation_offset(text, 8, 8 + len(SENTENCE))
    # What follows the insertion point is everything from the first line after the opened
    # group or environment on.
    assert text[offset:] == where.removeprefix("\n")


def test_a_group_never_closed_keeps_the_sentences_own_line() -> None:
    text = SENTENCE + "\\footnote{never closed\nmore\n"
    assert text[annotation_offset(text, 0, len(SENTENCE)) :] == "more\n"
    unclosed = SENTENCE + " \\begin{verbatim}\nx\n"
    assert unclosed[annotation_offset(unclosed, 0, len(SENTENCE)) :] == "x\n"


def test_a_sentence_ending_with_its_newline_is_annotated_right_after_it() -> None:
    text = SENTENCE + "\nNext.\n"
    assert annotation_offset(text, 0, len(SENTENCE) + 1) == len(SENTENCE) + 1


@pytest.mark.parametrize(
    ("after", "where"),
    [
        (" Then $o =\n\\frac{i}{s}$ holds.\nNext.\n", "Next.\n"),
        (" Then $$o =\n\\frac{i}{s}$$ holds.\nNext.\n", "Next.\n"),
        (" We have \\[\n o = 1\n\\] here.\nNext.\n", "Next.\n"),
        (" We have \\(o =\n 1\\) here.\nNext.\n", "Next.\n"),
        (" \\begin{align}\nx &= 1\n\\end{align}\nNext.\n", "Next.\n"),
        (" \\begin{equation*}\nx = 1\n\\end{equation*} after\nNext.\n", "Next.\n"),
        (" It costs \\$5 and\nNext.\n", "Next.\n"),  # an escaped dollar sign opens nothing
        (" A line break \\\\[2pt]\nNext.\n", "Next.\n"),  # no display mathematics
    ],
)
def test_the_annotation_never_goes_inside_mathematics(after: str, where: str) -> None:
    text = SENTENCE + after
    assert text[annotation_offset(text, 0, len(SENTENCE)) :] == where
