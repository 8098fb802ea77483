"""What the rankers read otherwise than they once did, as the results cache's key says it.

Each time the rankers (``checker.selection``) come to read some text otherwise (a script's
letters folded, a word read apart from what is written onto it), answers cached before were
judged on passages ranked the old way. A question whose claim or passages hold such text gets
a mark of its own in its key, so it is asked afresh; every other question keeps its answer
(``RANKING_VERSION`` would ask every question afresh). A new reading adds its test to
``checker.read_changes`` and its mark at the end of ``reading_marks``, never renaming or
reordering one there: a key that changes loses every answer cached under it.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain

from claimaudit.checker.read_changes import (
    finds_lone_cjk,
    holds_folded_letters,
    holds_hamza_alef,
    holds_hebrew_acronym_marks,
    holds_modifier_apostrophes,
    holds_o_stroke,
    holds_other_digits,
    holds_plain_latin_letters,
    holds_raised_digits,
    holds_urdu_letters,
    holds_zero_width_space,
    past_word_cap,
    read_otherwise,
    reads_arabic_article,
    reads_cjk_apart,
    reads_cjk_words_apart,
    reads_hebrew_prefixes,
    reads_hebrew_stacked_prefixes,
    reads_hebrew_whole_words,
    reads_number_words,
    reads_persian_plurals,
    reads_spelling_folds,
    reads_unspaced_pairs,
)
from claimaudit.text.cjkpairs import has_cjk


def reading_marks(query: str, texts: Sequence[str]) -> str:
    """The marks the key of a question ranked for ``query`` over the passages ``texts`` (each
    its text and heading) carries, in order: "" for a question no reading changed."""
    marks = ""
    if has_cjk(query):
        # Answers cached before a CJK question was ranked in character pairs were judged on
        # passages in document order (``text.cjkpairs``): asked afresh. Others keep theirs.
        marks += ":cjk-pairs"
    if read_otherwise(chain((query,), texts)):
        # Answers cached before the rankers read text as the search index does
        # (``text.searchform``) were judged on passages ranked otherwise: asked afresh.
        marks += ":search-form"
    if holds_zero_width_space(chain((query,), texts)):
        # Answers cached while a zero-width space joined the words around it, not parted
        # them, were judged on passages ranked otherwise: asked afresh.
        marks += ":zwsp-break"
    if holds_raised_digits(chain((query,), texts)):
        # Answers cached while superscript digits after a digit were read as plain digits
        # ("10⁵" as "105") were judged on passages ranked otherwise: asked afresh.
        marks += ":raised-apart"
    if holds_hamza_alef(chain((query,), texts)):
        # Answers cached while an alef with a hamza ("أ") was a letter of its own, not the
        # bare alef, were judged on passages ranked otherwise: asked afresh.
        marks += ":bare-alef"
    if holds_folded_letters(chain((query,), texts)):
        # Answers cached while an alef maksura or teh marbuta ("ى", "ة"), a dotless i, a
        # khanda ta or a chillu was a letter of its own were judged on passages ranked
        # otherwise: asked afresh.
        marks += ":folded-letters"
    if holds_urdu_letters(chain((query,), texts)):
        # Answers cached while an Urdu heh goal or yeh barree (U+06C1, U+06D2) was a
        # letter of its own, not the Arabic heh and yeh, were judged on passages ranked
        # otherwise: asked afresh.
        marks += ":urdu-letters"
    if holds_hebrew_acronym_marks(chain((query,), texts)):
        # Answers cached while a gershayim or geresh inside a Hebrew word (an acronym) broke
        # it in two were judged on passages ranked otherwise: asked afresh.
        marks += ":he-acronym"
    if holds_modifier_apostrophes(chain((query,), texts)):
        # Answers cached while a modifier letter apostrophe ("мʼясо") was a letter, not the
        # word break the ASCII one typed for it is, were judged on passages ranked
        # otherwise: asked afresh.
        marks += ":apostrophe"
    if holds_plain_latin_letters(chain((query,), texts)):
        # Answers cached while "æ", "œ", "ł", "đ" or "ħ" was a letter of its own, not the
        # "ae", "oe", "l", "d" or "h" written for it, were judged on passages ranked
        # otherwise: asked afresh.
        marks += ":plain-latin"
    if holds_o_stroke(chain((query,), texts)):
        # Answers cached while "ø" was a letter of its own, not the "o" written for it, were
        # judged on passages ranked otherwise: asked afresh.
        marks += ":o-stroke"
    if holds_other_digits(chain((query,), texts)):
        # Answers cached while a digit of another script ("٢") was no ASCII digit were
        # judged on passages ranked otherwise: asked afresh.
        marks += ":ascii-digits"
    if finds_lone_cjk(query):
        # Answers cached before a claim's one-character CJK word ("癌") was found inside a
        # passage's runs ("癌症") were judged on passages ranked without it: asked afresh.
        marks += ":cjk-alone"
    if reads_cjk_apart(query, texts):
        # Answers cached before a word touching CJK text ("DNA는") was read apart from it
        # for a claim without CJK were judged on passages ranked without the word: asked
        # afresh.
        marks += ":cjk-apart"
    if reads_unspaced_pairs(query):
        # Answers cached before a Thai, Lao, Burmese or Khmer question was ranked in letter
        # pairs were judged on passages ranked by pieces no passage's word equalled: asked
        # afresh (``text.unspaced``).
        marks += ":unspaced-pairs"
    if reads_cjk_words_apart(query):
        # Answers cached before a Korean word's particle ("암은" as "암") or the kana after
        # a Japanese kanji ("癌は" as "癌") was read apart from it were judged on passages
        # ranked without the word: asked afresh.
        marks += ":cjk-words"
    if reads_arabic_article(query, texts):
        # Answers cached before an Arabic word was read without its article ("الكتاب" as
        # "كتاب") were judged on passages ranked otherwise: asked afresh.
        marks += ":ar-article"
    if reads_persian_plurals(query, texts):
        # Answers cached before a Persian plural's ending written apart from its word was read
        # onto it were judged on passages ranked otherwise: asked afresh.
        marks += ":fa-plural"
    if reads_hebrew_prefixes(query, texts):
        # Answers cached before a Hebrew word was read also without the one-letter word
        # written onto it ("המחקר" as "מחקר") were judged on passages ranked otherwise:
        # asked afresh.
        marks += ":he-prefix"
    if reads_hebrew_stacked_prefixes(query, texts):
        # Answers cached before a Hebrew word was read also without two prefixes ("ובבית" as
        # "בית") were judged on passages ranked otherwise: asked afresh.
        marks += ":he-stacked"
    if past_word_cap(query):
        # Answers cached before a long CJK question was ranked by all its pairs were judged
        # on passages ranked by its first 64 characters' pairs: asked afresh.
        marks += ":cjk-all-pairs"
    if reads_hebrew_whole_words(query, texts):
        # Answers cached while a common Hebrew word whose first letter is its own ("שלום")
        # was read without it too ("לום", as "כלום" was) were judged on passages ranked
        # otherwise: asked afresh.
        marks += ":he-whole"
    if reads_spelling_folds(query, texts):
        # Answers cached while a claim's "x²" and a passage's "x^2", or "Müller" and
        # "Mueller", were two words to the rankers were judged on passages ranked otherwise:
        # asked afresh (``text.folds``).
        marks += ":spelling-folds"
    if reads_number_words(query, texts):
        # Answers cached while a claim's "covid19" and a passage's "COVID-19" were other
        # words to the rankers were judged on passages ranked otherwise: asked afresh.
        marks += ":number-words"
    return marks
