"""Debian's Chromium, headless and offline, driven by Playwright: the one browser the tests use.

A browser download of Playwright's own is not possible on these machines, so the system package
(``make browser``, which ``make test`` runs) is launched instead, with no traffic of its own.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser

CHROMIUM = "/usr/bin/chromium"
# The system browser, offline: no downloads of its own, no background traffic.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@contextmanager
def launch_chromium() -> Iterator[Browser]:
    """A running headless Chromium, closed on exit; fails the test when the browser is missing."""
    if shutil.which(CHROMIUM) is None:
        pytest.fail(f"{CHROMIUM} is missing: run `make browser` (make test does)")
    # Imported here: only the browser tests pay for loading Playwright.
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()
