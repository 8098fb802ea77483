from __future__ import annotations

from pathlib import Path

import pytest
from fpdf import FPDF

from claimaudit.library.extract import extract
from claimaudit.library.models import TextBlock
from claimaudit.library.passages import make_passages
from claimaudit.passage import passage_id


def test_ids_are_stable_and_ordered() -> None:
    assert [passage_id(i) for i in (0, 1, 998, 999)] == ["P001", "P002", "P999", "P1000"]


def test_paragraphs_stay_whole_and_fragments_join_the_next_text_paragraph() -> None:
    blocks = [
        TextBlock("Short paragraph.", "A", (1, 1)),
        TextBlock("The output size is given by", "A", (1, 1)),
        TextBlock("where k is the kernel size.", "A", (2, 2)),
        TextBlock("Figure 1: A caption", "A", (2, 2), "caption"),
        TextBlock("A footnote", "A", (2, 2), "footnote"),
        TextBlock("Next section text.", "B", (3, 3)),
    ]
    passages = make_passages(blocks)
    assert [(p.text, p.section, p.pages) for p in passages] == [
        ("Short paragraph.", "A", (1, 1)),
        ("The output size is given by where k is the kernel size.", "A", (1, 2)),
        ("Figure 1: A caption", "A", (2, 2)),
        ("A footnote", "A", (2, 2)),
        ("Next section text.", "B", (3, 3)),
    ]


def test_list_items_stay_apart_but_a_lists_name_reads_with_its_first_item() -> None:
    blocks = [
        TextBlock("Data Management", "Box", kind="list"),
        TextBlock("Save the raw data.", "Box", kind="list"),
        TextBlock("Ensure that raw data is backed up.", "Box", kind="list"),
        TextBlock("i_j: input size along axis j,", "Notation", kind="list"),
        TextBlock("k_j: kernel size along axis j.", "Notation", kind="list"),
        TextBlock("Duke University / karen@duke.edu", "Authors", kind="list"),
        TextBlock("University of Oslo / lex@uio.no", "Authors", kind="list"),
    ]
    assert [(p.text, p.section) for p in make_passages(blocks)] == [
        ("Data Management Save the raw data.", "Box"),
        ("Ensure that raw data is backed up.", "Box"),
        ("i_j: input size along axis j,", "Notation"),
        ("k_j: kernel size along axis j.", "Notation"),
        ("Duke University / karen@duke.edu", "Authors"),
        ("University of Oslo / lex@uio.no", "Authors"),
    ]


def test_a_flat_list_of_short_items_is_one_passage_per_item() -> None:
    # Each short item was taken for a list's name and ran on into the next: "Python NumPy
    # SciPy Matplotlib" was one passage, evidence mixing unrelated items.
    tools = ["Python", "NumPy", "SciPy", "Matplotlib"]
    blocks = [TextBlock(tool, "Tools", kind="list") for tool in tools]
    # A short item before a sentence ("Fast", then "Works on ...") is a list's name only
    # where the item before it is none: here it is one of a flat list's items.
    qualities = ["Free", "Fast", "Works on every platform we tried."]
    blocks += [TextBlock(quality, "Qualities", kind="list") for quality in qualities]
    # A name after a flat list of another section still reads with its first item.
    blocks += [
        TextBlock("Data Management", "Box", kind="list"),
        TextBlock("Save the raw data.", "Box", kind="list"),
    ]
    assert [p.text for p in make_passages(blocks)] == [
        *tools, *qualities, "Data Management Save the raw data."
    ]  # fmt: skip


MARKDOWN_LISTS = """# Tools

We used these tools:

- Python
- NumPy
- SciPy
- Matplotlib

# Box

- Data Management
    - Save the raw data.
    - Back it up.
- Software
    - Place a brief comment at the start of every program.
"""
LATEX_LISTS = r"""\documentclass{article}
\begin{document}
\section{Tools}
We used these tools:
\begin{itemize}
\item Python
\item NumPy
\item SciPy
\item Matplotlib
\end{itemize}
\section{Box}
\begin{enumerate}
\item Data Management
  \begin{enumerate}
  \item Save the raw data.
  \item Back it up.
  \end{enumerate}
\item Software
  \begin{enumerate}
  \item Place a brief comment at the start of every program.
  \end{enumerate}
\end{enumerate}
\end{document}
"""


