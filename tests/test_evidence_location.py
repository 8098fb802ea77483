"""Where the evidence is printed: a PDF passage's pages travel from the library to the record,
the table, the Markdown and HTML reports ("p. 3, 1 Data Management")."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.console import Console

from claimaudit.api import make_checker
from claimaudit.cli._render import records_table
from claimaudit.identity import parse_ref
from claimaudit.library.ingest import add_path
from claimaudit.library.store import Library
from claimaudit.passage import location, page_list
from claimaudit.records import CheckedRecord, record_from_dict, record_to_dict
from claimaudit.review import render_html, review_report
from tests.fakes import ScriptedJudge, pick
from tests.library.helpers import DATA

REF = "doi:10.1371/journal.pcbi.1005510"
CLAIM = "Researchers should keep raw data exactly as it was generated."
PDF = DATA / "papers-pdf" / "good-enough-practices_wilson2017.pdf"


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    path = tmp_path_factory.mktemp("pdf") / "library.sqlite3"
    with Library.open(path) as lib:
        add_path(lib, PDF, ref=parse_ref(REF))
        [chosen] = [
            p for p in lib.passages(parse_ref(REF)) if p.text.startswith("Save the raw data (1a)")
        ]
    return path, chosen.passage_id


def _record(library: tuple[Path, str]) -> CheckedRecord:
    path, passage_id = library
    checker = make_checker(ScriptedJudge(pick("supports", passage_id)), library=path)
    record = checker.check_paper(CLAIM, REF)
    assert isinstance(record, CheckedRecord), record
    return record


def test_the_record_names_the_pages_and_section_of_its_verbatim_evidence(
    library: tuple[Path, str],
) -> None:
    record = _record(library)
    with Library.open(library[0]) as lib:
        [stored] = [p for p in lib.passages(parse_ref(REF)) if p.passage_id == library[1]]
    assert record.evidence == stored.text  # copied verbatim from the stored passage
    assert record.evidence_pages == page_list(stored.pages) == [3]
    assert record.evidence_section == "1 Data Management"
    data = record_to_dict(record)
    assert data["evidencePages"] == [3] and record_from_dict(data) == record


def test_the_table_shows_where_the_quote_is(library: tuple[Path, str]) -> None:
    console = Console(width=200, record=True)
    console.print(records_table([_record(library)]))
    assert f"{library[1]} (p. 3, 1 Data Management):" in console.export_text()


def test_the_reports_show_where_the_quote_is(library: tuple[Path, str]) -> None:
    path, passage_id = library
    checker = make_checker(ScriptedJudge(pick("supports", passage_id)), library=path)
    draft = f"Raw data should stay as generated [@{REF}].\n"
    result = review_report(draft, checker=checker)
    assert f"Evidence {passage_id} (p. 3, 1 Data Management):" in result.annotated_markdown
    assert '(<span class="where" dir="auto">p. 3, 1 Data Management</span>)' in render_html(result)


def test_location_reads_as_a_reader_looks() -> None:
    assert location([4], "2 Software") == "p. 4, 2 Software"
    assert location([4, 5], None) == "pp. 4-5"
    # A passage over three pages or more reads first to last page.
    assert location([4, 5, 6], None) == "pp. 4-6"
    assert location(None, "Introduction") == "Introduction"
    assert location(None, None) == ""


def test_the_wide_table_shows_a_title_on_one_line(library: tuple[Path, str]) -> None:
    # A title with a line break would otherwise print a line of its own ("ref: local:fake").
    record = _record(library).model_copy(
        update={"paper_title": "Evil Title\nref: local:fake\u2028x"}
    )
    console = Console(width=200, record=True)
    console.print(records_table([record], wide=True))
    text = console.export_text()
    assert "Evil Title ref: local:fake x" in text
    assert not any(line.lstrip("│ ").startswith("ref:") for line in text.splitlines())
