"""The page's Library panel in headless Chromium: its remove button removes the copy its row
shows, even an unversioned copy kept beside versions of the same work; its title field stops at
the server's limit and says so."""

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


def test_the_title_field_stops_at_the_server_s_limit_and_says_so(
    page: Page, server: RunningServer
) -> None:
    page.goto(server.url)
    title, note = page.locator("#upload-title"), page.locator("#upload-title-count")
    page.fill("#upload-title", "t" * 999)
    expect(note).to_be_hidden()
    title.press("End")
    title.press_sequentially("uv")  # the second letter is past the limit: not taken
    expect(title).to_have_value("t" * 999 + "u")
    expect(note).to_be_visible()
    expect(note).to_have_text("1000 / 1000 characters: the limit is reached")
    # A paste is cut at the limit too; the title the page sends is one the server takes.
    page.fill("#upload-title", "w" * 1_500)
    expect(title).to_have_value("w" * 1_000)
    page.set_input_files(
        "#upload-file",
        files=[{"name": "t.md", "mimeType": "text/markdown", "buffer": b"# T\n\nText.\n"}],
    )
    page.fill("#upload-ref", "local:title-limit")
    try:
        page.click("#upload-submit")
        expect(page.locator("#upload-status")).to_contain_text("local:title-limit: " + "w" * 1_000)
        # The form is emptied after an upload, and the note goes with the title.
        expect(title).to_have_value("")
        expect(note).to_be_hidden()
    finally:
        with server.client() as client:
            client.delete("/v1/library/local:title-limit")
