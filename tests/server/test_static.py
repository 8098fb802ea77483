"""The page's files: everything it loads is shipped in the package and served by the server
itself (these machines have no internet, and the page's security policy forbids the rest)."""

from __future__ import annotations

import re

from claimaudit.inputs import MAX_CLAIM_CHARS
from claimaudit.library.ingest import MAX_TITLE_CHARS
from claimaudit.server.headers import CONTENT_SECURITY_POLICY
from claimaudit.server.library_service import MAX_FILTER_CHARS
from claimaudit.server.routes.web import STATIC

PAGE_FILES = {
    "index.html",
    "style.css",
    "main.js",
    "api.js",
    "dom.js",
    "cards.js",
    "check.js",
    "review.js",
    "library.js",
    "reasons.js",
    "messages.js",
    "keep.js",
    "counter.js",
    "format.js",
}


def test_the_page_files_are_in_the_package() -> None:
    assert {p.name for p in STATIC.iterdir()} == PAGE_FILES


def test_the_page_loads_only_its_own_files() -> None:
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    references = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert references, "the page loads its script and style"
    for reference in references:
        if reference.startswith("data:"):
            continue
        assert reference.startswith("/static/"), reference
        assert (STATIC / reference.removeprefix("/static/")).is_file(), reference


def test_scripts_import_only_sibling_modules() -> None:
    for script in STATIC.glob("*.js"):
        for target in re.findall(r'from\s+"([^"]+)"', script.read_text(encoding="utf-8")):
            assert target.startswith("./") and (STATIC / target[2:]).is_file(), (script, target)


def test_no_file_names_another_host() -> None:
    for path in STATIC.iterdir():
        assert not re.search(r"https?://|//cdn", path.read_text(encoding="utf-8")), path.name


def test_the_policy_allows_only_this_server() -> None:
    assert "default-src 'self'" in CONTENT_SECURITY_POLICY
    assert "http" not in CONTENT_SECURITY_POLICY and "unsafe" not in CONTENT_SECURITY_POLICY


def test_the_claim_counter_has_the_servers_limit() -> None:
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    claim = re.search(r"<textarea id=\"claim\"[^>]*>", html)
    assert claim is not None
    assert f'data-max-chars="{MAX_CLAIM_CHARS}"' in claim.group(0)
    # The browser's own cap would cut a long claim silently (and count an emoji as two).
    assert "maxlength" not in claim.group(0)


def test_the_title_field_has_the_servers_limit() -> None:
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    title = re.search(r"<input id=\"upload-title\"[^>]*>", html)
    assert title is not None
    # Counted in code points, as the server counts (maxlength would count an emoji as two).
    assert f'data-max-chars="{MAX_TITLE_CHARS}"' in title.group(0)
    assert "maxlength" not in title.group(0)
    assert 'aria-describedby="upload-title-count"' in title.group(0)


def test_the_library_filter_has_the_servers_limit() -> None:
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    field = re.search(r"<input id=\"library-filter\"[^>]*>", html)
    assert field is not None
    # UTF-16 units: never more code points than the server takes.
    assert f'maxlength="{MAX_FILTER_CHARS}"' in field.group(0)
    assert 'aria-describedby="library-filter-status"' in field.group(0)
