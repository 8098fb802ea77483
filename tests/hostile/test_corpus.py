"""The generated hostile corpus through the command line, the HTTP API and the MCP server.

Whatever comes in: no traceback, no 500, no reply missing, no secret or machine path in any
answer, no escape sequence on the terminal, and a library that changes only when an answer
says something was added.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient

from claimaudit.judges.protocol import Decision, Judge, JudgeReply
from claimaudit.plugins import Registered, get_registry
from claimaudit.server.app import create_app
from claimaudit.server.config import ServerConfig
from tests.conftest import REPO_ROOT
from tests.fakes import pick
from tests.hostile import corpus
from tests.hostile.helpers import (
    SECRET,
    assert_no_traceback,
    assert_nothing_leaked,
    cli,
    library_state,
)
from tests.hostile.mcpwire import RawMCP, tool_text
from tests.httpfake import closed_port

# The app answers only Host headers naming loopback (DNS-rebinding defence).
LOOPBACK = "http://127.0.0.1"

TERMINAL_CONTROLS = ("\x1b", "\x9b", "\x07", "\x08", "\r")


class FirstPassageJudge(Judge):
    """Answers supports with the first candidate: what it says does not matter here."""

    name = "hostile"

    def decide(self, decision: Decision) -> JudgeReply:
        first = next(iter(decision.case.passages)).passage_id
        return pick("supports", first)(decision)


@pytest.fixture
def hostile_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> dict[str, str]:
    """Secrets in every key and in the Valyu URL (nothing listens there), a test judge."""
    env = {
        "VALYU_API_KEY": SECRET,
        "OPENAI_API_KEY": SECRET,
        "TYPESAFE_API_KEY": SECRET,
        "CLAIMAUDIT_VALYU_BASE_URL": f"http://u:{SECRET}@127.0.0.1:{closed_port()}/v1",
        # A secret in a path parameter: a query is refused (the client appends paths after it).
        "CLAIMAUDIT_ARXIV_BASE_URL": f"http://127.0.0.1:{closed_port()}/;token={SECRET}",
    }
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr("claimaudit.sources.valyu.SERVER_ERROR_WAIT", 0.0)
    judges = get_registry().judges
    judge = Registered(lambda settings: FirstPassageJudge(), "test judge", "tests")
    monkeypatch.setitem(judges, "hostile", judge)
    return env


@pytest.fixture
def library(tmp_path: Path) -> Path:
    path = tmp_path / "libdir" / "lib.sqlite3"
    keep = tmp_path / "keep.md"
    keep.write_text("# Keep\n\nSparse matrices save memory in scientific code.\n")
    assert cli("library", "add", keep, "--ref", "local:keep", "--library", path).exit_code == 0
    return path


@pytest.fixture
def files(tmp_path: Path) -> Iterator[list[Path]]:
    folder = tmp_path / "corpus"
    folder.mkdir()
    paths = []
    for name, data in corpus.paper_files(folder):
        path = folder / name
        path.write_bytes(data)
        paths.append(path)
    yield paths


def _added(before: tuple[Any, ...], after: tuple[Any, ...], ref: str) -> None:
    """The library now holds what it held plus ``ref``, and nothing else changed."""
    assert set(before) <= set(after)
    assert [entry[0] for entry in set(after) - set(before)] == [ref]


def _terminal_safe(text: str) -> None:
    for char in TERMINAL_CONTROLS:
        assert char not in text, repr(text[:300])


def test_the_command_line(
    tmp_path: Path, library: Path, files: list[Path], hostile_env: dict[str, str]
) -> None:
    def run(*args: str | Path) -> tuple[int, str]:
        result = cli(*args)
        output = result.stdout + result.stderr
        assert result.exit_code in (0, 1, 2), (args, result.exception, output[-2000:])
        assert_no_traceback(output)
        assert_nothing_leaked(output)
        _terminal_safe(output)
        if result.exit_code == 2:
            assert len([x for x in result.stderr.splitlines() if x.strip()]) == 1, output
        return result.exit_code, output

    for number, path in enumerate(files):
        ref = f"local:c{number}"
        before = library_state(library)
        code, _ = run("library", "add", path, "--ref", ref, "--library", library)
        if code == 0:
            _added(before, library_state(library), ref)
            run("library", "show", ref, "--library", library)
        else:
            assert library_state(library) == before, path.name
    before = library_state(library)
    judge = ["--judge", "hostile", "--library", library]
    for claim in corpus.claims():
        run("check", claim, "-p", "local:keep", *judge)
        run("check", claim, "-p", "local:keep", "--format", "json", *judge)
        run("library", "search", claim, "--library", library)
    for ref in corpus.references():
        run("check", "Sparse matrices save memory.", "-p", ref, *judge)
        run("library", "show", ref, "--library", library)
        run("library", "search", "sparse", "--ref", ref, "--library", library)
    bib = tmp_path / "refs.bib"
    draft = tmp_path / "draft.md"
    for text in corpus.drafts():
        draft.write_text(text, encoding="utf-8", errors="surrogatepass")
        run("review", draft, *judge)
    draft.write_text("# Draft\n\nSparse matrices save memory [@a].\n")
    for text in corpus.bibliographies():
        bib.write_text(text, encoding="utf-8", errors="surrogatepass")
        run("review", draft, "--bib", bib, *judge)
    claims_file = tmp_path / "claims.jsonl"
    claims_file.write_bytes(b"\n".join(corpus.batch_lines()) + b"\n")
    out = tmp_path / "out.jsonl"
    assert run("batch", claims_file, "--out", out, *judge)[0] == 0
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert sorted({r["inputLine"] for r in records}) == list(range(1, 15))
    assert run("batch", claims_file, "--out", out, *judge)[0] == 0
    assert len(out.read_text(encoding="utf-8").splitlines()) == len(records)  # nothing redone
    for number, line in enumerate(corpus.corpus_lines()):
        lines = tmp_path / f"corpus-{number}.jsonl"
        lines.write_bytes(line + b"\n")
        assert run("library", "import-jsonl", lines, "--library", library)[0] == 2
    assert library_state(library) == before


@pytest.fixture
def client(library: Path, hostile_env: dict[str, str]) -> Iterator[TestClient]:
    app = create_app(ServerConfig(library=library, max_upload_bytes=8 * 1024 * 1024))
    with TestClient(app, base_url=LOOPBACK, raise_server_exceptions=False) as test_client:
        yield test_client


def test_the_http_api(tmp_path: Path, library: Path, files: list[Path], client: TestClient) -> None:
    machine = [str(tmp_path), "/tmp/", str(REPO_ROOT), "site-packages", str(Path.home())]

    def answer(status: int, raw: bytes, allowed: tuple[int, ...]) -> Any:
        text = raw.decode("utf-8")  # always valid UTF-8
        assert status in allowed, (status, text[:500])
        assert_no_traceback(text)
        assert_nothing_leaked(text, machine)
        return json.loads(text)

    for number, path in enumerate(files):
        before = library_state(library)
        ref = f"local:h{number}"
        response = client.post(
            "/v1/library", files={"file": (path.name, path.read_bytes())}, data={"ref": ref}
        )
        answer(response.status_code, response.content, (201, 409, 413, 415, 422))
        if response.status_code == 201:
            _added(before, library_state(library), ref)
        else:
            assert library_state(library) == before, path.name
    before = library_state(library)
    for claim in corpus.claims():
        body = json.dumps({"claim": claim, "papers": ["local:keep"], "judge": "hostile"})
        response = client.post("/v1/checks", content=body.encode(), headers=_json)
        answer(response.status_code, response.content, (200, 400, 413, 422))
        response = client.get(f"/v1/library/search?q={_quoted(claim[:1900] or 'x')}")
        answer(response.status_code, response.content, (200, 422))
    for ref in corpus.references():
        body = json.dumps({"claim": "Sparse matrices.", "papers": [ref], "judge": "hostile"})
        response = client.post("/v1/checks", content=body.encode(), headers=_json)
        answer(response.status_code, response.content, (200, 400, 422))
        for path in (f"/v1/library/{_quoted(ref)}", f"/v1/library/{_quoted(ref)}/passages/P1"):
            response = client.get(path)
            answer(response.status_code, response.content, (200, 400, 404, 422))
    for draft in corpus.drafts():
        for bibliography in [None, *corpus.bibliographies()[:4]]:
            payload: dict[str, Any] = {"markdown": draft, "judge": "hostile"}
            if bibliography is not None:
                payload["bibliography"] = {"text": bibliography}
            raw = json.dumps(payload).encode()
            response = client.post("/v1/reviews", content=raw, headers=_json)
            answer(response.status_code, response.content, (200, 400, 413, 422))
    for bad in (b"[" * 200_000, b"\xff\xfe", b'{"claim": "\\ud800"}', b"null", b'{"a":' * 100):
        for route in ("/v1/checks", "/v1/reviews"):
            response = client.post(route, content=bad, headers=_json)
            answer(response.status_code, response.content, (400, 413, 422))
    assert library_state(library) == before


_json = {"content-type": "application/json"}


def _quoted(text: str) -> str:
    """Percent-encoded as a hostile client may: lone surrogates as their (invalid) bytes."""
    return quote(text.encode("utf-8", "surrogatepass"), safe="")


def test_the_mcp_server(
    tmp_path: Path, library: Path, files: list[Path], hostile_env: dict[str, str]
) -> None:
    stderr = tmp_path / "mcp-stderr.log"
    library_dir = str(library.parent)

    def check(reply: dict[str, Any]) -> tuple[bool, str]:
        is_error, text = tool_text(reply)
        assert_no_traceback(text)
        assert_nothing_leaked(text, [library_dir, "site-packages", "claimaudit-upload"])
        return is_error, text

    with RawMCP(library, stderr, hostile_env) as mcp:
        for number, path in enumerate(files):
            before = library_state(library)
            ref = f"local:m{number}"
            is_error, text = check(mcp.call("library_add", {"path": str(path), "ref": ref}))
            if is_error:
                assert library_state(library) == before, (path.name, text)
            else:
                _added(before, library_state(library), ref)
        before = library_state(library)
        for claim in corpus.claims():
            check(mcp.call("check_claim", {"claim": claim, "papers": ["local:keep"]}))
            check(mcp.call("library_search", {"query": claim or "x"}))
        for ref in corpus.references():
            check(mcp.call("check_claim", {"claim": "Sparse matrices.", "papers": [ref]}))
            check(mcp.call("library_search", {"query": "sparse", "ref": ref}))
        for draft in corpus.drafts():
            check(mcp.call("review_report", {"markdown": draft}))
        for bibliography in corpus.bibliographies():
            arguments = {"markdown": "Sparse [@a].", "bibliography": bibliography}
            check(mcp.call("review_report", arguments))
        # Lines no SDK client would send: each still gets exactly one answer.
        raw_requests: list[tuple[bytes, object]] = [
            (b'{"jsonrpc":"2.0","id":"u","method":"tools/call","params":{"name":"check_claim",'
             b'"arguments":{"claim":"Sparse \xff\xfe matrices","papers":["local:keep"]}}}', "u"),
            (b"\xff\xfe garbage", None),
            (b"[" * 200_000, None),
            (b'{"jsonrpc":"2.0","id":"d","method":"tools/call","params":' + b"[" * 5000, None),
            (b'{"jsonrpc":"2.0","id":"n","method":"tools/list","params":{"x":"\\udfff"}}', "n"),
        ]  # fmt: skip
        for raw, request_id in raw_requests:
            mcp.send(raw)
            is_error, _ = check(mcp.reply(request_id))
            assert is_error
        # The server still works after all of it.
        is_error, text = check(mcp.call("library_list", {"query": "keep"}))
        assert not is_error and "local:keep" in text
        assert library_state(library) == before
    log = stderr.read_bytes()
    assert b"Traceback" not in log and len(log) < 20_000, log[-2000:]
    assert SECRET.encode() not in log
