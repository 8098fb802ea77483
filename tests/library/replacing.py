"""A paper replaced by another connection between two reads of one command, forced as the
tester forced it: the read of its passages first lets another process replace the paper."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from claimaudit.identity import parse_ref
from claimaudit.library.models import NewPaper
from claimaudit.library.store import Library
from claimaudit.passage import Passage

REF = "arXiv:2001.00001v1"
OLD = ("Aspirin study", "Aspirin lowers the risk of heart attack.")
NEW = ("Coffee study", "Coffee intake is not linked to cancer.")


def _paper(title: str, text: str) -> NewPaper:
    return NewPaper(parse_ref(REF), title, [Passage("P001", text, "Abstract")], f"hash-{title}")


def store_old(path: Path) -> Path:
    """A library holding the old version of ``REF``."""
    with Library.open(path) as library:
        library.add_paper(_paper(*OLD))
    return path


def replace_before_passages(
    monkeypatch: pytest.MonkeyPatch, path: Path, method: str = "passages"
) -> None:
    """Make ``Library.<method>`` (a read of a paper's passages) first replace ``REF`` by its new
    version through a connection of its own, then read as it would: the metadata read before it
    is the old version's."""
    original: Callable[..., Any] = getattr(Library, method)

    def replaced_first(self: Library, *args: Any, **kwargs: Any) -> Any:
        with Library.open(path) as other:
            other.add_paper(_paper(*NEW), replace=True)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Library, method, replaced_first)
