"""Small papers for the library's own tests, and what a library holds, to compare before and
after a write."""

from __future__ import annotations

from claimaudit.identity import parse_ref
from claimaudit.library.models import NewPaper
from claimaudit.library.store import Library
from claimaudit.passage import Passage


def new_paper(ref: str, *texts: str, digest: str = "h1", title: str = "T") -> NewPaper:
    """A paper of one passage a text, each in the section "Intro"."""
    passages = [Passage(f"P{i:03d}", t, "Intro") for i, t in enumerate(texts, start=1)]
    return NewPaper(parse_ref(ref), title, passages, digest, url=parse_ref(ref).url)


def library_state(lib: Library) -> list[tuple[str, str, list[Passage]]]:
    """Each stored paper's reference, content hash and passages."""
    return [(str(p.ref), p.content_hash, lib.passages(p.ref)) for p in lib.list_papers()]
