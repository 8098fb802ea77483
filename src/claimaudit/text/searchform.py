"""Text as the library's search index reads it (``search_form``), and as the rankers read a
claim and its passages (``checker.selection``, ``judges.local.preselect``): NFKC-normalised,
so a word held as a ligature ("ﬁnding"), in full-width letters or digits or with superscripts
is the word as typed ("finding", "CT", "2024"); without the invisible characters that may sit
inside a word, a zero-width space a space (``without_invisible``); without the vowel points of
Arabic and Hebrew (``text.wordchars.without_points``) and a gershayim or geresh inside a Hebrew
word ("צה״ל" as "צהל", ``text.hebrew.without_acronym_marks``); with "ß" as "ss", Greek
vowels without their dialytika and the Persian kaf and yeh as the Arabic ones
(``plain_letters``); and with the capitals SQLite's tokenizer cannot fold in lower case
(``_unfolded``).

One function for both: the rankers read text their own way before, so a claim and a passage
that matched in ``library search`` ("میشود" and "می‌شود", "كتاب" and "کتاب") ranked apart.
"""

from __future__ import annotations

import re
import sqlite3
import unicodedata
from functools import cache

from claimaudit.text.hebrew import without_acronym_marks
from claimaudit.text.unspaced import unspaced_as_pairs
from claimaudit.text.wordchars import (
    class_ranges,
    has_astral,
    unspaced_marks_as_breaks,
    without_indic_joiners,
    without_points,
)

# Below U+0370 every capital is older than Unicode 6.1, whose case table FTS5's unicode61
# tokenizer folds with; past U+1F000 no character has a lower-case form.
_PROBED = range(0x370, 0x1F000)


# Invisible characters that join or break nothing a reader sees: a soft hyphen, a word joiner,
# a BOM or a combining grapheme joiner inside "con\u00adtrol" split it in two for the
# tokenizer, so "control" was not found. Zero-width (non-)joiners go inside a word of an Indic
# script, where they only choose how a conjunct is drawn
# (``text.wordchars.without_indic_joiners``), and after an Arabic-script letter (below).
_INVISIBLE = re.compile("[\u00ad\u034f\u2060\ufeff]")
# A zero-width space is the invisible word break of text written without spaces (Thai, Khmer,
# CJK), as a claim reads it (``inputs.as_asked``): a space. Left out, it joined the words on
# either side ("ภาษา\u200bไทย" was one word, a CJK run across it one run of pairs), so a
# claim and a passage read apart, and "a\u200bb", two words to the claim, was one to the rankers.
_ZERO_WIDTH_SPACE = "\u200b"
# A zero-width non-joiner (or joiner) after a letter of the Arabic script: Persian writes
# "می‌شود" with one between its pieces, and as often "میشود" without it. Kept,
# it broke the word for the index into "می" and "شود", so a query typed without it found
# nothing, and the other way round; gone, both read "میشود". Its pieces alone ("شود") no longer
# find the word: the one spelling the index cannot tell from the other is the joined one.
_ARABIC_JOINER = re.compile(
    "(?<=[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufefe])[\u200c\u200d]"
)


def without_invisible(text: str) -> str:
    """``text`` without the invisible characters that may sit inside a word (``_INVISIBLE``,
    and the joiners inside an Indic word or after an Arabic-script letter), each zero-width
    space a space (``_ZERO_WIDTH_SPACE``): a query is read so too."""
    text = without_indic_joiners(_INVISIBLE.sub("", text))
    if _ZERO_WIDTH_SPACE in text:
        text = text.replace(_ZERO_WIDTH_SPACE, " ")
    return _ARABIC_JOINER.sub("", text) if "\u200c" in text or "\u200d" in text else text


