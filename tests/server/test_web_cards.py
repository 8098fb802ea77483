"""The page's verdict cards in headless Chromium: why a card needs review, in words, and what a
screen reader hears of the verdict (the accessibility tree, not the colours)."""

from __future__ import annotations

from collections.abc import Callable

import httpx
from playwright.sync_api import Browser, Page, Request, Route, expect

from claimaudit.review.html.parts import strength
from tests.server.conftest import (
    DEEP_RULES_REF,
    GOOD_ENOUGH_REF,
    NARROW_CLAIM,
    PAGE_TIMEOUT_MS,
    RunningServer,
)
from tests.server.launcher import NOTE
from tests.server.pages import open_first_claim, send_check, send_review

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
    send_review(page, server.url, f"{NARROW_CLAIM[:-1]} (arXiv:1609.00037).\n")
    expect(page.locator("#review-status")).to_have_attribute("data-kind", "done")
    open_first_claim(page)
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
    send_check(page, server.url, MISSING_REF, claim=f"  {NARROW_CLAIM} ")
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
    # Out of date without fading: full opacity (text keeps its contrast), a dashed frame.
    expect(results.locator(".card")).to_have_css("opacity", "1")
    expect(results).to_have_css("border-top-style", "dashed")
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


EDITION_CLAIM = "The frobnicator reduced latency by 40 percent in every benchmark."
JUDGED = (
    b"# Note\n\n## Results\n\nThe frobnicator reduced latency by 40 percent in every benchmark.\n\n"
    b"## Other\n\nUnrelated text about gardening and tomatoes grown in a greenhouse.\n"
)
LATER = (
    b"# Note\n\n## Results\n\nThe frobnicator increased latency by 12 percent in one benchmark.\n\n"
    b"## Other\n\nUnrelated text about sailing boats on a lake in the summer.\n"
)


def _check_then(page: Page, server: RunningServer, ref: str, meanwhile: Callable[[], None]) -> None:
    """A check of ``ref`` (stored as JUDGED) whose card, before it reads the passage's context,
    sees the library changed by ``meanwhile``: another tab or a colleague at work."""

    def change_first(route: Route) -> None:
        meanwhile()
        route.continue_()

    with server.client() as client:
        stored = client.post("/v1/library", files={"file": ("n.md", JUDGED)}, data={"ref": ref})
        assert stored.status_code == 201, stored.text
    page.route("**/passages/**", change_first)
    _check_edition(page, server, ref)


def _check_edition(page: Page, server: RunningServer, ref: str) -> None:
    page.goto(server.url)
    page.fill("#claim", EDITION_CLAIM)
    page.fill("#paper-input", ref)
    page.press("#paper-input", "Enter")
    page.click("#check-form details.options summary")
    page.select_option("#judge", "gated")
    page.click("#check-submit")
    expect(page.locator("#check-status")).to_have_attribute("data-kind", "done")


def _check_then_store_meanwhile(
    page: Page, server: RunningServer, ref: str, later_ref: str, **form: str
) -> None:
    """``_check_then`` storing LATER under ``later_ref`` meanwhile: a new edition, or the same
    reference replaced."""

    def store_later() -> None:
        with server.client() as client:
            answer = client.post(
                "/v1/library",
                files={"file": ("n.md", LATER)},
                data={"ref": later_ref, **form},
            )
            assert answer.status_code == 201, answer.text

    _check_then(page, server, ref, store_later)


def _asked_after_the_passage(page: Page) -> list[str]:
    """The library requests the page sends from its passage request on (that one first): the
    404's code says what is gone, so nothing more is asked."""
    asked: list[str] = []

    def seen(request: Request) -> None:
        if "/passages/" in request.url or (asked and "/v1/library" in request.url):
            asked.append(request.url)

    page.on("request", seen)
    return asked


def _remove(server: RunningServer, *refs: str) -> None:
    with server.client() as client:
        for ref in refs:
            client.delete(f"/v1/library/{ref}", params={"exact": "true"})


