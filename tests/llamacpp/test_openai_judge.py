"""The openai judge against a real llama.cpp server (llama-cpp-python) serving SmolLM2-135M.

The model is far too small to judge well: these tests check the wire (labels, logprobs, usage,
context windows, failures), never the verdicts. The failure paths are also run through every
surface in ``test_surfaces.py``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

import pytest

from claimaudit.checker.pipeline import Checker
from claimaudit.errors import JudgeError
from claimaudit.judges.openai import OpenAIOptions, register
from claimaudit.judges.openai.judge import OpenAIJudge
from claimaudit.judges.openai.labels import Labels
from claimaudit.judges.openai.messages import MAX_TOKENS, labels_for
from claimaudit.judges.openai.window import TEMPLATE_TOKENS
from claimaudit.judges.protocol import Case, ChoiceAnswer, Decision, JudgeSettings
from claimaudit.judges.questions import EVIDENCE, RELATION, build_decision
from claimaudit.library.extract import extract
from claimaudit.library.passages import make_passages
from claimaudit.passage import Passage
from claimaudit.records import RELATIONS, CheckedRecord, NotCheckedRecord, Record
from claimaudit.sources.library import LibrarySource
from tests.judges.helpers import registered_judge
from tests.llamacpp.fixtures import LABEL_HEADS, LETTERS, TIMEOUT_S, WINDOW, Conditions
from tests.llamacpp.papers import CLAIM, DROPOUT_REF, LONG_REF
from tests.llamacpp.proxy import ChatProxy, Exchange
from tests.llamacpp.server import SERVED_MODEL, LlamaServer

pytestmark = pytest.mark.llama


def make_judge(base_url: str, context_tokens: int | None = None) -> OpenAIJudge:
    """The openai judge as its plugin builds it from the environment, retries off."""
    with pytest.MonkeyPatch.context() as env:
        env.setenv("OPENAI_BASE_URL", base_url)
        settings = JudgeSettings(
            model=SERVED_MODEL,
            timeout=TIMEOUT_S,
            options=OpenAIOptions(retries=0),
            context_tokens=context_tokens,
        )
        return registered_judge(register, "openai", OpenAIJudge, settings)


def check(papers: Path, judge: OpenAIJudge, ref: str = DROPOUT_REF) -> Record:
    source = LibrarySource(papers)
    try:
        [record] = Checker(source, judge).check(CLAIM, [ref])
    finally:
        source.close()
        judge.close()
    return record


def dropout_decision(papers: Path, passages: int | None = None) -> Decision:
    """The decision the checker builds for CLAIM and the dropout paper (so the server's prompt
    cache serves it), or with that paper's first passage repeated up to ``passages``."""
    document = extract(papers.parent / "dropout.md")
    found = make_passages(document.blocks)
    if passages is not None:
        found = [Passage(f"P{i:03d}", found[i % len(found)].text) for i in range(1, passages + 1)]
    title = document.title or ""
    return build_decision(Case(claim=CLAIM, paper_title=title, passages=tuple(found)))


def completions(proxy: ChatProxy) -> list[Exchange]:
    return proxy.completions


# ---------------------------------------------------------------------- labels


def test_every_answer_label_is_one_token_of_the_servers_tokenizer(
    llama: LlamaServer, papers: Path
) -> None:
    """Single labels are one token, bare (as the answer starts) and after a space; two-level
    labels are their block letter's token then their digit's, as the labels module assumes.
    The labels of every size of question: 4 and 25 candidate passages (single letters) and
    120 (two-level labels and ``Z`` for ``none``)."""
    labels: set[str] = set()
    for passages in (4, 25, 120):
        for question in dropout_decision(papers, passages).questions.values():
            labels |= set(labels_for(question).by_label)
    assert len(labels) == 26 + 120
    single = {text: llama.tokenize(text) for c in LETTERS for text in (c, f" {c}")}
    digits = {d: llama.tokenize(d) for d in "123456789"}
    for text, tokens in single.items():
        assert len(tokens) == 1, (text, tokens)
        assert llama.detokenize(tokens) == text
    for label in sorted(labels - set(LETTERS)):
        for text in (label, f" {label}"):
            assert llama.tokenize(text) == single[text[:-1]] + digits[label[-1]], text


