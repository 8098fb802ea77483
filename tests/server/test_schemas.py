"""What the API and the MCP tools answer, against what they publish and what the command line
gives: a paper described alike, real answers valid by the published schemas (OpenAPI's and the
tools'), and the arguments those schemas allow accepted."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from claimaudit.cli import _install_commands, app
from claimaudit.records import BATCH_KEYS
from claimaudit.server.app import create_app
from claimaudit.server.config import ServerConfig
from claimaudit.server.mcp.server import ScreenedMCPServer, build_server
from claimaudit.server.service import Service
from tests.server.conftest import DEEP_RULES_REF, GOOD_ENOUGH_REF, NARROW_CLAIM

LOOPBACK = "http://127.0.0.1"
MISSING_REF = "arXiv:2401.00001"
# What only the command line tells: the file a paper was read from (a server never says where
# its files are), and the listing's second name for the count.
LOCAL_ONLY = {"sourcePath", "passageCount"}


@pytest.fixture(scope="module")
def library(example_library: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the example papers: the checks here fill its results cache."""
    copy = tmp_path_factory.mktemp("schemas") / "library.sqlite3"
    shutil.copyfile(example_library, copy)
    return copy


@pytest.fixture(scope="module")
def api(library: Path) -> Iterator[TestClient]:
    with TestClient(create_app(ServerConfig(library=library)), base_url=LOOPBACK) as client:
        yield client


@pytest.fixture(scope="module")
def mcp(library: Path) -> Iterator[ScreenedMCPServer]:
    service = Service(library)
    try:
        yield build_server(service)
    finally:
        service.close()


def _cli(*args: str) -> Any:
    _install_commands()
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _call(server: ScreenedMCPServer, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    result = anyio.run(server.call_tool, tool, arguments)
    assert result.is_error is False, result.content
    structured: dict[str, Any] = result.structured_content
    return structured


def _tools(server: ScreenedMCPServer) -> dict[str, Any]:
    return {tool.name: tool for tool in anyio.run(server.list_tools)}


def _openapi(api: TestClient, name: str) -> dict[str, Any]:
    document = api.get("/openapi.json").json()
    return {"$ref": f"#/components/schemas/{name}", "components": document["components"]}


def _problems(schema: dict[str, Any], instance: Any) -> list[str]:
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(schema)
    return [f"{list(e.absolute_path)}: {e.message[:200]}" for e in validator.iter_errors(instance)]


def test_a_paper_is_described_as_the_command_line_describes_it(
    api: TestClient, mcp: ScreenedMCPServer, library: Path
) -> None:
    # The reader and its version above all: a record's paperExtractor is compared with it.
    listed = _cli("library", "list", "--library", str(library), "--json")
    local = {p["ref"]: {k: v for k, v in p.items() if k not in LOCAL_ONLY} for p in listed}
    assert {"extractor", "authors", "sourceFormat"} <= set(local[DEEP_RULES_REF])
    assert local[DEEP_RULES_REF]["extractor"].startswith("markdown/")
    assert local[GOOD_ENOUGH_REF]["sourceFormat"] == "markdown"
    shown = _cli("library", "show", DEEP_RULES_REF, "--library", str(library), "--json")
    shown_paper = {k: v for k, v in shown.items() if k not in {"passages", "offset"}}
    shown_paper["passages"] = shown_paper.pop("passageCount")
    assert {k: v for k, v in shown_paper.items() if k not in LOCAL_ONLY} == local[DEEP_RULES_REF]

    detail = api.get(f"/v1/library/{DEEP_RULES_REF}").json()
    assert detail["paper"] == local[DEEP_RULES_REF]
    http_listed = api.get("/v1/library").json()["papers"]
    assert {p["ref"]: p for p in http_listed} == local
    mcp_listed = _call(mcp, "library_list", {})["papers"]
    assert {p["ref"]: p for p in mcp_listed} == local


CHECK = {"claim": NARROW_CLAIM, "papers": [DEEP_RULES_REF, MISSING_REF]}
DRAFT = f"Simple baselines come first ({MISSING_REF}).\n"


def test_answers_are_valid_by_the_published_schemas(
    api: TestClient, mcp: ScreenedMCPServer
) -> None:
    checked = api.post("/v1/checks", json=CHECK)
    assert checked.status_code == 200, checked.text
    assert _problems(_openapi(api, "CheckResponse"), checked.json()) == []
    tools = _tools(mcp)
    assert _problems(tools["check_claim"].output_schema, _call(mcp, "check_claim", CHECK)) == []
    reviewed = api.post("/v1/reviews", json={"markdown": DRAFT})
    assert reviewed.status_code == 200, reviewed.text
    assert _problems(_openapi(api, "ReviewResponse"), reviewed.json()) == []
    report = _call(mcp, "review_report", {"markdown": DRAFT})
    assert _problems(tools["review_report"].output_schema, report) == []


def test_a_summary_has_no_tokens_when_no_record_reported_any(
    api: TestClient, mcp: ScreenedMCPServer
) -> None:
    # The embedded judge reports no tokens: no record has any, so the summary has none either
    # (not a count of zero that nobody made).
    for answer in (api.post("/v1/checks", json=CHECK).json(), _call(mcp, "check_claim", CHECK)):
        assert [r["judgeTokens"] for r in answer["records"]] == [None, None]
        assert answer["summary"]["judgeTokens"] is None
    for reviewed in (
        api.post("/v1/reviews", json={"markdown": DRAFT}).json(),
        _call(mcp, "review_report", {"markdown": DRAFT}),
    ):
        assert reviewed["summary"]["judgeTokens"] is None


def test_a_batch_line_is_valid_by_the_published_record_schema(
    api: TestClient, library: Path, tmp_path: Path
) -> None:
    # A batch output line is a record with the line's keys beside it, which the schema allows.
    lines = tmp_path / "claims.jsonl"
    lines.write_text(json.dumps({"id": 7, **CHECK}) + "\n")
    out = tmp_path / "out.jsonl"
    _install_commands()
    command = ["batch", str(lines), "--out", str(out), "--library", str(library)]
    ran = CliRunner().invoke(app, [*command, "--source", "library"])
    assert ran.exit_code == 0, ran.output
    written = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["verdict"] == "not_checked" for r in written] == [False, True]
    for record in written:
        assert {"inputLine", "inputKey"} <= set(record)
        name = "NotCheckedRecord" if record["verdict"] == "not_checked" else "CheckedRecord"
        assert _problems(_openapi(api, name), record) == [], name
    for name in ("CheckedRecord", "NotCheckedRecord"):
        published = api.get("/openapi.json").json()["components"]["schemas"][name]
        assert set(BATCH_KEYS) <= set(published["properties"])
        assert not set(BATCH_KEYS) & set(published.get("required", []))


