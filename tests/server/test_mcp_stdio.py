"""The MCP server's stdio screening, spoken to as a raw client: every request that is valid JSON
but no JSON-RPC 2.0 request gets -32600 Invalid Request at once, never silence."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tests.hostile.mcpwire import RawMCP, tool_text

# (line, the id the error must carry): the request's own when it is a string or an integer.
INVALID = [
    (b'{"jsonrpc":"2.0","id":58,"method":"tools/call","params":5}', 58),
    (b'{"jsonrpc":"2.0","id":"s","method":"tools/list","params":[]}', "s"),
    (b'{"id":59,"method":"tools/list"}', 59),
    (b'{"jsonrpc":"1.0","id":60,"method":"tools/list"}', 60),
    (b'[{"jsonrpc":"2.0","id":61,"method":"tools/list"}]', None),
    (b"[]", None),
    (b"42", None),
    (b'"hello"', None),
    (b"null", None),
    (b'{"jsonrpc":"2.0","id":null,"method":"tools/list"}', None),
    (b'{"jsonrpc":"2.0","id":{"a":1},"method":"tools/list"}', None),
    (b'{"jsonrpc":"2.0","id":1.5,"method":"tools/list"}', None),
    (b'{"jsonrpc":"2.0","id":true,"method":"tools/list"}', None),
    (b'{"jsonrpc":"2.0","id":62}', 62),
    (b'{"jsonrpc":"2.0","id":63,"method":5}', 63),
    (b'{"jsonrpc":"2.0","method":5}', None),
    (b'{"jsonrpc":"2.0"}', None),
]


@pytest.fixture(scope="module")
def mcp(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RawMCP]:
    folder = tmp_path_factory.mktemp("mcp-stdio")
    with RawMCP(folder / "library.sqlite3", folder / "stderr.log", {}) as client:
        yield client


def _answers(mcp: RawMCP, line: bytes, marker: str) -> list[dict[str, Any]]:
    """What the server sends for ``line``: everything before its answer to a ping after it."""
    mcp.send(line)
    mcp.send(json.dumps({"jsonrpc": "2.0", "id": marker, "method": "ping"}).encode())
    *answers, pong = mcp.messages_until(marker)
    assert pong["result"] == {}
    return answers


@pytest.mark.parametrize(("line", "request_id"), INVALID)
def test_invalid_requests_get_invalid_request(mcp: RawMCP, line: bytes, request_id: object) -> None:
    [answer] = _answers(mcp, line, f"after-{line!r}")
    assert answer["jsonrpc"] == "2.0" and answer["id"] == request_id
    assert answer["error"]["code"] == -32600
    assert answer["error"]["message"].startswith("Invalid request: ")


def test_a_notification_gets_no_answer(mcp: RawMCP) -> None:
    line = b'{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":999}}'
    assert _answers(mcp, line, "after-notification") == []


def test_valid_requests_still_reach_the_sdk(mcp: RawMCP) -> None:
    reply = mcp.request("tools/list", {})
    assert {tool["name"] for tool in reply["result"]["tools"]} >= {"check_claim", "library_list"}
    # An unknown method is the SDK's own answer, not the screen's.
    [unknown] = _answers(mcp, b'{"jsonrpc":"2.0","id":70,"method":"nope"}', "after-unknown")
    assert unknown["id"] == 70 and unknown["error"]["code"] == -32601


@pytest.mark.parametrize("number", [b"NaN", b"Infinity"])
def test_a_threshold_that_is_no_number_is_said_to_be_none(mcp: RawMCP, number: bytes) -> None:
    # Python's JSON parser reads these words, so a client can send them; the API says the same.
    arguments = b'{"claim": "Attention helps.", "papers": ["arXiv:1706.03762"], "threshold": '
    params = b'{"name": "check_claim", "arguments": ' + arguments + number + b"}}"
    mcp.send(b'{"jsonrpc": "2.0", "id": 80, "method": "tools/call", "params": ' + params + b"}")
    assert tool_text(mcp.reply(80)) == (
        True,
        "Error executing tool check_claim: threshold: Input should be a finite number",
    )
