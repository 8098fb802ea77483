"""The files ``claimaudit review`` reads besides the draft (the bibliography its front matter
names, a bibliography with no entries) and where it writes (``-``: standard output; the
table, whose line column names a LaTeX draft's included file).

The library is empty: every resolved citation is a ``not_checked`` record naming its paper, so
what a bibliography resolved shows without a judge."""

from __future__ import annotations

import json
import os
import subprocess
import threading
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result
from typer.testing import CliRunner

from claimaudit.cli import app
from claimaudit.cli import review as review_cli
from claimaudit.guards.filenames import shown_name
from claimaudit.library.store import Library
from tests.cli.tables import boxed_columns, prose
from tests.signals import child_env, console_script

BIB = "@article{a, author = {Smith, Ann}, title = {A}, doi = {10.1234/a}}\n"
CSL = '[{"id": "b", "type": "article", "title": "B", "DOI": "10.1234/b"}]\n'


def _review(runner: CliRunner, tmp_path: Path, *args: str | Path) -> Result:
    library = tmp_path / "lib.sqlite3"
    if not library.exists():
        Library.open(library).close()
    return runner.invoke(app, ["review", *map(str, args), "--library", str(library)])


def _draft(folder: Path, head: str, body: str = "A holds [@a]. @b found B.\n") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "draft.md"
    path.write_text(f"---\ntitle: Draft\n{head}\n---\n\n{body}", encoding="utf-8")
    return path


def _papers(result: Result, path: Path) -> list[tuple[str, str]]:
    assert result.exit_code == 0, result.output
    records = json.loads(path.read_text(encoding="utf-8"))["records"]
    return [(r["citations"][0], r["paperRef"]) for r in records]


def test_the_front_matter_bibliography_resolves_the_keys(runner: CliRunner, tmp_path: Path) -> None:
    draft = _draft(tmp_path / "paper", "bibliography: [refs.bib, csl/more.json]")
    (tmp_path / "paper" / "refs.bib").write_text(BIB, encoding="utf-8")
    (tmp_path / "paper" / "csl").mkdir()
    (tmp_path / "paper" / "csl" / "more.json").write_text(CSL, encoding="utf-8")
    out = tmp_path / "records.json"
    # Run from elsewhere: the files are the draft folder's, not the working folder's.
    result = _review(runner, tmp_path, draft, "--json", out)
    assert _papers(result, out) == [("@a", "doi:10.1234/a"), ("@b", "doi:10.1234/b")]


def test_a_pandoc_csl_yaml_bibliography_resolves_the_keys(
    runner: CliRunner, tmp_path: Path
) -> None:
    # It was read as BibTeX: "has no entries", and every citation unresolved.
    draft = _draft(tmp_path / "paper", "bibliography: refs.yaml")
    yaml_refs = "references:\n- id: a\n  DOI: 10.1234/a\n- id: b\n  DOI: 10.1234/b\n"
    (tmp_path / "paper" / "refs.yaml").write_text(yaml_refs, encoding="utf-8")
    out = tmp_path / "records.json"
    result = _review(runner, tmp_path, draft, "--json", out)
    assert _papers(result, out) == [("@a", "doi:10.1234/a"), ("@b", "doi:10.1234/b")]


def test_a_csl_yaml_bibliography_closed_by_dashes_is_read(
    runner: CliRunner, tmp_path: Path
) -> None:
    # Pandoc closes its YAML block with "---": `--bib refs.yaml` refused it as "not valid
    # YAML: but found another document".
    draft = _draft(tmp_path / "paper", "lang: en")
    given = tmp_path / "refs.yaml"
    given.write_text(
        "---\nreferences:\n- id: a\n  DOI: 10.1234/a\n- id: b\n  DOI: 10.1234/b\n---\n",
        encoding="utf-8",
    )
    out = tmp_path / "records.json"
    result = _review(runner, tmp_path, draft, "--bib", given, "--json", out)
    assert _papers(result, out) == [("@a", "doi:10.1234/a"), ("@b", "doi:10.1234/b")]


