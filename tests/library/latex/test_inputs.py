"""The files a LaTeX paper pulls in: ``\\subfile`` and the ``import`` package's commands are
followed as ``\\input`` is, inside the paper's folder, with the same limits."""

from __future__ import annotations

import os
import unicodedata
from pathlib import Path

import pytest

from claimaudit.errors import InputError
from claimaudit.library.extract import extract
from claimaudit.library.latex.extract import extract_latex
from claimaudit.library.latex.file_tests import MAX_TESTS, file_test_spans
from claimaudit.library.latex.inputs import document_body
from claimaudit.library.passages import make_passages
from tests.articles import write_article


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _paper(folder: Path, body: str, preamble: str = "") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    return write_article(folder, body, preamble)


def _texts(path: Path) -> list[str]:
    return [p.text for p in make_passages(extract(path).blocks)]


SUBFILE = (
    "\\documentclass[../main.tex]{subfiles}\n\\title{Not the paper's}\n"
    "\\begin{document}\n\\section{Method}\nFooNet outperforms every baseline.\n"
    "\\end{document}\n"
)


def test_a_subfile_is_read_without_its_own_preamble(tmp_path: Path) -> None:
    main = _paper(
        tmp_path, "Opening words.\n\n\\subfile{sections/method}", "\\usepackage{subfiles}"
    )
    _write(tmp_path, "sections/method.tex", SUBFILE)
    blocks = extract(main).blocks
    assert [(b.section, b.text) for b in blocks] == [
        (None, "Opening words."),
        ("Method", "FooNet outperforms every baseline."),
    ]
    assert not any("subfiles" in b.text or "main.tex" in b.text for b in blocks)


def test_a_subfile_finds_its_own_subfiles_beside_it(tmp_path: Path) -> None:
    main = _paper(tmp_path, "\\subfile{chapters/one}")
    _write(tmp_path, "chapters/one.tex", "Chapter words.\n\n\\subfile{part}\n")
    _write(tmp_path, "chapters/part.tex", "Part words.\n")
    assert _texts(main) == ["Chapter words.", "Part words."]


@pytest.mark.parametrize(
    "command",
    ["\\import{parts/}{intro}", "\\inputfrom{parts}{intro.tex}", "\\includefrom*{parts/}{intro}"],
)
def test_import_reads_the_file_and_its_inputs_from_its_folder(tmp_path: Path, command: str) -> None:
    main = _paper(tmp_path, f"Before.\n\n{command}\n\nAfter.")
    # Its \input names a file beside it, as the import package makes it.
    _write(tmp_path, "parts/intro.tex", "Imported words.\n\n\\input{detail}\n")
    _write(tmp_path, "parts/detail.tex", "Detail words.\n")
    assert _texts(main) == ["Before.", "Imported words.", "Detail words.", "After."]


def test_subimport_is_relative_to_the_importing_file(tmp_path: Path) -> None:
    main = _paper(tmp_path, "\\subimport{a/}{one}")
    _write(tmp_path, "a/one.tex", "One.\n\n\\subimport{b/}{two}\n\n\\subincludefrom{b}{three}\n")
    _write(tmp_path, "a/b/two.tex", "Two.\n")
    _write(tmp_path, "a/b/three.tex", "Three.\n\n\\subinputfrom{c/}{four}\n")
    _write(tmp_path, "a/b/c/four.tex", "Four.\n")
    assert _texts(main) == ["One.", "Two.", "Three.", "Four."]


@pytest.mark.parametrize(
    "command",
    [
        "\\subfile{../outside}",
        "\\import{../}{outside}",
        "\\import{/tmp/}{outside}",
        "\\subimport{sub/../../}{outside}",
        "\\inputfrom{.}{../outside}",
    ],
)
def test_an_import_out_of_the_folder_is_refused(tmp_path: Path, command: str) -> None:
    _write(tmp_path, "outside.tex", "Private words.\n")
    main = _paper(tmp_path / "paper", command)
    with pytest.raises(InputError, match="refused: it points outside the paper's folder") as error:
        extract(main)
    assert command in str(error.value)


def test_a_symlink_out_through_an_import_is_refused(tmp_path: Path) -> None:
    _write(tmp_path, "secret/notes.tex", "Private words.\n")
    main = _paper(tmp_path / "paper", "\\import{linked/}{notes}")
    (tmp_path / "paper" / "linked").symlink_to(tmp_path / "secret")
    with pytest.raises(InputError, match=r"\\import\{linked/\}\{notes\} refused"):
        extract(main)


