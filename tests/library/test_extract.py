"""Ingestion of each supported format, with the real papers from the shared data folder."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from claimaudit.errors import InputError, RefRequiredError
from claimaudit.guards.filenames import shown_name
from claimaudit.identity import parse_ref
from claimaudit.library.extract import extract, main_source
from claimaudit.library.ingest import add_path, infer_ref
from claimaudit.library.passages import make_passages
from claimaudit.library.store import Library
from claimaudit.passage import Passage
from tests.library import helpers as h


def _passages(path: Path) -> list[Passage]:
    return make_passages(extract(path).blocks)


def _find(passages: list[Passage], words: str) -> Passage:
    found = [p for p in passages if words in p.text]
    assert found, f"{words!r} not in any passage"
    return found[0]


def test_scipy_latex_with_inputs() -> None:
    document = extract(h.SCIPY_TEX)
    assert document.title == "SciPy 1.0—Fundamental Algorithms for Scientific Computing in Python"
    passages = make_passages(document.blocks)
    assert [p.passage_id for p in passages[:3]] == ["P001", "P002", "P003"]
    abstract = _find(passages, "SciPy is an open source scientific computing library")
    assert abstract.section == "Abstract" and abstract.passage_id == "P001"
    intro = _find(passages, "SciPy is a library of numerical routines for the Python programming")
    assert intro.section == "Introduction"
    # Text that only exists in \input{ckdtree} and \input{scipy-optimize}.
    ckdtree = _find(passages, "was rewritten in C++ with templated classes")
    assert ckdtree.section == "cKDTree"
    assert "scipy.spatial.ckdtree" in ckdtree.text  # \texttt{} content is kept
    _find(passages, "interior-point optimizer for continuous linear programming")
    sections = {p.section for p in passages}
    assert {"Background", "SciPy Begins", "Sparse matrices", "Linear Optimization"} <= sections
    # Comments are dropped: this line of paper.tex is commented out with %%.
    assert not any("SciPy is not what you think it is" in p.text for p in passages)
    assert not any("<cit.>" in p.text or "\\cite" in p.text for p in passages)


def test_scikit_image_several_files() -> None:
    document = extract(h.SKIMAGE_TEX)
    assert document.title == "scikit-image: Image processing in Python"
    passages = make_passages(document.blocks)
    sections = [p.section for p in passages]
    assert sections[0] == "Abstract"
    assert {"Introduction", "Getting started", "Research", "Education", "Industry"} <= set(sections)
    _find(passages, "scikit-image is an image processing library")
    assert len({p.passage_id for p in passages}) == len(passages)


def test_conv_arithmetic_latex() -> None:
    passages = _passages(h.CONV_TEX)
    pooling = _find(passages, "Pooling works by sliding a window across the input")
    assert pooling.section == "Pooling"
    assert "Half (same) padding" in {p.section for p in passages}


def test_good_enough_latex_section_alias_and_markdown() -> None:
    latex = _passages(h.GOOD_ENOUGH_TEX)
    # \practicesection{Data Management}{...} is a \newcommand around \section.
    assert {"Abstract", "Data Management", "Software", "Manual Versioning"} <= {
        p.section for p in latex
    }
    _find(latex, "Save the raw data")
    markdown = extract(h.GOOD_ENOUGH / "index.md")
    assert markdown.title == "Good Enough Practices for Scientific Computing"
    md_passages = make_passages(markdown.blocks)
    assert _find(md_passages, "Save the raw data").section == "Data Management"
    assert not any("layout: page" in p.text for p in md_passages)


def test_good_enough_markdown_title_block_is_authors_not_passages(library: Library) -> None:
    result = add_path(library, h.GOOD_ENOUGH / "index.md", ref=parse_ref("arXiv:1609.00037"))
    paper = library.require_paper(result.ref)
    # As the LaTeX source of the same paper names them.
    assert paper.authors == extract(h.GOOD_ENOUGH_TEX).authors
    assert paper.authors and paper.authors.startswith("Greg Wilson, Jennifer Bryan, ")
    passages = library.passages(result.ref)
    # "**Abstract**" alone on its line is the section, as the LaTeX source's \section*.
    assert passages[0].text.startswith("We present a set of computing tools")
    assert [p.section for p in passages[:3]] == ["Abstract", "Author Summary", "Author Summary"]
    text = " ".join(p.text for p in passages)
    for absent in ("Greg Wilson, Jennifer Bryan", "Software Carpentry Foundation /", "A PDF of"):
        assert absent not in text
    assert not any("@" in p.text for p in passages)


def test_good_enough_folder_picks_the_documentclass_file() -> None:
    assert main_source(h.GOOD_ENOUGH) == h.GOOD_ENOUGH_TEX
    assert extract(h.GOOD_ENOUGH).title == "Good Enough Practices for Scientific Computing"


def test_manubot_folder_deep_rules() -> None:
    document = extract(h.DEEP_RULES)
    assert document.title == "Ten Quick Tips for Deep Learning in Biology"
    passages = make_passages(document.blocks)
    first = passages[0]
    assert first.section == "Introduction"
    assert first.text.startswith("Machine learning is a modern approach to problem-solving")
    assert any(p.section and p.section.startswith("Tip 1:") for p in passages)
    text = " ".join(p.text for p in passages)
    # Template and non-manuscript files are not part of the paper.
    for absent in ("{%", "manubot.", "presubmission", "<div", "[@tag:srivastava-dropout]:"):
        assert absent not in text
    # Files are read in name order: 02.intro before 13.conclusion.
    sections = [p.section for p in passages]
    assert sections.index("Introduction") < sections.index("Conclusion")


def test_manubot_folder_deep_review_is_large() -> None:
    document = extract(h.DEEP_REVIEW)
    assert document.title and document.title.startswith("Opportunities and obstacles")
    passages = make_passages(document.blocks)
    assert len(passages) > 200
    assert passages[0].section == "Abstract"
    assert all(len(p.text) <= 1200 for p in passages)
    assert not any("<!--" in p.text or "{{" in p.text for p in passages)


def test_generated_pdf_with_title_and_doi(tmp_path: Path) -> None:
    pdf = h.make_pdf(tmp_path / "paper.pdf", title="Attention Test", subject="doi:10.1234/ABC.5")
    document = extract(pdf)
    assert document.title == "Attention Test"
    text = " ".join(p.text for p in make_passages(document.blocks))
    assert "BLEU score of 28.4" in text
    assert infer_ref(pdf, document) == parse_ref("doi:10.1234/abc.5")


def test_ref_from_file_name(tmp_path: Path) -> None:
    pdf = h.make_pdf(tmp_path / "1706.03762v5.pdf")
    assert infer_ref(pdf, extract(pdf)) == parse_ref("arXiv:1706.03762v5")
    tex = tmp_path / "2105.14372.tex"
    tex.write_text("\\documentclass{article}\\begin{document}Hello world.\\end{document}")
    assert infer_ref(tex, extract(tex)) == parse_ref("2105.14372")


def test_conflicting_name_and_metadata_need_ref(tmp_path: Path) -> None:
    pdf = h.make_pdf(tmp_path / "1706.03762v5.pdf", subject="arXiv:2105.14372")
    with pytest.raises(
        RefRequiredError,
        match=r"the file name names arXiv:1706\.03762v5, its metadata arXiv:2105\.14372",
    ) as required:
        infer_ref(pdf, extract(pdf))
    assert required.value.found == ("arXiv:1706.03762v5", "arXiv:2105.14372")


def test_no_ref_anywhere_needs_ref(tmp_path: Path, library: Library) -> None:
    pdf = h.make_pdf(tmp_path / "paper.pdf")
    with pytest.raises(RefRequiredError) as required:
        add_path(library, pdf)
    assert str(required.value).endswith("cannot tell which paper this is from its name or metadata")
    assert required.value.found == ()
    assert library.list_papers() == []


def test_title_falls_back_to_file_stem(tmp_path: Path, library: Library) -> None:
    note = tmp_path / "my-notes.txt"
    note.write_text("First paragraph.\n\nSecond paragraph.\n", encoding="utf-8")
    result = add_path(library, note, ref=parse_ref("doi:10.1234/n"))
    assert result.title == "my-notes"
    assert add_path(library, note, ref=parse_ref("doi:10.1234/m"), title="Given").title == "Given"


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda d: d / "absent.pdf", "no such file"),
        (lambda d: h.make_corrupt_pdf(d / "corrupt.pdf"), "not a readable PDF"),
        (lambda d: h.make_blank_pdf(d / "blank.pdf"), "no text layer; run OCR first"),
        (lambda d: h.make_binary(d / "image.txt"), "binary file"),
        (lambda d: h.make_latin1(d / "latin1.md"), "not UTF-8"),
    ],
)
def test_bad_input_is_a_clear_error(tmp_path: Path, make: object, message: str) -> None:
    path = make(tmp_path)  # type: ignore[operator]
    with pytest.raises(InputError, match=message):
        extract(path)


_WHOLE = (
    "\\documentclass{article}\n\\begin{document}\n\\section{Methods}\n"
    "We sampled forty lakes.\n\nEach was visited twice.\n"
)


@pytest.mark.parametrize(
    ("ending", "warned"),
    [
        ("\\end{document}\n", False),
        ("\\end {document} % done\n", False),
        ("", True),  # cut short: read, and said
    ],
)
def test_latex_without_end_document_is_read_and_warned_about(
    tmp_path: Path, ending: str, warned: bool
) -> None:
    path = tmp_path / "paper.tex"
    path.write_text(_WHOLE + ending, encoding="utf-8")
    document = extract(path)
    assert [p.text for p in make_passages(document.blocks)] == [
        "We sampled forty lakes.",
        "Each was visited twice.",
    ]
    cut = "paper.tex has no \\end{document}: it may be cut short"
    assert document.warnings == ((cut,) if warned else ())


def test_latex_without_a_document_environment_is_no_cut_short_paper(tmp_path: Path) -> None:
    # A fragment (no \begin{document} at all) is read as it is, with nothing said.
    path = tmp_path / "notes.tex"
    path.write_text("\\section{Notes}\nShort words here.\n", encoding="utf-8")
    assert extract(path).warnings == ()


def test_latex_missing_input_is_an_error(tmp_path: Path) -> None:
    folder = tmp_path / "scipy"
    shutil.copytree(h.SCIPY_TEX.parent, folder)
    (folder / "ckdtree.tex").unlink()
    with pytest.raises(InputError, match=r"\\input\{ckdtree\}.*missing"):
        extract(folder / "paper.tex")


def test_latex_include_cycle_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "a.tex").write_text(
        "\\documentclass{article}\\begin{document}\\input{b}\\end{document}"
    )
    (tmp_path / "b.tex").write_text("Loop \\input{b}")
    with pytest.raises(InputError, match=r"^\\input cycle: b\.tex -> b\.tex$"):
        extract(tmp_path / "a.tex")


def test_latex_includes_past_the_depth_limit_are_not_called_a_loop(tmp_path: Path) -> None:
    (tmp_path / "a.tex").write_text(
        "\\documentclass{article}\\begin{document}\\input{f0}\\end{document}"
    )
    for n in range(21):
        (tmp_path / f"f{n}.tex").write_text(f"Level {n}. \\input{{f{n + 1}}}" if n < 20 else "End.")
    message = r"f19.tex: \\input\{f20\} exceeds the include depth limit \(20 nested includes\)"
    with pytest.raises(InputError, match=message):
        extract(tmp_path / "a.tex")


def test_latex_brace_less_input_is_followed(tmp_path: Path) -> None:
    (tmp_path / "a.tex").write_text(
        "\\documentclass{article}\\begin{document}\nOpening words.\n\\input sub/b\n"
        "\\input\n  sub/c.tex\n\\end{document}"
    )
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.tex").write_text("Words of the second file.")
    (tmp_path / "sub" / "c.tex").write_text("Words of the third file.")
    text = " ".join(b.text for b in extract(tmp_path / "a.tex").blocks)
    assert "Words of the second file." in text and "Words of the third file." in text
    assert "sub/b" not in text and "ub/b" not in text


def test_folder_without_paper_source(tmp_path: Path) -> None:
    (tmp_path / "README").write_text("nothing here")
    with pytest.raises(InputError, match="no paper source"):
        extract(tmp_path)


def test_a_title_naming_an_arxiv_id_is_not_the_paper_s_identity(tmp_path: Path) -> None:
    # A commentary titled after the paper it discusses is not that paper.
    pdf = h.make_pdf(tmp_path / "notes.pdf", title="Notes on Attention (arXiv:1706.03762)")
    with pytest.raises(RefRequiredError):
        infer_ref(pdf, extract(pdf))


def test_a_ref_the_file_contradicts_is_stored_with_a_warning(
    tmp_path: Path, library: Library
) -> None:
    pdf = h.make_pdf(tmp_path / "paper.pdf", subject="doi:10.1234/other.7")
    added = add_path(library, pdf, ref=parse_ref("doi:10.1234/mine.1"))
    assert added.ref == parse_ref("doi:10.1234/mine.1")
    assert added.warnings == (
        "paper.pdf names doi:10.1234/other.7, not doi:10.1234/mine.1; "
        "stored as doi:10.1234/mine.1, as given",
    )
    version = h.make_pdf(tmp_path / "1706.03762v5.pdf")
    [warning] = add_path(library, version, ref=parse_ref("arXiv:1706.03762v2")).warnings
    assert warning.startswith("1706.03762v5.pdf names version arXiv:1706.03762v5, not ")


def test_a_preprint_whose_pdf_names_its_journal_doi_is_no_conflict(
    tmp_path: Path, library: Library
) -> None:
    pdf = h.make_pdf(tmp_path / "paper.pdf", subject="doi:10.1234/journal.9")
    assert add_path(library, pdf, ref=parse_ref("arXiv:2105.14372")).warnings == ()
    same = h.make_pdf(tmp_path / "same.pdf", subject="doi:10.1234/JOURNAL.9", title="Other")
    assert add_path(library, same, ref=parse_ref("doi:10.1234/journal.9")).warnings == ()


def _tex_file(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_a_folder_s_main_file_is_the_paper_not_a_subfile_or_a_figure(tmp_path: Path) -> None:
    _tex_file(
        tmp_path / "paper.tex",
        "\\documentclass{article}\n\\usepackage{subfiles}\n\\title{Subfiles top}\n"
        "\\begin{document}\n\\section{A}\nMAINTEXT.\n\\subfile{chap1}\n\\end{document}\n",
    )
    _tex_file(
        tmp_path / "chap1.tex",
        "\\documentclass[paper.tex]{subfiles}\n\\begin{document}\nCHAP1TEXT.\n\\end{document}\n",
    )
    _tex_file(
        tmp_path / "fig.tex",
        "\\documentclass[tikz, border=2pt]{ standalone }\n\\begin{document}\n"
        "\\begin{tikzpicture}\\draw (0,0) -- (1,1);\\end{tikzpicture}\n\\end{document}\n",
    )
    assert main_source(tmp_path) == tmp_path / "paper.tex"
    document = extract(tmp_path)
    assert document.title == "Subfiles top"
    assert [b.text for b in document.blocks] == ["MAINTEXT.", "CHAP1TEXT."]


def test_a_folder_of_many_papers_names_the_first_few_main_files(tmp_path: Path) -> None:
    many = tmp_path / "many"
    for number in range(300):
        _tex_file(
            many / f"p{number:03d}.tex",
            "\\documentclass{article}\n\\begin{document}\nX.\n\\end{document}\n",
        )
    with pytest.raises(InputError) as refused:
        main_source(many)
    # The first five and how many more, not 300 names (some 3,000 characters) in one line.
    assert str(refused.value) == (
        f"{many}: several main LaTeX files (p000.tex, p001.tex, p002.tex, p003.tex, p004.tex "
        "and 295 more); pass the one to add"
    )


def test_a_folder_of_two_papers_or_of_a_subfile_alone(tmp_path: Path) -> None:
    two = tmp_path / "two"
    for name in ("a.tex", "b.tex"):
        _tex_file(two / name, "\\documentclass{article}\n\\begin{document}\nX.\n\\end{document}\n")
    with pytest.raises(InputError, match=r"several main LaTeX files \(a\.tex, b\.tex\)"):
        main_source(two)
    # A subfile with nothing beside it is what there is to read, as before.
    alone = tmp_path / "alone"
    _tex_file(
        alone / "chap1.tex",
        "\\documentclass[../paper.tex]{subfiles}\n\\begin{document}\nX.\n\\end{document}\n",
    )
    assert main_source(alone) == alone / "chap1.tex"


# A control character in a file's name: messages dropped it, naming another file.
ODD = "pa\x01per"


def test_a_binary_file_is_named_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / f"{ODD}.txt"
    path.write_bytes(b"\x00\x01binary")
    with pytest.raises(InputError) as raised:
        extract(path)
    assert str(raised.value).startswith(f"{shown_name(path)}: looks like a binary file")


def test_a_file_that_is_no_pdf_is_named_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / f"{ODD}.pdf"
    path.write_bytes(b"not a pdf at all\n")
    with pytest.raises(InputError) as raised:
        extract(path)
    assert str(raised.value) == f"{shown_name(path)}: not a PDF (no %PDF- header)"


def test_a_latex_file_with_a_missing_include_is_named_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / f"{ODD}.tex"
    path.write_text(
        "\\documentclass{article}\\begin{document}\\input{gone}\\end{document}\n",
        encoding="utf-8",
    )
    with pytest.raises(InputError) as raised:
        extract(path)
    assert str(raised.value) == f"{shown_name(path)}: \\input{{gone}} refers to a missing file"


def test_a_paper_behind_a_link_that_loops_is_said_to_loop(tmp_path: Path) -> None:
    loop = tmp_path / "loop.tex"
    loop.symlink_to("loop.tex")
    with pytest.raises(InputError, match=r"loop\.tex: its symbolic links go round in a loop$"):
        extract(loop)
