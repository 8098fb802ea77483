"""Direction and comparison words: a claim saying one and its evidence only the opposite disagree.

Each side of a pair is a stem with the endings that make real words of it ("increas" reads
"increase", "increased", "increasingly"), matched against whole words: a stem matched as a
prefix reads "lessons" as "less", "harmonic" as "harm" and "lowercase" as "lower". Hyphens are
left out before matching, so "up-regulated" reads as "upregulated".
"""

from __future__ import annotations

import re

_VERB = ("e", "es", "ed", "ing", "ingly", "ion", "ions")  # increas-e, elevat-ion
_PLAIN = ("", "s", "ed", "ing")  # lower, lowers, lowered, lowering
_ADJECTIVE = ("",)
_DROP = ("", "s", "ped", "ping")  # drop, drops, dropped, dropping

# (stem, its endings) per side; each pair is read both ways round.
_Side = tuple[str, tuple[str, ...]]
_PAIRS: tuple[tuple[_Side, _Side], ...] = (
    (("increas", _VERB), ("decreas", _VERB)),
    (("increas", _VERB), ("reduc", (*_VERB, "tion", "tions"))),
    (("increas", _VERB), ("diminish", ("", "es", "ed", "ing"))),
    (("higher", _ADJECTIVE), ("lower", _ADJECTIVE)),
    (("more", _ADJECTIVE), ("less", _ADJECTIVE)),
    (("more", _ADJECTIVE), ("fewer", _ADJECTIVE)),
    (("larger", _ADJECTIVE), ("fewer", _ADJECTIVE)),
    (("greater", _ADJECTIVE), ("fewer", _ADJECTIVE)),
    (("greater", _ADJECTIVE), ("smaller", _ADJECTIVE)),
    (("larger", _ADJECTIVE), ("smaller", _ADJECTIVE)),
    (("rais", _VERB), ("lower", _PLAIN)),
    (("rais", _VERB), ("decreas", _VERB)),
    (("r", ("ise", "ises", "ising", "isen", "ose")), ("f", ("all", "alls", "alling", "ell"))),
    (("r", ("ise", "ises", "ising", "isen", "ose")), ("declin", _VERB)),
    (("r", ("ise", "ises", "ising", "isen", "ose")), ("drop", _DROP)),
    (("increas", _VERB), ("declin", _VERB)),
    (("increas", _VERB), ("drop", _DROP)),
    (("promot", _VERB), ("inhibit", (*_PLAIN, "ion", "ions"))),
    (("enhanc", (*_VERB, "ement")), ("impair", (*_PLAIN, "ment"))),
    (("activat", _VERB), ("suppress", ("", "es", "ed", "ing", "ion"))),
    (("upregulat", _VERB), ("downregulat", _VERB)),
    (("improv", (*_VERB, "ement", "ements")), ("worsen", _PLAIN)),
    (("improv", (*_VERB, "ement", "ements")), ("degrad", _VERB)),
    (("positiv", ("e", "ely")), ("negativ", ("e", "ely"))),
    (("benefi", ("t", "ts", "ted", "tted", "cial", "cially")), ("harm", (*_PLAIN, "ful"))),
    (("faster", _ADJECTIVE), ("slower", _ADJECTIVE)),
    (("longer", _ADJECTIVE), ("shorter", _ADJECTIVE)),
    (("better", _ADJECTIVE), ("worse", _ADJECTIVE)),
    (("before", _ADJECTIVE), ("after", _ADJECTIVE)),
    (("above", _ADJECTIVE), ("below", _ADJECTIVE)),
    (("gain", ("", "s", "ed")), ("loss", ("", "es"))),
    (("elevat", _VERB), ("reduc", (*_VERB, "tion", "tions"))),
    (("stronger", _ADJECTIVE), ("weaker", _ADJECTIVE)),
    (("accelerat", _VERB), ("slow", _PLAIN)),
    (("strengthen", _PLAIN), ("weaken", _PLAIN)),
    (("earlier", _ADJECTIVE), ("later", _ADJECTIVE)),
    (("rare", ("", "ly", "r")), ("common", ("", "ly", "er"))),
    (("superior", _ADJECTIVE), ("inferior", _ADJECTIVE)),
    (("outperform", _PLAIN), ("underperform", _PLAIN)),
    (("at least", _ADJECTIVE), ("at most", _ADJECTIVE)),
    (("effective", ("", "ly")), ("ineffective", ("", "ly"))),
    (("sufficient", ("", "ly")), ("insufficient", ("", "ly"))),
    (("necessary", _ADJECTIVE), ("unnecessary", _ADJECTIVE)),
    (("safe", _ADJECTIVE), ("unsafe", _ADJECTIVE)),
    (("consistent", ("", "ly")), ("inconsistent", ("", "ly"))),
    (("possible", _ADJECTIVE), ("impossible", _ADJECTIVE)),
)

# "not effective" says what "ineffective" says; "no fewer than" what "at least" says. Read as
# those, so that neither a negation nor a direction is found where the two sides agree.
_SAME_AS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\b(?:no|not) (?:fewer|less) than\b", re.IGNORECASE), "at least"),
    (re.compile(r"\b(?:no|not) more than\b", re.IGNORECASE), "at most"),
    (
        re.compile(r"\bnot (?:be )?(effective|sufficient|consistent)\b", re.IGNORECASE),
        r"in\1",
    ),
    (re.compile(r"\bnot (?:be )?(necessary|safe)\b", re.IGNORECASE), r"un\1"),
    (re.compile(r"\bnot (?:be )?(possible)\b", re.IGNORECASE), r"im\1"),
)
_WORD = re.compile(r"[A-Za-z][A-Za-z'\-]*")
_BOUND = re.compile(r"\bat (least|most)\b")


def plain_sense(text: str) -> str:
    """``text`` with a negated word read as its opposite ("not effective": "ineffective")."""
    for pattern, same in _SAME_AS:
        text = pattern.sub(same, text)
    return text


def _forms(side: _Side) -> frozenset[str]:
    stem, endings = side
    return frozenset(stem + ending for ending in endings)


_FORMS = tuple((_forms(a), _forms(b)) for a, b in _PAIRS)


def words(text: str) -> set[str]:
    """The lower-case words of ``text`` as the pairs read them: no hyphens, "at least" one."""
    lower = text.lower()
    bounds = {f"at {bound}" for bound in _BOUND.findall(lower)}
    return {w.replace("-", "") for w in _WORD.findall(lower)} | bounds


def conflicts(claim: str, evidence: str) -> tuple[tuple[str, str], ...]:
    """(claim word, evidence word) for each pair the claim says one side of and the evidence
    only the other."""
    mine_words, their_words = words(claim), words(evidence)
    found: list[tuple[str, str]] = []
    for a, b in _FORMS:
        for mine, theirs in ((a, b), (b, a)):
            if (
                mine & mine_words
                and theirs & their_words
                and not mine & their_words
                and not theirs & mine_words
            ):
                found.append((min(mine & mine_words), min(theirs & their_words)))
    return tuple(found)