# Letters the tokenizer keeps that a reader takes for others. The German sharp s, small and
# capital: a word holding one is written in capitals with "SS" ("Maße", "MASSE"), and in
# Switzerland always so ("Strasse"), so "MASSE" and "strasse" found no "Maße" nor "Straße"; the
# index and a query read it as "ss", as Python's case folding does. The Greek dialytika ("ϊ",
# "ϋ", with a tonos "ΐ", "ΰ"), which typing without accents leaves out as it leaves the tonos
# ("προιον" for "προϊόν"): read without it; the tonos stays, looked for in each spelling
# (``library.search_accents``). The Persian kaf and yeh ("ک", "ی"), which a keyboard of Arabic
# layout types as the Arabic "ك" and "ي", the same letters to a reader: "كتاب" found no
# "کتاب"; both read as the Arabic ones. The alef with a hamza or madda ("أ", "إ", "آ", and the
# wasla "ٱ"), which most writing leaves as the bare alef: "اسلام" found no "إسلام", nor
# "احمد" "أحمد"; all read as the bare one. The Arabic alef maksura and teh marbuta, which much
# writing (Egypt's) puts for a final yeh and heh and the other way round ("مستشفى" and
# "مستشفي", "مدرسة" and "مدرسه"): read as yeh and heh, as search engines fold Arabic. The
# Turkish dotless i (U+0131), whose capital is "I": "ISPARTA" (lower-cased "isparta") found
# no "Isparta" written in lower case with it; read as "i", as the index reads "ş" as "s" and
# "İ" as "i". The Bengali khanda ta "ৎ" and the Malayalam chillus ("ൻ", "ർ"), each written
# before Unicode 4.1 and 5.1 as its consonant, a virama and a zero-width joiner (which an
# Indic word is read without, ``text.wordchars.without_indic_joiners``): "উৎস" found no
# "উত্‍স"; read as the consonant and the virama. The Urdu heh goal and yeh barree (U+06C1,
# U+06D2; with a hamza U+06C2, U+06D3), the Persian heh with yeh above (U+06C0) and the Urdu
# teh marbuta goal (U+06C3), which a keyboard of Arabic layout types as the Arabic heh and yeh:
# an Urdu word typed so found nothing; read as heh and yeh, as the Persian yeh is. Not the heh
# doachashmee (U+06BE), which Urdu keeps apart from the heh goal: "پھل" (fruit) is no "پہل"
# (a start). The modifier letter apostrophe and turned comma (U+02BC, U+02BB), which Ukrainian
# ("мʼясо", meat), Uzbek and Hawaiian write as a letter, and which is as often typed as the
# ASCII apostrophe or a curly one (U+2019), each a word break to the tokenizer: "м'ясо" found
# no "мʼясо", nor the other way round; read as the ASCII one. The Latin letters the tokenizer
# keeps that English and a keyboard without them write as plain ones: the ligatures "æ" and "œ"
# ("encyclopædia", "œdema", as often "ae" and "oe"), the Polish "ł" ("Wrocław", "Wroclaw"),
# the Vietnamese and Croatian "đ" ("Đà Nẵng", "Da Nang"), the Maltese "ħ" and the Danish and
# Norwegian "ø" ("Søren", "Soren"): the tokenizer folds "ó", "ẵ" and "ö" to their plain
# letters, but these not, so "Lodz" found no "Łódź", nor "Soren" "Søren"; read as "ae", "oe",
# "l", "d", "h" and "o", as the tokenizer reads "ö". "ø" is written "oe" too ("Soeren"), as "ö"
# is: ``library search`` looks such a word up without its "e" (``library.search_umlauts``).
_PLAIN = {
    "\u00e6": "ae",
    "\u00c6": "AE",
    "\u0153": "oe",
    "\u0152": "OE",
    "\u0142": "l",
    "\u0141": "L",
    "\u0111": "d",
    "\u0110": "D",
    "\u0127": "h",
    "\u0126": "H",
    "\u00f8": "o",
    "\u00d8": "O",
    "\u02bb": "'",
    "\u02bc": "'",
    "\u06c0": "\u0647",
    "\u06c1": "\u0647",
    "\u06c2": "\u0647",
    "\u06c3": "\u0647",
    "\u06d2": "\u064a",
    "\u06d3": "\u064a",
    "\u0649": "\u064a",
    "\u0629": "\u0647",
    "\u0131": "i",
    "\u09ce": "\u09a4\u09cd",
    "\u0d54": "\u0d2e\u0d4d",
    "\u0d55": "\u0d2f\u0d4d",
    "\u0d56": "\u0d34\u0d4d",
    "\u0d7a": "\u0d23\u0d4d",
    "\u0d7b": "\u0d28\u0d4d",
    "\u0d7c": "\u0d30\u0d4d",
    "\u0d7d": "\u0d32\u0d4d",
    "\u0d7e": "\u0d33\u0d4d",
    "\u0d7f": "\u0d15\u0d4d",
    "\u0622": "\u0627",
    "\u0623": "\u0627",
    "\u0625": "\u0627",
    "\u0671": "\u0627",
    "\u00df": "ss",
    "\u1e9e": "ss",
    "\u03ca": "\u03b9",
    "\u03cb": "\u03c5",
    "\u0390": "\u03af",
    "\u03b0": "\u03cd",
    "\u03aa": "\u0399",
    "\u03ab": "\u03a5",
    "\u06a9": "\u0643",
    "\u06cc": "\u064a",
}
# Past the last decimal digit of any script (Unicode 15: U+1FBF9).
_PAST_DIGITS = 0x20000


