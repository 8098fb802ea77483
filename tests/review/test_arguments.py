"""The review functions refuse an argument of the wrong kind in one line naming it, before
anything is read or judged."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from claimaudit.checker.pipeline import Checker
from claimaudit.errors import DraftError, UsageError
from claimaudit.identity import parse_ref
from claimaudit.review import annotate_latex, render_html, review_latex, review_report
from claimaudit.review.runner import check_pairs
from tests.fakes import MemorySource, ScriptedJudge, pick

REPORT = "SciPy provides sparse matrices [@arxiv:1907.10121].\n"


def _judge() -> ScriptedJudge:
    return ScriptedJudge(pick("supports", "P001"))


def _checker() -> Checker:
    source = MemorySource()
    source.add(parse_ref("1907.10121v1"), "SciPy 1.0", ["SciPy provides sparse matrices."])
    return Checker(source, _judge())


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"text": Path("draft.md")}, "text must be the draft's text, not a path: pass Path("),
        ({"text": b"SciPy [@x]."}, "text must be the draft's text (a string), not bytes"),
        # QA: a bare UnicodeEncodeError from the sentence splitter.
        (
            {"text": "SciPy \ud800 has sparse matrices [@x]."},
            "the draft's text is not valid text: invalid UTF-8 or a lone surrogate at character 7",
        ),
        ({"checker": "judge"}, "checker must be a Checker, not str"),
        ({"bibliography": Path("refs.bib")}, "bibliography must be a Bibliography (load_bib"),
        ({"bibliography": "refs.bib"}, "bibliography must be a Bibliography (load_bibliography"),
        ({"workers": -3}, "workers must be a whole number from 1 or None, not -3"),
        ({"workers": 0}, "workers must be a whole number from 1 or None, not 0"),
        ({"workers": 1.5}, "workers must be a whole number from 1 or None, not 1.5"),
        ({"workers": True}, "workers must be a whole number from 1 or None, not True"),
        ({"on_progress": 5}, "on_progress must be a function or None, not int"),
        ({"verifier": object()}, "verifier must be a ReferenceVerifier or None, not object"),
        ({"topic": 5}, "the topic must be a string, not int"),
        ({"engine": "ray"}, "engine must be an Engine (claimaudit.engines.make_engine makes one)"),
        ({"engine": 3}, "engine must be an Engine (claimaudit.engines.make_engine makes one)"),
        ({"limits": 50}, "limits must be a ReviewLimits or None, not int"),
        ({"limits": "50"}, "limits must be a ReviewLimits or None, not str"),
    ],
)
def test_review_report_names_the_argument_of_the_wrong_kind(
    changes: dict[str, Any], message: str
) -> None:
    judge = _judge()
    source = MemorySource()
    source.add(parse_ref("1907.10121v1"), "SciPy 1.0", ["SciPy provides sparse matrices."])
    arguments: dict[str, Any] = {"text": REPORT, "checker": Checker(source, judge)} | changes
    text = arguments.pop("text")
    with pytest.raises(UsageError) as caught:
        review_report(text, **arguments)
    assert str(caught.value).startswith(message)
    assert judge.seen == []  # nothing was judged


def test_a_judge_given_as_the_checker_is_told_how_to_make_one() -> None:
    with pytest.raises(UsageError) as caught:
        review_report(REPORT, checker=_judge())  # type: ignore[arg-type]
    assert str(caught.value) == (
        "checker must be a Checker (make_checker(judge) makes one from a judge), not ScriptedJudge"
    )


def test_check_pairs_refuses_workers_and_checkers_of_the_wrong_kind() -> None:
    pairs = [("SciPy provides sparse matrices.", "1907.10121")]
    with pytest.raises(UsageError, match=r"^workers must be a whole number from 1"):
        check_pairs(_checker(), pairs, workers=0)
    with pytest.raises(UsageError, match=r"^checker must be a Checker"):
        check_pairs(None, pairs)  # type: ignore[arg-type]


def test_review_latex_and_check_pairs_refuse_an_engine_of_the_wrong_kind(tmp_path: Path) -> None:
    # Passed on to the engine's ``check`` unchecked, a name ("ray") was an AttributeError from
    # deep inside, where the docstring promises a UsageError naming the argument.
    draft = tmp_path / "draft.tex"
    draft.write_text("SciPy has sparse matrices \\cite{x}.\n", encoding="utf-8")
    with pytest.raises(UsageError, match=r"^engine must be an Engine .*, not str$"):
        review_latex(draft, checker=_checker(), engine="ray")  # type: ignore[arg-type]
    pairs = [("SciPy provides sparse matrices.", "1907.10121")]
    with pytest.raises(UsageError, match=r"^engine must be an Engine .*, not str$"):
        check_pairs(_checker(), pairs, engine="local")  # type: ignore[arg-type]


def test_review_latex_of_a_missing_draft_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(DraftError, match=r"missing\.tex: no such file$"):
        review_latex(tmp_path / "missing.tex", checker=_checker())
    draft = tmp_path / "draft.tex"
    draft.write_text("SciPy has sparse matrices \\cite{x}.\n", encoding="utf-8")
    with pytest.raises(UsageError, match=r"^workers must be"):
        review_latex(draft, checker=_checker(), workers=-1)


@pytest.mark.parametrize(
    "text",
    [
        "SciPy has sparse matrices \\cite{x}.",
        "\\documentclass{article}\n\\begin{document}\nSciPy \\cite{x}.\n\\end{document}\n",
    ],
)
def test_review_latex_of_the_drafts_text_says_it_takes_a_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    # QA: the text was read as a file name: "/work/SciPy has sparse matrices \cite{x}.: no
    # such file", which did not say that review_latex takes a path.
    monkeypatch.chdir(tmp_path)
    with pytest.raises(DraftError) as caught:
        review_latex(text, checker=_checker())
    assert str(caught.value) == (
        "review_latex takes the path of a .tex file, not the draft's text: write the text to a "
        "file and pass its path (the HTTP API's and the MCP tool's review_latex take the text)"
    )
    # A file so named is read as one, and a name that is no LaTeX is still missing by name.
    (tmp_path / "a \\cite{x}.tex").write_text("SciPy has sparse matrices \\cite{x}.\n", "utf-8")
    assert review_latex("a \\cite{x}.tex", checker=_checker()).claims
    with pytest.raises(DraftError, match=r"missing\.tex: no such file$"):
        review_latex("missing.tex", checker=_checker())


def test_render_html_and_annotate_latex_name_what_they_take() -> None:
    markdown = review_report(REPORT, checker=_checker())
    with pytest.raises(UsageError, match=r"^title must be a string, not int$"):
        render_html(markdown, title=5)  # type: ignore[arg-type]
    with pytest.raises(UsageError, match=r"^render_html takes the ReviewResult of review_report"):
        render_html(None)  # type: ignore[arg-type]
    with pytest.raises(UsageError, match=r"^annotate_latex takes the review of a LaTeX draft"):
        annotate_latex(markdown)
    with pytest.raises(UsageError, match=r"^annotate_latex takes the ReviewResult"):
        annotate_latex("draft.tex")  # type: ignore[arg-type]


@pytest.mark.parametrize("todo", ["no", "false", 0, None])
def test_annotate_latex_refuses_a_todo_that_is_no_bool(tmp_path: Path, todo: object) -> None:
    # todo="no" read as true: \todo notes went into the draft, and \usepackage{todonotes} into
    # its preamble, where the caller had asked for none.
    draft = tmp_path / "draft.tex"
    draft.write_text(
        "\\documentclass{article}\n\\begin{document}\n"
        "SciPy provides sparse matrices \\cite{arxiv:1907.10121}.\n\\end{document}\n",
        encoding="utf-8",
    )
    result = review_latex(draft, checker=_checker())
    with pytest.raises(UsageError) as caught:
        annotate_latex(result, todo=todo)  # type: ignore[arg-type]
    assert str(caught.value) == f"todo must be True or False, not {type(todo).__name__}"
