"""ValyuSource through the real `valyu` SDK, against a local server speaking its wire format."""

from __future__ import annotations

import math
import traceback
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest

from claimaudit.checker.selection import MAX_CHARS, MAX_PASSAGES
from claimaudit.errors import (
    ExcerptsOverBudgetError,
    InvalidSettingsError,
    KeyRequiredError,
    SourceError,
)
from claimaudit.identity import parse_ref
from claimaudit.library.ingest import MAX_TITLE_CHARS
from claimaudit.plugins import DEFAULT_PLUGINS, Registry
from claimaudit.sources.protocol import Source, SourcePaper
from claimaudit.sources.valyu import ValyuSource, register
from tests.httpfake import closed_port
from tests.sources.valyuserver import TEST_VALYU_KEY, ValyuServer, result

ABS = "https://arxiv.org/abs/"
QUERY = "Transformers use no recurrence positional encoding"


@pytest.fixture
def valyu(monkeypatch: pytest.MonkeyPatch) -> Iterator[ValyuServer]:
    with ValyuServer() as server:
        monkeypatch.setenv("VALYU_API_KEY", TEST_VALYU_KEY)
        monkeypatch.setenv("CLAIMAUDIT_VALYU_BASE_URL", server.url)
        yield server


@pytest.fixture
def waits() -> list[float]:
    return []


@pytest.fixture
def source(waits: list[float]) -> ValyuSource:
    return ValyuSource(sleep=waits.append)


def fetch(source: ValyuSource, ref: str) -> SourcePaper:
    return source.fetch(parse_ref(ref), QUERY)


def failure(source: ValyuSource, ref: str) -> str:
    with pytest.raises(SourceError) as caught:
        fetch(source, ref)
    shown = [str(caught.value), "".join(traceback.format_exception(caught.value))]
    assert all(TEST_VALYU_KEY not in text for text in shown)
    return str(caught.value)


def test_sends_the_seed_search_and_keeps_only_the_requested_paper(
    valyu: ValyuServer, source: ValyuSource
) -> None:
    valyu.results = [
        result(f"{ABS}1810.04805v2", "BERT text.", title="BERT"),  # another paper
        result(f"{ABS}1706.03762v4", "Version four text."),  # another version
        result(f"{ABS}1706.03762", "Unversioned text."),  # cannot establish the edition
        result(f"{ABS}1706.03762v5", "The Transformer has no recurrence.\n\nIt uses attention."),
        result("https://example.org/x", "Found by id.", id="arXiv:1706.03762v5"),
        result(f"{ABS}1706.03762v5", "  The Transformer has no recurrence.\n\nIt uses attention. "),
    ]
    paper = fetch(source, "arXiv:1706.03762v5")
    assert isinstance(source, Source) and source.name == "valyu"
    [request] = valyu.searches
    body = request.json
    assert request.headers["x-api-key"] == TEST_VALYU_KEY
    assert body["query"] == f"arXiv 1706.03762v5 {QUERY}"
    assert body["search_type"] == "all"
    assert body["included_sources"] == ["valyu/valyu-arxiv"]
    assert body["max_num_results"] == 5 and body["response_length"] == 5000
    assert [(p.passage_id, p.text) for p in paper.passages] == [
        ("P001", "The Transformer has no recurrence."),
        ("P002", "It uses attention."),
        ("P003", "Found by id."),
    ]
    assert str(paper.ref) == "arXiv:1706.03762v5"
    assert paper.title == "Attention Is All You Need"
    assert paper.url == f"{ABS}1706.03762v5"
    assert paper.search_query == body["query"]
    assert paper.full_text is False and paper.calls == 1
    assert paper.retrieved_at.tzinfo is not None


