"""A claim's negation, by a few plain rules, for the verifier's counterfactual probe.

The cross-encoder tends to call any on-topic sentence support, for a claim and for its negation
alike. What it does know is which of the two reads closer to the evidence: against "drug X did
not reduce events", "drug X does not reduce events" scores higher than "drug X reduces events".
The judge scores the negated claim against the claim's best windows and hands the difference to
the aggregator (``scoring``), so a claim whose negation fits the paper better leans to
``contradicts``, and a claim and its negation can no longer both lean to ``supports``.

The rules need no parser: remove the first negation cue when there is one, otherwise put "not"
after the first auxiliary, or "does/do/did not" before the first verb found. The result needs to
read as the opposite claim to the model, not to be polished English; ``None`` when no rule fits.
"""

from __future__ import annotations

import re

from claimaudit.judges.local.reading import plain_typography

_CONTRACTIONS = {
    "doesn't": "does", "don't": "do", "didn't": "did", "isn't": "is", "aren't": "are",
    "wasn't": "was", "weren't": "were", "can't": "can", "won't": "will", "hasn't": "has",
    "haven't": "have", "hadn't": "had", "shouldn't": "should", "couldn't": "could",
    "wouldn't": "would", "mustn't": "must",
}  # fmt: skip
_AUXILIARIES = frozenset(
    "is are was were can could may might will would should must shall".split()
    + "does do did has have had".split()
)
_POSSESSIVE = {"has": "does not have", "have": "do not have", "had": "did not have"}
# Frequent verbs of scientific claims, by lemma, for claims with no auxiliary ("statins reduce").
_VERB_LEMMAS = """
    reduce increase decrease improve cause lead induce inhibit promote prevent affect predict
    regulate activate suppress protect lower raise mediate trigger require result contribute
    correlate enhance impair block bind encode express produce contain show exhibit play drive
    modulate control facilitate limit alter confer elevate attenuate stimulate target outperform
    perform provide support allow enable help depend occur remain exist differ vary respond develop
    form generate need correspond associate link accelerate delay extend shorten worsen relieve
    treat cure kill restore disrupt recruit interact compete benefit harm rise fall decline"""
_VERBS = frozenset(_VERB_LEMMAS.split())
_DETERMINERS = frozenset("a an the this that these those its their his her our my your".split())
_PREPOSITIONS = frozenset("of in on at by for with from to into than between among".split())
# "Patients treated with X ...": an -ed word before these is a participle, not the verb.
_PARTICIPLE_NEXT = frozenset("with by in for as from".split())
_EDGE = re.compile(r"^([^A-Za-z0-9]*)(.*?)([^A-Za-z0-9']*)$", re.DOTALL)


def _lemma(word: str) -> str | None:
    """The lemma of a known verb in base, -s or -ed form ("reduces", "reduced" -> "reduce")."""
    w = word.lower()
    candidates = [w]
    if w.endswith("ies") or w.endswith("ied"):
        candidates.append(w[:-3] + "y")
    if w.endswith("es") or w.endswith("ed"):
        candidates += [w[:-2], w[:-1]]
    if w.endswith("s"):
        candidates.append(w[:-1])
    if w.endswith(("lled", "rred", "tted", "pped")):
        candidates.append(w[:-3])  # "controlled" -> "control": the doubled consonant
    return next((c for c in candidates if c in _VERBS), None)


def _verb_form(word: str, lemma: str) -> str:
    w = word.lower()
    if w == lemma:
        return "do"
    return "does" if w.endswith("s") else "did"


def _match(word: str, like: str) -> str:
    return word[:1].upper() + word[1:] if like[:1].isupper() else word


class _Words:
    """The claim as whitespace-separated tokens, each split into (lead, core, trail), so a
    rule can replace or drop a word and leave its punctuation and spacing as they were."""

    def __init__(self, claim: str) -> None:
        self.parts: list[tuple[str, str, str]] = []
        for token in claim.split():
            match = _EDGE.match(token)
            assert match is not None  # the pattern matches any string
            lead, core, trail = match.groups()
            self.parts.append((lead, core, trail))

    def core(self, i: int) -> str:
        return self.parts[i][1] if 0 <= i < len(self.parts) else ""

    def replace(self, i: int, word: str) -> str:
        lead, core, trail = self.parts[i]
        return self._render({i: lead + _match(word, core) + trail})

    def drop(self, i: int) -> str:
        lead, _, trail = self.parts[i]
        changes = {i: lead + trail}
        if i == 0 and len(self.parts) > 1:  # "Not all X ..." -> "All X ..."
            lead2, core2, trail2 = self.parts[1]
            changes[1] = lead2 + core2[:1].upper() + core2[1:] + trail2
        return self._render(changes)

    def _render(self, changes: dict[int, str]) -> str:
        out = [changes.get(i, "".join(part)) for i, part in enumerate(self.parts)]
        return " ".join(t for t in out if t)


def _remove_negation(words: _Words) -> str | None:
    for i in range(len(words.parts)):
        low = words.core(i).lower()
        if low in _CONTRACTIONS:
            return words.replace(i, _CONTRACTIONS[low])
        if low == "cannot":
            return words.replace(i, "can")
        if low in ("not", "never"):
            # "Not all X are Y": dropping the lone word keeps the capital of the next one.
            return words.drop(i)
        if low == "without":
            return words.replace(i, "with")
        following = words.core(i + 1).lower()
        if low == "no" and following[:1].isalpha():
            if following.endswith("s") and not following.endswith("ss"):
                return words.drop(i)
            return words.replace(i, "an" if following[:1] in "aeiou" else "a")
    return None


def _insert_negation(words: _Words) -> str | None:
    for i in range(1, len(words.parts)):
        low = words.core(i).lower()
        if low in _AUXILIARIES:
            following = words.core(i + 1).lower()
            if low in _POSSESSIVE and following != "been" and not following.endswith(("ed", "en")):
                return words.replace(i, _POSSESSIVE[low])
            return words.replace(i, f"{low} not")
    for i in range(1, len(words.parts)):
        word = words.core(i)
        if not word[:1].islower() or words.core(i - 1).lower() in _DETERMINERS:
            continue
        lemma = _lemma(word)
        participle = word.endswith("ed") and words.core(i + 1).lower() in _PARTICIPLE_NEXT
        if lemma is not None and not participle:
            return words.replace(i, f"{_verb_form(word, lemma)} not {lemma}")
    # An unknown verb in the third person ("microcin encourages binding"): the first -s word
    # after the subject that is not a plural noun's usual ending.
    for i in range(1, len(words.parts)):
        word = words.core(i)
        previous = words.core(i - 1).lower()
        if (
            word[:1].islower()
            and len(word) > 3
            and word.endswith("s")
            and not word.endswith(("ss", "us", "is", "ics", "ous", "ies"))
            and previous not in _DETERMINERS
            and previous not in _PREPOSITIONS
        ):
            lemma = word[:-1]
            return words.replace(i, f"does not {lemma}")
    return None


def negate(claim: str) -> str | None:
    """The claim with its first negation removed, or negated; ``None`` when no rule applies.

    The claim is read with plain typography, as the model reads it: a draft's "doesn\u2019t"
    is the contraction "doesn't", not a word the rules would negate again."""
    words = _Words(plain_typography(claim))
    if not any(core for _, core, _ in words.parts):
        return None
    return _remove_negation(words) or _insert_negation(words)
