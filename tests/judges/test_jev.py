"""JevJudge against the jevcompat reference mock and against a fault-injecting System One server.

Everything runs on 127.0.0.1 with retries off and sub-second timeouts, so the failure paths are as
fast as the happy one.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import quote

import pytest
from jevcompat.mock import MockConfig, Running

from claimaudit.checker.spending import Spent
from claimaudit.errors import (
    InvalidSettingsError,
    JudgeError,
    KeyRequiredError,
    SettingNotTakenError,
)
from claimaudit.judges.jev import (
    DEFAULT_TIMEOUT,
    JevJudge,
    JevOptions,
    _public_url,
    register,
    retry_policy,
)
from claimaudit.judges.openai import OpenAIOptions
from claimaudit.judges.protocol import (
    Decision,
    Judge,
    JudgeReply,
    JudgeSettings,
    confidence_from_probabilities,
    validate_reply,
)
from claimaudit.plugins import Registry
from tests.httpfake import closed_port
from tests.judges.faultserver import TEST_KEY, FaultServer
from tests.judges.helpers import FAST_TIMEOUT, judge_error, registered_judge
from tests.judges.rawserver import CUT_SHORT, OK, RawServer

FAST = JudgeSettings(timeout=FAST_TIMEOUT, options=JevOptions(retries=0))


def make_judge(settings: JudgeSettings = FAST) -> JevJudge:
    return registered_judge(register, "jev", JevJudge, settings)


# ---------------------------------------------------------------------- registration, settings


@pytest.fixture
def key(monkeypatch: pytest.MonkeyPatch) -> None:
    """A key in the environment, as the registry's factory requires; never sent anywhere."""
    monkeypatch.setenv("TYPESAFE_API_KEY", TEST_KEY)


def test_registers_under_jev_and_satisfies_the_protocol(key: None) -> None:
    registry = Registry()
    register(registry)
    assert "TYPESAFE_API_KEY" in registry.judges["jev"].description
    judge = registry.make_judge("jev")
    assert isinstance(judge, Judge)
    assert judge.name == "jev"


def test_settings_are_read(monkeypatch: pytest.MonkeyPatch, key: None) -> None:
    monkeypatch.delenv("TYPESAFE_DEFAULT_MODEL", raising=False)
    default = make_judge(JudgeSettings())
    assert (default.model, default.timeout, default.retries) == (None, DEFAULT_TIMEOUT, None)
    assert default.effective_model == "jev-latest"
    tuned = make_judge(
        JudgeSettings(
            model="jev-preview", timeout=5, options=JevOptions(retries=1, base_url="http://x/")
        )
    )
    assert (tuned.model, tuned.timeout, tuned.retries) == ("jev-preview", 5.0, 1)
    assert tuned.base_url == "http://x"


@pytest.mark.parametrize(
    "settings",
    [
        lambda: JudgeSettings(timeout=0),
        lambda: JudgeSettings(timeout=math.inf),
        lambda: JudgeSettings(timeout=1e10),  # past threading.TIMEOUT_MAX
        lambda: JudgeSettings(options=JevOptions(retries=-1)),
        lambda: JudgeSettings(options=JevOptions(retries="many")),  # type: ignore[arg-type]
        lambda: JudgeSettings(options=JevOptions(retries=True)),
        lambda: JudgeSettings(options=JevOptions(compression="gzip")),  # type: ignore[arg-type]
        lambda: JudgeSettings(options=OpenAIOptions()),  # another judge's options
    ],
)
def test_bad_settings_are_rejected_when_building(
    settings: Callable[[], JudgeSettings], key: None
) -> None:
    with pytest.raises(InvalidSettingsError):
        make_judge(settings())


def test_building_needs_no_network(monkeypatch: pytest.MonkeyPatch, key: None) -> None:
    monkeypatch.setenv("TYPESAFE_BASE_URL", f"http://127.0.0.1:{closed_port()}")
    make_judge()  # must not raise: nothing is sent before the first decision


