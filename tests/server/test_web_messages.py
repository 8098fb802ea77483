"""The page's own words in headless Chromium: the server's messages and judge descriptions are
shared with the command line, so the page says what to do on the page (no "--ref", "--replace",
"--model" or "--topic"), and a judge that takes a model id gets a Model field."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Page, Route, expect

from claimaudit.checker.selection import MAX_CHARS
from claimaudit.errors import SourceError
from claimaudit.identity import parse_ref
from claimaudit.server.advice import request_message
from claimaudit.server.judges import JudgePool
from claimaudit.sources.valyu import _passages as valyu_passages
from tests.server.conftest import (
    DEEP_RULES_REF,
    NARROW_CLAIM,
    PAGE_TIMEOUT_MS,
    RunningServer,
)
from tests.server.pages import open_first_claim, send_check, send_review

expect.set_options(timeout=PAGE_TIMEOUT_MS)
CONFLICT_REF = "arXiv:2301.00005"


@pytest.fixture
def stored_once(server: RunningServer, tmp_path: Path) -> Iterator[Path]:
    """A paper stored under CONFLICT_REF, and a file with other content meant for the same ref."""
    first = tmp_path / "first.md"
    first.write_text("# Buoys\n\nThe buoys were calibrated every six months.\n", encoding="utf-8")
    with server.client() as client, first.open("rb") as handle:
        answer = client.post(
            "/v1/library", files={"file": ("first.md", handle)}, data={"ref": CONFLICT_REF}
        )
        assert answer.status_code == 201, answer.text
    other = tmp_path / "second.md"
    other.write_text("# Buoys\n\nThe buoys were never calibrated.\n", encoding="utf-8")
    try:
        yield other
    finally:
        httpx.delete(f"{server.url}/v1/library/{CONFLICT_REF}")


def test_an_upload_conflict_says_to_tick_replace(
    page: Page, server: RunningServer, stored_once: Path
) -> None:
    page.goto(server.url)
    page.set_input_files("#upload-file", str(stored_once))
    page.fill("#upload-ref", CONFLICT_REF)
    page.click("#upload-submit")
    status = page.locator("#upload-status")
    expect(status).to_have_attribute("data-kind", "error")
    expect(status).to_contain_text("tick “replace different content” and upload again")
    expect(status).not_to_contain_text("--replace")
    # Ticked, the same upload replaces the stored paper.
    page.set_input_files("#upload-file", str(stored_once))
    page.fill("#upload-ref", CONFLICT_REF)
    page.check("#upload-replace")
    page.click("#upload-submit")
    expect(status).to_contain_text(f"{CONFLICT_REF}: Buoys (replaced")


def test_an_upload_that_names_no_paper_says_to_fill_in_reference(
    page: Page, server: RunningServer, tmp_path: Path
) -> None:
    notes = tmp_path / "notes.md"
    notes.write_text("# Notes\n\nNothing here names a paper.\n", encoding="utf-8")
    page.goto(server.url)
    page.set_input_files("#upload-file", str(notes))
    page.click("#upload-submit")
    status = page.locator("#upload-status")
    expect(status).to_have_attribute("data-kind", "error")
    expect(status).to_contain_text("fill in Reference")
    expect(status).not_to_contain_text("--ref")


def test_a_paper_missing_from_the_library_says_to_upload_it(
    page: Page, server: RunningServer
) -> None:
    send_check(page, server.url, "arXiv:2401.00001")
    error = page.locator('.card[data-ref="arXiv:2401.00001"] .error')
    expect(error).to_have_text(
        "arXiv:2401.00001 is not in the local library. "
        "Upload it in the Library panel below, then check again."
    )


# A DOI may hold ";" (SICI DOIs do): only the API's advice after it is the page's to replace.
SEMICOLON_DOI = "doi:10.1000/xyz;abc"


def test_a_missing_paper_whose_reference_holds_a_semicolon_is_named_whole(
    page: Page, server: RunningServer
) -> None:
    send_check(page, server.url, SEMICOLON_DOI)
    expect(page.locator(f'.card[data-ref="{SEMICOLON_DOI}"] .error')).to_have_text(
        f"{SEMICOLON_DOI} is not in the local library. "
        "Upload it in the Library panel below, then check again."
    )


def test_a_missing_paper_in_a_review_says_to_review_again(
    page: Page, server: RunningServer
) -> None:
    send_review(page, server.url, f"{NARROW_CLAIM[:-1]} ({SEMICOLON_DOI}).\n")
    open_first_claim(page)
    expect(page.locator(f'#review-claim-1 .card[data-ref="{SEMICOLON_DOI}"] .error')).to_have_text(
        f"{SEMICOLON_DOI} is not in the local library. "
        "Upload it in the Library panel below, then review again."
    )


def test_a_missing_entry_without_an_identifier_says_the_page_s_words_and_its_note(
    page: Page, server: RunningServer
) -> None:
    # The API's advice was followed by the note, so the page showed it as the API said it:
    # "upload it with POST /v1/library (bibliography entry 'bad' has ...)".
    send_review(
        page, server.url, f"{NARROW_CLAIM[:-1]} [@bad].\n", "@article{bad, title = {Bad}}\n"
    )
    open_first_claim(page)
    expect(page.locator('#review-claim-1 .card[data-ref="local:bad"] .error')).to_have_text(
        "local:bad is not in the local library (bibliography entry 'bad' has no arXiv id or "
        "DOI, so it is looked up in the library as local:bad). "
        "Upload it in the Library panel below, then review again."
    )


def test_a_topic_too_long_names_the_field(page: Page, server: RunningServer) -> None:
    # The server's "the topic has N characters; the limit is M" said no field of the page.
    page.goto(server.url)
    page.fill("#claim", NARROW_CLAIM)
    page.fill("#paper-input", DEEP_RULES_REF)
    page.click("#check-form details.options summary")
    page.fill("#topic", "sea " * 1000)
    page.click("#check-submit")
    status = page.locator("#check-status")
    expect(status).to_have_attribute("data-kind", "error")
    expect(status).to_have_text(re.compile(r"^the topic has \d+ characters; the limit is \d+"))
    expect(status).to_contain_text("shorten Topic, under Options.")


def test_a_markdown_draft_naming_its_bibliography_says_to_paste_it(
    page: Page, server: RunningServer
) -> None:
    send_review(
        page, server.url, f"---\nbibliography: refs.bib\n---\n\n{NARROW_CLAIM[:-1]} [@lee2022].\n"
    )
    expect(page.locator("#review-status")).to_have_text(
        "The draft names the bibliography refs.bib: paste its BibTeX under "
        "“Bibliography and options”, then review again."
    )


def test_the_model_field_follows_the_judge_and_is_sent(page: Page, server: RunningServer) -> None:
    page.goto(server.url)
    page.click("#check-form details.options summary")
    model = page.locator("#model-field")
    expect(page.locator("#judge option[value=local]")).to_have_attribute("selected", "")
    # The local judge runs its own model: no field for another.
    expect(model).to_be_hidden()
    page.select_option("#judge", "gated")
    expect(model).to_be_visible()
    page.fill("#model", "m-1")
    page.fill("#claim", NARROW_CLAIM)
    page.fill("#paper-input", DEEP_RULES_REF)
    with page.expect_request("**/v1/checks") as sent:
        page.click("#check-submit")
    body = sent.value.post_data_json
    assert (body["judge"], body["model"]) == ("gated", "m-1")
    expect(page.locator("#check-status")).to_have_attribute("data-kind", "done")
    # Back on the local judge, the field hides and nothing of it is sent.
    page.select_option("#judge", "local")
    expect(model).to_be_hidden()
    with page.expect_request("**/v1/checks") as sent:
        page.click("#check-submit")
    assert "model" not in sent.value.post_data_json
    # The review panel has its own.
    page.click("#review-form details.options summary")
    expect(page.locator("#review-model-field")).to_be_hidden()
    page.select_option("#review-judge", "gated")
    expect(page.locator("#review-model-field")).to_be_visible()


def test_the_openai_judge_without_a_model_says_to_fill_in_model(
    page: Page, server: RunningServer
) -> None:
    if os.environ.get("OPENAI_MODEL"):
        pytest.skip("OPENAI_MODEL is set: the server would find a model")
    page.goto(server.url)
    page.click("#check-form details.options summary")
    expect(page.locator("#judge option[value=openai]")).to_have_count(1)
    page.select_option("#judge", "openai")
    expect(page.locator("#model-field")).to_be_visible()
    page.fill("#claim", NARROW_CLAIM)
    page.fill("#paper-input", DEEP_RULES_REF)
    page.click("#check-submit")
    status = page.locator("#check-status")
    expect(status).to_have_text(
        "This judge needs a model id: fill in Model under Options "
        "(or set one where the server runs)."
    )


def test_the_judge_list_s_hover_text_is_the_server_s_description(
    page: Page, server: RunningServer
) -> None:
    page.goto(server.url)
    for select in ("#judge", "#review-judge"):
        # Worded for every surface (no command-line flag), so shown as the server gives it.
        expect(page.locator(f"{select} option[value=openai]")).to_have_attribute(
            "title",
            "any OpenAI-compatible chat completions server; needs a model id (the model "
            "setting, or OPENAI_MODEL)",
        )
        expect(page.locator(f"{select} option[value=local]")).to_have_attribute(
            "title", JudgePool.available()["local"]
        )
    titles = page.locator("#judge option").evaluate_all("os => os.map(o => o.title)")
    assert titles and not [t for t in titles if "--" in t]


def test_the_local_judge_refusing_a_model_is_shown_as_the_server_says_it(
    page: Page, server: RunningServer
) -> None:
    # The page hides Model for the local judge, so only another client gets this error: the
    # server names its model field (not --model), and the page shows the message as it came.
    with server.client() as client:
        answer = client.post(
            "/v1/checks",
            json={
                "claim": NARROW_CLAIM,
                "papers": [DEEP_RULES_REF],
                "judge": "local",
                "model": "m-1",
            },
        )
    error = answer.json()["error"]
    assert (answer.status_code, error["code"]) == (400, "invalid_settings")
    assert error["message"].endswith("; model 'm-1' applies to the jev and openai judges")
    assert "--" not in error["message"]
    page.goto(server.url)
    shown = page.evaluate(
        "async (error) => (await import('/static/messages.js')).pageMessage(error)", error
    )
    assert shown == error["message"]


def test_valyu_excerpts_over_budget_say_to_narrow_topic_on_the_page(
    page: Page, server: RunningServer
) -> None:
    ref = "arXiv:2401.00001"
    with pytest.raises(SourceError) as over:
        valyu_passages(parse_ref(ref), "x" * (MAX_CHARS + 1))
    # As the API words it: the fact, then the API's advice (never `--topic`).
    message = request_message(over.value)
    assert message.endswith(
        "; nothing was truncated: send a narrower topic, or add the paper to the server's library"
    )

    # The server's answer for a paper it cannot check, carrying Valyu's message as its error
    # (this server has no Valyu key, and the tests no network).
    def with_valyu_error(route: Route) -> None:
        found = route.fetch().json()
        found["records"][0]["error"] = message
        route.fulfill(json=found)

    page.route("**/v1/checks", with_valyu_error)
    send_check(page, server.url, ref)
    error = page.locator(f'.card[data-ref="{ref}"] .error')
    expect(error).to_have_text(
        f"{message.split('; nothing was truncated')[0]}. Nothing was cut: add words to Topic "
        "under Options so that fewer sections are chosen, or upload the paper in the Library "
        "panel below."
    )
    expect(error).not_to_contain_text("--")


def test_a_version_not_stored_names_the_copy_that_is(page: Page, server: RunningServer) -> None:
    # The library holds DEEP_RULES_REF without a version: a versioned reference is told to drop it.
    versioned = f"{DEEP_RULES_REF}v1"
    send_check(page, server.url, versioned)
    expect(page.locator(f'.card[data-ref="{versioned}"] .error')).to_have_text(
        f"{versioned} is not in the local library, which holds {DEEP_RULES_REF} without a "
        f"version: cite {DEEP_RULES_REF}. Upload it in the Library panel below, then check again."
    )


@pytest.mark.parametrize(
    ("status", "said"),
    [
        (502, "the server answered HTTP 502 (Bad Gateway) without saying why"),
        (
            200,
            "the server answered HTTP 200 (OK), but not with JSON: is something else (a proxy) "
            "answering for it?",
        ),
    ],
)
def test_an_answer_not_from_the_api_is_said_by_its_status(
    page: Page, server: RunningServer, status: int, said: str
) -> None:
    # A proxy in front of the server answers with a page of its own: its status is said, never
    # a blank line or a script's "Cannot read properties of null".
    page.route(
        "**/v1/checks",
        lambda route: route.fulfill(
            status=status, body="<html><h1>Proxy page</h1></html>", content_type="text/html"
        ),
    )
    send_check(page, server.url, DEEP_RULES_REF)
    status_line = page.locator("#check-status")
    expect(status_line).to_have_attribute("data-kind", "error")
    expect(status_line).to_have_text(said)
    expect(page.locator("#results .card")).to_have_count(0)
