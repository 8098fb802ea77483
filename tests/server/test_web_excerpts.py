"""A card for a record judged on search excerpts (Valyu), in headless Chromium: its evidence is
an excerpt, numbered among the excerpts, not a passage of the library's copy of the paper."""

from __future__ import annotations

from playwright.sync_api import Page, Request, Route, expect

from tests.server.conftest import DEEP_RULES_REF, PAGE_TIMEOUT_MS, RunningServer
from tests.server.pages import send_check

expect.set_options(timeout=PAGE_TIMEOUT_MS)

# Not in the test library: Valyu found it (this server has no Valyu key, the tests no network,
# so the server's own answer for a stored paper is rewritten as Valyu's record would read).
EXCERPTS_REF = "arXiv:2401.00007"


def test_a_card_judged_on_search_excerpts_says_so_and_asks_the_library_nothing(
    page: Page, server: RunningServer
) -> None:
    """The card asked the library for the excerpt's neighbours and, the paper not being there,
    said "The paper this record judged is no longer in the library" of a paper it never held."""

    def as_excerpts(route: Route) -> None:
        found = route.fetch().json()
        record = found["records"][0]
        assert record["evidencePassageId"], record
        record.update(
            paperRef=EXCERPTS_REF,
            matchedRef=EXCERPTS_REF,
            evidenceScope="search_excerpts",
            paperContentHash=None,
            paperExtractor=None,
        )
        route.fulfill(json=found)

    asked: list[str] = []

    def seen(request: Request) -> None:
        if "/passages/" in request.url:
            asked.append(request.url)

    page.on("request", seen)
    page.route("**/v1/checks", as_excerpts)
    send_check(page, server.url, DEEP_RULES_REF)
    card = page.locator(f'.card[data-ref="{EXCERPTS_REF}"]')
    expect(card.locator(".passages")).to_have_attribute("data-context", "excerpts")
    expect(card.locator(".context-excerpts")).to_have_text(
        "Judged on search excerpts, not on the paper's text in the library: the excerpt below is "
        "the one judged, shown without neighbours."
    )
    expect(card.locator(".passage.chosen mark")).to_have_count(1)
    expect(card.locator(".passage.context")).to_have_count(0)
    expect(card.locator(".context-removed")).to_have_count(0)
    assert asked == []


def test_a_card_judged_on_another_sources_text_says_so_and_asks_the_library_nothing(
    page: Page, server: RunningServer
) -> None:
    """A plugin source's record (full text, no library content hash) was said to be "no longer
    in the library" as well."""

    def from_elsewhere(route: Route) -> None:
        found = route.fetch().json()
        found["records"][0].update(
            paperRef=EXCERPTS_REF,
            matchedRef=EXCERPTS_REF,
            evidenceScope="full_text",
            paperContentHash=None,
            paperExtractor=None,
        )
        route.fulfill(json=found)

    asked: list[str] = []
    page.on(
        "request",
        lambda request: asked.append(request.url) if "/passages/" in request.url else None,
    )
    page.route("**/v1/checks", from_elsewhere)
    send_check(page, server.url, DEEP_RULES_REF)
    card = page.locator(f'.card[data-ref="{EXCERPTS_REF}"]')
    expect(card.locator(".passages")).to_have_attribute("data-context", "elsewhere")
    expect(card.locator(".context-elsewhere")).to_have_text(
        "Judged on the paper's text from another source than the library: the passage below is "
        "the one judged, shown without its neighbours."
    )
    expect(card.locator(".context-removed")).to_have_count(0)
    assert asked == []