def test_a_default_model_with_a_control_character_is_refused_naming_it(
    monkeypatch: pytest.MonkeyPatch, key: None
) -> None:
    # QA: the SDK sent TYPESAFE_DEFAULT_MODEL as it was, a line break and all.
    monkeypatch.setenv("TYPESAFE_DEFAULT_MODEL", "jev\r\nX-Injected: 1")
    with pytest.raises(InvalidSettingsError) as refused:
        make_judge()
    assert str(refused.value) == (
        "TYPESAFE_DEFAULT_MODEL holds U+000D (a carriage return) at character 4"
    )
    assert make_judge(JudgeSettings(model="jev-1", timeout=FAST_TIMEOUT)).model == "jev-1"


def test_a_context_window_is_refused_not_ignored(key: None) -> None:
    # QA: --judge jev --context-tokens 4096 was accepted and did nothing.
    with pytest.raises(SettingNotTakenError) as refused:
        make_judge(JudgeSettings(context_tokens=4096))
    assert str(refused.value).startswith("the jev judge takes no context window (")
    assert (refused.value.setting, refused.value.value) == ("context_tokens", 4096)
    assert refused.value.takes_it == "the openai judge"


@pytest.mark.parametrize("blank", [None, "   "])  # blank counts as missing, as in the SDK
def test_the_factory_refuses_to_build_without_a_key(
    monkeypatch: pytest.MonkeyPatch, blank: str | None
) -> None:
    # Every surface builds the judge before any work: refused there, as a missing model is.
    if blank is None:
        monkeypatch.delenv("TYPESAFE_API_KEY", raising=False)
    else:
        monkeypatch.setenv("TYPESAFE_API_KEY", blank)
    with pytest.raises(KeyRequiredError) as refused:
        make_judge()
    assert str(refused.value) == "the jev judge needs an API key"
    assert refused.value.env == "TYPESAFE_API_KEY"


def test_missing_key_is_a_judge_error_naming_the_variable(
    monkeypatch: pytest.MonkeyPatch, jev_env: FaultServer, decision: Decision
) -> None:
    # A judge built directly (not by the registry) still reads the key at its first decision.
    judge = JevJudge.from_settings(FAST)
    monkeypatch.setenv("TYPESAFE_API_KEY", "   ")
    error = judge_error(judge, decision)
    assert "TYPESAFE_API_KEY" in str(error)
    assert error.calls == 0  # nothing was sent
    assert jev_env.requests == []


@pytest.mark.parametrize("malformed", ["tsk with spaces", "tsk-\nsecond-line"])
def test_a_malformed_key_is_refused_by_the_factory_naming_the_variable(
    monkeypatch: pytest.MonkeyPatch, jev_env: FaultServer, decision: Decision, malformed: str
) -> None:
    # It built, then each pair was not_checked with "Jev client error: API key must contain
    # only printable ASCII", naming no variable, and the run exited 0.
    monkeypatch.setenv("TYPESAFE_API_KEY", malformed)
    with pytest.raises(InvalidSettingsError) as refused:
        make_judge()
    assert str(refused.value) == (
        "TYPESAFE_API_KEY is malformed: it must be printable ASCII without spaces"
    )
    # A judge built directly still reads the key at its first decision.
    error = judge_error(JevJudge.from_settings(FAST), decision)
    assert str(error).startswith("Jev client error: API key must")
    assert error.calls == 0
    assert malformed not in str(error)
    assert jev_env.requests == []


@pytest.mark.parametrize("url", ["garbage", "ftp://user:s3cret@proxy/v1", "https://"])
def test_a_base_url_that_is_not_http_is_refused_by_the_factory(
    monkeypatch: pytest.MonkeyPatch, key: None, url: str
) -> None:
    # It was "Jev is unreachable at garbage" for every pair, after the retries.
    monkeypatch.setenv("TYPESAFE_BASE_URL", url)
    with pytest.raises(InvalidSettingsError) as refused:
        make_judge()
    assert str(refused.value).startswith("TYPESAFE_BASE_URL is not an http(s) URL: ")
    assert "s3cret" not in str(refused.value)


