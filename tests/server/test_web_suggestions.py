"""The reference field's completion from the library, in headless Chromium: a piece of a title
takes the one paper suggested, but a whole reference is checked as typed."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.server.conftest import PAGE_TIMEOUT_MS, RunningServer

expect.set_options(timeout=PAGE_TIMEOUT_MS)

STORED = ("arXiv:2312.00011v12", "local:notes-extended")


def test_a_whole_reference_is_added_as_typed_not_as_the_one_it_is_part_of(
    page: Page, server: RunningServer
) -> None:
    """ "arXiv:2312.00011v1" was added as "arXiv:2312.00011v12", the one stored reference
    containing it, and "local:notes" as "local:notes-extended": the check judged another
    edition or paper than the one asked, without a word."""
    with server.client() as client:
        for ref in STORED:
            stored = client.post(
                "/v1/library",
                files={"file": ("n.md", b"# Note\n\nFrogs sing.\n")},
                data={"ref": ref},
            )
            assert stored.status_code == 201, stored.text
    try:
        page.goto(server.url)
        chips = page.locator("#paper-chips .chip")
        for typed, ref in zip(("arXiv:2312.00011v1", "local:notes"), STORED, strict=True):
            # Typed as a person types, so the one stored paper containing it is suggested first.
            page.locator("#paper-input").press_sequentially(typed)
            expect(page.locator(f'#paper-suggestions option[value="{ref}"]')).to_have_count(1)
            page.press("#paper-input", "Enter")
            expect(chips.last).to_have_attribute("data-ref", typed)
        expect(chips).to_have_count(2)
    finally:
        with server.client() as client:
            for ref in STORED:
                client.delete(f"/v1/library/{ref}", params={"exact": "true"})