def test_csl_yaml_in_a_bib_file_is_read_as_such_and_said_once(
    runner: CliRunner, tmp_path: Path
) -> None:
    # It was read as BibTeX: "has no entries", a warning, and every citation unresolved.
    yaml_refs = "references:\n- id: a\n  DOI: 10.1234/a\n- id: b\n  DOI: 10.1234/b\n"
    named = _draft(tmp_path / "paper", "bibliography: refs.bib")
    (tmp_path / "paper" / "refs.bib").write_text(yaml_refs, encoding="utf-8")
    given = tmp_path / "given.bib"
    given.write_text(yaml_refs, encoding="utf-8")
    for draft, bib, extra in (
        (named, tmp_path / "paper" / "refs.bib", ()),
        (named, given, ("--bib", given)),
    ):
        out = tmp_path / "records.json"
        result = _review(runner, tmp_path, draft, *extra, "--json", out)
        assert _papers(result, out) == [("@a", "doi:10.1234/a"), ("@b", "doi:10.1234/b")]
        said = (
            f"warning: bibliography {bib} holds CSL YAML (its name says BibTeX): it was read "
            "as CSL YAML"
        )
        assert " ".join(result.stderr.split()).count(said) == 1, result.stderr
        assert "has no entries" not in result.stderr
        warnings = json.loads(out.read_text(encoding="utf-8"))["warnings"]
        assert [" ".join(w.split()) for w in warnings] == [said.removeprefix("warning: ")]


def test_bib_wins_over_the_front_matter(runner: CliRunner, tmp_path: Path) -> None:
    draft = _draft(tmp_path / "paper", "bibliography: missing.bib")
    given = tmp_path / "given.bib"
    given.write_text(BIB.replace("10.1234/a", "10.1234/given"), encoding="utf-8")
    out = tmp_path / "records.json"
    result = _review(runner, tmp_path, draft, "--bib", given, "--json", out)
    # @b is in no bibliography given: an in-text @word that names nothing is prose.
    assert _papers(result, out) == [("@a", "doi:10.1234/given")]


def test_a_missing_front_matter_bibliography_is_one_line(runner: CliRunner, tmp_path: Path) -> None:
    draft = _draft(tmp_path / "paper", "bibliography:\n  - refs.bib\n  - gone.bib")
    (tmp_path / "paper" / "refs.bib").write_text(BIB, encoding="utf-8")
    result = _review(runner, tmp_path, draft)
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        f"error: {draft}: the bibliography {tmp_path / 'paper' / 'gone.bib'} named in its front "
        "matter does not exist"
    ]


@pytest.mark.parametrize("name", ["../notes.bib", "/proc/self/environ"])
def test_a_front_matter_bibliography_outside_the_folder_is_not_read(
    runner: CliRunner, tmp_path: Path, name: str
) -> None:
    # QA: "../notes.bib" was read (a key it could not parse shown in --json's unreadEntries)
    # and /proc/self/environ parsed as BibTeX; refused as LaTeX's \bibliography{../notes} is.
    (tmp_path / "notes.bib").write_text("@misc{SECRET_KEY = x}\n", encoding="utf-8")
    out = tmp_path / "records.json"
    result = _review(
        runner, tmp_path, _draft(tmp_path / "paper", f"bibliography: {name}"), "--json", out
    )
    assert result.exit_code == 2 and not out.exists()
    assert result.stderr.strip().splitlines() == [
        f"error: {tmp_path / 'paper' / 'draft.md'}: bibliography {name!r} is outside the "
        "draft's folder, so it is not read; pass its entries with --bib"
    ]
    assert "SECRET_KEY" not in result.output


