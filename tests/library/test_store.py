from __future__ import annotations

import signal
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from claimaudit.errors import (
    AmbiguousPaperError,
    ContentConflictError,
    LibraryDamagedError,
    LibraryError,
    PaperNotFoundError,
)
from claimaudit.identity import parse_ref
from claimaudit.library.health import check_health
from claimaudit.library.ingest import add_path
from claimaudit.library.models import AddOutcome, NewPaper
from claimaudit.library.search_words import NoSearchWordsError
from claimaudit.library.store import Library
from claimaudit.passage import Passage
from tests.library import replacing
from tests.library.damaging import make_library, orphan_newest_passages, refuse_passages, rows


def _paper(ref: str, *texts: str, digest: str = "h1", title: str = "T") -> NewPaper:
    passages = [Passage(f"P{i:03d}", t, "Intro") for i, t in enumerate(texts, start=1)]
    return NewPaper(parse_ref(ref), title, passages, digest, url=parse_ref(ref).url)


def _snapshot(lib: Library) -> list[tuple[str, str, list[Passage]]]:
    return [(str(p.ref), p.content_hash, lib.passages(p.ref)) for p in lib.list_papers()]


def test_add_and_read_back(library: Library) -> None:
    outcome = library.add_paper(_paper("arXiv:1706.03762v2", "Attention is all.", "Second."))
    assert outcome is AddOutcome.ADDED
    paper = library.get_paper(parse_ref("1706.03762v2"))
    assert paper is not None
    assert paper.title == "T" and paper.passage_count == 2
    assert paper.url == "https://arxiv.org/abs/1706.03762v2"
    passages = library.passages(paper.ref)
    assert [p.passage_id for p in passages] == ["P001", "P002"]
    assert passages[0] == Passage("P001", "Attention is all.", "Intro")


def test_version_rule_via_add_with_ref(library: Library, tmp_path: Path) -> None:
    source = tmp_path / "notes.txt"
    source.write_text("Self-attention layers connect all positions.\n", encoding="utf-8")
    add_path(library, source, ref=parse_ref("1706.03762v2"))
    assert library.get_paper(parse_ref("1706.03762")) is not None
    assert library.get_paper(parse_ref("arXiv:1706.03762v2")) is not None
    assert library.get_paper(parse_ref("1706.03762v3")) is None
    assert library.get_paper(parse_ref("1706.03763")) is None


def test_unversioned_request_picks_highest_stored_version(library: Library) -> None:
    library.add_paper(_paper("1706.03762", "unversioned copy"))
    library.add_paper(_paper("1706.03762v5", "fifth", digest="h5"))
    library.add_paper(_paper("1706.03762v2", "second", digest="h2"))
    newest = library.get_paper(parse_ref("1706.03762"))
    assert newest is not None and newest.ref.version == 5
    assert library.passages(parse_ref("1706.03762"))[0].text == "fifth"
    second = library.get_paper(parse_ref("1706.03762v2"))
    assert second is not None and second.ref.version == 2


def test_identical_content_is_a_noop(library: Library) -> None:
    library.add_paper(_paper("doi:10.1000/xyz", "text"))
    before = _snapshot(library)
    assert library.add_paper(_paper("doi:10.1000/xyz", "text")) is AddOutcome.UNCHANGED
    assert _snapshot(library) == before


def test_different_content_needs_replace(library: Library) -> None:
    library.add_paper(_paper("doi:10.1000/xyz", "old text"))
    before = _snapshot(library)
    with pytest.raises(ContentConflictError) as conflict:
        library.add_paper(_paper("doi:10.1000/xyz", "new text", digest="h2"))
    # The facts only: how to overwrite is each surface's advice (claimaudit.advice).
    assert conflict.value.ref == "doi:10.1000/xyz"
    assert str(conflict.value) == "doi:10.1000/xyz is already in the library with different content"
    assert _snapshot(library) == before
    outcome = library.add_paper(_paper("doi:10.1000/xyz", "new", "text", digest="h2"), replace=True)
    assert outcome is AddOutcome.REPLACED
    assert [p.text for p in library.passages(parse_ref("doi:10.1000/xyz"))] == ["new", "text"]
    # The index follows: the old words are gone, the new ones found.
    assert library.search("old") == []
    assert [h.text for h in library.search("new")] == ["new"]


