"""The page's Library panel in headless Chromium: its remove button removes the copy its row
shows, even an unversioned copy kept beside versions of the same work; its title field stops at
the server's limit and says so."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.server.conftest import PAGE_TIMEOUT_MS, RunningServer, ServerLauncher, stop
from tests.sources.arxivserver import ArxivServer

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


def test_removing_a_row_moves_focus_to_the_next_row(page: Page, server: RunningServer) -> None:
    refs = ["local:focus-a", "local:focus-b"]  # the last rows, in the table's order
    with server.client() as client:
        for ref in refs:
            answer = client.post(
                "/v1/library", files={"file": ("f.md", b"# F\n\nText.\n")}, data={"ref": ref}
            )
            assert answer.status_code == 201, answer.text
    try:
        page.goto(server.url)
        page.on("dialog", lambda dialog: dialog.accept())
        rows = page.locator("#library-table tbody tr")
        page.locator(f'tr[data-ref="{refs[0]}"] button').click()
        expect(page.locator(f'tr[data-ref="{refs[0]}"]')).to_have_count(0)
        expect(page.locator(f'tr[data-ref="{refs[1]}"] button')).to_be_focused()
        # The last row removed: the row before it, now last, takes focus.
        page.keyboard.press("Enter")
        expect(page.locator(f'tr[data-ref="{refs[1]}"]')).to_have_count(0)
        expect(rows.last.locator("button")).to_be_focused()
    finally:
        with server.client() as client:
            for ref in refs:
                client.delete(f"/v1/library/{ref}", params={"exact": "true"})


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


def test_the_title_field_counts_characters_as_the_server_does(
    page: Page, server: RunningServer
) -> None:
    # An emoji is one character to the server (and two UTF-16 units to maxlength).
    page.goto(server.url)
    title, note = page.locator("#upload-title"), page.locator("#upload-title-count")
    page.fill("#upload-title", "\U0001f9ea" * 600)
    expect(title).to_have_value("\U0001f9ea" * 600)
    expect(note).to_be_hidden()
    # Past the limit, the end of what came is cut, never half an emoji.
    page.fill("#upload-title", "a" * 999 + "\U0001f9ea\U0001f9ea")
    expect(title).to_have_value("a" * 999 + "\U0001f9ea")
    expect(note).to_have_text("1000 / 1000 characters: the limit is reached")


def test_a_filter_the_server_refuses_is_said_by_the_filter_and_goes_when_fixed(
    page: Page, server: RunningServer
) -> None:
    page.goto(server.url)
    filter_status = page.locator("#library-filter-status")
    expect(page.locator("#library-filter")).to_have_attribute("maxlength", "200")
    # A longer one, as a script or an old page could set it: the server's refusal shows here.
    page.evaluate(
        """() => {
        const filter = document.querySelector("#library-filter");
        filter.value = "x".repeat(201);
        filter.dispatchEvent(new Event("input"));
    }"""
    )
    expect(filter_status).to_have_attribute("data-kind", "error")
    expect(filter_status).to_contain_text("q")
    expect(page.locator("#upload-status")).to_have_text("")
    page.fill("#library-filter", "2105.14372")
    expect(page.locator("#library-count")).to_have_text("1 paper matches")
    expect(filter_status).to_have_text("")


LONG_REF = "doi:10.1371/journal.pcbi.1005510"
PHONE_WIDTH = 390

# Per cell of the library table: whether the table fits its panel, whether each heading and
# number is on one line, and whether each piece of a reference between two break points
# (<wbr>) is on one line (one box per text node: never broken inside).
_TABLE_LAYOUT = """() => {
  const lines = (node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  };
  const table = document.querySelector("#library-table");
  const panel = table.closest(".panel");
  const padding = parseFloat(getComputedStyle(panel).paddingRight);
  const inner = panel.getBoundingClientRect().right - padding;
  // Text read only by screen readers (the actions column's heading) is not laid out to be seen.
  const whole = [...table.querySelectorAll("th, td.num")].filter(
    (c) => c.textContent && !c.querySelector(".sr-only"),
  );
  const ref = [...table.querySelectorAll("td.ref")].find((c) => c.textContent.startsWith("doi:"));
  return {
    fits: table.getBoundingClientRect().right <= inner + 0.5,
    broken: whole.filter((c) => lines(c) > 1).map((c) => c.textContent),
    refText: ref.textContent,
    breaks: ref.querySelectorAll("wbr").length,
    refLines: lines(ref),
    brokenPieces: [...ref.childNodes]
      .filter((n) => n.nodeType === 3 && lines(n) > 1)
      .map((n) => n.data),
  };
}"""


@pytest.fixture
def long_reference(server: RunningServer) -> Iterator[None]:
    with server.client() as client:
        text = b"# A paper\n\n" + b"Version control keeps every change of a project. " * 40
        answer = client.post(
            "/v1/library",
            files={"file": ("a.md", text)},
            data={"ref": LONG_REF, "title": "Good enough practices in scientific computing"},
        )
        assert answer.status_code == 201, answer.text
        try:
            yield
        finally:
            client.delete(f"/v1/library/{LONG_REF}", params={"exact": "true"})


def test_the_library_table_fits_a_phone_and_breaks_references_only_between_parts(
    page: Page, server: RunningServer, long_reference: None
) -> None:
    page.set_viewport_size({"width": PHONE_WIDTH, "height": 800})
    page.goto(server.url)
    expect(page.locator(f'#library-table tr[data-ref="{LONG_REF}"]')).to_have_count(1)
    layout = page.evaluate(_TABLE_LAYOUT)
    assert layout["fits"], layout
    assert layout["broken"] == [], layout  # "Passages", "Reference", "156": one line each
    assert layout["refText"] == LONG_REF  # copied whole: the breaks add no characters
    assert layout["breaks"] > 0 and layout["refLines"] > 1, layout  # it does wrap on a phone
    assert layout["brokenPieces"] == [], layout  # "journal.", "pcbi.", "1005510" stay whole


URL_TITLE_REF = "local:urltitle"
URL_TITLE = "DeepChem: https://github.com/deepchem/deepchem-applications for Chemoinformatics"
# Where each row's remove button and the table end, against the screen's width.
_RIGHT_EDGES = """() => ({
  screen: document.documentElement.clientWidth,
  table: document.querySelector("#library-table").getBoundingClientRect().right,
  buttons: [...document.querySelectorAll("#library-table button")].map(
    (b) => b.getBoundingClientRect().right),
})"""


@pytest.mark.parametrize("width", [PHONE_WIDTH, 320])
def test_a_title_holding_a_long_url_keeps_the_table_on_a_phone_screen(
    page: Page, server: RunningServer, width: int
) -> None:
    with server.client() as client:
        answer = client.post(
            "/v1/library",
            files={"file": ("u.md", b"# U\n\nText.\n")},
            data={"ref": URL_TITLE_REF, "title": URL_TITLE},
        )
        assert answer.status_code == 201, answer.text
        try:
            page.set_viewport_size({"width": width, "height": 844})
            page.goto(server.url)
            expect(page.locator(f'#library-table tr[data-ref="{URL_TITLE_REF}"]')).to_have_count(1)
            edges = page.evaluate(_RIGHT_EDGES)
            assert edges["table"] <= edges["screen"], edges
            assert max(edges["buttons"]) <= edges["screen"], edges
            layout = page.evaluate(
                _TABLE_LAYOUT.replace('startsWith("doi:")', 'startsWith("local:url")')
            )
            assert layout["fits"], layout
            assert layout["broken"] == [], layout  # headings and numbers stay on one line
            assert layout["brokenPieces"] == [], layout  # the reference breaks only at <wbr>
        finally:
            client.delete(f"/v1/library/{URL_TITLE_REF}", params={"exact": "true"})


def test_an_upload_s_warnings_show_beside_its_success(page: Page, server: RunningServer) -> None:
    page.goto(server.url)
    # The file's name names one paper, the Reference field another: stored as given, with a word.
    page.set_input_files(
        "#upload-file",
        files=[
            {"name": "2101.00099v1.md", "mimeType": "text/markdown", "buffer": b"# W\n\nOne.\n"}
        ],
    )
    page.fill("#upload-ref", "arXiv:2101.00098v1")
    try:
        page.click("#upload-submit")
        expect(page.locator("#upload-status")).to_have_text(
            "arXiv:2101.00098v1: W (added, 1 passage)."
        )
        expect(page.locator("#upload-warnings li")).to_have_text(
            [
                "Warning: 2101.00099v1.md names arXiv:2101.00099v1, not arXiv:2101.00098v1; "
                "stored as arXiv:2101.00098v1, as given"
            ]
        )
        # The next upload's outcome replaces them.
        page.set_input_files(
            "#upload-file",
            files=[{"name": "w.md", "mimeType": "text/markdown", "buffer": b"# W\n\nTwo.\n"}],
        )
        page.fill("#upload-ref", "local:no-warning")
        page.click("#upload-submit")
        expect(page.locator("#upload-status")).to_contain_text("local:no-warning: W")
        expect(page.locator("#upload-warnings")).to_be_hidden()
    finally:
        with server.client() as client:
            for ref in ("arXiv:2101.00098v1", "local:no-warning"):
                client.delete(f"/v1/library/{ref}", params={"exact": "true"})


def test_an_arxiv_paper_is_downloaded_from_the_library_panel(
    page: Page, launcher: ServerLauncher, arxiv_papers: ArxivServer, tmp_path: Path
) -> None:
    # A reader with an arXiv id had to download the file and upload it.
    running = launcher.start(
        tmp_path / "library.sqlite3", env={"CLAIMAUDIT_ARXIV_BASE_URL": arxiv_papers.url}
    )
    try:
        page.goto(running.url)
        page.locator("#arxiv-ref").fill("1706.03762")
        page.locator("#arxiv-submit").click()
        expect(page.locator("#upload-status")).to_have_text(
            "arXiv:1706.03762v2: Attention Is All You Need (added, 1 passage)."
        )
        expect(page.locator('#library-table tr[data-ref="arXiv:1706.03762v2"]')).to_have_count(1)
        expect(page.locator("#arxiv-ref")).to_have_value("")
        page.locator("#arxiv-ref").fill("doi:10.1000/xyz")
        page.locator("#arxiv-submit").click()
        expect(page.locator("#upload-status")).to_have_text(
            "doi:10.1000/xyz is not an arXiv paper: only arXiv papers are downloaded; upload "
            "its file with the form above instead."
        )
    finally:
        stop(running)


def test_a_title_not_changed_says_what_to_tick_not_what_to_send(
    page: Page, server: RunningServer
) -> None:
    """Identical content sent with another title, without replace: the warning said "send
    replace: true", the API's field, where the page has a box to tick."""
    ref = "local:retitle"
    with server.client() as client:
        stored = client.post(
            "/v1/library", files={"file": ("r.md", b"# Old\n\nSame.\n")}, data={"ref": ref}
        )
        assert stored.status_code == 201, stored.text
    try:
        page.goto(server.url)
        page.set_input_files(
            "#upload-file",
            files=[{"name": "r.md", "mimeType": "text/markdown", "buffer": b"# Old\n\nSame.\n"}],
        )
        page.fill("#upload-ref", ref)
        page.fill("#upload-title", "New")
        page.click("#upload-submit")
        expect(page.locator("#upload-status")).to_have_text(
            f"{ref}: Old (already stored, unchanged)."
        )
        expect(page.locator("#upload-warnings li")).to_have_text(
            [
                f"Warning: {ref} is already stored with identical content, titled 'Old'; it was "
                "not retitled: tick “replace different content” and upload again to change its "
                "title"
            ]
        )
    finally:
        with server.client() as client:
            client.delete(f"/v1/library/{ref}", params={"exact": "true"})