def test_no_output_overwrites_the_front_matter_bibliography(
    runner: CliRunner, tmp_path: Path
) -> None:
    draft = _draft(tmp_path / "paper", "bibliography: refs.bib")
    bib = tmp_path / "paper" / "refs.bib"
    bib.write_text(BIB, encoding="utf-8")
    result = _review(runner, tmp_path, draft, "--json", bib)
    assert result.exit_code == 2 and "is the same file as the draft's file" in result.stderr
    assert bib.read_text(encoding="utf-8") == BIB


@pytest.mark.parametrize("head", ["bibliography: null.bib", "bibliography: ."])
def test_a_front_matter_bibliography_that_is_no_file_is_refused(
    runner: CliRunner, tmp_path: Path, head: str
) -> None:
    draft = _draft(tmp_path / "paper", head)
    (tmp_path / "paper" / "null.bib").symlink_to("/dev/null")  # a link in the folder is followed
    result = _review(runner, tmp_path, draft)
    assert result.exit_code == 2 and len(result.stderr.strip().splitlines()) == 1
    assert "not a regular file" in result.stderr or "is a folder" in result.stderr


@pytest.mark.parametrize(
    ("name", "content"),
    [("refs.bib", ""), ("refs.bib", "% entries to come\n@comment{later}\n"), ("refs.json", "[]")],
)
def test_a_bibliography_with_no_entries_is_a_warning_not_an_abort(
    runner: CliRunner, tmp_path: Path, name: str, content: str
) -> None:
    bib = tmp_path / name
    bib.write_text(content, encoding="utf-8")
    draft = tmp_path / "draft.md"
    draft.write_text("A holds [@a]. B holds [@doi:10.1234/b].\n", encoding="utf-8")
    out = tmp_path / "records.json"
    result = _review(runner, tmp_path, draft, "--bib", bib, "--json", out)
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines()[0] == (
        f"warning: bibliography {bib} has no entries: the citations it was to resolve are not "
        "checked"
    )
    records = json.loads(out.read_text(encoding="utf-8"))["records"]
    assert [(r["paperRef"], r["verdict"]) for r in records] == [
        ("@a", "not_checked"),
        ("doi:10.1234/b", "not_checked"),  # a key naming its paper needs no entry
    ]
    assert records[0]["error"] == (
        f"citation @a cannot be checked: no bibliography entry for @a in {bib}"
    )


def test_a_latex_drafts_empty_bibliography_is_a_warning(runner: CliRunner, tmp_path: Path) -> None:
    folder = tmp_path / "paper"
    folder.mkdir()
    (folder / "refs.bib").write_text("% nothing yet\n", encoding="utf-8")
    draft = folder / "paper.tex"
    draft.write_text(
        "\\documentclass{article}\n\\begin{document}\nA holds \\cite{a}.\n"
        "\\bibliography{refs}\n\\end{document}\n",
        encoding="utf-8",
    )
    out = tmp_path / "records.json"
    result = _review(runner, tmp_path, draft, "--json", out)
    assert result.exit_code == 0, result.output
    assert f"warning: bibliography {folder / 'refs.bib'} has no entries" in result.stderr
    [record] = json.loads(out.read_text(encoding="utf-8"))["records"]
    assert (record["paperRef"], record["verdict"]) == ("a", "not_checked")
    assert "no bibliography entry for a in refs.bib" in record["error"]


INCLUDED = "chapters-with-long-names/results-and-discussion-of-everything"


