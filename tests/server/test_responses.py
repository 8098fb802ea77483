"""The API writes JSON as the command line's --json does: characters a page or a terminal would
obey (a bidirectional override) as \\u escapes, which every JSON reader turns back into the text."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from claimaudit.server.app import create_app
from claimaudit.server.config import ServerConfig

TITLE = "Notes \u202etxt.exe, \u00e9t\u00e9"  # U+202E: RIGHT-TO-LEFT OVERRIDE; accents stay


def test_the_api_escapes_bidi_controls_as_the_command_line_does(tmp_path: Path) -> None:
    app = create_app(ServerConfig(library=tmp_path / "library.sqlite3"))
    with TestClient(app, base_url="http://127.0.0.1") as client:
        added = client.post(
            "/v1/library",
            data={"ref": "local:bidi", "title": TITLE},
            files={"file": ("notes.md", b"# Notes\n\nSparse matrices store few values.\n")},
        )
        assert added.status_code == 201, added.text
        listed = client.get("/v1/library")
        # A claim may not hold an override (refused as such); isolates are text, escaped.
        claim = "Sparse matrices \u2066help\u2069 (\u00e9t\u00e9)."
        checked = client.post("/v1/checks", json={"claim": claim, "papers": ["local:none"]})
    for response in (added, listed):
        assert "\u202e" not in response.text and "\\u202e" in response.text
    for response in (added, listed, checked):
        assert "\u00e9t\u00e9" in response.text  # non-ASCII text is kept as it is
    assert "\u2066" not in checked.text and "\\u2066" in checked.text
    # The text itself is unchanged for a JSON reader (the web page's JSON.parse included).
    assert listed.json()["papers"][0]["title"] == TITLE
    assert checked.json()["records"][0]["claim"] == claim
