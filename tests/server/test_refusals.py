"""The HTTP API and the MCP tools refuse the same bad input in the same words, and advise what
to send (never the command line's flags): both surfaces in process, sent the same requests."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from fastapi.testclient import TestClient
from mcp import Client

from claimaudit.server.app import create_app
from claimaudit.server.config import ServerConfig
from claimaudit.server.mcp.server import build_server
from claimaudit.server.service import MAX_PAPERS_PER_CHECK, Service

LOOPBACK = "http://127.0.0.1"
CLAIM = "Transformers rely on attention."
PAPER = "arXiv:1706.03762"

# (HTTP route, MCP tool, arguments both take under the same names).
CHECK_REFUSALS: dict[str, dict[str, Any]] = {
    "no papers": {"claim": CLAIM, "papers": []},
    "too many papers": {
        "claim": CLAIM,
        "papers": [f"arXiv:1706.{n:05d}" for n in range(MAX_PAPERS_PER_CHECK + 1)],
    },
    "several schema errors": {"claim": 5, "papers": "x", "threshold": 7},
    "missing arguments": {},
    "unknown argument": {"claim": CLAIM, "papers": [PAPER], "bogus": 1},
    "unknown argument among other errors": {
        "papers": ["doi:10.1000/xyz"],
        "threshold": 5,
        "topic": 5,
        "bogus": 1,
    },
    "empty claim": {"claim": " ", "papers": [PAPER]},
    "claim without content words": {"claim": "It is what it is.", "papers": [PAPER]},
    "over-long claim": {"claim": "attention " * 300, "papers": [PAPER]},
    "paper twice": {"claim": CLAIM, "papers": [PAPER, PAPER.lower()]},
    "unknown judge": {"claim": CLAIM, "papers": [PAPER], "judge": "nope"},
    "threshold out of range": {"claim": CLAIM, "papers": [PAPER], "threshold": 2},
    # Read strictly on both: no string is read as the number or the list it spells.
    "threshold as text": {"claim": CLAIM, "papers": [PAPER], "threshold": "0.5"},
    "papers as JSON text": {"claim": CLAIM, "papers": f'["{PAPER}"]'},
    "claim as a number": {"claim": 7, "papers": [PAPER]},
    "over-long topic": {"claim": CLAIM, "papers": [PAPER], "topic": "x" * 1001},
    "over-long model": {"claim": CLAIM, "papers": [PAPER], "judge": "openai", "model": "m" * 201},
    "model not valid text": {"claim": CLAIM, "papers": [PAPER], "model": "m\udfff"},
    "openai judge without a model": {"claim": CLAIM, "papers": [PAPER], "judge": "openai"},
    "jev judge without a key": {"claim": CLAIM, "papers": [PAPER], "judge": "jev"},
    "model for the local judge": {
        "claim": CLAIM,
        "papers": [PAPER],
        "judge": "local",
        "model": "gpt-4o",
    },
}
REVIEW_REFUSALS: dict[str, dict[str, Any]] = {
    "empty draft": {"markdown": " "},
    "over-long topic": {"markdown": f"{CLAIM} [1]", "topic": "x" * 1001},
    "unknown judge": {"markdown": f"{CLAIM} [@k]", "judge": "nope"},
    "empty draft with a BOM": {"markdown": "\ufeff \n\t"},
    "over-long model": {"markdown": f"{CLAIM} [1]", "judge": "openai", "model": "m" * 201},
    "openai judge without a model": {"markdown": f"{CLAIM} [1]", "judge": "openai"},
    "jev judge without a key": {"markdown": f"{CLAIM} [1]", "judge": "jev"},
    "model for the local judge": {"markdown": f"{CLAIM} [1]", "model": "gpt-4o"},
    "threshold as text": {"markdown": f"{CLAIM} [1]", "threshold": "0.5"},
}
# Over either surface, a judge's model is the request's model field, never --model.
NO_MODEL = "the openai judge needs a model id: send model or set OPENAI_MODEL on the server"
# A key is the server's to hold: no request field gives one.
NO_KEY = "the jev judge needs an API key: set TYPESAFE_API_KEY on the server"
OWN_MODEL = "; model 'gpt-4o' applies to the jev and openai judges"
LONG_MODEL = "the model id has 201 characters; the limit is 200"


def _as_latex(cases: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The model refusals as ``review_latex`` arguments: the draft under ``latex``."""
    return {
        name: {("latex" if k == "markdown" else k): v for k, v in arguments.items()}
        for name, arguments in cases.items()
        if "model" in name
    }  # the others are the Markdown tool's own (its "empty draft" names Markdown)


def _http_body(arguments: dict[str, Any]) -> dict[str, Any]:
    if isinstance(arguments.get("bibliography"), str):  # sent as {"text": ...} over HTTP
        return {**arguments, "bibliography": {"text": arguments["bibliography"]}}
    return arguments