# ---------------------------------------------------------------------- the reference mock


@pytest.fixture(scope="module")
def mock_server() -> Iterator[Running]:
    # One mock for the module: its shutdown waits out a 0.5 s poll interval.
    with Running(MockConfig(key=TEST_KEY)) as mock:
        yield mock


@pytest.fixture
def mock_url(monkeypatch: pytest.MonkeyPatch, mock_server: Running) -> str:
    url: str = mock_server.url  # jevcompat ships no type information
    monkeypatch.setenv("TYPESAFE_API_KEY", TEST_KEY)
    monkeypatch.setenv("TYPESAFE_BASE_URL", url)
    monkeypatch.delenv("TYPESAFE_DEFAULT_MODEL", raising=False)
    return url


def test_mock_answers_every_question_validly(mock_url: str, decision: Decision) -> None:
    reply = make_judge().decide(decision)
    validate_reply(reply, decision)
    assert reply.model == "jevcompat-mock-0.1"  # the id the server reports, not the alias sent
    assert set(reply.answers) == {"relation", "evidence"}
    for answer in reply.answers.values():
        expected = confidence_from_probabilities(answer.probabilities)
        assert answer.confidence == pytest.approx(expected, abs=1e-6)
    assert reply.usage["input_tokens"] > 0
    assert reply.usage["output_tokens"] > 0


def test_mock_rejects_a_wrong_key(
    mock_url: str, monkeypatch: pytest.MonkeyPatch, decision: Decision
) -> None:
    monkeypatch.setenv("TYPESAFE_API_KEY", "tsk-wrong")
    error = judge_error(make_judge(), decision)
    assert str(error) == "Jev rejected the API key (TYPESAFE_API_KEY): HTTP 401"


def test_a_401_to_a_base_url_with_a_user_names_the_user_not_the_key(
    jev_env: FaultServer, monkeypatch: pytest.MonkeyPatch, decision: Decision
) -> None:
    # QA: httpx2 sends the base URL's user and password as Basic auth in place of the Bearer
    # key, so the key was never sent, yet the 403 said Jev "denied access to model".
    monkeypatch.setenv("TYPESAFE_BASE_URL", jev_env.url.replace("://", "://alice:pw@", 1))
    error = judge_error(make_judge(JudgeSettings(options=JevOptions(retries=0))), decision)
    [request] = jev_env.requests
    assert request.authorization is not None and request.authorization.startswith("Basic ")
    # Jev answers a request without its Bearer key 403 (and a wrong one 401).
    assert str(error) == (
        "Jev refused the user and password in the base URL (sent instead of "
        "TYPESAFE_API_KEY): HTTP 403"
    )


def test_mock_unknown_model_names_the_model(mock_url: str, decision: Decision) -> None:
    judge = make_judge(JudgeSettings(model="jev-0.0.1", options=JevOptions(retries=0)))
    error = judge_error(judge, decision)
    assert "'jev-0.0.1'" in str(error)
    assert "HTTP 400" in str(error)


# ---------------------------------------------------------------------- the wire request


def test_one_request_carries_all_questions(jev_env: FaultServer, decision: Decision) -> None:
    reply = make_judge().decide(decision)
    validate_reply(reply, decision)
    assert reply == JudgeReply(
        model="jev-1.13.0", answers=reply.answers, usage=reply.usage, calls=1
    )
    assert reply.usage["output_tokens"] == 4

    [request] = jev_env.requests
    assert (request.method, request.path) == ("POST", "/v1/systemone")
    assert request.authorization == f"Bearer {TEST_KEY}"
    assert "content-encoding" not in request.headers  # local peers do not decode zstd
    body = request.json
    assert body["state"] == decision.state
    assert body["model"] == "jev-latest"
    assert body["questions"] == {
        "relation": {
            "type": "choice",
            "instructions": decision.questions["relation"].instructions,
            "criteria": dict(decision.questions["relation"].options),
        },
        "evidence": {
            "type": "choice",
            "instructions": decision.questions["evidence"].instructions,
            "criteria": dict(decision.questions["evidence"].options),
        },
    }