def test_unversioned_request_takes_any_version(valyu: ValyuServer, source: ValyuSource) -> None:
    valyu.results = [result(f"{ABS}1706.03762v7", "Seven.")]
    paper = fetch(source, "1706.03762")
    assert valyu.searches[0].json["query"].startswith("arXiv 1706.03762 ")
    assert str(paper.ref) == "arXiv:1706.03762v7" and paper.url == f"{ABS}1706.03762v7"
    # Excerpts from two editions name no single edition: the record says the work only.
    valyu.results = [result(f"{ABS}1706.03762v7", "Seven."), result(f"{ABS}1706.03762v5", "Five.")]
    paper = fetch(source, "1706.03762")
    assert str(paper.ref) == "arXiv:1706.03762" and paper.url == f"{ABS}1706.03762"
    assert [p.text for p in paper.passages] == ["Seven.", "Five."]


def test_requested_paper_missing_from_results(valyu: ValyuServer, source: ValyuSource) -> None:
    valyu.results = [
        result(f"{ABS}1706.03762v4", "Another version."),
        result(f"{ABS}1706.03762", "No version."),
        result(f"{ABS}1810.04805v2", "Another paper."),
    ]
    message = failure(source, "1706.03762v5")
    assert "did not return arXiv:1706.03762v5 among its 3 results" in message
    valyu.results = []
    assert "among its 0 results" in failure(source, "1706.03762v5")


def with_doi(url: str, content: str, doi: str, *, id: str | None = None) -> dict[str, object]:
    item = result(url, content, id=id)
    item["doi"] = doi
    return item


def test_a_result_whose_identifiers_name_two_papers_or_editions_is_not_the_paper(
    valyu: ValyuServer, source: ValyuSource
) -> None:
    valyu.results = [
        # The URL names the cited paper, its id or its arXiv DOI another paper or edition:
        # which one the excerpt is from cannot be told.
        result(f"{ABS}1706.03762v5", "Id of another paper.", id="arXiv:1810.04805v2"),
        result(f"{ABS}1706.03762v5", "Id of another edition.", id="1706.03762v4"),
        with_doi(f"{ABS}1706.03762v5", "DOI of another paper.", "10.48550/arXiv.1810.04805"),
        with_doi(
            "https://example.org/x",
            "Id and DOI disagree.",
            "10.48550/arXiv.1810.04805",
            id="1706.03762v5",
        ),
    ]
    assert "did not return arXiv:1706.03762v5 among its 4 results" in failure(
        source, "1706.03762v5"
    )
    valyu.results = [
        # Agreeing identifiers, a DOI in another case, an unversioned one beside a version,
        # and a publisher's DOI (no arXiv identifier to compare) are the paper.
        with_doi(f"{ABS}1706.03762v5", "Agree.", "10.48550/ARXIV.1706.03762", id="1706.03762v5"),
        with_doi(f"{ABS}1706.03762v5", "Journal DOI.", "10.5555/attention.2017"),
    ]
    paper = fetch(source, "1706.03762v5")
    assert [p.text for p in paper.passages] == ["Agree.", "Journal DOI."]


def test_a_result_named_only_by_its_arxiv_doi_is_the_paper(
    valyu: ValyuServer, source: ValyuSource
) -> None:
    # The contract's optional ``doi``: arXiv's own DOI names the work (no edition).
    valyu.results = [with_doi("https://example.org/page", "By DOI.", "10.48550/arXiv.1706.03762")]
    paper = fetch(source, "1706.03762")
    assert [p.text for p in paper.passages] == ["By DOI."]
    assert str(paper.ref) == "arXiv:1706.03762" and paper.url == "https://example.org/page"
    # It cannot establish the edition a versioned reference names.
    assert "did not return arXiv:1706.03762v5" in failure(source, "1706.03762v5")


@pytest.mark.parametrize("content", ["", "   \n\n  ", [{"table": "structured"}]])
def test_no_text_returned(valyu: ValyuServer, source: ValyuSource, content: object) -> None:
    valyu.results = [result(f"{ABS}1706.03762v5", content)]
    assert "returned arXiv:1706.03762v5 but no text excerpts" in failure(source, "1706.03762v5")


