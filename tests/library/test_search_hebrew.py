"""Hebrew words searched for with a one-letter word written onto them."""

from __future__ import annotations

from claimaudit.identity import parse_ref
from claimaudit.library.models import NewPaper
from claimaudit.library.search_hebrew import prefixed_forms, stacked_forms
from claimaudit.library.search_words import search_words
from claimaudit.library.store import Library
from claimaudit.passage import Passage
from claimaudit.text.hebrew import unprefixed_forms
from claimaudit.text.hebrew_words import WHOLE_WORDS

TEXTS = ["המחקר הראה תוצאות טובות", "במחקר אחר נמצא", "מזג האוויר נאה", "The weather is fine."]


def test_a_hebrew_word_finds_it_with_a_prefix_written_onto_it(library: Library) -> None:
    # QA: "מחקר" (research) found no "המחקר" (the research) nor "במחקר" (in research): each
    # spelling is a word of its own to the index.
    passages = [Passage(f"P{i:03d}", t, "Intro") for i, t in enumerate(TEXTS, start=1)]
    library.add_paper(NewPaper(parse_ref("local:he"), "T", passages, "local:he"))
    assert {h.passage_id for h in library.search("מחקר")} == {"P001", "P002"}
    assert [h.passage_id for h in library.search("תוצאות")] == ["P001"]


def test_a_short_word_has_no_prefixed_spellings() -> None:
    # "לך" (go) with "ה" before it is "הלך" (walked), another word.
    assert prefixed_forms("לך") == () and prefixed_forms("word") == ()
    assert prefixed_forms("ספר")[:3] == ("הספר", "בספר", "לספר")


def test_a_hebrew_word_typed_with_a_prefix_finds_it_without(library: Library) -> None:
    # QA: "המחקר" (the research) found no "מחקר": a query's word was looked for with
    # prefixes written onto it, never without the one it was typed with.
    texts = ["מחקר חדש נעשה", "המחקר הראה", "מזג האוויר נאה"]
    passages = [Passage(f"P{i:03d}", t, "Intro") for i, t in enumerate(texts, start=1)]
    library.add_paper(NewPaper(parse_ref("local:he"), "T", passages, "local:he"))
    assert {h.passage_id for h in library.search("המחקר")} == {"P001", "P002"}
    # "and the": both prefixes read past.
    assert {h.passage_id for h in library.search("והמחקר")} == {"P001", "P002"}
    assert [h.passage_id for h in library.search("האוויר")] == ["P003"]


def test_a_hebrew_word_is_looked_for_in_all_its_spellings_unnamed() -> None:
    # With eight prefixes and two read past, a word's spellings fit its own cap: none is named.
    words = search_words("והמחקר")
    assert words.spellings_left_out == () and words.left_out == ()
    assert '"מחקר"' in words.match and '"כוהמחקר"' in words.match


def test_a_hebrew_acronym_is_found_however_its_gershayim_is_written(library: Library) -> None:
    # QA: "צה״ל" (gershayim), 'צה"ל' (ASCII quote) and "צהל" found one another nowhere: the
    # mark broke the word in two for the index; so a geresh and the apostrophe typed for it.
    idf = "\u05e6\u05d4\u05dc"
    texts = [
        f"{idf[:2]}\u05f4{idf[2]} \u05e4\u05e8\u05e1\u05dd",
        f'{idf[:2]}"{idf[2]} \u05e9\u05dc\u05d7',
        f"\u05d1{idf} \u05e9\u05d9\u05e8\u05ea",  # with a prefix: "in the IDF"
        "\u05d2\u05f3\u05d9\u05e8\u05e4\u05d4 \u05e6\u05d4\u05d5\u05d1\u05d4",  # geresh
        "\u05e6\u05d4 \u05dc",  # the two pieces alone are no acronym
    ]
    passages = [Passage(f"P{i:03d}", t, "Intro") for i, t in enumerate(texts, start=1)]
    library.add_paper(NewPaper(parse_ref("local:he"), "T", passages, "local:he"))
    expected = {"P001", "P002", "P003"}
    for query in (idf, f"{idf[:2]}\u05f4{idf[2]}", f'{idf[:2]}"{idf[2]}', f"{idf[:2]}'{idf[2]}"):
        assert {h.passage_id for h in library.search(query)} == expected, ascii(query)
    giraffe = "\u05d2'\u05d9\u05e8\u05e4\u05d4"
    assert [h.passage_id for h in library.search(giraffe)] == ["P004"]


