"""The API's JSON responses, written as the command line writes ``--json``: non-ASCII text kept,
and the characters a page or a terminal would obey (bidirectional overrides, C1 controls) as
``\\u`` escapes (see ``claimaudit.guards.jsonsafe``). Any JSON reader, the web page's ``JSON.parse``
included, reads the same text back."""

from __future__ import annotations

import json
from typing import Any

from starlette.responses import JSONResponse as StarletteJSONResponse

from claimaudit.guards.jsonsafe import escape_unsafe


class JSONResponse(StarletteJSONResponse):
    def render(self, content: Any) -> bytes:
        # Starlette's own settings (compact, no NaN), then the shared escapes.
        text = json.dumps(
            content, ensure_ascii=False, allow_nan=False, indent=None, separators=(",", ":")
        )
        return escape_unsafe(text).encode("utf-8")