def test_rate_limit_is_retried_and_counted(valyu: ValyuServer, source: ValyuSource) -> None:
    valyu.results = [result(f"{ABS}1706.03762v5", "Text.")]
    valyu.fail_next(429, retry_after="0")
    paper = fetch(source, "1706.03762v5")
    assert paper.calls == 2 and len(valyu.searches) == 2
    valyu.fail_next(429, count=3, retry_after="0")
    assert failure(source, "1706.03762v5") == "Valyu search failed: HTTP 429 (rate limited)"
    assert len(valyu.searches) == 5  # the SDK's two retries, then it gives up


def test_server_error_is_retried_once(
    valyu: ValyuServer, source: ValyuSource, waits: list[float]
) -> None:
    valyu.results = [result(f"{ABS}1706.03762v5", "Text.")]
    valyu.fail_next(500)
    assert fetch(source, "1706.03762v5").calls == 2
    assert waits == [source.server_error_wait]
    valyu.fail_next(503, count=2)
    assert failure(source, "1706.03762v5") == "Valyu search failed: HTTP 503 (server error)"
    valyu.reply_next(502, b"<html>Bad Gateway</html>")
    valyu.reply_next(502, b"<html>Bad Gateway</html>")
    assert failure(source, "1706.03762v5") == "Valyu search failed: HTTP 502 (server error)"


def test_a_server_error_asking_for_a_wait_is_retried_after_it(
    valyu: ValyuServer, source: ValyuSource, waits: list[float]
) -> None:
    valyu.results = [result(f"{ABS}1706.03762v5", "Text.")]
    valyu.fail_next(503, retry_after="7")
    assert fetch(source, "1706.03762v5").calls == 2
    assert waits == [7.0]  # Retry-After, not the 2 s default
    valyu.fail_next(503, retry_after="0")
    fetch(source, "1706.03762v5")
    assert waits[-1] == source.server_error_wait  # never sooner than the default
    # A wait past the timeout is not a retry that could succeed: the 5xx is the news.
    before = len(valyu.searches)
    valyu.fail_next(503, retry_after="600")
    assert failure(source, "1706.03762v5") == (
        "Valyu search failed: HTTP 503 (server error; Valyu asks to wait 600s, past the timeout)"
    )
    assert len(valyu.searches) == before + 1 and len(waits) == 2


DEEP_JSON = b"[" * 100_000 + b"]" * 100_000  # valid JSON, nested past what Python reads


def test_a_reply_nested_too_deep_to_read_is_a_malformed_reply(
    valyu: ValyuServer, source: ValyuSource
) -> None:
    # It failed as "source 'valyu' failed: RecursionError", read as a bug of the source.
    valyu.reply_next(200, DEEP_JSON)
    assert failure(source, "1706.03762v5") == (
        "Valyu search failed: malformed reply (JSON nested too deeply)"
    )
    # A 429 so nested ended the search at once, without the SDK's retry.
    valyu.results = [result(f"{ABS}1706.03762v5", "Text.")]
    valyu.reply_next(429, DEEP_JSON, {"Retry-After": "0"})
    assert fetch(source, "1706.03762v5").calls == 2


@pytest.mark.parametrize(
    ("body", "missing"),
    [
        ({"success": True, "query": "q", "results": []}, "tx_id"),
        (
            {
                "success": True,
                "tx_id": "t",
                "query": "q",
                "results": [{"title": "T", "content": "x", "source": "s", "price": 0, "length": 1}],
                "results_by_source": {"web": 0, "proprietary": 1},
                "total_deduction_dollars": 0,
                "total_characters": 1,
            },
            "url",
        ),
    ],
)
def test_reply_missing_required_fields(
    valyu: ValyuServer, source: ValyuSource, body: dict[str, object], missing: str
) -> None:
    valyu.reply_next(200, body)
    message = failure(source, "1706.03762v5")
    assert message.startswith("Valyu search failed: ")
    assert missing in message and "Field required" in message
    assert "input_value" not in message and "\n" not in message