def test_model_from_settings_then_environment(
    jev_env: FaultServer, monkeypatch: pytest.MonkeyPatch, decision: Decision
) -> None:
    monkeypatch.setenv("TYPESAFE_DEFAULT_MODEL", "jev-1.13.0")
    make_judge().decide(decision)
    make_judge(JudgeSettings(model="jev-preview", options=JevOptions(retries=0))).decide(decision)
    assert [r.json["model"] for r in jev_env.requests] == ["jev-1.13.0", "jev-preview"]


def test_a_key_echoed_in_the_reply_model_is_masked(
    jev_env: FaultServer, decision: Decision
) -> None:
    # A proxy that echoes the Authorization header into the reply's model field; the escape
    # sequence would colour (or retitle) the terminal that prints the record.
    jev_env.model = f"jev \x1b]0;owned\x07{TEST_KEY} Bearer {quote(TEST_KEY)}"
    reply = make_judge().decide(decision)
    assert reply.model == "jev *** Bearer ***"


@pytest.mark.parametrize("served", ["", "\x1b[2J", f"{TEST_KEY}"])
def test_a_reply_naming_no_model_is_recorded_as_the_model_asked_for(
    jev_env: FaultServer, decision: Decision, served: str
) -> None:
    # The SDK takes any string; one that is empty (or nothing once escapes are dropped) named
    # no model in the record, where the openai judge names the one it asked for.
    jev_env.model = served
    reply = make_judge(JudgeSettings(model="jev-preview", timeout=FAST_TIMEOUT)).decide(decision)
    assert reply.model == ("***" if served == TEST_KEY else "jev-preview")


def test_a_reply_leaving_out_a_token_count_reports_no_tokens(
    jev_env: FaultServer, decision: Decision
) -> None:
    # The contract's usage carries both counts; the SDK reads a null one as not reported. The
    # other alone is no total: the record said 0 input tokens (billed ones) where Jev gave none.
    jev_env.set_mode("usage_no_input")
    reply = make_judge().decide(decision)
    validate_reply(reply, decision)
    assert reply.usage == {}
    spent = Spent()
    spent.add(reply.calls, reply.usage)
    assert spent.tokens() is None


def test_concurrent_decisions_share_one_judge(jev_env: FaultServer, decision: Decision) -> None:
    judge = make_judge()
    with ThreadPoolExecutor(max_workers=4) as pool:
        replies = list(pool.map(judge.decide, [decision] * 8))
    assert all(reply.model == "jev-1.13.0" for reply in replies)
    assert len(jev_env.systemone_requests) == 8
    judge.close()


# ---------------------------------------------------------------------- transport failures


@pytest.mark.parametrize(
    ("mode", "message"),
    [
        ("http500", "Jev request failed: HTTP 500"),
        ("http503", "Jev request failed: HTTP 503"),
        ("http401", "Jev rejected the API key (TYPESAFE_API_KEY): HTTP 401"),
        ("http403", "Jev denied access to model 'jev-latest': HTTP 403"),
        ("http404", "Jev does not serve model 'jev-latest' (or the endpoint): HTTP 404"),
        ("http400", "Jev rejected the request for model 'jev-latest': HTTP 400"),
        ("http422", "Jev rejected the request as invalid: HTTP 422"),
        ("http429", "Jev rate limit exceeded: HTTP 429"),
        ("echo_auth", "Jev rejected the API key (TYPESAFE_API_KEY): HTTP 401"),
        ("non_json", "Jev returned a body that is not a System One reply: HTTP 200"),
        ("empty_200", "Jev returned a body that is not a System One reply: HTTP 200"),
        ("no_usage", "Jev returned an invalid response: bad or missing usage"),
    ],
)
def test_http_failures(jev_env: FaultServer, decision: Decision, mode: str, message: str) -> None:
    jev_env.set_mode(mode)
    error = judge_error(make_judge(), decision)
    assert str(error) == message
    assert error.calls == 1  # a failed request is still a backend call
    assert len(jev_env.requests) == 1  # retries=0: one attempt only