@pytest.mark.parametrize(
    ("stored", "why"),
    [
        (
            "latex/14",
            ", or was read from the same files by an older reader (latex/14; this version's "
            "latex/40 may read more of them, such as a bibliography, and so hash them otherwise)",
        ),
        (None, ", or was read from the same files by an older reader (unrecorded; this"),
        ("latex/41", ""),  # stored by a newer claimaudit: its reading is not the older one
        ("pdf/3", ""),  # another format: another file
    ],
)
def test_a_conflict_with_an_older_reading_says_the_files_may_be_unchanged(
    library: Library, stored: str | None, why: str
) -> None:
    # A paper's hash covers the files its reader read, and latex/15 began reading a paper's
    # .bib: after an upgrade, adding the same LaTeX folder again gave "already in the library
    # with different content", though nothing changed and `library list` said adding it again
    # re-reads it.
    library.add_paper(replace(_paper("arXiv:1603.07285", "text"), extractor=stored))
    again = replace(_paper("arXiv:1603.07285", "text", digest="h2"), extractor="latex/40")
    with pytest.raises(ContentConflictError) as conflict:
        library.add_paper(again)
    message = str(conflict.value)
    assert message.startswith("arXiv:1603.07285 is already in the library with different content")
    assert message.removeprefix(
        "arXiv:1603.07285 is already in the library with different content"
    ).startswith(why)
    assert bool(why) == ("older reader" in message)


