"""Offline check of hard rules on top of a model folder's aggregator, on its cached scores.

    .venv/bin/python -m training.rule_overrides MODEL_DIR

Each rule turns a predicted ``supports`` into another relation; the script prints the
three-class macro-F1 of every calibration and dev set before and after, how often the rule
fires and on how many gold ``supports`` and ``contradicts``. Scores come from
``training.calibrate``'s cache (a fresh folder is scored first, which takes minutes). Results:
``training/EXPERIMENTS.md``, runs 13b and 32.

To ``insufficient_evidence`` (run 13b):

- ``entity``: the claim names something (``consistency`` entities: "SIFT", "GitLab") that the
  paper's scored text never names.
- ``overreach``: the claim states a universal or superlative ("every", "most", "best", "only")
  that its evidence window does not.

To ``contradicts`` (run 32):

- ``number``: the claim gives a number its evidence window does not, while the window gives
  others (``number_conflict``).
- ``direction``: a direction word of the claim is reversed in its evidence window
  (``direction_conflict``).
- ``slot_number`` (run 40): a number of the claim is absent from its evidence window, which
  holds another number of the same kind (year, percentage, other) among the same words (at
  least two content words shared within three tokens either side, or all of the claim's when it
  has one).
- ``slot_name`` (run 62): a name of the claim (a capitalised word not opening its sentence) is
  absent from its evidence window, which holds another name among the same words, as
  ``slot_number`` reads them.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from pathlib import Path

import numpy as np

from claimaudit.judges.local import aggregate as agg
from claimaudit.judges.local import scoring
from claimaudit.judges.local.consistency import _STOP, _YEAR, _content_words
from claimaudit.judges.local.reading import plain_typography
from claimaudit.judges.local.runtime import VerifierConfig, VerifierModel
from training.calibrate import paper_arrays, predict, scored_papers
from training.calibration_data import Paper
from training.grounding import macro_of_labels

SUPPORTS, CONTRADICTS, INSUFFICIENT = 0, 1, 3
_QUANTIFIERS = re.compile(
    r"\b(all|every|everyone|always|never|none|any|most|majority|best|only|entire|universally"
    r"|whole)\b",
    re.IGNORECASE,
)
Rule = Callable[[Paper, np.ndarray, float], bool]


def entity_missing(paper: Paper, features: np.ndarray, temperature: float) -> bool:
    return bool(features[agg.FEATURE_NAMES.index("entity_missing")] > 0)


def _evidence(paper: Paper, temperature: float) -> str | None:
    """The text of the window the paper's evidence comes from, if any."""
    assert paper.scores is not None
    best = scoring.paper_inputs(paper.scores, paper.claim, temperature).best_window
    return None if best is None else paper.scores.windows.texts[best]


def overreach(paper: Paper, features: np.ndarray, temperature: float) -> bool:
    window = _evidence(paper, temperature)
    if window is None:
        return False
    evidence = window.lower()
    words = {word.lower() for word in _QUANTIFIERS.findall(paper.claim)}
    return bool(words) and not any(re.search(rf"\b{w}\b", evidence) for w in words)


def number_conflict(paper: Paper, features: np.ndarray, temperature: float) -> bool:
    return bool(features[agg.FEATURE_NAMES.index("number_conflict")] > 0)


def direction_conflict(paper: Paper, features: np.ndarray, temperature: float) -> bool:
    return bool(features[agg.FEATURE_NAMES.index("direction_conflict")] > 0)


_TOKEN = re.compile(r"\S+")
# 0.4.4's number pattern, which run 40 measured with (the checks read numbers otherwise since
# run 41): kept here so that the study reproduces.
_NUMBER = re.compile(r"(?<![\w.\-])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?![\w\-]*\d)(?!-)")
_PERCENT = re.compile(r"\s*(%|percent\b|per cent\b)", re.IGNORECASE)
SLOT_TOKENS, SLOT_SHARED = 3, 2


def _context(words: list[str], at: int) -> set[str]:
    """The content words among the ``SLOT_TOKENS`` tokens either side of ``words[at]``."""
    near = words[max(0, at - SLOT_TOKENS) : at] + words[at + 1 : at + 1 + SLOT_TOKENS]
    return _content_words(" ".join(near))


def _slots(text: str) -> list[tuple[str, str, set[str]]]:
    """Each number of ``text`` with its kind and the content words around it."""
    tokens = [(m.start(), m.end(), m.group()) for m in _TOKEN.finditer(text)]
    out = []
    for match in _NUMBER.finditer(text):
        value = match.group(1).replace(",", "")
        at = next(i for i, (start, end, _) in enumerate(tokens) if start <= match.start() < end)
        if _YEAR.match(value):
            kind = "year"
        elif _PERCENT.match(text, match.end()):
            kind = "percent"
        else:
            kind = "other"
        out.append((value, kind, _context([word for _, _, word in tokens], at)))
    return out