def test_echoed_credential_stays_out_of_the_error(jev_env: FaultServer, decision: Decision) -> None:
    jev_env.set_mode("echo_auth")
    judge_error(make_judge(), decision)  # judge_error checks message, repr and traceback
    # The scenario is real: the server did put the key in its body.
    assert jev_env.requests[0].authorization == f"Bearer {TEST_KEY}"


def test_timeout(jev_env: FaultServer, decision: Decision) -> None:
    jev_env.set_mode("slow")
    judge = make_judge(JudgeSettings(timeout=0.3, options=JevOptions(retries=0)))
    started = time.monotonic()
    error = judge_error(judge, decision)
    assert str(error) == "Jev request timed out after 0.3s"
    assert time.monotonic() - started < 2.5  # the server would have answered after 3 s


def test_connection_refused(monkeypatch: pytest.MonkeyPatch, decision: Decision) -> None:
    url = f"http://127.0.0.1:{closed_port()}"
    monkeypatch.setenv("TYPESAFE_API_KEY", TEST_KEY)
    monkeypatch.setenv("TYPESAFE_BASE_URL", url)
    assert str(judge_error(make_judge(), decision)) == f"Jev is unreachable at {url}"


def test_a_proxy_the_client_cannot_use_is_refused_by_the_factory(
    monkeypatch: pytest.MonkeyPatch, key: None
) -> None:
    # QA: each record read "Jev request failed: unexpected ValueError".
    monkeypatch.setenv("HTTPS_PROXY", "ftp://u:hunter2@proxy.test")
    with pytest.raises(InvalidSettingsError) as refused:
        make_judge()
    assert str(refused.value) == (
        "the proxy in HTTPS_PROXY (ftp://***@proxy.test) is not a proxy URL that can be used "
        "(http, https or socks5)"
    )


def test_an_unreachable_proxy_is_named(monkeypatch: pytest.MonkeyPatch, decision: Decision) -> None:
    # QA: "unreachable at https://api.typesafe.ai" sent the user to check the service.
    url = f"http://127.0.0.1:{closed_port()}"
    proxy_port = closed_port()
    monkeypatch.setenv("TYPESAFE_API_KEY", TEST_KEY)
    monkeypatch.setenv("TYPESAFE_BASE_URL", url)
    monkeypatch.setenv("HTTP_PROXY", f"http://user:hunter2@127.0.0.1:{proxy_port}")
    assert str(judge_error(make_judge(), decision)) == (
        f"Jev is unreachable at {url}: the proxy in HTTP_PROXY "
        f"(http://***@127.0.0.1:{proxy_port}) is unreachable"
    )


def test_unreachable_message_drops_credentials_in_the_url(
    monkeypatch: pytest.MonkeyPatch, decision: Decision
) -> None:
    port = closed_port()
    monkeypatch.setenv("TYPESAFE_API_KEY", TEST_KEY)
    # A secret in a path parameter: a query is refused (the SDK would append paths after it).
    url = f"http://user:{TEST_KEY}@127.0.0.1:{port}/;k=v;api_key={TEST_KEY}"
    monkeypatch.setenv("TYPESAFE_BASE_URL", url)
    error = judge_error(make_judge(), decision)
    assert str(error) == f"Jev is unreachable at http://***@127.0.0.1:{port}/;k=v;api_key=***"


