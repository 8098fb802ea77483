"""Reading the library's papers: the copy a reference resolves to, and the papers whose
reference or title holds some text (``claimaudit.library.paper_rows``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimaudit.identity import parse_ref
from claimaudit.library.ingest import add_path
from claimaudit.library.store import Library
from tests.library.stored_papers import new_paper


def test_version_rule_via_add_with_ref(library: Library, tmp_path: Path) -> None:
    source = tmp_path / "notes.txt"
    source.write_text("Self-attention layers connect all positions.\n", encoding="utf-8")
    add_path(library, source, ref=parse_ref("1706.03762v2"))
    assert library.get_paper(parse_ref("1706.03762")) is not None
    assert library.get_paper(parse_ref("arXiv:1706.03762v2")) is not None
    assert library.get_paper(parse_ref("1706.03762v3")) is None
    assert library.get_paper(parse_ref("1706.03763")) is None


def test_unversioned_request_picks_highest_stored_version(library: Library) -> None:
    library.add_paper(new_paper("1706.03762", "unversioned copy"))
    library.add_paper(new_paper("1706.03762v5", "fifth", digest="h5"))
    library.add_paper(new_paper("1706.03762v2", "second", digest="h2"))
    newest = library.get_paper(parse_ref("1706.03762"))
    assert newest is not None and newest.ref.version == 5
    assert library.passages(parse_ref("1706.03762"))[0].text == "fifth"
    second = library.get_paper(parse_ref("1706.03762v2"))
    assert second is not None and second.ref.version == 2


def test_find_papers_by_ref_or_title(library: Library) -> None:
    library.add_paper(new_paper("arXiv:1706.03762v5", "a", title="Attention Is All You Need"))
    library.add_paper(new_paper("doi:10.1000/attn", "b", title="Other work"))
    library.add_paper(new_paper("doi:10.5555/x_100%", "c", title="Notes"))
    library.add_paper(new_paper("local:zz", "d", title="Z"))
    library.add_paper(new_paper("doi:10.1234/local", "e", title="Y"))
    assert [str(p.ref) for p in library.find_papers("attention")] == ["arXiv:1706.03762v5"]
    # A reference that starts with the text ranks before one that merely contains it.
    assert [str(p.ref) for p in library.find_papers("doi:10.1")] == [
        "doi:10.1000/attn",
        "doi:10.1234/local",
    ]
    assert [str(p.ref) for p in library.find_papers("LOCAL")] == ["local:zz", "doi:10.1234/local"]
    assert [str(p.ref) for p in library.find_papers("arx")] == ["arXiv:1706.03762v5"]
    assert [str(p.ref) for p in library.find_papers("work")] == ["doi:10.1000/attn"]
    # LIKE wildcards in the text are literal characters.
    assert [str(p.ref) for p in library.find_papers("x_1")] == ["doi:10.5555/x_100%"]
    assert [str(p.ref) for p in library.find_papers("%")] == ["doi:10.5555/x_100%"]
    assert library.find_papers("0_") == []
    assert len(library.find_papers("", limit=2)) == 2


@pytest.mark.parametrize("typed", ["Über", "über", "ÜBER", "влияние", "ВЛИЯНИЕ"])
def test_find_papers_is_case_blind_in_every_script(library: Library, typed: str) -> None:
    """SQLite's lower() folds ASCII only: a title with a capital Ü or Cyrillic letters was not
    found even typed exactly ("Über", "Влияние"), only by its ASCII words."""
    library.add_paper(new_paper("local:de", "a", title="Über die Wirksamkeit von Impfstoffen"))
    library.add_paper(new_paper("local:ru", "b", title="Влияние сна на память"))
    library.add_paper(new_paper("local:en", "c", title="Uber drivers"))
    expected = {"Über": ["local:de"], "über": ["local:de"], "ÜBER": ["local:de"]}
    expected |= {"влияние": ["local:ru"], "ВЛИЯНИЕ": ["local:ru"]}
    assert [str(p.ref) for p in library.find_papers(typed)] == expected[typed]
    assert library.count_papers(typed) == len(expected[typed])


def test_find_papers_folds_sharp_s_and_decomposed_accents(library: Library) -> None:
    library.add_paper(new_paper("local:s", "a", title="Die Straße"))
    # A title stored decomposed (U+0055 U+0308, as macOS file names give it) is found typed
    # precomposed, and the other way round.
    library.add_paper(new_paper("local:nfd", "b", title="U\u0308bersicht"))
    assert [str(p.ref) for p in library.find_papers("STRASSE")] == ["local:s"]
    assert [str(p.ref) for p in library.find_papers("übersicht")] == ["local:nfd"]


def test_a_version_not_stored_names_the_copies_that_are(library: Library) -> None:
    # QA: `library show 1603.07285v1` said only "is not in the library" while v2 was stored,
    # as if no version were there; a check's record names the stored copies, and now so do
    # show, remove and their HTTP routes.
    from claimaudit.errors import PaperNotFoundError

    library.add_paper(new_paper("1706.03762v2", "second", digest="h2"))
    library.add_paper(new_paper("1706.03762v5", "fifth", digest="h5"))
    library.add_paper(new_paper("1907.10121", "unversioned"))
    with pytest.raises(PaperNotFoundError) as shown:
        library.require_paper(parse_ref("1706.03762v3"))
    assert str(shown.value) == (
        "arXiv:1706.03762v3 is not in the library, which holds arXiv:1706.03762v2 and "
        "arXiv:1706.03762v5: name one of them, or arXiv:1706.03762 without a version for the "
        "newest one stored"
    )
    with pytest.raises(PaperNotFoundError) as read:
        list(library.iter_passages(parse_ref("1907.10121v1")))
    assert str(read.value) == (
        "arXiv:1907.10121v1 is not in the library, which holds arXiv:1907.10121 without a "
        "version: name arXiv:1907.10121"
    )
    # A removal refuses a reference matching several copies, so it is not suggested there.
    with pytest.raises(PaperNotFoundError) as removed:
        library.remove(parse_ref("1706.03762v3"))
    assert str(removed.value) == (
        "arXiv:1706.03762v3 is not in the library, which holds arXiv:1706.03762v2 and "
        "arXiv:1706.03762v5: name one of them"
    )
    # Nothing of the work stored, or an unversioned reference: the plain words, as before.
    for ref in ("2105.14372v1", "2105.14372"):
        with pytest.raises(PaperNotFoundError) as absent:
            library.require_paper(parse_ref(ref))
        assert str(absent.value) == f"{parse_ref(ref)} is not in the library"
