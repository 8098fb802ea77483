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


def _paper(tmp_path: Path, preamble: str, body: str) -> Path:
    source = tmp_path / "paper.tex"
    source.write_text(
        f"\\documentclass{{article}}\n{preamble}\\title{{A Real Title}}\n\\author{{Ann Author}}\n"
        f"\\begin{{document}}\n\\maketitle\n\\section{{Intro}}\n{body}\n\\end{{document}}\n",
        encoding="utf-8",
    )
    return source


def test_an_embedded_bibliography_with_a_percent_sign_leaks_nothing(tmp_path: Path) -> None:
    # A URL's "%20" in a ``filecontents`` body had hidden its closing brace: the title and
    # authors were lost and the bibliography was read as the paper's first passage.
    preamble = (
        "\\begin{filecontents}{refs.bib}\n@misc{a, url = {http://x.org/a%20b}}\n"
        "@misc{b, title = {Other}}\n\\end{filecontents}\n"
    )
    document = extract(_paper(tmp_path, preamble, "Intro text."))
    assert (document.title, document.authors) == ("A Real Title", "Ann Author")
    assert [b.text for b in document.blocks] == ["Intro text."]


@pytest.mark.parametrize(
    "code",
    [
        '\\begin{lstlisting}\nprintf("%d", n); \\end{lstlisting}',  # "%" hid its end
        "\\begin{verbatim}code % here\\end{verbatim}",
        "\\begin{verbatim}\n\\input{settings}\n\\end{verbatim}",  # not an include
        "\\begin{minted}{latex}\n\\newcommand{\\after}{defined}\n\\end{minted}",
        "\\begin{verbatim*}\ncode line\n\\end{verbatim*}",  # not prose glued to "After."
        "\\begin{BVerbatim}\ncode line\n\\end{BVerbatim}",
    ],
)
def test_a_verbatim_body_is_code_not_latex(tmp_path: Path, code: str) -> None:
    document = extract(_paper(tmp_path, "", f"Before text.\n{code}\nAfter text\\after."))
    assert [b.text for b in document.blocks] == ["Before text.", "After text."]


def test_a_verbatim_body_keeps_its_lines() -> None:
    # The lines an error names stay where the file has them.
    stripped = strip_comments("a\n\\begin{verbatim}\nx % y\nz\n\\end{verbatim}\nb % c\n")
    assert stripped == "a\n\\begin{verbatim}\n\n\n\\end{verbatim}\nb \n"
