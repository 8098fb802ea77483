"""A judged record's fields, as the CLI's renderers and notes read them; tests name what differs."""

from __future__ import annotations

from typing import Any


def judged_record(**fields: Any) -> dict[str, Any]:
    """A confident local ``supports`` record needing review; *fields* replace or add keys."""
    base: dict[str, Any] = {
        "searchQuery": fields.get("claim", ""),
        "evidenceScope": "selected_passages",
        "retrievedAt": "2026-12-06T06:31:59Z",
        "judge": "local",
        "model": "m",
        "verdict": "supports",
        "confidence": 0.9,
        "probabilities": {
            "supports": 0.9,
            "contradicts": 0.05,
            "not_addressed": 0.0,
            "insufficient_evidence": 0.05,
        },
        "evidenceConfidence": 0.5,
        "passagesConsidered": 3,
        "passagesSelected": 2,
        "needsReview": True,
    }
    return {**base, **fields}
