"""The HTTP API through a real server process on 127.0.0.1 (``claimaudit serve``)."""

from __future__ import annotations

import contextlib
import json
import threading
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from claimaudit.identity import PaperRef, RefKind, parse_ref
from claimaudit.library.store import Library
from tests.library.damaging import NEVER_ISSUED, store_under_never_issued_id
from tests.library.helpers import (
    make_blank_pdf,
    make_busy_page_pdf,
    make_dense_page_pdf,
    make_pdf,
    make_repeated_page_pdf,
)
from tests.server.conftest import (
    COMMAND_LINE_ADVICE,
    DEEP_RULES_REF,
    GOOD_ENOUGH_REF,
    NARROW_CLAIM,
    RunningServer,
    local_threshold,
)


def _error(response: httpx.Response, status: int) -> dict[str, Any]:
    """The JSON error body, after checking the status and the body's shape."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    body = response.json()
    assert set(body) == {"error"}
    error: dict[str, Any] = body["error"]
    assert error["status"] == status and error["code"] and error["message"]
    assert "Traceback" not in response.text
    return error


def test_health(api: httpx.Client) -> None:
    response = api.get("/health")
    assert response.status_code == 200
    assert response.json()["status"] == "ok"


def test_openapi_document_lists_every_endpoint(api: httpx.Client) -> None:
    document = api.get("/openapi.json").json()
    paths = document["paths"]
    assert set(paths["/v1/checks"]) == {"post"}
    assert set(paths["/v1/library"]) == {"get", "post"}
    assert set(paths["/v1/library/{ref}"]) == {"get", "delete"}
    assert "/v1/library/search" in paths and "/v1/library/{ref}/passages/{passage_id}" in paths
    assert "/health" in paths and "/v1/judges" in paths
    # The check request schema is documented, field by field.
    schema = document["components"]["schemas"]["CheckRequest"]
    assert {"claim", "papers", "topic", "judge", "threshold"} <= set(schema["properties"])
    # The answer says which threshold its records were judged against.
    answer = document["components"]["schemas"]["CheckResponse"]
    assert set(answer["properties"]) == {"records", "summary", "threshold"}
    assert "threshold" in answer["required"]


def test_judges_lists_the_registered_ones(api: httpx.Client) -> None:
    judges = {j["name"]: j for j in api.get("/v1/judges").json()["judges"]}
    assert {"local", "jev", "gated"} <= set(judges)
    assert judges["local"]["default"] is True
    # The descriptions reach API clients as they are: none names a command-line flag.
    assert not [j for j in judges.values() if "--" in j["description"]]
    openai = judges["openai"]["description"]
    assert openai.endswith("needs a model id (the model setting, or OPENAI_MODEL)")


def test_check_with_the_local_judge(api: httpx.Client, example_library: Path) -> None:
    response = api.post(
        "/v1/checks",
        json={"claim": NARROW_CLAIM, "papers": [DEEP_RULES_REF, "arXiv:2401.00001"]},
    )
    assert response.status_code == 200, response.text
    checked, missing = response.json()["records"]
    assert checked["verdict"] == "supports" and checked["judge"] == "local"
    assert set(checked["probabilities"]) == {
        "supports",
        "contradicts",
        "not_addressed",
        "insufficient_evidence",
    }
    with Library.open(example_library) as library:
        stored = {p.passage_id: p.text for p in library.passages(parse_ref(DEEP_RULES_REF))}
    assert checked["evidence"] == stored[checked["evidencePassageId"]]
    assert "id" not in checked  # the same JSON as `claimaudit check --format json`
    # A paper that is not there is a not_checked record, never a verdict.
    assert missing["verdict"] == "not_checked" and "is not in the local library" in missing["error"]
    summary = response.json()["summary"]  # as `claimaudit check --format json` writes it
    assert (summary["records"], summary["notChecked"], summary["verdicts"]["supports"]) == (2, 1, 1)
    # No threshold asked: the records were judged against the local judge's validated one.
    assert response.json()["threshold"] == local_threshold()
    # Remote clients are not told where the server keeps its files.
    assert str(example_library) not in missing["error"] and "sqlite3" not in missing["error"]


def test_a_missing_paper_s_record_advises_the_api_not_the_command_line(
    api: httpx.Client,
) -> None:
    response = api.post(
        "/v1/checks",
        json={"claim": NARROW_CLAIM, "papers": ["arXiv:2401.00001", "doi:10.1000/absent"]},
    )
    assert response.status_code == 200, response.text
    arxiv, doi = response.json()["records"]
    assert (arxiv["verdict"], doi["verdict"]) == ("not_checked", "not_checked")
    # The fact, then how an API client adds a paper: uploading it (or Valyu's key, which is
    # the server's to set). Never the command line's `claimaudit library add` or `check --fetch`.
    assert arxiv["error"] == (
        "arXiv:2401.00001 is not in the local library (the server's library); "
        "upload it with POST /v1/library or set VALYU_API_KEY on the server"
    )
    assert doi["error"] == (
        "doi:10.1000/absent is not in the local library (the server's library); "
        "upload it with POST /v1/library"
    )
    assert not [r["error"] for r in (arxiv, doi) if COMMAND_LINE_ADVICE.search(r["error"])]


def test_check_options_reach_the_checker(api: httpx.Client) -> None:
    response = api.post(
        "/v1/checks",
        json={
            "claim": NARROW_CLAIM,
            "papers": [GOOD_ENOUGH_REF],
            "judge": "gated",
            "topic": "baselines",
            "threshold": 0.0,
        },
    )
    [record] = response.json()["records"]
    assert record["judge"] == "gated" and record["verdict"] == "supports"
    assert record["searchQuery"] == f"{NARROW_CLAIM} baselines"  # what ranked the passages
    # threshold 0: a confident supports with evidence needs no review.
    assert record["needsReview"] is False
    assert response.json()["threshold"] == 0.0  # the request's, said back


@pytest.mark.parametrize(
    ("body", "status", "code", "words"),
    [
        ({"claim": "   ", "papers": [DEEP_RULES_REF]}, 400, "invalid_claim", "empty"),
        ({"claim": "x" * 2500, "papers": [DEEP_RULES_REF]}, 400, "invalid_claim", "limit"),
        (
            {"claim": "A claim.", "papers": [DEEP_RULES_REF, "2105.14372"]},
            400,
            "invalid_request",
            "more than once",
        ),
        (
            {"claim": "A claim.", "papers": [DEEP_RULES_REF], "judge": "nope"},
            400,
            "unknown_judge",
            "unknown judge 'nope'",
        ),
        # A list of papers the check cannot take is the request's fault, as a paper given
        # twice is: the claim is fine (invalid_claim is for the claim itself).
        (
            {"claim": "A claim.", "papers": []},
            400,
            "invalid_request",
            "no paper to check the claim",
        ),
        (
            {"claim": "A claim.", "papers": [f"arXiv:2401.{n:05d}" for n in range(1, 52)]},
            400,
            "invalid_request",
            "51 papers in one check; the limit is 50",
        ),
        # 51 copies of one paper: the duplicate, as the Python API says, not the count.
        (
            {"claim": "A claim.", "papers": [DEEP_RULES_REF] * 51},
            400,
            "invalid_request",
            f"paper {DEEP_RULES_REF!r} is given more than once",
        ),
        ({"claim": "A claim."}, 422, "invalid_request", "papers: Field required"),
        ({"claim": 3, "papers": [DEEP_RULES_REF]}, 422, "invalid_request", "claim"),
        (
            {"claim": "A", "papers": [DEEP_RULES_REF], "threshold": 2},
            422,
            "invalid_request",
            "threshold",
        ),
        (
            {"claim": "A", "papers": [DEEP_RULES_REF], "judgr": "x"},
            422,
            "invalid_request",
            "judgr: Extra inputs are not permitted",
        ),
        ([1, 2], 422, "invalid_request", "must be a JSON object"),
    ],
)
def test_bad_check_requests(
    api: httpx.Client, body: object, status: int, code: str, words: str
) -> None:
    error = _error(api.post("/v1/checks", json=body), status)
    assert error["code"] == code
    assert words in error["message"]


@pytest.mark.parametrize(
    "raw", [b'{"claim": "x", "papers": [', b"not json at all", b'{"claim": "x",}', b"\xff\xfe"]
)
def test_malformed_json_is_400(api: httpx.Client, raw: bytes) -> None:
    response = api.post("/v1/checks", content=raw, headers={"content-type": "application/json"})
    error = _error(response, 400)
    assert error["code"] == "malformed_json"
    assert error["message"].startswith("the request body is not valid JSON")


@pytest.mark.parametrize(
    ("headers", "content", "message"),
    [
        (
            {"content-type": "text/plain"},
            b'{"claim": "x", "papers": ["1706.03762"]}',
            "JSON object",
        ),
        ({}, b'{"claim": "x", "papers": ["1706.03762"]}', "JSON object"),
        ({"content-type": "application/json"}, b"", "the request body is empty"),
    ],
)
def test_a_body_that_is_not_a_json_object(
    api: httpx.Client, headers: dict[str, str], content: bytes, message: str
) -> None:
    error = _error(api.post("/v1/checks", content=content, headers=headers), 422)
    assert message in error["message"]


def test_unknown_path_and_method_are_json(api: httpx.Client) -> None:
    assert _error(api.get("/v1/nothing-here"), 404)["code"] == "not_found"
    assert _error(api.put("/health"), 405)["code"] == "method_not_allowed"


# -- library ---------------------------------------------------------------------------------


def test_list_and_suggest_papers(api: httpx.Client) -> None:
    refs = [p["ref"] for p in api.get("/v1/library").json()["papers"]]
    assert DEEP_RULES_REF in refs and GOOD_ENOUGH_REF in refs
    suggested = api.get("/v1/library", params={"q": "deep learn"}).json()["papers"]
    assert [p["ref"] for p in suggested] == [DEEP_RULES_REF]
    assert suggested[0]["title"] == "Ten Quick Tips for Deep Learning in Biology"
    assert suggested[0]["passages"] == 69
    assert api.get("/v1/library", params={"q": "1609"}).json()["papers"][0]["ref"] == (
        GOOD_ENOUGH_REF
    )
    no_match = api.get("/v1/library", params={"q": "no such paper"}).json()
    assert no_match == {"papers": [], "total": 0}


def test_list_pages_with_offset(api: httpx.Client) -> None:
    # Past the largest limit, a library is listed a page at a time; `total` counts them all.
    everything = api.get("/v1/library").json()
    refs = [p["ref"] for p in everything["papers"]]
    assert len(refs) >= 2
    second = api.get("/v1/library", params={"offset": 1, "limit": 1}).json()
    assert second == {"papers": everything["papers"][1:2], "total": everything["total"]}
    past = api.get("/v1/library", params={"offset": len(refs)}).json()
    assert past == {"papers": [], "total": everything["total"]}
    matched = api.get("/v1/library", params={"q": "deep learn", "offset": 1}).json()
    assert matched == {"papers": [], "total": 1}
    for bad in ("-1", "1.5", "x"):
        assert api.get("/v1/library", params={"offset": bad}).status_code == 422
    listed = api.get("/openapi.json").json()["paths"]["/v1/library"]["get"]["parameters"]
    assert "offset" in {p["name"] for p in listed}


def test_search_passages(api: httpx.Client) -> None:
    hits = api.get("/v1/library/search", params={"q": "random forests baseline"}).json()["hits"]
    assert hits and hits[0]["ref"] == DEEP_RULES_REF
    keys = {"ref", "title", "passageId", "section", "pages", "text", "score", "exact"}
    assert keys == set(hits[0])
    assert hits[0]["pages"] is None  # a Markdown paper has no pages
    within = api.get(
        "/v1/library/search", params={"q": "version control", "ref": GOOD_ENOUGH_REF, "limit": 3}
    ).json()["hits"]
    assert 0 < len(within) <= 3 and {h["ref"] for h in within} == {GOOD_ENOUGH_REF}
    assert _error(api.get("/v1/library/search"), 422)["message"] == "q: Field required"
    # A query with no word to search for is refused as an empty one is, not answered "none".
    for query in ("*", '"', "the of"):
        refused = _error(api.get("/v1/library/search", params={"q": query}), 422)
        assert refused["message"].startswith(f"no word to search for in {query!r}")
    many = " ".join(f"w{i}" for i in range(260)) + " baseline"
    answer = api.get("/v1/library/search", params={"q": many}).json()
    assert answer["leftOut"] == ["w256", "w257", "w258", "w259", "baseline"]
    assert api.get("/v1/library/search", params={"q": "baseline"}).json()["leftOut"] == []
    # A page cut at the limit says so: the client can ask for more, not read it as all.
    one = api.get("/v1/library/search", params={"q": "version control", "limit": 1}).json()
    assert len(one["hits"]) == 1 and one["more"] is True
    whole = api.get("/v1/library/search", params={"q": "version control", "limit": 1000}).json()
    assert 1 < len(whole["hits"]) < 1000 and whole["more"] is False
    missing = api.get("/v1/library/search", params={"q": "x", "ref": "arXiv:2401.00001"})
    assert _error(missing, 404)["message"] == "arXiv:2401.00001 is not in the library"


def test_paper_and_passage_in_context(api: httpx.Client) -> None:
    detail = api.get(f"/v1/library/{DEEP_RULES_REF}").json()
    assert detail["paper"]["ref"] == DEEP_RULES_REF and len(detail["passages"]) == 69
    ids = [p["id"] for p in detail["passages"]]
    found = api.get(f"/v1/library/{DEEP_RULES_REF}/passages/P020", params={"context": 1}).json()
    assert found["passage"]["id"] == "P020"
    assert [p["id"] for p in found["before"]] == ["P019"]
    assert [p["id"] for p in found["after"]] == ["P021"]
    assert found["passage"]["text"] == detail["passages"][ids.index("P020")]["text"]
    first = api.get(f"/v1/library/{DEEP_RULES_REF}/passages/P001", params={"context": 2}).json()
    assert first["before"] == [] and [p["id"] for p in first["after"]] == ["P002", "P003"]
    alone = api.get(f"/v1/library/{DEEP_RULES_REF}/passages/P005", params={"context": 0}).json()
    assert alone["before"] == alone["after"] == []
    # One status, two codes: a client tells a missing passage from a missing paper by them.
    no_passage = _error(api.get(f"/v1/library/{DEEP_RULES_REF}/passages/P999"), 404)
    assert no_passage == {
        "status": 404,
        "code": "passage_not_found",
        "message": f"{DEEP_RULES_REF} has no passage P999",
    }
    no_paper = _error(api.get("/v1/library/arXiv:2401.00001/passages/P001"), 404)
    assert no_paper["code"] == "paper_not_found"
    assert no_paper["message"] == "arXiv:2401.00001 is not in the library"
    assert _error(api.get("/v1/library/arXiv:2401.00001"), 404)["code"] == "paper_not_found"
    assert _error(api.get("/v1/library/not a ref"), 400)["code"] == "invalid_reference"


def test_a_passage_asked_with_a_content_hash_is_refused_once_the_content_changed(
    api: httpx.Client,
) -> None:
    # A record's paperContentHash: its passage is read only from the content it judged.
    stored = api.get(f"/v1/library/{DEEP_RULES_REF}").json()["paper"]["contentHash"]
    where = f"/v1/library/{DEEP_RULES_REF}/passages/P020"
    same = api.get(where, params={"contentHash": stored.upper(), "exact": "true"})
    assert same.status_code == 200 and same.json()["passage"]["id"] == "P020"
    other = _error(api.get(where, params={"contentHash": "0" * 64}), 409)
    assert other["code"] == "content_changed"
    assert other["message"].startswith(f"{DEEP_RULES_REF} is stored with other content")
    assert _error(api.get(where, params={"contentHash": "abc"}), 422)["code"] == "invalid_request"


def test_a_passage_asked_with_a_reader_is_refused_once_a_newer_reader_read_the_paper(
    api: httpx.Client,
) -> None:
    # After an upgrade, adding the same file again keeps its hash but makes the new reader's
    # passages: a record's paperExtractor tells whether its passage id still names its words.
    paper = api.get(f"/v1/library/{DEEP_RULES_REF}").json()["paper"]
    where = f"/v1/library/{DEEP_RULES_REF}/passages/P020"
    same = {"contentHash": paper["contentHash"], "extractor": paper["extractor"]}
    assert api.get(where, params=same).json()["passage"]["id"] == "P020"
    older = _error(api.get(where, params={**same, "extractor": "markdown/1"}), 409)
    assert older["code"] == "content_changed"
    assert older["message"] == (
        f"{DEEP_RULES_REF} was read again since by {paper['extractor']}, not markdown/1: its "
        "passages may not be those the record judged; check the claim again"
    )
    assert _error(api.get(where, params={"extractor": "pdf"}), 422)["code"] == "invalid_request"


def test_a_reference_s_key_is_the_one_a_check_tells_papers_apart_by(api: httpx.Client) -> None:
    def key(ref: str) -> str:
        answer = api.get("/v1/references/key", params={"ref": ref})
        assert answer.status_code == 200, answer.text
        assert answer.json()["ref"] == ref
        return str(answer.json()["key"])

    assert {key("hep-th/9901001"), key("arXiv:hep-th/9901001")} == {"arXiv:hep-th/9901001"}
    assert {key("doi:10.1000/ABC."), key("https://www.doi.org/10.1000%2Fabc")} == {
        "doi:10.1000/abc"
    }
    assert key(" not a ref ") == "not a ref"
    twice = api.post(
        "/v1/checks",
        json={"claim": NARROW_CLAIM, "papers": ["hep-th/9901001", "arXiv:hep-th/9901001"]},
    )
    assert _error(twice, 400)["message"] == (
        "paper 'arXiv:hep-th/9901001' is given more than once (as 'hep-th/9901001')"
    )
    assert _error(api.get("/v1/references/key"), 422)["code"] == "invalid_request"


@pytest.mark.parametrize("ref", ["\x00", "\u202e", "a" * 600, "   "])
def test_a_key_is_refused_for_text_no_reference_can_be(api: httpx.Client, ref: str) -> None:
    # It answered 200 {"ref": "\u0000", "key": "\u0000"}, as the library routes do not.
    answer = _error(api.get("/v1/references/key", params={"ref": ref}), 400)
    assert answer["code"] == "invalid_reference" and "\x00" not in answer["message"]
    path = f"/v1/library/{urllib.parse.quote(ref, safe='')}"
    assert _error(api.get(path), 400)["code"] == "invalid_reference"


def test_a_paper_stored_under_a_reference_now_refused_can_be_read_and_removed(
    api: httpx.Client, example_library: Path
) -> None:
    store_under_never_issued_id(example_library)
    try:
        for path in (quote(NEVER_ISSUED), "0703.1234"):
            detail = api.get(f"/v1/library/{path}")
            assert detail.status_code == 200, detail.text
            assert detail.json()["paper"]["ref"] == NEVER_ISSUED
            assert [p["text"] for p in detail.json()["passages"]] == ["Tea drinkers sleep less."]
        removed = api.delete(f"/v1/library/{quote(NEVER_ISSUED)}")
        assert removed.status_code == 200, removed.text
        assert removed.json()["removed"]["ref"] == NEVER_ISSUED
        # Gone now: not found, as a second remove of any paper is, saying why the id is refused.
        for gone in (
            api.get(f"/v1/library/{quote(NEVER_ISSUED)}"),
            api.delete(f"/v1/library/{quote(NEVER_ISSUED)}"),
        ):
            error = _error(gone, 404)
            assert error["code"] == "paper_not_found"
            assert error["message"].startswith(
                f"no paper is stored under {NEVER_ISSUED} (not a valid"
            )
    finally:
        with Library.open(example_library) as library:
            if library.get_paper(PaperRef.as_stored(RefKind.ARXIV, "0703.1234")) is not None:
                library.remove(PaperRef.as_stored(RefKind.ARXIV, "0703.1234"))


@pytest.fixture
def cleanup(api: httpx.Client) -> Iterator[list[str]]:
    """Refs a test adds to the shared library, removed afterwards."""
    refs: list[str] = []
    yield refs
    for ref in refs:
        api.delete(f"/v1/library/{quote(ref)}")


def quote(ref: str) -> str:
    from urllib.parse import quote as url_quote

    return url_quote(ref, safe="")


def test_upload_markdown_then_remove(api: httpx.Client, cleanup: list[str]) -> None:
    text = b"# Notes on sparse data\n\nSparse matrices save memory.\n\nA second paragraph.\n"
    cleanup.append("local:upload-md")
    response = api.post(
        "/v1/library",
        files={"file": ("notes.md", text, "text/markdown")},
        data={"ref": "local:upload-md", "title": "Upload test"},
    )
    assert response.status_code == 201, response.text
    assert response.json() == {
        "ref": "local:upload-md",
        "title": "Upload test",
        "outcome": "added",
        "passages": 2,  # one per paragraph
        "sourceBytes": len(text),
        "warnings": [],
    }
    again = api.post(
        "/v1/library",
        files={"file": ("notes.md", text)},
        data={"ref": "local:upload-md", "title": "Upload test"},
    )
    assert again.status_code == 200 and again.json()["outcome"] == "unchanged"
    changed = api.post(
        "/v1/library",
        files={"file": ("notes.md", text + b"\nMore.\n")},
        data={"ref": "local:upload-md"},
    )
    conflict = _error(changed, 409)["message"]
    assert conflict.startswith("local:upload-md is already in the library")
    # The API's own option, not the command line's flag.
    assert conflict.endswith("send replace: true to overwrite it") and "--" not in conflict
    replaced = api.post(
        "/v1/library",
        files={"file": ("notes.md", text + b"\nMore.\n")},
        data={"ref": "local:upload-md", "replace": "true"},
    )
    assert replaced.status_code == 201 and replaced.json()["outcome"] == "replaced"
    # The uploaded paper is checkable at once.
    [record] = api.post(
        "/v1/checks",
        json={
            "claim": "Sparse matrices save memory.",
            "papers": ["local:upload-md"],
            "judge": "gated",
        },
    ).json()["records"]
    assert record["verdict"] == "supports" and "Sparse matrices" in record["evidence"]
    removed = api.delete("/v1/library/local:upload-md")
    assert removed.status_code == 200 and removed.json()["removed"]["ref"] == "local:upload-md"
    assert _error(api.delete("/v1/library/local:upload-md"), 404)["code"] == "paper_not_found"


def test_upload_pdf_named_by_its_file(
    api: httpx.Client, tmp_path: Path, cleanup: list[str]
) -> None:
    """A DOI (with its slash) or arXiv id in the file name is the reference, as on the CLI."""
    pdf = make_pdf(tmp_path / "paper.pdf", title="A Generated Paper").read_bytes()
    cleanup.append("arXiv:1706.03762v5")
    response = api.post("/v1/library", files={"file": ("1706.03762v5.pdf", pdf, "application/pdf")})
    assert response.status_code == 201, response.text
    assert response.json()["ref"] == "arXiv:1706.03762v5"
    assert response.json()["title"] == "A Generated Paper"
    cleanup.append("doi:10.1371/journal.pcbi.1005510")
    with_doi = api.post(
        "/v1/library",
        files={"file": ("x.pdf", pdf)},
        data={"ref": "doi:10.1371/journal.pcbi.1005510"},
    )
    assert with_doi.status_code == 201
    # A reference with a slash goes in the path URL-encoded.
    encoded = quote("doi:10.1371/journal.pcbi.1005510")
    assert api.get(f"/v1/library/{encoded}").json()["paper"]["passages"] >= 1
    assert api.get(f"/v1/library/{encoded}/passages/P001").json()["passage"]["id"] == "P001"
    assert api.delete(f"/v1/library/{encoded}").status_code == 200


def test_bad_uploads(api: httpx.Client, tmp_path: Path) -> None:
    blank = make_blank_pdf(tmp_path / "blank.pdf").read_bytes()
    scan = api.post("/v1/library", files={"file": ("scan.pdf", blank)}, data={"ref": "local:scan"})
    error = _error(scan, 422)
    assert error["code"] == "unreadable_paper" and error["message"].startswith("scan.pdf:")
    assert str(tmp_path) not in error["message"] and "claimaudit-upload" not in error["message"]
    unnamed = api.post("/v1/library", files={"file": ("notes.md", b"Some text.\n")})
    assert _error(unnamed, 422)["message"].startswith("notes.md: cannot tell which paper")
    odd = api.post("/v1/library", files={"file": ("paper.docx", b"PK\x03\x04")})
    assert _error(odd, 415)["code"] == "unsupported_media_type"
    no_file = api.post("/v1/library", data={"ref": "local:x"})
    assert _error(no_file, 422)["message"] == "file: Field required"
    bad_ref = api.post("/v1/library", files={"file": ("a.md", b"Text.\n")}, data={"ref": "bad ref"})
    assert _error(bad_ref, 400)["code"] == "invalid_reference"


def test_an_upload_over_the_page_limit_is_refused_unread(api: httpx.Client, tmp_path: Path) -> None:
    long = make_repeated_page_pdf(tmp_path / "long.pdf", 2_001).read_bytes()
    response = api.post("/v1/library", files={"file": ("long.pdf", long)}, data={"ref": "local:x"})
    error = _error(response, 422)
    assert error["code"] == "unreadable_paper"
    assert error["message"] == "long.pdf: the PDF has 2,001 pages; the limit is 2,000"


def test_an_upload_with_a_page_denser_than_any_paper_is_refused_and_the_server_stays_up(
    api: httpx.Client, tmp_path: Path
) -> None:
    dense = make_dense_page_pdf(tmp_path / "dense.pdf", 300, 200, pages=2_000).read_bytes()
    before = api.get("/v1/library").json()["total"]
    response = api.post(
        "/v1/library", files={"file": ("dense.pdf", dense)}, data={"ref": "local:d"}
    )
    error = _error(response, 422)
    assert error["code"] == "unreadable_paper"
    assert error["message"].startswith("dense.pdf: page 1 of the PDF holds ")
    assert error["message"].endswith(" characters; the limit is 50,000 a page")
    assert api.get("/v1/library").json()["total"] == before


def _pdf_readers(server: RunningServer) -> list[int]:
    """The server's child processes (each reads a PDF)."""
    readers: list[int] = []
    for task in Path(f"/proc/{server.process.pid}/task").iterdir():
        try:
            children = (task / "children").read_text()
        except FileNotFoundError:  # a thread that ended since the folder was listed
            continue
        readers += [int(pid) for pid in children.split()]
    return readers


