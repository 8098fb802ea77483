"""The openai judge's context window (``judges/openai/window.py``) against the fake server.

The fake counts one token per word (``count_words``) on each tokenizer endpoint it opens and
refuses, with a real server's overflow error, a request with more words than its window. The
same paths against llama.cpp itself are in ``test_openai_llamacpp.py``.
"""

from __future__ import annotations

import json
import math
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from claimaudit.checker.pipeline import Checker
from claimaudit.errors import ContextLengthError, InvalidSettingsError
from claimaudit.identity import parse_ref
from claimaudit.judges.openai import OpenAIOptions, configured_context_tokens, register
from claimaudit.judges.openai.judge import OpenAIJudge
from claimaudit.judges.openai.messages import MAX_TOKENS
from claimaudit.judges.openai.window import (
    BYTES_PER_TOKEN,
    RETRY_ASK_SECONDS,
    TEMPLATE_TOKENS,
    ContextWindow,
)
from claimaudit.judges.openai.wire import ChatClient
from claimaudit.judges.protocol import JudgeSettings
from claimaudit.records import CheckedRecord, NotCheckedRecord, Record
from tests.fakes import MemoryCache, MemorySource
from tests.httpfake import closed_port
from tests.judges.helpers import FAST_TIMEOUT, registered_judge
from tests.judges.openaiserver import OVERFLOWS, TOKENIZERS, OpenAIServer, count_words

CLAIM = "Dropout improves translation quality on WMT14."
# Forty passages of about thirty words: far more than a small window holds.
TEXTS = [
    f"Passage {i} reports that dropout of 0.{i % 9 + 1} changed BLEU on the WMT14 task by "
    f"{i / 10:.1f} points in experiment {i}, among other findings about training schedules, "
    "batch sizes and the warm-up of the learning rate."
    for i in range(40)
]


def make_judge(context_tokens: int | None = None) -> OpenAIJudge:
    settings = JudgeSettings(
        timeout=FAST_TIMEOUT, options=OpenAIOptions(retries=0), context_tokens=context_tokens
    )
    return registered_judge(register, "openai", OpenAIJudge, settings)


def check(judge: OpenAIJudge, texts: list[str] = TEXTS, claim: str = CLAIM) -> Record:
    source = MemorySource()
    source.add(parse_ref("2105.14372v1"), "A paper about dropout", texts)
    [record] = Checker(source, judge).check(claim, ["2105.14372"])
    return record


def chat_requests(server: OpenAIServer) -> list[dict[str, object]]:
    return [r.json for r in server.requests if r.path == "/v1/chat/completions"]


def sent(server: OpenAIServer) -> int:
    """Every request the server received: questions, tokenizer POSTs and window GETs."""
    return len(server.requests) + len(server.gets)


def prompt_words(body: dict[str, object]) -> int:
    messages = body["messages"]
    assert isinstance(messages, list)
    return sum(count_words(m["content"]) for m in messages)


# ---------------------------------------------------------------------- the size


def test_a_configured_window_is_used_without_asking_the_server(
    openai_server: OpenAIServer,
) -> None:
    judge = make_judge(context_tokens=4096)
    assert judge.window.size() == 4096
    assert openai_server.gets == []
    assert judge.cache_identity.endswith("#ctx4096")  # other evidence, other answers


