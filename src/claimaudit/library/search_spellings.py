"""The other spellings ``library search`` looks a query's words up in (``search_words``):
Greek and Russian words with and without their tonos or ё (``search_accents``), Arabic ones
with and without their article (``search_article``), Hebrew ones with and without one-letter
words written onto them (``search_hebrew``), German umlauts written out and in
(``search_umlauts``), and the others the query gives (a raised digit, a Persian plural), each
a term of their own, shared out within one cap.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from claimaudit.library.search_accents import MAX_FORMS, all_accent_forms
from claimaudit.library.search_article import article_forms
from claimaudit.library.search_hebrew import (
    MAX_HEBREW_FORMS,
    MAX_RESTEMMED_FORMS,
    MAX_STACKED_FORMS,
    prefixed_forms,
    restemmed_forms,
    stacked_forms,
)
from claimaudit.library.search_umlauts import umlaut_forms, umlaut_guesses
from claimaudit.text.hebrew import is_hebrew_word, unprefixed_forms

# Other spellings of Greek, Russian, Arabic and Hebrew words and German umlauts
# (``search_accents``, ``search_article``, ``search_hebrew``, ``search_umlauts``), in all: each
# is a term.
MAX_ACCENT_FORMS = 64


def other_spellings(
    kept: Mapping[tuple[str, ...], str],
    others: list[tuple[str, list[str]]],
    guesses: Sequence[tuple[str, list[str]]] = (),
    held: Callable[[str], bool] | None = None,
) -> tuple[list[str], tuple[str, ...]]:
    """The other spellings of the ``kept`` (each query word's tokens, with the word as written)
    Greek and Russian words (``search_accents``), Arabic (``search_article``) and Hebrew ones
    (``search_hebrew``), at most MAX_FORMS a word (MAX_HEBREW_FORMS a Hebrew one, then as room
    is left its MAX_RESTEMMED_FORMS, then its MAX_STACKED_FORMS) and MAX_ACCENT_FORMS in all,
    and the words (as written) some of whose spellings those caps left out: a reader told only
    of the words past ``search_words.MAX_SEARCH_TERMS`` took "ασκηση", 21st word of a query,
    for searched for as "άσκηση" too.

    Hebrew words share the room fairly: first every word's stems ("וטיפול" as "טיפול"), then
    each word's spellings with a prefix in turn, one prefix a round, the commonest first, then
    its stems with another prefix so, then its plain stem with two prefixes stacked so. Taken
    word by word, the first six words of a long Hebrew query took all 64, and the later ones
    were looked for as typed alone, "וטיפול" never as "טיפול".

    ``held`` (a library's: whether its index holds a word) leaves out first the one-word
    spellings it holds nowhere, which find nothing: most of a Hebrew word's 38 ("ההמחקר",
    "שמהמחקר") are no word of any paper, and took the room of those that are, and a query of
    five Hebrew words was said to be searched for in only some spellings of each."""
    others = [(written, [f for f in forms if _held(f, held)]) for written, forms in others]
    taken: dict[str, None] = {}
    cut: dict[str, None] = {}
    stems: list[tuple[str, list[str]]] = []
    hebrew: list[tuple[str, list[str]]] = []
    later: list[tuple[str, list[str]]] = []
    stacks: list[tuple[str, list[str]]] = []
    umlauts: list[tuple[str, list[str]]] = []
    for tokens, written in kept.items():
        if len(tokens) != 1:
            continue
        word = tokens[0]
        # A plain word's written-out guesses only where the index says which it holds.
        guessed = umlaut_guesses(word) if held is not None else ()
        umlaut = umlaut_forms(word) + guessed
        if written_out := [f for f in umlaut if (f,) not in kept and _held(f, held)]:
            umlauts.append((written, written_out))
        spellings = all_accent_forms(word) + article_forms(word) + prefixed_forms(word)
        forms = [f for f in dict.fromkeys(spellings) if (f,) not in kept and _held(f, held)]
        if is_hebrew_word(word):
            if len(forms) > MAX_HEBREW_FORMS:
                cut[written] = None
            hebrew.append((written, forms[:MAX_HEBREW_FORMS]))
            # Shortest first: the plain word ("מחקר" of "והמחקר").
            own = sorted((f for f in unprefixed_forms(word) if f in forms), key=len)
            stems.append((written, own))
            restemmed = [f for f in restemmed_forms(word) if (f,) not in kept and _held(f, held)]
            if len(restemmed) > MAX_RESTEMMED_FORMS:
                cut[written] = None
            later.append((written, restemmed[:MAX_RESTEMMED_FORMS]))
            stacked = [f for f in stacked_forms(word) if (f,) not in kept and _held(f, held)]
            stacks.append((written, stacked[:MAX_STACKED_FORMS]))
            continue
        forms = [f for f in forms if f not in taken]
        room = min(MAX_FORMS, MAX_ACCENT_FORMS - len(taken))
        taken.update(dict.fromkeys(forms[:room]))
        if len(forms) > room:
            cut[written] = None
    _in_turns(stems, taken, cut)
    _in_turns(hebrew, taken, cut)
    _in_turns(later, taken, cut)
    _in_turns(stacks, taken, cut)
    # Last, a German word's umlaut written out or in ("Mueller" as "Muller", which the index
    # reads "Müller" as), a letter's exponent or index raised or not ("x²" as "x 2", "x^2" as
    # "x2", ``search_raised``) and a Persian plural ending written onto its word or apart
    # ("کتابها" as two words, ``search_article.plural_forms``), in the room left.
    # ``others``: each such word as written, with its other spellings.
    _in_turns([*umlauts, *others], taken, cut)
    # ``guesses`` ("co2" also as "co 2", ``search_raised.digit_ended_forms``) take what room is
    # still left, and one left out is not reported: the word is searched as typed, and the
    # warning's "only in some of their spellings" named "filler64" of a long English query.
    _in_turns(list(guesses), taken, {})
    return list(taken), tuple(cut)


def _held(form: str, held: Callable[[str], bool] | None) -> bool:
    # A phrase ("x 2") is searched for as it is: its words are common, its order what counts.
    return held is None or " " in form or held(form)


def _in_turns(
    words: list[tuple[str, list[str]]], taken: dict[str, None], cut: dict[str, None]
) -> None:
    """Each word's forms into ``taken``, one a word in turn, while MAX_ACCENT_FORMS allow; a
    word with one left out goes into ``cut``."""
    queues = [(written, [f for f in forms if f not in taken]) for written, forms in words]
    while len(taken) < MAX_ACCENT_FORMS and any(forms for _, forms in queues):
        for _, forms in queues:
            while forms and forms[0] in taken:
                forms.pop(0)
            if forms and len(taken) < MAX_ACCENT_FORMS:
                taken[forms.pop(0)] = None
    for written, forms in queues:
        if any(f not in taken for f in forms):
            cut[written] = None