def test_failure_mid_insert_leaves_library_unchanged(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    library.add_paper(_paper("doi:10.1000/keep", "kept passage"))
    library.add_paper(_paper("doi:10.1000/xyz", "original passage"))
    before = _snapshot(library)

    def explode(self: Library, paper_id: int, passages: list[Passage]) -> None:
        # The paper row is already inserted (and the old version deleted) when this runs.
        raise RuntimeError("disk full")

    monkeypatch.setattr(Library, "_insert_passages", explode)
    with pytest.raises(RuntimeError):
        library.add_paper(_paper("doi:10.1000/xyz", "changed", digest="h2"), replace=True)
    with pytest.raises(RuntimeError):
        library.add_paper(_paper("doi:10.1000/new", "brand new"))
    monkeypatch.undo()
    assert _snapshot(library) == before
    assert [h.text for h in library.search("original")] == ["original passage"]


def test_add_papers_is_all_or_nothing(library: Library) -> None:
    library.add_paper(_paper("scifact:1", "one"))
    with pytest.raises(ContentConflictError):
        library.add_papers([_paper("scifact:2", "two"), _paper("scifact:1", "changed", digest="x")])
    assert [str(p.ref) for p in library.list_papers()] == ["scifact:1"]


def test_remove(library: Library) -> None:
    library.add_paper(_paper("1706.03762v2", "a"))
    library.add_paper(_paper("1706.03762v3", "b", digest="h3"))
    library.add_paper(_paper("doi:10.1000/xyz", "c"))
    with pytest.raises(LibraryError, match="several stored copies"):
        library.remove(parse_ref("1706.03762"))
    removed = library.remove(parse_ref("1706.03762v2"))
    assert str(removed.ref) == "arXiv:1706.03762v2"
    # One version left, so the unversioned ref names it unambiguously.
    assert library.remove(parse_ref("1706.03762")).ref.version == 3
    with pytest.raises(PaperNotFoundError):
        library.remove(parse_ref("1706.03762v3"))
    assert [str(p.ref) for p in library.list_papers()] == ["doi:10.1000/xyz"]
    assert library.search("a b") == []


def test_an_unversioned_copy_beside_a_version_is_removed_only_when_asked(
    library: Library,
) -> None:
    # `show` and `check` read v1 for the unversioned ref: removing the copy instead would
    # remove another paper than the one the user saw.
    library.add_paper(_paper("2101.00001", "unversioned"))
    library.add_paper(_paper("2101.00001v1", "version one", digest="h1"))
    assert library.require_paper(parse_ref("2101.00001")).ref.version == 1
    with pytest.raises(AmbiguousPaperError) as ambiguous:
        library.remove(parse_ref("2101.00001"))
    assert ambiguous.value.unversioned
    assert str(ambiguous.value) == (
        "arXiv:2101.00001 matches several stored copies (arXiv:2101.00001, arXiv:2101.00001v1): "
        "name one"
    )
    removed = library.remove(parse_ref("2101.00001"), exact=True)
    assert removed.ref.version is None
    assert [str(p.ref) for p in library.list_papers()] == ["arXiv:2101.00001v1"]
    with pytest.raises(PaperNotFoundError):
        library.remove(parse_ref("2101.00001"), exact=True)


def test_search_ranks_and_filters(library: Library) -> None:
    library.add_paper(
        _paper("doi:10.1234/a", "Sparse matrices in CSR format are fast.", "Unrelated words here.")
    )
    library.add_paper(_paper("doi:10.1234/b", "Dense matrices only.", "CSR sparse sparse matrix."))
    hits = library.search("sparse CSR matrices")
    assert {(str(h.ref), h.passage_id) for h in hits[:2]} == {
        ("doi:10.1234/a", "P001"),
        ("doi:10.1234/b", "P002"),
    }
    only_b = library.search("sparse", ref=parse_ref("doi:10.1234/b"))
    assert [(str(h.ref), h.passage_id) for h in only_b] == [("doi:10.1234/b", "P002")]
    assert library.search("sparse", limit=1)[0].score > 0
    with pytest.raises(PaperNotFoundError):
        library.search("sparse", ref=parse_ref("doi:10.1234/zzz"))


def test_search_page_says_whether_more_passages_match_than_the_limit(library: Library) -> None:
    # Twelve passages hold "sparse": a page of ten is the best ten, and says more match.
    library.add_paper(_paper("doi:10.1234/a", *[f"Sparse solver number {i}." for i in range(12)]))
    hits, more = library.search_page("sparse", limit=10)
    assert len(hits) == 10 and more
    assert [h.passage_id for h in hits] == [h.passage_id for h in library.search("sparse")]
    assert library.search_page("sparse", limit=12)[1] is False
    assert len(library.search_page("sparse", limit=12)[0]) == 12
    assert library.search_page("sparse", limit=11) == (library.search("sparse", limit=11), True)
    within = library.search_page("solver", ref=parse_ref("doi:10.1234/a"), limit=5)
    assert len(within[0]) == 5 and within[1]


def test_search_hits_carry_the_pages_of_their_passage(library: Library) -> None:
    passages = [
        Passage("P001", "Sparse matrices on two pages.", "Intro", (3, 4)),
        Passage("P002", "Dense matrices without pages.", "Intro"),
    ]
    library.add_paper(NewPaper(parse_ref("local:p"), "T", passages, "h"))
    assert [h.pages for h in library.search("sparse")] == [(3, 4)]
    assert [h.pages for h in library.search("dense")] == [None]


@pytest.mark.parametrize(
    "query", ['"unbalanced', "NEAR(a b)", "text:sparse", "sparse*", "^sparse", "x AND OR NOT"]
)
def test_user_text_is_never_fts_syntax(library: Library, query: str) -> None:
    library.add_paper(_paper("doi:10.1234/a", "Sparse text with a near neighbour and not much."))
    library.search(query)  # must not raise


@pytest.mark.parametrize("query", ["", "   ...  ", "*", '"', "-", "()", "a AND OR NOT", "the of"])
def test_a_query_with_no_word_to_search_for_is_refused(library: Library, query: str) -> None:
    library.add_paper(_paper("doi:10.1234/a", "text the of"))
    with pytest.raises(NoSearchWordsError, match=r"^no word to search for"):
        library.search(query)


def test_a_capitalised_stop_word_after_a_word_is_searched_for(library: Library) -> None:
    library.add_paper(_paper("doi:10.1234/a", "Vitamin D supplementation in winter."))
    library.add_paper(_paper("doi:10.1234/b", "Vitamin A supplementation in children."))
    library.add_paper(_paper("doi:10.1234/c", "Guidelines for a diet.", "WHO guidelines."))
    assert str(library.search("vitamin A supplementation")[0].ref) == "doi:10.1234/b"
    assert library.search("WHO guidelines")[0].text == "WHO guidelines."


def test_passages_holding_the_query_words_together_rank_first(library: Library) -> None:
    library.add_paper(_paper("doi:10.1234/a", "Matrix inversion with a sparse solver."))
    library.add_paper(
        _paper("doi:10.1234/b", "We store every operator of the model in one sparse matrix format.")
    )
    assert str(library.search("sparse matrix")[0].ref) == "doi:10.1234/b"


def test_a_decimal_number_matches_only_itself(library: Library) -> None:
    library.add_paper(_paper("doi:10.1234/a", "Dose of 2.5 mg.", "Figure 2 and table 5."))
    assert [h.text for h in library.search("2.5")] == ["Dose of 2.5 mg."]


def test_a_decimal_number_does_not_match_its_digits_across_other_punctuation(
    library: Library,
) -> None:
    library.add_paper(
        _paper(
            "doi:10.1234/a",
            "Dose of 2.5 mg.",
            "We set i_2 = 5 here.",
            "See section 1.2.5 and 12.5 and 2.55 below.",
            "Mixed at (2.5), i.e. i_2 = 5.",
        )
    )
    hits = {h.text for h in library.search("2.5")}
    assert hits == {"Dose of 2.5 mg.", "Mixed at (2.5), i.e. i_2 = 5."}
    # A passage found by another word of the query stays, whatever its numbers.
    assert {h.text for h in library.search("2.5 set")} == {*hits, "We set i_2 = 5 here."}


def test_a_query_is_read_in_its_normal_form_and_as_typed(library: Library) -> None:
    library.add_paper(_paper("doi:10.1234/a", "The ABC123 kit.", "A \ufb01eld trial."))
    # Full-width letters and digits find the plain word; a ligature typed finds itself.
    assert [h.text for h in library.search("\uff21\uff22\uff23\uff11\uff12\uff13")] == [
        "The ABC123 kit."
    ]
    assert [h.text for h in library.search("\ufb01eld")] == ["A \ufb01eld trial."]


def test_stored_text_in_compatibility_forms_is_found_by_the_plain_words_and_shown_as_stored(
    library: Library,
) -> None:
    """The index read the text as stored: "ﬁnding" (a ligature, as PDFs and Markdown hold it)
    was found only by a query typed with the ligature, "Soft" in full-width letters never."""
    ligature = "Our \ufb01nding holds for all inputs."
    wide = "\uff33\uff4f\uff46\uff54 models in \uff12\uff10\uff12\uff14, dose \uff12.\uff15 mg."
    library.add_paper(_paper("doi:10.1234/a", ligature, wide, "Nothing else here."))
    assert [h.text for h in library.search("finding")] == [ligature]
    assert [h.text for h in library.search("\ufb01nding")] == [ligature]  # typed so, still
    assert [h.text for h in library.search("soft models")] == [wide]
    assert [h.text for h in library.search("2024")] == [wide]
    assert [h.text for h in library.search("2.5")] == [wide]
    # The passages themselves are kept as read: evidence is quoted from them.
    assert [p.text for p in library.passages(parse_ref("doi:10.1234/a"))][:2] == [ligature, wide]
    library.remove(parse_ref("doi:10.1234/a"))
    assert library.search("finding") == []
    assert check_health(library.path).healthy


def test_a_heading_in_compatibility_forms_is_found_by_the_plain_words_and_shown_as_stored(
    library: Library,
) -> None:
    """The index read headings as stored while it read passages NFKC-normalised: a section
    "E\ufb03cient \uff33\uff4f\uff46\uff54" (a ligature, full-width letters) was not found
    by "efficient" nor "soft"."""
    heading = "E\ufb03cient \uff33\uff4f\uff46\uff54 methods"
    passages = [Passage("P001", "We compare two solvers.", heading)]
    library.add_paper(NewPaper(parse_ref("doi:10.1234/a"), "T", passages, "h1"))
    library.add_paper(_paper("doi:10.1234/b", "Nothing about solvers here."))
    for query in ("efficient", "soft", "E\ufb03cient"):
        hits = library.search(query)
        assert [(str(h.ref), h.section) for h in hits] == [("doi:10.1234/a", heading)], query
    assert library.passages(parse_ref("doi:10.1234/a"))[0].section == heading
    library.remove(parse_ref("doi:10.1234/a"))
    assert library.search("efficient") == []
    assert check_health(library.path).healthy


def test_a_hit_of_an_unversioned_copy_beside_versions_says_it_is_read_exactly(
    library: Library,
) -> None:
    library.add_paper(_paper("2301.00001v1", "narwhal one", digest="h1"))
    library.add_paper(_paper("2301.00001v2", "narwhal two", digest="h2"))
    library.add_paper(_paper("2301.00001", "narwhal copy", digest="h3"))
    hits = {h.text: h for h in library.search("narwhal")}
    assert not hits["narwhal one"].exact and not hits["narwhal two"].exact
    copy = hits["narwhal copy"]
    assert copy.exact and str(copy.ref) == "arXiv:2301.00001"
    # The hit's ref, read exactly, is the copy the passage belongs to; read plainly, v2.
    assert library.require_paper(copy.ref, exact=True).content_hash == "h3"
    assert library.require_paper(copy.ref).ref.version == 2
    assert [p.text for p in library.iter_passages(copy.ref, exact=True)] == ["narwhal copy"]
    within = library.search("narwhal", ref=copy.ref, exact=True)
    assert [h.text for h in within] == ["narwhal copy"]
    with pytest.raises(PaperNotFoundError):
        library.require_paper(parse_ref("2301.00001v3"), exact=True)


def test_library_uses_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "lib.sqlite3"
    Library.open(path).close()
    # The mode is stored in the file: a plain connection sees it too.
    import sqlite3

    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_foreign_database_keeps_its_journal_mode(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "other.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE t (x)")
    with pytest.raises(LibraryError):
        Library.open(path)
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"


def test_find_papers_by_ref_or_title(library: Library) -> None:
    library.add_paper(_paper("arXiv:1706.03762v5", "a", title="Attention Is All You Need"))
    library.add_paper(_paper("doi:10.1000/attn", "b", title="Other work"))
    library.add_paper(_paper("doi:10.5555/x_100%", "c", title="Notes"))
    library.add_paper(_paper("local:zz", "d", title="Z"))
    library.add_paper(_paper("doi:10.1234/local", "e", title="Y"))
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


def test_threads_read_while_another_writes(tmp_path: Path) -> None:
    """Each thread opens its own Library; readers never see a half-written paper and never fail
    with 'database is locked' while a writer adds papers one transaction at a time."""
    import threading

    path = tmp_path / "lib.sqlite3"
    with Library.open(path) as lib:
        lib.add_paper(_paper("local:seed", "seed passage"))
    papers = 40
    errors: list[BaseException] = []
    done = threading.Event()
    seen_counts: list[int] = []

    def writer() -> None:
        try:
            with Library.open(path) as lib:
                for i in range(papers):
                    texts = [f"t{i}-{j}" for j in range(5)]
                    lib.add_paper(_paper(f"local:w{i}", *texts, digest=f"d{i}"))
        except BaseException as error:
            errors.append(error)
        finally:
            done.set()

    def reader() -> None:
        counts: list[int] = []
        try:
            with Library.open(path) as lib:
                while True:
                    finished = done.is_set()
                    stored = lib.list_papers()
                    # Every visible paper is complete: all 5 passages or the seed's 1.
                    assert all(p.passage_count in (1, 5) for p in stored)
                    counts.append(len(stored))
                    if finished:
                        break
            # Committed papers never disappear from a later read.
            assert counts == sorted(counts) and counts[-1] == papers + 1
            seen_counts.extend(counts)
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=reader) for _ in range(3)]
    threads.append(threading.Thread(target=writer))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert seen_counts
    with Library.open(path) as lib:
        assert len(lib.list_papers()) == papers + 1


