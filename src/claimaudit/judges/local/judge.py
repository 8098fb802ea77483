"""The ``local`` judge: answers a Decision with the packaged verifier, offline and deterministic."""

from __future__ import annotations

import hashlib
import os
import threading
from collections.abc import Mapping
from pathlib import Path

import numpy as np

from claimaudit.judges.local import aggregate as agg
from claimaudit.judges.local import consistency, scoring
from claimaudit.judges.local.reading import as_read
from claimaudit.judges.local.runtime import CONFIG_FILE, MODEL_DIR, VerifierConfig, VerifierModel
from claimaudit.judges.local.windows import fold_to_passages
from claimaudit.judges.protocol import (
    PASSAGES_READ,
    ChoiceAnswer,
    ChoiceQuestion,
    Decision,
    Judge,
    JudgeError,
    JudgeReply,
    confidence_from_probabilities,
)
from claimaudit.passage import Passage

RELATION = "relation"
EVIDENCE = "evidence"
NONE = "none"

# How this code reads a paper for the model (windows, citation markers dropped, ...). Bumped when
# a change here gives other answers from the same model folder, so cached answers are not reused.
READER_REVISION = "7"  # 3: run 8, never shipped; 6: checks, 7: probe read typography
# What the judge notes for review beside its answers (1: a claim read in part). Part of the
# cache identity, not of the reader's revision: the scores, and calibration's, are the same.
NOTES_REVISION = "1"
# What the judge reports beside its answers for the record (1: passagesRead). Part of the cache
# identity, so a record cached before it was reported is not reused without it; as the notes,
# no part of the reader's revision.
USAGE_REVISION = "1"
# Words of the claim quoted where the model stopped reading it.
_READ_TO_CHARS = 40

# Keyed by the config's and the tokenizer's digests too: a folder recalibrated (or its tokenizer
# edited) while the process runs is a new model, never the old one under the new identity (one
# entry per change seen).
_models: dict[tuple[Path, int, str, str], VerifierModel] = {}
_lock = threading.Lock()


def _cores() -> int:
    """CPUs this process may run on (a container's share, where the OS tells it)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not every OS has affinity masks
        return os.cpu_count() or 1


def _digest(settings: bytes) -> str:
    return hashlib.sha256(settings).hexdigest()[:16]


def _read_files(model_dir: Path) -> tuple[bytes, VerifierConfig, bytes]:
    """config.json's bytes, the config they give and the tokenizer file's bytes, each read
    once: the tokenizer decides what the model reads, so its bytes are part of the identity."""
    try:
        settings = (model_dir / CONFIG_FILE).read_bytes()
    except OSError as exc:
        raise JudgeError(f"local verifier config unusable in {model_dir}: {exc}") from exc
    config = VerifierConfig.parse(settings, model_dir)
    try:
        tokenizer = (model_dir / config.tokenizer_file).read_bytes()
    except OSError as exc:
        raise JudgeError(f"local verifier tokenizer missing: {config.tokenizer_file}") from exc
    return settings, config, tokenizer


def load_model(
    model_dir: Path = MODEL_DIR,
    threads: int = 2,
    settings: bytes | None = None,
    tokenizer: bytes | None = None,
) -> VerifierModel:
    """One session per (folder, threads, config, tokenizer) per process: loading costs far
    more than a decision. ``settings`` and ``tokenizer``: the config.json and tokenizer bytes
    the caller's identity was made from (default: the folder's now)."""
    if settings is None or tokenizer is None:
        settings, _, tokenizer = _read_files(model_dir)
    key = (model_dir.resolve(), threads, _digest(settings), _digest(tokenizer))
    with _lock:
        model = _models.get(key)
        if model is None:
            model = VerifierModel(model_dir, threads, settings, tokenizer)
            _models[key] = model
        return model


def _review_notes(
    claim: str, relation: ChoiceAnswer, evidence: ChoiceAnswer, passages: list[Passage]
) -> list[str]:
    """Consistency problems between the claim and the quoted passage, for a verdict that rests
    on it: a ``supports`` with any of them is never cleared without review."""
    if relation.choice not in ("supports", "contradicts"):
        return []
    quoted = next((p for p in passages if p.passage_id == evidence.choice), None)
    if quoted is None:
        return []
    paper_text = " ".join(as_read(p.text) for p in passages)
    # The claim is read as the evidence is: "(Virtanen et al., 2020)" is no year of the claim's.
    return consistency.check(
        as_read(claim), as_read(quoted.text), paper_text, shown=quoted.text
    ).notes()


def _claim_cut_note(claim: str, read: int, config: VerifierConfig) -> str:
    """The claim was longer than the model reads beside a passage: its verdict is on the
    claim's first words only, which the record must say (the rest may be what matters)."""
    last = " ".join(claim[:read].split())[-_READ_TO_CHARS:]
    cut = last.split(" ", 1)[-1] if len(last) == _READ_TO_CHARS and " " in last else last
    return (
        f"the claim is longer than the embedded model reads with a passage ({config.max_length} "
        f"tokens in all): beside the longest, it read only the first {read:,} of the claim's "
        f"{len(claim):,} characters, to \u201c\u2026{cut}\u201d; check the claim in shorter parts"
    )


def _answer(labels: list[str], probabilities: np.ndarray) -> ChoiceAnswer:
    values = {label: float(p) for label, p in zip(labels, probabilities, strict=True)}
    confidence = confidence_from_probabilities(values) if len(values) >= 2 else 1.0
    return ChoiceAnswer(agg.choice_order(labels, probabilities), values, confidence)


