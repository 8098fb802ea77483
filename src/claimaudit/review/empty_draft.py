"""An empty draft is refused, in the same words on every surface (the command line, the HTTP
API, the MCP tools, Python): reviewed, it gave "0 cited sentences", so a CI gate on an
accidentally emptied or truncated file passed without a word."""

from __future__ import annotations

from claimaudit.errors import DraftError
from claimaudit.review.document import BOM


def refuse_empty_draft(text: str, language: str) -> None:
    """DraftError when ``text`` holds nothing but whitespace (after a BOM, if any);
    ``language`` ("Markdown", "LaTeX") names what it should hold."""
    if not text.removeprefix(BOM).strip():
        raise DraftError(f"the draft is empty: there is no {language} text to review")
