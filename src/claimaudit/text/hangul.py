"""Korean words as a query is looked for: without the particles (josa) written onto them.

Korean is written with spaces, but between phrases, not words: a particle is written onto the
word it follows ("암은", cancer + topic; "연구에서", study + in). Read in character pairs
(``text.cjkpairs``), "암은" was the one pair "암은", which a paper writing "암" or "암을" does
not hold, and "연구에서" was "연구 구에 에서", whose "에서" matched nearly every Korean passage.

So a query's Hangul word ending in a particle is read as its stem and the pair that joins the
stem to the particle: "암은" as "암 암은" (a one-syllable stem is a word of its own, found
inside a passage's runs, ``cjkpairs.lone_cjk``), "연구에서" as "연구 구에". The pairs wholly
inside the particle are left out. The joining pair keeps a noun that only ends like a
particle ("결과", result, is no "결" + "과") found by its own pair. A particle is taken only
where it agrees with the syllable before it, as Korean writes them: "은", "이", "을", "과"
after a final consonant, "는", "가", "를", "와" after a vowel ("차이", difference, keeps its
"이"). A particle written onto a Latin word or a number ("DNA는", "5%의") is left out: alone it
was a one-character word, matched inside every passage holding it.

Only a query is read so (a claim ranking passages, a ``library search``); passages are read
in pairs as before, so the index is unchanged.
"""

from __future__ import annotations

import re

_SYLLABLE_FIRST = 0xAC00
_FINAL_COUNT = 28
_RIEUL_FINAL = 8  # "ㄹ" as a final consonant: "로" follows it as it follows a vowel

# Particles, each with where it may follow: "C" a final consonant, "V" a vowel (or "ㄹ" for the
# "로" forms), "" either. Combined forms are listed whole; the longest found is taken.
_PARTICLES: dict[str, str] = {
    "은": "C",
    "는": "V",
    "이": "C",
    "가": "V",
    "을": "C",
    "를": "V",
    "과": "C",
    "와": "V",
    "으로": "C",
    "으로는": "C",
    "으로도": "C",
    "으로서": "C",
    "으로써": "C",
    "으로의": "C",
    "로": "VR",
    "로는": "VR",
    "로도": "VR",
    "로서": "VR",
    "로써": "VR",
    "로의": "VR",
    "과의": "C",
    "와의": "V",
    "과는": "C",
    "와는": "V",
    "의": "",
    "도": "",
    "만": "",
    "에": "",
    "에는": "",
    "에도": "",
    "에서": "",
    "에서는": "",
    "에서도": "",
    "에서의": "",
    "에의": "",
    "에게": "",
    "에게서": "",
    "께서": "",
    "한테": "",
    "까지": "",
    "까지는": "",
    "부터": "",
    "부터는": "",
    "보다": "",
    "보다는": "",
    "처럼": "",
    "마다": "",
    "조차": "",
}
_LONGEST = max(map(len, _PARTICLES))
_WORD = re.compile("[\uac00-\ud7a3]+")
# What a particle may be written onto besides a Hangul word: a letter of another script, a
# digit, a closing bracket or "%" ("DNA는", "癌은", "(2019)의", "5%의").
_ONTO = re.compile(r"[^\W_]|[)\]%]")


def without_particles(text: str) -> str:
    """``text`` with each Hangul word ending in a particle read as its stem and the pair joining
    them, and a particle written onto a Latin word or number left out (see the module)."""
    if text.isascii():
        return text
    return _WORD.sub(_read, text)


def _read(word: re.Match[str]) -> str:
    syllables = word.group()
    start = word.start()
    if syllables in _PARTICLES and start and _ONTO.match(word.string, start - 1):
        # Written onto a Latin word or number: a particle alone is left out.
        return " "
    for size in range(min(_LONGEST, len(syllables) - 1), 0, -1):
        stem, particle = syllables[:-size], syllables[-size:]
        if _agrees(_PARTICLES.get(particle), stem[-1]):
            return f"{stem} {stem[-1]}{particle[0]}"
    return syllables


def _agrees(after: str | None, last: str) -> bool:
    """Whether a particle that may follow ``after`` ("C", "V", "VR", "") follows ``last``."""
    if after is None:
        return False
    final = (ord(last) - _SYLLABLE_FIRST) % _FINAL_COUNT
    if after == "C":
        return final != 0
    if after == "V":
        return final == 0
    if after == "VR":
        return final in (0, _RIEUL_FINAL)
    return True
