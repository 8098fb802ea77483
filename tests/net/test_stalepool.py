"""A kept-alive connection the server drops as the next request comes (its keep-alive timeout)
is the client's stale pool, not a server failure: the request is sent again on a fresh
connection even with retries=0, where that is safe. A real server on 127.0.0.1 that answers
each connection once, then reads the next request on it and closes it without a word."""

from __future__ import annotations

import httpx
import httpx2
import pytest

from claimaudit.judges.jev_http import DeadlineClient
from claimaudit.judges.openai.wire import ChatClient
from claimaudit.judges.protocol import JudgeError
from claimaudit.net.stalepool import StalePoolClient
from tests.judges.rawserver import CUT_SHORT, OK, RawServer

# A kept connection closed (FIN) as the next request came, or reset (RST: "Connection reset
# by peer"), before any reply: the same stale pool, whichever way the system says it.
_DROPPED = pytest.mark.parametrize("reset", [False, True], ids=["closed", "reset"])


@_DROPPED
def test_a_get_on_a_dropped_kept_connection_is_sent_again_on_a_fresh_one(reset: bool) -> None:
    with (
        RawServer(OK, replies=1, per_connection=True, reset=reset) as server,
        StalePoolClient() as client,
    ):
        assert client.get(f"{server.url}/a").json() == {"ok": True}
        assert client.get(f"{server.url}/b").json() == {"ok": True}
        assert (server.served, server.dropped, server.connections) == (2, 1, 2)


@_DROPPED
def test_the_openai_judge_with_no_retries_asks_again_on_a_fresh_connection(reset: bool) -> None:
    with RawServer(OK, replies=1, per_connection=True, reset=reset) as server:
        url = f"{server.url}/v1"
        client = ChatClient(url, None, 5.0, 0)
        try:
            assert client.get_json(f"{url}/models") == {"ok": True}
            # A POST: a judge's question, which changes nothing on the server if asked twice.
            assert client.post_json(f"{url}/tokenize", {"prompt": "x"}) == {"ok": True}
        finally:
            client.close()
    assert (server.served, server.dropped) == (2, 1)


@_DROPPED
def test_jevs_client_asks_again_on_a_fresh_connection(reset: bool) -> None:
    with (
        RawServer(OK, replies=1, per_connection=True, reset=reset) as server,
        DeadlineClient(timeout=5.0) as client,
    ):
        assert client.get(f"{server.url}/a").json() == {"ok": True}
        assert client.post(f"{server.url}/b", json={"q": 1}).json() == {"ok": True}
    assert (server.served, server.dropped) == (2, 1)


def test_a_post_that_may_change_the_server_is_not_sent_twice() -> None:
    # The server read it before it closed the connection: sent again, it could act twice.
    with RawServer(OK, replies=1, per_connection=True) as server, StalePoolClient() as client:
        client.get(f"{server.url}/a")
        with pytest.raises(httpx.RemoteProtocolError):
            client.post(f"{server.url}/orders", json={"buy": 1})
    assert (server.served, server.dropped) == (1, 1)


def test_a_fresh_connection_closed_without_a_reply_is_the_servers_failure() -> None:
    # No kept connection involved: the server itself closes on every request, and the
    # judge with no retries asks once.
    with RawServer(OK, replies=0) as server:
        url = f"{server.url}/v1"
        client = ChatClient(url, None, 5.0, 0)
        try:
            with pytest.raises(JudgeError):
                client.get_json(f"{url}/models")
        finally:
            client.close()
    assert server.dropped == 1


def test_a_trace_the_caller_set_still_hears_every_event() -> None:
    heard: list[str] = []
    with RawServer(OK, replies=1, per_connection=True) as server, StalePoolClient() as client:
        client.get(f"{server.url}/a", extensions={"trace": lambda name, _: heard.append(name)})
        request = client.build_request("GET", f"{server.url}/b")
        request.extensions["trace"] = lambda name, _: heard.append(name)
        client.send(request)
        assert request.extensions["trace"] is not None  # given back as it was
    assert heard.count("connection.connect_tcp.started") == 2


