"""``claimaudit mcp``'s stdout is the protocol: a plugin writing to standard output by any
route, while it loads (before the first answer, as the tools are listed) or later from a thread
of its own, writes to stderr, and every line of stdout is a JSON-RPC message."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.chatty import ROUTES, chatty_env

REQUESTS = [
    {
        "jsonrpc": "2.0",
        "id": 0,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "pipe", "version": "1"},
        },
    },
    {"jsonrpc": "2.0", "method": "notifications/initialized"},
    {"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
]


@pytest.mark.parametrize("route", ROUTES)
def test_a_plugin_writing_to_stdout_leaves_the_protocol_whole(tmp_path: Path, route: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "claimaudit", "mcp"],
        input="".join(json.dumps(request) + "\n" for request in REQUESTS),
        capture_output=True,
        text=True,
        env=chatty_env(tmp_path, route),
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert sorted(answer["id"] for answer in answers) == [0, 1]
    [listed] = [answer for answer in answers if answer["id"] == 1]
    tools = {tool["name"]: tool for tool in listed["result"]["tools"]}
    assert (
        "chatty" in tools["check_claim"]["inputSchema"]["properties"]["judge"]["anyOf"][0]["enum"]
    )
    assert "CHATTER register" in done.stderr