def test_a_library_object_stays_in_its_thread(tmp_path: Path) -> None:
    import sqlite3
    import threading

    lib = Library.open(tmp_path / "lib.sqlite3")
    caught: list[BaseException] = []

    def use() -> None:
        try:
            lib.list_papers()
        except BaseException as error:
            caught.append(error)

    thread = threading.Thread(target=use)
    thread.start()
    thread.join()
    lib.close()
    assert len(caught) == 1 and isinstance(caught[0], sqlite3.ProgrammingError)


def test_a_paper_added_after_one_deleted_outside_claimaudit_holds_only_its_own(
    tmp_path: Path,
) -> None:
    """The newest paper deleted without foreign keys: its passages keep its id, which SQLite
    would give the next paper; that paper's passages collided with them (UNIQUE failed)."""
    path = make_library(tmp_path / "lib.sqlite3")
    orphan_newest_passages(path)
    with Library.open(path) as lib:
        assert lib.add_paper(_paper("arXiv:2001.00003", "Tea is drunk hot.")) is AddOutcome.ADDED
        assert [p.text for p in lib.passages(parse_ref("arXiv:2001.00003"))] == [
            "Tea is drunk hot."
        ]
        paper = lib.get_paper(parse_ref("arXiv:2001.00003"))
        assert paper is not None and paper.passage_count == 1
    assert check_health(path).orphans == 2  # still there, for `library repair` to remove