def test_imports_share_the_include_limits(tmp_path: Path) -> None:
    main = _paper(tmp_path, "\\subfile{again}")
    _write(tmp_path, "again.tex", "Again \\import{./}{again}\n")
    with pytest.raises(InputError, match=r"^\\import cycle: again\.tex -> again\.tex$"):
        extract(main)
    # 22 folders deep, each file importing the next: past the limit of 20 nested includes.
    deep = _paper(tmp_path / "deep", "\\subimport{d/}{f}")
    nested = tmp_path / "deep"
    for _ in range(22):
        nested = nested / "d"
        _write(nested, "f.tex", "Level.\n\\subimport{d/}{f}\n")
    with pytest.raises(InputError, match="exceeds the include depth limit"):
        extract(deep)
    missing = _paper(tmp_path / "missing", "\\subimport{d/}{none}")
    with pytest.raises(InputError, match=r"\\subimport\{d/\}\{none\} refers to a missing file"):
        extract(missing)


def test_an_upload_may_not_import(tmp_path: Path) -> None:
    main = _paper(tmp_path, "\\subfile{part}")
    _write(tmp_path, "part.tex", "Words.\n")
    with pytest.raises(InputError, match="an uploaded file cannot pull in other files"):
        extract_latex(main, includes=False)


def test_document_body_keeps_a_plain_file_whole() -> None:
    assert document_body("Text with \\begin{document} mentioned.") == (
        "Text with \\begin{document} mentioned."
    )
    assert document_body(SUBFILE).strip() == (
        "\\section{Method}\nFooNet outperforms every baseline."
    )


def test_an_include_cycle_names_its_files_from_the_paper_s_folder(tmp_path: Path) -> None:
    main = _paper(tmp_path, "Sleep text.\n\\include{parts/chap}")
    _write(tmp_path, "parts/chap.tex", "\\input{parts/chap2}\n")
    _write(tmp_path, "parts/chap2.tex", "\\input{parts/chap}\n")
    with pytest.raises(
        InputError, match=r"^\\input cycle: parts/chap\.tex -> parts/chap2\.tex -> parts/chap\.tex$"
    ):
        extract(main)


@pytest.mark.parametrize(
    "include",
    [
        '\\input{"parts/with space"}',
        '\\input{"parts/with space.tex"}',
        '\\include{"parts/with space"}',
        '\\input "parts/with space" ',
        '\\import{"parts/"}{"with space"}',
    ],
)
def test_a_quoted_name_with_spaces_is_read_as_tex_live_reads_it(
    tmp_path: Path, include: str
) -> None:
    _write(tmp_path, "parts/with space.tex", "SPACETEXT in a spaced file.\n")
    main = _paper(tmp_path, f"\\section{{One}}\nMain text.\n\n{include}\n")
    assert _texts(main) == ["Main text.", "SPACETEXT in a spaced file."]


def test_a_quoted_name_still_stays_inside_the_paper_s_folder(tmp_path: Path) -> None:
    _write(tmp_path, "secret.tex", "SECRET.\n")
    main = _paper(tmp_path / "paper", 'Text.\n\\input{"../secret"}\n')
    with pytest.raises(InputError, match="points outside the paper's folder"):
        extract(main)


def test_an_input_named_in_the_other_unicode_form_is_found(tmp_path: Path) -> None:
    # macOS writes names decomposed (NFD); the \input names it composed (NFC), as typed.
    decomposed = unicodedata.normalize("NFD", "kapitel-\u00e4")
    _write(tmp_path, f"{decomposed}.tex", "FooNet outperforms every baseline.\n")
    main = _paper(tmp_path, "Opening words.\n\n\\input{kapitel-\u00e4}")
    assert _texts(main) == ["Opening words.", "FooNet outperforms every baseline."]


def test_an_include_that_is_no_regular_file_is_said_so(tmp_path: Path) -> None:
    # QA: a FIFO f.tex was "refers to a missing file"; it is never opened (it would block).
    # (A link to a device resolves outside the folder, and is refused as such.)
    main = _paper(tmp_path, "\\input{f}")
    os.mkfifo(tmp_path / "f.tex")
    with pytest.raises(InputError, match=r"\\input\{f\} is not a regular file$"):
        extract(main)


