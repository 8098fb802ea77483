"""Which claims have a word to check (``claimaudit.text.claimwords``)."""

from __future__ import annotations

import pytest

from claimaudit.text.claimwords import content_words, has_content_words
from claimaudit.text.stopwords import ENGLISH_STOP_WORDS
from tests.claim_words import ACCEPTED_CLAIMS, REFUSED_CLAIMS


@pytest.mark.parametrize("claim", REFUSED_CLAIMS)
def test_a_claim_without_a_content_word_has_none(claim: str) -> None:
    assert content_words(claim) == []
    assert not has_content_words(claim)


@pytest.mark.parametrize("claim", ACCEPTED_CLAIMS)
def test_a_real_claim_has_a_content_word(claim: str) -> None:
    assert has_content_words(claim)


@pytest.mark.parametrize(
    ("claim", "words"),
    [
        ("p53 regulates apoptosis.", ["regulates", "apoptosis"]),
        ("COVID-19 vaccines work.", ["COVID", "vaccines", "work"]),
        ("Vaccines work (Smith et al., 2021; Lee 2020).", ["Vaccines", "work"]),
        ("Dose 10 mg, see Fig. 2 and https://x.org/a.", ["Dose"]),
        ("吸烟有害健康", ["吸烟有害健康"]),
        ("mRNA 疫苗と癌, 2017; 一", ["mRNA", "疫苗と癌"]),
    ],
)
def test_citations_numbers_and_stop_words_are_left_out(claim: str, words: list[str]) -> None:
    assert content_words(claim) == words


@pytest.mark.parametrize(
    ("claim", "words"),
    [
        ("चीनी मीठी है", ["चीनी", "मीठी"]),  # Hindi, "sugar is sweet": vowel signs are marks
        ("हिन्दी में", ["हिन्दी"]),  # a virama inside the word
        ("ကျောင်း", ["ကျောင်း"]),  # Burmese, "school"
        ("ক্যান্সার কমে", ["ক্যান্সার", "কমে"]),  # Bengali
        ("e\u0301te\u0301 chaud", ["e\u0301te\u0301", "chaud"]),  # accents typed decomposed
        ("\u0301\u0301 x", []),  # marks on nothing are no word
    ],
)
def test_a_word_holding_combining_marks_is_one_word(claim: str, words: list[str]) -> None:
    """A word was split at each combining mark (``[^\\W_]+``): a Hindi or Burmese claim whose
    words were split into single letters was refused as having no words to check."""
    assert content_words(claim) == words


def test_the_stop_list_holds_function_words_not_content_words() -> None:
    assert {"also", "however", "very", "the", "whereas", "don"} <= ENGLISH_STOP_WORDS
    assert not {"aspirin", "fast", "fever", "reduces", "work"} & ENGLISH_STOP_WORDS
