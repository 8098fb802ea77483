"""What ``library search`` asks FTS5 for: the words of a user's query, never its syntax."""

from __future__ import annotations

import pytest

from claimaudit.library.search_words import MAX_SEARCH_TERMS, NoSearchWordsError, search_words


def test_words_past_the_cap_are_named_not_dropped_silently() -> None:
    words = [f"w{i}" for i in range(MAX_SEARCH_TERMS + 3)]
    found = search_words(" ".join([*words, "w0"]))
    assert found.left_out == tuple(words[MAX_SEARCH_TERMS:])
    assert f'"w{MAX_SEARCH_TERMS - 1}"' in found.match
    assert f'"w{MAX_SEARCH_TERMS}"' not in found.match.split(" OR ")
    # The cap is well past the 64 words that were searched for before.
    assert MAX_SEARCH_TERMS > 64 and search_words(" ".join(words[:100])).left_out == ()


def test_a_capital_stop_word_after_a_word_is_kept_in_a_phrase() -> None:
    assert search_words("vitamin A supplementation").match == (
        '"vitamin a" OR "a supplementation" OR "vitamin" OR "supplementation"'
    )
    # At the start "A" is the article; "WHO" in capitals is a name, searched for alone too.
    assert search_words("A vitamin").match == '"vitamin"'
    assert search_words("WHO guidelines").match == ('"who guidelines" OR "who" OR "guidelines"')
    # Operators in capitals are not words the user means.
    assert search_words("cats AND dogs").match == '"cats" OR "dogs"'


def test_a_dropped_stop_word_breaks_the_phrase_around_it() -> None:
    assert search_words("effect of vitamin").match == '"effect" OR "vitamin"'


def test_a_decimal_number_is_one_phrase_of_its_digit_groups() -> None:
    assert search_words("2.5").match == '"2 5"'
    assert search_words("1,000 rpm").match == '"1 000 rpm" OR "1 000" OR "rpm"'


def test_decimal_numbers_are_given_apart_with_the_expression_of_the_other_words() -> None:
    found = search_words("1,000 rpm at 2.5 \uff13.\uff10")
    assert found.numbers == ("1,000", "2.5", "3.0")
    # Neither a number nor a phrase holding one.
    assert found.plain_match == '"rpm"'
    assert search_words("2.5").plain_match is None
    plain = search_words("rpm")
    assert (plain.numbers, plain.plain_match) == ((), plain.match)


def test_the_normal_form_and_the_typed_form_are_both_searched_for() -> None:
    assert search_words("\ufb01eld").match == '"field" OR "\ufb01eld"'
    # And "x²" as the index reads "x^2" (``search_raised``).
    assert search_words("x\u00b2").match == '"x2" OR "x\u00b2" OR "x 2"'


@pytest.mark.parametrize("query", ["*", '"', "the of and", "A", "NOT"])
def test_no_word_to_search_for_is_an_error(query: str) -> None:
    with pytest.raises(NoSearchWordsError, match=r"^no word to search for in "):
        search_words(query)


@pytest.mark.parametrize("query", ["", "   "])
def test_an_empty_query_is_said_to_be_empty(query: str) -> None:
    # Not "in ''": the words every surface (API, MCP, command line) refuses it with.
    with pytest.raises(NoSearchWordsError) as caught:
        search_words(query)
    assert str(caught.value) == "no word to search for: the query is empty"


def test_fts_syntax_is_quoted_as_words() -> None:
    assert search_words('NEAR(x y) "z"*').match == (
        '"near x" OR "x y" OR "y z" OR "near" OR "x" OR "y" OR "z"'
    )


def test_cjk_runs_are_also_searched_for_by_their_character_pairs() -> None:
    found = search_words("深度学习 and 学习 x")
    assert found.cjk_grams == ("深度", "度学", "学习")
    assert search_words("中 text").cjk_grams == ("中",)
    assert search_words("plain words").cjk_grams == ()


def test_greek_and_russian_words_are_also_searched_for_in_their_other_spellings() -> None:
    assert search_words("ασκηση").match == '"ασκηση" OR "άσκηση" OR "ασκήση" OR "ασκησή"'
    assert search_words("ёжики").match == '"ёжики" OR "ежики"'
    assert search_words("café").match == '"café"'


def test_words_to_look_for_inside_cjk_text_are_normal_and_lower_case() -> None:
    # Typed full-width or in capitals, each once; stop words are not among them.
    typed = "\uff11\uff12\uff10\uff10\uff10 \uff23\uff34 CT of Über"
    assert search_words(typed).inner_words == ("12000", "ct", "über")


def test_a_word_left_out_is_named_once_whatever_form_it_was_typed_in() -> None:
    words = [f"w{i}" for i in range(MAX_SEARCH_TERMS)]
    found = search_words(" ".join([*words, "\uff58\uff59"]))  # full-width "xy"
    assert found.left_out == ("xy",)
    assert '"\uff58\uff59"' not in found.match


def test_every_word_searched_for_is_also_looked_for_inside_cjk_text() -> None:
    words = [f"w{i}" for i in range(100)]
    assert search_words(" ".join(words)).inner_words == tuple(words)


def test_invisible_characters_inside_a_query_word_do_not_split_it() -> None:
    """A word pasted with a soft hyphen or word joiner in it ("con\u00adtrol") was searched
    for as two words, "con" and "trol", as the index read the stored text."""
    assert (
        search_words("pla\u2060cebo con\u00adtrol").match == search_words("placebo control").match
    )


