"""babel's German shorthands in a paper's LaTeX (``claimaudit.library.latex.babel``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimaudit.library.extract import extract
from claimaudit.library.latex.babel import main_language, uses_german_shorthands
from tests.articles import write_article


def _text(tmp_path: Path, preamble: str, body: str) -> str:
    source = write_article(tmp_path, body, f"{preamble}\n", section="S", name="paper.tex")
    return " ".join(b.text for b in extract(source).blocks)


@pytest.mark.parametrize(
    "preamble",
    [
        "\\usepackage[ngerman]{babel}",
        "\\usepackage[english,german]{babel}",
        "\\usepackage[T1]{fontenc}\n\\usepackage[austrian]{babel}",
        "\\documentclass[ngerman]{article}\n\\usepackage{babel}",
        "\\usepackage{polyglossia}\n\\setmainlanguage{german}",
    ],
)
def test_a_document_setting_german_uses_its_shorthands(preamble: str) -> None:
    assert uses_german_shorthands(preamble)


@pytest.mark.parametrize(
    "preamble",
    [
        "\\usepackage[english]{babel}",
        "% \\usepackage[ngerman]{babel}\n\\usepackage{babel}",
        "\\usepackage[ngerman]{translator}",
        "\\usepackage{polyglossia}\n\\setmainlanguage{english}",
    ],
)
def test_a_document_not_setting_german_uses_none(preamble: str) -> None:
    assert not uses_german_shorthands(preamble)


def test_shorthands_read_as_they_print(tmp_path: Path) -> None:
    body = 'Gr"o"sere Effekte bei M"adchen, "`so"\' die Stra"se; Mess"=Ger"at und Ver"-such.'
    assert _text(tmp_path, "\\usepackage[ngerman]{babel}", body) == (
        "Größere Effekte bei Mädchen, \u201eso\u201c die Straße; Mess-Gerät und Versuch."
    )


def test_quote_marks_in_an_english_paper_stay_as_typed(tmp_path: Path) -> None:
    body = 'The "a" flag is set to "o" here.'
    assert _text(tmp_path, "\\usepackage[english]{babel}", body) == body


@pytest.mark.parametrize(
    ("preamble", "language"),
    [
        ("\\usepackage[ngerman]{babel}", "ngerman"),
        # The last language is the main one; options that name none are passed over.
        ("\\usepackage[english,ngerman,shorthands=off]{babel}", "ngerman"),
        (
            "\\documentclass[a4paper,french]{article}\n\\usepackage[T1]{fontenc}\n"
            "\\usepackage{babel}",
            "french",
        ),
        ("\\usepackage[ngerman,main=british]{babel}", "british"),
        ("\\usepackage{polyglossia}\n\\setmainlanguage[variant=british]{english}", "british"),
        ("\\usepackage{polyglossia}\n\\setdefaultlanguage{french}", "french"),
        # Without babel a class option sets no language; a comment sets nothing.
        ("\\documentclass[ngerman]{article}", None),
        ("% \\usepackage[ngerman]{babel}", None),
    ],
)
def test_the_main_language_is_the_one_babel_or_polyglossia_takes(
    preamble: str, language: str | None
) -> None:
    assert main_language(preamble + "\n\\begin{document}\n\\selectlanguage{french}") == language