# A reset (RST, not FIN) where the two differ.


def test_a_fresh_connection_reset_without_a_reply_is_the_servers_failure() -> None:
    with RawServer(OK, replies=0, reset=True) as server:
        url = f"{server.url}/v1"
        client = ChatClient(url, None, 5.0, 0)
        try:
            with pytest.raises(JudgeError, match="unreachable"):
                client.get_json(f"{url}/models")
        finally:
            client.close()
    assert (server.dropped, server.connections) == (1, 1)


def test_a_kept_connection_reset_after_part_of_the_reply_is_not_sent_again() -> None:
    # The status and headers came: the server answered, and its reply broke off.
    with (
        RawServer(OK, replies=1, per_connection=True, reset=True, partial=CUT_SHORT) as server,
        StalePoolClient() as client,
    ):
        client.get(f"{server.url}/a")
        with pytest.raises(httpx.TransportError):
            client.get(f"{server.url}/b")
        assert (server.served, server.dropped, server.connections) == (1, 1, 1)


def test_a_post_that_may_change_the_server_is_not_sent_twice_after_a_reset() -> None:
    with (
        RawServer(OK, replies=1, per_connection=True, reset=True) as server,
        StalePoolClient() as client,
    ):
        client.get(f"{server.url}/a")
        with pytest.raises(httpx.ReadError):
            client.post(f"{server.url}/orders", json={"buy": 1})
    assert (server.served, server.dropped) == (1, 1)


# Part of the status line or headers came before the connection failed: the server read the
# request and began to answer it, so it is not sent again (httpcore says "without sending a
# response" until the headers are whole).
HEAD_CUT = b"HTTP/1.1 200 OK\r\nContent-"


@pytest.mark.parametrize("reset", [False, True], ids=["closed", "reset"])
@pytest.mark.parametrize("partial", [b"H", HEAD_CUT])
def test_a_kept_connection_failing_inside_the_reply_head_is_not_sent_again(
    reset: bool, partial: bytes
) -> None:
    with (
        RawServer(OK, replies=1, per_connection=True, reset=reset, partial=partial) as server,
        StalePoolClient() as client,
    ):
        client.get(f"{server.url}/a")
        with pytest.raises(httpx.TransportError):
            client.get(f"{server.url}/b")
        assert (server.served, server.dropped, server.connections) == (1, 1, 1)


def test_jevs_client_does_not_ask_again_after_part_of_the_reply_head() -> None:
    with (
        RawServer(OK, replies=1, per_connection=True, reset=True, partial=HEAD_CUT) as server,
        DeadlineClient(timeout=5.0) as client,
    ):
        client.get(f"{server.url}/a")
        with pytest.raises(httpx2.TransportError):
            client.post(f"{server.url}/b", json={"q": 1})
        assert (server.served, server.dropped, server.connections) == (1, 1, 1)


class _BrokenOff(httpx.RemoteProtocolError):
    """What a client that names replies broken off raises for them."""


@pytest.mark.parametrize("partial", [b"H", HEAD_CUT])
def test_a_reply_broken_off_in_its_head_is_raised_as_the_clients_broken_off_error(
    partial: bytes,
) -> None:
    # The server answered, in part: not the transport error a server never reached raises.
    with (
        RawServer(OK, replies=1, per_connection=True, reset=True, partial=partial) as server,
        StalePoolClient(broken_off=_BrokenOff) as client,
    ):
        client.get(f"{server.url}/a")
        with pytest.raises(_BrokenOff) as failed:
            client.get(f"{server.url}/b")
        assert isinstance(failed.value.__cause__, httpx.TransportError)


def test_a_server_stopped_since_its_last_reply_is_no_reply_broken_off() -> None:
    # The kept connection is dropped with no byte of a reply, sent again, refused afresh.
    with RawServer(OK, replies=1) as server, StalePoolClient(broken_off=_BrokenOff) as client:
        url = server.url
        client.get(f"{url}/a")
        server.stop()
        with pytest.raises(httpx.ConnectError):
            client.get(f"{url}/b")
