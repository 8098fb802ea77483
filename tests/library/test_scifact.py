from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

from claimaudit.errors import ContentConflictError, InputError
from claimaudit.identity import parse_ref
from claimaudit.library.models import NewPaper
from claimaudit.library.scifact import CorpusFormat, empty_documents, import_corpus
from claimaudit.library.store import Library
from tests.library.helpers import (
    CHECK_COVID_CORPUS,
    CITATION_INTEGRITY_CORPUS,
    SCIFACT_CORPUS,
    make_pdf,
)


def _doc(doc_id: int) -> dict[str, object]:
    with SCIFACT_CORPUS.open(encoding="utf-8") as corpus:
        for line in corpus:
            record = json.loads(line)
            if record["doc_id"] == doc_id:
                return dict(record)
    raise AssertionError(doc_id)


def test_full_corpus_sentence_numbering(scifact_library_path: Path) -> None:
    doc = _doc(4983)
    with Library.open(scifact_library_path, create=False) as lib:
        assert len(lib.list_papers()) == 5183
        paper = lib.get_paper(parse_ref("scifact:4983"))
        assert paper is not None and paper.title == doc["title"]
        passages = lib.passages(parse_ref("scifact:4983"))
        abstract = doc["abstract"]
        assert isinstance(abstract, list)
        assert passages[0].passage_id == "P001" and passages[0].text == abstract[0]
        assert [p.text for p in passages] == abstract


def test_search_finds_the_evidence_sentence(scifact_library_path: Path) -> None:
    doc = _doc(4983)
    abstract = doc["abstract"]
    assert isinstance(abstract, list)
    with Library.open(scifact_library_path, create=False) as lib:
        hits = lib.search(abstract[0], limit=5)
    assert (str(hits[0].ref), hits[0].passage_id) == ("scifact:4983", "P001")


def test_reimport_is_a_noop_and_changes_need_replace(tmp_path: Path, library: Library) -> None:
    lines = SCIFACT_CORPUS.read_text(encoding="utf-8").splitlines()[:20]
    small = tmp_path / "small.jsonl"
    small.write_text("\n".join(lines) + "\n", encoding="utf-8")
    first = import_corpus(library, small)
    assert (first.added, first.unchanged) == (20, 0)
    again = import_corpus(library, small)
    assert (again.added, again.unchanged) == (0, 20)
    record = json.loads(lines[0])
    record["abstract"] = [*record["abstract"], "An extra sentence."]
    small.write_text("\n".join([json.dumps(record), *lines[1:]]) + "\n", encoding="utf-8")
    with pytest.raises(ContentConflictError):
        import_corpus(library, small)
    replaced = import_corpus(library, small, replace=True)
    assert (replaced.replaced, replaced.unchanged) == (1, 19)
    ref = parse_ref(f"scifact:{record['doc_id']}")
    assert library.passages(ref)[-1].text == "An extra sentence."


def test_check_covid_and_citation_integrity(library: Library) -> None:
    summary = import_corpus(library, CHECK_COVID_CORPUS, CorpusFormat.CHECK_COVID)
    assert summary.added == 347
    first = json.loads(CHECK_COVID_CORPUS.read_text(encoding="utf-8").splitlines()[0])
    passages = library.passages(parse_ref(f"checkcovid:{first['cord_id']}"))
    assert passages[0].text == first["abstract"][0]
    cit = import_corpus(library, CITATION_INTEGRITY_CORPUS, CorpusFormat.CITATION_INTEGRITY)
    assert cit.added + cit.skipped == 3063
    paper = library.get_paper(parse_ref("citint:66000"))
    assert paper is not None and paper.title == "citint:66000"  # empty title upstream
    custom = import_corpus(library, CITATION_INTEGRITY_CORPUS, ref_prefix="citation-integrity")
    assert custom.added == cit.added
    assert library.get_paper(parse_ref("citation-integrity:66000")) is not None


def test_bad_line_rolls_back_whole_import(tmp_path: Path, library: Library) -> None:
    lines = SCIFACT_CORPUS.read_text(encoding="utf-8").splitlines()[:5]
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join([*lines, "{not json"]) + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"bad.jsonl:6: not valid JSON"):
        import_corpus(library, bad)
    assert library.list_papers() == []
    with pytest.raises(InputError, match="cord_id"):
        import_corpus(library, SCIFACT_CORPUS, CorpusFormat.CHECK_COVID)


