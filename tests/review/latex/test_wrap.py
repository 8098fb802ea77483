"""Citation-wrapping macros, definitions that must not be parsed as calls, and run-in
headings in a LaTeX draft under review."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from claimaudit.cli import _install_commands, app
from claimaudit.library.store import Library
from claimaudit.review.latex.claims import extract_latex_claims
from claimaudit.review.latex.read import read_latex_draft

_BIB = "".join(
    f"@article{{{key},title={{{title}}},author={{A, B}},year={{2020}}}}\n"
    for key, title in (("virtanen2020", "SciPy"), ("wilson2017", "Good"), ("dum2016", "Conv"))
)


def _draft(tmp_path: Path, preamble: str, body: str, **files: str) -> Path:
    (tmp_path / "refs.bib").write_text(_BIB)
    for name, text in files.items():
        (tmp_path / name.replace("__", ".")).write_text(text)
    main = tmp_path / "p.tex"
    main.write_text(
        "\\documentclass{article}\n\\addbibresource{refs.bib}\n"
        f"{preamble}\n\\begin{{document}}\n{body}\n\\end{{document}}\n"
    )
    return main


def _claims(path: Path) -> list[tuple[int, str, tuple[str, ...]]]:
    found = extract_latex_claims(path)
    return [(c.sentence.line, c.text, tuple(x.key for x in c.citations)) for c in found.claims]


@pytest.mark.parametrize(
    "definitions",
    [
        "\\NewDocumentCommand{\\ncite}{m}{\\cite{#1}}\n\\let\\lcite\\cite",
        "\\let\\oldcite=\\cite",
        "\\let\\lcite\\cite",
    ],
)
def test_a_let_before_begin_document_keeps_the_preamble_apart(
    tmp_path: Path, definitions: str
) -> None:
    path = _draft(tmp_path, definitions, "First SciPy provides algorithms \\cite{virtanen2020}.")
    line = 5 + definitions.count("\n")
    assert _claims(path) == [(line, "First SciPy provides algorithms.", ("virtanen2020",))]
    assert [c.keys for c in read_latex_draft(path).commands] == [("virtanen2020",)]


def test_a_preamble_that_swallows_begin_document_is_never_prose(tmp_path: Path) -> None:
    # A bare \cite the reader cannot help (it takes \begin as its argument).
    path = _draft(tmp_path, "\\title{T} \\cite", "Scipy is fast \\cite{virtanen2020}.")
    assert _claims(path) == [(5, "Scipy is fast.", ("virtanen2020",))]


@pytest.mark.parametrize(
    "definition",
    [
        "\\providecommand{\\wcite}[1]{\\citep{#1}}",
        "\\DeclareRobustCommand{\\wcite}[1]{\\citep{#1}}",
        "\\NewDocumentCommand{\\wcite}{m}{\\citep{#1}}",
        "\\NewDocumentCommand\\wcite{ m }{\\citep{#1}}",
        "\\let\\wcite\\citep",
        "\\let\\wcite=\\citep",
    ],
)
def test_citation_wrappers_of_the_main_file_are_expanded(tmp_path: Path, definition: str) -> None:
    path = _draft(tmp_path, definition, "SciPy is for computing \\wcite{virtanen2020}.")
    assert _claims(path) == [(5, "SciPy is for computing.", ("virtanen2020",))]


def test_an_optional_first_argument_of_a_document_command(tmp_path: Path) -> None:
    path = _draft(
        tmp_path,
        "\\NewDocumentCommand{\\ocite}{om}{\\citep[#1]{#2}}",
        "Padding keeps size \\ocite[p.~3]{dum2016}. SciPy computes \\ocite{virtanen2020}.",
    )
    assert _claims(path) == [
        (5, "Padding keeps size.", ("dum2016",)),
        (5, "SciPy computes.", ("virtanen2020",)),
    ]


@pytest.mark.parametrize(
    ("preamble", "files"),
    [
        ("\\input{macros}", {"macros__tex": "\\newcommand{\\mycite}[1]{\\citep{#1}}\n"}),
        ("\\input macros.tex", {"macros__tex": "\\NewDocumentCommand{\\mycite}{m}{\\cite{#1}}"}),
        (
            "\\usepackage[utf8]{inputenc}\n\\usepackage{amsmath,mystyle}",
            {"mystyle__sty": "\\ProvidesPackage{mystyle}\n\\newcommand\\mycite[1]{\\citep{#1}}\n"},
        ),
        (
            "\\usepackage{mystyle}",
            {"mystyle__sty": "\\ProvidesPackage{mystyle}\n\\let\\mycite\\citep\n"},
        ),
        # In a package file "@" is a letter: \my@cite is one name, a copy of \citep.
        (
            "\\usepackage{mystyle}",
            {
                "mystyle__sty": "\\ProvidesPackage{mystyle}\n\\let\\my@cite\\citep\n"
                "\\newcommand\\mycite[1]{\\my@cite{#1}}\n"
            },
        ),
        # In the preamble, between \makeatletter and \makeatother.
        (
            "\\makeatletter\n\\let\\my@cite\\citep\n\\newcommand\\mycite[1]{\\my@cite{#1}}\n"
            "\\makeatother",
            {},
        ),
    ],
)
def test_citation_wrappers_of_preamble_files_are_expanded(
    tmp_path: Path, preamble: str, files: dict[str, str]
) -> None:
    path = _draft(tmp_path, preamble, "Version control helps \\mycite{wilson2017}.", **files)
    line = 5 + preamble.count("\n")
    assert _claims(path) == [(line, "Version control helps.", ("wilson2017",))]


@pytest.mark.parametrize(
    ("preamble", "files"),
    [
        # A package's wrapper calling its own @-named wrapper of \citep.
        (
            "\\usepackage{mystyle}",
            {
                "mystyle__sty": "\\ProvidesPackage{mystyle}\n"
                "\\newcommand\\zz@cite[1]{\\citep{#1}}\n\\newcommand\\zcite[1]{\\zz@cite{#1}}\n"
            },
        ),
        # The same between \makeatletter and \makeatother.
        (
            "\\makeatletter\n\\newcommand\\zz@cite[1]{\\citep{#1}}\n"
            "\\newcommand\\zcite[1]{\\zz@cite{#1}}\n\\makeatother",
            {},
        ),
        # Three deep, the innermost with an optional argument, defined last.
        (
            "\\newcommand\\zcite[1]{\\zb{#1}}\n\\newcommand\\zb[1]{\\za[see]{#1}}\n"
            "\\newcommand\\za[2][]{\\citep[#1]{#2}}",
            {},
        ),
    ],
)
def test_a_wrapper_of_a_wrapper_is_a_citation(
    tmp_path: Path, preamble: str, files: dict[str, str]
) -> None:
    path = _draft(tmp_path, preamble, "Memory is harmed by caffeine \\zcite{wilson2017}.", **files)
    line = 5 + preamble.count("\n")
    assert _claims(path) == [(line, "Memory is harmed by caffeine.", ("wilson2017",))]


def test_wrappers_that_call_each_other_end(tmp_path: Path) -> None:
    # TeX would loop; the reader expands each a bounded number of times and cites nothing.
    preamble = "\\newcommand\\za[1]{\\zb{#1}}\n\\newcommand\\zb[1]{\\za{#1}}"
    path = _draft(tmp_path, preamble, "Memory is harmed by caffeine \\za{wilson2017}.")
    found = extract_latex_claims(path)
    assert (found.claims, [s.text for s in found.uncited]) == (
        [],
        ["Memory is harmed by caffeine."],
    )


def test_a_package_s_tex_code_is_not_expanded(tmp_path: Path) -> None:
    # A class-like redefinition of \section: expanded, its code would print as prose and the
    # heading would be lost; read as the built-in \section, the title is the section.
    style = (
        "\\ProvidesPackage{mystyle}\n"
        "\\renewcommand\\section{\\@startsection{section}{1}{0pt}{1ex}{1ex}{\\bfseries}}\n"
    )
    path = _draft(
        tmp_path,
        "\\usepackage{mystyle}",
        "\\section{Methods}\nSciPy is for computing \\cite{virtanen2020}.",
        mystyle__sty=style,
    )
    found = extract_latex_claims(path)
    assert [c.text for c in found.claims] == ["SciPy is for computing."]
    assert [(p.block.section, p.block.text) for p in found.paragraphs] == [
        ("Methods", "SciPy is for computing.")
    ]


@pytest.mark.parametrize(
    "a_loads",
    [
        "\\RequirePackage{b}",
        # A cycle: a loads itself and b, b loads a back; each is read once.
        "\\RequirePackage{a}\n\\usepackage{natbib,b}",
    ],
)
def test_a_package_loaded_by_a_local_package_is_read(tmp_path: Path, a_loads: str) -> None:
    b = "\\RequirePackage{a}\n\\let\\bcite\\citet\n\\newcommand\\bcmd{from B}\n"
    path = _draft(
        tmp_path,
        "\\usepackage{a}",
        "\\bcmd{} and \\bcite{wilson2017} said.",
        a__sty=a_loads,
        b__sty=b,
    )
    found = extract_latex_claims(path)
    assert not found.warnings
    assert [(c.text, tuple(x.key for x in c.citations)) for c in found.claims] == [
        ("from B and A said.", ("wilson2017",))
    ]


def test_a_package_outside_the_folder_is_not_read(tmp_path: Path) -> None:
    inner = tmp_path / "draft"
    inner.mkdir()
    (tmp_path / "out.sty").write_text("\\newcommand\\mycite[1]{\\citep{#1}}\n")
    (inner / "mystyle.sty").symlink_to(tmp_path / "out.sty")
    path = _draft(inner, "\\usepackage{mystyle}", "Version control helps \\mycite{wilson2017}.")
    assert _claims(path) == []


def test_an_unknown_macro_given_a_key_is_warned_of(tmp_path: Path) -> None:
    path = _draft(
        tmp_path,
        "",
        "SciPy helps \\weirdcite{virtanen2020}. Again \\weirdcite{wilson2017}. \\textsc{Word}.",
    )
    found = extract_latex_claims(path)
    assert found.claims == []
    assert len(found.warnings) == 1
    assert "p.tex:5: \\weirdcite{virtanen2020}" in found.warnings[0]


def test_the_review_command_says_so_on_stderr(tmp_path: Path) -> None:
    path = _draft(tmp_path, "", "SciPy helps \\weirdcite{virtanen2020}.")
    Library.open(tmp_path / "lib.db", create=True).close()
    _install_commands()
    result = CliRunner().invoke(
        app, ["review", str(path), "--library", str(tmp_path / "lib.db"), "--json", "-"]
    )
    assert result.exit_code == 0, result.output
    assert "\\weirdcite{virtanen2020} names a key of the bibliography" in result.stderr
    # ... and in its JSON, as the API and the MCP tool give it.
    [warning] = json.loads(result.stdout)["warnings"]
    assert warning.startswith("p.tex:5: \\weirdcite{virtanen2020} names a key")
    assert warning.endswith("its preamble's files or a package file beside it, or cite with \\cite")


@pytest.mark.parametrize("heading", ["paragraph", "subparagraph", "paragraph*"])
def test_a_run_in_heading_is_no_part_of_the_claim(tmp_path: Path, heading: str) -> None:
    body = f"\\{heading}{{Padding}} Zero padding keeps the size \\cite{{dum2016}}."
    path = _draft(tmp_path, "", body)
    found = extract_latex_claims(path)
    assert [c.text for c in found.claims] == ["Zero padding keeps the size."]
    sentence = found.claims[0].sentence
    assert (sentence.line, sentence.column) == (5, body.index("Zero") + 1)
    # Its title names no section (the draft has none), as the library's reader reads it.
    assert found.paragraphs[0].block.section is None


def test_a_commented_out_input_is_not_read_for_macros(tmp_path: Path) -> None:
    files = {"macros__tex": "\\newcommand{\\mycite}[1]{\\citep{#1}}\n"}
    path = _draft(
        tmp_path, "% \\input{macros}", "Version control helps \\mycite{wilson2017}.", **files
    )
    assert _claims(path) == []


def test_a_class_beside_the_draft_is_read_as_its_packages_are(tmp_path: Path) -> None:
    # QA: \documentclass{mycls} with mycls.cls beside the draft was not read: its citation
    # wrapper was warned of as unknown and its macro printed nothing.
    path = _draft(
        tmp_path,
        "",
        "Our \\method{} is good, as \\mycite{wilson2017} say.",
        mycls__cls="\\ProvidesClass{mycls}\n\\LoadClass{article}\n\\let\\mycite\\citet\n"
        "\\newcommand{\\method}{DeepFoo}\n",
    )
    path.write_text(path.read_text().replace("{article}", "{mycls}"))
    found = extract_latex_claims(path)
    assert not found.warnings
    assert [(c.text, tuple(x.key for x in c.citations)) for c in found.claims] == [
        ("Our DeepFoo is good, as A say.", ("wilson2017",))
    ]


def test_a_wrapper_whose_name_begins_the_command_it_wraps_is_expanded(tmp_path: Path) -> None:
    # QA: \cit wrapping \citep was taken for a macro calling itself: its citation was warned
    # of as an unknown command and the claim lost; \para wrapping \paragraph glued the
    # heading to the claim ("Padding Zero padding keeps the size.").
    path = _draft(
        tmp_path,
        "\\newcommand{\\cit}[1]{\\citep{#1}}\n\\newcommand{\\para}[1]{\\paragraph{#1}}",
        "\\para{Padding} Zero padding keeps the size \\cit{dum2016}.",
    )
    found = extract_latex_claims(path)
    assert not found.warnings
    assert [(c.text, tuple(x.key for x in c.citations)) for c in found.claims] == [
        ("Zero padding keeps the size.", ("dum2016",))
    ]
    assert found.paragraphs[0].block.section is None  # a run-in title names no section


def test_providecommand_leaves_a_package_s_definition_standing(tmp_path: Path) -> None:
    # QA: the draft's \providecommand of a command its package defines replaced it, where
    # TeX keeps the package's (and so does ingestion).
    path = _draft(
        tmp_path,
        "\\usepackage{mystyle}\n\\providecommand{\\mycite}[1]{\\emph{#1}}\n"
        "\\newcommand{\\myx}{One}\n\\providecommand{\\myx}{Two}",
        "Version control helps with \\myx{} \\mycite{wilson2017}.",
        mystyle__sty="\\newcommand{\\mycite}[1]{\\citep{#1}}\n",
    )
    assert _claims(path) == [(8, "Version control helps with One.", ("wilson2017",))]


def test_a_let_copy_of_the_draft_s_own_wrapper_is_a_citation(tmp_path: Path) -> None:
    # QA: \let\othercite\mycite of the draft's own wrapper was warned of as an unknown
    # command and its claim lost; its macro copy \myb printed nothing.
    path = _draft(
        tmp_path,
        "\\newcommand{\\mycite}[1]{\\citep{#1}}\n\\let\\othercite\\mycite\n"
        "\\newcommand{\\mya}{Alpha}\n\\let\\myb\\mya",
        "We use \\myb{} here \\othercite{wilson2017}.",
    )
    assert _claims(path) == [(8, "We use Alpha here.", ("wilson2017",))]


def test_an_environment_s_arguments_are_no_part_of_the_claim(tmp_path: Path) -> None:
    # QA: \begin{note}{important} of the draft's \newenvironment{note}[1] read its argument
    # into the claim ("important Version control helps.").
    path = _draft(
        tmp_path,
        "\\newenvironment{note}[1]{\\par\\textbf{Note (#1).} }{\\par}\n"
        "\\newenvironment{hint}[2][Info]{\\textbf{#1: #2.} }{}",
        "\\begin{note}{important} Version control helps \\cite{wilson2017}.\\end{note}\n"
        "\\begin{hint}[Tip]{Fast} SciPy is fast \\cite{virtanen2020}.\\end{hint}",
    )
    assert [c for _, c, _ in _claims(path)] == ["Version control helps.", "SciPy is fast."]


@pytest.mark.parametrize(
    ("preamble", "name"),
    [("\\input{defs}", "defs__tex"), ("\\usepackage{defs}", "defs__sty")],
)
def test_an_environment_defined_in_a_preamble_file_keeps_its_arguments_out(
    tmp_path: Path, preamble: str, name: str
) -> None:
    # QA: an environment defined in an \input preamble file (or a local package) read its
    # argument into the claim ("important Version control helps."): only the main file's
    # definitions were read.
    path = _draft(
        tmp_path,
        preamble,
        "\\begin{note}{important} Version control helps \\cite{wilson2017}.\\end{note}",
        **{name: "\\newenvironment{note}[1]{\\par\\textbf{Note (#1).} }{\\par}\n"},
    )
    assert [c for _, c, _ in _claims(path)] == ["Version control helps."]


def test_a_textquote_s_citation_cites_the_quotation_in_its_marks(tmp_path: Path) -> None:
    # QA: \textquote[\citep{a}]{X} warned that its citation "is in no sentence" (so the
    # sentence went unchecked) and the quotation lost its marks.
    path = _draft(
        tmp_path,
        "\\usepackage{csquotes}",
        "As they put it, \\textquote[\\citep{wilson2017}]{version control helps}.\n\n"
        "\\textquote[{\\cite[p.~3]{dum2016}}][.]{Convolutions work} They agree.",
    )
    found = extract_latex_claims(path)
    assert [(c.text, tuple(x.key for x in c.citations)) for c in found.claims] == [
        ("As they put it, \u201cversion control helps\u201d.", ("wilson2017",)),
        ("\u201cConvolutions work\u201d.", ("dum2016",)),
    ]
    assert found.warnings == ()
