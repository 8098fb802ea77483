"""Long runs of one character cost time in proportion to their length, in every text reader.

Each input below took a pattern that had two quantifiers over the same characters side by side
(``\\s*(...)?\\s*``), or one that a search restarts inside a run of blanks, into quadratic time:
20,000 blanks after ``\\documentclass`` took 0.8 s, so the 200,000 here would take over a
minute, and the 4,000,000 characters a LaTeX source may hold, hours. Read in linear time, each
input here takes well under a second.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from claimaudit.judges.local.citations import without_citations
from claimaudit.judges.local.consistency import check
from claimaudit.library.extract import extract
from claimaudit.library.pdf.blocks import build_blocks
from claimaudit.library.pdf.layout import Line
from claimaudit.library.pdf.words import join_lines

RUN = 200_000


@pytest.mark.parametrize(
    "preamble",
    [
        "\\documentclass" + " " * RUN + "x",
        "\\usepackage" + " " * RUN + "x",  # amsthm, subcaption and caption look-ups
        "\\newtheorem{lemma}" + " " * RUN + "x",
        "\\newcommand" + " " * RUN + "x",  # autoref and float names
        "\\numberwithin{equation}" + " " * RUN + "x",
        "\\captionsetup" + " " * RUN + "x",
        "\\addbibresource" + " " * RUN + "x",
        "\\bibliography{" + "a" * RUN + "}",
        "\\renewcommand" + " " * RUN + "x",
        "\\setcitestyle" + " " * RUN + "x",  # natbib's mode, read for a bare \cite
        "\\usepackage[" + " " * RUN + "]{natbib}",
        "\\bibliographystyle" + " " * RUN + "x",
    ],
)
def test_a_latex_preamble_with_a_long_run_reads_in_linear_time(
    tmp_path: Path, preamble: str
) -> None:
    source = tmp_path / "paper.tex"
    source.write_text(
        f"{preamble}\n\\begin{{document}}\n\\section{{S}}\nA claim \\citet{{k}} stands.\n"
        "\\end{document}\n",
        encoding="utf-8",
    )
    text = " ".join(b.text for b in extract(source).blocks)
    assert "A claim" in text and "stands." in text


def test_a_latex_body_with_a_long_run_of_blanks_reads_in_linear_time(tmp_path: Path) -> None:
    # Blanks before punctuation and before empty brackets are closed up by two patterns.
    source = tmp_path / "paper.tex"
    body = "Words" + " " * RUN + "x and more" + "\t" * RUN + "( y)."
    body += " Ties" + "\u00a0" * RUN + "z and" + "\u00a0" * RUN + "\n" + "\u00a0" * RUN + "."
    source.write_text(
        f"\\documentclass{{article}}\\begin{{document}}\\section{{S}}\n{body}\n\\end{{document}}\n",
        encoding="utf-8",
    )
    assert "Words" in " ".join(b.text for b in extract(source).blocks)


def test_long_runs_around_a_dropped_citation_read_in_linear_time(tmp_path: Path) -> None:
    # The brackets around nothing but citations go, with the blanks before them: tried from
    # each blank of a run, that was quadratic.
    source = tmp_path / "paper.tex"
    body = "Words" + " " * RUN + "\\cite{a} x (" + " ," * RUN + "\\cite{a} y [\\cite{a}"
    body += " " * RUN + "z] and (" + "\u00a0" * RUN + "\\verb|c| w. (see" + " " * RUN
    body += "\\cite{a}) and ``" + "see, " * (RUN // 5) + "\\cite{a}'' and (" + "cf. " * RUN + "v)."
    source.write_text(
        f"\\documentclass{{article}}\\begin{{document}}\\section{{S}}\n{body}\n\\end{{document}}\n",
        encoding="utf-8",
    )
    assert "Words" in " ".join(b.text for b in extract(source).blocks)


@pytest.mark.parametrize(
    "line",
    [
        " " * RUN,  # a line of blanks: once "^\\s*" gave them back one by one
        "Words" + " " * RUN + "x",
        "A [" + " " * RUN + "x",
        "# Heading" + " " * RUN + "{x",
        # Inline notes, subscripts, entities and a hard line break, each read in one pass.
        "^[" * RUN + "x",
        "~a" * RUN,
        "&#" * RUN,
        "x" + "\\" * RUN,
        # Brackets around nothing but citations go with the blanks before them, in one pass.
        "x" + " " * RUN + "(@doi:10.1/a) y",
        "(" + " ," * RUN + "[@doi:10.1/a] x",
    ],
)
def test_a_markdown_line_with_a_long_run_reads_in_linear_time(tmp_path: Path, line: str) -> None:
    source = tmp_path / "paper.md"
    source.write_text(f"# Title\n\nA first paragraph.\n\n{line}\n\nA last one.\n", "utf-8")
    text = " ".join(b.text for b in extract(source).blocks)
    assert "A first paragraph." in text and "A last one." in text


def test_the_verifiers_citation_reader_takes_a_long_run_of_blanks() -> None:
    text = "A claim" + " " * RUN + "stands [3]."
    assert without_citations(text) == "A claim" + " " * RUN + "stands."
    # After "et al." a year mark is looked for; after a word a bracketed number.
    text = "Smith et al." + " " * RUN + "x (2014) and F2PY" + " " * RUN + "[23]."
    assert without_citations(text).endswith("x (2014) and F2PY.")


def test_a_formula_with_a_long_run_of_blanks_reads_in_linear_time(tmp_path: Path) -> None:
    # Typed spaces beside an operator, and before a closing floor bracket, are closed up.
    source = tmp_path / "paper.tex"
    body = "So $a" + " " * RUN + "= b$ and $\\lfloor a" + " " * RUN + "b \\rfloor$ hold."
    source.write_text(
        f"\\documentclass{{article}}\\begin{{document}}\\section{{S}}\n{body}\n\\end{{document}}\n",
        encoding="utf-8",
    )
    assert "a = b" in " ".join(b.text for b in extract(source).blocks)


def _line(text: str, row: int) -> Line:
    return Line(text, 72.0, 300.0, 100.0 + 12 * row, 10.0, False, False, 1, 72.0, 540.0, 0)


def test_a_pdf_paragraph_of_many_lines_is_joined_in_linear_time() -> None:
    # Every join used to search the whole paragraph so far.
    lines = [_line("aaaa " * 10 + "a" * 40, row) for row in range(20_000)]
    joined = join_lines(lines, set())
    assert len(joined) == 20_000 * 91 - 1


def test_a_pdf_line_of_dots_is_not_read_as_a_leader_in_quadratic_time() -> None:
    lines = [_line("Body text of the page.", 0), _line(". " * RUN + "x", 1)]
    layout = build_blocks(lines)
    assert any("Body text" in b.text for b in layout.blocks)


def test_a_draft_with_long_runs_is_read_for_review_in_linear_time(tmp_path: Path) -> None:
    from claimaudit.review.claims import extract_claims
    from claimaudit.review.latex.claims import extract_latex_claims

    report = (
        "# Draft" + " " * RUN + "{x\n\nSparse solvers save memory [1]" + " " * RUN + "[2].\n\n"
        "## References\n\n1. A. Author. arXiv:1907.10121\n2. B. Author. arXiv:1407.6245\n"
    )
    claims, _ = extract_claims(report)
    assert [c.text for c in claims] == ["Sparse solvers save memory."]
    draft = tmp_path / "draft.tex"
    draft.write_text(
        "\\documentclass{article}\\usepackage" + " " * RUN + "{todonotes}\\begin{document}\n"
        "Sparse solvers save memory (" + " " * RUN + "\\cite{a}).\n\\end{document}\n",
        encoding="utf-8",
    )
    [claim] = extract_latex_claims(draft).claims
    assert claim.text == "Sparse solvers save memory."


def test_a_long_run_of_colons_after_a_cited_sentence_is_read_in_linear_time() -> None:
    # The separator before a sentence's end was looked for from every colon of a run: 40,000
    # colons after a cited sentence took 19 s to review.
    from claimaudit.review.claims import extract_claims

    claims, _ = extract_claims("Sparse matrices are in SciPy [@arxiv:1907.10121]. " + ":" * RUN)
    [claim] = claims
    assert claim.text.startswith("Sparse matrices are in SciPy.")


def test_a_long_word_between_two_citations_is_read_for_review_in_linear_time() -> None:
    # The subject reader tried "WORD by [1]" from every letter of a long word: 40,000 letters
    # between [1] and [2] took 19 s, 200,000 would have taken minutes.
    from claimaudit.review.claims import extract_claims

    report = (
        "Sparse solvers save memory [1]" + "a" * RUN + "[2].\n\n"
        "## References\n\n1. A. Author. arXiv:1907.10121\n2. B. Author. arXiv:1407.6245\n"
    )
    claims, _ = extract_claims(report)
    assert [c.text for c in claims] == ["Sparse solvers save memory " + "a" * RUN + "."]


def test_an_error_message_with_a_long_run_of_digits_is_read_in_linear_time() -> None:
    from claimaudit.judges.openai.wire import _context_overflow

    message = "maximum context length is 2048 tokens; " + "1" * RUN + "x, 4096 input tokens"
    # The error body as read from the wire.
    error = _context_overflow(json.dumps({"error": {"message": message}}).encode())
    assert error is not None and error.window == 2048 and error.prompt_tokens == 4096


CHECK_RUN = 20_000  # the checks read one window and one claim: far shorter than a paper


@pytest.mark.parametrize(
    "text",
    [
        "1 " * CHECK_RUN,
        "1 " + "000 " * CHECK_RUN,
        "1," * CHECK_RUN,
        "1." * CHECK_RUN,
        "-" * CHECK_RUN + "1",
        "1e" * CHECK_RUN,
        "1 \u00d7 10" * CHECK_RUN,
        "10^" * CHECK_RUN,
        "AB-" * CHECK_RUN,
        "A-1" * CHECK_RUN,
        "Section " * CHECK_RUN + "3",
        "1. x\n" * CHECK_RUN,
        "not " * CHECK_RUN,
        "at " * CHECK_RUN + "least",
    ],
)
def test_the_consistency_checks_read_a_long_run_in_linear_time(text: str) -> None:
    result = check(text, text, text)
    assert result.notes() == []


@pytest.mark.parametrize(
    "sentence",
    [
        # The next work pointed at ("..., and [2] for Y") is looked for after each blank run.
        "See \ue000 for X," + " " * RUN + "and" + " " * RUN + "\ue000 for Y.",
        "See \ue000 for X and see" + " " * RUN + "\ue000" + " " * RUN + "x.",
        "See \ue000 for X" + " " * RUN + ", \ue000" + " " * RUN + ", x.",
        "See \ue000 for X" + " " * RUN + ";" + " " * RUN + "and" + " " * RUN + "x.",
        "Y was shown in \ue000" + " " * RUN + "but" + " " * RUN + "x",
        "It is not \ue000" + " " * RUN + "but \ue000" + " " * RUN + "x.",
        "It is not \ue000," + " " * RUN + ", x.",
        "Y was proposed by \ue000 and extended by \ue000" + " " * RUN + "x",
        "Y was proposed by \ue000" + " " * RUN + "and" + " " * RUN + "x",
        "X holds (see \ue000 for " + "(" * RUN + "x).",
        "(See \ue000 for X" + " " * RUN + ".)" + " " * RUN + "x",
        "See \ue000" + " " * RUN + "(in" + " " * RUN + "mice)" + " " * RUN + "for X.",
        "See \ue000 (" + "\u00a0" * RUN + ")" + "\u00a0" * RUN + "," + "\u00a0" * RUN + "x",
    ],
)
def test_a_cited_sentence_of_parts_with_a_long_run_is_read_in_linear_time(sentence: str) -> None:
    # "See [1] for X and [2] for Y." and "It is not [1] but [2] that ..." are read as a part
    # for each cited work (``review.parts``), and "(see [1] for X (in mice))" as a pointer with
    # a bracket in its topic (``see_for``): a long run between their words costs its length.
    from claimaudit.review.parts import parts
    from claimaudit.review.see_for import pointed_topics

    parts(sentence)
    pointed_topics(sentence)


@pytest.mark.parametrize("blank", [" ", "\u00a0"])
@pytest.mark.parametrize(
    "sentence",
    [
        "See{run}\ue000 for X.",
        "See also{run}x",
        "See, e.g.,{run}x",
        "For X, see{run}\ue000.",
        "For X{run}, see \ue000.",
        "For X, see \ue000{run}x",
        "X holds (see{run}\ue000 for a proof).",
        "For X see \ue000{run}, and{run}for Y see \ue000.",
        "For X see \ue000, and for{run}Y{run}see \ue000.",
        "For X see \ue000; for Y see \ue000{run}x",
        "It was \ue000{run}, not{run}\ue000{run}, that x",
        "It was \ue000, not \ue000{run}x",
        "It was \ue000{run}and{run}not \ue000.",
        "For X see \ue000{run}and{run}for Y see \ue000.",
        "(See \ue000 for X){run}and{run}Y \ue000.",
        "(See \ue000 for X),{run}but{run}x",
        "(See \ue000 for X{run}){run}x",
        "X holds;{run}for details, see \ue000.",
        "X holds{run};{run}for X{run}see \ue000{run}x",
        "X holds{run}--{run}for{run}x, see \ue000{run}.",
        "X holds;{run}for{run}",
        "(See \ue000 for X and \ue000){run}and{run}Y.",
        "(See{run}\ue000 for X){run}",
        # A topic citing works of its own, a bracket in it, in the last clause.
        "X holds; for Y \ue000{run}, see \ue000.",
        "X holds; for Y{run}\ue000, see{run}x",
        "X holds; for Y (in{run}mice){run}see \ue000{run}x",
        "X holds; for Y \ue000{run}\ue000{run}see \ue000{run}.",
        # A whole-sentence pointer whose topic cites a work, or ends in one joined.
        "For Y \ue000{run}, see \ue000.",
        "For Y{run}\ue000{run}see{run}\ue000{run}x",
        "See \ue000 for X{run}and{run}\ue000{run}x",
        "See \ue000 for X and \ue000{run}.{run}x",
        "See \ue000 for X \ue000{run}and \ue000 for Y{run}\ue000{run}x",
        # German, French and Spanish pointers.
        "Siehe{run}auch{run}\ue000{run}für{run}x",
        "Vgl.{run}\ue000 für X{run}und{run}\ue000{run}für Y.",
        "Für X{run}, siehe{run}\ue000{run}x",
        "Pour{run}X{run}voir{run}\ue000{run}.",
        "X gilt (siehe{run}\ue000 für{run}x",
        "X gilt; für{run}x{run}siehe{run}\ue000{run}x",
        "Véase \ue000{run}para{run}3",
        "For X, see \ue000{run},{run}x",
        "See \ue000{run}(and{run}references{run}therein){run}for{run}x",
        "See \ue000 (and references therein){run},{run}x",
        "For X see \ue000{run}respectively{run}x",
        "For X see \ue000{run},{run}respectively{run}.{run}x",
    ],
)
def test_a_pointer_before_a_long_run_is_read_in_linear_time(sentence: str, blank: str) -> None:
    # "See" and "e.g." before a run of blanks: the pointer's blanks were read two ways side by
    # side (``see_for``), and 10,000 of them after "See" took 5 s to review.
    from claimaudit.review.parts import parts
    from claimaudit.review.see_for import pointed_topics

    text = sentence.format(run=blank * RUN)
    parts(text)
    pointed_topics(text)


def test_a_subject_after_an_opening_clause_with_a_long_run_is_read_in_linear_time() -> None:
    # "While [1] shows X, [2] shows Y.": the main clause's subject is looked for after the
    # opening clause's comma (``review.subjects``), a blank run after the citation read once.
    from claimaudit.review.subjects import name_subjects

    for text in (
        "While the cited work shows X, \ue000" + " " * RUN + "x",
        "While the cited work shows X," + " " * RUN + "\ue000 and" + " " * RUN + "x",
    ):
        assert name_subjects(text).startswith("While the cited work shows X")


@pytest.mark.parametrize("blank", [" ", "\u00a0"])
def test_a_subject_after_only_with_a_long_run_is_read_in_linear_time(blank: str) -> None:
    # "Only [1] shows X." (``review.subjects``): the blanks around the citations read once.
    from claimaudit.review.subjects import name_subjects

    run = blank * RUN
    for text in (f"Only{run}\ue000{run}x", f"Only \ue000{run}", f"Only \ue000 and{run}x"):
        assert name_subjects(text).startswith("Only")


@pytest.mark.parametrize("blank", [" ", "\u00a0"])
def test_blank_runs_between_the_words_of_a_cited_sentence_are_read_in_linear_time(
    blank: str,
) -> None:
    # The blanks before a citation glued to a dash were looked for from every blank of a run
    # (20,000 blanks before "in mice [1]" took 5 s to review), and the leftovers of a removed
    # citation from every no-break space, which are kept (10,000 took 5 s): 200,000 of either
    # would have taken minutes.
    from claimaudit.review.claims import extract_claims

    report = (
        "X holds" + blank * RUN + "in mice [1]" + blank * RUN + "and rats [2].\n\n"
        "## References\n\n1. A. Author. arXiv:1907.10121\n2. B. Author. arXiv:1407.6245\n"
    )
    claims, _ = extract_claims(report)
    assert [c.text.split() for c in claims] == [["X", "holds", "in", "mice", "and", "rats."]]


@pytest.mark.parametrize("blank", [" ", "\u00a0"])
@pytest.mark.parametrize(
    "sentence",
    [
        "While{run}\ue000{run}, x",
        "X,{run}while \ue000{run}x",
        ",{run},{run}while{run}\ue000{run},{run}x",
    ],
)
def test_a_conjunction_before_a_long_run_is_read_in_linear_time(sentence: str, blank: str) -> None:
    # "While [1], Y holds." reads "Y holds." (``review.conjunctions``): the blanks around the
    # conjunction and its citation are read from the start of each run only.
    from claimaudit.review.conjunctions import without_bare_conjunction

    without_bare_conjunction(sentence.format(run=blank * RUN))


@pytest.mark.parametrize(
    ("before", "after"), [(" ", "\u00a0"), ("\u00a0", " "), ("\u202f", "\u202f")]
)
def test_blanks_around_a_removed_mark_are_made_one_in_linear_time(before: str, after: str) -> None:
    # A removed citation between blanks that hold a no-break space leaves one blank
    # (``removed_marks.closed_up``): each mark's blanks are read once.
    from claimaudit.text.removed_marks import closed_up

    text = ("x" + before * RUN + "\ue000" + after * RUN) * 3 + "y"
    assert closed_up(text, "\ue000", re.compile(r"[.,]"), one_blank=True).split() == ["x"] * 3 + [
        "y"
    ]


@pytest.mark.parametrize(
    "text",
    [
        "\u2018" * RUN + "'",
        "\u2018" + "'a" * RUN,
        "\u2018x" + " " * RUN + "'" + "\u00a0" * RUN + "\u2018",
        ("\u2018" + " " * 1000) * 200 + "'",
    ],
)
def test_single_quotes_close_in_linear_time(text: str) -> None:
    # A backtick quote's closing straight quote (``latex.quotes.closed_single_quotes``) is
    # looked for up to the next opening quote only.
    from claimaudit.library.latex.quotes import closed_single_quotes

    assert len(closed_single_quotes(text)) == len(text)


@pytest.mark.parametrize("blank", [" ", "\u00a0"])
@pytest.mark.parametrize(
    "sentence",
    ["X holds, see{run}x", "X holds, see{run},{run}x", "X holds, cf.{run}e.g.{run}x"],
)
def test_a_dangling_pointer_before_a_long_run_is_read_in_linear_time(
    sentence: str, blank: str
) -> None:
    # A pointer ending the sentence (``pointers._DANGLING_POINTER``): its blanks before an
    # example's pointer were read two ways side by side, and squeezing keeps no-break spaces:
    # 10,000 of them after "see" took 7 s to review.
    from claimaudit.review.leftovers import tidy

    assert tidy(sentence.format(run=blank * RUN) + " \ue000.", marked=True).startswith("X holds")


@pytest.mark.parametrize("blank", [" ", "\u00a0"])
@pytest.mark.parametrize(
    "sentence",
    [
        "X gilt, siehe{run}auch{run}x",
        "X gilt, vgl.{run}x",
        "X gilt (siehe{run}auch{run}\ue000{run})",
        "X tient (par{run}ex.{run}\ue000)",
        "X \ue000{run}und{run}\ue000{run}x",
        "X tient, voir{run},{run}x",
        "X gilt gemäß{run}\ue000{run}und{run}Y.",
        "X tient, d\u2019après{run}\ue000{run},{run}x",
        "X es cierto, de{run}acuerdo{run}con{run}\ue000{run},{run}x",
        "X es cierto de{run}acuerdo{run}con{run}\ue000{run}.",
        "X tient{run}selon{run}\ue000{run},{run}x",
        "X tient{run},{run}comme{run}\ue000{run}l'a{run}montré{run}.",
        "Comme{run}\ue000{run}l'a{run}montré{run},{run}X",
        "X gilt{run},{run}wie{run}\ue000{run}gezeigt{run}hat{run}",
        "X es cierto{run},{run}conforme{run}a{run}\ue000{run}.",
        "X gilt{run}im{run}Anschluss{run}an{run}\ue000{run}.",
    ],
)
def test_a_pointer_in_another_language_before_a_long_run_is_read_in_linear_time(
    sentence: str, blank: str
) -> None:
    # Other languages' pointers (``review.abroad``) in the patterns that tidy a claim's text.
    from claimaudit.review.leftovers import tidy

    assert tidy(sentence.format(run=blank * RUN), marked=True).startswith("X")


@pytest.mark.parametrize("blank", [" ", "\u00a0"])
@pytest.mark.parametrize(
    "sentence",
    [
        "Laut{run}\ue000{run}x",
        "{run}Gemäß \ue000{run}und{run}\ue000{run}",
        "\ue000{run}zufolge{run}X",
        "Wie{run}in{run}\ue000{run}gezeigt{run},{run}X",
        "Wie \ue000{run}zeigt{run}x",
        "In{run}\ue000{run}wird{run}x",
        "Wie bei \ue000{run}1",
        "Wie bei{run}\ue000{run},{run}1",
        "Nach \ue000{run}und{run}\ue000{run}x",
        "Laut{run}the authors{run}x",
        "Im{run}Anschluss{run}an{run}\ue000{run},{run}x",
        "Wie \ue000{run}gezeigt{run}hat{run},{run}x",
        "the authors{run}zufolge{run}x",
    ],
)
def test_a_german_pointer_before_a_long_run_is_read_in_linear_time(
    sentence: str, blank: str
) -> None:
    # A German pointer opening the sentence before its verb (``review.german``).
    from claimaudit.review.german import named_in_fronted_pointer
    from claimaudit.review.pointers import without_pointer_before_hole

    text = sentence.format(run=blank * RUN)
    named_in_fronted_pointer(text)
    without_pointer_before_hole(text)


@pytest.mark.parametrize("blank", [" ", "\u00a0"])
def test_a_sentence_with_a_long_run_after_par_is_split_in_linear_time(blank: str) -> None:
    # "par ex." goes on to the next piece (``sentences._FOREIGN_ABBREVIATION``).
    from claimaudit.review.claims import extract_claims

    report = (
        "X tient" + (" par" + blank * 1000) * 200 + "ex. [1] et Y.\n\n"
        "## References\n\n1. A. Author. arXiv:1907.10121\n"
    )
    claims, _ = extract_claims(report)
    assert claims


@pytest.mark.parametrize("blank", [" ", "\u00a0"])
@pytest.mark.parametrize(
    "body",
    [
        "1{run}and foo therein",
        "1{run},{run}and{run}references{run}therein",
        "1,{run}and references therein{run}.{run}x",
        "see 1, p. 3{run}and the refs.{run}cited{run}therein{run}",
        "1, p. 3{run},{run}p. 4{run};{run}2",
        "vgl.{run}1,{run}S.{run}4{run};{run}siehe{run},{run}2",
        "1, App.{run}B{run}.{run}x",
    ],
)
def test_a_numbers_group_with_a_long_run_is_read_in_linear_time(body: str, blank: str) -> None:
    # "[1 <blanks> and foo therein]": the group's closing "\s*\.?\s*$" split the run every
    # way, and 20,000 blanks took 3 s; a locator's "\s*," was tried from each blank of a run.
    from claimaudit.review.numbered import cited_body

    cited_body(body.format(run=blank * RUN))


@pytest.mark.parametrize("blank", [" ", "\u00a0"])
@pytest.mark.parametrize(
    "sentence",
    [
        "Only{run}in{run}\ue000{run}is{run}x",
        "Only in{run}\ue000{run}und{run}\ue000{run}x",
        "Le modèle de{run}\ue000{run}est",
        "Le modèle de{run}de{run}\ue000{run}und{run}x",
    ],
)
def test_an_orphaned_preposition_before_a_long_run_is_read_in_linear_time(
    sentence: str, blank: str
) -> None:
    # A preposition whose object was a removed citation (``review.orphans``).
    from claimaudit.review.orphans import named_orphans

    named_orphans(sentence.format(run=blank * RUN))
