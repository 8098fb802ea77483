"""The page's Library panel in headless Chromium: its remove button removes the copy its row
shows, even an unversioned copy kept beside versions of the same work."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from tests.server.conftest import PAGE_TIMEOUT_MS, RunningServer

expect.set_options(timeout=PAGE_TIMEOUT_MS)
UNVERSIONED = "arXiv:2301.00006"
VERSIONED = "arXiv:2301.00006v2"


@pytest.fixture
def two_copies(server: RunningServer) -> Iterator[None]:
    """The same work stored unversioned and as version 2."""
    with server.client() as client:
        for ref, text in (
            (UNVERSIONED, b"# Old\n\nFirst text.\n"),
            (VERSIONED, b"# New\n\nNew.\n"),
        ):
            answer = client.post("/v1/library", files={"file": ("a.md", text)}, data={"ref": ref})
            assert answer.status_code == 201, answer.text
        try:
            yield
        finally:
            for ref in (UNVERSIONED, VERSIONED):
                client.delete(f"/v1/library/{ref}", params={"exact": "true"})


def test_remove_takes_the_unversioned_copy_its_row_shows(
    page: Page, server: RunningServer, two_copies: None
) -> None:
    page.goto(server.url)
    unversioned = page.locator(f'#library-table tr[data-ref="{UNVERSIONED}"]')
    versioned = page.locator(f'#library-table tr[data-ref="{VERSIONED}"]')
    expect(unversioned).to_have_count(1)
    page.once("dialog", lambda dialog: dialog.accept())
    unversioned.locator("button").click()
    expect(page.locator("#upload-status")).to_have_text(f"Removed {UNVERSIONED}.")
    expect(unversioned).to_have_count(0)
    expect(versioned).to_have_count(1)
    with server.client() as client:
        refs = [
            p["ref"] for p in client.get("/v1/library", params={"q": "2301.00006"}).json()["papers"]
        ]
    assert refs == [VERSIONED]