@cache
def _plain() -> tuple[dict[int, str], re.Pattern[str]]:
    """``_PLAIN`` as a table, with the decimal digits of other scripts (Arabic-Indic "٢٠٢٤",
    Persian "۲۰۲۴", Devanagari "२०२४"), which NFKC keeps: "2024" found no "٢٠٢٤", nor the
    other way round; all read as ASCII digits. And a pattern finding one. Made once a
    process, when a text not ASCII is first read (some 60 ms)."""
    table = {ord(c): plain for c, plain in _PLAIN.items()}
    for code in range(0x80, _PAST_DIGITS):
        digit = chr(code)
        if unicodedata.category(digit) == "Nd" and unicodedata.normalize("NFKC", digit) == digit:
            table[code] = str(unicodedata.decimal(digit))
    return table, re.compile("[" + class_ranges(sorted(table)) + "]")


def plain_letters(text: str) -> str:
    """``text`` with each "ß" (or capital "ẞ") as "ss", its Greek vowels without their
    dialytika, its Persian kaf and yeh and Urdu heh goal and yeh barree as the Arabic ones, an
    alef with a hamza or madda as the bare one, the alef maksura and teh marbuta as yeh and
    heh, the dotless i as "i", a khanda ta or chillu as its consonant and virama, a modifier
    letter apostrophe as the ASCII one, "æ", "œ", "ł", "đ", "ħ" and "ø" as "ae", "oe", "l",
    "d", "h" and "o", and the digits of other scripts as ASCII digits (``_PLAIN``)."""
    table, found = _plain()
    return text.translate(table) if found.search(text) else text


# The Arabic decimal and thousands separators (U+066B, U+066C), which Arabic and Persian write
# where English writes "." and ",". A word break to the tokenizer either way, so the index and
# the rankers read them as they are; ``library search`` reads a query's and a passage's number
# with them as with the ASCII ones, so "2.5" finds 2.5 so written in Arabic-Indic digits, and
# such a query is the one number 2.5, not "2" and "5" apart.
_ARABIC_SEPARATORS = str.maketrans({"\u066b": ".", "\u066c": ","})


def ascii_separators(text: str) -> str:
    """``text`` with the Arabic decimal and thousands separators as "." and ","."""
    if text.isascii() or ("\u066b" not in text and "\u066c" not in text):
        return text
    return text.translate(_ARABIC_SEPARATORS)


