"""Where the MCP server departs from the SDK's defaults (``claimaudit.server.mcp.protocol``):
arguments as sent, only tools advertised and served, and the handshake said plainly."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp.server.mcpserver.exceptions import ToolError

from claimaudit.server.advice import mcp_advice
from claimaudit.server.mcp.server import build_server
from claimaudit.server.service import Service
from tests.hostile.mcpwire import PROTOCOL, RawMCP

INITIALIZE = {
    "protocolVersion": PROTOCOL,
    "capabilities": {},
    "clientInfo": {"name": "test", "version": "1"},
}


@pytest.fixture
def service(tmp_path: Path) -> Iterator[Service]:
    service = Service(tmp_path / "library.sqlite3", advice=mcp_advice)
    service.ensure_library()
    paper = tmp_path / "sparse.md"
    paper.write_text("# Sparse\n\nSparse matrices save memory in scientific code.\n")
    service.add_file(paper, ref="local:sparse")
    try:
        yield service
    finally:
        service.close()


def _call(service: Service, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    result = anyio.run(build_server(service).call_tool, tool, arguments)
    assert not result.is_error, result.content
    structured: dict[str, Any] = result.structured_content
    return structured


def test_a_string_that_looks_like_json_reaches_the_tool_as_sent(service: Service) -> None:
    # A CSL-JSON bibliography is sent as text: the SDK read it as a list, then refused it.
    csl = json.dumps(
        [{"id": "scipy", "type": "article", "URL": "https://arxiv.org/abs/2401.00001"}]
    )
    draft = "SciPy provides sparse matrices [@scipy].\n"
    review = _call(service, "review_report", {"markdown": draft, "bibliography": csl})
    [record] = review["records"]
    assert (record["paperRef"], record["verdict"]) == ("arXiv:2401.00001", "not_checked")
    # A topic of "[...]" is words, not a list to refuse (a missing paper needs no judge).
    arguments = {"claim": "Sparse matrices save memory.", "papers": ["local:missing"]}
    [checked] = _call(service, "check_claim", {**arguments, "topic": '["sparse"]'})["records"]
    assert checked["verdict"] == "not_checked"
    # "null" is no reference (the SDK read it as none, and searched every paper).
    with pytest.raises(ToolError) as refused:
        _call(service, "library_search", {"query": "sparse", "ref": "null"})
    assert "not a paper reference: 'null'" in str(refused.value)


def _raw(tmp_path: Path) -> RawMCP:
    """A server not yet initialized (``RawMCP``'s ``with`` would initialize it)."""
    return RawMCP(tmp_path / "library.sqlite3", tmp_path / "stderr.log", {})


def test_only_tools_are_advertised_and_other_methods_are_not_found(tmp_path: Path) -> None:
    client = _raw(tmp_path)
    try:
        init = client.request("initialize", INITIALIZE)
        client.send(b'{"jsonrpc": "2.0", "method": "notifications/initialized"}')
        answers = [
            client.request(method, params)
            for method, params in [
                ("prompts/get", {"name": "check_claim"}),
                ("prompts/list", {}),
                ("resources/list", {}),
                ("resources/read", {"uri": "file:///etc/passwd"}),
            ]
        ]
    finally:
        client.__exit__(None, None, None)
    assert set(init["result"]["capabilities"]) == {"tools"}
    for answer in answers:
        assert answer["error"]["code"] == -32601, answer
        assert answer["error"]["message"] == "Method not found"
    assert "Traceback" not in (tmp_path / "stderr.log").read_text()


def test_the_handshake_is_said_plainly(tmp_path: Path) -> None:
    client = _raw(tmp_path)
    try:
        early = client.request("tools/list", {})
        first = client.request("initialize", INITIALIZE)
        again = client.request("initialize", INITIALIZE)
        client.send(b'{"jsonrpc": "2.0", "method": "notifications/initialized"}')
        listed = client.request("tools/list", {})
    finally:
        client.__exit__(None, None, None)
    assert early["error"] == {
        "code": -32600,
        "message": "Invalid request: not initialized; send initialize first",
    }
    assert "result" in first
    assert again["error"] == {
        "code": -32600,
        "message": "Invalid request: already initialized; send initialize once per connection",
    }
    # The refused second initialize changed nothing: the connection serves on.
    assert "check_claim" in {tool["name"] for tool in listed["result"]["tools"]}


def _session_at(
    tmp_path: Path, version: str
) -> tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any]]:
    """A client of protocol ``version``: the answer to its initialize, the tools it is listed
    and the answer to its call of ``library_list`` (an empty library)."""
    client = _raw(tmp_path)
    try:
        init = client.request("initialize", {**INITIALIZE, "protocolVersion": version})
        client.send(b'{"jsonrpc": "2.0", "method": "notifications/initialized"}')
        tools = client.request("tools/list", {})["result"]["tools"]
        listed = client.request("tools/call", {"name": "library_list", "arguments": {}})
    finally:
        client.__exit__(None, None, None)
    return init, tools, listed


# QA: a 2025-03-26 client got 2025-06-18's fields; only a 2024-11-05 one was spared them.
@pytest.mark.parametrize("version", ["2024-11-05", "2025-03-26"])
def test_a_client_gets_no_field_of_a_later_revision(tmp_path: Path, version: str) -> None:
    init, tools, listed = _session_at(tmp_path, version)
    assert init["result"]["protocolVersion"] == version
    assert set(init["result"]["serverInfo"]) == {"name", "version"}
    assert {key for tool in tools for key in tool} == {"name", "description", "inputSchema"}
    assert set(listed["result"]) == {"content", "isError"}
    assert json.loads(listed["result"]["content"][0]["text"]) == {"papers": [], "total": 0}


@pytest.mark.parametrize("version", ["2025-06-18", PROTOCOL])
def test_a_later_client_keeps_its_revision_s_fields(tmp_path: Path, version: str) -> None:
    init, tools, listed = _session_at(tmp_path, version)
    assert init["result"]["protocolVersion"] == version
    assert init["result"]["serverInfo"]["title"] == "claimaudit"
    assert all("title" in tool and "outputSchema" in tool for tool in tools)
    assert listed["result"]["structuredContent"] == {"papers": [], "total": 0}