@pytest.fixture
def library(tmp_path: Path) -> Path:
    return tmp_path / "library.sqlite3"


@pytest.fixture
def api(library: Path) -> Iterator[TestClient]:
    app = create_app(ServerConfig(library=library))
    with TestClient(app, base_url=LOOPBACK, raise_server_exceptions=False) as client:
        yield client


def _http_refusals(api: TestClient, route: str, cases: dict[str, dict[str, Any]]) -> dict[str, str]:
    found: dict[str, str] = {}
    for name, arguments in cases.items():
        # As JSON escapes, so that a lone surrogate is sent as a client would send it.
        body = json.dumps(_http_body(arguments))
        response = api.post(route, content=body, headers={"content-type": "application/json"})
        assert 400 <= response.status_code < 500, (name, response.text)
        found[name] = response.json()["error"]["message"]
    return found


def _mcp_refusals(library: Path, tool: str, cases: dict[str, dict[str, Any]]) -> dict[str, str]:
    """Each case's tool error, without the prefix the SDK gives every one."""
    found: dict[str, str] = {}
    # The SDK says which tool failed before every tool error's own words.
    prefix = f"Error executing tool {tool}: "

    async def session() -> None:
        service = Service(library)
        service.ensure_library()
        try:
            async with Client(build_server(service)) as client:
                for name, arguments in cases.items():
                    result = await client.call_tool(tool, arguments)
                    assert result.is_error, (name, result.content)
                    text = str(result.content[0].text)
                    found[name] = text.removeprefix(prefix)
        finally:
            service.close()

    anyio.run(session)
    return found


def test_a_check_is_refused_alike(api: TestClient, library: Path) -> None:
    http = _http_refusals(api, "/v1/checks", CHECK_REFUSALS)
    assert _mcp_refusals(library, "check_claim", CHECK_REFUSALS) == http
    assert http["no papers"] == "no paper to check the claim against"
    assert http["too many papers"] == (
        f"{MAX_PAPERS_PER_CHECK + 1} papers in one check; the limit is {MAX_PAPERS_PER_CHECK}"
    )
    # Several schema errors in one line, by field name whatever order the surface declares.
    assert http["several schema errors"] == (
        "claim: Input should be a valid string; papers: Input should be a valid list; "
        "threshold: Input should be less than or equal to 1"
    )
    # An unknown argument is listed with the other errors, not on its own.
    assert http["unknown argument among other errors"] == (
        "bogus: Extra inputs are not permitted; claim: Field required; "
        "threshold: Input should be less than or equal to 1; topic: Input should be a valid string"
    )
    assert http["over-long topic"] == "the topic has 1001 characters; the limit is 1000"
    assert http["over-long model"] == LONG_MODEL
    assert http["model not valid text"] == (
        "the model is not valid text: invalid UTF-8 or a lone surrogate at character 2"
    )
    assert http["openai judge without a model"] == NO_MODEL
    assert http["jev judge without a key"] == NO_KEY
    assert http["model for the local judge"].startswith("the local judge runs its own model (")
    assert http["model for the local judge"].endswith(OWN_MODEL)
    assert http["threshold as text"] == "threshold: Input should be a valid number"
    assert http["papers as JSON text"] == "papers: Input should be a valid list"
    # The service refuses them; the API's schema still documents the limits.
    schema = api.get("/openapi.json").json()["components"]["schemas"]["CheckRequest"]
    papers, topic = schema["properties"]["papers"], schema["properties"]["topic"]
    assert (papers["minItems"], papers["maxItems"], topic["maxLength"]) == (1, 50, 1000)
    assert schema["properties"]["model"]["maxLength"] == 200


def test_a_review_is_refused_alike(api: TestClient, library: Path) -> None:
    http = _http_refusals(api, "/v1/reviews", REVIEW_REFUSALS)
    assert _mcp_refusals(library, "review_report", REVIEW_REFUSALS) == http
    latex = _mcp_refusals(library, "review_latex", _as_latex(REVIEW_REFUSALS))
    assert latex == {name: http[name] for name in latex}
    assert http["empty draft"] == "the draft is empty: there is no Markdown text to review"
    assert http["empty draft with a BOM"] == http["empty draft"]
    assert http["over-long model"] == LONG_MODEL
    assert http["openai judge without a model"] == NO_MODEL
    assert http["jev judge without a key"] == NO_KEY
    assert http["model for the local judge"].endswith(OWN_MODEL)
    assert http["threshold as text"] == "threshold: Input should be a valid number"


