"""The source contract: what each built-in source declares about the library."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimaudit.plugins import get_registry
from claimaudit.sources.protocol import LibraryUse, Source


@pytest.mark.parametrize(
    ("name", "use"),
    [
        ("auto", LibraryUse.READS),  # reports a missing library, never creates it
        ("library", LibraryUse.READS),
        ("arxiv", LibraryUse.FILLS),  # downloads missing papers into it
        ("valyu", LibraryUse.NONE),
    ],
)
def test_built_in_sources_declare_what_they_do_with_the_library(
    name: str, use: LibraryUse, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("VALYU_API_KEY", "test-key")  # valyu is not built without one
    source = get_registry().make_source(name, path=tmp_path / "library.sqlite3")
    assert isinstance(source, Source) and source.library_use is use
    source.close()


def test_a_source_that_says_nothing_touches_no_library() -> None:
    class Search(Source):
        name = "search"

        def fetch(self, ref, query):  # type: ignore[no-untyped-def]
            raise NotImplementedError

    assert Search().library_use is LibraryUse.NONE
