"""Loading and running the packaged cross-encoder with onnxruntime and ``tokenizers``.

No torch and no network at run time: everything comes from the ``model/`` folder next to this
module. Batches are sorted by token length and padded only to their own longest member, which
keeps CPU cost proportional to the real text.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from claimaudit.judges.local.aggregate import PASSAGE_LABELS, AggregatorParams, Array
from claimaudit.judges.local.reading import TYPOGRAPHY
from claimaudit.judges.local.windows import WINDOW_MODES
from claimaudit.judges.protocol import JudgeError

MODEL_DIR = Path(__file__).resolve().parent / "model"
CONFIG_FILE = "config.json"
# What the graph must take, and what it may: encoders without segment embeddings (RoBERTa,
# DeBERTa, MPNet) take no token_type_ids, and are fed what their graph declares.
_REQUIRED_INPUTS = ("input_ids", "attention_mask")
_OPTIONAL_INPUTS = ("token_type_ids",)
# What the verifier runs on, named with their versions when it cannot be imported.
_RUNTIME = ("onnxruntime", "tokenizers", "numpy")


@dataclass(frozen=True)
class VerifierConfig:
    version: str
    model_file: str
    model_sha256: str
    tokenizer_file: str
    max_length: int
    batch_size: int
    aggregator: AggregatorParams
    # Windows scored by the cross-encoder at most (the rest pre-selected away by BM25).
    preselect_limit: int = 48
    # The second pass reads at most this many of the best windows, this many characters.
    joint_windows: int = 4
    joint_chars: int = 1200
    # How passages are cut into windows (``windows.WINDOW_MODES``); configs written before the
    # choice existed were calibrated on packed windows.
    window_mode: str = "packed"
    # Confidence at or above which a supports needs no review: fitted on validation papers so
    # that cleared verdicts were right at least 95% of the time (None: the policy's default).
    review_threshold: float | None = None
    # A batch ends where the next pair (in order of length) is longer than this many times its
    # shortest pair, plus a few tokens: padding short pairs to a long one costs more than the
    # batch saves. None: batches of ``batch_size`` whatever the lengths (configs before it).
    bucket_ratio: float | None = None

    @classmethod
    def read(cls, model_dir: Path) -> VerifierConfig:
        try:
            settings = (model_dir / CONFIG_FILE).read_bytes()
        except OSError as exc:
            raise JudgeError(f"local verifier config unusable in {model_dir}: {exc}") from exc
        return cls.parse(settings, model_dir)

    @classmethod
    def parse(cls, settings: bytes, model_dir: Path) -> VerifierConfig:
        """The config from config.json's bytes as read once (``model_dir`` names it in errors)."""
        try:
            data: dict[str, Any] = json.loads(settings.decode("utf-8"))
            if tuple(data["passage_labels"]) != PASSAGE_LABELS:
                raise ValueError("passage labels differ from this version of the code")
            return cls(
                version=str(data["version"]),
                model_file=str(data["model_file"]),
                model_sha256=str(data["model_sha256"]),
                tokenizer_file=str(data["tokenizer_file"]),
                max_length=int(data["max_length"]),
                batch_size=int(data.get("batch_size", 32)),
                aggregator=AggregatorParams.from_json(data["aggregator"]),
                preselect_limit=int(data.get("preselect_limit", 48)),
                joint_windows=int(data.get("joint_windows", 4)),
                joint_chars=int(data.get("joint_chars", 1200)),
                window_mode=_window_mode(data.get("window_mode", "packed")),
                review_threshold=_optional_probability(data.get("review_threshold")),
                bucket_ratio=_optional_ratio(data.get("bucket_ratio")),
            )
        except (ValueError, KeyError, TypeError) as exc:
            raise JudgeError(f"local verifier config unusable in {model_dir}: {exc}") from exc


def _window_mode(value: object) -> str:
    if value not in WINDOW_MODES:
        raise ValueError(f"window_mode must be one of {', '.join(WINDOW_MODES)}")
    return str(value)


