"""The page's token prompt in headless Chromium: a token no request header can carry is refused
at once, in the prompt, and one kept in the tab from before is asked for again; neither makes
the page say that the server is not answering."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.server.conftest import DEEP_RULES_REF, PAGE_TIMEOUT_MS, TOKEN, RunningServer

expect.set_options(timeout=PAGE_TIMEOUT_MS)
# The right token with one hyphen typed as U+2019, as a word processor's "smart" quote.
CURLY = TOKEN.replace("-", "\u2019", 1)


def test_a_non_ascii_token_is_refused_in_the_prompt(page: Page, strict: RunningServer) -> None:
    page.goto(strict.url)
    expect(page.locator("#token-panel")).to_be_visible()
    page.fill("#token-input", CURLY)
    page.click("#token-form button")
    expect(page.locator("#token-error")).to_have_text(
        "Not used: a token holds only ASCII characters, and no spaces."
    )
    expect(page.locator("#token-panel")).to_be_visible()
    expect(page.locator("#server-status")).not_to_contain_text("not answering")
    # The right token is then taken, and the refusal goes.
    page.fill("#token-input", TOKEN)
    page.click("#token-form button")
    expect(page.locator("#token-panel")).to_be_hidden()
    expect(page.locator("#token-error")).to_be_hidden()
    expect(page.locator(f'#library-table tr[data-ref="{DEEP_RULES_REF}"]')).to_have_count(1)


def test_a_kept_token_no_header_can_carry_is_asked_for_again(
    page: Page, strict: RunningServer
) -> None:
    # A tab that kept such a token (from a page before this check) reloads.
    page.add_init_script(f"sessionStorage.setItem('claimaudit.token', {CURLY!r});")
    page.goto(strict.url)
    expect(page.locator("#token-panel")).to_be_visible()
    # The library's list says why it is empty, by the list (not beside Upload).
    expect(page.locator("#library-filter-status")).to_have_text("a valid bearer token is required")
    expect(page.locator("#upload-status")).to_have_text("")
    expect(page.locator("#server-status")).not_to_contain_text("not answering")
    page.fill("#token-input", TOKEN)
    page.click("#token-form button")
    expect(page.locator(f'#library-table tr[data-ref="{DEEP_RULES_REF}"]')).to_have_count(1)
    expect(page.locator("#server-status")).not_to_contain_text("not answering")


def test_a_wrong_token_is_said_in_the_prompt(page: Page, strict: RunningServer) -> None:
    page.goto(strict.url)
    expect(page.locator("#token-panel")).to_be_visible()
    expect(page.locator("#token-error")).to_be_hidden()
    page.fill("#token-input", "wrong-token-0123456789")
    page.click("#token-form button")
    expect(page.locator("#token-panel")).to_be_visible()
    expect(page.locator("#token-error")).to_have_text(
        "Not accepted: the server refused this token. Check it and enter it again."
    )
    expect(page.locator("#token-input")).to_be_focused()
    page.fill("#token-input", TOKEN)
    page.click("#token-form button")
    expect(page.locator("#token-panel")).to_be_hidden()
    expect(page.locator(f'#library-table tr[data-ref="{DEEP_RULES_REF}"]')).to_have_count(1)
    expect(page.locator("#token-error")).to_be_hidden()