def test_a_constraint_failing_in_a_changed_library_is_damage_and_writes_nothing(
    tmp_path: Path,
) -> None:
    path = make_library(tmp_path / "lib.sqlite3")
    refuse_passages(path)
    before = rows(path)
    with Library.open(path) as lib, pytest.raises(LibraryDamagedError) as caught:
        lib.add_paper(_paper("arXiv:2001.00003", "Tea is drunk hot."))
    assert caught.value.part == "database"
    assert str(caught.value) == (
        "the library holds rows that do not fit together (refused by another tool); nothing "
        "was written"
    )
    assert rows(path) == before


def test_reads_in_a_snapshot_see_one_state_and_writes_follow_it(tmp_path: Path) -> None:
    path = replacing.store_old(tmp_path / "lib.sqlite3")
    ref = parse_ref(replacing.REF)
    with Library.open(path) as lib:
        with lib.snapshot():
            before = lib.require_paper(ref)
            with Library.open(path) as other:  # another process replaces it meanwhile
                other.add_paper(_paper(replacing.REF, "Coffee.", digest="h2"), replace=True)
            assert lib.require_paper(ref) == before
            assert [p.text for p in lib.passages(ref)] == [replacing.OLD[1]]
        assert [p.text for p in lib.passages(ref)] == ["Coffee."]
        lib.retitle(ref, "Coffee study")  # the snapshot ended: this connection writes again