def _optional_ratio(value: object) -> float | None:
    if value is None:
        return None
    number = float(value)  # type: ignore[arg-type]  # a JSON number; TypeError is caught above
    if not number >= 1.0:
        raise ValueError("bucket_ratio must be at least 1")
    return number


def _optional_probability(value: object) -> float | None:
    if value is None:
        return None
    number = float(value)  # type: ignore[arg-type]  # a JSON number; TypeError is caught above
    if not 0.0 <= number <= 1.0:
        raise ValueError("review_threshold must lie in [0, 1]")
    return number


def typography_first(normalizer: Any) -> Any:
    """NFKC (ligatures, non-breaking and full-width characters) and ``reading.TYPOGRAPHY``,
    then the tokenizer's own normaliser. Only the model's input is normalised; passages and
    quotes stay verbatim."""
    from tokenizers import normalizers

    steps = [normalizers.NFKC(), *(normalizers.Replace(a, b) for a, b in TYPOGRAPHY)]
    return normalizers.Sequence([*steps, normalizer] if normalizer is not None else steps)


def _import_failure(exc: ImportError) -> str:
    """Why the runtime could not be imported, with the versions installed: onnxruntime built
    for numpy 1 fails beside numpy 2 with an ImportError that has no message at all."""
    versions = ", ".join(f"{name} {_installed(name)}" for name in _RUNTIME)
    text = " ".join(str(exc).split())
    detail = f": {text[:300]}" if text else ""
    return f"local verifier could not import its runtime ({versions}): ImportError{detail}"


def _installed(distribution: str) -> str:
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


