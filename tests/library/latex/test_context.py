"""How list items read in a LaTeX paper: a description item's label opens its text as a term
("Branches: A branch is ..."), as a Markdown definition list's does; another list's label is
its bullet, as typed."""

from __future__ import annotations

from pathlib import Path

from claimaudit.library.extract import extract
from claimaudit.library.passages import make_passages
from tests.articles import write_article
from tests.library.helpers import GOOD_ENOUGH_TEX, SCIPY_TEX


def _blocks(tmp_path: Path, body: str) -> list[tuple[str, str]]:
    path = write_article(tmp_path, body, section="Left Out", name="paper.tex")
    return [(b.kind, b.text) for b in extract(path).blocks]


def test_a_description_item_s_label_opens_its_text_as_a_term(tmp_path: Path) -> None:
    body = (
        "\\begin{description}[leftmargin=!]\n"
        "\\item[\\textbf{Branches}] A \\emph{branch} is a parallel universe.\n"
        "\\item[\\texttt{io}]\n    Reading and writing files.\n"
        # A label that ends in its own mark takes no colon after it.
        "\\item[Why does it matter?] It saves time.\n"
        "\\item[Note:] Keep it.\n"
        "\\item[Steps.] In order:\n"
        "  \\begin{enumerate}\n  \\item[(a)] Save the raw data.\n  \\item Back it up.\n"
        "  \\end{enumerate}\n"
        "\\item Unlabelled.\n"
        "\\end{description}"
    )
    assert _blocks(tmp_path, body) == [
        ("list", "Branches: A branch is a parallel universe."),
        ("list", "io: Reading and writing files."),
        ("list", "Why does it matter? It saves time."),
        ("list", "Note: Keep it."),
        ("list", "Steps. In order:"),
        ("list", "(a) Save the raw data."),  # an enumerate's label is its number, as typed
        ("list", "Back it up."),
        ("list", "Unlabelled."),
    ]


def test_an_itemize_s_label_is_its_bullet_as_typed(tmp_path: Path) -> None:
    body = "\\begin{itemize}\n\\item[--] Python\n\\item[Tools] NumPy\n\\end{itemize}"
    assert _blocks(tmp_path, body) == [("list", "\u2013 Python"), ("list", "Tools NumPy")]


def test_a_list_in_a_footnote_leaves_no_mark_behind(tmp_path: Path) -> None:
    body = "Text.\\footnote{See: \\begin{description}\\item[x] one\\end{description}}"
    assert _blocks(tmp_path, body) == [("text", "Text."), ("footnote", "See: x: one")]


def test_the_papers_description_lists_read_as_terms() -> None:
    gep = [p.text for p in make_passages(extract(GOOD_ENOUGH_TEX).blocks)]
    assert any(t.startswith("Branches: A branch is a \u201cparallel universe\u201d") for t in gep)
    assert any(t.startswith("Code Reviews and Pair Programming: These practices") for t in gep)
    scipy = [p.text for p in make_passages(extract(SCIPY_TEX).blocks)]
    assert any(t.startswith("cluster: The cluster subpackage contains") for t in scipy)


def test_counter_commands_print_nothing(tmp_path: Path) -> None:
    # The footnote-mark idiom: the counter's name is no word of the paper.
    body = (
        "A holds\\footnotemark{} and B holds\\footnotemark.\n"
        "\\addtocounter{footnote}{-1}\\footnotetext{See x.}\n"
        "\\stepcounter{footnote}\\footnotetext{See y.}\n"
        "\\refstepcounter{equation}\\setcounter{section}{3}C holds."
    )
    assert "footnote" not in " ".join(text for _, text in _blocks(tmp_path, body))
    assert "equation" not in " ".join(text for _, text in _blocks(tmp_path, body))


def test_settings_todo_notes_and_struck_text_are_not_prose(tmp_path: Path) -> None:
    body = (
        "Caffeine reduced sleep.\\graphicspath{{figs/}}\\captionsetup{font=small}\n"
        "See \\href{https://example.org}{our data}.\\todo[inline]{check this number}"
        "\\missingfigure{a plot}\n"
        "The effect was \\sout{not} \\st{never} \\xout{hardly} significant"
        "\\marginpar{margin note here} in every group\\marginnote{side remark}[2cm]."
    )
    blocks = _blocks(tmp_path, body)
    prose = " ".join(" ".join(text.split()) for kind, text in blocks if kind == "text")
    assert prose == (
        "Caffeine reduced sleep. See our data. The effect was significant in every group."
    )
    # A margin note is printed beside the text: a passage of its own, as a footnote is.
    assert [text for kind, text in blocks if kind == "footnote"] == [
        "margin note here",
        "side remark",
    ]