# Superscript digits (with a raised sign) after a digit: an exponent ("10⁵") or a note mark
# ("in 2019¹"). NFKC makes them plain digits, so "10⁵" was the word "105", found by "105"
# and not by "10^5", the way a paper's LaTeX, HTML or PDF exponent is stored; "2019¹" was no
# "2019". Read as "^" and the digits: two words, as "10^5" is.
_RAISED_AFTER_DIGIT = re.compile(
    "(?<=[0-9])[\u207a\u207b]?[\u2070\u00b9\u00b2\u00b3\u2074-\u2079]+"
)


def raised_apart(text: str) -> str:
    """``text`` with the superscript digits after a digit written "^" and the digits
    (``_RAISED_AFTER_DIGIT``); a query is read so too."""
    return _RAISED_AFTER_DIGIT.sub(lambda run: "^" + run.group(), text)


def search_form(text: str) -> str:
    """``text`` as the search index reads it (most text: ``text`` itself)."""
    if text.isascii():  # quick: normal, and every ASCII capital is folded by the tokenizer
        return text
    normal = without_invisible(text)
    if not unicodedata.is_normalized("NFKC", normal):  # quick: normalising reads every char
        normal = unicodedata.normalize("NFKC", raised_apart(normal))
    # After NFKC: an Arabic presentation form may decompose to a letter and its harakat.
    normal = plain_letters(without_acronym_marks(without_points(normal)))
    table, capitals = _unfolded()
    if not has_astral(normal):
        capitals = _bmp_capitals()  # a class past the BMP is read range by range, slower
    if capitals.search(normal):
        normal = normal.translate(table)
    return normal


@cache
def _bmp_capitals() -> re.Pattern[str]:
    """``_unfolded``'s pattern for a text of the BMP alone."""
    codes = sorted(c for c in _unfolded()[0] if c < 0x10000)
    return re.compile("[" + class_ranges(codes) + "]" if codes else "(?!)")


# A Greek vowel's tonos and the Russian ё, which the index keeps and people often leave out:
# ``library search`` looks a word up in its spellings with and without them
# (``library.search_accents``), which a ranker, matching a claim's words against a passage's,
# cannot; it reads both without them, so "ασκηση" and "άσκηση", "ежик" and "ёжик" are one word
# to it as to the search.
_WITHOUT_ACCENT = str.maketrans(
    "\u03ac\u03ad\u03ae\u03af\u03cc\u03cd\u03ce\u0386\u0388\u0389\u038a\u038c\u038e\u038f"
    "\u0451\u0401",
    "\u03b1\u03b5\u03b7\u03b9\u03bf\u03c5\u03c9\u0391\u0395\u0397\u0399\u039f\u03a5\u03a9"
    "\u0435\u0415",
)

_ACCENT_FOUND = re.compile("[" + "".join(map(chr, _WITHOUT_ACCENT)) + "]")


def ranker_form(text: str, unspaced_pairs: bool = False) -> str:
    """``text`` as the rankers (``checker.selection``, ``judges.local.preselect``) read a claim
    and its passages: its search form, without the Greek tonos and the Russian ё
    (``_WITHOUT_ACCENT``), and with Thai, Lao, Burmese and Khmer broken at their marks
    (``text.wordchars.unspaced_marks_as_breaks``), or, with ``unspaced_pairs`` (a claim
    written in them), as their letter pairs (``text.unspaced``)."""
    if text.isascii():
        return text
    form = search_form(text)
    if _ACCENT_FOUND.search(form):  # quick: translating reads every character through a dict
        form = form.translate(_WITHOUT_ACCENT)
    return unspaced_as_pairs(form) if unspaced_pairs else unspaced_marks_as_breaks(form)


@cache
def altered_characters(astral: bool = True) -> str:
    """The characters ``ranker_form`` changes in a text already NFKC-normal beyond the vowel
    points, Indic joiners and Thai marks (``text.wordchars``), as the inside of a regex class
    (those of the BMP alone unless ``astral``: such a class is read several times faster): a
    text with none of them reads as it did before the rankers took the search form, which
    ``checker.read_changes.read_otherwise`` tells quickly so."""
    codes = {
        *map(ord, "\u00ad\u034f\u200b\u2060\ufeff\u200c\u200d"),  # _INVISIBLE, the joiners
        *_plain()[0],
        *_WITHOUT_ACCENT,
        *_unfolded()[0],
    }
    return class_ranges(sorted(c for c in codes if astral or c < 0x10000))


