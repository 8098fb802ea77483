"""The two spellings of a German umlaut: "ü" and "ue", "ö" and "oe", "ä" and "ae" ("Müller" and
"Mueller", "Schröder" and "Schroeder", "Gärtner" and "Gaertner"), which German writes alike
and a paper, a catalogue or a keyboard without the letter writes either way. The index's
tokenizer folds "ü" to "u" ("Muller"), never to "ue", so "Mueller" found no "Müller", nor
"Müller" "Mueller". Danish and Norwegian write "ø" as "oe" too ("Soeren" for "Søren"), which
the index reads as "o" (``text.searchform``).

So ``library search`` looks a word with an umlaut or "ø" up written with "ue", "oe", "ae" too
(``umlaut_forms``, ``o_stroke_forms``), and a word written with them without the "e" (as the
index reads the umlaut). Not "ue" after "q" or
"g" ("quelle", "Rodrigues"), and not where fewer than four letters or a common word are left
("poet" is no "pot", "does" no "dos"); a word so read that is another word ("reuse" as
"ruse") only adds a term. The rules are ``text.folds``', which the rankers read such a
claim's words by.
"""

from __future__ import annotations

import re
import unicodedata

from claimaudit.text.folds import umlaut_plain, umlaut_written

_UMLAUTS = str.maketrans({"\u00e4": "ae", "\u00f6": "oe", "\u00fc": "ue"})


def umlaut_forms(word: str) -> tuple[str, ...]:
    """The other spelling of the lower-case ``word``: its umlauts written out ("müller":
    "mueller"), or its "ue", "oe" and "ae" as the index reads an umlaut ("mueller":
    "muller", ``text.folds.umlaut_plain``, as the rankers read it); none for other words."""
    if word.isascii():
        plain = umlaut_plain(word)
        return (plain,) if plain else ()
    written = word.translate(_UMLAUTS)
    return (written,) if written != word else ()


def umlaut_guesses(word: str) -> tuple[str, ...]:
    """The lower-case ASCII ``word`` written out as an umlaut would be, where it could be one
    read plain ("muller": "mueller", ``text.folds.umlaut_written``): "Muller" found "Müller"
    (the index reads it so) but no "Mueller", which found both. Guesses, to be looked up only
    where the index says which it holds: "attention" gives "aettention"."""
    return umlaut_written(word) if not umlaut_plain(word) else ()


_O_STROKE_WORD = re.compile("\\w*[\u00f8\u00d8]\\w*")


def o_stroke_forms(typed: str) -> list[tuple[str, list[str]]]:
    """Each word of the query ``typed`` holding an "ø", as written, with it written "oe"
    ("Søren": "soeren"), lower case. The query is read with "ø" as "o" (``text.searchform``),
    so the word is looked for so too, but that reading no longer tells where an "ø" was."""
    if typed.isascii():
        return []
    return [
        (word, [unicodedata.normalize("NFKC", word).lower().replace("\u00f8", "oe")])
        for word in _O_STROKE_WORD.findall(typed)
    ]
