"""The server's paper source hides the library path from failure messages."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimaudit.errors import SourceError
from claimaudit.identity import PaperRef, parse_ref
from claimaudit.server.sources import LIBRARY_NAME, ServerSource, server_source
from claimaudit.sources.protocol import Source, SourcePaper


class _Failing(Source):
    name = "failing"

    def __init__(self, message: str, calls: int = 0) -> None:
        self.message = message
        self.calls = calls

    def fetch(self, ref: PaperRef, query: str) -> SourcePaper:
        raise SourceError(self.message, calls=self.calls)


def test_failures_name_the_library_without_its_path(tmp_path: Path) -> None:
    library = tmp_path / "lib" / "library.sqlite3"
    failing = _Failing(f"x is not in the local library ({library}); add it", calls=2)
    source = ServerSource(failing, library)
    with pytest.raises(SourceError) as caught:
        source.fetch(parse_ref("arXiv:1706.03762"), "q")
    assert str(caught.value) == f"x is not in the local library ({LIBRARY_NAME}); add it"
    assert caught.value.calls == 2  # accounting survives the rewording
    assert source.name == "failing"


def test_a_real_library_miss_is_reworded(tmp_path: Path) -> None:
    library = tmp_path / "library.sqlite3"
    with pytest.raises(SourceError) as caught:
        server_source(library).fetch(parse_ref("doi:10.1000/xyz"), "q")
    assert str(tmp_path) not in str(caught.value)