def test_every_label_head_is_one_token(llama: LlamaServer) -> None:
    # What the off-options condition forbids must be whole tokens, or forbidding misses some.
    assert all(len(llama.tokenize(text)) == 1 for text in LABEL_HEADS)


# ---------------------------------------------------------------------- probabilities


def _expected(answer_token: dict[str, object], labels: Labels) -> dict[str, float] | None:
    """The option probabilities read by hand from one position's real ``top_logprobs``."""
    top = answer_token["top_logprobs"]
    assert isinstance(top, list) and len(top) == 20
    listed = {str(t["token"]): float(t["logprob"]) for t in top}
    coverage = sum(math.exp(lp) for lp in listed.values())
    mass: dict[str, float] = {}
    for token, logprob in listed.items():
        label = token.strip().upper()
        if label in labels.by_label:
            option = labels.by_label[label]
            mass[option] = mass.get(option, 0.0) + math.exp(logprob)
    if coverage < 0.9 or not mass:
        return None
    total = sum(mass.values())
    return {option: mass.get(option, 0.0) / total for option in labels.by_label.values()}


def test_the_probabilities_come_from_the_servers_top_logprobs(
    recording: ChatProxy, papers: Path
) -> None:
    decision = dropout_decision(papers)
    reply = make_judge(recording.url).decide(decision)
    exchanges = completions(recording)
    assert [e.status for e in exchanges] == [200, 200]
    readable = 0
    for qid, exchange in zip((RELATION, EVIDENCE), exchanges, strict=True):
        assert exchange.request["max_tokens"] == MAX_TOKENS
        assert exchange.request["top_logprobs"] == 20 and exchange.request["logprobs"] is True
        question, answer = decision.questions[qid], reply.answers[qid]
        labels = labels_for(question)
        [first, *_] = exchange.response["choices"][0]["logprobs"]["content"]
        assert labels.by_label[first["token"].strip()] == answer.choice
        expected = _expected(first, labels)
        if expected is None:  # the listed alternatives hold under 90%: nothing is invented
            assert answer.probabilities is None and answer.confidence is None
            continue
        readable += 1
        assert answer.probabilities is not None
        assert answer.probabilities == pytest.approx(expected, abs=1e-9)
        assert answer.confidence is not None
    assert readable >= 1  # this case exercises the reading, not only its refusal
    # The usage is the server's own count.
    served = [e.response["usage"] for e in exchanges]
    assert reply.usage == {
        "input_tokens": sum(u["prompt_tokens"] for u in served),
        "output_tokens": sum(u["completion_tokens"] for u in served),
    }
    assert reply.calls == 2 and reply.model == SERVED_MODEL


def test_a_record_reports_what_the_server_counted_and_how_long_it_took(
    recording: ChatProxy, papers: Path
) -> None:
    record = check(papers, make_judge(recording.url))
    assert isinstance(record, CheckedRecord)
    assert record.verdict in RELATIONS and record.model == SERVED_MODEL
    served = [e.response["usage"] for e in completions(recording)]
    assert record.judge_tokens is not None
    assert record.judge_tokens.prompt == sum(u["prompt_tokens"] for u in served) > 0
    assert record.judge_tokens.completion == sum(u["completion_tokens"] for u in served) > 0
    assert record.judge_seconds > 0 and len(completions(recording)) == 2
    # Every request counts: the questions and the look-ups of the window (and any counting).
    assert record.calls == {"openai": len(recording.recorded)}
    if not record.probabilities_available:
        assert record.needs_review


# ---------------------------------------------------------------------- failures