def _list_pdf(path: Path) -> Path:
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("helvetica", size=12)
    pdf.multi_cell(0, 8, "We used these tools in every analysis of this paper, as follows:")
    pdf.ln(4)  # the space above a list, as a typesetter sets it
    for tool in ("Python", "NumPy", "SciPy", "Matplotlib"):
        pdf.set_x(20)
        pdf.multi_cell(0, 8, f"- {tool}")
    pdf.output(str(path))
    return path


@pytest.mark.parametrize(
    ("name", "source"),
    [("tools.md", MARKDOWN_LISTS), ("tools.tex", LATEX_LISTS), ("tools.pdf", "")],
)
def test_short_list_items_are_passages_of_their_own_in_every_format(
    tmp_path: Path, name: str, source: str
) -> None:
    path = tmp_path / name
    if source:
        path.write_text(source, encoding="utf-8")
    else:
        _list_pdf(path)
    texts = [p.text for p in make_passages(extract(path).blocks)]
    assert [t for t in texts if t in ("Python", "NumPy", "SciPy", "Matplotlib")] == [
        "Python", "NumPy", "SciPy", "Matplotlib"
    ]  # fmt: skip
    if source:
        assert "Data Management Save the raw data." in texts
        assert "Software Place a brief comment at the start of every program." in texts


def test_long_paragraphs_split_between_sentences_only() -> None:
    sentence = "See Fig. 2 and the results of Smith et al. in Table 1, which hold up well. "
    passages = make_passages([TextBlock(sentence * 40, "A", (4, 5))])
    assert len(passages) > 1
    for passage in passages:
        assert passage.text.startswith("See Fig. 2") and passage.text.endswith("hold up well.")
        assert len(passage.text) <= 1200 and passage.pages == (4, 5)


def _expected_pages(text: str) -> tuple[int, int]:
    """Page 3 holds the "Alpha" sentences, page 4 the "Beta" ones."""
    return (3 if "Alpha" in text else 4, 4 if "Beta" in text else 3)


def test_each_piece_of_a_paragraph_on_two_pages_has_only_the_pages_its_words_are_on() -> None:
    on_three = " ".join(f"Alpha sentence {i} is on the first page." for i in range(30))
    on_four = " ".join(f"Beta sentence {i} is on the next page." for i in range(30))
    # Where page 4 begins: after the words of page 3 (a PDF's paragraph says so).
    block = TextBlock(f"{on_three}\n{on_four}", "A", (3, 4), page_starts=((240, 4),))
    assert len(on_three.split()) == 240
    passages = make_passages([block], 500)
    assert len(passages) >= 3
    assert [p.pages for p in passages] == [_expected_pages(p.text) for p in passages]
    assert {p.pages for p in passages} == {(3, 3), (3, 4), (4, 4)}


def test_a_paragraph_joined_over_a_page_end_gives_its_pieces_their_own_pages() -> None:
    # A fragment ending mid-sentence at the foot of page 3, its paragraph going on overleaf.
    blocks = [
        TextBlock("Alpha: the kernel of value", "A", (3, 3)),
        TextBlock(" ".join(f"Beta sentence {i} goes on." for i in range(60)), "A", (4, 4)),
    ]
    passages = make_passages(blocks, 300)
    assert len(passages) > 2 and passages[0].text.startswith("Alpha: the kernel of value Beta")
    assert [p.pages for p in passages] == [_expected_pages(p.text) for p in passages]


def test_a_paragraph_not_saying_where_its_pages_begin_gives_each_piece_all() -> None:
    sentence = "A sentence that could be on either page. "
    passages = make_passages([TextBlock(sentence * 60, "A", (4, 5))])
    assert len(passages) > 1 and {p.pages for p in passages} == {(4, 5)}


def test_a_sentence_longer_than_the_limit_stays_whole_up_to_four_times_it() -> None:
    names = ", ".join(f"Author Number{i}" for i in range(200))  # about 3,000 characters
    assert [p.text for p in make_passages([TextBlock(names)])] == [names]
    longer = ", ".join(f"Author Number{i}" for i in range(400))
    assert len(make_passages([TextBlock(longer)])) > 1


def test_whitespace_is_normalised_and_empty_blocks_dropped() -> None:
    passages = make_passages([TextBlock("  a\n\tb  "), TextBlock("   ")])
    assert [p.text for p in passages] == ["a b"]


