"""Every parser has a depth (and, where parsing is slow, a size) limit with a clear message."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from claimaudit.errors import BibliographyError, DraftError, InputError, NestingError
from claimaudit.guards.untrusted import MAX_JSON_DEPTH, load_json
from claimaudit.library.extract import extract
from claimaudit.library.latex.inputs import MAX_SOURCE_CHARS
from claimaudit.review import parse_bibliography
from claimaudit.review.document import parse_document
from tests.hostile.helpers import assert_one_line_usage_error, cli, library_state

DOC = "\\documentclass{article}\n\\begin{document}\nSome words about sparse solvers.\n\n"


def _latex(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "deep.tex"
    path.write_text(f"{DOC}{body}\n\\end{{document}}\n")
    return path


@pytest.mark.parametrize(
    "body",
    [
        "{" * 400 + "x" + "}" * 400,
        "\\textbf{" * 300 + "x" + "}" * 300,
        "\\begin{quote}" * 200 + "x" + "\\end{quote}" * 200,
        "\\footnote{" * 5000,  # never closed
    ],
)
def test_deep_latex_is_one_clear_line(tmp_path: Path, db: Path, body: str) -> None:
    paper = _latex(tmp_path, body)
    before = library_state(db)
    result = cli("library", "add", paper, "--ref", "local:deep", "--library", db)
    line = assert_one_line_usage_error(result, "nested more than 64 levels deep", "line 5")
    assert str(paper) in line
    assert library_state(db) == before


def test_latex_at_the_limit_still_reads(tmp_path: Path) -> None:
    # 64 levels of the costliest construct measured (a macro around an environment around a
    # group: three levels each) stay well inside Python's recursion limit.
    body = "\\textbf{\\begin{quote}{" * 21 + "deep words" + "}\\end{quote}}" * 21
    texts = " ".join(b.text for b in extract(_latex(tmp_path, body)).blocks)
    assert "deep words" in texts


def test_an_include_bomb_stops_at_the_size_limit(tmp_path: Path) -> None:
    # Each file includes the next one 30 times: 30**4 copies of the last one if expanded.
    folder = tmp_path / "bomb"
    folder.mkdir()
    for level in range(4):
        (folder / f"l{level}.tex").write_text(f"\\input{{l{level + 1}}}\n" * 30)
    (folder / "l4.tex").write_text("Words words words words words. " * 40 + "\n")
    main = folder / "main.tex"
    main.write_text("\\documentclass{article}\\begin{document}\\input{l0}\\end{document}\n")
    with pytest.raises(InputError, match=f"over {MAX_SOURCE_CHARS:,} characters"):
        extract(main)


def test_import_jsonl_of_deep_brackets_is_one_clear_line(tmp_path: Path, db: Path) -> None:
    corpus = tmp_path / "deep.jsonl"
    good = json.dumps({"doc_id": 1, "title": "t", "abstract": ["a"]})
    corpus.write_text(good + '\n{"doc_id": ' + "[" * 100_000 + "]" * 100_000 + "}\n")
    before = library_state(db)
    result = cli("library", "import-jsonl", corpus, "--library", db)
    assert_one_line_usage_error(result, f"{corpus}:2", "nested more than 64 levels deep")
    assert library_state(db) == before  # the good first line was not imported either


@pytest.mark.parametrize("depth", [MAX_JSON_DEPTH + 1, 100_000])
def test_json_depth_is_refused_before_parsing(depth: int) -> None:
    with pytest.raises(NestingError, match="nested more than 64 levels deep"):
        load_json("[" * depth + "]" * depth)
    assert load_json("[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH) is not None


def test_json_strings_do_not_count_and_cannot_stall_the_scan() -> None:
    assert load_json(json.dumps({"text": "[[[[{{{{" * 1000}))["text"].startswith("[[[[")
    # Unterminated strings full of escaped quotes: the scanner is linear, then JSON refuses it.
    with pytest.raises(json.JSONDecodeError):
        load_json('"' + '\\"' * 200_000)


def test_a_number_too_long_for_python_is_not_json_not_a_crash() -> None:
    # json.loads raises a plain ValueError past 4,300 digits; callers catch JSONDecodeError.
    with pytest.raises(json.JSONDecodeError, match="a number too long to read"):
        load_json('{"id": ' + "9" * 5000 + "}")


@pytest.mark.parametrize(
    ("text", "kind", "message"),
    [
        ("@misc{a, title={" + "{" * 5000 + "}" * 5000 + "}}", None, "braces nested more than 64"),
        ("[" * 100_000 + "]" * 100_000, None, "JSON nested more than 64"),
        ('[{"id": "a", "note": ' + "[" * 3000 + "]" * 3000 + "}]", "csl-json", "JSON nested"),
        ("@misc{a, title={\ud800}}", None, "not valid text"),
    ],
)
def test_bibliography_limits(text: str, kind: str | None, message: str) -> None:
    with pytest.raises(BibliographyError, match=message):
        parse_bibliography(text, kind=kind)  # type: ignore[arg-type]


def test_a_deep_bibliography_file_is_one_line_in_review(tmp_path: Path, db: Path) -> None:
    draft = tmp_path / "draft.md"
    draft.write_text("# Draft\n\nSparse matrices save memory [@a].\n", encoding="utf-8")
    bib = tmp_path / "refs.json"
    bib.write_text("[" * 100_000 + "]" * 100_000)
    result = cli("review", draft, "--bib", bib, "--library", db)
    assert_one_line_usage_error(result, "JSON nested more than 64 levels deep")


@pytest.mark.parametrize(
    "draft",
    [
        "\n".join("  " * i + "- item" for i in range(100)) + "\n\nA claim [@a] after the list.\n",
        "> " * 1000 + "quoted\n\n" + "- " * 1000 + "listed\n\nAfter them [@a].\n",
    ],
)
def test_a_draft_nested_past_the_parser_is_refused_not_cut_short(
    tmp_path: Path, db: Path, draft: str
) -> None:
    with pytest.raises(DraftError, match="nests lists or quotes too deeply"):
        parse_document(draft)
    path = tmp_path / "draft.md"
    path.write_text(draft, encoding="utf-8")
    result = cli("review", path, "--library", db)
    assert_one_line_usage_error(result, str(path), "too deeply")


def test_markdown_papers_with_huge_lines_and_runs_of_markup_read(tmp_path: Path) -> None:
    paper = tmp_path / "paper.md"
    paper.write_text(
        "# Title\n\n" + "[" * 50_000 + " text\n\n" + "*" * 50_000 + "\n\n" + "word " * 200_000,
        encoding="utf-8",
    )
    blocks = extract(paper).blocks
    assert blocks and blocks[-1].text.startswith("word word")


def test_markdown_papers_of_runs_of_definition_markers_read(tmp_path: Path) -> None:
    # Definition lists are parsed a top-level block at a time: a long run of descriptions,
    # quotes nested past the parser's depth, or thousands of terms must all still read.
    paper = tmp_path / "paper.md"
    paper.write_text(
        "# Title\n\nTerm\n"
        + ":   x\n" * 100_000
        + "\n"
        + "> " * 1000
        + "**Deep**\n\n"
        + "> " * 1000
        + ":   quoted\n\n"
        + "Name\n:   A description.\n\n" * 5000
        + "The end.\n",
        encoding="utf-8",
    )
    texts = [b.text for b in extract(paper).blocks]
    assert texts.count("Name: A description.") == 5000
    assert texts[-1] == "The end."


def test_markdown_runs_of_anchor_links_and_code_marks_read(tmp_path: Path) -> None:
    # Citations as links to anchors are matched over several lines; a run of such links with
    # no closing bracket, and runs of backticks and labels, must not make that slow.
    paper = tmp_path / "paper.md"
    paper.write_text(
        "# Title\n\n["
        + "[a](#b) " * 50_000
        + "\n\n"
        + "`" * 50_000
        + "\n\n"
        + "[fig:" * 50_000
        + "\n\nThe end.\n",
        encoding="utf-8",
    )
    assert extract(paper).blocks[-1].text == "The end."


def test_markdown_runs_of_unclosed_tags_read(tmp_path: Path) -> None:
    # An HTML tag was matched up to the next ">" from every "<": a 1.8 MB run of "<http://a"
    # with no ">" took minutes. A tag holds no "<", so each character is read once.
    paper = tmp_path / "paper.md"
    paper.write_text("# Title\n\n" + "<http://a" * 200_000 + "\n\nThe end.\n", encoding="utf-8")
    assert extract(paper).blocks[-1].text == "The end."


@pytest.mark.parametrize(
    "bbl",
    [
        "\\bibitem[" + " " * 200_000 + "]{k}",  # no "(": never a name
        "\\bibitem[{" + "a" * 200_000 + "(2020)" + "b" * 200_000 + "]{k}",
        "\\bibitem[A(2020)]" + " " * 200_000 + "{k}",
        "\\bibitem[A(2020)]{" * 20_000,
        # Labels are scanned for their braces: each character once, an open label or not.
        "\\bibitem[" * 200_000,
        "\\bibitem[{" * 200_000,
        "\\bibitem[" + "{" * 400_000 + "(2020)]{k}",
        # biber's entries: a name never closed, braces opened without end.
        "\\entry{k}{a}{}\\name{author}{1}{}{{{hash=x}{family={" + "a" * 400_000,
        "\\entry{k}{a}{}\\name{author}{1}{}{" + "{{hash=x}{family={{{" * 40_000,
        "\\entry{k}{a}{}" * 100_000,
    ],
)
def test_a_hostile_compiled_bibliography_is_read_in_linear_time(bbl: str) -> None:
    # Every part of the entry pattern is bounded; an unbounded lazy one before "\s*(" was
    # quadratic in a run of spaces. Nothing here is a well-formed entry.
    from claimaudit.library.latex.citations import names_from_bbl

    assert names_from_bbl(bbl) == {}


@pytest.mark.parametrize(
    "text",
    [
        "@misc{a, " + "%\n" * 200_000 + "title = {T}}",  # a comment on every line
        "@misc{a, " + "%" * 400_000,  # one comment, never ended
        "@misc{" * 200_000,  # entries never closed
        "@misc{a, title = {" + "\\\\" * 200_000 + "}}",  # TeX line breaks, hidden and restored
    ],
)
def test_bibtex_comments_and_line_breaks_are_read_in_linear_time(text: str) -> None:
    # Each character is scanned once before bibtexparser reads the text (``bibtex``).
    from claimaudit.bibtex import _blank_field_comments, _hide_double_backslashes

    hidden, _ = _hide_double_backslashes(text)
    assert len(_blank_field_comments(hidden)) == len(hidden)