def test_if_file_exists_takes_the_branch_for_the_file(tmp_path: Path) -> None:
    # An optional part guarded as authors guard it: absent, the other branch is read.
    body = (
        "Opening words.\n\n\\IfFileExists{extra.tex}{\\input{extra}}{No extra part.}\n\n"
        "\\IfFileExists{parts/more}{\\input{parts/more}}{}\n\nClosing words."
    )
    main = _paper(tmp_path, body)
    assert _texts(main) == ["Opening words.", "No extra part.", "Closing words."]
    _write(tmp_path, "extra.tex", "Extra words.\n")
    _write(tmp_path, "parts/more.tex", "More words.\n")
    assert _texts(main) == ["Opening words.", "Extra words.", "More words.", "Closing words."]


def test_if_file_exists_outside_the_folder_reads_as_absent(tmp_path: Path) -> None:
    _write(tmp_path, "outside.tex", "Secret words.\n")
    main = _paper(tmp_path / "paper", "\\IfFileExists{../outside}{\\input{../outside}}{Inside.}")
    assert _texts(main) == ["Inside."]


def test_includeonly_leaves_out_the_other_included_files(tmp_path: Path) -> None:
    # As LaTeX does: the PDF lacks "b"'s text, and "c" need not be there at all.
    main = _paper(
        tmp_path,
        "\\include{a}\n\\include{b}\n\\include{c}\n\\input{d}",
        "\\includeonly{a, d}\n% \\includeonly{b}\n",
    )
    for name in "abd":
        _write(tmp_path, f"{name}.tex", f"Words of {name}.\n")
    assert _texts(main) == ["Words of a.", "Words of d."]


def test_a_source_of_thousands_of_file_tests_looks_for_a_bounded_number(tmp_path: Path) -> None:
    # Each test looks for a file; a hostile source of 100,000 took over half a minute.
    asked: list[str] = []
    text = "".join(f"\\IfFileExists{{f{n}}}{{a}}{{b}}" for n in range(MAX_TESTS + 50))
    text += "\\IfFileExists{" * 10_000  # never closed: left as they are
    spans = file_test_spans(text, lambda name: asked.append(name) is not None)
    assert len(asked) == MAX_TESTS and len(spans) == 2 * MAX_TESTS


def test_a_file_a_test_finds_changes_the_paper_s_hash(tmp_path: Path) -> None:
    # Adding the logo changes the text read, though no file it names is read.
    main = _paper(tmp_path, "\\IfFileExists{logo.pdf}{With the logo.}{Without it.}")
    before = extract(main)
    (tmp_path / "logo.pdf").write_bytes(b"%PDF-1.4")
    after = extract(main)
    assert [b.text for b in after.blocks] == ["With the logo."]
    assert after.content_hash != before.content_hash


def test_input_if_file_exists_reads_the_file_where_it_is_there(tmp_path: Path) -> None:
    # It printed the file's name ("extra") before, and never read the file.
    main = _paper(tmp_path, "Before.\n\n\\InputIfFileExists{extra}{}{Nothing extra.}\n\nAfter.")
    assert _texts(main) == ["Before.", "Nothing extra.", "After."]
    _write(tmp_path, "extra.tex", "Extra words.\n")
    assert _texts(main) == ["Before.", "Extra words.", "After."]


@pytest.mark.parametrize("include", ["\\include{gone}", "\\includefrom{parts/}{gone}"])
def test_an_include_of_a_missing_file_is_left_out_with_a_warning(
    tmp_path: Path, include: str
) -> None:
    # QA: the whole paper was refused; LaTeX warns ("No file gone.tex.") and goes on.
    main = _paper(tmp_path, f"Opening words.\n\n{include}\n\nClosing words.")
    document = extract(main)
    assert [b.text for b in document.blocks] == ["Opening words.", "Closing words."]
    [warning] = document.warnings
    assert warning.endswith(
        f"{include} refers to a missing file; LaTeX leaves it out, and so does the reader"
    )
    # \input stops LaTeX with an error: still refused, not silently shorter.
    _paper(tmp_path, "Opening words.\n\n\\input{gone}")
    with pytest.raises(InputError, match=r"\\input\{gone\} refers to a missing file"):
        extract(main)