def test_reported_error_in_a_200_is_a_failure(valyu: ValyuServer, source: ValyuSource) -> None:
    valyu.reply_next(200, {**valyu.ok_body("q"), "results": [], "error": "Insufficient credits"})
    assert failure(source, "1706.03762v5") == "Valyu search failed: Insufficient credits"


def test_a_key_echoed_at_the_end_of_a_long_error_is_masked_before_it_is_cut(
    valyu: ValyuServer, source: ValyuSource
) -> None:
    # QA: the error was cut to 300 characters first, so the key, cut in half, was no longer
    # recognised and its first part reached the record.
    valyu.reply_next(
        200, {**valyu.ok_body("q"), "results": [], "error": f"{'E' * 280} {TEST_VALYU_KEY}"}
    )
    message = failure(source, "1706.03762v5")
    assert message.endswith(" ***") and TEST_VALYU_KEY[:8] not in message


def test_key_handling(
    valyu: ValyuServer, source: ValyuSource, monkeypatch: pytest.MonkeyPatch
) -> None:
    valyu.reply_next(500, {"success": False, "error": f"bad key {TEST_VALYU_KEY}"})
    valyu.reply_next(500, {"success": False, "error": f"bad key {TEST_VALYU_KEY}"})
    assert failure(source, "1706.03762v5") == "Valyu search failed: HTTP 500 (server error)"
    monkeypatch.setenv("VALYU_API_KEY", "val-wrong")
    assert failure(source, "1706.03762v5") == (
        "Valyu search failed: HTTP 401 (the API key was refused; check VALYU_API_KEY)"
    )
    monkeypatch.delenv("VALYU_API_KEY")
    before = len(valyu.searches)
    assert "VALYU_API_KEY is not set" in failure(source, "1706.03762v5")
    assert len(valyu.searches) == before


def test_a_key_echoed_in_a_result_is_masked_and_escapes_dropped(
    valyu: ValyuServer, source: ValyuSource
) -> None:
    # A server echoing the x-api-key header into the title and the excerpt: both reach records
    # and the library. The ANSI colour would be obeyed by the terminal showing the title.
    title = f"\x1b[31mRED\x1b[0m title {TEST_VALYU_KEY} {quote(TEST_VALYU_KEY)}\u202e"
    valyu.results = [result(ABS + "1706.03762v5", f"Text {TEST_VALYU_KEY}.", title=title)]
    paper = fetch(source, "1706.03762v5")
    assert paper.title == "RED title *** ***"
    assert [p.text for p in paper.passages] == ["Text ***."]


def test_an_oversized_title_is_cut_to_the_library_s_title_limit(
    valyu: ValyuServer, source: ValyuSource
) -> None:
    # A title of a megabyte went whole into the judge's request (past its character budget,
    # and billed) and into every record; the library refuses titles over 1,000 characters.
    title = "A" * 995 + f" {TEST_VALYU_KEY} " + "Attention " * 100_000
    valyu.results = [result(ABS + "1706.03762v5", "Text.", title=title)]
    paper = fetch(source, "1706.03762v5")
    assert len(paper.title) == MAX_TITLE_CHARS and paper.title.endswith("A ***\u2026")
    assert TEST_VALYU_KEY[:6] not in paper.title  # masked before it was cut


@pytest.mark.parametrize("timeout", [0, math.nan, 1e10])
def test_a_timeout_that_is_no_wait_or_past_a_day_is_refused(timeout: float) -> None:
    with pytest.raises(InvalidSettingsError, match="Valyu timeout must be"):
        ValyuSource(timeout=timeout)