class VerifierModel:
    """The ONNX session, tokenizer and calibration parameters of one model folder."""

    def __init__(
        self,
        model_dir: Path = MODEL_DIR,
        threads: int = 2,
        settings: bytes | None = None,
        tokenizer: bytes | None = None,
    ) -> None:
        """``settings`` and ``tokenizer``: ``config.json``'s and the tokenizer file's bytes as
        the caller read them (default: read now), so that the model is the one the caller's
        cache identity names."""
        # Imported here so that importing the judge package stays cheap.
        try:
            import onnxruntime as ort
            from tokenizers import Tokenizer
        except ImportError as exc:
            raise JudgeError(_import_failure(exc)) from exc

        self.config = (
            VerifierConfig.read(model_dir)
            if settings is None
            else VerifierConfig.parse(settings, model_dir)
        )
        model_path = model_dir / self.config.model_file
        try:
            blob = model_path.read_bytes()
        except OSError as exc:
            raise JudgeError(f"local verifier model missing: {model_path.name}") from exc
        if hashlib.sha256(blob).hexdigest() != self.config.model_sha256:
            raise JudgeError(
                f"local verifier model {model_path.name} is corrupt (checksum mismatch)"
            )
        try:
            self.tokenizer = (
                Tokenizer.from_file(str(model_dir / self.config.tokenizer_file))
                if tokenizer is None
                else Tokenizer.from_str(tokenizer.decode("utf-8"))
            )
            options = ort.SessionOptions()
            # Fixed thread counts and sequential execution keep results reproducible.
            options.intra_op_num_threads = threads
            options.inter_op_num_threads = 1
            options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
            options.log_severity_level = 3
            self.session = ort.InferenceSession(blob, options, providers=["CPUExecutionProvider"])
        except Exception as exc:  # onnxruntime and tokenizers raise their own exception types
            raise JudgeError(f"local verifier could not be loaded: {type(exc).__name__}") from exc
        declared = {node.name for node in self.session.get_inputs()}
        missing = [name for name in _REQUIRED_INPUTS if name not in declared]
        unknown = sorted(declared - {*_REQUIRED_INPUTS, *_OPTIONAL_INPUTS})
        if missing or unknown:
            raise JudgeError(
                f"local verifier {model_path.name} takes inputs {sorted(declared)}; it needs "
                f"{list(_REQUIRED_INPUTS)} and may take {list(_OPTIONAL_INPUTS)}"
            )
        self._inputs = tuple(n for n in (*_REQUIRED_INPUTS, *_OPTIONAL_INPUTS) if n in declared)
        self.tokenizer.normalizer = typography_first(self.tokenizer.normalizer)
        self.tokenizer.no_padding()
        self.tokenizer.enable_truncation(
            max_length=self.config.max_length, strategy="longest_first"
        )

    @property
    def model_id(self) -> str:
        return f"claimaudit-verifier-{self.config.version}"

    def logits(self, claim: str, passages: Sequence[str]) -> tuple[Array, int]:
        """Raw ``(n, 4)`` logits for (claim, passage) pairs and the number of tokens scored."""
        if not passages:
            return np.zeros((0, len(PASSAGE_LABELS))), 0
        encodings = self.tokenizer.encode_batch([(claim, text) for text in passages])
        order = sorted(range(len(encodings)), key=lambda i: (len(encodings[i].ids), i))
        out = np.zeros((len(encodings), len(PASSAGE_LABELS)), dtype=np.float64)
        lengths = [len(encodings[i].ids) for i in order]
        for start, end in batches(lengths, self.config.batch_size, self.config.bucket_ratio):
            rows = order[start:end]
            width = max(len(encodings[i].ids) for i in rows)
            feeds = {name: np.zeros((len(rows), width), dtype=np.int64) for name in self._inputs}
            for row, index in enumerate(rows):
                enc = encodings[index]
                n = len(enc.ids)
                feeds["input_ids"][row, :n] = enc.ids
                feeds["attention_mask"][row, :n] = 1
                if "token_type_ids" in feeds:
                    feeds["token_type_ids"][row, :n] = enc.type_ids
            try:
                result: npt.NDArray[np.float32] = self.session.run(["logits"], feeds)[0]
            except Exception as exc:  # onnxruntime's own error types
                raise JudgeError(f"local verifier inference failed: {type(exc).__name__}") from exc
            out[rows] = result
        tokens = sum(len(e.ids) for e in encodings)
        return out, tokens

    def claim_read(self, claim: str, passages: Sequence[str]) -> int | None:
        """None when the model reads the whole ``claim`` beside each of ``passages``; else how
        many of its characters it reads beside the one that leaves it least room. A pair past
        ``max_length`` tokens is cut longest side first, so a long claim is read in part, its
        first words only, and nothing else would say so."""
        alone = self.tokenizer.encode(claim)
        whole = alone.sequence_ids.count(0)
        pairs = self.tokenizer.encode_batch([(claim, text) for text in passages])
        if not alone.overflowing and all(e.sequence_ids.count(0) >= whole for e in pairs):
            return None
        return min((_claim_end(e) for e in pairs), default=_claim_end(alone))


def _claim_end(encoding: Any) -> int:
    """Where the claim's last token read ends, in characters of the claim."""
    pairs = zip(encoding.sequence_ids, encoding.offsets, strict=True)
    ends = [end for seq, (_, end) in pairs if seq == 0]
    return max(ends, default=0)


# Tokens a pair may be padded by within a bucket however short it is.
_BUCKET_SLACK = 8


def batches(lengths: Sequence[int], size: int, ratio: float | None) -> list[tuple[int, int]]:
    """(start, end) of each batch over pairs sorted by token length: at most ``size`` pairs,
    and with ``ratio``, none longer than ``ratio`` times the batch's first plus a few tokens."""
    spans: list[tuple[int, int]] = []
    start = 0
    for index, length in enumerate(lengths):
        full = index - start >= size
        long = ratio is not None and length > ratio * lengths[start] + _BUCKET_SLACK
        if index > start and (full or long):
            spans.append((start, index))
            start = index
    if start < len(lengths):
        spans.append((start, len(lengths)))
    return spans