@pytest.mark.parametrize("typed", ["Über", "über", "ÜBER", "влияние", "ВЛИЯНИЕ"])
def test_find_papers_is_case_blind_in_every_script(library: Library, typed: str) -> None:
    """SQLite's lower() folds ASCII only: a title with a capital Ü or Cyrillic letters was not
    found even typed exactly ("Über", "Влияние"), only by its ASCII words."""
    library.add_paper(_paper("local:de", "a", title="Über die Wirksamkeit von Impfstoffen"))
    library.add_paper(_paper("local:ru", "b", title="Влияние сна на память"))
    library.add_paper(_paper("local:en", "c", title="Uber drivers"))
    expected = {"Über": ["local:de"], "über": ["local:de"], "ÜBER": ["local:de"]}
    expected |= {"влияние": ["local:ru"], "ВЛИЯНИЕ": ["local:ru"]}
    assert [str(p.ref) for p in library.find_papers(typed)] == expected[typed]
    assert library.count_papers(typed) == len(expected[typed])


def test_find_papers_folds_sharp_s_and_decomposed_accents(library: Library) -> None:
    library.add_paper(_paper("local:s", "a", title="Die Straße"))
    # A title stored decomposed (U+0055 U+0308, as macOS file names give it) is found typed
    # precomposed, and the other way round.
    library.add_paper(_paper("local:nfd", "b", title="U\u0308bersicht"))
    assert [str(p.ref) for p in library.find_papers("STRASSE")] == ["local:s"]
    assert [str(p.ref) for p in library.find_papers("übersicht")] == ["local:nfd"]


@pytest.mark.parametrize(
    ("typed", "expected"),
    [("ασκηση", "local:el"), ("ΑΣΚΗΣΗ", "local:el"), ("ежики", "local:ru"), ("ёжи", "local:ru")],
)
def test_greek_and_russian_search_is_blind_to_tonos_and_yo(
    library: Library, typed: str, expected: str
) -> None:
    """The index keeps the Greek tonos and the Russian ё (it strips Latin accents only):
    "ασκηση" found no "άσκηση", nor "ежики" "ёжики"."""
    library.add_paper(_paper("local:el", "η άσκηση μείωσε το άγχος.", digest="el"))
    library.add_paper(_paper("local:ru", "Ёжики и ежи не участвовали.", digest="ru"))
    library.add_paper(_paper("local:en", "Exercise reduced anxiety.", digest="en"))
    assert [str(h.ref) for h in library.search(typed)] == [expected]