def wait_for_pdf_reader(server: RunningServer, present: bool = True) -> list[int]:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        readers = _pdf_readers(server)
        if bool(readers) == present:
            return readers
        time.sleep(0.05)
    raise AssertionError(f"the server's PDF readers: {_pdf_readers(server)}")


# The server's child processes are read from /proc (Linux).
LINUX_PROC = pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="no /proc")


@LINUX_PROC
def test_an_upload_s_reading_stops_when_its_client_disconnects(
    server: RunningServer, tmp_path: Path
) -> None:
    busy = make_busy_page_pdf(tmp_path / "busy.pdf", 500).read_bytes()  # minutes to read
    sending = threading.Thread(target=_upload_and_leave, args=(server, busy), daemon=True)
    sending.start()
    wait_for_pdf_reader(server)
    sending.join(timeout=60)
    wait_for_pdf_reader(server, present=False)
    with server.client() as client:
        assert client.get("/v1/library", params={"q": "busy"}).json()["total"] == 0
    # One line says so: uvicorn logs none for a request it never answered.
    deadline = time.monotonic() + 30
    while "POST /v1/library: client went away" not in server.log_text():
        assert time.monotonic() < deadline, "the abandoned upload was not logged"
        time.sleep(0.1)


def _upload_and_leave(server: RunningServer, data: bytes) -> None:
    # The client leaves after 3 s without an answer; the server should stop reading then.
    with server.client() as client, contextlib.suppress(httpx.ReadTimeout):
        client.post(
            "/v1/library",
            files={"file": ("busy.pdf", data)},
            data={"ref": "local:busy"},
            timeout=httpx.Timeout(60.0, read=3.0),
        )


