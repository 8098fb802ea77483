"""csquotes' ``\\enquote`` prints the quote marks of the language in force
(``claimaudit.library.latex.quotes``): a German paper's had read as English ones."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimaudit.library.extract import extract
from tests.articles import write_article

_BODY = "Er sagte \\enquote{ja \\enquote*{so}} und \\enquote*{nein}."
# What _BODY prints with each language's marks: outer open and close, inner open and close.
_ENGLISH = "Er sagte \u201cja \u2018so\u2019\u201d und \u2018nein\u2019."
_BRITISH = "Er sagte \u2018ja \u201cso\u201d\u2019 und \u201cnein\u201d."
_GERMAN = "Er sagte \u201eja \u201aso\u2018\u201c und \u201anein\u2018."
_SWISS = "Er sagte \u00abja \u2039so\u203a\u00bb und \u2039nein\u203a."
_FRENCH = "Er sagte \u00ab ja \u201cso\u201d \u00bb und \u201cnein\u201d."


def _text(tmp_path: Path, preamble: str, body: str = _BODY) -> str:
    preamble = f"{preamble}\n\\usepackage{{csquotes}}\n"
    source = write_article(tmp_path, body, preamble, section="S", name="paper.tex")
    return " ".join(b.text for b in extract(source).blocks)


@pytest.mark.parametrize(
    ("preamble", "printed"),
    [
        ("\\usepackage[ngerman]{babel}", _GERMAN),
        ("\\usepackage[english,ngerman]{babel}", _GERMAN),
        ("\\usepackage[ngerman,main=english]{babel}", _ENGLISH),
        ("\\usepackage{polyglossia}\n\\setmainlanguage{german}", _GERMAN),
        ("\\usepackage[nswissgerman]{babel}", _SWISS),
        ("\\usepackage[french]{babel}", _FRENCH),
        ("\\usepackage[british]{babel}", _BRITISH),
        ("\\usepackage[ngerman,english]{babel}", _ENGLISH),
        # A language with no marks here prints English ones; so does a paper with none.
        ("\\usepackage[ngerman,spanish]{babel}", _ENGLISH),
        ("", _ENGLISH),
    ],
)
def test_enquote_prints_the_main_languages_marks(
    tmp_path: Path, preamble: str, printed: str
) -> None:
    assert _text(tmp_path, preamble) == printed


def test_enquote_follows_selectlanguage_from_where_it_stands(tmp_path: Path) -> None:
    body = "\\selectlanguage{ngerman}\n\\enquote{ja}.\n\n\\selectlanguage{english}\n\\enquote{yes}."
    printed = _text(tmp_path, "\\usepackage[ngerman,english]{babel}", body)
    assert printed == "\u201eja\u201c. \u201cyes\u201d."


def test_textquote_and_foreignquote_print_their_marks(tmp_path: Path) -> None:
    # QA: csquotes' \textquote and \foreignquote printed their text without quote marks
    # ("As it works, inner"), and \foreignquote's language as a word.
    body = (
        "As \\textquote{it works}, \\textquote*{inner} and "
        "\\foreignquote{ngerman}{so ist es}, \\hyphenquote*{french}{oui}."
    )
    assert _text(tmp_path, "", body) == (
        "As \u201cit works\u201d, \u2018inner\u2019 and \u201eso ist es\u201c, \u201coui\u201d."
    )


def test_a_single_backtick_quote_prints_curly_quotes(tmp_path: Path) -> None:
    # QA: "`Y holds' is known" was stored with its backtick and straight quote, where LaTeX
    # prints "\u2018Y holds\u2019", as it prints ``...'' as "\u201c...\u201d". An apostrophe
    # and mathematics keep theirs.
    body = (
        "`Y holds \\textbf{here}' is known. ``He said `it's done' today''. "
        "The authors' `view' and $f'(x)$."
    )
    assert _text(tmp_path, "", body) == (
        "\u2018Y holds here\u2019 is known. \u201cHe said \u2018it's done\u2019 today\u201d. "
        "The authors' \u2018view\u2019 and f'(x)."
    )


def test_a_citation_dropped_before_a_closing_quote_leaves_no_blank(tmp_path: Path) -> None:
    # QA: "``Y holds \cite{a}'' is known." was stored as "\u201cY holds \u201d is known.", the
    # citation's blank kept before the closing quote (as it was not before a full stop).
    body = (
        "``Y holds \\cite{a}'' is known. `Z holds \\cite{a}' too. "
        "In the \u201990s it held \\cite{a}."
    )
    assert _text(tmp_path, "", body) == (
        "\u201cY holds\u201d is known. \u2018Z holds\u2019 too. In the \u201990s it held."
    )
