from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest
import sentencex

from claimaudit.library.extract import extract
from claimaudit.text.segmenter import sentence_spans

PAPER = Path(__file__).resolve().parents[2] / "examples" / "papers" / "deep-rules_lee2022"


def _read(spans: list[tuple[int, int]], text: str) -> list[str]:
    """The pieces as the splitters read them: blanks trimmed, empty ones dropped."""
    return [piece for start, end in spans if (piece := text[start:end].strip())]


def _sentencex_alone(text: str) -> list[tuple[int, int]]:
    return [
        (int(b["start_index"]), int(b["end_index"]))
        for b in sentencex.get_sentence_boundaries("en", text)
    ]


@pytest.fixture(scope="module")
def paragraphs() -> list[str]:
    return [block.text for block in extract(PAPER).blocks]


def test_a_real_papers_paragraphs_split_as_sentencex_splits_them(paragraphs: list[str]) -> None:
    assert len(paragraphs) > 40
    for text in paragraphs:
        assert sentence_spans(text) == _sentencex_alone(text)


@pytest.mark.parametrize("separator", [" ", "\n\n"])
def test_a_real_paper_as_one_long_text_splits_window_by_window_as_it_does_whole(
    paragraphs: list[str], separator: str
) -> None:
    text = separator.join(paragraphs)
    assert len(text) > 40_000  # five windows and more
    assert _read(sentence_spans(text), text) == _read(_sentencex_alone(text), text)


def test_a_long_run_of_one_quote_mark_keeps_its_place_and_the_sentences_around_it() -> None:
    text = "Sparse solvers save memory. " + "\u201c" * 60 + " Skimage reads images."
    spans = sentence_spans(text)
    assert _read(spans, text) == [
        "Sparse solvers save memory.",
        "\u201c" * 60 + " Skimage reads images.",
    ]
    assert spans[-1][1] == len(text)


def test_a_short_run_of_quote_marks_is_left_to_sentencex() -> None:
    text = 'He said "' + "'" * 10 + '". Then left.'
    assert sentence_spans(text) == _sentencex_alone(text)


def test_a_sentence_longer_than_half_a_window_is_carried_on_whole() -> None:
    text = "Sparse solvers save memory. " + "word " * 5_000 + "end. Skimage reads images."
    assert _read(sentence_spans(text), text) == [
        "Sparse solvers save memory.",
        ("word " * 5_000 + "end.").strip(),
        "Skimage reads images.",
    ]


def test_a_long_word_is_carried_on_whole_and_the_pieces_cover_the_text() -> None:
    text = "Sparse solvers save memory. [" + "1" * 30_000 + "] Skimage reads images."
    spans = sentence_spans(text)
    assert spans[0][0] == 0 and spans[-1][1] == len(text)
    assert all(a[1] == b[0] for a, b in pairwise(spans))
    assert _read(spans, text) == _read(_sentencex_alone(text), text)


@pytest.mark.parametrize(
    "address",
    [
        "https://groups.google.com/forum/?&fromgroups",
        "http://example.org/Is-it?!yes",
        "HTTPS://x.org/a.b?c=1!d",
        "www.example.org/faq?id=3",
    ],
)
def test_a_web_address_is_never_split_and_the_stop_after_it_still_ends_a_sentence(
    address: str,
) -> None:
    text = f"Questions go to {address}. Then SciPy has sparse matrices."
    first = text.index(". Then") + 2
    assert _read(sentence_spans(text), text) == [
        text[:first].strip(),
        "Then SciPy has sparse matrices.",
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Alpha is a < b here. Beta holds. Gamma is e > f here.",
        "Alpha is a < b here. Beta holds. Gamma holds (n = 3).",
        "Alpha has C <- D here. Beta holds. Gamma maps A -> B here.",
    ],
)
def test_relations_and_arrows_are_no_brackets_around_sentences(text: str) -> None:
    # QA: sentencex paired "<" with a later ">" or ")" and read the three sentences as one.
    assert len(_read(sentence_spans(text), text)) == 3


def test_an_address_in_angle_brackets_is_never_split() -> None:
    text = "Questions go to <https://x.org/forum/?&a>. Then SciPy has sparse matrices."
    assert _read(sentence_spans(text), text) == [
        "Questions go to <https://x.org/forum/?&a>.",
        "Then SciPy has sparse matrices.",
    ]


def test_the_mark_of_an_html_comment_ends_no_sentence() -> None:
    text = "<!-- unclosed, so text. Next one."
    assert _read(sentence_spans(text), text) == ["<!-- unclosed, so text.", "Next one."]