class LocalJudge(Judge):
    """Scores every candidate passage, then aggregates (see ``aggregate``'s docstring)."""

    name = "local"

    def __init__(self, model_dir: Path = MODEL_DIR, threads: int = 2) -> None:
        self.model_dir = model_dir
        self.threads = threads
        # config.json and the tokenizer as first read by this judge: its identity, threshold
        # and model all come from these bytes, so a folder recalibrated (or its tokenizer
        # edited) meanwhile cannot mix old and new.
        self._files: tuple[bytes, VerifierConfig, bytes] | None = None
        self._pin_lock = threading.Lock()  # server threads share one judge

    def _pinned(self) -> tuple[bytes, VerifierConfig, bytes]:
        """The config bytes, config and tokenizer bytes this judge answers with (read once);
        JudgeError for a broken folder."""
        with self._pin_lock:
            if self._files is None:
                self._files = _read_files(self.model_dir)
            return self._files

    @property
    def concurrency(self) -> int:
        """How many decisions may run at once: each keeps ``threads`` cores busy in onnxruntime,
        so callers beyond the cores gain nothing (on two cores, two callers reviewed a draft no
        faster than one; docs/benchmarks.md)."""
        return max(1, _cores() // max(1, self.threads))

    @property
    def cache_identity(self) -> str | None:
        """Model version, weights checksum, digests of the whole config and of the tokenizer
        file, and the reader's revision: a retrained or recalibrated model (same weights, new
        aggregator or threshold), an edited tokenizer (same config, other tokens) or a new way
        of reading the passages never reuses old answers."""
        try:
            settings, config, tokenizer = self._pinned()
        except JudgeError:
            return None  # decide() will report the broken model; nothing is cached
        return (
            f"claimaudit-verifier-{config.version}:{config.model_sha256}:{_digest(settings)}"
            f":tokenizer{_digest(tokenizer)}:reader{READER_REVISION}:notes{NOTES_REVISION}:usage{USAGE_REVISION}"
        )

    @property
    def review_threshold(self) -> float | None:
        """The confidence this model's cleared verdicts were validated at (model config)."""
        try:
            return self._pinned()[1].review_threshold
        except JudgeError:
            return None  # decide() will report the broken model

    def decide(self, decision: Decision) -> JudgeReply:
        self._check_questions(decision.questions)
        settings, _, tokenizer = self._pinned()
        model = load_model(self.model_dir, self.threads, settings, tokenizer)
        case = decision.case
        passages = list(case.passages)
        texts = [p.text for p in passages]
        query = f"{case.claim} {case.topic}" if case.topic else case.claim
        scores = scoring.score(model, case.claim, texts, query, model.config)
        params = model.config.aggregator
        inputs = scoring.paper_inputs(scores, case.claim, params.passage_temperature)
        relation = agg.relation_probabilities(params, inputs.features)
        by_window = agg.evidence_probabilities(
            relation, inputs.window_probs, params.evidence_temperature
        )
        evidence = np.append(
            fold_to_passages(by_window[:-1], scores.windows.owners, len(passages)), by_window[-1]
        )
        relation_answer = _answer(list(agg.RELATION_OPTIONS), relation)
        evidence_answer = self._evidence_answer(
            decision.questions[EVIDENCE], [p.passage_id for p in passages], evidence
        )
        notes = _review_notes(case.claim, relation_answer, evidence_answer, passages)
        if scores.claim_read is not None:
            notes.insert(0, _claim_cut_note(case.claim, scores.claim_read, model.config))
        usage = {
            "passages": len(passages),
            "windows": len(scores.windows.texts),
            "windowsScored": len(scores.kept),
            # At most preselect_limit windows are scored: on a long selection, passages whose
            # windows all fall outside them are never read, and the record must say so.
            PASSAGES_READ: len({scores.windows.owners[i] for i in scores.kept}),
            "tokens": scores.tokens,
        }
        return JudgeReply(
            model=model.model_id,
            answers={RELATION: relation_answer, EVIDENCE: evidence_answer},
            usage=usage,
            review_notes=tuple(notes),
        )

    @staticmethod
    def _check_questions(questions: Mapping[str, ChoiceQuestion]) -> None:
        if set(questions) != {RELATION, EVIDENCE}:
            raise JudgeError(
                f"local judge answers 'relation' and 'evidence', got {sorted(questions)}"
            )
        if set(questions[RELATION].options) != set(agg.RELATION_OPTIONS):
            raise JudgeError("local judge: unexpected relation options")
        if NONE not in questions[EVIDENCE].options:
            raise JudgeError("local judge: the evidence question has no 'none' option")

    @staticmethod
    def _evidence_answer(
        question: ChoiceQuestion, passage_ids: list[str], evidence: np.ndarray
    ) -> ChoiceAnswer:
        # Options are the question's, in its order; a scored passage that is not an option drops
        # out and an option without a passage gets zero, then the rest is renormalised.
        labels = list(question.options)
        mass = dict.fromkeys(labels, 0.0)
        for passage_id, p in zip([*passage_ids, NONE], evidence, strict=True):
            if passage_id in mass:
                mass[passage_id] += float(p)
        total = sum(mass.values())
        if total <= 0.0:
            mass[NONE], total = 1.0, 1.0
        return _answer(labels, np.array([mass[label] / total for label in labels]))
