"""The MCP tools for one stored paper (``library_show``, ``library_passage``,
``library_remove``) through the SDK's own client over stdio: the HTTP routes' answers and
refusals, word for word."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import quote

import anyio
import pytest
from fastapi.testclient import TestClient
from mcp import Client

from claimaudit.identity import MAX_REF_CHARS, parse_ref
from claimaudit.library.models import NewPaper
from claimaudit.library.store import Library
from claimaudit.passage import Passage
from claimaudit.server.app import create_app
from claimaudit.server.config import ServerConfig
from tests.server.mcp.listing import listed_tools
from tests.server.mcp.test_server import _error_text, _parameters, _payload

OTHER_HASH = "0" * 64
# A work stored as versions and an unversioned copy, removed by its unversioned reference.
AMBIGUOUS_REMOVAL: tuple[str, dict[str, Any], str, str, dict[str, str]] = (
    "library_remove",
    {"ref": "arXiv:2301.00001"},
    "DELETE",
    "arXiv:2301.00001",
    {},
)
# Each refusal as (the tool's call, the HTTP request for the same thing).
REFUSALS: list[tuple[str, dict[str, Any], str, str, dict[str, str]]] = [
    ("library_show", {"ref": "arXiv:2301.00001v3"}, "GET", "arXiv:2301.00001v3", {}),
    ("library_show", {"ref": "local:nope"}, "GET", "local:nope", {}),
    ("library_show", {"ref": "nonsense"}, "GET", "nonsense", {}),
    ("library_show", {"ref": "local:long", "limit": 0}, "GET", "local:long", {"limit": "0"}),
    ("library_show", {"ref": "local:long", "limit": 1001}, "GET", "local:long", {"limit": "1001"}),
    ("library_show", {"ref": "local:long", "offset": -1}, "GET", "local:long", {"offset": "-1"}),
    (
        "library_passage",
        {"ref": "local:long", "passageId": "P999"},
        "GET",
        "local:long/passages/P999",
        {},
    ),
    (
        "library_passage",
        {"ref": "local:long", "passageId": " "},
        "GET",
        "local:long/passages/ ",
        {},
    ),
    # Over HTTP the path's refusal: no paper named, none read.
    (
        "library_passage",
        {"ref": "local:nope", "passageId": "P\x01"},
        "GET",
        "local:nope/passages/P\x01",
        {},
    ),
    (
        "library_passage",
        {"ref": "arXiv:2301.00001v3", "passageId": "P001"},
        "GET",
        "arXiv:2301.00001v3/passages/P001",
        {},
    ),
    (
        "library_passage",
        {"ref": "local:long", "passageId": "P001", "context": 6},
        "GET",
        "local:long/passages/P001",
        {"context": "6"},
    ),
    (
        "library_passage",
        {"ref": "local:long", "passageId": "P001", "contentHash": OTHER_HASH},
        "GET",
        "local:long/passages/P001",
        {"contentHash": OTHER_HASH},
    ),
    (
        "library_passage",
        {"ref": "local:long", "passageId": "P001", "extractor": "PDF"},
        "GET",
        "local:long/passages/P001",
        {"extractor": "PDF"},
    ),
    AMBIGUOUS_REMOVAL,
    ("library_remove", {"ref": "arXiv:2301.00001v3"}, "DELETE", "arXiv:2301.00001v3", {}),
]


def _fill(library: Path) -> None:
    """A paper of 250 passages, and one work stored as two versions and an unversioned copy."""
    long = [Passage(f"P{n:03d}", f"Passage {n}.", "Body") for n in range(1, 251)]
    copies = [("arXiv:2301.00001v1", "first"), ("arXiv:2301.00001v2", "second")]
    copies.append(("arXiv:2301.00001", "unversioned"))
    with Library.open(library, create=True) as stored:
        stored.add_paper(NewPaper(parse_ref("local:long"), "Long", long, "h-long"))
        for ref, text in copies:
            passage = Passage("P001", f"The {text} copy.", "Abstract")
            stored.add_paper(NewPaper(parse_ref(ref), "Work", [passage], f"h-{text}"))


def _http_message(library: Path, method: str, path: str, params: dict[str, str]) -> str:
    ref, _, passage = path.partition("/passages/")
    url = f"/v1/library/{quote(ref, safe='')}"
    if passage:
        url += f"/passages/{quote(passage, safe='')}"
    app = create_app(ServerConfig(library=library))
    with TestClient(app, base_url="http://127.0.0.1", raise_server_exceptions=False) as api:
        answer = api.request(method, url, params=params)
    assert answer.status_code >= 400, answer.text
    return str(answer.json()["error"]["message"])


def _ids(shown: dict[str, Any]) -> list[str]:
    return [p["id"] for p in shown["passages"]]


def _session(library: Path, calls: list[tuple[str, dict[str, Any]]]) -> list[Any]:
    """The results of ``calls``, in order, over one stdio session."""
    results: list[Any] = []

    async def session() -> None:
        with anyio.fail_after(120):
            async with Client(_parameters(library)) as client:
                for tool, arguments in calls:
                    results.append(await client.call_tool(tool, arguments))

    anyio.run(session)
    return results


@pytest.fixture
def library(tmp_path: Path) -> Path:
    path = tmp_path / "library.sqlite3"
    _fill(path)
    return path


def test_a_paper_is_shown_a_page_at_a_time_its_passage_read_and_it_is_removed(
    library: Path,
) -> None:
    # There was no tool to read one paper, one passage or remove a paper: an agent could add a
    # paper but not look at what was stored, nor take a wrong one out.
    calls: list[tuple[str, dict[str, Any]]] = [
        ("library_show", {"ref": "local:long"}),
        ("library_show", {"ref": "local:long", "offset": 200, "limit": 1000}),
        ("library_show", {"ref": "arXiv:2301.00001"}),
        ("library_show", {"ref": "arXiv:2301.00001", "exact": True}),
        ("library_passage", {"ref": "local:long", "passageId": "P002"}),
        ("library_passage", {"ref": "local:long", "passageId": "P002", "context": 0}),
        ("library_passage", {"ref": "arXiv:2301.00001", "passageId": "P001", "exact": True}),
        ("library_remove", {"ref": "arXiv:2301.00001", "exact": True}),
        ("library_remove", {"ref": "local:long"}),
        ("library_show", {"ref": "local:long"}),
        ("library_list", {}),
    ]
    results = _session(library, calls)
    first, last, newest, unversioned, passage, alone, exact, removed_copy, removed = (
        _payload(r) for r in results[:9]
    )
    assert first["paper"]["ref"] == "local:long" and first["paper"]["passages"] == 250
    assert _ids(first) == [f"P{n:03d}" for n in range(1, 101)]
    assert _ids(last) == [f"P{n:03d}" for n in range(201, 251)]
    assert newest["paper"]["ref"] == "arXiv:2301.00001v2"
    assert unversioned["passages"][0]["text"] == "The unversioned copy."
    assert passage["passage"]["text"] == "Passage 2."
    assert [p["id"] for p in passage["before"] + passage["after"]] == ["P001", "P003"]
    assert (alone["before"], alone["after"]) == ([], [])
    assert exact["passage"]["text"] == "The unversioned copy."
    assert removed_copy["removed"]["ref"] == "arXiv:2301.00001"
    assert removed["removed"]["ref"] == "local:long"
    gone = _error_text(results[9])
    assert gone == "Error executing tool library_show: local:long is not in the library"
    listed = _payload(results[10])
    assert [p["ref"] for p in listed["papers"]] == ["arXiv:2301.00001v1", "arXiv:2301.00001v2"]


def test_a_refusal_reads_as_the_api_s(library: Path) -> None:
    expected = [
        f"Error executing tool {tool}: {_http_message(library, method, path, params)}"
        for tool, _, method, path, params in REFUSALS
    ]
    results = _session(library, [(tool, arguments) for tool, arguments, *_ in REFUSALS])
    assert [_error_text(r) for r in results] == expected
    # The advice fits both forms: it said "send exact=true", the query's, to the tool too,
    # whose argument is written exact: true.
    ambiguous = expected[REFUSALS.index(AMBIGUOUS_REMOVAL)]
    assert ambiguous.endswith("name one; set exact to true to remove the unversioned copy")
    # Nothing was removed by a refused removal.
    listed = _session(library, [("library_list", {})])
    assert _payload(listed[0])["total"] == 4


def test_the_paper_tools_state_their_limits_and_results(tmp_path: Path) -> None:
    tools = listed_tools(tmp_path / "library.sqlite3")
    show = tools["library_show"].input_schema["properties"]
    assert (show["limit"]["default"], show["limit"]["maximum"]) == (100, 1000)
    assert (show["offset"]["minimum"], show["ref"]["maxLength"]) == (0, MAX_REF_CHARS)
    passage = tools["library_passage"].input_schema
    assert set(passage["required"]) == {"ref", "passageId"}
    assert passage["properties"]["context"]["maximum"] == 5
    assert tools["library_remove"].input_schema["required"] == ["ref"]
    for name, fields in [
        ("library_show", {"paper", "passages"}),
        ("library_passage", {"ref", "passage", "before", "after"}),
        ("library_remove", {"removed"}),
    ]:
        schema = tools[name].output_schema
        assert schema is not None and fields <= set(schema["properties"]), name