def test_the_changes_package_s_old_text_is_not_prose(tmp_path: Path) -> None:
    # With the changes package's ``final`` option only the new text is printed.
    body = (
        "The drug \\replaced[id=ab]{reduced}{increased} sleep."
        "\\deleted{It was never tested in mice.} \\added[id=ab]{It was tested twice.}"
    )
    prose = " ".join(
        " ".join(text.split()) for kind, text in _blocks(tmp_path, body) if kind == "text"
    )
    assert prose == "The drug reduced sleep. It was tested twice."


def test_a_changes_comment_is_not_prose_but_highlighted_text_is(tmp_path: Path) -> None:
    # A reviewer's \\comment is no text of the paper; \\highlight marks the paper's own text.
    body = (
        "The drug reduced sleep.\\comment[id=R1]{Is this number right?} It was "
        "\\highlight[id=R2]{tested twice} in mice. \\highlight{Both} trials agree."
        "\\comment{Cite the second trial.}"
    )
    blocks = _blocks(tmp_path, body)
    assert [kind for kind, _ in blocks] == ["text"]
    assert " ".join(blocks[0][1].split()) == (
        "The drug reduced sleep. It was tested twice in mice. Both trials agree."
    )


def test_a_footnotetext_reads_as_the_same_footnote_would(tmp_path: Path) -> None:
    # The note given apart from its mark is a passage of its own after its paragraph, not
    # words glued into the sentence ("by half.In mice.") nor a "[2]" left in it.
    as_footnote = _blocks(
        tmp_path, "Sleep fell\\footnote{In mice.} by half. More.\n\nNext paragraph."
    )
    assert as_footnote == [
        ("text", "Sleep fell by half. More."),
        ("text", "Next paragraph."),
        ("footnote", "In mice."),
    ]
    for body in (
        "Sleep fell\\footnotemark{} by half.\\footnotetext{In mice.} More.\n\nNext paragraph.",
        "Sleep fell\\footnotemark[2] by half. More.\n\\footnotetext[2]{In mice.}\n\n"
        "Next paragraph.",
    ):
        blocks = _blocks(tmp_path, body)
        assert [(kind, " ".join(text.split())) for kind, text in blocks] == as_footnote


def test_a_hand_typed_references_section_is_not_evidence(tmp_path: Path) -> None:
    body = (
        "Caffeine reduced sleep.\n\\section*{References}\n"
        "[1] Smith J. Sleep and caffeine. J Sleep, 2001.\\footnote{Ref note.}\n\n"
        "[2] Doe A. Naps. Sleep Letters, 2003.\n"
        "\\section{Appendix}\nText after the references."
    )
    assert _blocks(tmp_path, body) == [
        ("text", "Caffeine reduced sleep."),
        ("text", "Text after the references."),
    ]


def test_par_ends_a_paragraph_as_a_blank_line_does(tmp_path: Path) -> None:
    body = (
        "First paragraph ends without a stop\\par Second starts here.\n"
        "Another sentence.\\par\nThird paragraph.\n"
        "A note.\\footnote{Note one.\\par Note two.} More text.\n\n"
        "\\paragraph{Run-in} Heading text."
    )
    path = tmp_path / "paper.tex"
    path.write_text(
        f"\\documentclass{{article}}\n\\begin{{document}}\n\\section{{Left Out}}\n{body}\n"
        "\\end{document}\n",
        encoding="utf-8",
    )
    blocks = extract(path).blocks
    texts = [b.text for b in blocks]
    assert texts[:3] == [
        "First paragraph ends without a stop",
        "Second starts here.\nAnother sentence.",
        "Third paragraph.\nA note. More text.",
    ]
    assert [b.new_paragraph for b in blocks[1:3]] == [True, True]
    # A note's paragraphs run on in its one passage; ``\paragraph`` is a heading, not ``\par``.
    assert "Note one. Note two." in texts
    assert not any("stopSecond" in t or "sentence.Third" in t for t in texts)
    passages = make_passages(blocks)
    assert not any("without a stop Second" in p.text for p in passages)


def test_babel_quote_macros_print_their_marks(tmp_path: Path) -> None:
    # QA (tex_de, tex_de2): "\\glqq{}2.400\\grqq{}" read "2.400", "\\og café \\fg{}" "café".
    body = (
        "Es waren \\glqq{}2.400\\grqq{} und \\glq a\\grq{}, \\flqq b\\frqq{}, \\flq c\\frq{}, "
        "\\quotedblbase d\\grqq{}, \\guillemotleft e\\guillemotright{} und \\og caf\\'e \\fg{}."
    )
    assert _blocks(tmp_path, body) == [
        (
            "text",
            "Es waren \u201e2.400\u201c und \u201aa\u2018, \u00abb\u00bb, \u2039c\u203a, "
            "\u201ed\u201c, \u00abe\u00bb und \u00ab café \u00bb.",
        )
    ]