def test_a_hebrew_word_typed_with_one_prefix_finds_it_with_another(library: Library) -> None:
    # QA: "והבית" (and the house) found no "בבית" (in the house) nor "לבית": a query's word
    # was looked for without its prefix and with one more, never with another, though the
    # rankers match the two by their shared stem "בית".
    texts = ["בבית הספר", "לבית החולים", "מזג האוויר נאה", "ביתן קטן"]
    passages = [Passage(f"P{i:03d}", t, "Intro") for i, t in enumerate(texts, start=1)]
    library.add_paper(NewPaper(parse_ref("local:he"), "T", passages, "local:he"))
    assert {h.passage_id for h in library.search("והבית")} == {"P001", "P002"}
    assert {h.passage_id for h in library.search("בבית")} == {"P001", "P002"}
    assert {h.passage_id for h in library.search("לבית")} == {"P001", "P002"}


def test_a_short_stem_is_never_read_so_no_short_words_collide(library: Library) -> None:
    # "הלך" (walked) is no "ה" + "לך" (go): "והלך" (and walked) finds "הלך" and "שהלך", never
    # "לך", "בלך" nor "ולך"; a word of two letters has no other spellings at all.
    texts = ["הוא הלך הביתה", "אמר שהלך", "לך הביתה", "בלך ולך"]
    passages = [Passage(f"P{i:03d}", t, "Intro") for i, t in enumerate(texts, start=1)]
    library.add_paper(NewPaper(parse_ref("local:he"), "T", passages, "local:he"))
    assert {h.passage_id for h in library.search("והלך")} == {"P001", "P002"}
    assert {h.passage_id for h in library.search("ולך")} == {"P004"}
    assert "לך" not in prefixed_forms("והלך") and "בלך" not in prefixed_forms("והלך")


def test_a_long_hebrew_query_keeps_every_words_first_spellings() -> None:
    # Each word's stems with another prefix come after every word's first spellings: taken
    # word by word, they left the later words of six without even their stems ("דוח").
    words = search_words("והבית והספר והמחקר והאוויר והעולם והדוח")
    for stem in ("בית", "ספר", "מחקר", "אוויר", "עולם", "דוח"):
        assert f'"{stem}"' in words.match, stem
    assert '"בבית"' in words.match  # the first word's stem with another prefix, in the room left
    assert "והדוח" in words.spellings_left_out  # named: searched for in some of its spellings
    assert search_words("והבית").spellings_left_out == ()


def test_a_hebrew_word_typed_with_two_prefixes_finds_its_stem(library: Library) -> None:
    # QA: "ובבית" (and in the house) found no "בית" nor "הבית": one prefix was read past,
    # never two, though the rankers read both words as "בית".
    texts = ["בית גדול", "הבית יפה", "ובבית שקט", "ביתן קטן", "מזג האוויר נאה"]
    passages = [Passage(f"P{i:03d}", t, "Intro") for i, t in enumerate(texts, start=1)]
    library.add_paper(NewPaper(parse_ref("local:he"), "T", passages, "local:he"))
    assert {h.passage_id for h in library.search("ובבית")} == {"P001", "P002", "P003"}
    assert {h.passage_id for h in library.search("שבבית")} == {"P001", "P002", "P003"}
    words = search_words("ובבית")
    assert words.spellings_left_out == () and words.left_out == ()


# Eleven words, six typed with a prefix: more spellings than the 64 the query may add.
LONG_QUERY = "המחקר הראה תוצאות טובות בבית החולים לגבי מחלות כרוניות וטיפול תרופתי"


def test_a_long_hebrew_query_shares_its_spellings_among_its_words(library: Library) -> None:
    # QA: the first words took all 64 spellings, word by word, so the tenth, "וטיפול" (and
    # treatment), was never looked for as "טיפול", nor the last, "תרופתי", as "התרופתי".
    words = search_words(LONG_QUERY)
    for form in ("מחקר", "בית", "טיפול", "התרופתי", "בתרופתי", "הטובות", "לטובות"):
        assert f'"{form}"' in words.match, form
    assert "תרופתי" in words.spellings_left_out  # named: not in all its spellings
    texts = ["הטיפול התרופתי הצליח", "מזג האוויר נאה"]
    passages = [Passage(f"P{i:03d}", t, "Intro") for i, t in enumerate(texts, start=1)]
    library.add_paper(NewPaper(parse_ref("local:he"), "T", passages, "local:he"))
    assert [h.passage_id for h in library.search(LONG_QUERY)] == ["P001"]


