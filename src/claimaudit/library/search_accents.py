"""Other spellings of a Greek or Russian search word, so a search is blind to the accents that
people often leave out. The index's tokenizer (unicode61, remove_diacritics 2) strips Latin
accents only ("cafe" finds "café") and keeps the Greek tonos and the Russian ё: "ασκηση" found
no "άσκηση", nor "ежики" "ёжики".

The index cannot be asked "any accent here", so the query names the spellings: a Greek word
carries at most one tonos, on one of its vowels, and a Russian word at most one ё, so a word of
n such letters has n + 1 spellings (capped)."""

from __future__ import annotations

# Each Greek vowel and the same vowel with tonos (monotonic Greek).
_TONOS = dict(zip("αεηιουω", "άέήίόύώ", strict=True))
_WITHOUT_TONOS = {accented: plain for plain, accented in _TONOS.items()}
# Cyrillic ie and yo (ё), by code point: the ie looks like a Latin e.
_IE, _YO = "\u0435", "\u0451"
# Most spellings one word adds to the query: a long word still costs a few terms.
MAX_FORMS = 8


def accent_forms(word: str) -> tuple[str, ...]:
    """``all_accent_forms``, the first ``MAX_FORMS`` of them."""
    return all_accent_forms(word)[:MAX_FORMS]


def all_accent_forms(word: str) -> tuple[str, ...]:
    """The other spellings of the lower-case ``word`` a reader would take for it: without its
    tonos or ё first, then with one on any of its vowels (or in place of any of its plain e's);
    none for other words."""
    forms: dict[str, None] = {}
    if any(c in _TONOS or c in _WITHOUT_TONOS for c in word):
        plain = "".join(_WITHOUT_TONOS.get(c, c) for c in word)
        forms[plain] = None
        for i, c in enumerate(plain):
            if c in _TONOS:
                forms[plain[:i] + _TONOS[c] + plain[i + 1 :]] = None
    if _IE in word or _YO in word:
        plain = word.replace(_YO, _IE)
        forms[plain] = None
        for i, c in enumerate(plain):
            if c == _IE:
                forms[plain[:i] + _YO + plain[i + 1 :]] = None
    forms.pop(word, None)
    return tuple(forms)