@pytest.mark.parametrize("columns", [80, 60])
def test_the_table_shows_an_included_files_long_name_whole(
    runner: CliRunner, tmp_path: Path, columns: int
) -> None:
    folder = tmp_path / "paper"
    (folder / INCLUDED).parent.mkdir(parents=True)
    (folder / "refs.bib").write_text(BIB, encoding="utf-8")
    (folder / f"{INCLUDED}.tex").write_text("Deep models need baselines \\cite{a}.\n")
    draft = folder / "paper.tex"
    draft.write_text(
        "\\documentclass{article}\n\\begin{document}\n"
        f"\\input{{{INCLUDED}}}\n\\bibliography{{refs}}\n\\end{{document}}\n",
        encoding="utf-8",
    )
    library = tmp_path / "lib.sqlite3"
    Library.open(library).close()
    args = ["review", str(draft), "--library", str(library)]
    result = runner.invoke(app, args, env={"COLUMNS": str(columns)})
    assert result.exit_code == 0, result.output
    table = result.stdout.split("\n1 cited sentence")[0]  # the summary line is not wrapped
    assert max(len(line) for line in table.splitlines()) <= columns
    assert "baselines." in table  # the sentence's last word: it has room
    columns_shown = boxed_columns(table)
    # Too long to stand beside the reference: the file's name goes above its sentence (folded,
    # whole) and the line column keeps the number.
    assert columns_shown["line"][0] == "1"
    sentence = [piece for piece in columns_shown["sentence"] if piece]
    assert "".join(sentence).startswith(f"{INCLUDED}.tex")
    assert prose(sentence).endswith("Deep models need baselines.")
    assert prose(columns_shown["papers"]).startswith(
        "doi:10.1234/a: not checked (review) \u21b3 paper is not in the local library"
    )


def _stdout_draft(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    monkeypatch.chdir(tmp_path)  # where a file called "-" would land
    bib = tmp_path / "refs.bib"
    bib.write_text(BIB, encoding="utf-8")
    draft = tmp_path / "draft.md"
    draft.write_text("Ünïcode holds [@a].\nNothing here.\n", encoding="utf-8")
    return draft, bib


def test_json_dash_is_standard_output_and_alone_there(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    draft, bib = _stdout_draft(tmp_path, monkeypatch)
    result = _review(runner, tmp_path, draft, "--bib", bib, "--json", "-")
    assert result.exit_code == 0, result.output
    written = json.loads(result.stdout)  # the JSON and nothing else: no table, no summary
    assert [(r["claim"], r["paperRef"]) for r in written["records"]] == [
        ("Ünïcode holds.", "doi:10.1234/a")
    ]
    assert not (tmp_path / "-").exists()
    file = tmp_path / "records.json"
    assert _review(runner, tmp_path, draft, "--bib", bib, "--json", file).exit_code == 0
    assert json.loads(file.read_text(encoding="utf-8"))["records"] == written["records"]


@pytest.mark.parametrize(("option", "starts"), [("--out", "Ünïcode holds [@a]."), ("--html", "<")])
def test_out_and_html_dash_are_standard_output(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, option: str, starts: str
) -> None:
    draft, bib = _stdout_draft(tmp_path, monkeypatch)
    result = _review(runner, tmp_path, draft, "--bib", bib, option, "-")
    assert result.exit_code == 0, result.output
    file = tmp_path / "written"
    _review(runner, tmp_path, draft, "--bib", bib, option, file)
    assert result.stdout_bytes == file.read_bytes() and result.stdout.startswith(starts)
    assert not (tmp_path / "-").exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--json", "-", "--html", "-"], "--json and --html both ask for standard output (-)"),
        (["--out", "-", "--json", "-"], "--out and --json both ask for standard output (-)"),
        (["--format", "latex", "--out", "-"], "--out -: a LaTeX draft's annotated copy goes to"),
    ],
)
def test_standard_output_for_two_outputs_or_a_latex_copy_is_refused(
    runner: CliRunner,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    args: list[str],
    message: str,
) -> None:
    draft, bib = _stdout_draft(tmp_path, monkeypatch)
    result = _review(runner, tmp_path, draft, "--bib", bib, *args)
    assert result.exit_code == 2 and result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1 and message in result.stderr
    assert not (tmp_path / "-").exists()


