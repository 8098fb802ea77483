"""The MCP server through the SDK's own client over stdio (``claimaudit mcp`` as a subprocess)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from tests.claim_words import ACCEPTED_CLAIMS, REFUSED_CLAIMS
from tests.judges.openaiserver import OpenAIServer
from tests.library.helpers import make_dense_page_pdf, make_repeated_page_pdf
from tests.server.conftest import COMMAND_LINE_ADVICE, DEEP_RULES_REF, NARROW_CLAIM, REPO
from tests.server.mcp.listing import listed_tools
from tests.server.test_reviews import WRAPPED, WRAPPED_WARNING

EXPECTED_TOOLS = {
    "check_claim",
    "review_report",
    "review_latex",
    "library_search",
    "library_add",
    "library_add_arxiv",
    "library_list",
    "library_show",
    "library_passage",
    "library_remove",
}
BIBTEX = "@misc{lee2022, eprint = {2105.14372}, archivePrefix = {arXiv}}"


def _payload(result: Any) -> dict[str, Any]:
    """The tool's JSON result; structured and text content must agree."""
    assert result.is_error is False, result.content
    [text] = result.content
    data: dict[str, Any] = json.loads(text.text)
    if result.structured_content is not None:
        assert result.structured_content == data
    return data


def _error_text(result: Any) -> str:
    assert result.is_error is True
    return str(result.content[0].text)


def _parameters(library: Path) -> StdioServerParameters:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CLAIMAUDIT_", "TYPESAFE_"))}
    return StdioServerParameters(
        command=sys.executable,
        args=["-m", "claimaudit", "mcp", "--library", str(library)],
        env=env,
        cwd=str(REPO),
    )


