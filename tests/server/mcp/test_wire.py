"""A client that closes both pipes while a tool call runs has gone: the server stops the work
and exits, with one line on stderr and no traceback (a real server, a judge held by a gate)."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from claimaudit.server.mcp.wire import Pending
from tests.conftest import REPO_ROOT
from tests.hostile.mcpwire import PROTOCOL
from tests.server.gated_mcp import WAIT_LIMIT_S, held_check, judged, wait_for
from tests.server.launcher import GATE_ENV

# The one line the server says on stderr (as the README gives it).
GONE_MESSAGE = "claimaudit mcp: the client closed its output pipe; stopping"


def _wait_for_text(path: Path, text: str) -> None:
    deadline = time.monotonic() + WAIT_LIMIT_S
    while text not in path.read_text():
        assert time.monotonic() < deadline, f"never said {text!r}: {path.read_text()}"
        time.sleep(0.02)


def _line(message: dict[str, object]) -> bytes:
    return json.dumps(message).encode() + b"\n"


def test_a_client_gone_mid_call_stops_the_work_and_the_server(
    example_library: Path, tmp_path: Path
) -> None:
    library = example_library
    gate = tmp_path / "gate"
    gate.mkdir()
    (gate / "hold").touch()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CLAIMAUDIT_", "TYPESAFE_"))}
    stderr = tmp_path / "stderr.log"
    with stderr.open("wb") as errors:
        server = subprocess.Popen(
            [sys.executable, "-m", "tests.server.launcher", "mcp", "--library", str(library)],
            cwd=REPO_ROOT,
            env={**env, GATE_ENV: str(gate)},
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=errors,
        )
    assert server.stdin is not None and server.stdout is not None
    client = {"name": "leaving", "version": "1"}
    params = {"protocolVersion": PROTOCOL, "capabilities": {}, "clientInfo": client}
    server.stdin.write(_line({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": params}))
    server.stdin.flush()
    assert json.loads(server.stdout.readline())["id"] == 1
    server.stdin.write(_line({"jsonrpc": "2.0", "method": "notifications/initialized"}))
    server.stdin.write(held_check(2) + b"\n")
    server.stdin.flush()
    wait_for(gate / "entered-1")
    server.stdin.close()
    server.stdout.close()
    try:
        # Said once the work in flight is told to stop: the judgement held is the last.
        _wait_for_text(stderr, GONE_MESSAGE)
        (gate / "hold").unlink()
        code = server.wait(timeout=WAIT_LIMIT_S)  # a hang guard: it exits at once
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    assert code == 0, stderr.read_text()
    assert stderr.read_text().splitlines() == [GONE_MESSAGE]
    # The paper being judged was finished; the second was never begun.
    assert judged(gate) == ["entered-1"]


def test_a_broken_pipe_is_a_client_gone_not_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    # Imported here, so that the test above runs (and fails) on code that had no such module.
    from claimaudit.server.mcp.wire import Wire

    read_end, write_end = os.pipe()
    os.close(read_end)
    gone: list[str] = []
    output = os.fdopen(write_end, "wb")
    wire = Wire(output, on_gone=lambda: gone.append("gone"))
    wire.pending.read({"jsonrpc": "2.0", "id": 3, "method": "ping"})
    for _ in range(2):
        wire.send('{"jsonrpc": "2.0", "id": 4, "result": {}}\n')
    # Nothing can be answered any more: the end of input does not wait for request 3.
    wire.pending.wait_until_answered()
    with contextlib.suppress(BrokenPipeError):
        output.close()  # the unwritten answer is still in its buffer
    assert gone == ["gone"]
    assert capsys.readouterr().err.splitlines() == [GONE_MESSAGE]


def test_what_a_terminal_would_obey_is_written_escaped() -> None:
    from claimaudit.server.mcp.wire import Wire

    output = io.BytesIO()
    message = {"jsonrpc": "2.0", "id": 1, "result": {"structuredContent": {"title": "a\u202eb"}}}
    Wire(output).send(json.dumps(message, ensure_ascii=False) + "\n")
    written = output.getvalue()
    assert "\u202e".encode() not in written
    assert b"a\\u202eb" in written
    assert json.loads(written) == message


@pytest.mark.parametrize("request_id", [[7], {"a": 7}, None, 7.0, True])
def test_an_id_no_request_can_have_is_never_in_use(request_id: object) -> None:
    # The screen asks about every line it parsed, refused ones included (a list is unhashable).
    pending = Pending()
    pending.read({"jsonrpc": "2.0", "id": 7, "method": "ping"})
    assert pending.in_use({"jsonrpc": "2.0", "id": 7, "method": "ping"})
    assert not pending.in_use({"jsonrpc": "2.0", "id": request_id, "method": "ping"})


def test_the_end_of_input_ends_a_session_with_a_listen_stream_open(tmp_path: Path) -> None:
    # QA: a 2026-07-28 subscriptions/listen is answered only when its stream closes, which the
    # SDK does at the end of input; the end of input waited for that answer: a hang for ever.
    meta = {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {},
    }
    requests = [
        {"jsonrpc": "2.0", "id": 1, "method": "server/discover", "params": {"_meta": meta}},
        {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "subscriptions/listen",
            "params": {"_meta": meta, "notifications": {"toolsListChanged": True}},
        },
        {
            "jsonrpc": "2.0",
            "id": 3,
            "method": "tools/call",
            "params": {"_meta": meta, "name": "library_list", "arguments": {"limit": 1}},
        },
    ]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CLAIMAUDIT_", "TYPESAFE_"))}
    done = subprocess.run(
        [sys.executable, "-m", "claimaudit", "mcp", "--library", str(tmp_path / "lib.sqlite3")],
        input=b"".join(_line(request) for request in requests),
        capture_output=True,
        cwd=REPO_ROOT,
        env=env,
        timeout=WAIT_LIMIT_S,  # generous: the server exits as soon as the call is answered
        check=False,
    )
    assert done.returncode == 0, done.stderr.decode()
    answers = [json.loads(line) for line in done.stdout.decode().splitlines()]
    by_id = {answer["id"]: answer for answer in answers if "id" in answer}
    # The call still in flight at the end of input is answered; the stream is then ended.
    assert set(by_id) == {1, 2, 3}
    assert "papers" in by_id[3]["result"]["structuredContent"]
