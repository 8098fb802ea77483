"""arXiv papers downloaded into the server's library, for a research agent that names papers by
their arXiv ids (the MCP tool ``library_add_arxiv``).

One client serves the server's life: arXiv asks for a request every few seconds at most, and a
client spaces only its own requests, so a client per call would let an agent's loop of calls
ask as fast as it likes.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from claimaudit.sources.arxiv import ArxivClient


def _default_client() -> ArxivClient:
    # Imported on use: the server starts without httpx's import cost where nothing downloads.
    from claimaudit.sources.arxiv import ArxivClient

    return ArxivClient()


class ArxivDownloads:
    """The server's one arXiv client, made on first use (a proxy or CA setting it cannot use is
    refused then, in one line, and asked again on the next call)."""

    def __init__(self, make: Callable[[], ArxivClient] = _default_client) -> None:
        self._make = make
        self._lock = threading.Lock()
        self._client: ArxivClient | None = None

    def client(self) -> ArxivClient:
        with self._lock:
            if self._client is None:
                self._client = self._make()
            return self._client

    def close(self) -> None:
        with self._lock:
            if self._client is not None:
                self._client.close()
                self._client = None
