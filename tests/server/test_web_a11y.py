"""The web page with a keyboard and a screen reader, in headless Chromium: one control per
reviewed sentence that opens and closes its evidence, errors tied to their field, results found
by a heading rather than announced whole, and a header status that is not repeated."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.server.conftest import NARROW_CLAIM, PAGE_TIMEOUT_MS, RunningServer
from tests.server.pages import send_review

expect.set_options(timeout=PAGE_TIMEOUT_MS)

MISSING_REF = "arXiv:2401.00001"  # not in the library: a quick not_checked record


def test_a_reviewed_sentence_is_one_control_that_opens_and_closes_its_evidence(
    page: Page, server: RunningServer
) -> None:
    send_review(page, server.url, "A sentence that cites a missing paper [@missing].\n")
    expect(page.locator("#review-status")).to_have_attribute("data-kind", "done")
    sentence = page.locator('#review-draft .sentence[data-claim="1"]')
    assert sentence.get_attribute("tabindex") is None and sentence.get_attribute("role") is None
    marker = page.get_by_role(
        "button", name=re.compile(r"^Evidence for sentence 1: not checked, needs review$")
    )
    expect(marker).to_have_count(1)
    expect(marker).to_have_attribute("aria-expanded", "false")
    expect(marker).to_have_attribute("aria-controls", "review-claim-1")
    panel = page.locator("#review-claim-1")
    # From the reviewed draft, one Tab reaches the marker; Enter opens, focus goes in.
    expect(page.locator("#review-output")).to_be_focused()
    page.keyboard.press("Tab")
    expect(marker).to_be_focused()
    page.keyboard.press("Enter")
    expect(panel).to_have_attribute("open", "")
    expect(marker).to_have_attribute("aria-expanded", "true")
    expect(panel.locator("summary")).to_be_focused()
    # Escape closes it and gives focus back to the marker; Enter there opens, and again closes.
    page.keyboard.press("Escape")
    expect(panel).not_to_have_attribute("open", "")
    expect(marker).to_be_focused()
    expect(marker).to_have_attribute("aria-expanded", "false")
    page.keyboard.press("Enter")
    expect(panel).to_have_attribute("open", "")
    marker.focus()
    page.keyboard.press("Enter")
    expect(panel).not_to_have_attribute("open", "")


def test_an_empty_claim_error_is_tied_to_the_claim_field(page: Page, server: RunningServer) -> None:
    page.goto(server.url)
    page.fill("#paper-input", MISSING_REF)
    page.press("#paper-input", "Enter")
    page.click("#check-submit")
    claim = page.locator("#claim")
    expect(page.locator("#check-status")).to_have_text("Enter a claim to check.")
    expect(claim).to_have_attribute("aria-invalid", "true")
    expect(claim).to_have_attribute("aria-describedby", "claim-count check-status")
    expect(claim).to_be_focused()
    page.keyboard.type("A claim")
    expect(claim).to_have_attribute("aria-invalid", "false")
    expect(claim).to_have_attribute("aria-describedby", "claim-count")


def test_an_empty_draft_error_is_tied_to_the_draft_field(page: Page, server: RunningServer) -> None:
    page.goto(server.url)
    page.click("#review-submit")
    draft = page.locator("#draft")
    expect(page.locator("#review-status")).to_have_attribute("data-kind", "error")
    expect(draft).to_have_attribute("aria-invalid", "true")
    expect(draft).to_have_attribute("aria-describedby", "draft-format-hint review-status")
    expect(draft).to_be_focused()
    page.keyboard.type("A sentence.")
    expect(draft).not_to_have_attribute("aria-invalid", "true")
    expect(draft).to_have_attribute("aria-describedby", "draft-format-hint")


def test_results_are_a_region_found_by_its_heading_not_announced_whole(
    page: Page, server: RunningServer
) -> None:
    page.goto(server.url)
    results = page.locator("#results")
    assert results.get_attribute("aria-live") is None
    page.fill("#claim", NARROW_CLAIM)
    page.fill("#paper-input", MISSING_REF)
    page.press("#paper-input", "Enter")
    page.focus("#check-submit")
    page.keyboard.press("Enter")
    expect(page.locator("#check-status")).to_have_attribute("data-kind", "done")
    expect(page.get_by_role("region", name="Results")).to_have_count(1)
    expect(page.get_by_role("heading", name="Results")).to_be_focused()
    # The library's last column (its remove buttons) is named for screen readers.
    expect(page.locator("#library-table thead th").last).to_have_text("Actions")


def test_the_server_status_is_not_rewritten_when_it_says_the_same(
    page: Page, server: RunningServer
) -> None:
    page.goto(server.url)
    status = page.locator("#server-status")
    expect(status).to_contain_text("ok")
    page.evaluate(
        """() => { window.rewrites = 0;
        new MutationObserver((m) => { window.rewrites += m.length; }).observe(
          document.getElementById("server-status"),
          { childList: true, characterData: true, subtree: true }); }"""
    )
    for _ in range(2):
        with page.expect_response(lambda r: r.url.endswith("/health")):
            page.evaluate("document.dispatchEvent(new Event('claimaudit:reachable'))")
    page.wait_for_timeout(100)  # the answer's handler runs after the response event
    assert page.evaluate("window.rewrites") == 0


_STYLES = """([kind, prop]) => ["supports", "contradicts", "not_addressed", "insufficient_evidence"]
  .map((v) => { const s = document.createElement(kind === "sentence" ? "span" : "button");
    s.className = `${kind} verdict-${v}`; document.getElementById("review-draft").append(s);
    return getComputedStyle(s)[prop]; })"""


def test_verdicts_differ_without_colour(page: Page, server: RunningServer) -> None:
    page.goto(server.url)
    underlines = page.evaluate(_STYLES, ["sentence", "borderBottomStyle"])
    assert len(set(underlines)) == 4, underlines
    page.emulate_media(forced_colors="active")
    edges = page.evaluate(_STYLES, ["claim-marker", "borderTopStyle"])
    assert len(set(edges)) == 4, edges


def test_a_threshold_that_is_not_a_number_is_refused_not_dropped(
    page: Page, server: RunningServer
) -> None:
    # A number input holding "1e" reads as "": the page sent no threshold, and the server's
    # default applied while the field still showed what was typed.
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if "/v1/checks" in r.url else None)
    page.on("request", lambda r: sent.append(r.url) if "/v1/reviews" in r.url else None)
    page.goto(server.url)
    page.fill("#claim", NARROW_CLAIM)
    page.fill("#paper-input", MISSING_REF)
    page.press("#paper-input", "Enter")
    page.click("#check-form details.options summary")
    threshold = page.locator("#threshold")
    for typed in ("1e", "1.5"):
        threshold.fill("")
        threshold.press_sequentially(typed)
        page.click("#check-submit")
        expect(page.locator("#check-status")).to_have_text(
            "The review threshold must be a number from 0 to 1, such as 0.8 (empty: the "
            "server's default): change it under Options."
        )
        expect(page.locator("#check-status")).to_have_attribute("data-kind", "error")
        expect(threshold).to_have_attribute("aria-invalid", "true")
        expect(threshold).to_have_attribute("aria-describedby", "check-status")
        expect(threshold).to_be_focused()
    threshold.fill("")
    threshold.press_sequentially("0.5")
    expect(threshold).not_to_have_attribute("aria-invalid", "true")
    page.click("#check-submit")
    expect(page.locator("#check-status")).to_have_attribute("data-kind", "done")
    assert len(sent) == 1
    # The review panel's, folded under its options, opens to show it.
    page.fill("#draft", "A sentence that cites a missing paper [@missing].\n")
    page.click("#review-form details.options summary")
    page.locator("#review-threshold").press_sequentially("-")
    page.click("#review-form details.options summary")
    page.click("#review-submit")
    expect(page.locator("#review-status")).to_contain_text(
        "change it under “Bibliography and options”."
    )
    expect(page.locator("#review-form details.options")).to_have_attribute("open", "")
    expect(page.locator("#review-threshold")).to_be_focused()
    assert len(sent) == 1


def test_a_check_without_papers_is_tied_to_the_reference_field(
    page: Page, server: RunningServer
) -> None:
    page.goto(server.url)
    page.fill("#claim", NARROW_CLAIM)
    page.click("#check-submit")
    field = page.locator("#paper-input")
    expect(page.locator("#check-status")).to_have_text("Add at least one paper reference.")
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(field).to_have_attribute("aria-describedby", "check-status")
    expect(field).to_be_focused()
    page.keyboard.type(MISSING_REF)
    expect(field).not_to_have_attribute("aria-invalid", "true")
    expect(field).not_to_have_attribute("aria-describedby", "check-status")
    page.keyboard.press("Enter")
    expect(page.locator("#paper-chips li")).to_have_count(1)


def test_no_unnamed_empty_region_is_listed_before_results_or_after_a_refusal(
    page: Page, server: RunningServer
) -> None:
    """The results' region was on the page from the start, named by a heading it did not hold
    yet: screen readers listed an empty landmark called only "region"."""
    page.goto(server.url)
    expect(page.locator("#server-status")).to_contain_text("ok")
    expect(page.get_by_role("region")).to_have_count(0)
    page.fill("#claim", NARROW_CLAIM)
    page.fill("#paper-input", MISSING_REF)
    page.click("#check-submit")
    expect(page.get_by_role("region", name="Results")).to_have_count(1)
    # A check refused (a topic over the limit) empties the results: no unnamed region again.
    page.click("#check-form details.options summary")
    page.fill("#topic", "x" * 1001)
    page.click("#check-submit")
    expect(page.locator("#check-status")).to_have_attribute("data-kind", "error")
    expect(page.get_by_role("region")).to_have_count(0)
