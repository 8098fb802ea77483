"""The MCP tools (``claimaudit.server.mcp.tools``): what each asks of the service and reports."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import anyio
import anyio.to_thread
import pytest
from mcp.server.mcpserver.exceptions import ToolError

from claimaudit import plugins
from claimaudit.errors import CancelledWorkError
from claimaudit.identity import parse_ref
from claimaudit.library.models import NewPaper
from claimaudit.library.store import Library
from claimaudit.passage import Passage
from claimaudit.server.arxiv_downloads import ArxivDownloads
from claimaudit.server.mcp.server import build_server
from claimaudit.server.service import Service
from claimaudit.sources.arxiv import ArxivClient
from tests.hostile.mcpwire import RawMCP
from tests.server.conftest import NARROW_CLAIM
from tests.server.mcp.listing import listed_tools, serving
from tests.sources.arxivserver import ArxivServer


def _tool_error(tmp_path: Path, tool: str, arguments: dict[str, Any]) -> str:
    """The error a call of ``tool`` ends in, in process, over an empty library (so that
    nothing here reaches a judge)."""
    with serving(tmp_path / "library.sqlite3") as server, pytest.raises(ToolError) as refused:
        anyio.run(server.call_tool, tool, arguments)
    return str(refused.value)


@pytest.mark.parametrize("path", ["", " \t"])
def test_library_add_refuses_an_empty_path(tmp_path: Path, path: str) -> None:
    # In-process. Path("") is ".": the server's working directory was read as a paper.
    with serving(tmp_path / "library.sqlite3") as server:
        with pytest.raises(ToolError) as refused:
            anyio.run(server.call_tool, "library_add", {"path": path, "ref": "local:x"})
        listed = anyio.run(server.call_tool, "library_list", {})
    assert str(refused.value) == (
        "Error executing tool library_add: the path is empty: name the paper's file or folder"
    )
    assert listed.structured_content["papers"] == []


def test_library_add_refuses_a_path_holding_a_null_character_as_the_review_tools_do(
    tmp_path: Path,
) -> None:
    # It failed as "internal error (ValueError)"; the API echoed it ("a\x00b: no such file").
    assert _tool_error(tmp_path, "library_add", {"path": "a\x00b", "ref": "local:x"}) == (
        "Error executing tool library_add: path holds U+0000 (a null character), which no "
        "file name can"
    )


def test_library_add_of_a_home_folder_no_user_has_says_no_such_file(tmp_path: Path) -> None:
    # It failed as "internal error (RuntimeError)": Path.expanduser knows no such user.
    assert _tool_error(tmp_path, "library_add", {"path": "~nosuchuser9/a.pdf"}) == (
        "Error executing tool library_add: path ~nosuchuser9/a.pdf: no such file"
    )


@pytest.mark.parametrize("path", ["missing-9f3.pdf", "~/missing-9f3.pdf"])
def test_library_add_of_a_missing_path_says_so_as_library_add_does(
    tmp_path: Path, path: str
) -> None:
    # QA: it said "x: no such file or folder", where `library add x` says "PATH x: no such
    # file"; and "~/x" was named by the server's home folder.
    assert _tool_error(tmp_path, "library_add", {"path": path, "ref": "local:x"}) == (
        f"Error executing tool library_add: path {path}: no such file"
    )


def test_library_list_refuses_a_query_holding_a_null_character(tmp_path: Path) -> None:
    # SQLite's LIKE ended the pattern there: "x\x00" listed every paper.
    assert _tool_error(tmp_path, "library_list", {"query": "x\x00"}) == (
        "Error executing tool library_list: the query holds U+0000 (a null character) at "
        "character 2, which no reference or title holds"
    )


def test_library_add_says_a_path_whose_links_loop_so(tmp_path: Path) -> None:
    # It said "loop.md: no such file or folder", where `library add` names the loop.
    loop = tmp_path / "loop.md"
    loop.symlink_to("loop.md")
    message = _tool_error(tmp_path, "library_add", {"path": str(loop), "ref": "local:x"})
    assert message == (
        f"Error executing tool library_add: path {loop}: its symbolic links go round in a loop"
    )


@pytest.mark.parametrize("ref", ["", " "])
def test_library_add_refuses_an_empty_reference_as_a_blank_one(tmp_path: Path, ref: str) -> None:
    # {"ref": ""} was read as no ref: the paper was stored as local:paper, named by its file.
    path = tmp_path / "paper.md"
    path.write_text("Words about convolutions.\n", encoding="utf-8")
    with serving(tmp_path / "library.sqlite3") as server:
        with pytest.raises(ToolError) as refused:
            anyio.run(server.call_tool, "library_add", {"path": str(path), "ref": ref})
        listed = anyio.run(server.call_tool, "library_list", {})
    assert str(refused.value) == "Error executing tool library_add: empty paper reference"
    assert listed.structured_content["papers"] == []


@pytest.mark.parametrize(
    ("tool", "arguments"),
    [
        (
            "review_report",
            {"markdown": "Attention helps (arXiv:1706.03762).", "bibliographyPath": ""},
        ),
        (
            "review_report",
            {"markdown": "Attention helps (arXiv:1706.03762).", "bibliographyPath": "  "},
        ),
        (
            "review_report",
            {"markdown": "Attention helps (arXiv:1706.03762).", "bibliography_path": ""},
        ),
        ("review_latex", {"latex": "Attention helps \\cite{a}.", "bibliographyPath": " \t"}),
    ],
)
def test_an_empty_bibliography_path_is_refused(
    tmp_path: Path, tool: str, arguments: dict[str, Any]
) -> None:
    # Loose end: an empty path was taken as none, and the draft reviewed with no bibliography.
    assert _tool_error(tmp_path, tool, arguments) == (
        f"Error executing tool {tool}: bibliographyPath is empty: name the bibliography's "
        "file, or leave bibliographyPath out"
    )


def test_long_calls_report_progress_when_asked(tmp_path: Path) -> None:
    missing = ["local:missing-1", "local:missing-2", "local:missing-3"]  # no judge needed
    draft = "Sparse matrices save memory (arXiv:2401.00001, arXiv:2401.00002).\n"
    calls = [
        ("check", "check_claim", {"claim": NARROW_CLAIM, "papers": missing}, "t1"),
        ("review", "review_report", {"markdown": draft}, 7),
        ("unasked", "check_claim", {"claim": NARROW_CLAIM, "papers": missing}, None),
    ]
    sent: dict[str, list[dict[str, Any]]] = {}
    with RawMCP(tmp_path / "library.sqlite3", tmp_path / "stderr.log", {}) as mcp:
        for request_id, tool, arguments, token in calls:
            params: dict[str, Any] = {"name": tool, "arguments": arguments}
            if token is not None:
                params["_meta"] = {"progressToken": token}
            call = {"jsonrpc": "2.0", "id": request_id, "method": "tools/call", "params": params}
            mcp.send(json.dumps(call).encode())
            sent[request_id] = mcp.messages_until(request_id)

    def progress(messages: list[dict[str, Any]]) -> list[tuple[object, float, float]]:
        return [
            (m["params"]["progressToken"], m["params"]["progress"], m["params"]["total"])
            for m in messages
            if m.get("method") == "notifications/progress"
        ]

    # Before the first paper (or pair), then after each one.
    assert progress(sent["check"]) == [("t1", 0, 3), ("t1", 1, 3), ("t1", 2, 3), ("t1", 3, 3)]
    assert progress(sent["review"]) == [(7, 0, 2), (7, 1, 2), (7, 2, 2)]
    assert progress(sent["unasked"]) == []
    assert all("result" in messages[-1] for messages in sent.values())


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (
            {"claim": "Sparse \u202eyromem evas.", "papers": ["local:x"]},
            "the claim holds U+202E (a right-to-left override) at character 8",
        ),
        (
            {"claim": "Sparse \u202bsave memory\u202c.", "papers": ["local:x"]},
            "the claim holds U+202B (a right-to-left embedding) at character 8",
        ),
        (
            {"claim": NARROW_CLAIM, "papers": ["local:x"], "topic": "sparse\x00"},
            "the topic holds U+0000 (a null character) at character 7",
        ),
    ],
)
def test_check_claim_refuses_a_claim_or_topic_holding_a_control_character(
    tmp_path: Path, arguments: dict[str, Any], message: str
) -> None:
    assert _tool_error(tmp_path, "check_claim", arguments) == (
        f"Error executing tool check_claim: {message}"
    )


def _review_tool(tmp_path: Path, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """A review tool's result, in process (nothing here reaches the judge: no paper is in
    the library)."""
    with serving(tmp_path / "library.sqlite3") as server:
        result = anyio.run(server.call_tool, tool, arguments)
    data: dict[str, Any] = result.structured_content
    return data


CSL_YAML = "references:\n- id: k\n  DOI: 10.1234/k\n"


def test_the_review_tools_take_the_api_s_bibliography_formats(tmp_path: Path) -> None:
    # The API's bibliography.format, as bibliographyFormat: CSL YAML sent as text could not
    # be read over MCP at all.
    tools = listed_tools(tmp_path / "library.sqlite3")
    for name in ("review_report", "review_latex"):
        schema = tools[name].input_schema["properties"]["bibliographyFormat"]
        assert schema["anyOf"][0]["enum"] == ["bibtex", "csl-json", "csl-yaml"]
    arguments = {"bibliography": CSL_YAML, "bibliographyFormat": "csl-yaml"}
    markdown = _review_tool(tmp_path, "review_report", {"markdown": "A holds [@k].", **arguments})
    latex = _review_tool(tmp_path, "review_latex", {"latex": "A holds \\cite{k}.", **arguments})
    assert [r["paperRef"] for r in markdown["records"] + latex["records"]] == ["doi:10.1234/k"] * 2


@pytest.mark.parametrize("bib", ["@article{k, title = {a}\n", "% entries to come\n", ""])
def test_a_bibliography_with_no_usable_entry_is_read_on(tmp_path: Path, bib: str) -> None:
    # As `claimaudit review --bib` reads such a file: it was a tool error.
    path = tmp_path / "refs.bib"
    path.write_text(bib, encoding="utf-8")
    for sent in ({"bibliography": bib}, {"bibliographyPath": str(path)}):
        data = _review_tool(tmp_path, "review_report", {"markdown": "A holds [@k].", **sent})
        [record] = data["records"]
        assert (record["paperRef"], record["verdict"]) == ("@k", "not_checked")
        broken = bib.startswith("@")
        reason = "could not be read" if broken else "no bibliography entry for @k"
        assert reason in record["error"]
        assert ("unreadEntries" in data) == broken


def test_a_bibliography_format_without_its_text_is_refused(tmp_path: Path) -> None:
    arguments = {"markdown": "A holds [@k].", "bibliographyFormat": "csl-yaml"}
    assert _tool_error(tmp_path, "review_report", arguments).endswith(
        "bibliographyFormat is the format of the bibliography sent as text: send it with "
        "bibliography (a bibliographyPath is read by its suffix)"
    )


def test_the_bibliography_arguments_are_camel_case_and_the_old_names_deprecated(
    tmp_path: Path,
) -> None:
    # Every other argument and record field is camelCase; these were snake_case.
    tools = listed_tools(tmp_path / "library.sqlite3")
    for name in ("review_report", "review_latex"):
        properties = tools[name].input_schema["properties"]
        assert {"bibliographyFormat", "bibliographyPath"} <= set(properties)
        for old, new in (
            ("bibliography_format", "bibliographyFormat"),
            ("bibliography_path", "bibliographyPath"),
        ):
            assert properties[old]["deprecated"] is True
            assert new in properties[old]["description"]
            assert "deprecated" not in properties[new]
        snake = [p for p in properties if "_" in p and not properties[p].get("deprecated")]
        assert snake == [], name


@pytest.mark.parametrize(
    "names",
    [("bibliographyFormat", "bibliographyPath"), ("bibliography_format", "bibliography_path")],
)
def test_either_name_of_a_bibliography_argument_is_read(
    tmp_path: Path, names: tuple[str, str]
) -> None:
    format_name, path_name = names
    path = tmp_path / "refs.yaml"
    path.write_text(CSL_YAML, encoding="utf-8")
    draft = {"markdown": "A holds [@k]."}
    sent_text = {**draft, "bibliography": CSL_YAML, format_name: "csl-yaml"}
    sent_path = {**draft, path_name: str(path)}
    for arguments in (sent_text, sent_path):
        [record] = _review_tool(tmp_path, "review_report", arguments)["records"]
        assert record["paperRef"] == "doi:10.1234/k"


@pytest.mark.parametrize(
    ("arguments", "same"),
    [
        ({"bibliographyFormat": "csl-yaml", "bibliography_format": "csl-yaml"}, True),
        ({"bibliographyFormat": "csl-yaml", "bibliography_format": "bibtex"}, False),
    ],
)
def test_both_names_are_one_argument_and_must_agree(
    tmp_path: Path, arguments: dict[str, Any], same: bool
) -> None:
    sent = {"latex": "A holds \\cite{k}.", "bibliography": CSL_YAML, **arguments}
    if same:
        [record] = _review_tool(tmp_path, "review_latex", sent)["records"]
        assert record["paperRef"] == "doi:10.1234/k"
        return
    with pytest.raises(ToolError) as refused:
        _review_tool(tmp_path, "review_latex", sent)
    assert str(refused.value) == (
        "Error executing tool review_latex: bibliographyFormat and bibliography_format (its "
        "deprecated name) differ: send bibliographyFormat only"
    )


def test_two_different_bibliography_paths_are_refused(tmp_path: Path) -> None:
    sent = {"markdown": "A [@k].", "bibliographyPath": "a.bib", "bibliography_path": "b.bib"}
    with pytest.raises(ToolError) as refused:
        _review_tool(tmp_path, "review_report", sent)
    assert "bibliographyPath and bibliography_path (its deprecated name) differ" in str(
        refused.value
    )


def _arxiv_service(tmp_path: Path, arxiv: ArxivServer) -> Service:
    service = Service(
        tmp_path / "library.sqlite3",
        arxiv=ArxivDownloads(lambda: ArxivClient(arxiv.url, min_interval=0)),
    )
    service.ensure_library()
    return service


def test_library_add_arxiv_downloads_the_newest_version_once(
    tmp_path: Path, arxiv_papers: ArxivServer
) -> None:
    # An agent names papers by arXiv id; before, it had to fetch a file itself.
    service = _arxiv_service(tmp_path, arxiv_papers)
    try:
        server = build_server(service)
        first = anyio.run(server.call_tool, "library_add_arxiv", {"ref": "1706.03762"})
        again = anyio.run(server.call_tool, "library_add_arxiv", {"ref": "arXiv:1706.03762"})
        listed = anyio.run(server.call_tool, "library_list", {})
    finally:
        service.close()
    added, unchanged = first.structured_content, again.structured_content
    assert (added["ref"], added["outcome"]) == ("arXiv:1706.03762v2", "added")
    assert added["title"] == "Attention Is All You Need"
    assert (unchanged["ref"], unchanged["outcome"]) == ("arXiv:1706.03762v2", "unchanged")
    assert [p["ref"] for p in listed.structured_content["papers"]] == ["arXiv:1706.03762v2"]
    downloads = [s.path for s in arxiv_papers.seen if not s.path.startswith("/api/")]
    assert downloads == ["/e-print/1706.03762v2", "/pdf/1706.03762v2"]  # once, not twice


@pytest.mark.parametrize(
    ("ref", "refusal"),
    [
        (
            "doi:10.1000/xyz",
            "doi:10.1000/xyz is not an arXiv paper: only arXiv papers are downloaded; add any "
            "other from its file",
        ),
        ("2001.99999", "arXiv has no paper arXiv:2001.99999"),
    ],
)
def test_library_add_arxiv_refuses_what_arxiv_cannot_give_storing_nothing(
    tmp_path: Path, arxiv_papers: ArxivServer, ref: str, refusal: str
) -> None:
    service = _arxiv_service(tmp_path, arxiv_papers)
    try:
        server = build_server(service)
        with pytest.raises(ToolError) as refused:
            anyio.run(server.call_tool, "library_add_arxiv", {"ref": ref})
        listed = anyio.run(server.call_tool, "library_list", {})
    finally:
        service.close()
    assert str(refused.value).startswith(f"Error executing tool library_add_arxiv: {refusal}")
    assert listed.structured_content["papers"] == []


def test_one_arxiv_client_spaces_the_requests_of_every_call(tmp_path: Path) -> None:
    made: list[object] = []

    def make() -> ArxivClient:
        made.append(object())
        return ArxivClient("http://127.0.0.1:9", min_interval=0)

    downloads = ArxivDownloads(make)
    try:
        assert downloads.client() is downloads.client()
    finally:
        downloads.close()
    assert len(made) == 1


def test_an_arxiv_download_cancelled_stores_nothing(
    tmp_path: Path, arxiv_papers: ArxivServer
) -> None:
    service = _arxiv_service(tmp_path, arxiv_papers)
    cancel = threading.Event()
    cancel.set()  # the client went while the paper was downloaded
    try:
        with pytest.raises(CancelledWorkError):
            service.add_arxiv("1706.03762", cancel=cancel)
        assert service.paper_listing(None, 10, 0) == ([], 0)
        assert arxiv_papers.seen == []  # QA: a caller gone still held the client for minutes
    finally:
        service.close()


def test_a_bibliography_path_that_is_no_file_says_what_to_give(tmp_path: Path) -> None:
    # A folder said "give a .bib or .json file" (CSL YAML is read too), a looping link
    # "Too many levels of symbolic links".
    (tmp_path / "refs").mkdir()
    (tmp_path / "loop.bib").symlink_to("loop.bib")
    said = [
        _tool_error(
            tmp_path,
            "review_report",
            {"markdown": "A holds [@k].", "bibliographyPath": str(tmp_path / name)},
        )
        for name in ("refs", "loop.bib")
    ]
    assert said == [
        "Error executing tool review_report: bibliographyPath "
        f"{tmp_path / 'refs'} is a folder; give a .bib, .json or .yaml file",
        "Error executing tool review_report: bibliographyPath "
        f"{tmp_path / 'loop.bib'}: its symbolic links go round in a loop",
    ]


@pytest.mark.parametrize(
    ("written", "said"),
    [
        ("missing.bib", "bibliographyPath missing.bib: no such file"),
        ("~/missing-9f3.bib", "bibliographyPath ~/missing-9f3.bib: no such file"),
        ("~nosuchuser9/a.bib", "bibliographyPath ~nosuchuser9/a.bib: no such file"),
        (
            "-",
            "bibliographyPath - (standard input) is not read; give a .bib, .json or .yaml file",
        ),
        (
            "/dev/null",
            "bibliographyPath /dev/null is not a regular file; give a .bib, .json or .yaml file",
        ),
    ],
)
def test_a_bibliography_path_is_refused_in_the_command_line_s_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, written: str, said: str
) -> None:
    # "cannot read bibliography missing.bib: No such file or directory", where `review --bib`
    # says "--bib missing.bib: no such file"; "~/missing.bib" was named by the server's home
    # folder, which the client had not given.
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    arguments = {"markdown": "A holds [@k].", "bibliographyPath": written}
    assert _tool_error(tmp_path, "review_report", arguments) == (
        f"Error executing tool review_report: {said}"
    )


@pytest.mark.parametrize("tool", ["review_report", "review_latex"])
@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("a" * 300 + ".bib", "cannot read bibliography {path}: File name too long"),
        ("x\x00y.bib", "bibliographyPath holds U+0000 (a null character), which no file name can"),
        (
            "~x\x00y/a.bib",
            "bibliographyPath holds U+0000 (a null character), which no file name can",
        ),
    ],
)
def test_a_bibliography_path_no_file_can_have_is_one_known_line(
    tmp_path: Path, tool: str, name: str, message: str
) -> None:
    # QA: "internal error (OSError)" and "(ValueError)"; the CLI's --bib names such a path.
    path = name if name.startswith("~") else str(tmp_path / name)
    draft = "markdown" if tool == "review_report" else "latex"
    arguments = {draft: "A holds [@k] \\cite{k}.", "bibliography_path": path}
    assert _tool_error(tmp_path, tool, arguments) == (
        f"Error executing tool {tool}: {message.format(path=path)}"
    )


def test_a_tool_error_shows_control_and_bidi_characters_escaped(tmp_path: Path) -> None:
    # Loose end: the message quoted the path as sent, so a client printing it obeyed ESC
    # (a colour) and U+202E (the line read backwards); the API shows such characters escaped.
    path = tmp_path / "refs\u202ebib.\x1b[31mred.bib"
    arguments = {"markdown": "Attention helps (arXiv:1706.03762).", "bibliographyPath": str(path)}
    # Named as every message names a file: in the shell's $'...' quoting, that very file.
    assert _tool_error(tmp_path, "review_report", arguments) == (
        f"Error executing tool review_report: bibliographyPath $'{tmp_path}/"
        "refs\\u202ebib.\\x1b[31mred.bib': no such file"
    )


def test_library_list_takes_a_filter_as_long_as_the_apis(tmp_path: Path) -> None:
    # QA: the API refused a q over 200 characters; the tool took any length.
    with serving(tmp_path / "library.sqlite3") as server:
        listed = anyio.run(server.call_tool, "library_list", {"query": "a" * 200})
        with pytest.raises(ToolError) as refused:
            anyio.run(server.call_tool, "library_list", {"query": "a" * 201})
        tools = {t.name: t for t in anyio.run(server.list_tools)}
    assert listed.structured_content == {"papers": [], "total": 0}
    assert str(refused.value) == (
        "Error executing tool library_list: query: String should have at most 200 characters"
    )
    assert tools["library_list"].input_schema["properties"]["query"]["anyOf"][0]["maxLength"] == 200


def test_library_search_takes_exact_to_reach_the_unversioned_copy(tmp_path: Path) -> None:
    # QA: the CLI's search took --exact and the tool had no way to reach such a copy.
    service = Service(tmp_path / "library.sqlite3")
    service.ensure_library()
    for ref, text in [("arXiv:1603.07285", "unversioned"), ("arXiv:1603.07285v2", "second")]:
        path = tmp_path / "paper.md"
        path.write_text(f"The {text} copy about convolutions.\n", encoding="utf-8")
        service.add_file(path, ref=ref)
    arguments = {"query": "convolutions", "ref": "arXiv:1603.07285"}
    try:
        server = build_server(service)
        newest = anyio.run(server.call_tool, "library_search", arguments)
        exact = anyio.run(server.call_tool, "library_search", {**arguments, "exact": True})
        with pytest.raises(ToolError) as refused:
            anyio.run(server.call_tool, "library_search", {"query": "x", "exact": True})
        tools = {t.name: t for t in anyio.run(server.list_tools)}
    finally:
        service.close()
    assert [h["text"] for h in newest.structured_content["hits"]] == [
        "The second copy about convolutions."
    ]
    assert [(h["ref"], h["exact"]) for h in exact.structured_content["hits"]] == [
        ("arXiv:1603.07285", True)
    ]
    assert str(refused.value) == (
        "Error executing tool library_search: exact applies to ref: give the reference of the "
        "copy to search"
    )
    schema = tools["library_search"].input_schema["properties"]["exact"]
    assert schema["type"] == "boolean" and schema["default"] is False


@pytest.mark.parametrize("ref", ["", " "])
def test_library_search_within_an_empty_reference_is_refused_as_a_blank_one_is(
    tmp_path: Path, ref: str
) -> None:
    # {"ref": ""} searched the whole library, as if within one paper.
    service = Service(tmp_path / "library.sqlite3")
    service.ensure_library()
    path = tmp_path / "paper.md"
    path.write_text("Words about convolutions.\n", encoding="utf-8")
    service.add_file(path, ref="local:conv")
    try:
        server = build_server(service)
        with pytest.raises(ToolError) as refused:
            anyio.run(server.call_tool, "library_search", {"query": "convolutions", "ref": ref})
    finally:
        service.close()
    assert str(refused.value) == "Error executing tool library_search: empty paper reference"


def test_library_list_gives_as_many_papers_by_default_as_the_api(tmp_path: Path) -> None:
    # The tool listed 100 papers where GET /v1/library listed 50: one default now, 50.
    library = tmp_path / "library.sqlite3"
    with Library.open(library) as stored:
        for n in range(51):
            passages = [Passage("P001", f"Words of paper {n}.", "Abstract")]
            stored.add_paper(NewPaper(parse_ref(f"local:p{n:03d}"), f"P{n}", passages, f"h{n}"))
    service = Service(library)
    try:
        server = build_server(service)
        listed = anyio.run(server.call_tool, "library_list", {})
        tools = {t.name: t for t in anyio.run(server.list_tools)}
    finally:
        service.close()
    assert (len(listed.structured_content["papers"]), listed.structured_content["total"]) == (
        50,
        51,
    )
    assert tools["library_list"].input_schema["properties"]["limit"]["default"] == 50


# The review tools' input schemas as MCP clients listed them before their shared arguments were
# written once (``tools.ReviewArguments``): the same names, order, types, limits and words.
REVIEW_SCHEMAS = Path(__file__).with_name("review_tools_schema.json")


def test_the_review_tools_list_the_input_schemas_they_always_had(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The judge argument lists the judges registered and names the default: the built-ins
    # alone here, whatever another test registered, and no CLAIMAUDIT_JUDGE.
    monkeypatch.setattr(plugins, "_registry", None)
    monkeypatch.delenv("CLAIMAUDIT_JUDGE", raising=False)
    tools = listed_tools(tmp_path / "library.sqlite3")
    expected = json.loads(REVIEW_SCHEMAS.read_text())
    for name in ("review_report", "review_latex"):
        listed = tools[name].input_schema
        assert listed == expected[name]
        assert list(listed["properties"]) == list(expected[name]["properties"])  # the order too


def test_the_review_tools_share_every_argument_but_the_draft_s(tmp_path: Path) -> None:
    from dataclasses import fields

    from claimaudit.server.mcp.review_tools import ReviewArguments

    tools = listed_tools(tmp_path / "library.sqlite3")
    report = tools["review_report"].input_schema["properties"]
    latex = tools["review_latex"].input_schema["properties"]
    shared = [field.name for field in fields(ReviewArguments)]
    assert list(report) == ["markdown", *shared]
    assert list(latex) == ["latex", *shared]
    assert {k: v for k, v in report.items() if k != "markdown"} == {
        k: v for k, v in latex.items() if k != "latex"
    }


def test_library_search_takes_a_query_as_long_as_the_apis(tmp_path: Path) -> None:
    # QA: the API refused a q over 2,000 characters; the tool took one up to the 16 MiB line
    # limit and named every word past the 256th in leftOut.
    with serving(tmp_path / "library.sqlite3") as server:
        anyio.run(server.call_tool, "library_search", {"query": "convolution " * 166})
        with pytest.raises(ToolError) as refused:
            anyio.run(server.call_tool, "library_search", {"query": "a" * 2001})
        tools = {t.name: t for t in anyio.run(server.list_tools)}
    assert str(refused.value) == (
        "Error executing tool library_search: query: String should have at most 2000 characters"
    )
    assert tools["library_search"].input_schema["properties"]["query"]["maxLength"] == 2000


@pytest.mark.parametrize("bib", ["@article{k, title = {a}\n", "% entries to come\n"])
def test_a_bibliography_path_under_home_is_named_in_records_as_the_client_wrote_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, bib: str
) -> None:
    # QA: "no bibliography entry for @k in /root/refs.bib" for a client that sent
    # "~/refs.bib": the records, warnings and unread entries named the server's home folder.
    home = tmp_path / "home"
    home.mkdir()
    (home / "refs.bib").write_text(bib, encoding="utf-8")
    monkeypatch.setenv("HOME", str(home))
    sent = {"markdown": "A holds [@k].", "bibliographyPath": "~/refs.bib"}
    data = _review_tool(tmp_path, "review_report", sent)
    said = json.dumps(data)
    assert str(home) not in said
    assert "~/refs.bib" in data["records"][0]["error"]


def test_an_unreadable_bibliography_under_home_is_named_as_the_client_wrote_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    home.mkdir()
    (home / "refs.bib").write_bytes(b"@article{k, title = {\xff}}\n")
    monkeypatch.setenv("HOME", str(home))
    sent = {"markdown": "A holds [@k].", "bibliographyPath": "~/refs.bib"}
    said = _tool_error(tmp_path, "review_report", sent)
    assert said.startswith(
        "Error executing tool review_report: cannot read bibliography ~/refs.bib"
    )
    assert str(home) not in said


def test_library_add_names_a_path_under_home_as_the_client_wrote_it_in_its_errors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # QA: "~/notes" said "/home/me/notes: no paper source found", naming the server's home.
    home = tmp_path / "home"
    (home / "notes").mkdir(parents=True)
    (home / "blob.md").write_bytes(b"\x00\x01\x02" * 100)
    monkeypatch.setenv("HOME", str(home))
    said = [
        _tool_error(tmp_path, "library_add", {"path": path, "ref": "local:x"})
        for path in ("~/notes", "~/blob.md")
    ]
    assert said[0].startswith("Error executing tool library_add: ~/notes: no paper source found")
    assert said[1].startswith("Error executing tool library_add: ~/blob.md: ")
    assert not any(str(home) in line for line in said)