def test_a_write_while_another_process_holds_the_lock_says_who_and_what_to_do(
    tmp_path: Path,
) -> None:
    path = tmp_path / "library.sqlite3"
    with Library.open(path) as library:
        library.connection.execute("PRAGMA busy_timeout = 0")  # give up at once, not in 5 s
        library.write_wait_seconds = 0
        other = sqlite3.connect(path, isolation_level=None)
        try:
            other.execute("BEGIN IMMEDIATE")
            with pytest.raises(LibraryError) as caught:
                library.add_paper(_paper("arXiv:1706.03762", "Attention is all."))
        finally:
            other.close()
        expected = (
            f"another process kept the library {path} locked for writing for 0 s; nothing was "
            "written; try again when it is done"
        )
        assert str(caught.value) == expected
        # Once it is done, the same write goes through.
        assert library.add_paper(_paper("arXiv:1706.03762", "Attention.")) is AddOutcome.ADDED


def test_stored_names_what_committed_writes_changed(library: Library) -> None:
    # A command stopped by Ctrl-C says from this what it stored: only committed changes count.
    library.add_paper(_paper("local:a", "Alpha."))
    library.add_paper(_paper("local:a", "Alpha."))  # identical: nothing written
    with pytest.raises(ContentConflictError):
        library.add_paper(_paper("local:a", "Other.", digest="h2"))  # rolled back
    library.store_papers([_paper("local:b", "Beta."), _paper("local:a", "Alpha.")])
    library.retitle(parse_ref("local:b"), "New title")
    assert [str(ref) for ref in library.stored] == ["local:a", "local:b", "local:b"]


def test_a_commit_and_its_note_are_not_parted_by_ctrl_c(library: Library) -> None:
    # Ctrl-C arriving as the paper commits is acted on once it is noted as stored.
    def ctrl_c_at_commit(statement: str) -> None:
        if statement == "COMMIT":
            signal.raise_signal(signal.SIGINT)

    library.connection.set_trace_callback(ctrl_c_at_commit)
    with pytest.raises(KeyboardInterrupt):
        library.add_paper(_paper("local:a", "Alpha."))
    library.connection.set_trace_callback(None)
    assert [str(ref) for ref in library.stored] == ["local:a"]
    assert library.get_paper(parse_ref("local:a")) is not None


@pytest.mark.parametrize(
    ("stored", "outcome"),
    [
        ("latex/14", AddOutcome.REPLACED),  # the same files, read by a newer reader: re-read
        (None, AddOutcome.REPLACED),  # a reading from before readers were recorded
        ("markdown-0", AddOutcome.REPLACED),  # a reader this version cannot read: older
        ("text/3", AddOutcome.UNCHANGED),  # the same bytes named .txt, now .md: another reader
        ("latex/41", AddOutcome.UNCHANGED),  # stored by a newer claimaudit: never read older
    ],
)
def test_the_same_content_is_read_again_only_by_a_newer_version_of_its_reader(
    library: Library, stored: str | None, outcome: AddOutcome
) -> None:
    # QA: `library add n.txt --title First`, then the same bytes as n.md --title Second, without
    # --replace: "replaced local:z: Second"; adding n.txt again flipped it back, each time new
    # passages and a new title, as though asked to replace.
    library.add_paper(replace(_paper("local:z", "kept", title="First"), extractor=stored))
    again = replace(_paper("local:z", "read again", title="Second"), extractor="latex/40")
    assert library.add_paper(again) is outcome
    kept = outcome is AddOutcome.UNCHANGED
    [paper] = library.list_papers()
    assert paper.title == ("First" if kept else "Second")
    assert [p.text for p in library.passages(paper.ref)] == (["kept"] if kept else ["read again"])
    # Asked to replace, another reader's reading replaces the stored one.
    assert library.add_paper(again, replace=True) is (
        AddOutcome.REPLACED if kept else AddOutcome.UNCHANGED
    )
    assert library.list_papers()[0].title == "Second"