def test_the_window_comes_from_the_environment(
    openai_server: OpenAIServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_CONTEXT_TOKENS", "3000")
    assert make_judge().window.size() == 3000
    assert make_judge(context_tokens=1000).window.size() == 1000  # the setting wins


@pytest.mark.parametrize("value", ["many", "12.5", "100"])
def test_an_unusable_window_is_a_usage_error(
    value: str, openai_server: OpenAIServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_CONTEXT_TOKENS", value)
    with pytest.raises(InvalidSettingsError, match=r"OPENAI_CONTEXT_TOKENS|at least 256"):
        make_judge()


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ("9" * 5000, "at most 1000000000 tokens, not " + "9" * 40 + "..."),
        ("99999999999", "at most 1000000000 tokens, not 99999999999"),
        ("x" * 500, "a whole number of tokens, not '" + "x" * 39 + "..."),
    ],
)
def test_a_window_past_any_model_s_is_refused_in_a_short_line(
    value: str, said: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A typo of 5,000 digits was echoed whole (and Python cannot read past 4,300 of them).
    monkeypatch.setenv("OPENAI_CONTEXT_TOKENS", value)
    with pytest.raises(InvalidSettingsError) as raised:
        configured_context_tokens()
    assert str(raised.value) == f"OPENAI_CONTEXT_TOKENS must be {said}"


@pytest.mark.parametrize(
    ("models", "props", "size"),
    [
        ({"data": [{"id": "fake-chat", "max_model_len": 8192}]}, None, 8192),  # vLLM
        (
            {
                "data": [
                    {"id": "other", "context_length": 1},
                    {"id": "fake-chat", "context_length": 32768},
                ]
            },
            None,
            32768,
        ),  # hosted APIs
        ({"data": [{"id": "served-as-something-else", "context_window": 128000}]}, None, 128000),
        ({"data": [{"id": "fake-chat"}]}, {"default_generation_settings": {"n_ctx": 4096}}, 4096),
        (None, {"n_ctx": 2048}, 2048),  # llama.cpp's llama-server
        ({"data": [{"id": "a"}, {"id": "b", "max_model_len": 9}]}, None, None),  # not ours
        ({"data": [{"id": "fake-chat", "max_model_len": True}]}, {"n_ctx": "big"}, None),
    ],
)
def test_the_window_is_learnt_from_the_servers_api_once(
    openai_server: OpenAIServer,
    models: dict[str, object] | None,
    props: dict[str, object] | None,
    size: int | None,
) -> None:
    openai_server.models, openai_server.props = models, props
    judge = make_judge()
    assert judge.window.size() == size
    asked = list(openai_server.gets)
    assert asked[0] == "/v1/models" and set(asked) <= {"/v1/models", "/props"}
    judge.window.size()
    assert openai_server.gets == asked  # asked once per judge


def test_without_a_window_the_character_budget_applies(openai_server: OpenAIServer) -> None:
    record = check(make_judge())
    assert isinstance(record, CheckedRecord)
    assert record.passages_selected == len(TEXTS)  # 40 short passages fit 30,000 characters
    assert not [r for r in openai_server.requests if r.path != "/v1/chat/completions"]


# ---------------------------------------------------------------------- counting


@pytest.mark.parametrize("tokenizer", TOKENIZERS)
def test_tokens_are_counted_by_the_servers_tokenizer(
    openai_server: OpenAIServer, tokenizer: str
) -> None:
    openai_server.tokenizer = tokenizer
    judge = make_judge(context_tokens=4096)
    text = "one two three four five six seven"
    assert judge.window.count(text) == 7
    assert judge.window.counts_with_server


def test_without_a_tokenizer_the_count_is_an_estimate(openai_server: OpenAIServer) -> None:
    judge = make_judge(context_tokens=4096)
    text = "Dropout improves translation quality, résumé."
    assert judge.window.count(text) == math.ceil(len(text.encode()) / BYTES_PER_TOKEN)
    assert not judge.window.counts_with_server


def test_counts_are_kept_for_the_passages_that_come_back(openai_server: OpenAIServer) -> None:
    openai_server.tokenizer = "llama-cpp-python"
    openai_server.window = 600
    judge = make_judge(context_tokens=600)
    check(judge)
    first = len(openai_server.requests)
    check(judge, claim="Dropout lowers BLEU on WMT14 translation.")
    tokenize = [r for r in openai_server.requests[first:] if r.path != "/v1/chat/completions"]
    # Only the two whole prompts of the new claim are counted again, not each passage.
    assert len(tokenize) <= 6


# ---------------------------------------------------------------------- fitting


@pytest.mark.parametrize("tokenizer", TOKENIZERS)
def test_the_evidence_is_fitted_to_the_window(openai_server: OpenAIServer, tokenizer: str) -> None:
    openai_server.tokenizer = tokenizer
    openai_server.window = 700
    record = check(make_judge(context_tokens=700))
    assert isinstance(record, CheckedRecord)
    assert 1 < record.passages_selected < len(TEXTS)
    assert record.evidence_scope == "selected_passages"
    requests = chat_requests(openai_server)
    assert len(requests) == 2  # nothing refused
    budget = 700 - MAX_TOKENS - TEMPLATE_TOKENS
    longest = max(prompt_words(r) for r in requests)
    # Filled, not just kept under: another passage of ~35 words would not have fitted.
    assert budget - 2 * 40 < longest <= budget


def test_a_window_that_is_too_small_sends_nothing(openai_server: OpenAIServer) -> None:
    openai_server.tokenizer = "llama-cpp-python"
    record = check(make_judge(context_tokens=256))
    assert isinstance(record, NotCheckedRecord)
    assert record.error.startswith("the model's context window of 256 tokens is smaller than")
    assert not chat_requests(openai_server)
    # Counting the tokens that showed it took requests: the record counts them.
    assert record.calls == {"openai": sent(openai_server)} and sent(openai_server) > 0


def test_a_window_smaller_than_the_fixed_parts_never_shows_a_negative_budget(
    openai_server: OpenAIServer,
) -> None:
    # 50 tokens (as llama-server reports it) do not even hold the answer and the framing: the
    # budget left would be negative.
    openai_server.tokenizer = "llama-cpp-python"
    openai_server.props = {"n_ctx": 50}
    assert MAX_TOKENS + TEMPLATE_TOKENS > 50
    record = check(make_judge())
    assert isinstance(record, NotCheckedRecord)
    prefix = "the model's context window of 50 tokens is smaller than the "
    suffix = " tokens the claim, the questions and the answer need before any passage"
    assert record.error.startswith(prefix) and record.error.endswith(suffix)
    need = record.error.removeprefix(prefix).removesuffix(suffix)
    assert need.isdigit() and int(need) > MAX_TOKENS + TEMPLATE_TOKENS
    assert not chat_requests(openai_server)


def test_no_passage_that_fits_is_not_checked(openai_server: OpenAIServer) -> None:
    openai_server.tokenizer = "llama-cpp-python"
    huge = [" ".join(["word"] * 900)]
    record = check(make_judge(context_tokens=700), texts=huge)
    assert isinstance(record, NotCheckedRecord)
    assert "no passage of this paper fits the model's context window of 700" in record.error
    assert not chat_requests(openai_server)


def test_a_large_window_needs_no_counting(openai_server: OpenAIServer) -> None:
    openai_server.tokenizer = "llama-cpp-python"
    record = check(make_judge(context_tokens=100_000))
    assert isinstance(record, CheckedRecord) and record.passages_selected == len(TEXTS)
    # Every passage fits by its length in bytes: the tokenizer is never asked.
    assert all(r.path == "/v1/chat/completions" for r in openai_server.requests)


def check_cached(judge: OpenAIJudge, cache: MemoryCache) -> Record:
    source = MemorySource()
    source.add(parse_ref("2105.14372v1"), "A paper about dropout", TEXTS)
    [record] = Checker(source, judge, cache=cache).check(CLAIM, ["2105.14372"])
    return record


def test_the_window_the_server_names_is_part_of_the_cache_key(
    openai_server: OpenAIServer,
) -> None:
    # QA: a server restarted with a larger window got the judgement made on the evidence that
    # fitted the smaller one, from the cache.
    cache = MemoryCache()
    openai_server.tokenizer = "llama-cpp-python"
    openai_server.models = {"data": [{"id": "fake-chat", "context_length": 700}]}
    small = check_cached(make_judge(), cache)
    assert isinstance(small, CheckedRecord) and small.passages_selected < len(TEXTS)
    openai_server.models = {"data": [{"id": "fake-chat", "context_length": 100000}]}
    large = check_cached(make_judge(), cache)
    assert isinstance(large, CheckedRecord)
    assert large.passages_selected == len(TEXTS)
    assert cache.hits == 0
    again = check_cached(make_judge(), cache)  # the same window: the same evidence, a hit
    assert cache.hits == 1
    assert isinstance(again, CheckedRecord) and again.verdict == large.verdict
    assert again.passages_selected == len(TEXTS)


def test_a_judgement_fitted_to_a_learnt_window_is_kept_under_that_window(
    openai_server: OpenAIServer,
) -> None:
    # The window learnt from an overflow decided the evidence: a judge that has not learnt it
    # (the server restarted without the limit) must not be served that judgement.
    cache = MemoryCache()
    openai_server.tokenizer = "llama-cpp-python"
    openai_server.window = 700
    fitted = check_cached(make_judge(), cache)
    assert isinstance(fitted, CheckedRecord) and fitted.passages_selected < len(TEXTS)
    openai_server.window = None
    whole = check_cached(make_judge(), cache)
    assert isinstance(whole, CheckedRecord) and whole.passages_selected == len(TEXTS)
    assert cache.hits == 0


# ---------------------------------------------------------------------- overflow


@pytest.mark.parametrize("style", ["openai", "llama-server"])
def test_an_overflow_teaches_the_window_and_the_fitted_question_is_answered(
    openai_server: OpenAIServer, style: str
) -> None:
    openai_server.tokenizer = "llama-cpp-python"
    openai_server.window, openai_server.overflow = 700, style
    judge = make_judge()
    record = check(judge)
    assert isinstance(record, CheckedRecord)
    assert judge.window.size() == 700
    # The refused request, then both questions with the fitted evidence; and the requests
    # that asked the window's size and counted the passages' tokens.
    assert len(chat_requests(openai_server)) == 3
    assert record.calls == {"openai": sent(openai_server)}
    assert record.passages_selected < len(TEXTS)
    assert all(prompt_words(r) <= 700 for r in chat_requests(openai_server)[1:])


def test_a_configured_window_larger_than_the_servers_gives_way(
    openai_server: OpenAIServer,
) -> None:
    openai_server.tokenizer = "llama-cpp-python"
    openai_server.window = 600
    judge = make_judge(context_tokens=5000)
    record = check(judge)
    assert isinstance(record, CheckedRecord) and len(chat_requests(openai_server)) == 3
    assert record.calls == {"openai": sent(openai_server)}  # counting included
    assert judge.window.size() == 600


def test_an_overflow_that_does_not_say_the_window_is_not_checked(
    openai_server: OpenAIServer,
) -> None:
    openai_server.window, openai_server.overflow = 700, "unnamed"
    record = check(make_judge())
    assert isinstance(record, NotCheckedRecord)
    assert record.error == "the prompt is longer than the model's context window"
    assert openai_server.gets == ["/v1/models", "/props"]
    assert record.calls == {"openai": 3}  # the question, and the window's two look-ups


def test_overflow_errors_are_read_for_numbers_only(openai_server: OpenAIServer) -> None:
    assert set(OVERFLOWS) == {"openai", "llama-server", "unnamed"}
    openai_server.window = 10
    judge = make_judge()
    with pytest.raises(ContextLengthError) as caught:
        judge.decide(_decision())
    error = caught.value
    assert (error.window, error.calls) == (10, 1)
    assert error.prompt_tokens is not None and error.prompt_tokens > 10
    assert str(error) == "the prompt is longer than the model's context window of 10 tokens"


def test_an_overflow_of_a_fitted_prompt_sets_more_aside_for_the_template(
    openai_server: OpenAIServer,
) -> None:
    judge = make_judge(context_tokens=1000)
    judge.window.learn(ContextLengthError("x", window=1000, prompt_tokens=1030))
    assert judge.window.size() == 1000
    assert judge.window.template_tokens == TEMPLATE_TOKENS + 1030 + MAX_TOKENS - 1000 + 8


def _decision():  # type: ignore[no-untyped-def]
    from claimaudit.judges.protocol import Case
    from claimaudit.judges.questions import build_decision
    from claimaudit.passage import Passage

    passages = [Passage(f"P{i:03d}", text) for i, text in enumerate(TEXTS[:3], start=1)]
    return build_decision(Case(claim=CLAIM, paper_title="A paper", passages=passages))


def test_an_unreachable_server_is_asked_the_question_not_only_its_size(
    openai_server: OpenAIServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", f"http://127.0.0.1:{closed_port()}/v1")
    judge = make_judge()
    record = check(judge)
    assert isinstance(record, NotCheckedRecord)
    assert record.error.startswith("OpenAI-compatible server is unreachable")
    # The failed look-up of the window (GET /v1/models) still counts, beside the question.
    assert record.calls == {"openai": 2} and judge.window.size() is None


def test_a_failed_window_look_up_is_not_repeated(
    openai_server: OpenAIServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    # QA: the cache key asked the window, then the fitting asked again: a hung server cost one
    # more --timeout per record, each record asking afresh.
    monkeypatch.setenv("OPENAI_BASE_URL", f"http://127.0.0.1:{closed_port()}/v1")
    judge, cache = make_judge(), MemoryCache()
    first = check_cached(judge, cache)
    second = check_cached(judge, cache)
    assert isinstance(first, NotCheckedRecord) and isinstance(second, NotCheckedRecord)
    assert first.error == second.error
    assert first.error.startswith("OpenAI-compatible server is unreachable at ")
    assert first.error.count("unreachable") == 1  # said once
    # The one look-up of the window, then the question; the next record only its question.
    assert (first.calls, second.calls) == ({"openai": 2}, {"openai": 1})


def test_a_cache_hit_counts_the_window_look_up_it_made(openai_server: OpenAIServer) -> None:
    # QA: a fresh judge asked the window for the cache key of a hit; its request was counted on
    # the next record judged instead.
    cache = MemoryCache()
    openai_server.models = {"data": [{"id": "fake-chat", "context_length": 100000}]}
    check_cached(make_judge(), cache)
    judge, before = make_judge(), sent(openai_server)
    hit = check_cached(judge, cache)
    assert cache.hits == 1 and isinstance(hit, CheckedRecord)
    assert hit.calls == {"openai": sent(openai_server) - before} == {"openai": 1}
    before = sent(openai_server)
    judged = check(judge, claim="Dropout harms translation quality on WMT14.")
    assert isinstance(judged, CheckedRecord)
    assert judged.calls == {"openai": sent(openai_server) - before} == {"openai": 2}


def test_a_refitted_record_counts_its_own_requests_not_the_next(
    openai_server: OpenAIServer,
) -> None:
    # An older note: after an overflow was learnt and the evidence fitted again to the same
    # passages, that fitting's token counts were counted on the next record judged.
    openai_server.tokenizer = "llama-cpp-python"
    openai_server.upcoming_overflows.append(5000)  # all forty passages fit 5000 words
    judge = make_judge()
    refused = check(judge)
    assert isinstance(refused, NotCheckedRecord)
    assert "context window of 5000 tokens" in refused.error
    assert len(chat_requests(openai_server)) == 1  # the same evidence is not sent again
    assert refused.calls == {"openai": sent(openai_server)}
    before = sent(openai_server)
    judged = check(judge, claim="Dropout harms translation quality on WMT14.")
    assert isinstance(judged, CheckedRecord)
    assert judged.calls == {"openai": sent(openai_server) - before}


def test_a_failed_window_look_up_is_asked_again_after_a_while() -> None:
    # QA: a long-running serve whose server was down at the first ask never asked again, and
    # fitted no evidence to the window for the rest of its life.
    port = closed_port()
    now = [1000.0]
    window = ContextWindow(
        lambda: client,
        base_url=f"http://127.0.0.1:{port}/v1",
        model="fake-chat",
        clock=lambda: now[0],
    )
    client = ChatClient(window.base_url, None, FAST_TIMEOUT, 0)
    try:
        assert window.size() is None  # down: refused
        with _ModelsServer(port, {"data": [{"id": "fake-chat", "context_length": 4096}]}) as up:
            now[0] += RETRY_ASK_SECONDS - 1
            assert window.size() is None and up.gets == []  # not within the pause
            now[0] += 1
            assert window.size() == 4096 and up.gets == ["/v1/models"]
            now[0] += 10 * RETRY_ASK_SECONDS
            assert window.size() == 4096 and up.gets == ["/v1/models"]  # known: never again
    finally:
        client.close()


class _ModelsServer:
    """A server answering ``GET /v1/models`` on a given port: the one that was down, come up."""

    def __init__(self, port: int, models: dict[str, object]) -> None:
        self.gets: list[str] = []
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                owner.gets.append(self.path)
                body = json.dumps(models).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: object) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def __enter__(self) -> _ModelsServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()