def test_a_hebrew_word_finds_it_with_two_prefixes_stacked_onto_it(library: Library) -> None:
    # QA: "בית" (house) found no "ובבית" (and in the house) nor "מהבית" (from the house),
    # though the rankers read both as "בית": one prefix was written onto a word, never two.
    texts = ["ובבית שקט", "מהבית יצא", "ולבית חזר", "ביתן קטן", "מזג האוויר נאה"]
    passages = [Passage(f"P{i:03d}", t, "Intro") for i, t in enumerate(texts, start=1)]
    library.add_paper(NewPaper(parse_ref("local:he"), "T", passages, "local:he"))
    for query in ("בית", "הבית", "והבית"):
        assert {h.passage_id for h in library.search(query)} == {"P001", "P002", "P003"}, query
    assert search_words("בית").spellings_left_out == ()


def test_two_prefixes_are_stacked_onto_the_plain_stem_as_hebrew_writes_them() -> None:
    # Onto "בית" whatever prefix the word was typed with; "ב", "ל", "כ" and "ה" never onto a
    # stem beginning with "ה" (they swallow it), and a short word keeps none.
    assert stacked_forms("בית")[:4] == ("ובבית", "ולבית", "ומבית", "מהבית")
    assert "ובבית" in stacked_forms("והבית") and "ובהלך" not in stacked_forms("הלך")
    assert stacked_forms("לך") == () and stacked_forms("word") == ()


def test_a_hebrew_word_is_never_searched_for_as_another_common_word(library: Library) -> None:
    # QA: "ושלום" (and peace) was searched for as "וכלום" (and nothing) too: "שלום" was read
    # as "ש" + "לום", and "לום" with "כ" written onto it is "כלום".
    texts = ["אין וכלום שם", "השלום חשוב", "מזג האוויר נאה"]
    passages = [Passage(f"P{i:03d}", t, "Intro") for i, t in enumerate(texts, start=1)]
    library.add_paper(NewPaper(parse_ref("local:he"), "T", passages, "local:he"))
    assert {h.passage_id for h in library.search("ושלום")} == {"P002"}


def test_no_common_hebrew_word_collides_with_another_in_search() -> None:
    # Each listed word, typed plain, with a prefix, or stripped of its first letter, is never
    # looked for as another listed word, alone or with a prefix written onto it.
    vav = "\u05d5"
    for word in sorted(WHOLE_WORDS):
        for query in (word, vav + word, vav + "\u05d4" + word, word[1:]):
            readings = {word, query, *unprefixed_forms(query)}
            others = WHOLE_WORDS - readings
            terms = set(search_words(query).match.replace('"', "").split(" OR ")) - readings
            spelled = {t for t in terms if t in others or t[1:] in others}
            assert not spelled, (query, sorted(spelled))


def test_a_long_hebrew_query_gives_its_room_to_the_spellings_the_library_holds(
    library: Library,
) -> None:
    # QA: the 64 spellings went to forms no paper holds ("ההמחקר", "שמהמחקר"), and every word
    # of a long query was named as searched for in only some of its spellings. Searched in
    # a library, a spelling no passage holds takes no room, and a word is named only where
    # one the library holds was left out.
    texts = ["הטיפול התרופתי הצליח", "ובבית החולים שקט", "מזג האוויר נאה"]
    passages = [Passage(f"P{i:03d}", t, "Intro") for i, t in enumerate(texts, start=1)]
    library.add_paper(NewPaper(parse_ref("local:he"), "T", passages, "local:he"))
    words = library.searched_words(LONG_QUERY)
    assert words.spellings_left_out == () and words.left_out == ()
    for form in ("הטיפול", "ובבית"):
        assert f'"{form}"' in words.match, form
    assert '"ההמחקר"' not in words.match
    assert {h.passage_id for h in library.search(LONG_QUERY)} == {"P001", "P002"}
    # Held everywhere, the spellings are cut as before, and named.
    every = search_words(LONG_QUERY, held=lambda form: True)
    assert every.spellings_left_out == search_words(LONG_QUERY).spellings_left_out != ()