def test_a_paper_given_as_a_corpus_is_named_as_a_paper(tmp_path: Path, library: Library) -> None:
    pdf = make_pdf(tmp_path / "victim.pdf")
    binary = tmp_path / "image.jsonl"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    for path in (pdf, binary):
        with pytest.raises(InputError) as refused:
            import_corpus(library, path)
        assert str(refused.value) == (
            f"{path}: not a JSON Lines corpus (it looks like a PDF or other binary file); "
            "add a paper with `claimaudit library add`"
        )
    assert library.list_papers() == []


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_a_utf16_corpus_is_named_as_utf16_not_binary(
    tmp_path: Path, library: Library, encoding: str
) -> None:
    # Its NUL bytes made it "a PDF or other binary file".
    corpus = tmp_path / "corpus.jsonl"
    line = {"doc_id": 1, "title": "T", "abstract": ["A sentence."]}
    corpus.write_text(json.dumps(line) + "\n", encoding=encoding)
    with pytest.raises(InputError) as refused:
        import_corpus(library, corpus)
    assert str(refused.value) == f"{corpus}: UTF-16 text, not UTF-8; re-save it as UTF-8"
    assert library.list_papers() == []


def test_a_document_named_twice_is_refused_before_anything_is_stored(
    tmp_path: Path, library: Library
) -> None:
    # "7" and 7 are the same reference (scifact:7), so the same document.
    lines = [
        json.dumps({"doc_id": 5, "title": "Five", "abstract": ["A."]}),
        json.dumps({"doc_id": "7", "title": "Seven", "abstract": ["B."]}),
        json.dumps({"doc_id": 7, "title": "Seven again", "abstract": ["C."]}),
    ]
    corpus = tmp_path / "twice.jsonl"
    corpus.write_text("\n".join(lines) + "\n", encoding="utf-8")
    for replace in (False, True):
        with pytest.raises(InputError, match=r"twice.jsonl:3: doc_id 7 repeats line 2$"):
            import_corpus(library, corpus, replace=replace)
        assert library.list_papers() == []


def test_empty_documents_are_those_the_import_skips(tmp_path: Path, library: Library) -> None:
    corpus = tmp_path / "corpus.jsonl"
    documents = [
        {"doc_id": 100, "title": "Screening", "abstract": ["Screening began in 2001."]},
        {"doc_id": 200, "title": "Empty", "abstract": []},
    ]
    corpus.write_text("".join(json.dumps(d) + "\n" for d in documents), encoding="utf-8")
    assert import_corpus(library, corpus).skipped == 1
    assert empty_documents(corpus, CorpusFormat.SCIFACT) == {parse_ref("scifact:200")}


@pytest.mark.parametrize("corpus_format", list(CorpusFormat))
def test_a_ref_names_its_format(corpus_format: CorpusFormat) -> None:
    ref = parse_ref(f"{corpus_format.ref_prefix}:4983")
    assert CorpusFormat.of_ref(ref) is corpus_format
    assert CorpusFormat.of_ref(parse_ref("arXiv:1907.10121")) is None


def _long_document(doc_id: int) -> str:
    # A line of about 1 MiB: far past any read-ahead buffer, so that what lies past it is read
    # only when the import gets there.
    sentences = [f"Sentence {n} of document {doc_id} says something." for n in range(20_000)]
    return json.dumps({"doc_id": doc_id, "title": f"Doc {doc_id}", "abstract": sentences})


class _SpoilingLibrary(Library):
    """A real library whose caller's documents spoil the corpus's last line once the first
    document has been stored: a corpus read whole before storing never sees it."""

    corpus: Path

    def store_papers(self, papers: Iterable[NewPaper], *, replace: bool = False) -> list[Any]:
        def drawn() -> Iterator[NewPaper]:
            for number, paper in enumerate(papers):
                if number == 1:
                    with self.corpus.open("r+b") as handle:
                        handle.seek(-4, os.SEEK_END)  # '."]}' and the line end, made bad JSON
                        handle.write(b"!!!\n")
                yield paper

        return super().store_papers(drawn(), replace=replace)


