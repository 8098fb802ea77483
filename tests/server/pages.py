"""Steps the page tests take again and again in headless Chromium: a check or a review sent from
a freshly opened page, typed as a person types it, without waiting for the answer (each test
waits for what it looks at)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tests.server.conftest import NARROW_CLAIM

if TYPE_CHECKING:
    from playwright.sync_api import Page


def send_check(page: Page, url: str, ref: str, claim: str = NARROW_CLAIM) -> None:
    """Open the page at ``url`` and check ``claim`` against ``ref``, left typed in the reference
    field (not added with Enter): the page takes what is typed there when the form is sent."""
    page.goto(url)
    page.fill("#claim", claim)
    page.fill("#paper-input", ref)
    page.click("#check-submit")


def send_review(page: Page, url: str, draft: str, bib: str | None = None) -> None:
    """Open the page at ``url`` and review ``draft``, with ``bib`` pasted as its bibliography
    under the review's options when given."""
    page.goto(url)
    page.fill("#draft", draft)
    if bib is not None:
        page.click("#review-form details.options summary")
        page.fill("#review-bib", bib)
    page.click("#review-submit")


def open_first_claim(page: Page) -> None:
    """Open the evidence of the review's first cited sentence (its marker in the draft)."""
    page.locator('#review-draft .claim-marker[data-claim="1"]').click()