def test_a_sentence_carries_on_past_a_float_and_footnote_set_in_it() -> None:
    blocks = [
        TextBlock("A kernel (shaded area) of value", "S"),
        TextBlock("An aside at the foot of the page.", "S", kind="footnote"),
        TextBlock("Figure 1.1: Computing the output values.", "S", kind="caption"),
        TextBlock("slides across the input feature map.", "S"),
    ]
    assert [p.text for p in make_passages(blocks)] == [
        "A kernel (shaded area) of value slides across the input feature map.",
        "An aside at the foot of the page.",
        "Figure 1.1: Computing the output values.",
    ]


def test_a_joined_paragraph_is_cut_again_between_its_sentences() -> None:
    # The fragment and a long paragraph after it: one paragraph, cut as one (the fragment's
    # sentence whole), where before the two stayed apart for being too long together.
    rest = " ".join(f"Sentence number {i} is here." for i in range(40))
    passages = make_passages(
        [TextBlock("The kernel of value", None), TextBlock("slides on. " + rest, None)], 300
    )
    assert passages[0].text.startswith("The kernel of value slides on. Sentence number 0")
    assert all(len(p.text) <= 300 for p in passages)
    assert " ".join(p.text for p in passages) == "The kernel of value slides on. " + rest


def test_a_run_on_list_longer_than_a_passage_is_not_joined_to_what_follows() -> None:
    authors = ", ".join(f"Author Number{i}" for i in range(100))  # no sentence end, 1,800 chars
    passages = make_passages(
        [TextBlock(authors, None), TextBlock("Affiliations, one by one", None)]
    )
    assert [p.text for p in passages] == [authors, "Affiliations, one by one"]


_NO_STOP = "Sleep latency was measured with actigraphy and polysomnography"
_NEXT = "Coffee has no effect on sleep in adolescents."
_TABLE = "The cohort is described elsewhere (see Table 2)"


@pytest.mark.parametrize(
    ("name", "source"),
    [
        ("p.md", f"# Methods\n\n{_NO_STOP}\n\n{_NEXT}\n\n{_TABLE}\n\n{_NEXT}\n"),
        ("p.txt", f"{_NO_STOP}\n\n{_NEXT}\n\n{_TABLE}\n   \n{_NEXT}\n"),
        (
            "p.tex",
            "\\documentclass{article}\n\\begin{document}\n\\section{Methods}\n"
            f"{_NO_STOP}\n\n{_NEXT}\n\n{_TABLE}\n\n\n{_NEXT}\n\\end{{document}}\n",
        ),
    ],
)
def test_a_new_paragraph_is_never_joined_to_one_without_a_final_stop(
    tmp_path: Path, name: str, source: str
) -> None:
    # QA: a paragraph with no final punctuation took the next paragraph into its passage.
    path = tmp_path / name
    path.write_text(source, encoding="utf-8")
    texts = [p.text for p in make_passages(extract(path).blocks)]
    assert texts[-4:] == [_NO_STOP, _NEXT, _TABLE, _NEXT]


def test_latex_words_before_a_displayed_formula_still_join_the_text_after_it(
    tmp_path: Path,
) -> None:
    path = tmp_path / "p.tex"
    path.write_text(
        "\\documentclass{article}\n\\begin{document}\n\\section{S}\n"
        "The output size is given by\n\\begin{equation}o = i + k\\end{equation}\n"
        "where k is the kernel size.\n\nA new paragraph.\n\n"
        # A blank line typed before a formula (conv-arithmetic's "where\n\n\\begin{equation*}")
        # still carries the words on; one after it opens a new paragraph.
        "The shape is given, where\n\n\\begin{equation*}n = m\\end{equation*}\n\n"
        "This linear operation is new.\n\\end{document}\n",
        encoding="utf-8",
    )
    assert [p.text for p in make_passages(extract(path).blocks)] == [
        "The output size is given by o = i + k where k is the kernel size.",
        "A new paragraph.",
        "The shape is given, where n = m",
        "This linear operation is new.",
    ]


def test_a_new_paragraph_still_carries_a_sentence_on_past_a_float_between() -> None:
    blocks = [
        TextBlock("A kernel (shaded area) of value", "S", new_paragraph=True),
        TextBlock("Figure 1.1: Computing the output values.", "S", kind="caption"),
        TextBlock("slides across the input feature map.", "S", new_paragraph=True),
        TextBlock("words with no stop", "S", new_paragraph=True),
        TextBlock("A new paragraph.", "S", new_paragraph=True),
    ]
    assert [p.text for p in make_passages(blocks)] == [
        "A kernel (shaded area) of value slides across the input feature map.",
        "Figure 1.1: Computing the output values.",
        "words with no stop",
        "A new paragraph.",
    ]