def test_the_corpus_is_read_as_it_is_stored_and_a_late_bad_line_stores_nothing(
    tmp_path: Path,
) -> None:
    # It was read whole first (text, lines and every document at once: 531 MB of memory for a
    # 100 MB corpus); now one document at a time, inside the one transaction, so a bad line
    # found late still leaves the library as it was.
    corpus = tmp_path / "big.jsonl"
    corpus.write_text("".join(_long_document(n) + "\n" for n in (1, 2, 3)), encoding="utf-8")
    opened = Library.open(tmp_path / "lib.db")
    library = _SpoilingLibrary(opened._conn, opened.path)
    library.corpus = corpus
    with library:
        with pytest.raises(InputError, match=r"big.jsonl:3: not valid JSON"):
            import_corpus(library, corpus)
        assert library.list_papers() == [] and library.stored == []


def test_line_ends_marks_and_bytes_read_as_the_whole_text_was(
    tmp_path: Path, library: Library
) -> None:
    corpus = tmp_path / "corpus.jsonl"
    one, two, three = (
        json.dumps({"doc_id": n, "abstract": [f"S{n}."]}).encode() for n in (1, 2, 3)
    )
    # A byte order mark, then "\r\n", a lone "\r" and "\n" line ends, a blank line between.
    corpus.write_bytes(b"\xef\xbb\xbf" + one + b"\r\n" + two + b"\r\r\n" + three)
    summary = import_corpus(library, corpus)
    assert (summary.added, summary.passages, summary.written) == (3, 3, 3)
    bad = tmp_path / "bad.jsonl"
    data = one + b"\n" + b'{"doc_id": 2, "abstract": ["caf\xe9"]}\n'
    bad.write_bytes(data)
    with pytest.raises(InputError) as refused:
        import_corpus(library, bad)
    # The offset is the file's, as it was: the line's start plus the byte's place in it.
    assert str(refused.value) == (
        f"{bad}: not UTF-8 text (invalid byte 0xe9 at offset {data.index(0xE9)}); "
        "convert it to UTF-8 first"
    )
    assert len(library.list_papers()) == 3


def test_a_corpus_line_with_a_raw_cr_between_its_tokens_is_one_document(
    tmp_path: Path, library: Library
) -> None:
    # JSON allows a raw CR as whitespace: the line was split there, its document lost.
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_bytes(
        b'{"doc_id": 1,\r"abstract": ["S1."]}\n{"doc_id": 2, "abstract": ["S2."]}\r'
        b'{"doc_id": 3, "abstract": ["S3."]}\n'
    )
    summary = import_corpus(library, corpus)
    assert (summary.added, summary.passages, summary.written) == (3, 3, 3)


@pytest.mark.parametrize(
    ("line", "named"),
    [
        ('{"doc_id": 1, "doc_id": 2, "title": "A", "abstract": ["B."]}', "doc_id"),
        ('{"doc_id": 1, "title": "A", "abstract": ["B."], "abstract": ["C."]}', "abstract"),
        ('{"doc_id": 1, "title": "A", "abstract": ["B."], "x": {"y": 1, "y": 2}}', "x.y"),
    ],
)
def test_a_key_given_twice_is_refused_not_read_as_its_last(
    tmp_path: Path, library: Library, line: str, named: str
) -> None:
    # {"doc_id": 1, "doc_id": 2} was stored as document 2, without a word.
    corpus = tmp_path / "keys.jsonl"
    corpus.write_text(line + "\n", encoding="utf-8")
    message = rf"keys.jsonl:1: {named}: Input should be given once, not 2 times$"
    with pytest.raises(InputError, match=message.replace(".", r"\.")):
        import_corpus(library, corpus)
    assert library.list_papers() == []


def test_an_object_as_a_doc_id_is_named_an_object(tmp_path: Path, library: Library) -> None:
    corpus = tmp_path / "obj.jsonl"
    corpus.write_text('{"doc_id": {"a": 1}, "title": "A", "abstract": ["B."]}\n', encoding="utf-8")
    with pytest.raises(
        InputError, match=r"'doc_id' must be a string or a whole number, not an object$"
    ):
        import_corpus(library, corpus)
