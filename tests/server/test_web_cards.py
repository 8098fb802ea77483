"""The page's verdict cards in headless Chromium: why a card needs review, in words, and what a
screen reader hears of the verdict (the accessibility tree, not the colours)."""

from __future__ import annotations

import httpx
from playwright.sync_api import Page, Route, expect

from claimaudit.review.html_parts import strength
from tests.server.conftest import (
    DEEP_RULES_REF,
    GOOD_ENOUGH_REF,
    NARROW_CLAIM,
    PAGE_TIMEOUT_MS,
    RunningServer,
)
from tests.server.launcher import NOTE

expect.set_options(timeout=PAGE_TIMEOUT_MS)


def _check(
    page: Page, server: RunningServer, ref: str, judge: str | None = None, **extra: str
) -> None:
    page.goto(server.url)
    page.fill("#claim", NARROW_CLAIM)
    page.fill("#paper-input", ref)
    page.press("#paper-input", "Enter")
    page.click("#check-form details.options summary")
    if judge:
        expect(page.locator(f"#judge option[value={judge}]")).to_have_count(1)
        page.select_option("#judge", judge)
    for field, value in extra.items():
        page.fill(f"#{field}", value)
    page.click("#check-submit")
    expect(page.locator("#check-status")).to_have_attribute("data-kind", "done")


def test_a_card_says_why_it_needs_review(page: Page, server: RunningServer) -> None:
    _check(page, server, DEEP_RULES_REF, threshold="0.99")
    # The same check through the API says which figures fall below which threshold.
    answer = httpx.post(
        f"{server.url}/v1/checks",
        json={"claim": NARROW_CLAIM, "papers": [DEEP_RULES_REF], "threshold": 0.99},
        timeout=60,
    ).json()
    [record] = answer["records"]
    assert answer["threshold"] == 0.99 and record["needsReview"] is True
    card = page.locator(f'.card[data-ref="{DEEP_RULES_REF}"]')
    reasons = card.locator(".review-reasons li")
    expect(card.locator(".review-reasons")).to_contain_text("Why it needs review")
    expect(reasons.first).to_have_text(
        f"Its confidence, {record['confidence']:.2f}, is below the review threshold of 0.99."
    )
    expect(reasons.nth(1)).to_have_text(
        f"The evidence passage's confidence, {record['evidenceConfidence']:.2f}, is below the "
        "review threshold of 0.99."
    )


def test_a_card_without_probabilities_says_so_and_a_clear_one_has_no_reasons(
    page: Page, server: RunningServer
) -> None:
    _check(page, server, DEEP_RULES_REF, judge="bare")
    card = page.locator(f'.card[data-ref="{DEEP_RULES_REF}"]')
    expect(card.locator(".review-reasons li")).to_have_text(
        ["The judge gave no probabilities, so no confidence can clear the record."]
    )
    # Threshold 0: a confident, evidenced supports needs no review, and no reasons are listed.
    _check(page, server, GOOD_ENOUGH_REF, judge="gated", threshold="0")
    card = page.locator(f'.card[data-ref="{GOOD_ENOUGH_REF}"]')
    expect(card.locator(".badge.ok")).to_have_text("no review needed")
    expect(card.locator(".review-reasons")).to_have_count(0)


def test_a_judges_note_is_a_reason(page: Page, server: RunningServer) -> None:
    # Threshold 0 clears every figure: the judge's consistency note alone asks for review.
    _check(page, server, DEEP_RULES_REF, judge="noted", threshold="0")
    card = page.locator(f'.card[data-ref="{DEEP_RULES_REF}"]')
    expect(card.locator(".badge.review")).to_have_count(1)
    expect(card.locator(".review-reasons li")).to_have_text(
        [f"The judge's consistency check: {NOTE}"]
    )


def test_a_not_supports_verdict_is_a_reason(page: Page, server: RunningServer) -> None:
    # The review panel's cards carry the reasons too, judged against the review's threshold.
    page.goto(server.url)
    page.fill("#draft", f"{NARROW_CLAIM[:-1]} (arXiv:1609.00037).\n")
    page.click("#review-submit")
    expect(page.locator("#review-status")).to_have_attribute("data-kind", "done")
    page.locator('#review-draft .claim-marker[data-claim="1"]').click()
    card = page.locator(f'#review-claim-1 .card[data-ref="{GOOD_ENOUGH_REF}"]')
    # This paper does not address the claim (a verdict the API gives for this pair).
    expect(card).to_have_attribute("data-verdict", "not_addressed")
    reasons = card.locator(".review-reasons li")
    expect(reasons.first).to_have_text("The verdict is “not addressed”, not “supports”.")
    expect(reasons.nth(1)).to_contain_text("is below the review threshold of")