def test_adding_a_paper_is_refused_with_the_request_s_advice(
    api: TestClient, library: Path, tmp_path: Path
) -> None:
    notes = tmp_path / "notes.md"
    notes.write_text("# Notes\n\nSparse matrices save memory.\n", encoding="utf-8")
    stored = api.post(
        "/v1/library",
        files={"file": ("notes.md", b"# Notes\n\nOther words.\n")},
        data={"ref": "local:notes"},
    )
    assert stored.status_code == 201, stored.text
    http = {
        "conflict": api.post(
            "/v1/library",
            files={"file": ("notes.md", notes.read_bytes())},
            data={"ref": "local:notes"},
        ),
        "no ref": api.post("/v1/library", files={"file": ("notes.md", notes.read_bytes())}),
    }
    mcp = _mcp_refusals(
        library,
        "library_add",
        {"conflict": {"path": str(notes), "ref": "local:notes"}, "no ref": {"path": str(notes)}},
    )
    assert (
        http["conflict"].json()["error"]["message"]
        == mcp["conflict"]
        == (
            "local:notes is already in the library with different content; "
            "send replace: true to overwrite it"
        )
    )
    # An upload is named as sent, a file on the MCP server's machine by its path.
    advice = (
        "cannot tell which paper this is from its name or metadata; "
        "send ref (e.g. arXiv:1706.03762v5 or doi:10.1000/xyz)"
    )
    assert http["no ref"].json()["error"] == {
        "status": 422,
        "code": "ref_required",
        "message": f"notes.md: {advice}",
    }
    assert mcp["no ref"] == f"{notes}: {advice}"


def test_an_unversioned_copy_beside_versions_is_removed_with_exact(api: TestClient) -> None:
    for ref, text in (("arXiv:2101.00001", b"One text.\n"), ("arXiv:2101.00001v1", b"Two.\n")):
        added = api.post("/v1/library", files={"file": ("a.md", text)}, data={"ref": ref})
        assert added.status_code == 201, added.text
    refused = api.delete("/v1/library/arXiv%3A2101.00001")
    assert refused.status_code == 400
    # The API's own words (a query parameter), never the command line's --exact.
    assert refused.json()["error"]["message"] == (
        "arXiv:2101.00001 matches several stored copies (arXiv:2101.00001, arXiv:2101.00001v1): "
        "name one; set exact to true to remove the unversioned copy"
    )
    for typo in ("1", "yes", "True", ""):
        bad = api.delete(f"/v1/library/arXiv%3A2101.00001?exact={typo}")
        assert bad.status_code == 422
        assert bad.json()["error"]["message"] == "exact: Input should be true or false"
    # Given twice, exact is refused rather than read as its last value (which would remove).
    for repeated in ("exact=false&exact=true", "exact=true&exact=true"):
        bad = api.delete(f"/v1/library/arXiv%3A2101.00001?{repeated}")
        assert bad.status_code == 422
        assert bad.json()["error"] == {
            "status": 422,
            "code": "invalid_request",
            "message": "exact: Input should be given once, not 2 times",
        }
    kept = [p["ref"] for p in api.get("/v1/library").json()["papers"]]
    assert sorted(kept) == ["arXiv:2101.00001", "arXiv:2101.00001v1"]
    removed = api.delete("/v1/library/arXiv%3A2101.00001?exact=true")
    assert removed.status_code == 200, removed.text
    assert removed.json()["removed"]["ref"] == "arXiv:2101.00001"
    assert [p["ref"] for p in api.get("/v1/library").json()["papers"]] == ["arXiv:2101.00001v1"]
    # exact=false is the default: the one version left is the work's only copy.
    gone = api.delete("/v1/library/arXiv%3A2101.00001?exact=false")
    assert gone.json()["removed"]["ref"] == "arXiv:2101.00001v1"


def test_exact_names_no_other_copy(api: TestClient) -> None:
    added = api.post(
        "/v1/library", files={"file": ("a.md", b"Versioned.\n")}, data={"ref": "arXiv:2101.00002v3"}
    )
    assert added.status_code == 201, added.text
    missing = api.delete("/v1/library/arXiv%3A2101.00002?exact=true")
    assert missing.status_code == 404
    assert api.delete("/v1/library/arXiv%3A2101.00002v3?exact=true").status_code == 200