def test_an_upload_s_title_over_the_limit_is_refused(api: httpx.Client) -> None:
    long_title = api.post(
        "/v1/library",
        files={"file": ("a.md", b"Text.\n")},
        data={"ref": "local:long-title", "title": "T" * 100_000},
    )
    error = _error(long_title, 400)
    assert error["code"] == "invalid_title"
    assert error["message"] == "the title has 100,000 characters; the limit is 1,000"
    assert _error(api.get("/v1/library/local:long-title"), 404)["code"] == "paper_not_found"


def test_json_body_limit(server: RunningServer, api: httpx.Client) -> None:
    big = {"claim": "A claim.", "papers": [DEEP_RULES_REF], "topic": "x" * (1024 * 1024)}
    assert _error(api.post("/v1/checks", json=big), 413)["message"].endswith("(1 MiB)")

    def chunks() -> Iterator[bytes]:
        # No Content-Length: the server counts what arrives and stops at the limit.
        yield json.dumps({"claim": "A claim.", "papers": [DEEP_RULES_REF], "topic": ""})[
            :-2
        ].encode()
        for _ in range(40):
            yield b"y" * 65536
        yield b'"}'

    streamed = api.post(
        "/v1/checks", content=chunks(), headers={"content-type": "application/json"}
    )
    assert _error(streamed, 413)["code"] == "too_large"
    # The server is still up and answering.
    assert api.get("/health").status_code == 200


def test_a_listing_filter_holding_a_null_character_is_refused(api: httpx.Client) -> None:
    # SQLite's LIKE ended the pattern at U+0000: q=a%00 listed every paper holding "a".
    answer = _error(api.get("/v1/library", params={"q": "a\x00"}), 422)
    assert answer["message"] == (
        "the query holds U+0000 (a null character) at character 2, which no reference or "
        "title holds"
    )