def test_over_budget_excerpts_are_refused_not_truncated(
    valyu: ValyuServer, source: ValyuSource
) -> None:
    long = "word " * (MAX_CHARS // 5 // 4)
    valyu.results = [result(f"{ABS}1706.03762v5", f"{i} {long}") for i in range(5)]
    message = failure(source, "1706.03762v5")
    assert "over the judge's budget of 30,000" in message
    # The source states the fact; how to choose fewer sections is each surface's advice.
    assert message.endswith("; nothing was truncated")
    with pytest.raises(ExcerptsOverBudgetError) as caught:
        fetch(source, "1706.03762v5")
    assert caught.value.work == "1706.03762" and caught.value.calls == 1
    many = "\n\n".join(f"Paragraph {i}." for i in range(MAX_PASSAGES + 1))
    valyu.results = [result(f"{ABS}1706.03762v5", many)]
    assert f"{MAX_PASSAGES + 1} excerpt passages" in failure(source, "1706.03762v5")
    valyu.results = [result(f"{ABS}1706.03762v5", many.rsplit("\n\n", 1)[0])]
    assert len(fetch(source, "1706.03762v5").passages) == MAX_PASSAGES


def test_unreachable_and_non_arxiv(source: ValyuSource, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VALYU_API_KEY", TEST_VALYU_KEY)
    message = failure(source, "1706.03762v5")  # conftest points the base URL at a closed port
    assert message.startswith("Valyu search failed: Valyu unreachable at http://127.0.0.1:9/v1")
    assert "arXiv papers only" in failure(source, "doi:10.1000/xyz")


def test_base_url_argument_wins_and_plugin_is_registered(valyu: ValyuServer) -> None:
    assert ValyuSource(base_url=valyu.url + "/").base_url == valyu.url
    registry = Registry()
    registry.load("valyu", lambda: register)  # as a built-in
    assert "VALYU_API_KEY" in registry.sources["valyu"][1]
    made = registry.make_source("valyu", path=None)
    assert isinstance(made, ValyuSource) and made.base_url == valyu.url
    assert "claimaudit.sources.valyu" in DEFAULT_PLUGINS


@pytest.mark.parametrize(
    "key", [f"{TEST_VALYU_KEY[:6]}\n{TEST_VALYU_KEY[6:]}", "val key", "clé-123"]
)
def test_a_malformed_key_is_refused_before_any_request(
    valyu: ValyuServer, source: ValyuSource, monkeypatch: pytest.MonkeyPatch, key: str
) -> None:
    # A newline inside the key failed as "Valyu unreachable" (requests refuses the header).
    monkeypatch.setenv("VALYU_API_KEY", key)
    malformed = "VALYU_API_KEY is malformed: it must be printable ASCII without spaces"
    registry = Registry()
    register(registry)
    with pytest.raises(InvalidSettingsError) as refused:
        registry.make_source("valyu", path=None)
    assert str(refused.value) == malformed
    assert failure(source, "1706.03762v5") == malformed  # a source built directly, as auto does
    assert valyu.searches == []


@pytest.mark.parametrize("blank", [None, " "])
def test_the_registered_source_is_not_built_without_a_key(
    monkeypatch: pytest.MonkeyPatch, blank: str | None
) -> None:
    # Refused before any work (a usage error on every surface), not one not_checked per paper.
    if blank is None:
        monkeypatch.delenv("VALYU_API_KEY", raising=False)
    else:
        monkeypatch.setenv("VALYU_API_KEY", blank)
    registry = Registry()
    register(registry)
    with pytest.raises(KeyRequiredError) as refused:
        registry.make_source("valyu", path=None)
    assert str(refused.value) == "the valyu source needs an API key"
    assert refused.value.env == "VALYU_API_KEY"


def test_failures_after_a_search_keep_its_calls(valyu: ValyuServer, source: ValyuSource) -> None:
    valyu.results = [result(f"{ABS}1810.04805v2", "Another paper.")]
    with pytest.raises(SourceError) as missing:
        fetch(source, "1706.03762v5")
    assert missing.value.calls == 1
    valyu.fail_next(503, count=2)
    with pytest.raises(SourceError) as failed:
        fetch(source, "1706.03762v5")
    assert failed.value.calls == 2


def test_a_base_url_that_is_not_http_is_refused_when_the_source_is_made(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("VALYU_API_KEY", TEST_VALYU_KEY)
    monkeypatch.setenv("CLAIMAUDIT_VALYU_BASE_URL", "ftp://user:s3cret@proxy/v1")
    expected = "CLAIMAUDIT_VALYU_BASE_URL is not an http(s) URL: ftp://***@proxy/v1"
    registry = Registry()
    register(registry)
    with pytest.raises(InvalidSettingsError) as refused:
        registry.make_source("valyu", path=None)
    assert str(refused.value) == expected
    with pytest.raises(InvalidSettingsError):
        ValyuSource()  # built directly, as auto does


def test_an_unreachable_proxy_is_named(
    source: ValyuSource, monkeypatch: pytest.MonkeyPatch
) -> None:
    # QA: "Valyu unreachable at ... (ProxyError)" named neither the proxy nor its variable.
    monkeypatch.setenv("VALYU_API_KEY", TEST_VALYU_KEY)
    port = closed_port()
    monkeypatch.setenv("HTTP_PROXY", f"http://user:hunter2@127.0.0.1:{port}")
    message = failure(source, "1706.03762v5")
    assert message.startswith(
        "Valyu search failed: Valyu unreachable at http://127.0.0.1:9/v1: the proxy in "
        f"HTTP_PROXY (http://***@127.0.0.1:{port}) is unreachable or refused to connect to it"
    )
    assert "hunter2" not in message


@pytest.mark.parametrize(
    ("value", "why"),
    [
        (
            "ftp://u:hunter2@x:1",
            "(ftp://***@x:1) is not a proxy URL that can be used (http or https)",
        ),
        (" http://127.0.0.1:1", "(' http://127.0.0.1:1') has a space or tab around it"),
        ("http://127.0.0.1:1 ", "('http://127.0.0.1:1 ') has a space or tab around it"),
    ],
)
def test_a_proxy_requests_cannot_use_is_refused_naming_the_variable(
    valyu: ValyuServer, source: ValyuSource, monkeypatch: pytest.MonkeyPatch, value: str, why: str
) -> None:
    # QA: "Valyu unreachable at ... (InvalidURL)", naming neither the proxy nor its variable.
    monkeypatch.setenv("HTTP_PROXY", value)  # the test server's URL is http://
    registry = Registry()
    register(registry)
    with pytest.raises(InvalidSettingsError) as refused:
        registry.make_source("valyu", path=None)
    assert str(refused.value).startswith(f"the proxy in HTTP_PROXY {why}")
    assert "hunter2" not in str(refused.value)
    assert failure(source, "1706.03762v5") == str(refused.value)  # built directly, as auto does
    assert valyu.searches == []


def test_an_unusable_ca_file_is_refused_when_the_source_is_made(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # Every search would have failed verifying the server, after the run had started.
    monkeypatch.setenv("VALYU_API_KEY", TEST_VALYU_KEY)
    monkeypatch.setenv("SSL_CERT_FILE", str(tmp_path / "absent.pem"))
    registry = Registry()
    register(registry)
    with pytest.raises(InvalidSettingsError) as refused:
        registry.make_source("valyu", path=None)
    assert str(refused.value) == (
        "SSL_CERT_FILE names an unusable CA file (no such file or directory): "
        f"{tmp_path / 'absent.pem'}"
    )


def test_a_server_returning_more_results_than_asked_has_only_the_first_used(
    valyu: ValyuServer, source: ValyuSource
) -> None:
    # The local server, like one that ignores max_num_results, returns every result it has.
    valyu.results = [result(f"{ABS}1706.03762v5", f"Excerpt {n}.") for n in range(1, 8)]
    paper = fetch(source, "1706.03762v5")
    assert valyu.searches[0].json["max_num_results"] == 5
    assert [p.text for p in paper.passages] == [f"Excerpt {n}." for n in range(1, 6)]
    # The paper only past the fifth result is not among those read.
    valyu.results = [result(f"{ABS}1810.04805v2", f"BERT {n}.", title="BERT") for n in range(5)]
    valyu.results.append(result(f"{ABS}1706.03762v5", "Too late."))
    message = failure(source, "1706.03762v5")
    assert "did not return arXiv:1706.03762v5 among the first 5 of its 6 results" in message