def test_a_limit_that_is_no_whole_number_is_refused_alike(api: TestClient, library: Path) -> None:
    # Read strictly on both surfaces, as request bodies are: 2.0 is no limit, nor "+2" or "2_0".
    http = {
        text: api.get(f"/v1/library?limit={text}").json()["error"]["message"]
        for text in ("2.0", "%2B2", "2_0", "%202", "two")
    }
    assert set(http.values()) == {"limit: Input should be a valid integer"}
    mcp = _mcp_refusals(library, "library_list", {"float": {"limit": 2.0}, "text": {"limit": "2"}})
    assert set(mcp.values()) == {"limit: Input should be a valid integer"}
    for route in (
        "/v1/library/search?q=deep&limit=2.0",
        "/v1/library/arXiv%3A1/passages/P1?context=1.0",
    ):
        refused = api.get(route)
        assert refused.status_code == 422, refused.text
        assert refused.json()["error"]["message"].endswith(": Input should be a valid integer")
    assert api.get("/v1/library?limit=2").status_code == 200
    # Any query parameter given twice is refused, as exact is.
    twice = api.get("/v1/library?limit=2&limit=3").json()["error"]["message"]
    assert twice == "limit: Input should be given once, not 2 times"


def test_limits_have_the_same_range_on_both(api: TestClient, library: Path) -> None:
    http = {
        "list": api.get("/v1/library?limit=10001").json()["error"]["message"],
        "search": api.get("/v1/library/search?q=deep&limit=1001").json()["error"]["message"],
    }
    assert http == {
        "list": "limit: Input should be less than or equal to 10000",
        "search": "limit: Input should be less than or equal to 1000",
    }
    mcp = _mcp_refusals(library, "library_list", {"list": {"limit": 10001}})
    mcp |= _mcp_refusals(library, "library_search", {"search": {"query": "deep", "limit": 1001}})
    assert mcp == http


@pytest.mark.parametrize("ref", ["file:///etc/passwd", "local:../../etc/passwd", "local:keep\x00"])
def test_a_malformed_reference_is_400_in_a_library_request_and_a_record_in_a_check(
    api: TestClient, ref: str
) -> None:
    # The contract the README states: a library request is about that one reference, a check
    # goes on with the other papers.
    quoted = ref.replace("/", "%2F").replace("\x00", "%00")
    for response in (
        api.get(f"/v1/library/{quoted}"),
        api.get("/v1/library/search", params={"q": "deep", "ref": ref}),
    ):
        assert response.status_code == 400, response.text
        assert response.json()["error"]["code"] == "invalid_reference"
    checked = api.post("/v1/checks", json={"claim": CLAIM, "papers": [ref, PAPER]})
    assert checked.status_code == 200, checked.text
    first, second = checked.json()["records"]
    assert first["verdict"] == "not_checked" and "not a paper reference" in first["error"]
    assert second["paperRef"] == PAPER


CSL_YAML = "references:\n- id: k\n  DOI: 10.1234/k\n"


def test_csl_yaml_sent_as_bibtex_is_refused_with_each_surface_s_way_to_name_it(
    api: TestClient, library: Path
) -> None:
    # It was "the bibliography holds no entries", and MCP had no way to say the format.
    markdown = {"csl yaml": {"markdown": f"{CLAIM} [@k]", "bibliography": CSL_YAML}}
    latex = {"csl yaml": {"latex": f"{CLAIM} \\cite{{k}}", "bibliography": CSL_YAML}}
    read = "the bibliography was read as BibTeX and holds no entries, but it looks like CSL YAML"
    assert _http_refusals(api, "/v1/reviews", markdown) == {
        "csl yaml": f'{read}; send the bibliography with "format": "csl-yaml"'
    }
    mcp = {"csl yaml": f'{read}; send bibliographyFormat: "csl-yaml" with it'}
    assert _mcp_refusals(library, "review_report", markdown) == mcp
    assert _mcp_refusals(library, "review_latex", latex) == mcp


BIBTEX = "@article{k, doi = {10.1234/k}}\n"


@pytest.mark.parametrize(("kind", "syntax"), [("csl-json", "JSON"), ("csl-yaml", "YAML")])
def test_bibtex_sent_as_csl_is_refused_with_each_surface_s_way_to_name_it(
    api: TestClient, library: Path, kind: str, syntax: str
) -> None:
    # It was the parser's "Expecting value: line 1 column 1 (char 0)" or "found character
    # '@' that cannot start any token", which says nothing of the format chosen.
    label = "CSL-JSON" if kind == "csl-json" else "CSL YAML"
    read = (
        f"the bibliography was read as {label} and is not valid {syntax}, but it looks like BibTeX"
    )
    body = {"markdown": f"{CLAIM} [@k]", "bibliography": {"text": BIBTEX, "format": kind}}
    response = api.post("/v1/reviews", json=body)
    assert response.status_code == 400, response.text
    assert response.json()["error"] == {
        **response.json()["error"],
        "code": "invalid_bibliography",
        "message": f'{read}; send the bibliography with "format": "bibtex"',
    }
    arguments = {"markdown": f"{CLAIM} [@k]", "bibliography": BIBTEX, "bibliographyFormat": kind}
    assert _mcp_refusals(library, "review_report", {kind: arguments}) == {
        kind: f'{read}; send bibliographyFormat: "bibtex" with it'
    }