@pytest.fixture
def library(example_library: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "library.sqlite3"
    copy.write_bytes(example_library.read_bytes())
    return copy


def test_tools_over_stdio(library: Path, tmp_path: Path) -> None:
    notes = tmp_path / "notes.md"
    notes.write_text("# Notes\n\nSparse matrices save memory in scientific code.\n")
    bib = tmp_path / "refs.bib"
    bib.write_text(BIBTEX)
    draft = f"# Draft\n\n{NARROW_CLAIM[:-1]} [@lee2022]. Nothing cited here.\n"
    latex = f"{NARROW_CLAIM[:-1]} \\cite{{lee2022}}. Nothing cited here.\n"
    outcome: dict[str, Any] = {}

    async def session() -> None:
        with anyio.fail_after(120):
            async with Client(_parameters(library)) as client:
                tools = {tool.name: tool for tool in (await client.list_tools()).tools}
                outcome["tools"] = tools
                outcome["check"] = await client.call_tool(
                    "check_claim", {"claim": NARROW_CLAIM, "papers": [DEEP_RULES_REF]}
                )
                outcome["review"] = await client.call_tool(
                    "review_report", {"markdown": draft, "bibliography": BIBTEX}
                )
                outcome["review_path"] = await client.call_tool(
                    "review_report", {"markdown": draft, "bibliographyPath": str(bib)}
                )
                outcome["review_both"] = await client.call_tool(
                    "review_report",
                    {"markdown": draft, "bibliography": BIBTEX, "bibliographyPath": str(bib)},
                )
                outcome["review_empty"] = await client.call_tool("review_report", {"markdown": ""})
                outcome["latex"] = await client.call_tool(
                    "review_latex", {"latex": latex, "bibliographyPath": str(bib)}
                )
                outcome["latex_wrapped"] = await client.call_tool(
                    "review_latex", {"latex": WRAPPED}
                )
                outcome["latex_input"] = await client.call_tool(
                    "review_latex", {"latex": "Text \\input{intro} here [1]."}
                )
                outcome["search"] = await client.call_tool(
                    "library_search", {"query": "random forests baseline", "limit": 3}
                )
                outcome["add"] = await client.call_tool(
                    "library_add", {"path": str(notes), "ref": "local:notes"}
                )
                outcome["list"] = await client.call_tool("library_list", {"query": "notes"})
                outcome["unknown_judge"] = await client.call_tool(
                    "check_claim", {"claim": "A claim.", "papers": ["local:notes"], "judge": "x"}
                )
                outcome["empty_claim"] = await client.call_tool(
                    "check_claim", {"claim": " ", "papers": ["local:notes"]}
                )
                outcome["missing_file"] = await client.call_tool(
                    "library_add", {"path": str(tmp_path / "nope.pdf")}
                )

    anyio.run(session)

    tools = outcome["tools"]
    assert set(tools) == EXPECTED_TOOLS
    schema = tools["check_claim"].input_schema
    assert set(schema["required"]) == {"claim", "papers"}
    assert {"topic", "judge", "threshold"} <= set(schema["properties"])
    review_schema = tools["review_report"].input_schema
    assert review_schema["required"] == ["markdown"]
    assert {"bibliography", "bibliographyPath", "topic", "judge"} <= set(
        review_schema["properties"]
    )

    [record] = _payload(outcome["check"])["records"]
    assert _payload(outcome["check"])["summary"]["records"] == 1
    assert record["verdict"] == "supports" and record["judge"] == "local"
    assert record["paperRef"] == DEEP_RULES_REF and "random forests" in record["evidence"]
    assert {"evidencePassageId", "probabilities", "needsReview", "confidence"} <= set(record)

    # The review's record for that sentence is the check's record (now from the results cache),
    # plus where the sentence stands; the JSON is the API's.
    review = _payload(outcome["review"])
    assert set(review) == {"summary", "records", "uncited", "annotated", "threshold"}
    [reviewed] = review["records"]
    # Only the judge's time differs: none on the cache hit, the check's own when it judged.
    assert reviewed["judgeSeconds"] == 0.0
    leave_out = ("sentence", "citations", "judgeSeconds")
    judged = {k: v for k, v in record.items() if k != "judgeSeconds"}
    assert {k: v for k, v in reviewed.items() if k not in leave_out} == judged
    assert reviewed["sentence"]["line"] == 3 and reviewed["citations"] == ["@lee2022"]
    assert [u["text"] for u in review["uncited"]] == ["Nothing cited here."]
    assert review["summary"]["verdicts"]["supports"] == 1
    assert "[^claimaudit-1]" in review["annotated"]
    assert _payload(outcome["review_path"])["records"] == review["records"]
    assert "not both" in _error_text(outcome["review_both"])
    assert "the draft is empty" in _error_text(outcome["review_empty"])
    # A LaTeX draft gives the same record for the same sentence and paper.
    latex_review = _payload(outcome["latex"])
    [latex_record] = latex_review["records"]
    assert latex_record["citations"] == ["lee2022"]
    assert {k: v for k, v in latex_record.items() if k not in leave_out} == judged
    assert "% claimaudit:" in latex_review["annotated"] and "warnings" not in latex_review
    # What the reader may have lost is said, as the API and the command line say it.
    assert _payload(outcome["latex_wrapped"])["warnings"] == [WRAPPED_WARNING]
    assert "refused: a draft sent as text is read on its own" in _error_text(outcome["latex_input"])

    searched = _payload(outcome["search"])
    hits = searched["hits"]
    assert len(hits) == 3 and hits[0]["ref"] == DEEP_RULES_REF
    assert searched["more"] is True  # more passages match than the 3 asked for: said
    assert "pages" in hits[0] and hits[0]["pages"] is None  # as the API's, none for Markdown

    added = _payload(outcome["add"])
    assert added["ref"] == "local:notes" and added["outcome"] == "added"
    listed = _payload(outcome["list"])
    assert [p["ref"] for p in listed["papers"]] == ["local:notes"]
    assert listed["total"] == 1  # as the API's /v1/library says it

    assert "unknown judge 'x'" in _error_text(outcome["unknown_judge"])
    assert "the claim is empty" in _error_text(outcome["empty_claim"])
    assert "no such file" in _error_text(outcome["missing_file"])


def test_bad_arguments_read_as_the_api_s_errors(library: Path) -> None:
    outcome: dict[str, Any] = {}

    async def session() -> None:
        with anyio.fail_after(120):
            async with Client(_parameters(library)) as client:
                tools = {tool.name: tool for tool in (await client.list_tools()).tools}
                outcome["schema"] = tools["library_list"].input_schema
                outcome["missing"] = await client.call_tool("check_claim", {"claim": "A claim."})
                outcome["unknown"] = await client.call_tool("library_list", {"bogus": 1})
                outcome["types"] = await client.call_tool(
                    "library_list", {"query": 5, "limit": "x"}
                )
                outcome["range"] = await client.call_tool(
                    "check_claim", {"claim": "A claim.", "papers": ["x"], "threshold": 7}
                )
                outcome["fine"] = await client.call_tool("library_list", {"limit": 1})
                # The API's paging: a library past one listing is reached page by page.
                outcome["all"] = await client.call_tool("library_list", {"limit": 10})
                outcome["second"] = await client.call_tool(
                    "library_list", {"limit": 1, "offset": 1}
                )
                outcome["negative"] = await client.call_tool("library_list", {"offset": -1})

    anyio.run(session)

    assert outcome["schema"]["additionalProperties"] is False
    assert _error_text(outcome["missing"]) == (
        "Error executing tool check_claim: papers: Field required"
    )
    assert _error_text(outcome["unknown"]) == (
        "Error executing tool library_list: bogus: Extra inputs are not permitted"
    )
    types = _error_text(outcome["types"])
    assert types.startswith("Error executing tool library_list: limit: ")
    assert types.endswith("; query: Input should be a valid string")
    assert "\n" not in types and "pydantic" not in types and "input_value" not in types
    assert _error_text(outcome["range"]) == (
        "Error executing tool check_claim: threshold: Input should be less than or equal to 1"
    )
    assert len(_payload(outcome["fine"])["papers"]) == 1
    every = _payload(outcome["all"])
    assert every["total"] >= 2
    assert _payload(outcome["second"])["papers"] == every["papers"][1:2]
    assert _error_text(outcome["negative"]).startswith(
        "Error executing tool library_list: offset: Input should be greater than or equal to 0"
    )


def test_what_the_api_refuses_unread_the_tools_refuse_alike(library: Path, tmp_path: Path) -> None:
    outcome: dict[str, Any] = {}
    long = make_repeated_page_pdf(tmp_path / "long.pdf", 2_001)
    draft = "---\nbibliography: refs.bib\n---\n\nSciPy provides sparse matrices [@scipy].\n"

    async def session() -> None:
        with anyio.fail_after(120):
            async with Client(_parameters(library)) as client:
                outcome["named"] = await client.call_tool("review_report", {"markdown": draft})
                outcome["long"] = await client.call_tool(
                    "library_add", {"path": str(long), "ref": "local:long"}
                )

    anyio.run(session)

    assert _error_text(outcome["named"]) == (
        "Error executing tool review_report: the draft names the bibliography refs.bib: send "
        "its text as the bibliography, or its path as bibliographyPath"
    )
    assert _error_text(outcome["long"]) == (
        f"Error executing tool library_add: {long}: the PDF has 2,001 pages; the limit is 2,000"
    )


def test_library_add_refuses_a_pdf_page_denser_than_any_paper(
    library: Path, tmp_path: Path
) -> None:
    outcome: dict[str, Any] = {}
    dense = make_dense_page_pdf(tmp_path / "dense.pdf", 300, 200, pages=2_000)

    async def session() -> None:
        with anyio.fail_after(120):
            async with Client(_parameters(library)) as client:
                outcome["before"] = await client.call_tool("library_list", {})
                outcome["dense"] = await client.call_tool(
                    "library_add", {"path": str(dense), "ref": "local:dense"}
                )
                outcome["after"] = await client.call_tool("library_list", {})

    anyio.run(session)

    message = _error_text(outcome["dense"])
    assert message.startswith(
        f"Error executing tool library_add: {dense}: page 1 of the PDF holds "
    )
    assert message.endswith(" characters; the limit is 50,000 a page")
    assert _payload(outcome["after"]) == _payload(outcome["before"])


def test_a_missing_paper_s_record_advises_the_tool_not_the_command_line(library: Path) -> None:
    outcome: dict[str, Any] = {}

    async def session() -> None:
        with anyio.fail_after(120):
            async with Client(_parameters(library)) as client:
                outcome["check"] = await client.call_tool(
                    "check_claim",
                    {"claim": NARROW_CLAIM, "papers": ["arXiv:2401.00001", "doi:10.1000/absent"]},
                )

    anyio.run(session)

    arxiv, doi = _payload(outcome["check"])["records"]
    assert (arxiv["verdict"], doi["verdict"]) == ("not_checked", "not_checked")
    # The fact, then how an agent adds a paper: its library_add tool (or Valyu's key, the
    # server's to set). Never the command line's `claimaudit library add` or `check --fetch`.
    assert arxiv["error"] == (
        "arXiv:2401.00001 is not in the local library (the server's library); "
        "add it with the library_add tool or set VALYU_API_KEY on the server"
    )
    assert doi["error"] == (
        "doi:10.1000/absent is not in the local library (the server's library); "
        "add it with the library_add tool"
    )
    assert not [r["error"] for r in (arxiv, doi) if COMMAND_LINE_ADVICE.search(r["error"])]


def test_the_model_argument_reaches_the_openai_judge(
    library: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    outcome: dict[str, Any] = {}
    draft = f"{NARROW_CLAIM[:-1]} [@lee2022].\n"
    latex = f"{NARROW_CLAIM[:-1]} \\cite{{lee2022}}.\n"

    async def session() -> None:
        with anyio.fail_after(120):
            async with Client(_parameters(library)) as client:
                tools = {tool.name: tool for tool in (await client.list_tools()).tools}
                outcome["schemas"] = {name: tool.input_schema for name, tool in tools.items()}
                outcome["check"] = await client.call_tool(
                    "check_claim",
                    {
                        "claim": NARROW_CLAIM,
                        "papers": [DEEP_RULES_REF],
                        "judge": "openai",
                        "model": "chosen-1",
                    },
                )
                outcome["review"] = await client.call_tool(
                    "review_report",
                    {"markdown": draft, "bibliography": BIBTEX, "judge": "openai", "model": "m-2"},
                )
                outcome["latex"] = await client.call_tool(
                    "review_latex",
                    {"latex": latex, "bibliography": BIBTEX, "judge": "openai", "model": "m-3"},
                )

    # The server process finds no model of its own (OPENAI_MODEL unset): only the argument.
    with OpenAIServer() as chat:
        monkeypatch.setenv("OPENAI_BASE_URL", chat.url)
        anyio.run(session)
        asked = [request.json["model"] for request in chat.requests]

    for name in ("check_claim", "review_report", "review_latex"):
        model = outcome["schemas"][name]["properties"]["model"]
        assert model["maxLength"] == 200 and "openai" in model["description"]
    [record] = _payload(outcome["check"])["records"]
    [reviewed] = _payload(outcome["review"])["records"]
    [latex_record] = _payload(outcome["latex"])["records"]
    for judged in (record, reviewed, latex_record):
        assert judged["judge"] == "openai" and judged["verdict"] != "not_checked", judged
    # Each call asked the chat server for the model it was given (the cache keeps models apart).
    assert set(asked) == {"chosen-1", "m-2", "m-3"}


def test_the_sdk_s_log_handler_redacts_as_debug_s_does(tmp_path: Path) -> None:
    # The SDK puts a handler of its own on the root logger when the server is built.
    import logging

    from claimaudit.net.logredaction import RedactingFilter
    from claimaudit.server.mcp.server import build_server
    from claimaudit.server.service import Service

    root = logging.getLogger()
    before = list(root.handlers)
    # As in `claimaudit mcp` without --debug: the root logger has no handler yet (pytest's own
    # would make the SDK's basicConfig a no-op).
    root.handlers.clear()
    service = Service(tmp_path / "library.sqlite3")
    try:
        build_server(service)
        added = list(root.handlers)
        assert added, "the SDK added no handler: this test no longer tests anything"
        assert all(
            any(isinstance(f, RedactingFilter) for f in handler.filters) for handler in added
        )
    finally:
        service.close()
        root.handlers[:] = before


def test_check_claim_refuses_a_claim_without_words_and_checks_a_short_one(library: Path) -> None:
    outcome: dict[str, Any] = {}

    async def session() -> None:
        with anyio.fail_after(120):
            async with Client(_parameters(library)) as client:
                for claim in (*REFUSED_CLAIMS, *ACCEPTED_CLAIMS):
                    # A paper missing from the library: an accepted claim needs no judge.
                    outcome[claim] = await client.call_tool(
                        "check_claim", {"claim": claim, "papers": ["local:missing"]}
                    )

    anyio.run(session)

    for claim in REFUSED_CLAIMS:
        assert _error_text(outcome[claim]) == (
            "Error executing tool check_claim: the claim has no words to check (only "
            "punctuation, numbers or common words)"
        ), claim
    for claim in ACCEPTED_CLAIMS:
        [record] = _payload(outcome[claim])["records"]
        assert (record["claim"], record["verdict"]) == (claim, "not_checked")


def test_tool_results_escape_what_a_terminal_would_obey(tmp_path: Path) -> None:
    # In-process: the SDK's client would decode the escapes this test looks for.
    from claimaudit.server.mcp.server import build_server
    from claimaudit.server.service import Service

    paper = tmp_path / "exe.md"
    paper.write_text("# Evil \u202eexe.md\n\nSparse matrices save memory in code.\n")
    service = Service(tmp_path / "library.sqlite3")
    service.ensure_library()
    service.add_file(paper, ref="local:exe")
    try:
        result = anyio.run(build_server(service).call_tool, "library_list", {})
    finally:
        service.close()
    [block] = result.content
    assert "\u202e" not in block.text
    assert "\\u202e" in block.text
    assert json.loads(block.text) == result.structured_content
    assert result.structured_content["papers"][0]["title"] == "Evil \u202eexe.md"


def test_the_schemas_state_the_limits_the_service_enforces(tmp_path: Path) -> None:
    from claimaudit.identity import MAX_REF_CHARS
    from claimaudit.inputs import MAX_CLAIM_CHARS, MAX_TOPIC_CHARS
    from claimaudit.library.ingest import MAX_TITLE_CHARS
    from claimaudit.server.judges import JudgePool
    from claimaudit.server.service import MAX_PAPERS_PER_CHECK

    tools = listed_tools(tmp_path / "library.sqlite3")
    check = tools["check_claim"].input_schema["properties"]
    # The claim's limit counts runs of whitespace as one space, and a reference too long gets
    # its not_checked record: the descriptions say so, as the API's do (test_schemas).
    assert (
        "maxLength" not in check["claim"] and str(MAX_CLAIM_CHARS) in check["claim"]["description"]
    )
    papers = check["papers"]
    assert (papers["minItems"], papers["maxItems"]) == (1, MAX_PAPERS_PER_CHECK)
    assert "maxLength" not in papers["items"] and str(MAX_REF_CHARS) in papers["description"]
    for name in ("check_claim", "review_report", "review_latex"):
        properties = tools[name].input_schema["properties"]
        assert properties["topic"]["maxLength"] == MAX_TOPIC_CHARS
        [string] = [c for c in properties["judge"]["anyOf"] if c.get("type") == "string"]
        # "" is the default judge, as the API reads it.
        assert string["enum"] == ["", *sorted(JudgePool.available())]
        assert "local" in string["enum"]
    for name in ("library_add", "library_add_arxiv"):
        add = tools[name].input_schema["properties"]
        assert add["title"]["maxLength"] == MAX_TITLE_CHARS
        assert add["ref"]["maxLength"] == MAX_REF_CHARS
    search = tools["library_search"].input_schema["properties"]
    assert search["ref"]["maxLength"] == MAX_REF_CHARS
    assert (
        search["limit"]["description"]
        and tools["library_list"].input_schema["properties"]["limit"]["description"]
    )
    # The results are described, not just "an object": a record's verdicts are listed.
    output = tools["check_claim"].output_schema
    assert output is not None and {"records", "summary", "threshold"} <= set(output["properties"])
    verdicts = set(output["properties"]["records"]["items"]["discriminator"]["mapping"])
    assert verdicts == {
        "supports",
        "contradicts",
        "not_addressed",
        "insufficient_evidence",
        "not_checked",
    }
    for name, fields in [
        ("review_report", {"records", "uncited", "annotated"}),
        ("library_list", {"papers", "total"}),
        ("library_search", {"hits", "leftOut", "more"}),
        ("library_add", {"ref", "outcome"}),
        ("library_add_arxiv", {"ref", "outcome"}),
    ]:
        schema = tools[name].output_schema
        assert schema is not None and fields <= set(schema["properties"]), name


def test_refusals_name_what_the_agent_sent(tmp_path: Path) -> None:
    # In-process: each is refused before any paper is read or judge loaded.
    from mcp.server.mcpserver.exceptions import ToolError
    from mcp.shared.exceptions import MCPError

    from claimaudit.server.mcp.server import build_server
    from claimaudit.server.service import Service

    service = Service(tmp_path / "library.sqlite3")
    try:
        server = build_server(service)
        # The draft is read as draft.tex, a name the agent never sent.
        with pytest.raises(ToolError) as error:
            anyio.run(server.call_tool, "review_latex", {"latex": "Text \\input{intro} here [1]."})
        refused = str(error.value)
        # MCP's "Error handling" lists an unknown tool as a protocol error, not a tool's.
        with pytest.raises(MCPError) as unknown:
            anyio.run(server.call_tool, "check_claims", {"claim": "A claim.", "papers": ["x"]})
    finally:
        service.close()
    assert refused == (
        "Error executing tool review_latex: the draft: \\input{intro} refused: a draft sent as "
        "text is read on its own; put the included file's text in its place"
    )
    assert unknown.value.error.code == -32602
    assert unknown.value.error.message == "Unknown tool: check_claims"
    assert unknown.value.error.data == {
        "tools": [
            "check_claim",
            "library_add",
            "library_add_arxiv",
            "library_list",
            "library_passage",
            "library_remove",
            "library_search",
            "library_show",
            "review_latex",
            "review_report",
        ]
    }


def test_an_unknown_tool_is_a_protocol_error_on_the_wire(tmp_path: Path) -> None:
    from tests.hostile.mcpwire import RawMCP

    with RawMCP(tmp_path / "library.sqlite3", tmp_path / "stderr.log", {}) as client:
        answer = client.call("nosuch", {})
    assert "result" not in answer
    assert answer["error"]["code"] == -32602
    assert answer["error"]["message"] == "Unknown tool: nosuch"
    assert "library_list" in answer["error"]["data"]["tools"]


@pytest.mark.parametrize("default", ["local", "jev"])
def test_the_instructions_name_the_server_s_default_judge(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, default: str
) -> None:
    # QA: they said "judge (default local)" to the client of a server whose CLAIMAUDIT_JUDGE
    # made jev the default, as the tools' judge argument said it was.
    from claimaudit.server.mcp.server import build_server
    from claimaudit.server.service import Service

    monkeypatch.setenv("CLAIMAUDIT_JUDGE", default)
    service = Service(tmp_path / "library.sqlite3")
    try:
        said = build_server(service).instructions or ""
        tools = {tool.name: tool for tool in anyio.run(build_server(service).list_tools)}
    finally:
        service.close()
    assert f"Each takes judge (default {default}) and" in said
    judge = tools["check_claim"].input_schema["properties"]["judge"]
    assert f"{default}, this server's default judge" in judge["description"]  # as the tools say