def test_a_card_says_the_reference_asked_when_another_version_was_judged(
    page: Page, server: RunningServer
) -> None:
    # Both headed with v2, the two cards were identical: which was asked as which was lost.
    asked, latest = "arXiv:2301.00041", "arXiv:2301.00041v2"
    try:
        with server.client() as client:
            for ref, text in ((asked, JUDGED), (latest, LATER)):
                stored = client.post(
                    "/v1/library", files={"file": ("n.md", text)}, data={"ref": ref}
                )
                assert stored.status_code == 201, stored.text
        page.goto(server.url)
        page.fill("#claim", NARROW_CLAIM)
        for ref in (asked, latest):
            page.fill("#paper-input", ref)
            page.press("#paper-input", "Enter")
        page.click("#check-submit")
        expect(page.locator("#check-status")).to_have_attribute("data-kind", "done")
        unversioned = page.locator(f'.card[data-ref="{asked}"]')
        expect(unversioned.locator("header .ref")).to_have_text(latest)
        expect(unversioned.locator("header .asked")).to_have_text(f"asked as {asked}")
        # Asked as what it matched: nothing more said.
        expect(page.locator(f'.card[data-ref="{latest}"] header .ref')).to_have_text(latest)
        expect(page.locator(f'.card[data-ref="{latest}"] .asked')).to_have_count(0)
    finally:
        _remove(server, asked, latest)


def test_a_card_shows_the_edition_it_judged_not_a_newer_version(
    page: Page, server: RunningServer
) -> None:
    judged, newer = "arXiv:2301.00031", "arXiv:2301.00031v2"
    try:
        _check_then_store_meanwhile(page, server, judged, newer)
        card = page.locator(f'.card[data-ref="{judged}"]')
        expect(card.locator(".passages")).to_have_attribute("data-context", "loaded")
        expect(card.locator(".passage.chosen mark")).to_contain_text(" by 40 percent")
        expect(card.locator(".passages")).not_to_contain_text("12 percent")
        expect(card.locator(".passages")).not_to_contain_text("sailing")
    finally:
        _remove(server, judged, newer)


def test_a_card_whose_paper_was_replaced_shows_the_judged_passage_and_says_so(
    page: Page, server: RunningServer
) -> None:
    ref = "arXiv:2301.00032"
    try:
        _check_then_store_meanwhile(page, server, ref, ref, replace="true")
        card = page.locator(f'.card[data-ref="{ref}"]')
        expect(card.locator(".passages")).to_have_attribute("data-context", "changed")
        chosen = card.locator(".passage.chosen mark")
        expect(chosen).to_have_count(1)
        expect(card.locator(".passages")).not_to_contain_text("12 percent")
        expect(card.locator(".passages")).not_to_contain_text("sailing")
        expect(card.locator(".context-changed")).to_have_text(
            "The stored paper has changed since this was judged: the passage below is the one "
            "judged, shown without its neighbours."
        )
    finally:
        _remove(server, ref)


def test_a_card_whose_paper_was_removed_shows_the_judged_passage_and_says_so(
    page: Page, server: RunningServer
) -> None:
    """The passage request answered 404 and the card kept the record's passage silently, as if
    the paper were still there to read."""
    ref = "arXiv:2301.00033"
    asked = _asked_after_the_passage(page)
    try:
        _check_then(page, server, ref, lambda: _remove(server, ref))
        card = page.locator(f'.card[data-ref="{ref}"]')
        expect(card.locator(".passages")).to_have_attribute("data-context", "removed")
        assert len(asked) == 1 and "/passages/" in asked[0], asked
        expect(card.locator(".passage.chosen mark")).to_contain_text(" by 40 percent")
        expect(card.locator(".context-removed")).to_have_text(
            "The paper this record judged is no longer in the library: the passage below is the "
            "one judged, shown without its neighbours."
        )
        expect(card.locator(".context-changed")).to_have_count(0)
    finally:
        _remove(server, ref)


def test_a_card_whose_passage_alone_is_gone_says_the_paper_changed(
    page: Page, server: RunningServer
) -> None:
    """A 404 for the passage of a paper still stored (replaced by one without that passage) is
    a changed paper, not a removed one."""
    ref = "arXiv:2301.00034"
    gone = {"status": 404, "code": "passage_not_found", "message": f"{ref} has no passage P001"}
    asked = _asked_after_the_passage(page)
    try:
        with server.client() as client:
            stored = client.post("/v1/library", files={"file": ("n.md", JUDGED)}, data={"ref": ref})
            assert stored.status_code == 201, stored.text
        page.route("**/passages/**", lambda route: route.fulfill(status=404, json={"error": gone}))
        _check_edition(page, server, ref)
        card = page.locator(f'.card[data-ref="{ref}"]')
        expect(card.locator(".passages")).to_have_attribute("data-context", "changed")
        expect(card.locator(".passage.chosen mark")).to_contain_text(" by 40 percent")
        expect(card.locator(".context-removed")).to_have_count(0)
        assert len(asked) == 1 and "/passages/" in asked[0], asked
    finally:
        _remove(server, ref)


