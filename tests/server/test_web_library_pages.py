"""A library of more papers than the page lists at once, in headless Chromium and over the API:
the page says how many it shows of how many, shows more on request, and its filter finds any
paper; the API's and MCP's lists say how many there are in all."""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect

from claimaudit.identity import parse_ref
from claimaudit.library.models import NewPaper, Passage
from claimaudit.library.store import Library
from tests.server.conftest import PAGE_TIMEOUT_MS, RunningServer, ServerLauncher, stop

expect.set_options(timeout=PAGE_TIMEOUT_MS)
PAPERS = 1_005
# The last paper in the table's order (by reference): past the page's first 1,000 rows.
LAST = f"local:paper-{PAPERS - 1:04d}"


@pytest.fixture(scope="module")
def big(
    launcher: ServerLauncher, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[RunningServer]:
    path = tmp_path_factory.mktemp("big-lib") / "library.sqlite3"
    with Library.open(path) as library:
        library.add_papers(
            NewPaper(
                parse_ref(f"local:paper-{i:04d}"),
                f"Paper number {i}",
                [Passage("p1", f"Text of paper {i}.", "Abstract")],
                f"hash-{i}",
            )
            for i in range(PAPERS)
        )
    running = launcher.start(path)
    yield running
    stop(running)


def test_the_api_says_how_many_papers_there_are(big: RunningServer) -> None:
    with big.client() as client:
        found = client.get("/v1/library", params={"limit": 10}).json()
        assert (len(found["papers"]), found["total"]) == (10, PAPERS)
        found = client.get("/v1/library", params={"q": "paper-100", "limit": 2}).json()
        assert (len(found["papers"]), found["total"]) == (2, 5)  # 1000 to 1004


def test_every_paper_is_reachable_from_the_page(page: Page, big: RunningServer) -> None:
    page.goto(big.url)
    rows = page.locator("#library-table tbody tr")
    expect(rows).to_have_count(1_000)
    count = page.locator("#library-count")
    expect(count).to_have_text("showing 1,000 of 1,005 papers")
    expect(page.locator(f'tr[data-ref="{LAST}"]')).to_have_count(0)
    page.click("#library-more")
    expect(rows).to_have_count(PAPERS)
    expect(count).to_have_text("1,005 papers")
    expect(page.locator("#library-more")).to_be_hidden()
    # The button that had focus is gone: focus goes to the first row it brought, not <body>.
    expect(page.locator('tr[data-ref="local:paper-1000"] button')).to_be_focused()
    expect(page.locator(f'tr[data-ref="{LAST}"]')).to_have_count(1)
    # The filter finds a paper by its reference or title, however long the library.
    page.fill("#library-filter", "number 1004")
    expect(rows).to_have_count(1)
    expect(page.locator(f'tr[data-ref="{LAST}"]')).to_have_count(1)
    expect(count).to_have_text("1 paper matches")
    expect(page.locator("#library-empty")).to_be_hidden()


def test_show_more_asks_for_the_next_page_only(page: Page, big: RunningServer) -> None:
    # Not the first 2,000 again: the API's limit would stop the page at 10,000 papers.
    asked: list[dict[str, list[str]]] = []
    page.on(
        "request",
        lambda request: (
            asked.append(parse_qs(urlsplit(request.url).query))
            if urlsplit(request.url).path == "/v1/library"
            else None
        ),
    )
    page.goto(big.url)
    rows = page.locator("#library-table tbody tr")
    expect(rows).to_have_count(1_000)
    page.click("#library-more")
    expect(rows).to_have_count(PAPERS)
    assert asked[-1] == {"limit": ["1000"], "offset": ["1000"]}
    expect(page.locator("#library-count")).to_have_text(f"{PAPERS:,} papers")