def test_an_answer_outside_the_options_is_not_checked(conditions: Conditions, papers: Path) -> None:
    judge = make_judge(conditions.base_url("off_options"))
    with pytest.raises(JudgeError, match="not one of its option labels") as caught:
        judge.decide(dropout_decision(papers))
    assert caught.value.calls == 1 and caught.value.usage["input_tokens"] > 0
    record = check(papers, make_judge(conditions.base_url("off_options")))
    assert isinstance(record, NotCheckedRecord)
    assert "answered 'relation' with" in record.error
    assert record.judge_tokens is not None and record.judge_tokens.prompt > 0


def test_a_server_without_logprobs_gives_choices_without_probabilities(
    conditions: Conditions, papers: Path
) -> None:
    reply = make_judge(conditions.base_url("no_logprobs")).decide(dropout_decision(papers))
    answers: Sequence[ChoiceAnswer] = list(reply.answers.values())
    assert all(a.probabilities is None and a.confidence is None for a in answers)
    record = check(papers, make_judge(conditions.base_url("no_logprobs")))
    assert isinstance(record, CheckedRecord)
    assert not record.probabilities_available and record.needs_review
    assert record.probabilities is None and record.confidence is None


def test_a_window_smaller_than_the_questions_is_not_checked(
    conditions: Conditions, papers: Path
) -> None:
    judge = make_judge(conditions.base_url("too_long"))
    record = check(papers, judge)
    assert isinstance(record, NotCheckedRecord)
    # The real server refused the first request and said its window; nothing more was sent.
    assert record.error.startswith("the model's context window of 256 tokens is smaller than")
    # The refused question and the two look-ups of the window (GET /v1/models, /props) at
    # least; the counting that found the questions too long for it too.
    assert record.calls["openai"] >= 3 and judge.window.size() == 256


def test_a_stopped_server_is_not_checked(conditions: Conditions, papers: Path) -> None:
    record = check(papers, make_judge(conditions.base_url("stopped")))
    assert isinstance(record, NotCheckedRecord)
    assert record.error == (
        f"OpenAI-compatible server is unreachable at {conditions.stopped.base_url}"
    )


# ---------------------------------------------------------------------- the context window


def test_an_overflow_teaches_the_window_and_the_evidence_is_fitted_to_it(
    recording: ChatProxy, papers: Path
) -> None:
    judge = make_judge(recording.url)
    record = check(papers, judge, LONG_REF)
    exchanges = completions(recording)
    refused, *asked = exchanges
    # The real server refused the whole paper, and said its window.
    assert refused.status == 400
    assert refused.response["error"]["code"] == "context_length_exceeded"
    assert judge.window.size() == WINDOW
    # The fitted evidence was counted with the server's own tokenizer.
    assert judge.window.counts_with_server
    assert any(e.path == "/extras/tokenize/count" for e in recording.recorded)
    assert isinstance(record, CheckedRecord), record
    assert [e.status for e in asked] == [200, 200]
    assert record.calls == {"openai": len(recording.recorded)}  # counting included
    assert 1 < record.passages_selected < record.passages_considered == 16
    budget = WINDOW - MAX_TOKENS - TEMPLATE_TOKENS
    used = [e.response["usage"]["prompt_tokens"] for e in asked]
    # Filled, not just kept under: another passage (about 90 tokens) would not have fitted.
    assert budget - 200 < max(used) <= WINDOW - MAX_TOKENS


def test_a_configured_window_is_fitted_without_a_refusal(
    recording: ChatProxy, papers: Path
) -> None:
    judge = make_judge(recording.url, context_tokens=700)
    record = check(papers, judge, LONG_REF)
    assert isinstance(record, CheckedRecord), record
    exchanges = completions(recording)
    assert [e.status for e in exchanges] == [200, 200]
    used = [e.response["usage"]["prompt_tokens"] for e in exchanges]
    assert 700 - MAX_TOKENS - TEMPLATE_TOKENS - 200 < max(used) <= 700 - MAX_TOKENS
    assert record.passages_selected < 16
