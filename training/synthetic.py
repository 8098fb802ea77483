"""Synthetic hard cases derived from real (claim, supporting passage) pairs.

Each perturbation rewrites the *claim* and keeps the passage, so the model must read both:

* negation / direction flip / number or date swap -> the passage now contradicts the claim;
* quantifier or scope overreach ("always", "all", causal or stronger comparison) and entity
  swap -> the passage is on topic but does not establish the claim ("related"), which the
  paper-level aggregator turns into ``insufficient_evidence``, never ``supports``;
* a passage drawn from another document -> "unrelated" (``not_addressed``).

Rules are deliberately simple string edits; one that does not apply returns None.
"""

from __future__ import annotations

import random
import re

from training.data import CON, REL, UNREL, Pair

_NEGATIONS: list[tuple[str, str]] = [
    (r"\bdoes not\b", "does"),
    (r"\bdo not\b", "do"),
    (r"\bis not\b", "is"),
    (r"\bare not\b", "are"),
    (r"\bcannot\b", "can"),
    (r"\bdid not\b", "did"),
    (r"\bhas no\b", "has an"),
    (r"\bno\b", "a"),
    (r"\bis\b", "is not"),
    (r"\bare\b", "are not"),
    (r"\bcan\b", "cannot"),
    (r"\bwas\b", "was not"),
    (r"\bwere\b", "were not"),
    (r"\bhas\b", "does not have"),
    (r"\bhave\b", "do not have"),
]
_ANTONYMS: list[tuple[str, str]] = [
    ("increases", "decreases"),
    ("increased", "decreased"),
    ("increase", "decrease"),
    ("higher", "lower"),
    ("reduces", "increases"),
    ("reduced", "increased"),
    ("promotes", "inhibits"),
    ("inhibits", "promotes"),
    ("enhances", "impairs"),
    ("activates", "suppresses"),
    ("suppresses", "activates"),
    ("more", "less"),
    ("greater", "smaller"),
    ("improves", "worsens"),
    ("positive", "negative"),
    ("upregulates", "downregulates"),
    ("downregulates", "upregulates"),
    ("lower", "higher"),
    ("decreases", "increases"),
    ("decreased", "increased"),
    ("better", "worse"),
    ("benefit", "harm"),
    ("protects against", "causes"),
    ("prevents", "causes"),
    ("effective", "ineffective"),
    ("safe", "unsafe"),
    ("associated with", "unrelated to"),
]
_OVERREACH_EDITS: list[tuple[str, str]] = [
    (r"\bis associated with\b", "always causes"),
    (r"\bare associated with\b", "always cause"),
    (r"\bmay\b", "always"),
    (r"\bcan\b", "always"),
    (r"\bsome\b", "all"),
    (r"\bmost\b", "all"),
    (r"\breduces\b", "completely eliminates"),
    (r"\bincreases\b", "always doubles"),
    (r"\bhigher\b", "ten times higher"),
    (r"\blower\b", "ten times lower"),
    (r"\bpatients\b", "all patients in every population"),
    (r"\bmice\b", "all mammals including humans"),
    (r"\bcorrelates with\b", "directly causes"),
    (r"\bimproves\b", "always improves"),
]
_OVERREACH_FRAMES = [
    "In every population and under all conditions, {c}",
    "It is universally true that {c}",
    "Without exception, {c}",
    "{c} This holds for all people, always.",
    "{c} This is true in every case worldwide.",
]
_NUMBER = re.compile(r"\b\d+(?:\.\d+)?\b")
_ENTITY = re.compile(
    r"\b(?:[A-Z][A-Za-z]*\d[A-Za-z0-9-]*|[A-Z]{2,}[a-z]?\d*|[A-Za-z]+-\d+[A-Za-z]*)\b"
)


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:] if text[:2] != text[:2].upper() else text


def negate(claim: str, rng: random.Random) -> str | None:
    rules = _NEGATIONS[:]
    for pattern, repl in rules:
        if re.search(pattern, claim):
            return re.sub(pattern, repl, claim, count=1)
    return None


def flip_direction(claim: str, rng: random.Random) -> str | None:
    options = [(a, b) for a, b in _ANTONYMS if re.search(rf"\b{a}\b", claim)]
    if not options:
        return None
    a, b = rng.choice(options)
    return re.sub(rf"\b{a}\b", b, claim, count=1)


def swap_number(claim: str, rng: random.Random) -> str | None:
    matches = list(_NUMBER.finditer(claim))
    if not matches:
        return None
    match = rng.choice(matches)
    value = float(match.group())
    if 1900 <= value <= 2100 and "." not in match.group():
        new = str(int(value) + rng.choice([-7, -3, 4, 9]))  # a year: shift it
    else:
        factor = rng.choice([0.25, 0.5, 3.0, 10.0])
        new_value = value * factor if value else rng.choice([5.0, 12.0])
        new = f"{new_value:g}" if "." in match.group() else str(round(new_value) or 7)
        if new == match.group():
            new = str(int(value) + 11)
    return claim[: match.start()] + new + claim[match.end() :]


def overreach(claim: str, rng: random.Random) -> str:
    options = [(p, r) for p, r in _OVERREACH_EDITS if re.search(p, claim)]
    if options and rng.random() < 0.6:
        pattern, repl = rng.choice(options)
        return re.sub(pattern, repl, claim, count=1)
    frame = rng.choice(_OVERREACH_FRAMES)
    body = _lower_first(claim) if frame.startswith(("In", "It", "With")) else claim
    return frame.format(c=body)


def swap_entity(claim: str, donors: list[str], rng: random.Random) -> str | None:
    mine = _ENTITY.findall(claim)
    if not mine:
        return None
    pool = [e for e in donors if e not in mine]
    if not pool:
        return None
    return claim.replace(rng.choice(mine), rng.choice(pool), 1)


def hard_cases(
    support: list[Pair], passages: list[str], rng: random.Random, per_pair: float
) -> list[Pair]:
    """Derive hard cases from supporting pairs; ``per_pair`` caps the expected count per pair."""
    donors = sorted({e for p in support for e in _ENTITY.findall(p.claim)})
    out: list[Pair] = []
    for pair in support:
        src = pair.source + "+synthetic"
        made: list[Pair] = []
        flipped = flip_direction(pair.claim, rng) or negate(pair.claim, rng)
        if flipped:
            made.append(Pair(flipped, pair.passage, CON, src + "-negation"))
        number = swap_number(pair.claim, rng)
        if number:
            made.append(Pair(number, pair.passage, CON, src + "-number"))
        made.append(Pair(overreach(pair.claim, rng), pair.passage, REL, src + "-overreach"))
        entity = swap_entity(pair.claim, donors, rng)
        if entity:
            made.append(Pair(entity, pair.passage, REL, src + "-entity"))
        made.append(Pair(pair.claim, rng.choice(passages), UNREL, src + "-unrelated"))
        rng.shuffle(made)
        keep = int(per_pair) + (1 if rng.random() < per_pair - int(per_pair) else 0)
        out.extend(made[:keep])
    return out
