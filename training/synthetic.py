"""Overreaching rewrites of a supported claim, for the aggregator's calibration papers.

A claim widened past what its evidence says ("always", "all", a causal or far stronger
comparison, every population) is on topic but not established by the same passage: the
calibration stage pairs such a rewrite with the supported claim's own text as an
``insufficient_evidence`` paper (``calibration_data.build``), and the dataset builder uses it as
a ``related`` pair. The rules are plain string edits; the contradicting edits (negation,
direction, numbers, entities) are ``contrast.py``'s, from a parse.
"""

from __future__ import annotations

import random
import re

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


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:] if text[:2] != text[:2].upper() else text


def overreach(claim: str, rng: random.Random) -> str:
    options = [(p, r) for p, r in _OVERREACH_EDITS if re.search(p, claim)]
    if options and rng.random() < 0.6:
        pattern, repl = rng.choice(options)
        return re.sub(pattern, repl, claim, count=1)
    frame = rng.choice(_OVERREACH_FRAMES)
    body = _lower_first(claim) if frame.startswith(("In", "It", "With")) else claim
    return frame.format(c=body)