def test_ipv6_base_url_keeps_its_brackets(monkeypatch: pytest.MonkeyPatch) -> None:
    # Checked without connecting: the tests only ever talk to 127.0.0.1.
    monkeypatch.setenv("TYPESAFE_BASE_URL", "http://u:p@[::1]:9/")
    assert JevJudge().base_url == "http://u:p@[::1]:9"
    assert _public_url(JevJudge().base_url) == "http://[::1]:9"


def test_hangup_is_a_connection_failure(jev_env: FaultServer, decision: Decision) -> None:
    jev_env.set_mode("hangup")
    assert str(judge_error(make_judge(), decision)) == f"Jev is unreachable at {jev_env.url}"


def test_a_reply_broken_off_is_named_as_one(
    monkeypatch: pytest.MonkeyPatch, decision: Decision
) -> None:
    # QA: Jev reached, its reply begun (headers, then a few of the bytes they promised) and
    # broken off, read "Jev is unreachable at", as a stopped server does.
    monkeypatch.setenv("TYPESAFE_API_KEY", TEST_KEY)
    with RawServer(CUT_SHORT, close_after=True) as server:
        monkeypatch.setenv("TYPESAFE_BASE_URL", server.url)
        assert str(judge_error(make_judge(), decision)) == (
            f"Jev at {server.url} closed the connection without a complete reply"
        )


@pytest.mark.parametrize("reset", [False, True], ids=["closed", "reset"])
def test_a_reply_broken_off_in_its_head_on_a_kept_connection_is_named_as_one(
    monkeypatch: pytest.MonkeyPatch, decision: Decision, reset: bool
) -> None:
    # QA: Jev read the second request on the pooled connection and began to answer it (a
    # status line and half a header), then broke off: "Jev is unreachable at", as a stopped
    # server reads, though it answered; only a reply broken off in its body was named so.
    monkeypatch.setenv("TYPESAFE_API_KEY", TEST_KEY)
    head_cut = b"HTTP/1.1 200 OK\r\nContent-"
    with RawServer(OK, replies=1, per_connection=True, reset=reset, partial=head_cut) as server:
        monkeypatch.setenv("TYPESAFE_BASE_URL", server.url)
        judge = make_judge()
        first = judge_error(judge, decision)  # answered, but no System One reply: kept open
        assert str(first) == "Jev returned an invalid response: bad or missing model"
        assert str(judge_error(judge, decision)) == (
            f"Jev at {server.url} closed the connection without a complete reply"
        )
        assert (server.served, server.dropped, server.connections) == (1, 1, 1)


def test_retries_follow_settings(jev_env: FaultServer, decision: Decision) -> None:
    jev_env.set_mode("http500")
    judge_error(make_judge(JudgeSettings(timeout=2.0, options=JevOptions(retries=1))), decision)
    assert len(jev_env.requests) == 2


@pytest.mark.parametrize("mode", ["http500", "http429", "hangup"])
def test_a_failure_after_retries_counts_every_attempt(
    jev_env: FaultServer, decision: Decision, mode: str
) -> None:
    jev_env.set_mode(mode)  # the fault server sends Retry-After: 0, so retrying is instant
    judge = make_judge(JudgeSettings(timeout=2.0, options=JevOptions(retries=2)))
    assert judge_error(judge, decision).calls == 3
    assert judge_error(judge, decision).calls == 3  # per call, not a running total
    assert len(jev_env.requests) == 6


def test_retried_success_counts_every_attempt(jev_env: FaultServer, decision: Decision) -> None:
    jev_env.upcoming_errors.extend([503, 429])  # both with Retry-After: 0
    reply = make_judge(JudgeSettings(timeout=2.0, options=JevOptions(retries=2))).decide(decision)
    validate_reply(reply, decision)
    assert reply.calls == 3
    assert [r.headers.get("x-typesafe-retry-count") for r in jev_env.requests] == [None, "1", "2"]