def test_a_symlink_loop_is_one_line_as_an_output_or_the_draft(
    runner: CliRunner, tmp_path: Path
) -> None:
    loop = tmp_path / "loop"
    loop.symlink_to("loop")
    draft = _draft(tmp_path, "bibliography: refs.bib")
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    result = _review(runner, tmp_path, draft, "--json", loop)
    assert result.exit_code == 2, result.output
    # Before any judging (the write that found it came after all of it).
    assert result.stderr.splitlines() == [
        f"error: --json {loop}: its symbolic links go round in a loop"
    ]
    assert loop.is_symlink()
    result = _review(runner, tmp_path, loop)
    assert result.exit_code == 2
    assert result.stderr.strip() == f"error: REPORT {loop}: its symbolic links go round in a loop"


def test_an_output_that_cannot_be_written_stops_review_before_any_other_is_written(
    runner: CliRunner, tmp_path: Path
) -> None:
    # Found only when writing --json, after judging and after writing --out.
    notes = tmp_path / "notes.txt"
    notes.write_text("mine\n", encoding="utf-8")
    draft = _draft(tmp_path, "bibliography: refs.bib")
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    annotated = tmp_path / "annotated.md"
    result = _review(runner, tmp_path, draft, "--out", annotated, "--json", notes / "r.json")
    assert result.exit_code == 2
    assert result.stderr.strip() == (f"error: --json {notes / 'r.json'}: {notes} is not a folder")
    assert not annotated.exists() and notes.read_text(encoding="utf-8") == "mine\n"


def test_an_output_refused_at_the_end_leaves_every_output_as_it_was(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Refused only when written, after the checks before judging: here a folder appears where
    # --html goes while the review runs. --out was written first and stayed new beside an
    # older run's --html, and the error said nothing of it.
    draft = _draft(tmp_path, "bibliography: refs.bib")
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    annotated, report = tmp_path / "annotated.md", tmp_path / "report.html"
    real_render = review_cli.render_html

    def render_then_block(*args: Any, **kwargs: Any) -> str:
        report.mkdir()
        return real_render(*args, **kwargs)

    monkeypatch.setattr(review_cli, "render_html", render_then_block)
    annotated.write_text("an earlier review\n", encoding="utf-8")
    result = _review(runner, tmp_path, draft, "--out", annotated, "--html", report)
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines()[-1] == (
        f"error: cannot write {report}: Is a directory; none of the 2 files was changed"
    )
    assert annotated.read_text(encoding="utf-8") == "an earlier review\n"
    # No temporary file left beside them.
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "annotated.md", "draft.md", "lib.sqlite3", "refs.bib", "report.html"
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "content", "language"),
    [
        ("draft.md", "", "Markdown"),
        ("draft.md", " \n\n\t\n", "Markdown"),
        ("paper.tex", "\n", "LaTeX"),
    ],
)
def test_an_empty_draft_is_one_line_exit_2(
    runner: CliRunner, tmp_path: Path, name: str, content: str, language: str
) -> None:
    # It was "0 cited sentences, 0 records", exit 0: `--fail-on contradicts` passed an
    # accidentally emptied file. Refused in the API's and MCP's words, before any output.
    draft = tmp_path / name
    draft.write_text(content, encoding="utf-8")
    out = tmp_path / "records.json"
    result = _review(runner, tmp_path, draft, "--json", out, "--fail-on", "contradicts")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.splitlines() == [
        f"error: {draft}: the draft is empty: there is no {language} text to review"
    ]
    assert not out.exists()