def test_spellings_the_server_reads_as_one_paper_are_added_once(
    page: Page, server: RunningServer
) -> None:
    page.goto(server.url)
    chips, status = page.locator("#paper-chips li"), page.locator("#check-status")
    for first, *others in (
        (
            "doi:10.1000/ABC",
            "https://www.doi.org/10.1000/abc",
            "doi:10.1000/abc.",
            "10.1000%2Fabc",
        ),
        ("arXiv:2101.00002", "10.48550/arXiv.2101.00002"),
        ("arXiv:hep-th/9901001", "hep-th/9901001"),
    ):
        page.fill("#paper-input", first)
        page.press("#paper-input", "Enter")
        expect(page.locator(f'#paper-chips li[data-ref="{first}"]')).to_have_count(1)
        for other in others:
            page.fill("#paper-input", other)
            page.press("#paper-input", "Enter")
            expect(status).to_have_text(f"{other} names the same paper as {first}, already added.")
    expect(chips).to_have_count(3)


def test_a_check_naming_one_paper_twice_is_refused_naming_both(
    page: Page, server: RunningServer
) -> None:
    # Chips kept from before (as a reload brings them back) that name one paper twice.
    page.goto(server.url)
    page.evaluate(
        """sessionStorage.setItem("claimaudit.form", JSON.stringify(
        {papers: ["doi:10.1000/abc", "https://www.doi.org/10.1000/ABC"]}))"""
    )
    page.reload()
    expect(page.locator("#paper-chips li")).to_have_count(2)
    page.fill("#claim", NARROW_CLAIM)
    page.click("#check-submit")
    expect(page.locator("#check-status")).to_have_text(
        "paper 'https://www.doi.org/10.1000/ABC' is given more than once (as 'doi:10.1000/abc')"
    )


def test_a_long_reference_in_the_check_status_stays_on_a_phone_screen(
    browser: Browser, server: RunningServer
) -> None:
    context = browser.new_context(viewport={"width": 375, "height": 800})
    page = context.new_page()
    try:
        page.goto(server.url)
        doi = "10.1000/" + "averyveryverylongsuffix" * 6
        for ref in (f"doi:{doi}", f"https://doi.org/{doi}"):
            page.fill("#paper-input", ref)
            page.press("#paper-input", "Enter")
        status = page.locator("#check-status")
        expect(status).to_contain_text("names the same paper as")
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        box = status.bounding_box()
        assert box is not None and box["x"] + box["width"] <= 375
    finally:
        context.close()


def test_removing_a_chip_moves_focus_to_the_next_chip(page: Page, server: RunningServer) -> None:
    page.goto(server.url)
    for ref in ("local:one", "local:two", "local:three"):
        page.fill("#paper-input", ref)
        page.press("#paper-input", "Enter")
    chips = page.locator("#paper-chips li")
    expect(chips).to_have_count(3)
    page.locator('#paper-chips li[data-ref="local:two"] button').click()
    expect(page.locator('#paper-chips li[data-ref="local:three"] button')).to_be_focused()
    page.keyboard.press("Enter")  # the last chip: the one before it takes focus
    expect(page.locator('#paper-chips li[data-ref="local:one"] button')).to_be_focused()
    page.keyboard.press("Enter")  # none left: the reference field
    expect(chips).to_have_count(0)
    expect(page.locator("#paper-input")).to_be_focused()


RTL_REF = "local:rtl-card"
RTL_PASSAGE = (
    "تعمل النماذج البسيطة مثل الانحدار اللوجستي على تحديد الأداء الأساسي قبل التعلم العميق."
)


def _direction(page: Page, selector: str) -> str:
    return str(page.locator(selector).first.evaluate("node => getComputedStyle(node).direction"))


