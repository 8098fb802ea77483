"""The chat completions wire's deadline, size cap and redirects, against the local test server.

A trickling server sends a byte every 0.1 s, so no read waits long, but the reply takes seconds:
only a deadline for the whole attempt ends it within the judge's 0.5 s timeout.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import pytest

from claimaudit.checker.pipeline import Checker
from claimaudit.errors import JudgeError
from claimaudit.identity import parse_ref
from claimaudit.judges.openai import OpenAIOptions, register
from claimaudit.judges.openai.judge import OpenAIJudge
from claimaudit.judges.openai.wire import ChatClient
from claimaudit.judges.protocol import Decision, JudgeSettings
from claimaudit.records import CheckedRecord, NotCheckedRecord
from tests.fakes import MemorySource
from tests.httpfake import closed_port
from tests.judges.helpers import judge_error, registered_judge
from tests.judges.openaiserver import OpenAIServer
from tests.judges.rawserver import CUT_SHORT, OK, RawServer

TIMEOUT = 0.5
SHORT = JudgeSettings(timeout=TIMEOUT, options=OpenAIOptions(retries=0))
# A gzip header, then empty non-final stored deflate blocks: bytes that never decode to any.
GZIP_HEADER = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"
EMPTY_BLOCK = b"\x00\x00\x00\xff\xff"
REDIRECT = "OpenAI-compatible server request failed: HTTP {} (redirects are not followed)"


def make_judge(settings: JudgeSettings = SHORT) -> OpenAIJudge:
    return registered_judge(register, "openai", OpenAIJudge, settings)


def completion_error(url: str) -> str:
    """The JudgeError a single completion asked of ``url`` (no retry) fails with."""
    client = ChatClient(url, None, 5.0, 0)
    try:
        with pytest.raises(JudgeError) as failed:
            client.complete({"model": "fake-chat", "messages": []}, "fake-chat")
    finally:
        client.close()
    return str(failed.value)


@pytest.mark.parametrize("mode", ["trickle", "trickle_headers"])
def test_a_trickling_reply_times_out_at_the_deadline(
    openai_server: OpenAIServer, decision: Decision, mode: str
) -> None:
    openai_server.set_mode(mode)
    error = judge_error(make_judge(), decision)
    assert str(error) == "OpenAI-compatible server timed out after 0.5s"
    assert error.calls == 1
    assert len(openai_server.requests) == 1


def test_a_trickling_reply_is_a_not_checked_record(openai_server: OpenAIServer) -> None:
    openai_server.set_mode("trickle")
    source = MemorySource()
    source.add(parse_ref("2105.14372v1"), "A paper", ["Dropout helps.", "Unrelated."])
    [record] = Checker(source, make_judge()).check("Dropout helps.", ["2105.14372"])
    assert isinstance(record, NotCheckedRecord)
    assert record.error == "OpenAI-compatible server timed out after 0.5s"
    assert record.calls == {"openai": 3}  # the question, and the window's two look-ups


def test_each_attempt_gets_its_own_deadline(
    openai_server: OpenAIServer, decision: Decision
) -> None:
    openai_server.set_mode("trickle")
    judge = make_judge(JudgeSettings(timeout=TIMEOUT, options=OpenAIOptions(retries=1)))
    error = judge_error(judge, decision)
    assert str(error) == "OpenAI-compatible server timed out after 0.5s"
    assert error.calls == 2
    assert len(openai_server.requests) == 2


def test_an_oversized_reply_is_refused_and_not_retried(
    openai_server: OpenAIServer, decision: Decision
) -> None:
    openai_server.set_mode("oversized")  # a valid chat completion, padded past 8 MiB
    judge = make_judge(JudgeSettings(timeout=10.0, options=OpenAIOptions(retries=2)))
    error = judge_error(judge, decision)
    assert str(error) == "OpenAI-compatible server sent a reply larger than 8 MiB"
    assert error.calls == 1
    assert len(openai_server.requests) == 1


def test_the_reply_cap_is_a_client_setting(openai_server: OpenAIServer) -> None:
    client = ChatClient(openai_server.url, None, 5.0, 0, max_reply_bytes=100)
    openai_server.models = {"data": [{"id": "m", "padding": "x" * 200}]}
    assert client.get_json(f"{openai_server.url}/models") is None  # too long: no answer
    openai_server.models = {"data": []}
    assert client.get_json(f"{openai_server.url}/models") == {"data": []}
    client.close()


def test_a_redirect_with_a_chat_completion_is_not_the_answer(
    openai_server: OpenAIServer, decision: Decision
) -> None:
    openai_server.set_mode("redirect_answer")  # 302 whose body would answer "supports"
    error = judge_error(make_judge(), decision)
    assert str(error) == REDIRECT.format(302)
    assert error.calls == 1
    assert len(openai_server.requests) == 1  # the Location was not followed


def test_a_redirect_with_an_error_body_names_the_status(
    openai_server: OpenAIServer, decision: Decision
) -> None:
    openai_server.set_mode("http307")
    assert str(judge_error(make_judge(), decision)) == REDIRECT.format(307)


def test_redirects_make_not_checked_records(openai_server: OpenAIServer) -> None:
    openai_server.set_mode("redirect_answer")
    source = MemorySource()
    source.add(parse_ref("2105.14372v1"), "A paper", ["Dropout helps."])
    [record] = Checker(source, make_judge()).check("Dropout helps.", ["2105.14372"])
    assert isinstance(record, NotCheckedRecord)
    assert record.error == REDIRECT.format(302)


class EndlessEmptyGzip:
    """Answers one request with a gzip body that keeps coming and decodes to nothing; ``stopped``
    is set once the client has closed the connection (a send to it fails)."""

    def __init__(self) -> None:
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self._listener.getsockname()[1]}"
        self.stopped = threading.Event()
        self._done = threading.Event()
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        connection, _ = self._listener.accept()
        with connection:
            connection.recv(65536)
            head = b"HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nConnection: close\r\n\r\n"
            try:
                connection.sendall(head + GZIP_HEADER)
                while not self._done.is_set():
                    connection.sendall(EMPTY_BLOCK * 100)
                    time.sleep(0.01)  # a steady stream, not a busy loop
            except OSError:
                self.stopped.set()

    def close(self) -> None:
        self._done.set()
        self._listener.close()


@pytest.fixture
def endless_gzip() -> Iterator[EndlessEmptyGzip]:
    server = EndlessEmptyGzip()
    yield server
    server.close()


def test_an_abandoned_attempt_stops_reading_a_body_that_decodes_to_nothing(
    endless_gzip: EndlessEmptyGzip,
) -> None:
    client = ChatClient(endless_gzip.url, None, TIMEOUT, 0)
    with pytest.raises(JudgeError, match=r"timed out after 0\.5s"):
        client.complete({"model": "m", "messages": []}, "m")
    # The worker thread let go of the connection on its own (the client is still open): a
    # batch against such a server does not pile up threads reading forever.
    assert endless_gzip.stopped.wait(20)
    client.close()


def test_an_unreachable_proxy_is_named_not_the_server(
    openai_server: OpenAIServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    # QA: "unreachable at https://api.openai.com/v1" (the server, which was fine): the proxy
    # in the environment was the one down.
    proxy_port = closed_port()
    monkeypatch.setenv("HTTP_PROXY", f"http://user:hunter2@127.0.0.1:{proxy_port}")
    assert completion_error(openai_server.url) == (
        f"OpenAI-compatible server is unreachable at {openai_server.url}: the proxy in "
        f"HTTP_PROXY (http://***@127.0.0.1:{proxy_port}) is unreachable"
    )
    assert openai_server.requests == []  # nothing went around the proxy


def test_a_base_urls_query_is_kept_on_every_request(
    openai_server: OpenAIServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    # QA: the endpoint was appended to the whole base URL, so "/v1?api_key=K" posted to "/v1"
    # with the query "api_key=K/chat/completions": the wrong route, and a mangled key.
    query = "api-version=2024-10-21&api_key=gw-0123456789"
    monkeypatch.setenv("OPENAI_BASE_URL", f"{openai_server.url}?{query}")
    openai_server.models = {"data": [{"id": "fake-chat", "max_model_len": 4096}]}
    openai_server.prefer = ["supports", "P001"]
    source = MemorySource()
    source.add(parse_ref("2105.14372v1"), "A paper", ["Dropout helps a lot.", "Unrelated."])
    judge = registered_judge(register, "openai", OpenAIJudge, JudgeSettings())
    [record] = Checker(source, judge).check("Dropout helps.", ["2105.14372"])
    assert isinstance(record, CheckedRecord), record
    sent = [request.path for request in openai_server.requests] + openai_server.gets
    assert "/v1/chat/completions?" + query in sent
    assert "/v1/models?" + query in sent
    assert all(path.endswith("?" + query) for path in sent)


def test_a_reply_broken_off_says_so_not_unreachable() -> None:
    # QA: the server was reached and began its reply (headers promising 5,000 bytes, then a
    # few), yet the record said "unreachable at", which sends people to check the address.
    with RawServer(CUT_SHORT, close_after=True) as server:
        url = f"{server.url}/v1"
        assert completion_error(url) == (
            f"OpenAI-compatible server at {url} closed the connection without a complete reply"
        )


@pytest.mark.parametrize("stop", ["stopped", "dropped"])
def test_a_server_stopped_after_a_first_call_is_unreachable(stop: str) -> None:
    # What had the first attempt at the above reverted: the client's pooled keep-alive
    # connection to a server gone since read as a reply broken off. "dropped": the kept
    # connection taken for the request is closed as it comes, before any reply.
    with RawServer(OK, replies=1) as server:
        url = f"{server.url}/v1"
        client = ChatClient(url, None, 5.0, 0)
        try:
            assert client.get_json(f"{url}/models") == {"ok": True}
            if stop == "stopped":
                server.stop()
            with pytest.raises(JudgeError) as failed:
                client.get_json(f"{url}/models")
        finally:
            client.close()
    assert str(failed.value) == f"OpenAI-compatible server is unreachable at {url}"


# Part of the status line or headers, then the connection closed or reset.
HEAD_CUT = b"HTTP/1.1 200 OK\r\nContent-"


@pytest.mark.parametrize("reset", [False, True], ids=["closed", "reset"])
@pytest.mark.parametrize("partial", [b"H", HEAD_CUT], ids=["first-byte", "headers"])
def test_a_reply_broken_off_in_its_head_on_a_kept_connection_says_so(
    reset: bool, partial: bytes
) -> None:
    # QA: the server read the request on the pooled connection and began to answer it (it is
    # not asked again for that), yet the record said "unreachable at", as of a server that
    # never answered; only a reply broken off inside its body was named as one.
    with RawServer(OK, replies=1, per_connection=True, reset=reset, partial=partial) as server:
        url = f"{server.url}/v1"
        client = ChatClient(url, None, 5.0, 0)
        try:
            assert client.get_json(f"{url}/models") == {"ok": True}
            with pytest.raises(JudgeError) as failed:
                client.post_json(f"{url}/tokenize", {"prompt": "x"})
        finally:
            client.close()
    assert str(failed.value) == (
        f"OpenAI-compatible server at {url} closed the connection without a complete reply"
    )
    assert (server.served, server.dropped, server.connections) == (1, 1, 1)


def _raw(status: str, body: bytes) -> bytes:
    head = f"HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {len(body)}"
    return head.encode() + b"\r\n\r\n" + body


# Valid JSON nested past what Python's parser reads (it raises RecursionError, not a ValueError).
DEEP_JSON = b"[" * 100_000 + b"]" * 100_000


@pytest.mark.parametrize(
    "body", [DEEP_JSON, b'{"error": ' + DEEP_JSON + b"}"], ids=["bare", "in-error"]
)
def test_an_error_reply_nested_too_deep_to_read_names_its_status(body: bytes) -> None:
    # Read for a context-overflow error, it raised RecursionError out of the judge: the record
    # said "judge 'openai' failed: RecursionError", as for a bug of the judge.
    with RawServer(_raw("400 Bad Request", body)) as server:
        url = f"{server.url}/v1"
        assert completion_error(url) == (
            "OpenAI-compatible server rejected the request for model 'fake-chat': HTTP 400"
        )


def test_a_side_reply_nested_too_deep_to_read_is_no_answer() -> None:
    # /props, /v1/models and the tokenizer endpoints: read as "no such endpoint", as a reply
    # that is not JSON is.
    with RawServer(_raw("200 OK", DEEP_JSON)) as server:
        client = ChatClient(f"{server.url}/v1", None, 5.0, 0)
        try:
            assert client.get_json(f"{server.url}/props") is None
        finally:
            client.close()