def test_an_empty_draft_among_others_stops_the_run_before_any_work(
    runner: CliRunner, tmp_path: Path
) -> None:
    full, empty = tmp_path / "full.md", tmp_path / "empty.md"
    full.write_text("A holds [@doi:10.1234/a].\n", encoding="utf-8")
    empty.write_text("", encoding="utf-8")
    result = _review(runner, tmp_path, full, empty)
    assert result.exit_code == 2 and result.stdout == ""
    assert "empty.md: the draft is empty" in result.stderr


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("draft.md", "# Draft\n\nA holds [@a].\n"),
        ("draft.tex", "\\begin{document}\nA holds \\cite{a}.\n\\end{document}\n"),
    ],
)
def test_a_utf16_draft_or_bibliography_says_so(
    runner: CliRunner, tmp_path: Path, name: str, text: str
) -> None:
    # Both said "is not UTF-8 text", as of any other encoding; library add named UTF-16.
    utf16 = tmp_path / "utf16"
    utf16.mkdir()
    draft = utf16 / name
    draft.write_text(text, encoding="utf-16")
    result = _review(runner, tmp_path, draft)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"error: {draft}: UTF-16 text, not UTF-8; re-save it as UTF-8"
    ]
    draft.write_text(text, encoding="utf-8")
    bib = tmp_path / "refs.bib"
    bib.write_text(BIB, encoding="utf-16")
    result = _review(runner, tmp_path, draft, "--bib", bib)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"error: cannot read bibliography {bib}: UTF-16 text, not UTF-8; re-save it as UTF-8"
    ]


@pytest.mark.parametrize(
    ("name", "data", "kind"),
    [
        ("draft.md", bytes(4), "a Markdown draft"),  # zero-filled after a crash
        ("draft.md", b"# Draft\n\nA holds [@a].\0\0\0\n", "a Markdown draft"),
        ("draft.tex", bytes(4), "LaTeX"),
    ],
)
def test_a_draft_holding_nul_bytes_is_a_binary_file(
    runner: CliRunner, tmp_path: Path, name: str, data: bytes, kind: str
) -> None:
    # QA: four NUL bytes were "UTF-16 text"; a Markdown draft with NULs was reviewed.
    draft = tmp_path / name
    draft.write_bytes(data)
    result = _review(runner, tmp_path, draft)
    assert result.exit_code == 2
    shown = draft if name.endswith(".md") else name
    assert result.stderr.splitlines() == [f"error: {shown}: looks like a binary file, not {kind}"]


def test_a_draft_that_is_a_fifo_is_refused_unopened(runner: CliRunner, tmp_path: Path) -> None:
    # QA: "no such report"; opening it would have blocked until a writer came.
    fifo = tmp_path / "draft.md"
    os.mkfifo(fifo)
    result = _review(runner, tmp_path, fifo)
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        f"error: REPORT {fifo} is not a regular file; give the draft's file"
    )


def test_bibtex_in_a_json_bibliography_says_it_looks_like_bibtex(
    runner: CliRunner, tmp_path: Path
) -> None:
    # It was the JSON parser's "Expecting value: line 1 column 1 (char 0)" alone.
    draft = _draft(tmp_path / "paper", "lang: en")
    given = tmp_path / "refs.json"
    given.write_text(BIB, encoding="utf-8")
    result = _review(runner, tmp_path, draft, "--bib", given)
    assert result.exit_code != 0
    assert prose(result.stderr) == prose(
        f"error: bibliography {given} was read as CSL-JSON and is not valid JSON, but it "
        "looks like BibTeX: name it .bib to have it read as BibTeX"
    ), result.stderr


# A control character in a file's name: messages dropped it, naming another file.
ODD = "dr\x01aft"


def _one_line(text: str) -> str:
    return " ".join(text.split())


def test_a_draft_that_is_a_folder_is_named_as_it_is(runner: CliRunner, tmp_path: Path) -> None:
    folder = tmp_path / f"{ODD}.md"
    folder.mkdir()
    result = _review(runner, tmp_path, folder)
    assert result.exit_code == 2
    assert f"{shown_name(folder)} is a folder" in _one_line(result.stderr)


def test_a_missing_front_matter_bibliography_is_named_as_it_is(
    runner: CliRunner, tmp_path: Path
) -> None:
    # YAML's own escape puts the control character in the name.
    draft = _draft(tmp_path / "d", 'bibliography: "dr\\x01aft.bib"')
    result = _review(runner, tmp_path, draft)
    assert result.exit_code == 2
    missing = shown_name(draft.parent / f"{ODD}.bib")
    assert f"the bibliography {missing} named in its front matter" in _one_line(result.stderr)