def slot_conflict(claim: str, evidence: str) -> bool:
    """A number of the claim that the evidence gives otherwise, among the same words."""
    claim, evidence = plain_typography(claim), plain_typography(evidence)
    mine, theirs = _slots(claim), _slots(evidence)
    claim_values = {value for value, _, _ in mine}
    evidence_values = {value for value, _, _ in theirs}
    return any(
        value not in evidence_values
        and other not in claim_values
        and kind == other_kind
        and context
        and len(context & other_context) >= min(SLOT_SHARED, len(context))
        for value, kind, context in mine
        for other, other_kind, other_context in theirs
    )


def slot_number(paper: Paper, features: np.ndarray, temperature: float) -> bool:
    evidence = _evidence(paper, temperature)
    return evidence is not None and slot_conflict(paper.claim, evidence)


_NAME = re.compile(r"[A-Z][A-Za-z0-9+#\-]+")
_SENTENCE_END = (".", "!", "?", ":", ";")


def _names(text: str) -> list[tuple[str, set[str]]]:
    """Each capitalised word of ``text`` that does not open a sentence, with its context."""
    tokens = [m.group() for m in _TOKEN.finditer(text)]
    out = []
    for at, token in enumerate(tokens):
        word = token.strip("()[]{}\"'.,;:!?")
        opens = at == 0 or tokens[at - 1].endswith(_SENTENCE_END)
        if opens or not _NAME.fullmatch(word) or word.lower() in _STOP:
            continue
        out.append((word.lower(), _context(tokens, at)))
    return out


def name_conflict(claim: str, evidence: str) -> bool:
    """A name of the claim that the evidence gives otherwise, among the same words."""
    claim, evidence = plain_typography(claim), plain_typography(evidence)
    evidence_words = {w.lower() for w in re.findall(r"[\w+#\-]+", evidence)}
    claim_words = {w.lower() for w in re.findall(r"[\w+#\-]+", claim)}
    theirs = [(name, context) for name, context in _names(evidence) if name not in claim_words]
    return any(
        name not in evidence_words
        and context
        and len(context & other_context) >= min(SLOT_SHARED, len(context))
        for name, context in _names(claim)
        for _, other_context in theirs
    )


def slot_name(paper: Paper, features: np.ndarray, temperature: float) -> bool:
    evidence = _evidence(paper, temperature)
    return evidence is not None and name_conflict(paper.claim, evidence)


# Each rule with the relation it turns a predicted ``supports`` into.
RULES: dict[str, tuple[Rule, int]] = {
    "entity": (entity_missing, INSUFFICIENT),
    "overreach": (overreach, INSUFFICIENT),
    "number": (number_conflict, CONTRADICTS),
    "direction": (direction_conflict, CONTRADICTS),
    "slot_number": (slot_number, CONTRADICTS),
    "slot_name": (slot_name, CONTRADICTS),
}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("model_dir", type=Path)
    args = parser.parse_args()
    params = VerifierConfig.read(args.model_dir).aggregator
    fitted = (params.mean, params.scale, params.weights, params.bias)
    calibration, dev = scored_papers(args.model_dir, VerifierModel(args.model_dir), 13)
    sets = {
        name: [p for p in calibration if p.dataset == name]
        for name in ("scifact", "citation-integrity", "check-covid")
    }
    sets.update(dev)
    for rule_name, (rule, target) in RULES.items():
        print(f"## {rule_name}")
        for name, papers in sets.items():
            features, _ = paper_arrays(papers, params.passage_temperature)
            predicted = predict(fitted, features).argmax(1)
            gold = np.array([p.label for p in papers])
            fires = np.array(
                [
                    predicted[i] == SUPPORTS
                    and p.real
                    and p.scores is not None
                    and rule(p, features[i], params.passage_temperature)
                    for i, p in enumerate(papers)
                ]
            )
            changed = np.where(fires, target, predicted)
            before, after = macro_of_labels(papers, predicted), macro_of_labels(papers, changed)
            print(
                f"{name:24s} {before:.3f} -> {after:.3f}"
                f"  fires {int(fires.sum())}, on gold supports {int(np.sum(fires & (gold == 0)))}"
                f", on gold contradicts {int(np.sum(fires & (gold == CONTRADICTS)))}"
            )


if __name__ == "__main__":
    main()
