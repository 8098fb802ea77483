"""Comments are read as TeX reads them: a "%" in a verbatim argument (a URL, inline code) in
either of its forms, braces or two equal characters, is part of it and hides nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimaudit.library.extract import extract
from claimaudit.library.latex.comments import strip_comments
from tests.articles import write_article


@pytest.mark.parametrize(
    "kept",
    [
        r"\lstinline{x %= 2}",
        r"\lstinline[language=C]{a%b}",
        r"\lstinline!a%b!",
        r"\nolinkurl{http://a.org/%7Eu}",
        r"\nolinkurl|http://a.org/%7Eu|",
        r"\path{dir/50%done}",
        r"\path|dir/50%done|",
        r"\url|http://b.org/%7Ev|",
        r"\url{http://a.org/{x}%7Eu}",
        r"\url {http://a.org/%7Eu}",
        r"\href{https://e.org/a%20b}{the docs}",
        r"\verb*|a%b|",
        r"\Verb[commandchars=\\\{\}]|a%b|",
        r"\mintinline{c}{a%b}",
        r"\mintinline[linenos]{c}|a%b|",
    ],
)
def test_a_percent_sign_in_a_verbatim_argument_is_kept(kept: str) -> None:
    assert strip_comments(f"See {kept} here. % a comment\nNext.") == f"See {kept} here. \nNext."


@pytest.mark.parametrize(
    ("source", "stripped"),
    [
        # Past its argument, a "%" is a comment again; so is one in an ordinary argument.
        ("\\url{a}b% c\nd", "\\url{a}b\nd"),
        ("\\emph{a%b}\nc}", "\\emph{a\nc}"),
        # An argument left open is none: its "%" starts a comment, as TeX would read it.
        ("\\url{a%b\n\nc}", "\\url{a\n\nc}"),
        ("\\verb|a%b\nc|", "\\verb|a\nc|"),
        # A TikZ path is no url \path: its parentheses are no delimiters.
        ("\\path (0,0) -- (1,1); % (a) to (b)\nx", "\\path (0,0) -- (1,1); \nx"),
        # A macro whose name only starts as one reads no verbatim argument.
        ("\\urlstyle{same}% x\n\\url@x|a%b|", "\\urlstyle{same}\n\\url@x|a"),
        # An escaped percent sign is text; a whole-line comment goes with its newline.
        ("50\\% of it\n  % note\nrest", "50\\% of it\nrest"),
    ],
)
def test_comments_outside_verbatim_arguments_are_dropped(source: str, stripped: str) -> None:
    assert strip_comments(source) == stripped


def _texts(tmp_path: Path, body: str) -> list[tuple[str | None, str]]:
    path = write_article(tmp_path, body, name="paper.tex")
    return [(b.section, " ".join(b.text.split())) for b in extract(path).blocks]


def test_inline_code_in_braces_with_a_percent_sign_loses_nothing(tmp_path: Path) -> None:
    # QA's repro: "Set" was all that was left; the rest of the paper was the code's argument.
    texts = _texts(
        tmp_path,
        "\\section{Intro}\nSet \\lstinline{x %= 2} before AFTERCODE the dose was 5 mg.\n"
        "Then \\lstinline[language=C]{a%b} too.\n\n"
        "\\section{Results}\nRESULTS the drug reduced mortality by 30 percent.",
    )
    assert texts == [
        ("Intro", "Set before AFTERCODE the dose was 5 mg. Then too."),
        ("Results", "RESULTS the drug reduced mortality by 30 percent."),
    ]


def test_addresses_in_every_form_keep_their_percent_signs(tmp_path: Path) -> None:
    texts = _texts(
        tmp_path,
        "\\section{Intro}\nData at \\nolinkurl{http://a.org/%7Eu} AFTERURL words.\n"
        "Mirror \\url|http://b.org/%7Ev| AFTERBAR words.\n"
        "Files in \\path{dir/50%done} AFTERPATH.\n"
        "Nested \\url{http://a.org/{x}%7Eu} AFTERNEST.\n\n"
        "\\section{Results}\nRESULTS para.",
    )
    assert texts == [
        (
            "Intro",
            "Data at http://a.org/%7Eu AFTERURL words. Mirror http://b.org/%7Ev AFTERBAR "
            "words. Files in dir/50%done AFTERPATH. Nested http://a.org/{x}%7Eu AFTERNEST.",
        ),
        ("Results", "RESULTS para."),
    ]