@cache
def _unfolded() -> tuple[dict[int, str], re.Pattern[str]]:
    """The capitals the index's tokenizer leaves as they are, each with its lower case, and a
    pattern finding one. unicode61 folds case by Unicode 6.1's table (in every SQLite to date),
    so a capital added since (Cherokee as it is written, Georgian Mtavruli, Adlam, Osage, "Ʞ")
    was indexed as written while the query, lower-cased by Python, never matched it. Asked of
    SQLite itself (one in-memory index, once a process, some 100 ms), so a later SQLite that
    folds more is asked no more of."""
    capitals = [c for c in map(chr, _PROBED) if len(lower := c.lower()) == 1 and lower != c]
    with sqlite3.connect(":memory:") as conn:
        conn.execute("CREATE VIRTUAL TABLE t USING fts5(x, tokenize='unicode61')")
        conn.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance')")
        conn.executemany("INSERT INTO t(rowid, x) VALUES (?, ?)", enumerate(capitals, start=1))
        indexed = dict(conn.execute("SELECT doc, term FROM v").fetchall())
    conn.close()
    kept = [c for i, c in enumerate(capitals, start=1) if indexed.get(i) == c]
    table = {ord(c): c.lower() for c in kept}
    # An empty class matches nothing: "(?!)" when SQLite folds every capital. In ranges: the
    # capitals one by one made every non-ASCII passage's search form (an add, an upgrade)
    # some 15 times slower to make.
    pattern = "[" + class_ranges(sorted(table)) + "]" if kept else "(?!)"
    return table, re.compile(pattern)


# Where the letters are that the tokenizer folds to another letter than their lower case: the
# Latin ones with diacritics, Latin-1 to Latin Extended Additional (and, between, a few Greek
# symbols, "ϐ" as "β").
_FOLDABLE = range(0xC0, 0x1F00)
# The tokenizer the index and ``checker.selection``'s BM25 read words with (``CREATE_FTS``),
# bar the index's stemmer.
TOKENIZER = "unicode61 remove_diacritics 2 categories 'L* N* Co M*'"


def as_tokenizer_folds(text: str) -> str:
    """``text`` with each letter the index's tokenizer folds beyond its lower case so folded
    ("é" and "É" as "e", "ệ" as "e", "İ" as "i"), for a ranker that reads words itself
    (``judges.local.preselect``): "cafe" and "café" are one word to the index and to
    ``checker.selection``'s BM25, and so to it. Letters the tokenizer keeps ("ø", "þ") stay
    as they are."""
    if text.isascii():
        return text
    table, found = _tokenizer_folds()
    # Only the letters found are looked up: translating reads every character through the table.
    return found.sub(lambda letter: table[ord(letter.group())], text)


@cache
def _tokenizer_folds() -> tuple[dict[int, str], re.Pattern[str]]:
    """Each letter the tokenizer reads as another than its lower case, with that one, and a
    pattern finding one. Asked of SQLite itself (one in-memory index, once a process), as
    ``_unfolded`` is: Python has no table of what unicode61 removes."""
    letters = [c for c in map(chr, _FOLDABLE) if c.isalpha()]
    with sqlite3.connect(":memory:") as conn:
        conn.execute(f'CREATE VIRTUAL TABLE t USING fts5(x, tokenize="{TOKENIZER}")')
        conn.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance')")
        conn.executemany("INSERT INTO t(rowid, x) VALUES (?, ?)", enumerate(letters, start=1))
        read = dict(conn.execute("SELECT doc, term FROM v").fetchall())
    conn.close()
    table = {
        ord(c): read[i]
        for i, c in enumerate(letters, start=1)
        if read.get(i) not in (None, c, c.lower())
    }
    return table, re.compile("[" + class_ranges(sorted(table)) + "]" if table else "(?!)")