def test_right_to_left_text_is_shown_right_to_left(page: Page, server: RunningServer) -> None:
    # An Arabic passage in the page's left-to-right showed its full stop at its start: the quote
    # read otherwise than the paper. A paper's text, title, the claim and the draft follow their
    # own direction.
    paper = f"# مقدمة\n\n{RTL_PASSAGE}\n".encode()
    with server.client() as client:
        answer = client.post(
            "/v1/library",
            files={"file": ("rtl.md", paper)},
            data={"ref": RTL_REF, "title": "نماذج بسيطة"},
        )
        assert answer.status_code == 201, answer.text
    try:
        page.goto(server.url)
        page.fill("#claim", "تعمل النماذج البسيطة على تحديد الأداء الأساسي.")
        page.fill("#paper-input", RTL_REF)
        page.press("#paper-input", "Enter")
        page.click("#check-submit")
        expect(page.locator("#check-status")).to_have_attribute("data-kind", "done")
        # Measured once its neighbours are in: they replace the passage first drawn.
        expect(page.locator(".card .passages")).to_have_attribute("data-context", "loaded")
        quote = page.locator(".card .passage.chosen mark")
        expect(quote).to_have_text(RTL_PASSAGE)
        for selector in (".card .passage.chosen mark", ".card h3", ".judged q"):
            assert _direction(page, selector) == "rtl", selector
        # English stays left to right beside it.
        assert _direction(page, ".card .reasons-title") == "ltr"
        page.fill("#draft", "النماذج البسيطة تحدد الأداء الأساسي [arXiv:2401.00001].\n")
        page.click("#review-submit")
        expect(page.locator("#review-status")).to_have_attribute("data-kind", "done")
        assert _direction(page, "#review-draft .draft-block") == "rtl"
    finally:
        _remove(server, RTL_REF)


def test_a_passage_chosen_without_probabilities_is_a_reason(
    page: Page, server: RunningServer
) -> None:
    # A judge may give probabilities for its verdict and none for its passage: the policy then
    # holds the record for review, and the card said only "the server's review policy flagged it".
    def passage_unmeasured(route: Route) -> None:
        found = route.fetch().json()
        found["records"][0].update(
            verdict="supports", confidence=0.95, evidenceConfidence=None, needsReview=True
        )
        route.fulfill(json=found)

    page.route("**/v1/checks", passage_unmeasured)
    _check(page, server, DEEP_RULES_REF, threshold="0.8")
    reasons = page.locator(f'.card[data-ref="{DEEP_RULES_REF}"] .review-reasons li')
    expect(reasons).to_have_text(
        ["The judge gave no probabilities for its evidence passage, so no confidence can clear it."]
    )


def test_a_card_says_how_many_passages_the_model_read(page: Page, server: RunningServer) -> None:
    # The embedded judge scores at most 24 windows: the card said "42 of 69 passages seen" where
    # its model read some 20 of them; it now says how many it read and how many it left unread.
    _check(page, server, DEEP_RULES_REF)
    answer = httpx.post(
        f"{server.url}/v1/checks",
        json={"claim": NARROW_CLAIM, "papers": [DEEP_RULES_REF]},
        timeout=60,
    ).json()
    [record] = answer["records"]
    read, selected = record["passagesRead"], record["passagesSelected"]
    assert read < selected
    footer = page.locator(f'.card[data-ref="{DEEP_RULES_REF}"] footer')
    expect(footer).to_contain_text(
        f"{read} of {record['passagesConsidered']} passages read ({selected} selected, "
        f"{selected - read} left unread) (selected passages)"
    )


MISSING_REF = "arXiv:2401.00001"  # not in the library: a not_checked card with no title


def test_a_card_without_a_title_names_its_reference_once(page: Page, server: RunningServer) -> None:
    # QA: a not_checked card for a paper never fetched read "arXiv:2401.00001" twice, as its
    # heading and again under it; a review's unresolved "[7]" three times ("cited as [7]").
    _check(page, server, MISSING_REF)
    card = page.locator(f'.card[data-ref="{MISSING_REF}"]')
    expect(card).to_have_attribute("data-verdict", "not_checked")
    expect(card.locator("header h3")).to_have_text(MISSING_REF)
    expect(card.locator("header .ref")).to_have_count(1)
    assert card.locator("header").inner_text().count(MISSING_REF) == 1
    draft = "X holds [7].\n\n## References\n\n1. Foo. arXiv:2401.00001\n"
    send_review(page, server.url, draft)
    open_first_claim(page)
    unresolved = page.locator('#review-panel .card[data-ref="[7]"]')
    expect(unresolved).to_have_attribute("data-verdict", "not_checked")
    expect(unresolved.locator("header h3")).to_have_text("[7]")
    expect(unresolved.locator(".cited")).to_have_count(0)
    assert unresolved.inner_text().count("[7]") == 2  # its heading and its error's words