# Each is accepted by the API and the tool alike: the published schemas must allow it.
ACCEPTED = {
    # An empty judge is the default one, as null is.
    "empty judge": {"claim": NARROW_CLAIM, "papers": [MISSING_REF], "judge": ""},
    # Its limit counts each run of whitespace as one space: 2,198 characters sent, 1,999 read.
    "claim long only in whitespace": {
        "claim": "  ".join(["baselines"] * 200),
        "papers": [MISSING_REF],
    },
    # A reference is checked alone: one over the length limit gets its not_checked record.
    "reference over 500 characters": {"claim": NARROW_CLAIM, "papers": ["local:" + "a" * 495]},
}


@pytest.mark.parametrize("label", ACCEPTED)
def test_what_the_surfaces_accept_their_schemas_allow(
    api: TestClient, mcp: ScreenedMCPServer, label: str
) -> None:
    arguments = ACCEPTED[label]
    answer = api.post("/v1/checks", json=arguments)
    assert answer.status_code == 200, answer.text
    [record] = answer.json()["records"]
    [tools_record] = _call(mcp, "check_claim", arguments)["records"]
    assert record["verdict"] == tools_record["verdict"] == "not_checked"
    assert _problems(_openapi(api, "CheckRequest"), arguments) == []
    assert _problems(_tools(mcp)["check_claim"].input_schema, arguments) == []


def test_an_unknown_judge_is_refused_by_the_tool_s_schema_and_the_service(
    api: TestClient, mcp: ScreenedMCPServer
) -> None:
    unknown = {"claim": NARROW_CLAIM, "papers": [MISSING_REF], "judge": "no-such-judge"}
    assert _problems(_tools(mcp)["check_claim"].input_schema, unknown) != []
    assert api.post("/v1/checks", json=unknown).status_code == 400


def test_the_published_records_require_every_key_a_record_carries(
    api: TestClient, mcp: ScreenedMCPServer
) -> None:
    # A client types its records from these schemas: a key every record carries (verdict above
    # all, by which a not_checked record is told apart) must not read as optional; id, written
    # for batch lines only, and batch's keys stay optional.
    answer = api.post("/v1/checks", json=CHECK).json()
    carried = {r["verdict"] == "not_checked": set(r) for r in answer["records"]}
    assert set(carried) == {False, True}
    output = _tools(mcp)["check_claim"].output_schema["$defs"]
    for name, not_checked in (("CheckedRecord", False), ("NotCheckedRecord", True)):
        for published in (_openapi(api, name)["components"]["schemas"][name], output[name]):
            assert set(published["required"]) == carried[not_checked], name
            assert "id" not in published["required"]