def test_a_screen_reader_hears_the_verdict_and_its_confidence(
    page: Page, server: RunningServer
) -> None:
    _check(page, server, DEEP_RULES_REF)
    card = page.locator(f'.card[data-ref="{DEEP_RULES_REF}"]')
    confidence = float(card.locator(".confidence span").first.inner_text().split()[-1])
    # What assistive technology reads of the card's header: the verdict in words, with how
    # confidently (not only the badge's colour and fill), and the review flag without the glyph.
    header = " ".join(card.locator("header").aria_snapshot().split()).replace(" ,", ",")
    spoken = f"Verdict: supports, confidence {confidence:.2f}, {strength(confidence)}."
    assert spoken in header, header
    assert "needs review" in header and "\u2691" not in header, header
    # The chosen row of the probabilities is said, not only shown in bold.
    chosen = card.locator(".probs tr.chosen").aria_snapshot()
    assert "(the verdict)" in chosen, chosen
    # The visible badge still reads as the verdict alone.
    expect(card.locator(".badges .badge .label").first).to_have_text("supports")


MISSING_REF = "arXiv:2401.00001"


def test_results_say_their_claim_and_go_out_of_date_when_it_or_the_papers_change(
    page: Page, server: RunningServer
) -> None:
    page.goto(server.url)
    page.fill("#claim", f"  {NARROW_CLAIM} ")
    page.fill("#paper-input", MISSING_REF)
    page.click("#check-submit")
    results, status = page.locator("#results"), page.locator("#check-status")
    expect(results.locator(f'.card[data-ref="{MISSING_REF}"]')).to_have_count(1)
    expect(results.locator(".judged")).to_have_text(f"Claim judged: {NARROW_CLAIM}")
    expect(results.locator(".stale-note")).to_be_hidden()
    expect(status).to_have_text("1 record; 1 needs review.")
    # Another claim: the cards are dimmed, and say whose they are.
    page.fill("#claim", "Deep learning always beats simpler models.")
    expect(results).to_have_class("cards stale")
    expect(results.locator(".stale-note")).to_have_text(
        "These results are for the previous claim or papers: press Check."
    )
    expect(status).to_have_text("The claim or papers changed: press Check to check them.")
    expect(results.locator(".card")).to_have_css("opacity", "0.45")
    # The claim back as judged (spacing aside): current again.
    page.fill("#claim", NARROW_CLAIM)
    expect(results).to_have_class("cards")
    expect(status).to_have_text("1 record; 1 needs review.")
    # Another paper added, or the judged one removed: out of date.
    page.fill("#paper-input", GOOD_ENOUGH_REF)
    page.press("#paper-input", "Enter")
    expect(results).to_have_class("cards stale")
    page.click(f'#paper-chips li[data-ref="{GOOD_ENOUGH_REF}"] button')
    expect(results).to_have_class("cards")
    page.click(f'#paper-chips li[data-ref="{MISSING_REF}"] button')
    expect(results).to_have_class("cards stale")


def test_one_paper_written_three_ways_is_added_once(page: Page, server: RunningServer) -> None:
    page.goto(server.url)
    chips = page.locator("#paper-chips li")
    for ref in ("2101.00001", "arXiv:2101.00001", "https://arxiv.org/abs/2101.00001"):
        page.fill("#paper-input", ref)
        page.press("#paper-input", "Enter")
    page.fill("#paper-input", "https://doi.org/10.1000/XYZ")
    page.press("#paper-input", "Enter")
    page.fill("#paper-input", "doi:10.1000/xyz")
    page.press("#paper-input", "Enter")
    expect(page.locator("#check-status")).to_have_text(
        "doi:10.1000/xyz names the same paper as https://doi.org/10.1000/XYZ, already added."
    )
    expect(chips).to_have_count(2)
    expect(chips.nth(0)).to_have_attribute("data-ref", "2101.00001")
    # A different version is another paper to the server: it is added.
    page.fill("#paper-input", "arXiv:2101.00001v2")
    page.press("#paper-input", "Enter")
    expect(chips).to_have_count(3)


def test_a_card_links_its_paper_only_by_a_web_address(page: Page, server: RunningServer) -> None:
    # The server drops such URLs already; the page must not link one should it ever get one.
    def hostile_url(route: Route) -> None:
        answer = route.fetch().json()
        for record in answer["records"]:
            record["paperUrl"] = "javascript:alert(1)"
        route.fulfill(json=answer)

    page.route("**/v1/checks", hostile_url)
    _check(page, server, DEEP_RULES_REF)
    card = page.locator(f'.card[data-ref="{DEEP_RULES_REF}"]')
    expect(card.locator(".ref")).to_contain_text(DEEP_RULES_REF)
    expect(card.locator(".ref a")).to_have_count(0)
