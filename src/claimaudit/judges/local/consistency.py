"""Explicit consistency checks between a claim and the evidence the verifier chose.

A small cross-encoder can read "released in 2005" as supported by "released in 2017": the
sentences match in every word but one. These checks look at exactly what it may miss (numbers
and years, negation, direction words, named entities) with plain rules, cheaply. They serve
twice: as features of the paper-level aggregator, and as review notes, so a ``supports`` whose
evidence disagrees with the claim on one of them is never cleared without a human look.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from claimaudit.judges.local import directions
from claimaudit.judges.local.quantities import Quantity, missing, numbers_read, quantities
from claimaudit.judges.local.reading import as_read, plain_typography
from claimaudit.text.plain import sentences

# A note quotes the sentence it is about, shortened so that the record stays readable.
_EXCERPT_CHARS = 160
_YEAR = re.compile(r"^(1[89]\d\d|20\d\d)$")
_WORD = re.compile(r"[A-Za-z][A-Za-z'\-]*")
_NEGATION = re.compile(
    r"\b(?:not|no|never|none|neither|nor|without|cannot|can't|n't|fails?|failed|lacks?|lacked"
    r"|absence|absent|unable|unaffected|nonsignificant|insignificant"
    r"|hardly|scarcely|barely|seldom)\b|n't\b",
    re.IGNORECASE,
)
# Idioms with a negation cue that negate nothing: "not only ... but also", "without doubt",
# "cannot be overstated", "Trial No. 3".
_NOT_NEGATING = re.compile(
    r"\bnot only\b|\b(?:without|no) (?:a )?doubt\b"
    r"|\b(?:cannot|can't|can not) be (?:overstated|overemphasi[sz]ed|underestimated)\b"
    r"|\bno\.\s*(?=\d)",
    re.IGNORECASE,
)
_STOP = set(
    "the a an of in on and or to for with by is are was were be been being that this these those "
    "as at from it its their our we can may than which has have had do does did not no into also "
    "such other more most all some any each both between over under".split()
)
# A name: with a digit ("BRCA1", "COVID-19"), in capitals ("CERN", "GPUs"), or in camel case
# ("TensorFlow"); read whole across hyphens to parts with a capital or a digit ("IL-6",
# "SARS-CoV-2"), not to plain words ("CNN-based" names CNN).
_ENTITY = re.compile(
    r"\b(?:[A-Z][A-Za-z]*\d[A-Za-z0-9]*|[A-Z]{2,}[a-z]?\d*|[A-Za-z]+-\d+[A-Za-z]*"
    r"|[A-Z][a-z]+(?:[A-Z][A-Za-z]+)+)(?:-(?=[a-z]*[A-Z0-9])[A-Za-z0-9]+)*\b"
)
# An acronym's plural: "GPUs" is named where the text says "GPU".
_ACRONYM_PLURAL = re.compile(r"[A-Z]{2,}s")

FEATURE_NAMES: tuple[str, ...] = (
    "number_missing",
    "number_conflict",
    "negation_mismatch",
    "direction_conflict",
    "entity_missing",
    "overlap",
)


def _negated(text: str) -> bool:
    return bool(_NEGATION.search(_NOT_NEGATING.sub(" ", directions.plain_sense(text))))


def _named(entity: str, text: str) -> bool:
    """Whether ``text`` names ``entity`` as a whole word ("CERN" is not in "concerning"),
    in either number ("GPU" names "GPUs" and the other way round)."""
    singular = entity[:-1] if _ACRONYM_PLURAL.fullmatch(entity) else entity
    pattern = r"(?<![A-Za-z0-9\-])" + re.escape(singular) + r"(?:s|es)?(?![A-Za-z0-9]|-[A-Za-z0-9])"
    return re.search(pattern, text, re.IGNORECASE) is not None


def _content_words(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(text) if w.lower() not in _STOP and len(w) > 2}


def focus_sentence(claim: str, evidence: str) -> str:
    """The evidence sentence sharing the most content words with the claim (the first on a tie).

    Negation is compared with this sentence, not the whole window: a window of several
    sentences nearly always holds a "not" or "without" somewhere, and a check that fires
    everywhere warns of nothing (run 28 in training/EXPERIMENTS.md)."""
    words = _content_words(claim)
    parts = list(sentences(evidence, max(len(evidence), 1))) or [evidence]
    return max(parts, key=lambda part: len(words & _content_words(part)))


def _excerpt(sentence: str) -> str:
    """The sentence in quotation marks, cut at a word after ``_EXCERPT_CHARS``."""
    if len(sentence) > _EXCERPT_CHARS:
        cut = sentence.rfind(" ", 0, _EXCERPT_CHARS)
        sentence = sentence[: cut if cut > 0 else _EXCERPT_CHARS].rstrip(" ,;:") + "\u2026"
    return f"\u201c{sentence}\u201d"


@dataclass(frozen=True)
class Consistency:
    """What the claim says that the evidence does not, feature by feature."""

    claim_numbers_missing: tuple[str, ...]  # numbers of the claim absent from the evidence
    evidence_numbers: tuple[str, ...]
    direction_conflicts: tuple[tuple[str, str], ...]  # (claim word, evidence word)
    entities_missing: tuple[str, ...]  # claim entities found nowhere in the paper's text
    overlap: float  # share of the claim's content words found in the evidence
    focus: str  # the evidence sentence the claim is about, as the checks read it
    claim_negated: bool
    # That sentence as the passage prints it, which a note quotes: a reader looks for the quote
    # in the passage, and the checks' reading straightens its quotes and drops its citations.
    quote: str = ""

    @property
    def negation_mismatch(self) -> bool:
        """One of the claim and its focus sentence is negated and the other is not."""
        return self.claim_negated != _negated(self.focus)

    @property
    def number_conflict(self) -> bool:
        """The claim gives a number the evidence does not, while the evidence gives others."""
        return bool(self.claim_numbers_missing) and bool(self.evidence_numbers)

    def features(self, claim_numbers: int, claim_entities: int) -> list[float]:
        return [
            len(self.claim_numbers_missing) / claim_numbers if claim_numbers else 0.0,
            float(self.number_conflict),
            float(self.negation_mismatch),
            float(bool(self.direction_conflicts)),
            len(self.entities_missing) / claim_entities if claim_entities else 0.0,
            self.overlap,
        ]

    def notes(self) -> list[str]:
        """Why a human should look, in words a reader can check against the quote."""
        notes: list[str] = []
        if self.number_conflict:
            years = all(_YEAR.match(n) for n in self.claim_numbers_missing)
            kind = "year" if years else "number"
            shown = _listed(self.evidence_numbers[:4])
            missing = _listed(self.claim_numbers_missing)
            notes.append(f"the claim's {kind} {missing} is not in the evidence (it gives {shown})")
        if self.negation_mismatch:
            negated, plain = ("the claim", "the evidence sentence closest to it")
            if not self.claim_negated:
                negated, plain = ("the evidence sentence closest to the claim", "the claim")
            quote = _excerpt(self.quote or self.focus)
            notes.append(f"{negated} is negated and {plain} is not: {quote}")
        for mine, theirs in self.direction_conflicts[:2]:
            notes.append(f"the claim says '{mine}' where the evidence says '{theirs}'")
        if self.entities_missing:
            names = ", ".join(self.entities_missing[:3])
            notes.append(f"the paper's text never names {names}")
        return notes


def check(claim: str, evidence: str, paper_text: str, *, shown: str | None = None) -> Consistency:
    """Compare the claim with the chosen evidence (and, for names, the whole candidate text).

    All three are read with plain typography, as the model reads them: a PDF's "doesn\u2019t"
    is negated as its LaTeX source's "doesn't" is, and "IL\u20116" names "IL-6". The caller
    gives the claim as the verifier reads it (``reading.as_read``: no citation markers), and
    may give ``shown``, the evidence passage as stored, for the notes to quote."""
    # Numbers are read before NFKC, which would make the power in "10\u207b\u2075" "10-5".
    claim_read, evidence_read = numbers_read(claim), numbers_read(evidence)
    claim_numbers = quantities(claim_read, evidence_read)
    evidence_numbers = quantities(evidence_read, claim_read)
    claim, evidence = plain_typography(claim), plain_typography(evidence)
    paper_text = plain_typography(paper_text)
    claim_words = _content_words(claim)
    evidence_words = _content_words(evidence)
    entities = sorted(set(_ENTITY.findall(claim)))
    overlap = len(claim_words & evidence_words) / len(claim_words) if claim_words else 0.0
    return Consistency(
        claim_numbers_missing=_shown(missing(claim_numbers, evidence_numbers)),
        evidence_numbers=_shown(missing(evidence_numbers, claim_numbers)),
        direction_conflicts=directions.conflicts(
            directions.plain_sense(claim), directions.plain_sense(evidence)
        ),
        entities_missing=tuple(e for e in entities if not _named(e, paper_text)),
        overlap=overlap,
        focus=focus_sentence(claim, evidence),
        claim_negated=_negated(claim),
        quote="" if shown is None else _shown_focus(claim, shown),
    )


def _shown_focus(claim: str, shown: str) -> str:
    """The sentence of the stored passage the claim is about, chosen as ``focus_sentence``
    chooses it (each sentence read as the checks read it) but returned as printed."""
    words = _content_words(claim)
    parts = list(sentences(shown, max(len(shown), 1))) or [shown]
    return max(parts, key=lambda part: len(words & _content_words(plain_typography(as_read(part)))))


def _listed(numbers: tuple[str, ...]) -> str:
    """The numbers one after another; "; " between them where one has a comma ("1,5; 2.400"),
    which ", " would run together."""
    return ("; " if any("," in n for n in numbers) else ", ").join(numbers)


def _shown(numbers: list[Quantity]) -> tuple[str, ...]:
    return tuple(sorted({q.text for q in numbers}))


def counts(claim: str) -> tuple[int, int]:
    """(numbers, entities) in the claim: the denominators of the share features."""
    numbers = quantities(numbers_read(claim))
    return len(numbers), len(set(_ENTITY.findall(plain_typography(claim))))