def test_a_binary_latex_draft_is_named_as_it_is(runner: CliRunner, tmp_path: Path) -> None:
    draft = tmp_path / f"{ODD}.tex"
    draft.write_bytes(b"\\documentclass{article}\x00\n")
    result = _review(runner, tmp_path, draft)
    assert result.exit_code == 2
    assert "$'dr\\x01aft.tex': looks like a binary file, not LaTeX" in _one_line(result.stderr)


def test_each_drafts_heading_names_it_as_it_is(runner: CliRunner, tmp_path: Path) -> None:
    first = _draft(tmp_path / "one", "")
    second = tmp_path / f"{ODD}.md"
    second.write_text("A holds [@a].\n", encoding="utf-8")
    result = _review(runner, tmp_path, first, second)
    assert f"{shown_name(second)}:" in result.stdout


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_full_device_says_no_file_was_changed_only_where_true(
    runner: CliRunner, tmp_path: Path
) -> None:
    # QA: "cannot write /dev/full: No space left on device; the file was changed".
    draft = _draft(tmp_path, "bibliography: refs.bib")
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    alone = _review(runner, tmp_path, draft, "--json", "/dev/full")
    assert alone.exit_code == 2
    assert alone.stderr.strip().splitlines()[-1] == (
        "error: cannot write /dev/full: No space left on device"
    )
    # The files are in place before a device is written: saying none was changed would lie.
    annotated = tmp_path / "annotated.md"
    both = _review(runner, tmp_path, draft, "--out", annotated, "--json", "/dev/full")
    assert both.exit_code == 2
    assert both.stderr.strip().splitlines()[-1] == (
        "error: cannot write /dev/full: No space left on device; the other outputs were written"
    )
    assert "claimaudit" in annotated.read_text(encoding="utf-8").lower()


def test_one_file_that_cannot_be_written_is_said_unchanged(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # QA: a single output's refusal ended "; the file was changed", the opposite of the truth.
    draft = _draft(tmp_path, "bibliography: refs.bib")
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    report = tmp_path / "report.html"
    real_render = review_cli.render_html

    def render_then_block(*args: Any, **kwargs: Any) -> str:
        report.mkdir()
        return real_render(*args, **kwargs)

    monkeypatch.setattr(review_cli, "render_html", render_then_block)
    result = _review(runner, tmp_path, draft, "--html", report)
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines()[-1] == (
        f"error: cannot write {report}: Is a directory; the file was not changed"
    )


def test_a_fifo_output_that_nothing_reads_says_the_review_waits_for_a_reader(
    tmp_path: Path,
) -> None:
    # QA: `review --out FIFO` sat silent after reviewing until something read the FIFO.
    draft = _draft(tmp_path, "bibliography: refs.bib")
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    library = tmp_path / "lib.sqlite3"
    Library.open(library).close()
    fifo = tmp_path / "annotated"
    os.mkfifo(fifo)
    args = [*console_script(), "review", str(draft), "--out", str(fifo), "--library", str(library)]
    child = subprocess.Popen(
        args, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, env=child_env()
    )
    # A child that waits without a word is stopped, so the test fails rather than hangs.
    stop = threading.Timer(60, child.kill)
    stop.start()
    try:
        assert child.stderr is not None
        lines = iter(child.stderr.readline, "")
        said = next(line for line in lines if line.startswith("waiting"))
        assert said == (
            f"waiting for a program to read {fifo} (a FIFO that nothing reads yet); it is "
            "written once one does (Ctrl-C stops)\n"
        )
        written = fifo.read_text(encoding="utf-8")
        assert child.wait(timeout=120) == 0
    finally:
        stop.cancel()
        child.kill()
        child.wait()
    assert "A holds" in written
