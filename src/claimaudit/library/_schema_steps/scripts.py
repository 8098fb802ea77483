"""Steps 10 to 16: how the search forms read the letters, marks and digits of other scripts;
then the steps since, each of its own kind (17: an index to find one passage by its id).

From step 10 the index keeps the combining marks inside a word (``CREATE_FTS``); each step since
reads more spellings alike, so it makes the search forms again where they change and the index
over them (``remade_search_forms``). The text and heading stay as read. A new step that changes
how the search forms are read goes at the end of ``STEPS`` here, made by the same function.
"""

from __future__ import annotations

from claimaudit.library._derived import CREATE_FTS, FTS_TRIGGERS, REBUILD_FTS
from claimaudit.library._schema_steps.common import REMAKE_SEARCH_FORMS, Migration, drop_index

# One passage of a paper by its id (``Library.passage_window``: ``GET
# /v1/library/{ref}/passages/{id}``, MCP ``library_passage``). Only UNIQUE (paper_id, seq)
# indexed the passages, so finding one read every row of its paper; ``seq`` last, so the first
# of a repeated id comes from the index too, unsorted.
CREATE_PASSAGE_ID_INDEX = (
    "CREATE INDEX IF NOT EXISTS passages_by_id ON passages(paper_id, passage_id, seq)"
)


def remade_search_forms(version: int, description: str) -> Migration:
    """A step that makes the search forms again where they change, and the index over them."""
    return Migration(
        version,
        description,
        (
            # The index and its triggers are dropped first (``drop_index``).
            *REMAKE_SEARCH_FORMS,
            CREATE_FTS,
            *FTS_TRIGGERS.values(),
            REBUILD_FTS,
        ),
        prepare=drop_index,
    )


STEPS: tuple[Migration, ...] = (
    remade_search_forms(
        10,
        "the search index reads a word with the combining marks inside it (Devanagari vowel "
        "signs and viramas) and the joiners inside an Indic word, and Arabic and Hebrew words "
        "without their vowel points",
        # unicode61 took every combining mark for a word break: "हिन्दी" was indexed as "ह",
        # "न", "द", and a search for it found every passage holding one of those letters. The
        # index is made again with the marks as word characters (``CREATE_FTS``); the harakat
        # of Arabic and the points of Hebrew, which most text leaves out, go from the search
        # forms, so "كتب" finds "كَتَبَ" and the other way round; so do the zero-width
        # (non-)joiners inside an Indic word ("ශ්‍රී"), which broke it. As in steps 7 to 9: the
        # search forms are made again where they change and the index over them; the text and
        # heading stay as read.
    ),
    remade_search_forms(
        11,
        "the search index reads a Persian word without the zero-width non-joiner between its "
        "pieces, a German sharp s as ss, Greek vowels without their dialytika and the Persian "
        "kaf and yeh as the Arabic ones",
        # "می‌شود" was indexed as "می" and "شود", so "میشود" (as often typed, without the
        # non-joiner) found nothing, nor did "می‌شود" find a paper writing "میشود". The search
        # forms now leave a (non-)joiner after an Arabic-script letter out, as a query is read
        # (``text.searchform.without_invisible``), and "ß" as "ss", so "MASSE" and "strasse" find
        # "Maße" and "Straße", and a Greek vowel without its dialytika, so "προιον" finds
        # "προϊόν", and the Persian kaf and yeh as the Arabic ones, so "كتاب" finds "کتاب"
        # (``text.searchform.plain_letters``); as in steps 9 and 10 they are made again
        # where they change and the index over them; the text and heading stay as read.
    ),
    remade_search_forms(
        12,
        "the search index reads a zero-width space as the word break it is",
        # Steps 7 to 11 left it out, joining the words on either side ("ภาษา\u200bไทย" one
        # word, "a\u200bb" one where the claim reads two), while the claim keeps it as a break
        # (``inputs.as_asked``); the search forms now read it as a space
        # (``text.searchform.without_invisible``), as a query is read. As in steps 9 to 11 they
        # are made again where they change and the index over them; the text and heading stay
        # as read.
    ),
    remade_search_forms(
        13,
        "the search index reads superscript digits after a digit as an exponent apart, and an "
        "Arabic alef with a hamza or madda as the bare alef, and the digits of other scripts as "
        "ASCII digits",
        # NFKC made "10⁵" the word "105", found by "105" and not by "10^5" (as a paper's LaTeX,
        # HTML or PDF exponent is stored), and "2019¹" (a note mark) no "2019"; the search
        # forms now write them "10^5" (``text.searchform.raised_apart``), as a query is read;
        # and an alef with a hamza or madda as the bare alef, so a word typed without its hamza
        # finds it, and the digits of other scripts as ASCII ones, so "2024" finds a year
        # written in Arabic-Indic or Devanagari digits (``text.searchform.plain_letters``).
        # As in steps 9 to 12 they are made again where they change and the index over them;
        # the text and heading stay as read.
    ),
    remade_search_forms(
        14,
        "the search index reads an Arabic alef maksura and teh marbuta as yeh and heh, a "
        "dotless i as i, and a Bengali khanda ta or Malayalam chillu as its consonant and virama",
        # Much Arabic writing puts "ى" for a final yeh and "ة" for a heh and the other way
        # round, so "مستشفى" found no "مستشفي"; "ISPARTA" found no "\u0131sparta" (a dotless
        # i); "উৎস" (khanda ta) no "উত্‍স", as it was written before Unicode 4.1, nor a
        # chillu ("ൻ") its older spelling. The search forms now read them alike
        # (``text.searchform.plain_letters``), as a query is read. As in steps 9 to 13 they
        # are made again where they change and the index over them; the text and heading stay
        # as read.
    ),
    remade_search_forms(
        15,
        "the search index reads the Urdu heh goal and yeh barree as the Arabic heh and yeh, "
        "a Hebrew acronym without its gershayim, a modifier letter apostrophe as the ASCII one, "
        "and the Latin letters ae, oe, l with a stroke, d with a stroke and h with a stroke as "
        "the plain ones",
        # A keyboard of Arabic layout types Urdu's heh goal and yeh barree (U+06C1, U+06D2) as
        # the Arabic heh and yeh, so an Urdu word typed so found none in a paper, nor the other
        # way round; a gershayim or geresh inside a Hebrew word ("צה״ל") broke it in two, so
        # "צהל" found no "צה״ל" (``text.hebrew.without_acronym_marks``); "м'ясо" found no
        # "мʼясо", its apostrophe a letter (U+02BC); "Lodz" found no "Łódź", the tokenizer
        # folding "ó" but keeping "ł". The search forms now read them
        # alike (``text.searchform.plain_letters``), as a query is read. As in steps 9 to 14
        # they are made again where they change and the index over them; the text and heading
        # stay as read.
    ),
    remade_search_forms(
        16,
        "the search index reads the Danish and Norwegian o with a stroke as o",
        # The tokenizer folds "ö" to "o" but keeps "ø", so "Soren" found no "Søren", nor
        # "Orsted" "Ørsted"; the search forms now read it as "o"
        # (``text.searchform.plain_letters``), as a query is read. As in steps 9 to 15.
    ),
    Migration(
        17,
        "an index of each paper's passages by their id, so that one passage is read alone",
        (CREATE_PASSAGE_ID_INDEX,),
        # Derived: nothing stored changes, and a library of any size gains it in one pass.
    ),
)