def test_a_zero_width_space_in_a_query_parts_two_words() -> None:
    # QA: left out, it joined the words around it, as the claim never does (``inputs``): the
    # invisible word break of Thai or Chinese text is a break to the search too.
    assert search_words("sparse\u200bmatrices").match == search_words("sparse matrices").match


def test_a_word_with_combining_marks_is_one_term_not_its_letters() -> None:
    # "हिन्दी" was searched for as "ह" OR "न" OR "द", which found every passage with one.
    assert search_words("हिन्दी").match == '"हिन्दी"'
    assert search_words("தமிழ் மொழி").match == '"தமிழ் மொழி" OR "தமிழ்" OR "மொழி"'


def test_an_arabic_word_is_searched_for_without_its_vowel_points() -> None:
    # Then in its spellings with the article (``search_article``).
    assert search_words("كَتَبَ").match == search_words("كتب").match
    assert search_words("كتب").match.startswith('"كتب" OR "الكتب"')


# Twenty Greek words typed without their tonos: 64 other spellings run out at the 14th.
GREEK_WORDS = (
    "αεροπορια βιβλιοθηκη γεωγραφια δημοκρατια εκκλησια θαλασσα ιστορια καθηγητης "
    "λογοτεχνια μαθηματικα νοσοκομειο οικογενεια παιδια ραδιοφωνο σχολειο τηλεοραση "
    "υπολογιστης φιλοσοφια χημεια ψυχολογια"
)


def test_words_whose_other_spellings_the_cap_cut_are_named() -> None:
    # QA: "ασκηση" as a query's 21st Greek word was searched for as typed only, never as
    # "άσκηση", and leftOut said nothing of it.
    found = search_words(f"{GREEK_WORDS} ασκηση")
    assert '"άσκηση"' not in found.match
    cut = ("ραδιοφωνο", "σχολειο", "τηλεοραση", "υπολογιστης", "φιλοσοφια", "χημεια")
    assert found.spellings_left_out == (*cut, "ψυχολογια", "ασκηση")
    assert found.left_out == found.spellings_left_out
    # Each word named lacks one spelling at least.
    assert '"ψυχολογία"' not in found.match and '"ψυχολογια"' in found.match
    # The words before them are searched for in every spelling, and not named.
    assert '"παιδιά"' in found.match and "παιδια" not in found.left_out
    assert search_words("ασκηση ёжики").left_out == ()


def test_a_long_greek_word_past_its_own_cap_of_spellings_is_named() -> None:
    found = search_words("αεηιουωαεηιουω")
    assert found.spellings_left_out == found.left_out == ("αεηιουωαεηιουω",)


def test_spellings_left_out_come_after_words_left_out_and_say_their_own_reason() -> None:
    words = " ".join(f"w{i}" for i in range(MAX_SEARCH_TERMS - 21))
    found = search_words(f"{GREEK_WORDS} ασκηση {words} extra1 extra2")
    assert found.left_out[-2:] == ("ψυχολογια", "ασκηση")
    assert found.left_out[:2] == ("extra1", "extra2")
    assert found.left_out_reason() == f"the query has more than {MAX_SEARCH_TERMS} distinct words"


def test_a_persian_word_is_one_word_with_or_without_its_non_joiner() -> None:
    # QA: "می‌شود" (a zero-width non-joiner between its pieces) was searched for as "می" and
    # "شود", and "میشود" as one word, while the index held the pieces: neither found the other.
    joined = "\u0645\u06cc\u0634\u0648\u062f"
    parted = "\u0645\u06cc\u200c\u0634\u0648\u062f"
    indexed = "\u0645\u064a\u0634\u0648\u062f"  # the yeh as the Arabic one: see below
    assert search_words(parted).match == search_words(joined).match
    assert search_words(joined).match.startswith(f'"{indexed}" OR ')


def test_a_sharp_s_is_searched_for_as_the_ss_its_capitals_write() -> None:
    # QA: "MASSE" (the capitals of "Maße") and "strasse" (Swiss spelling) found no "Maße" or
    # "Straße": the index kept the "ß". Both now read it as "ss".
    assert search_words("MASSE").match == search_words("Maße").match == '"masse"'
    assert search_words("STRA\u1e9eE").match == '"strasse"'


def test_a_greek_vowel_is_searched_for_without_its_dialytika() -> None:
    # QA: "προιον", typed without accents, found no "προϊόν": the tonos was looked for in each
    # spelling, the dialytika not at all. The index and the query now read it without.
    plain = search_words("\u03c0\u03c1\u03bf\u03b9\u03bf\u03bd").match  # "προιον"
    assert '"\u03c0\u03c1\u03bf\u03b9\u03cc\u03bd"' in plain  # "προιόν", as indexed
    marked = search_words("\u03c0\u03c1\u03bf\u03ca\u03cc\u03bd").match  # "προϊόν"
    assert marked.startswith('"\u03c0\u03c1\u03bf\u03b9\u03cc\u03bd"')


def test_a_persian_kaf_or_yeh_is_searched_for_as_the_arabic_one() -> None:
    # QA: "كتاب" typed on a keyboard of Arabic layout (Arabic kaf) found no "کتاب" (Persian
    # kaf), nor "يادگيري" "یادگیری": to a reader the same words. Both read the Arabic letters.
    arabic = search_words("\u0643\u062a\u0627\u0628 \u064a\u0627\u062f").match
    assert search_words("\u06a9\u062a\u0627\u0628 \u06cc\u0627\u062f").match == arabic


def test_a_superscript_after_a_digit_is_searched_for_as_an_exponent() -> None:
    # QA: "10⁵" was searched for as "105", which a passage on batch 105 holds.
    assert search_words("10\u2075").match == search_words("10^5").match == '"10 5" OR "10" OR "5"'
