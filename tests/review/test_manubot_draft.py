"""A real Manubot manuscript: "Ten quick tips for deep learning in biology" (deep-rules).

Manubot builds the manuscript from the numbered ``content/[0-9]*.md`` files in name order; the
folder's other Markdown files (a response to reviewers, inquiries) are not part of it. Every
citation in it must be found, and every paper missing from the library must come back as
``not_checked``. The one cited paper that is in the shared data, Ching et al. 2018
(doi:10.1098/rsif.2017.0387, the deep-review manuscript), is ingested and really checked.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from claimaudit.api import make_checker
from claimaudit.identity import parse_ref
from claimaudit.library.ingest import add_path
from claimaudit.library.store import Library
from claimaudit.records import NotCheckedRecord
from claimaudit.review import CitationStyle, ReviewResult, review_report

DEEP_REVIEW_DOI = "doi:10.1098/rsif.2017.0387"


def _manuscript(shared_data: Path) -> str:
    content = shared_data / "papers" / "deep-rules_lee2022" / "content"
    files = sorted(content.glob("[0-9]*.md"))
    assert len(files) == 16
    return "\n\n".join(path.read_text(encoding="utf-8") for path in files)


def _raw_citation_keys(text: str) -> Counter[str]:
    """Counted straight from the text: every @prefix:key inside square brackets, except the
    citation-tag definitions at line starts and pandoc-crossref figure references."""
    text = re.sub(r"(?m)^\[@tag:[^\]]+\]:.*$", "", text)
    groups = re.findall(r"\[([^\[\]]*@[^\[\]]*)\]", text)
    keys = [k for g in groups for k in re.findall(r"@([A-Za-z]+:[^\s;\]]+)", g)]
    return Counter(k for k in keys if not k.startswith("fig:"))


@pytest.fixture(scope="module")
def reviewed(shared_data: Path, tmp_path_factory: pytest.TempPathFactory) -> ReviewResult:
    path = tmp_path_factory.mktemp("manubot") / "library.sqlite3"
    with Library.open(path) as library:
        add_path(
            library,
            shared_data / "papers" / "deep-review_ching2018",
            ref=parse_ref(DEEP_REVIEW_DOI),
        )
    return review_report(_manuscript(shared_data), checker=make_checker(library=path))


def test_every_citation_is_found(shared_data: Path, reviewed: ReviewResult) -> None:
    expected = _raw_citation_keys(_manuscript(shared_data))
    assert sum(expected.values()) > 120  # the manuscript's real size, not an empty match
    found = Counter(
        citation.key
        for claim in reviewed.claims
        for citation in claim.claim.citations
        if citation.style is CitationStyle.KEY
    )
    assert found == expected
    assert all(c.style is CitationStyle.KEY for r in reviewed.claims for c in r.claim.citations)


def test_missing_papers_are_not_checked_and_the_one_present_is_judged(
    reviewed: ReviewResult,
) -> None:
    records = [item.record for item in reviewed.records]
    checked = [r for r in records if r.verdict != "not_checked"]
    assert [r.paper_ref for r in checked] == [DEEP_REVIEW_DOI]
    # "[Deep learning] has been increasingly used to derive novel insights from high-dimensional
    # biological data", cited to the deep-review survey of exactly that: support is right.
    assert checked[0].verdict == "supports"
    missing = [r for r in records if isinstance(r, NotCheckedRecord)]
    assert len(missing) == len(records) - 1 > 100
    # DOIs and arXiv papers alike (library, else Valyu): one wording for a paper not stored.
    # Reviewed through the Python API: the fact alone, no surface's advice.
    in_library = [r for r in missing if "is not in the local library" in r.error]
    cannot_resolve = [r for r in missing if r.error.startswith("citation ")]
    assert len(in_library) + len(cannot_resolve) == len(missing)
    # Web pages and short DOIs name no paper that can be checked; the error names the citation.
    assert any(r.paper_ref == "@url:https://github.com/Benjamin-Lee/deep-rules" for r in missing)
    assert any(r.paper_ref == "@doi:10/dzwxkd" for r in cannot_resolve)
    # A citation tag resolves through its definition in 99.citation-tags.md.
    assert any(r.paper_ref == "doi:10.1016/s0933-3657(96)00367-3" for r in in_library)
    assert reviewed.summary.not_checked == len(missing)
