"""The page keeps a researcher's work, in headless Chromium: the forms survive a reload, the
header says when the server stops answering (asked or not), and an over-long claim is said, not
cut."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
from playwright.sync_api import Page, Request, expect

from tests.server.conftest import (
    DEEP_RULES_REF,
    GOOD_ENOUGH_REF,
    NARROW_CLAIM,
    PAGE_TIMEOUT_MS,
    RunningServer,
    ServerLauncher,
    stop,
)

expect.set_options(timeout=PAGE_TIMEOUT_MS)
DRAFT = f"{NARROW_CLAIM[:-1]} [@lee2022].\n"
BIB = "@article{lee2022, eprint = {2105.14372}, archivePrefix = {arXiv}}"


def test_a_reload_keeps_the_forms(page: Page, server: RunningServer) -> None:
    page.goto(server.url)
    page.fill("#claim", NARROW_CLAIM)
    for ref in (DEEP_RULES_REF, GOOD_ENOUGH_REF, "arXiv:2401.00001"):
        page.fill("#paper-input", ref)
        page.press("#paper-input", "Enter")
    chips = page.locator("#paper-chips .chip")
    expect(chips).to_have_count(3)
    chips.nth(2).locator("button").click()  # a removed paper stays removed
    page.click("#check-form details.options summary")
    page.fill("#topic", "baselines")
    page.fill("#threshold", "0.6")
    page.select_option("#judge", "gated")
    page.fill("#model", "m-1")
    page.fill("#draft", DRAFT)
    page.click("#review-form details.options summary")
    page.fill("#review-bib", BIB)
    page.select_option("#review-judge", "bare")
    page.check("#review-fresh")

    page.reload()
    expect(page.locator("#claim")).to_have_value(NARROW_CLAIM)
    expect(page.locator("#paper-chips .chip")).to_have_count(2)
    refs = page.locator("#paper-chips .chip").evaluate_all("cs => cs.map(c => c.dataset.ref)")
    assert refs == [DEEP_RULES_REF, GOOD_ENOUGH_REF]
    expect(page.locator("#topic")).to_have_value("baselines")
    expect(page.locator("#threshold")).to_have_value("0.6")
    # The judges come from the server after the reload; the choice is made again then.
    expect(page.locator("#judge")).to_have_value("gated")
    expect(page.locator("#model")).to_have_value("m-1")
    expect(page.locator("#draft")).to_have_value(DRAFT)
    expect(page.locator("#review-bib")).to_have_value(BIB)
    expect(page.locator("#review-judge")).to_have_value("bare")
    expect(page.locator("#review-fresh")).to_be_checked()
    # What is kept is the form, in this tab only: no token, no results.
    kept = json.loads(page.evaluate("sessionStorage.getItem('claimaudit.form')"))
    # Only fields that were touched are there; the page's own names, nothing else.
    assert (
        {"papers", "claim", "draft", "review-bib", "judge", "model"}
        <= set(kept)
        <= {
            "papers",
            "claim",
            "topic",
            "judge",
            "model",
            "threshold",
            "fresh",
            "draft",
            "review-bib",
            "review-topic",
            "review-judge",
            "review-model",
            "review-threshold",
            "review-fresh",
            "review-format",
        }
    )
    assert page.evaluate("localStorage.length") == 0


def test_the_header_says_when_the_server_stops_answering(
    page: Page, launcher: ServerLauncher, example_library: Path
) -> None:
    own = launcher.start(example_library)
    try:
        page.goto(own.url)
        status = page.locator("#server-status")
        expect(status).to_contain_text("ok")
        page.fill("#claim", NARROW_CLAIM)
        page.fill("#paper-input", DEEP_RULES_REF)
    finally:
        stop(own)
    page.click("#check-submit")
    expect(status).to_have_text("server not answering")
    expect(status).to_have_attribute("data-kind", "error")
    expect(page.locator("#check-status")).to_have_text(
        "The server is not answering: check that it is still running, then try again."
    )


# The page asks for /health every 20 s while it is seen (main.js, HEALTH_EVERY_MS).
HEALTH_PERIOD_MS = 20_000


def _seen(page: Page, state: str) -> None:
    """The page as hidden (a background tab) or visible, as the Page Visibility API tells it."""
    page.evaluate(
        """(state) => {
            const seen = { configurable: true, get: () => state };
            Object.defineProperty(document, "visibilityState", seen);
            document.dispatchEvent(new Event("visibilitychange"));
        }""",
        state,
    )


def test_the_header_follows_the_server_while_nothing_is_asked(
    page: Page, launcher: ServerLauncher, example_library: Path
) -> None:
    # The page's timers run on Playwright's clock: periods pass when the test says, not later.
    page.clock.install()
    own = launcher.start(example_library)
    port = int(own.url.rsplit(":", 1)[1])
    status = page.locator("#server-status")
    try:
        page.goto(own.url)
        expect(status).to_contain_text("ok")
        # Installed, the clock still flows with the wall clock: on a busy machine a period
        # passed before the tab was hidden, and one more question was counted. Paused, time
        # moves only by run_for.
        page.clock.pause_at(page.evaluate("Date.now()") + 1)
        asked: list[str] = []
        page.on("request", lambda r: asked.append(r.url) if r.url.endswith("/health") else None)
        # A background tab asks nothing, however long it waits ...
        _seen(page, "hidden")
    finally:
        stop(own)
    page.clock.run_for(3 * HEALTH_PERIOD_MS)
    # ... and asks at once when it is seen again.
    _seen(page, "visible")
    expect(status).to_have_text("server not answering")
    expect(status).to_have_attribute("data-kind", "error")
    assert asked == [f"{own.url}/health"]

    back = launcher.start(example_library, port=port)
    try:
        page.clock.run_for(HEALTH_PERIOD_MS)
        expect(status).to_contain_text("ok")
        expect(status).to_have_attribute("data-kind", "done")
        # Stopped while the page is seen, the next period's question finds it out.
        stop(back)
        page.clock.run_for(HEALTH_PERIOD_MS)
        expect(status).to_have_text("server not answering")
    finally:
        stop(back)


def test_an_over_long_claim_is_said_not_cut(page: Page, server: RunningServer) -> None:
    sent: list[Request] = []
    page.on(
        "request", lambda request: sent.append(request) if "/v1/checks" in request.url else None
    )
    page.goto(server.url)
    counter = page.locator("#claim-count")
    expect(counter).to_have_text("0 / 2000 characters")
    # Counted as the server counts: whitespace runs as one, an emoji as one character.
    page.fill("#claim", "  a   b \n")
    expect(counter).to_have_text("3 / 2000 characters")
    at_limit = "x" * 1999 + "\U0001f600"
    page.fill("#claim", at_limit)
    expect(counter).to_have_text("2000 / 2000 characters: the limit is reached")
    expect(page.locator("#claim")).to_have_value(at_limit)  # nothing cut
    expect(page.locator("#claim")).to_have_attribute("aria-invalid", "false")
    # Past the limit the text stays, the counter says by how much, and nothing is sent.
    page.locator("#claim").press("End")
    page.locator("#claim").press_sequentially("yz")
    expect(page.locator("#claim")).to_have_value(at_limit + "yz")
    expect(counter).to_have_text("2002 / 2000 characters: 2 over the limit, shorten the claim")
    expect(counter).to_have_attribute("data-kind", "error")
    expect(page.locator("#claim")).to_have_attribute("aria-invalid", "true")
    page.fill("#paper-input", DEEP_RULES_REF)
    page.click("#check-submit")
    expect(page.locator("#check-status")).to_have_text(
        "The claim has 2002 characters; the limit is 2000."
    )
    assert sent == []


# Python's whitespace and JavaScript's \s differ both ways: U+FEFF is a word character to the
# server, U+001F a space.
CLAIM_START = "SciPy has sparse matrices "


def test_the_claim_counter_splits_on_python_s_whitespace_exactly(
    page: Page, server: RunningServer
) -> None:
    page.goto(server.url)
    # Every character of the Basic Multilingual Plane (surrogates aside), twice between two
    # words: a run of whitespace counts as one character, anything else as two.
    points = [c for c in range(0x10000) if not 0xD800 <= c <= 0xDFFF]
    counted = page.evaluate(
        """async (points) => {
          const { claimLength } = await import("/static/counter.js");
          return points.map((c) => claimLength(`a${String.fromCodePoint(c).repeat(2)}b`));
        }""",
        points,
    )
    expected = [len(" ".join(f"a{chr(c) * 2}b".split())) for c in points]
    differ = [hex(c) for c, got, want in zip(points, counted, expected, strict=True) if got != want]
    assert differ == []


def test_the_page_refuses_what_the_server_refuses_and_sends_what_it_takes(
    page: Page, server: RunningServer, api: httpx.Client
) -> None:
    sent: list[Request] = []
    page.on(
        "request", lambda request: sent.append(request) if "/v1/checks" in request.url else None
    )
    page.goto(server.url)
    counter = page.locator("#claim-count")
    refused = CLAIM_START + "x" * 1950 + " " + "\ufeff" * 30
    answer = api.post("/v1/checks", json={"claim": refused, "papers": ["arXiv:2401.00001"]})
    assert answer.json()["error"]["message"] == "the claim has 2007 characters; the limit is 2000"
    page.fill("#claim", refused)
    expect(counter).to_have_text("2007 / 2000 characters: 7 over the limit, shorten the claim")
    page.fill("#paper-input", "arXiv:2401.00001")
    page.click("#check-submit")
    expect(page.locator("#check-status")).to_have_text(
        "The claim has 2007 characters; the limit is 2000."
    )
    assert sent == []
    taken = CLAIM_START + "x" * 1950 + "\u2003" * 40  # em spaces: whitespace, collapsed
    page.fill("#claim", taken)
    expect(counter).to_have_text("1976 / 2000 characters")
    page.click("#check-submit")
    expect(page.locator('.card[data-ref="arXiv:2401.00001"]')).to_have_count(1)
    assert len(sent) == 1


def test_a_check_can_judge_afresh_as_a_review_can(page: Page, server: RunningServer) -> None:
    # The API's "cache": false was offered by the review panel only: a check on the page was
    # always answered from the results cache, with no way to ask the judge again.
    page.goto(server.url)
    page.fill("#claim", NARROW_CLAIM)
    page.fill("#paper-input", DEEP_RULES_REF)
    with page.expect_request("**/v1/checks") as sent:
        page.click("#check-submit")
    assert "cache" not in sent.value.post_data_json
    expect(page.locator("#check-status")).to_have_attribute("data-kind", "done")
    page.click("#check-form details.options summary")
    page.check("#fresh")
    with page.expect_request("**/v1/checks") as sent:
        page.click("#check-submit")
    assert sent.value.post_data_json["cache"] is False
    expect(page.locator("#check-status")).to_have_attribute("data-kind", "done")
    page.reload()
    expect(page.locator("#fresh")).to_be_checked()
