"""``claimaudit refs``: its table on narrow terminals (each status whole beside keys as long as
a URL; every key, reference and reason shown in full, wrapped or folded; Crossref is a local
peer), a real Manubot manuscript's manual references (CSL-JSON items keyed by
``standard_citation`` or ``id``), a library path that is no library, and a file named twice;
an entry checked as the identifier its own fields give, saying so when it names two."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from claimaudit.cli import app
from claimaudit.library.store import Library
from tests.cli.tables import boxed_columns, prose
from tests.httpfake import closed_port
from tests.refcheck.crossrefserver import CrossrefServer
from tests.signals import child_env, console_script
from tests.sources.arxivserver import ArxivServer

# Manubot-style keys of web pages, as in deep-review's manual-references.json.
URL_KEYS = [
    "url:http://www.bioinf.at/publications/2014/NIPS2014a.pdf",
    "url:http://www.iro.umontreal.ca/~lisa/publications2/index.php/publications/show/247",
]
NOTHING_TO_LOOK_UP = "no arXiv id or DOI to look up"
SICI_DOI = "10.1002/(sici)1097-4571(199806)49:8<693::aid-asi4>3.0.co;2-0"
GOOD_ENOUGH_DOI = "10.1371/journal.pcbi.1005510"


def _entry(key: str, doi: str | None = None, title: str = "A page") -> dict[str, Any]:
    entry: dict[str, Any] = {"id": key, "type": "article-journal", "title": title}
    if doi is not None:
        entry |= {"DOI": doi, "author": [{"family": "Wilson"}], "issued": {"date-parts": [[2017]]}}
    return entry


@pytest.fixture
def crossref(monkeypatch: pytest.MonkeyPatch) -> Iterator[CrossrefServer]:
    with CrossrefServer() as server:
        monkeypatch.setattr("claimaudit.refcheck.crossref.BACKOFF", 0.0)
        monkeypatch.setenv("CLAIMAUDIT_CROSSREF_BASE_URL", server.url)
        title = "Good enough practices in scientific computing"
        server.add(GOOD_ENOUGH_DOI, title, ["Wilson"], 2017)
        server.add(SICI_DOI, "Another paper altogether", ["Wilson"], 2017)
        yield server


def _refs(runner: CliRunner, tmp_path: Path, entries: list[dict[str, Any]], columns: int) -> str:
    bib = tmp_path / "manual-references.json"
    bib.write_text(json.dumps(entries), encoding="utf-8")
    result = runner.invoke(app, ["refs", str(bib), "--no-cache"], env={"COLUMNS": str(columns)})
    assert result.exit_code == 0, result.output
    *table, _summary = result.stdout.splitlines()  # the summary line is not wrapped
    assert max(len(line) for line in table) <= columns
    return result.stdout


@pytest.mark.parametrize("columns", [80, 60])
def test_long_keys_fold_and_every_status_shows(
    runner: CliRunner, tmp_path: Path, columns: int
) -> None:
    shown = _refs(runner, tmp_path, [_entry(key) for key in URL_KEYS], columns)
    assert shown.count("\u2502 not verified ") == 2  # in a cell of its own, whole
    table = boxed_columns(shown)
    assert [s for s in table["status"] if s] == ["not verified", "not verified"]
    assert all(key in "".join(table["reference"]) for key in URL_KEYS)  # folded, not cut
    assert prose(table["why"]) == f"{NOTHING_TO_LOOK_UP} {NOTHING_TO_LOOK_UP}"


@pytest.mark.parametrize("columns", [80, 60])
def test_each_status_is_whole_and_a_looked_up_doi_follows_its_key(
    runner: CliRunner, tmp_path: Path, crossref: CrossrefServer, columns: int
) -> None:
    entries = [
        _entry(URL_KEYS[1]),
        _entry("smith98", SICI_DOI, "Information retrieval on the web"),
        _entry("doi:10.1234/gone", "10.1234/gone"),
        _entry("wilson2017", GOOD_ENOUGH_DOI, "Good enough practices in scientific computing"),
    ]
    shown = _refs(runner, tmp_path, entries, columns)
    for status in ("not verified", "metadata mismatch", "not found", "ok"):
        assert f"\u2502 {status} " in shown
    table = boxed_columns(shown)
    assert [s for s in table["status"] if s] == [
        "not verified",
        "metadata mismatch",
        "not found",
        "ok",
    ]
    # The key, then the DOI looked up unless it is the key (spaces aside: where a line
    # breaks depends on the width).
    assert "".join("".join(table["reference"]).split()) == (
        f"{URL_KEYS[1]}smith98(doi:{SICI_DOI})doi:10.1234/gonewilson2017(doi:{GOOD_ENOUGH_DOI})"
    )
    reasons = prose(table["why"])
    assert reasons.startswith(NOTHING_TO_LOOK_UP) and "Another paper altogether" in reasons


def test_refs_reads_every_manubot_manual_reference(runner: CliRunner, shared_data: Path) -> None:
    path = shared_data / "papers" / "deep-rules_lee2022" / "content" / "manual-references.json"
    result = runner.invoke(app, ["refs", str(path), "--no-cache", "--json"])
    assert result.exit_code == 0, result.stderr
    assert "could not be read" not in result.stderr
    answer = json.loads(result.stdout)
    assert answer.get("unreadEntries", []) == []
    keys = [check["key"] for check in answer["references"]]
    nvidia = "url:https://docs.nvidia.com/deeplearning/sdk/cudnn-developer-guide/index.html"
    assert f"{nvidia}#reproducibility" in keys  # a standard_citation item
    assert len(keys) == 4


def test_refs_says_why_an_arxiv_id_is_refused(runner: CliRunner, tmp_path: Path) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text("@misc{typo, eprint = {9912.12345}, archivePrefix = {arXiv}}\n", "utf-8")
    result = runner.invoke(app, ["refs", str(bib), "--no-cache", "--json"])
    assert result.exit_code == 0, result.stderr
    (check,) = json.loads(result.stdout)["references"]
    assert (check["key"], check["ref"], check["referenceStatus"]) == ("typo", None, "not_verified")
    assert check["reason"] == (
        "not a valid arXiv identifier: '9912.12345': it would be from December 2099, a month not"
        " yet reached"
    )


def test_an_entry_is_checked_as_its_doi_not_an_arxiv_id_its_note_mentions(
    runner: CliRunner, tmp_path: Path, crossref: CrossrefServer
) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text(
        "@article{gep, title = {Good enough practices in scientific computing},\n"
        f"  author = {{Wilson, Greg}}, year = {{2017}}, doi = {{{GOOD_ENOUGH_DOI}}},\n"
        "  note = {Builds on the SciPy ecosystem (arXiv:1907.10121)}}\n",
        encoding="utf-8",
    )
    result = runner.invoke(app, ["refs", str(bib), "--no-cache", "--json"])
    assert result.exit_code == 0, result.stderr
    (check,) = json.loads(result.stdout)["references"]
    assert (check["ref"], check["referenceStatus"]) == (f"doi:{GOOD_ENOUGH_DOI}", "ok")
    assert "two identifiers" not in check["reason"]


def test_an_entry_naming_an_arxiv_id_and_a_doi_says_so_in_its_reason(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text(
        "@article{scipy, title = {SciPy 1.0}, author = {Virtanen, Pauli}, year = {2020},\n"
        "  eprint = {1907.10121}, archivePrefix = {arXiv}, doi = {10.1038/s41592-019-0686-2}}\n",
        encoding="utf-8",
    )
    with ArxivServer() as arxiv:
        arxiv.add("1907.10121", "SciPy 1.0", {1: b""}, authors=("Pauli Virtanen",),
                  published="2019-07-23T00:00:00Z")  # fmt: skip
        monkeypatch.setattr("claimaudit.sources.arxiv.MIN_INTERVAL", 0.0)
        monkeypatch.setenv("CLAIMAUDIT_ARXIV_BASE_URL", arxiv.url)
        result = runner.invoke(app, ["refs", str(bib), "--no-cache", "--json"])
    assert result.exit_code == 0, result.stderr
    (check,) = json.loads(result.stdout)["references"]
    assert (check["ref"], check["referenceStatus"]) == ("arXiv:1907.10121", "ok")
    assert check["reason"].endswith(
        "; bibliography entry 'scipy' names two identifiers, arXiv:1907.10121 and "
        "doi:10.1038/s41592-019-0686-2; it is checked as arXiv:1907.10121"
    )


def test_a_library_that_is_not_a_database_is_refused_up_front(
    runner: CliRunner, tmp_path: Path, crossref: CrossrefServer
) -> None:
    notes = tmp_path / "notes.md"
    notes.write_text("# Notes\n\nnot a library\n", encoding="utf-8")
    bib = tmp_path / "refs.json"
    bib.write_text(json.dumps([_entry("wilson2017", GOOD_ENOUGH_DOI)]), encoding="utf-8")
    result = runner.invoke(app, ["refs", str(bib), "--library", str(notes)])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        f"error: cannot open library {notes}: file is not a database"
    ]
    assert result.stdout == "" and crossref.seen == []  # nothing asked
    assert notes.read_text(encoding="utf-8") == "# Notes\n\nnot a library\n"
    # Without the cache the library is not used, so it is not in the way.
    kept = runner.invoke(app, ["refs", str(bib), "--library", str(notes), "--no-cache"])
    assert kept.exit_code == 0, kept.output


def test_a_file_named_twice_is_read_once(
    runner: CliRunner, tmp_path: Path, crossref: CrossrefServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    bib = tmp_path / "refs.json"
    bib.write_text(json.dumps([_entry("wilson2017", GOOD_ENOUGH_DOI)]), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    again = ["refs.json", str(bib), "./refs.json", "--no-cache", "--json"]
    result = runner.invoke(app, ["refs", str(bib), *again])
    assert result.exit_code == 0, result.output
    answer = json.loads(result.stdout)
    assert [(r["file"], r["key"]) for r in answer["references"]] == [(str(bib), "wilson2017")]
    assert sum(answer["summary"].values()) == 1
    assert len(crossref.seen) == 1


def _refs_json(runner: CliRunner, bib: Path, *more: str) -> dict[str, Any]:
    result = runner.invoke(app, ["refs", str(bib), *more, "--no-cache", "--json"])
    assert result.exit_code == 0, result.output
    answer: dict[str, Any] = json.loads(result.stdout)
    return answer


@pytest.mark.parametrize(
    "field",
    [
        r"doi = {10.1000/abc{\_}def}",
        r"doi = {10.1000/abc\_def}",
        r"url = {https://doi.org/10.1000/abc\_def}",
    ],
)
def test_a_tex_escape_in_a_doi_field_is_read_as_the_character(
    runner: CliRunner, tmp_path: Path, crossref: CrossrefServer, field: str
) -> None:
    # The backslash was looked up as part of the DOI: not_found, kept for 30 days.
    crossref.add("10.1000/abc_def", "Underscore paper", ["Doe"], 2019)
    bib = tmp_path / "refs.bib"
    bib.write_text(f"@article{{u, title = {{Underscore paper}}, {field}}}\n", encoding="utf-8")
    (check,) = _refs_json(runner, bib)["references"]
    assert (check["ref"], check["referenceStatus"]) == ("doi:10.1000/abc_def", "ok")
    assert [seen.doi for seen in crossref.seen] == ["10.1000/abc_def"]


def test_a_doi_url_with_an_encoded_percent_is_decoded_once_and_looked_up(
    runner: CliRunner, tmp_path: Path, crossref: CrossrefServer
) -> None:
    # The DOI's own "%" was decoded a second time ("pct x": no DOI): nothing looked up.
    crossref.add("10.1000/pct%20x", "Percent paper", ["Doe"], 2019)
    bib = tmp_path / "refs.bib"
    url = "https://doi.org/10.1000/pct%2520x"
    bib.write_text(f"@article{{p, title = {{Percent paper}}, url = {{{url}}}}}\n", "utf-8")
    (check,) = _refs_json(runner, bib)["references"]
    assert (check["ref"], check["referenceStatus"]) == ("doi:10.1000/pct%20x", "ok")
    assert [seen.doi for seen in crossref.seen] == ["10.1000/pct%20x"]


@pytest.mark.parametrize(
    "field", ["doi = {10.1000/pct%2520x}", "url = {https://doi.org/10.1000/pct%252520x}"]
)
def test_a_doi_holding_a_percent_escape_is_looked_up_as_written(
    runner: CliRunner, tmp_path: Path, crossref: CrossrefServer, field: str
) -> None:
    # A bare DOI was decoded on the way in, and again on read-back: "pct x", no DOI.
    crossref.add("10.1000/pct%2520x", "Percent paper", ["Doe"], 2019)
    bib = tmp_path / "refs.bib"
    bib.write_text(f"@article{{p, title = {{Percent paper}}, {field}}}\n", "utf-8")
    (check,) = _refs_json(runner, bib)["references"]
    assert (check["ref"], check["referenceStatus"]) == ("doi:10.1000/pct%2520x", "ok")
    assert [seen.doi for seen in crossref.seen] == ["10.1000/pct%2520x"]


def test_a_doi_url_that_is_no_doi_is_named(runner: CliRunner, tmp_path: Path) -> None:
    bib = tmp_path / "refs.bib"
    url = "https://doi.org/10.1000/go%20od"
    bib.write_text(f"@article{{bad, title = {{A paper}}, url = {{{url}}}}}\n", "utf-8")
    (check,) = _refs_json(runner, bib)["references"]
    assert (check["ref"], check["referenceStatus"]) == (None, "not_verified")
    assert check["reason"].startswith(f"{NOTHING_TO_LOOK_UP}: its url field ")
    assert "is not a DOI (it holds a space" in check["reason"]


@pytest.mark.parametrize(
    ("value", "why"),
    [
        ("1000/good", "a DOI reads 10.NNNN/..."),
        ("10.1000/go od", "it holds a space"),
        ("https://journals.example.org/article/123", "a DOI reads 10.NNNN/..."),
        # The address in \url{...} is the field's value (\url{10.1000/good} is the DOI).
        (r"\url{1000/good}", "a DOI reads 10.NNNN/..."),
        # It said "it holds a space", as if one DOI were misspelled.
        ("10.1038/a, 10.1038/b", "it holds 2 DOIs; give the one of this work"),
    ],
)
def test_a_doi_field_that_is_no_doi_is_named(
    runner: CliRunner, tmp_path: Path, value: str, why: str
) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text(f"@article{{bad, title = {{A paper}}, doi = {{{value}}}}}\n", "utf-8")
    (check,) = _refs_json(runner, bib)["references"]
    assert (check["ref"], check["referenceStatus"]) == (None, "not_verified")
    assert check["reason"].startswith(f"{NOTHING_TO_LOOK_UP}: its doi field ")
    assert f"is not a DOI ({why}" in check["reason"]


@pytest.mark.parametrize(
    "fields",
    [
        "eprint = {arxiv.org/abs/1907.10121}",  # an address without its scheme
        "eprint = {1907.10121 and 2001.00001}, archivePrefix = {arXiv}",
    ],
)
def test_an_eprint_that_is_no_arxiv_id_is_named(
    runner: CliRunner, tmp_path: Path, fields: str
) -> None:
    # It was "no arXiv id or DOI to look up", as if the entry gave none.
    bib = tmp_path / "refs.bib"
    bib.write_text(f"@misc{{bad, title = {{A paper}}, {fields}}}\n", "utf-8")
    (check,) = _refs_json(runner, bib)["references"]
    assert (check["ref"], check["referenceStatus"]) == (None, "not_verified")
    assert check["reason"].startswith(f"{NOTHING_TO_LOOK_UP}: its eprint field '")
    assert "' is not an arXiv id (an arXiv id reads 1706.03762" in check["reason"]


def test_an_inspire_collaboration_entry_is_compared_as_its_collaboration(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    title = "Observation of a new particle in the search for the Standard Model Higgs boson"
    bib = tmp_path / "refs.bib"
    bib.write_text(
        f"@article{{Aad:2012tfa, author = {{Aad, Georges and others}}, collaboration = "
        f"{{ATLAS}}, title = {{{{{title}}}}}, eprint = {{1207.7214}}, archivePrefix = {{arXiv}},"
        " year = {2012}}\n",
        encoding="utf-8",
    )
    with ArxivServer() as arxiv:
        arxiv.add("1207.7214", title, {1: b"", 2: b""}, authors=("The ATLAS Collaboration",),
                  published="2012-07-31T00:00:00Z")  # fmt: skip
        monkeypatch.setattr("claimaudit.sources.arxiv.MIN_INTERVAL", 0.0)
        monkeypatch.setenv("CLAIMAUDIT_ARXIV_BASE_URL", arxiv.url)
        (check,) = _refs_json(runner, bib)["references"]
    assert check["referenceStatus"] == "ok", check["reason"]
    assert "first author" in check["reason"]


@pytest.mark.parametrize("message", ["null", '"STRING"'])
def test_an_unreadable_crossref_reply_is_not_verified_not_a_crash(
    runner: CliRunner, tmp_path: Path, crossref: CrossrefServer, message: str
) -> None:
    # A traceback and exit 1, the code --fail-on gives a finding, it used to be.
    crossref.reply_next(200, f'{{"status": "ok", "message": {message}}}'.encode(), "text/json")
    bib = tmp_path / "refs.json"
    bib.write_text(json.dumps([_entry("wilson2017", GOOD_ENOUGH_DOI)]), encoding="utf-8")
    (check,) = _refs_json(runner, bib)["references"]
    assert check["referenceStatus"] == "not_verified"
    assert "came but could not be read: not a work (its message is " in check["reason"]


def test_another_reference_managers_format_is_named_as_not_supported(
    runner: CliRunner, tmp_path: Path
) -> None:
    ris = tmp_path / "refs.ris"
    ris.write_text("TY  - JOUR\nTI  - A paper\nDO  - 10.1000/good\nER  - \n", encoding="utf-8")
    result = runner.invoke(app, ["refs", str(ris), "--no-cache"])
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        f"error: bibliography {ris}: RIS files are not supported; export it as BibTeX (.bib), "
        "CSL-JSON (.json) or CSL YAML (.yaml, .yml)"
    )
    txt = tmp_path / "refs.txt"
    txt.write_text("TY  - JOUR\nER  - \n", encoding="utf-8")
    result = runner.invoke(app, ["refs", str(txt), "--no-cache"])
    assert result.exit_code == 2
    assert "a .txt file is read as BibTeX; the formats read are BibTeX (.bib)" in result.stderr


def test_entries_of_several_files_show_their_file(
    runner: CliRunner, tmp_path: Path, crossref: CrossrefServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("a.json").write_text(json.dumps([_entry("wilson2017", GOOD_ENOUGH_DOI)]), "utf-8")
    Path("b.json").write_text(json.dumps([_entry(URL_KEYS[0])]), encoding="utf-8")
    result = runner.invoke(app, ["refs", "a.json", "b.json", "--no-cache"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    table = boxed_columns(result.stdout)
    assert [f for f in table["file"] if f] == ["a.json", "b.json"]
    alone = runner.invoke(app, ["refs", "a.json", "--no-cache"], env={"COLUMNS": "200"})
    assert "file" not in boxed_columns(alone.stdout)


@pytest.mark.parametrize("columns", [60, 40])
def test_several_files_on_a_narrow_terminal_are_stacked_lines(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, columns: int
) -> None:
    # Beside a file column the reason was drawn one letter a line, its heading too.
    monkeypatch.chdir(tmp_path)
    long_name = "some_longer_directory_name_b.json"
    Path("a.json").write_text(json.dumps([_entry("wilson2017")]), "utf-8")
    Path(long_name).write_text(json.dumps([_entry(URL_KEYS[0])]), encoding="utf-8")
    result = runner.invoke(
        app, ["refs", "a.json", long_name, "--no-cache"], env={"COLUMNS": str(columns)}
    )
    assert result.exit_code == 0, result.output
    *body, summary = result.stdout.splitlines()
    assert summary == "2 references: 2 not verified"
    assert max(len(line) for line in body) <= columns
    assert body.count(f"why: {NOTHING_TO_LOOK_UP}") == 2
    assert "file: a.json" in body and f"file: {long_name}" in body
    assert "reference: wilson2017" in body and URL_KEYS[0] in "".join(body)  # folded, not cut


def test_several_files_keep_their_table_where_it_fits(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    for name in ("a.json", "b.json"):
        Path(name).write_text(json.dumps([_entry("wilson2017")]), "utf-8")
    result = runner.invoke(app, ["refs", "a.json", "b.json", "--no-cache"], env={"COLUMNS": "60"})
    assert result.exit_code == 0, result.output
    table = boxed_columns(result.stdout)
    assert [f for f in table["file"] if f] == ["a.json", "b.json"]
    assert prose(table["why"]) == f"{NOTHING_TO_LOOK_UP} {NOTHING_TO_LOOK_UP}"


@pytest.mark.parametrize(
    ("env", "named"),
    [
        ({"CLAIMAUDIT_CONTACT_EMAIL": "jürgen@uni-köln.de"}, "CLAIMAUDIT_CONTACT_EMAIL"),
        ({"SSL_CERT_FILE": "/nonexistent/ca.pem"}, "SSL_CERT_FILE"),
    ],
)
@pytest.mark.parametrize("command", ["refs", "review"])
def test_a_setting_no_request_could_be_sent_with_is_one_line_before_any_work(
    tmp_path: Path, env: dict[str, str], named: str, command: str
) -> None:
    # Each was a traceback (UnicodeEncodeError, FileNotFoundError) at the first look-up.
    bib = tmp_path / "refs.bib"
    bib.write_text(
        "@article{wilson2017, title={Good enough practices}, doi={" + GOOD_ENOUGH_DOI + "}}\n",
        encoding="utf-8",
    )
    draft = tmp_path / "draft.md"
    draft.write_text("Practices help [@wilson2017].\n", encoding="utf-8")
    Library.open(tmp_path / "lib.db").close()
    args = ["refs", str(bib)] if command == "refs" else ["review", str(draft), "--bib", str(bib)]
    if command == "review":
        args += ["--verify-refs", "--html", str(tmp_path / "report.html")]
    done = subprocess.run(
        [*console_script(), *args, "--no-cache", "--library", str(tmp_path / "lib.db")],
        env=child_env({**env, "CLAIMAUDIT_CROSSREF_BASE_URL": f"http://127.0.0.1:{closed_port()}"}),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith(f"error: {named} ") and done.stderr.count("\n") == 1
    assert not (tmp_path / "report.html").exists()


@pytest.mark.parametrize("year", ["{in press}", "{2017a}", "{2010--2017}"])
def test_a_year_is_read_with_its_letter_or_named_not_compared(
    runner: CliRunner, tmp_path: Path, crossref: CrossrefServer, year: str
) -> None:
    # "2017a" was read as no year, and the year check skipped without a word.
    title = "Good enough practices in scientific computing"
    bib = tmp_path / "refs.bib"
    bib.write_text(
        f"@article{{w, author = {{Wilson, Greg}}, title = {{{title}}}, "
        f"doi = {{{GOOD_ENOUGH_DOI}}}, year = {year}}}\n",
        encoding="utf-8",
    )
    (check,) = _refs_json(runner, bib)["references"]
    assert check["referenceStatus"] == "ok", check["reason"]
    if year == "{2017a}":
        assert "title, first author and year agree" in check["reason"]
    elif year == "{2010--2017}":  # was read as 2010: "year differs"
        assert "year not compared ('2010--2017' gives more than one year)" in check["reason"]
    else:
        assert "year not compared (no year could be read from 'in press')" in check["reason"]


@pytest.mark.parametrize("written", ["\u00b2", "\u2460"])
def test_a_csl_year_in_digits_int_refuses_is_no_crash(
    runner: CliRunner, tmp_path: Path, written: str
) -> None:
    bib = tmp_path / "bad_year.json"
    bib.write_text(json.dumps([{"id": "k", "issued": {"date-parts": [[written]]}}]), "utf-8")
    (check,) = _refs_json(runner, bib)["references"]
    assert (check["key"], check["referenceStatus"]) == ("k", "not_verified")


def test_an_entry_that_could_not_be_read_is_an_unverified_reference(
    runner: CliRunner, tmp_path: Path, crossref: CrossrefServer
) -> None:
    # Every entry read was ok, so --fail-on unverified-reference passed (exit 0) a file with
    # an entry it could not even parse, which review --verify-refs fails on when it is cited.
    bib = tmp_path / "refs.bib"
    bib.write_text(
        "@article{wilson2017, title = {Good enough practices in scientific computing},\n"
        f"  author = {{Wilson, Greg}}, year = 2017, doi = {{{GOOD_ENOUGH_DOI}}}}}\n"
        "@article{broken2020 title = {A paper}, doi = {10.1000/xyz}}\n",
        encoding="utf-8",
    )
    command = ["refs", str(bib), "--no-cache"]
    unverified = runner.invoke(app, [*command, "--fail-on", "unverified-reference"])
    assert "1 reference: 1 ok; 1 could not be read" in unverified.stdout, unverified.output
    assert unverified.exit_code == 1
    # It is no finding about the paper (not found, withdrawn, mismatched): bad-reference passes.
    assert runner.invoke(app, [*command, "--fail-on", "bad-reference"]).exit_code == 0


def test_a_second_entry_under_a_used_key_is_counted_as_ignored_not_unreadable(
    runner: CliRunner, tmp_path: Path, crossref: CrossrefServer
) -> None:
    # The summary said "1 could not be read" of an entry its warning called "ignored (the
    # first is used)": it was read whole, its key already taken.
    bib = tmp_path / "refs.bib"
    entry = (
        "@article{wilson2017, title = {Good enough practices in scientific computing},\n"
        f"  author = {{Wilson, Greg}}, year = 2017, doi = {{{GOOD_ENOUGH_DOI}}}}}\n"
    )
    bib.write_text(entry + entry + "@article{broken2020 title = {A paper}}\n", encoding="utf-8")
    result = runner.invoke(app, ["refs", str(bib), "--no-cache"])
    assert "a second entry with the key 'wilson2017', ignored" in result.stderr
    summary = result.stdout.splitlines()[-1]
    assert summary == "1 reference: 1 ok; 1 could not be read; 1 ignored (a key used before)"


def test_a_crossref_no_entry_has_is_said(runner: CliRunner, tmp_path: Path) -> None:
    # refs read it without the parent's fields, as review does, but without a word.
    bib = tmp_path / "refs.bib"
    bib.write_text("@misc{w, title = {A page}, crossref = {nowhere}}\n", encoding="utf-8")
    result = runner.invoke(app, ["refs", str(bib), "--no-cache", "--json"])
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines() == [
        f"warning: {bib} line 1: entry 'w' has crossref 'nowhere', which no entry has; it "
        "is read without the fields it would inherit",
    ]


def test_authors_listed_with_commas_and_a_missing_crossref_are_said(
    runner: CliRunner, tmp_path: Path, crossref: CrossrefServer
) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text(
        "@article{w, title = {Good enough practices in scientific computing}, year = {2017},\n"
        f"  doi = {{{GOOD_ENOUGH_DOI}}}, author = {{Wilson, G., Bryan, J., Cranston, K.}},\n"
        "  crossref = {nowhere}}\n",
        encoding="utf-8",
    )
    result = runner.invoke(app, ["refs", str(bib), "--no-cache", "--json"])
    assert result.exit_code == 0, result.output
    (check,) = json.loads(result.stdout)["references"]
    # It was "first author differs: cited 'Wilson, G., Bryan, J., Cranston, K.'".
    assert check["referenceStatus"] == "ok", check["reason"]
    assert "first author" not in check["reason"]
    assert result.stderr.splitlines() == [
        f"warning: {bib} line 1: entry 'w' has crossref 'nowhere', which no entry has; it "
        "is read without the fields it would inherit",
        f"warning: {bib} line 1: entry 'w' separates its authors with commas ('Wilson, G., "
        "Bryan, J., Cranston, K.'); BibTeX separates them with 'and', so its authors are not "
        "compared",
    ]


def test_refs_of_standard_input_says_it_is_not_read(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # It said "cannot read bibliography -: No such file or directory".
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["refs", "-", "--no-cache"])
    assert result.exit_code == 2, result.output
    assert result.stderr.strip() == (
        "error: BIB - (standard input) is not read; give a .bib, .json or .yaml file"
    )


@pytest.mark.parametrize(
    "command", [["refs", "{}"], ["review", "d.md", "--bib", "{}"], ["library", "import-bib", "{}"]]
)
def test_a_fifo_bibliography_is_named_by_its_argument(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: list[str]
) -> None:
    # It read "bibliography ff is not a regular file": no option named, nothing said to give.
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CLAIMAUDIT_LIBRARY", str(tmp_path / "lib.sqlite3"))
    Path("d.md").write_text("A claim [@x].\n")
    os.mkfifo("ff")
    given = {"refs": "BIB", "review": "--bib", "library": "FILE"}[command[0]]
    result = runner.invoke(app, [part.replace("{}", "ff") for part in command])
    assert result.exit_code == 2, result.output
    assert result.stderr.strip() == (
        f"error: {given} ff is not a regular file; give a .bib, .json or .yaml file"
    )


def test_an_entry_without_a_key_is_warned_of_not_checked(runner: CliRunner, tmp_path: Path) -> None:
    # It was listed as a reference with an empty key (and "a b" as one keyed "a b"), which
    # BibTeX and biber never read.
    bib = tmp_path / "refs.bib"
    bib.write_text("@misc{, title = {T}}\n@misc{a b, title = {U}}\n@misc{ok, title = {V}}\n")
    result = runner.invoke(app, ["refs", str(bib), "--no-cache", "--json"])
    assert result.exit_code == 0, result.output
    assert [check["key"] for check in json.loads(result.stdout)["references"]] == ["ok"]
    assert result.stderr.splitlines() == [
        f"warning: {bib} line 1: an entry that could not be read (it has no key)",
        f"warning: {bib} line 2: an entry that could not be read (its key 'a b' holds white "
        "space, which ends a BibTeX key)",
    ]


def test_a_crossref_parent_in_another_file_given_is_found(
    runner: CliRunner, tmp_path: Path
) -> None:
    # The files were read one by one: the child was warned of ("which no entry has") and read
    # without the year, editors and venue its parent gives.
    papers, parents = tmp_path / "papers.bib", tmp_path / "crossref.bib"
    papers.write_text("@inproceedings{part, title = {A part}, crossref = {conf19}}\n")
    parents.write_text("@proceedings{conf19, title = {Proc}, year = 2019}\n")
    result = runner.invoke(app, ["refs", str(papers), str(parents), "--no-cache", "--json"])
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    keys = [check["key"] for check in json.loads(result.stdout)["references"]]
    assert keys == ["part", "conf19"]


def test_a_biblatex_set_is_no_reference_of_its_own(runner: CliRunner, tmp_path: Path) -> None:
    # "@set{both, entryset = {a,b}}" was listed as a reference, "no arXiv id or DOI to look
    # up", and failed --fail-on unverified-reference though it is no work; a and b are checked.
    bib = tmp_path / "refs.bib"
    bib.write_text(
        "@set{both, entryset = {a,b}}\n"
        "@article{a, title = {A}, doi = {not a doi}}\n@article{b, title = {B}, doi = {nor}}\n"
    )
    result = runner.invoke(app, ["refs", str(bib), "--no-cache", "--json"])
    assert result.exit_code == 0, result.output
    keys = [check["key"] for check in json.loads(result.stdout)["references"]]
    assert keys == ["a", "b"]
