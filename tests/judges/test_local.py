"""The embedded verifier: packaging, protocol, determinism, aggregation rules, regression guards.

Runs offline from the packaged model folder; nothing is downloaded.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import numpy as np
import pytest

from claimaudit.judges.local import LocalOptions, make_judge, register
from claimaudit.judges.local import aggregate as agg
from claimaudit.judges.local.judge import (
    NOTES_REVISION,
    READER_REVISION,
    USAGE_REVISION,
    LocalJudge,
    load_model,
)
from claimaudit.judges.local.runtime import MODEL_DIR, VerifierConfig
from claimaudit.judges.protocol import (
    Case,
    Decision,
    Judge,
    JudgeError,
    JudgeSettings,
    validate_reply,
)
from claimaudit.judges.questions import build_decision
from claimaudit.passage import Passage
from claimaudit.plugins import Registry

os.environ["HF_HUB_OFFLINE"] = "1"

RELATIONS = list(agg.RELATION_OPTIONS)


def make_decision(claim: str, *texts: str) -> Decision:
    passages = [Passage(f"P{i + 1:03d}", text) for i, text in enumerate(texts)]
    return build_decision(Case(claim=claim, paper_title="A paper", passages=passages))


@pytest.fixture(scope="module")
def judge() -> LocalJudge:
    return LocalJudge()


@pytest.fixture(scope="module")
def params() -> agg.AggregatorParams:
    return VerifierConfig.read(MODEL_DIR).aggregator


# ------------------------------------------------------------------ packaging and registration


def test_model_files_ship_in_the_package_and_fit_the_budget() -> None:
    config = VerifierConfig.read(MODEL_DIR)
    names = {config.model_file, config.tokenizer_file, "config.json", "MODEL_CARD.md"}
    assert all((MODEL_DIR / name).is_file() for name in names)
    total = sum(p.stat().st_size for p in MODEL_DIR.iterdir() if p.is_file())
    assert total <= 100 * 1024 * 1024


def test_register_adds_a_local_judge_factory() -> None:
    registry = Registry()
    register(registry)
    made = registry.make_judge("local", JudgeSettings())
    assert isinstance(made, Judge)
    assert made.name == "local"


def test_model_loads_and_names_its_version() -> None:
    model = load_model()
    assert model.model_id.startswith("claimaudit-verifier-")
    assert load_model() is model  # cached per process


# ------------------------------------------------------------------ protocol and determinism


def test_replies_are_valid_and_deterministic(judge: LocalJudge, decision: Decision) -> None:
    first = judge.decide(decision)
    second = LocalJudge().decide(decision)
    validate_reply(first, decision)
    assert first == second
    assert first.model.startswith("claimaudit-verifier-")
    assert set(first.answers["relation"].probabilities) == set(RELATIONS)
    assert set(first.answers["evidence"].probabilities) == {"P001", "P002", "none"}


def test_a_paper_without_passages_still_gets_a_valid_reply(judge: LocalJudge) -> None:
    decision = make_decision("Aspirin reduces the risk of stroke.")
    reply = judge.decide(decision)
    validate_reply(reply, decision)
    assert reply.answers["evidence"].choice == "none"
    assert reply.answers["relation"].choice == "not_addressed"


def test_long_paragraphs_are_scored_as_windows_and_answered_per_passage(judge: LocalJudge) -> None:
    paragraph = " ".join(
        f"Sentence {i} reports a measurement of something else." for i in range(40)
    )
    decision = make_decision("Aspirin reduces the risk of stroke.", paragraph, "Short passage.")
    reply = judge.decide(decision)
    validate_reply(reply, decision)
    assert reply.usage["windows"] > reply.usage["passages"] == 2


def test_it_reports_how_many_passages_it_read(judge: LocalJudge) -> None:
    # 30 passages of two windows each: only the best preselect_limit windows are scored, so
    # some passages are left unread, and the reply says how many were read (whole or in part).
    limit = VerifierConfig.read(MODEL_DIR).preselect_limit
    passage = " ".join(f"Sentence {i} reports a measurement of {'x' * 30} here." for i in range(8))
    texts = [f"Aspirin finding {n}. {passage}" for n in range(30)]
    reply = judge.decide(make_decision("Aspirin reduces the risk of stroke.", *texts))
    assert reply.usage["windows"] >= 2 * len(texts) and reply.usage["windowsScored"] == limit
    assert 0 < reply.usage["passagesRead"] <= limit < len(texts)
    # A short paper is read whole.
    short = judge.decide(make_decision("Aspirin reduces the risk of stroke.", "A.", "B c."))
    assert short.usage["passagesRead"] == short.usage["passages"] == 2


def test_missing_or_corrupt_model_raises_judge_error(tmp_path: Path, decision: Decision) -> None:
    with pytest.raises(JudgeError):
        LocalJudge(tmp_path / "absent").decide(decision)
    for name in ("config.json", "tokenizer.json"):
        shutil.copyfile(MODEL_DIR / name, tmp_path / name)
    config = VerifierConfig.read(tmp_path)
    (tmp_path / config.model_file).write_bytes(b"not an onnx model")
    with pytest.raises(JudgeError, match="corrupt"):
        make_judge(JudgeSettings(options=LocalOptions(model_dir=tmp_path))).decide(decision)


def test_config_names_its_window_mode_and_refuses_an_unknown_one(tmp_path: Path) -> None:
    data = json.loads((MODEL_DIR / "config.json").read_text(encoding="utf-8"))
    assert VerifierConfig.read(MODEL_DIR).window_mode in ("sentence", "packed")
    data.pop("window_mode", None)  # written before the choice existed: packed, as calibrated then
    (tmp_path / "config.json").write_text(json.dumps(data), encoding="utf-8")
    assert VerifierConfig.read(tmp_path).window_mode == "packed"
    data["window_mode"] = "paragraph"
    (tmp_path / "config.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(JudgeError, match="window_mode"):
        VerifierConfig.read(tmp_path)


def test_typographic_variants_read_alike_and_passages_stay_verbatim() -> None:
    """A PDF's curly quotes, dashes, minus signs and ligatures are its LaTeX source's plain
    characters to the model, so the two formats of one paper are scored alike."""
    model = load_model()
    claim = "A convolutional layer\u2019s output shape depends on the input \u2014 and its padding."
    plain = "A convolutional layer's output shape depends on the input - and its padding."
    passage = "The \ufb01lter\u2019s output size is \u22121 plus the \u201cinput size\u201d."
    plain_passage = 'The filter\'s output size is -1 plus the "input size".'
    typographic, _ = model.logits(claim, [passage])
    ascii_only, _ = model.logits(plain, [plain_passage])
    assert np.array_equal(typographic, ascii_only)
    assert model.tokenizer.encode("e\ufb03cient").tokens[1:-1] == ["efficient"]


def test_unknown_questions_raise_judge_error(judge: LocalJudge, decision: Decision) -> None:
    odd = Decision(
        state=decision.state,
        questions={"relation": decision.questions["relation"]},
        case=decision.case,
    )
    with pytest.raises(JudgeError):
        judge.decide(odd)


# ------------------------------------------------------------------ aggregation rules


# The consistency features of a claim whose evidence agrees with it in every checked respect.
AGREES = [0.0, 0.0, 0.0, 0.0, 0.0, 1.0]
# ...and of one whose best passage shares none of the claim's content words.
NO_OVERLAP = [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]


def _relation(
    params: agg.AggregatorParams, rows: list[list[float]], consistency: list[float] = AGREES
) -> tuple[str, np.ndarray]:
    """The verdict when the second pass reads what the strongest window says."""
    probs = np.array(rows, dtype=np.float64)
    joint = probs[int(np.argmax(probs[:, 0] + probs[:, 1] + probs[:, 2]))]
    relation = agg.relation_probabilities(params, agg.paper_features(probs, joint, consistency))
    evidence = agg.evidence_probabilities(relation, probs, params.evidence_temperature)
    assert relation.sum() == pytest.approx(1.0) and evidence.sum() == pytest.approx(1.0)
    return RELATIONS[int(relation.argmax())], evidence


UNREL = [0.01, 0.01, 0.03, 0.95]
REL = [0.03, 0.02, 0.9, 0.05]


def test_one_strongly_supporting_passage_supports_and_is_the_evidence(
    params: agg.AggregatorParams,
) -> None:
    verdict, evidence = _relation(params, [REL, [0.95, 0.01, 0.03, 0.01], UNREL, REL])
    assert verdict == "supports"
    assert int(evidence.argmax()) == 1


def test_one_strongly_contradicting_passage_contradicts(params: agg.AggregatorParams) -> None:
    verdict, evidence = _relation(params, [REL, REL, [0.02, 0.95, 0.02, 0.01]])
    assert verdict == "contradicts"
    assert int(evidence.argmax()) == 2


def test_all_unrelated_is_not_addressed_with_no_evidence(params: agg.AggregatorParams) -> None:
    # Unrelated windows share few words with the claim; the aggregator reads that overlap too.
    verdict, evidence = _relation(params, [UNREL] * 6, NO_OVERLAP)
    assert verdict == "not_addressed"
    assert int(evidence.argmax()) == len(evidence) - 1  # "none"


def test_on_topic_but_not_establishing_is_insufficient(params: agg.AggregatorParams) -> None:
    verdict, evidence = _relation(params, [REL, REL, UNREL, REL])
    assert verdict == "insufficient_evidence"
    assert int(evidence.argmax()) == len(evidence) - 1


def test_none_gets_the_not_established_mass_of_an_unestablished_verdict() -> None:
    relation = np.array([0.2, 0.1, 0.3, 0.4])
    probs = np.array([[0.9, 0.0, 0.05, 0.05], [0.1, 0.1, 0.7, 0.1]])
    evidence = agg.evidence_probabilities(relation, probs, temperature=0.5)
    assert evidence[-1] == pytest.approx(0.7)
    assert evidence[0] > evidence[1]


def test_a_supports_or_contradicts_verdict_always_quotes_a_passage() -> None:
    # Not established (0.3 + 0.25) outweighs supports (0.45), but supports is the verdict.
    relation = np.array([0.45, 0.0, 0.3, 0.25])
    probs = np.array([[0.6, 0.0, 0.3, 0.1], [0.1, 0.1, 0.7, 0.1]])
    evidence = agg.evidence_probabilities(relation, probs, temperature=0.5)
    assert evidence[-1] == 0.0
    assert evidence.sum() == pytest.approx(1.0)
    assert int(evidence.argmax()) == 0


def test_features_do_not_depend_on_passage_order() -> None:
    probs = np.array([REL, [0.6, 0.1, 0.2, 0.1], UNREL])
    joint = np.array(REL)
    forward = agg.paper_features(probs, joint, AGREES)
    assert np.allclose(forward, agg.paper_features(probs[::-1], joint, AGREES))
    assert len(forward) == len(agg.FEATURE_NAMES)


def test_no_passages_means_not_addressed(params: agg.AggregatorParams) -> None:
    relation = agg.relation_probabilities(params, None)
    assert RELATIONS[int(relation.argmax())] == "not_addressed"


# ------------------------------------------------------------------ regression guards (real model)


def test_a_stated_narrow_claim_is_supported(judge: LocalJudge) -> None:
    decision = make_decision(
        "Vitamin D supplementation reduced the rate of hip fractures in elderly women.",
        "Participants were recruited from 12 nursing homes between 2001 and 2003.",
        "Vitamin D supplementation reduced the rate of hip fractures by 30% in elderly women.",
    )
    reply = judge.decide(decision)
    assert reply.answers["relation"].choice == "supports"
    assert reply.answers["evidence"].choice == "P002"


def test_an_unrelated_passage_is_not_addressed(judge: LocalJudge) -> None:
    decision = make_decision(
        "Vitamin D supplementation reduced the rate of hip fractures in elderly women.",
        "The telescope's mirror was polished to within 20 nanometres.",
    )
    reply = judge.decide(decision)
    assert reply.answers["relation"].choice == "not_addressed"
    assert reply.answers["evidence"].choice == "none"


def test_a_claim_longer_than_the_model_reads_is_noted_for_review(judge: LocalJudge) -> None:
    stated = "Vitamin D supplementation reduced the rate of hip fractures in elderly women."
    passages = (
        "Participants were recruited from 12 nursing homes between 2001 and 2003. " * 4,
        "Vitamin D supplementation reduced the rate of hip fractures by 30% in elderly women.",
    )
    assert judge.decide(make_decision(stated, *passages)).review_notes == ()
    # Its last sentence, past what the model reads with a passage, was never read: said, with
    # how far it was read, whatever the verdict.
    filler = "Readers in several fields have discussed how such trials are run in nursing homes. "
    long_claim = f"{stated} {filler * 14}The effect disappeared after the second year."
    notes = judge.decide(make_decision(long_claim, *passages)).review_notes
    assert notes and notes[0].startswith(
        "the claim is longer than the embedded model reads with a passage (256 tokens in all): "
        "beside the longest, it read only the first "
    )
    assert f"of the claim's {len(long_claim):,} characters, to \u201c\u2026" in notes[0]
    assert notes[0].endswith("\u201d; check the claim in shorter parts")


def test_callers_at_once_follow_the_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    from claimaudit.judges.local import judge as local

    monkeypatch.setattr(local, "_cores", lambda: 8)
    assert LocalJudge(threads=2).concurrency == 4
    monkeypatch.setattr(local, "_cores", lambda: 2)
    assert LocalJudge(threads=2).concurrency == 1  # one session already fills both cores
    assert LocalJudge(threads=1).concurrency == 2


def test_cache_identity_names_model_and_weights(tmp_path: Path) -> None:
    config = VerifierConfig.read(MODEL_DIR)
    identity = LocalJudge().cache_identity
    assert identity is not None
    assert identity.startswith(f"claimaudit-verifier-{config.version}:{config.model_sha256}:")
    # How the code reads passages, what it notes for review (cached answers carry notes) and
    # what it reports for the record (cached records carry passagesRead).
    assert identity.endswith(
        f":reader{READER_REVISION}:notes{NOTES_REVISION}:usage{USAGE_REVISION}"
    )
    assert LocalJudge(tmp_path).cache_identity is None  # no model: nothing may be cached


def test_a_recalibrated_model_with_the_same_weights_has_another_identity(tmp_path: Path) -> None:
    # Same version and weights, another aggregator fit: its cached answers are not ours.
    for name in ("config.json", "tokenizer.json"):
        shutil.copyfile(MODEL_DIR / name, tmp_path / name)
    (tmp_path / "model.int8.onnx").symlink_to(MODEL_DIR / "model.int8.onnx")
    assert LocalJudge(tmp_path).cache_identity == LocalJudge().cache_identity
    data = json.loads((tmp_path / "config.json").read_text(encoding="utf-8"))
    data["aggregator"]["bias"] = [b + 0.1 for b in data["aggregator"]["bias"]]
    (tmp_path / "config.json").write_text(json.dumps(data), encoding="utf-8")
    assert LocalJudge(tmp_path).cache_identity != LocalJudge().cache_identity


def _recalibrate(folder: Path, version: str) -> None:
    data = json.loads((folder / "config.json").read_text(encoding="utf-8"))
    data["version"] = version
    data["aggregator"]["bias"] = [
        b + (3.0 if i == 1 else 0.0) for i, b in enumerate(data["aggregator"]["bias"])
    ]
    (folder / "config.json").write_text(json.dumps(data), encoding="utf-8")


def _model_copy(folder: Path) -> Path:
    for name in ("config.json", "tokenizer.json"):
        shutil.copyfile(MODEL_DIR / name, folder / name)
    (folder / "model.int8.onnx").symlink_to(MODEL_DIR / "model.int8.onnx")
    return folder


def test_a_folder_recalibrated_while_the_process_runs_answers_with_the_new_model(
    tmp_path: Path, decision: Decision
) -> None:
    # QA: the process kept the old model in memory and its answers were cached under the new
    # config's identity (a wrong verdict served from the cache from then on).
    folder = _model_copy(tmp_path)
    before = LocalJudge(folder).decide(decision)
    _recalibrate(folder, "0.0.0-recal")
    judge = LocalJudge(folder)
    assert judge.cache_identity is not None
    assert judge.cache_identity.startswith("claimaudit-verifier-0.0.0-recal:")
    after = judge.decide(decision)
    assert after.model == "claimaudit-verifier-0.0.0-recal"
    assert after.answers["relation"].probabilities != before.answers["relation"].probabilities


def test_a_judge_answers_with_the_config_its_identity_names(
    tmp_path: Path, decision: Decision
) -> None:
    # Identity read first, the folder recalibrated before the first decision: the judge keeps
    # the config it named, so the cached answer is the named model's.
    folder = _model_copy(tmp_path)
    judge = LocalJudge(folder)
    identity = judge.cache_identity
    threshold = judge.review_threshold
    _recalibrate(folder, "0.0.0-recal")
    reply = judge.decide(decision)
    assert reply.model == f"claimaudit-verifier-{VerifierConfig.read(MODEL_DIR).version}"
    assert judge.cache_identity == identity
    assert judge.review_threshold == threshold


def _edit_tokenizer(folder: Path) -> None:
    """The tokenizer made case-sensitive: same config, other tokens for "Stroke"."""
    path = folder / "tokenizer.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["normalizer"]["lowercase"] = False
    path.write_text(json.dumps(data), encoding="utf-8")


def test_an_edited_tokenizer_under_the_same_config_has_another_identity(
    tmp_path: Path, decision: Decision
) -> None:
    # QA: the identity named the config and the weights, not tokenizer.json: a tokenizer edited
    # under the same config reused the answers the old one gave.
    folder = _model_copy(tmp_path)
    before = LocalJudge(folder)
    identity = before.cache_identity
    assert identity is not None and identity == LocalJudge().cache_identity
    _edit_tokenizer(folder)
    edited = LocalJudge(folder)
    assert edited.cache_identity is not None and edited.cache_identity != identity
    # Each judge answers with the tokenizer its identity names, read once: the one pinned
    # before the edit still reads "Stroke" lower-cased, the new one does not.
    old_settings, _, old_tokenizer = before._pinned()
    new_settings, _, new_tokenizer = edited._pinned()
    old_model = load_model(folder, before.threads, old_settings, old_tokenizer)
    new_model = load_model(folder, edited.threads, new_settings, new_tokenizer)
    assert old_model.tokenizer.encode("Stroke").tokens[1:-1] == ["stroke"]
    assert new_model.tokenizer.encode("Stroke").tokens[1:-1] != ["stroke"]
    assert before.cache_identity == identity
    before.decide(decision)  # its identity's model: loads, answers


def test_a_missing_tokenizer_caches_nothing_and_says_so(tmp_path: Path, decision: Decision) -> None:
    folder = _model_copy(tmp_path)
    (folder / "tokenizer.json").unlink()
    judge = LocalJudge(folder)
    assert judge.cache_identity is None
    with pytest.raises(JudgeError, match=r"tokenizer missing: tokenizer\.json"):
        judge.decide(decision)


def test_a_context_window_is_refused_not_ignored() -> None:
    # QA: --context-tokens 256 with the local judge was accepted and did nothing.
    from claimaudit.errors import SettingNotTakenError
    from claimaudit.judges.local import make_judge as make_local
    from claimaudit.judges.protocol import JudgeSettings

    with pytest.raises(SettingNotTakenError) as refused:
        make_local(JudgeSettings(context_tokens=256))
    assert str(refused.value).startswith("the local judge takes no context window (")
    assert (refused.value.setting, refused.value.value) == ("context_tokens", 256)
    assert refused.value.code == "invalid_settings"


def test_a_model_id_for_another_judge_is_refused_not_ignored() -> None:
    # "--model gpt-4o" without "--judge openai" would otherwise run the embedded model silently.
    from claimaudit.errors import ModelNotTakenError
    from claimaudit.judges.local import make_judge as make_local
    from claimaudit.judges.protocol import JudgeSettings

    with pytest.raises(ModelNotTakenError) as refused:
        make_local(JudgeSettings(model="gpt-4o"))
    # The model given is kept for each surface's advice (--model, or the request's field).
    assert str(refused.value).startswith("the local judge runs its own model (")
    assert refused.value.model == "gpt-4o" and refused.value.code == "invalid_settings"
    own = make_local(JudgeSettings())
    # Its own model's name is accepted as --model (a record's "model", sent back).
    config = json.loads((own.model_dir / "config.json").read_text(encoding="utf-8"))
    assert make_local(JudgeSettings(model=f"claimaudit-verifier-{config['version']}"))