def test_default_retries_are_the_sdks(jev_env: FaultServer, decision: Decision) -> None:
    jev_env.set_mode("http429")  # the fault server sends Retry-After: 0, so retrying is instant
    judge_error(make_judge(JudgeSettings(timeout=2.0)), decision)
    assert len(jev_env.requests) == 3  # the first attempt and the SDK's 2 retries


# ---------------------------------------------------------------------- invalid answers

PASSED_THROUGH = ["prob_missing_option", "prob_over_one", "prob_sum_1_3", "choice_not_option"]
REJECTED_BY_SDK = ["prob_nan", "prob_string", "confidence_string"]


@pytest.mark.parametrize("mode", PASSED_THROUGH)
def test_well_typed_but_invalid_answers_reach_validate_reply(
    jev_env: FaultServer, decision: Decision, mode: str
) -> None:
    # The judge only extracts; judging the distribution is validate_reply's job, for every judge.
    jev_env.set_mode(mode)
    reply = make_judge().decide(decision)
    with pytest.raises(JudgeError):
        validate_reply(reply, decision)


@pytest.mark.parametrize("mode", REJECTED_BY_SDK)
def test_non_numeric_answers_are_judge_errors(
    jev_env: FaultServer, decision: Decision, mode: str
) -> None:
    jev_env.set_mode(mode)
    error = judge_error(make_judge(), decision)
    assert str(error).startswith(
        "Jev returned an invalid response: bad or missing answers.relation"
    )


@pytest.mark.parametrize(
    ("mode", "message"),
    [
        ("drop_answer", "Jev gave no answer for question 'evidence'"),
        ("choice_as_noul", "Jev gave a 'noul' answer, not a choice, for question 'evidence'"),
        (
            "wrong_type",
            "Jev gave an answer of a type typesafe-sdk does not know ('verdict') "
            "for question 'evidence'",
        ),
    ],
)
def test_missing_or_foreign_answers(
    jev_env: FaultServer, decision: Decision, mode: str, message: str
) -> None:
    jev_env.set_mode(mode)
    error = judge_error(make_judge(), decision)
    assert str(error) == message
    assert error.calls == 1


# ---------------------------------------------------------------------- the fault server itself


def test_fault_server_rejects_unknown_modes() -> None:
    with pytest.raises(ValueError, match="unknown fault mode"):
        FaultServer("explode")


def test_fault_server_requires_its_key(jev_env: FaultServer, decision: Decision) -> None:
    jev_env.set_mode("ok")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TYPESAFE_API_KEY", "tsk-other")
        assert "HTTP 401" in str(judge_error(make_judge(), decision))


def test_a_ca_file_that_cannot_be_loaded_is_named_not_a_bare_exception_name(
    monkeypatch: pytest.MonkeyPatch, key: None, decision: Decision
) -> None:
    # Each record read "Jev request failed: unexpected FileNotFoundError".
    monkeypatch.setenv("TYPESAFE_BASE_URL", f"http://127.0.0.1:{closed_port()}")
    built = make_judge()  # as by a caller that built it before the setting changed
    monkeypatch.setenv("SSL_CERT_FILE", "/nonexistent/ca.pem")
    unusable = "SSL_CERT_FILE names an unusable CA file (no such file or directory): "
    with pytest.raises(InvalidSettingsError) as refused:
        make_judge()
    assert str(refused.value) == unusable + "/nonexistent/ca.pem"
    assert str(judge_error(built, decision)) == unusable + "/nonexistent/ca.pem"


@pytest.mark.parametrize(("retries", "count"), [(None, 2), (0, 0), (3, 3)])
def test_retries_have_no_total_budget_past_each_attempts_deadline(
    retries: int | None, count: int
) -> None:
    # The SDK's policy stops retrying once 30 s have passed in all, a budget made for its 10 s
    # timeout: an attempt that timed out after our 60 s was never retried, though each retry
    # has its own deadline (README, --timeout).
    policy = retry_policy(retries)
    assert policy.timeout is None and policy.max_retries == count
