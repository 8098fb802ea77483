"""A draft's own conditionals and delimited ``\\def`` macros, read as the library's LaTeX
reader reads a paper: only the branch TeX takes, and a call's arguments matched as TeX
matches them."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimaudit.review.latex.claims import extract_latex_claims
from tests.articles import write_article

BIB = r"""
@article{lee, title = {X}, author = {Lee, A. and Kim, B.}, year = 2019, doi = {10.1/x}}
@article{kim, title = {Y}, author = {Kim, C.}, year = 2020, doi = {10.1/y}}
"""


def _read(tmp_path: Path, body: str, preamble: str) -> list[tuple[str, list[str], int]]:
    path = write_article(tmp_path, body, preamble, bib=BIB)
    found = extract_latex_claims(path)
    return [(c.text, [k.key for k in c.citations], c.sentence.line) for c in found.claims]


@pytest.mark.parametrize(("setting", "kept"), [("\\arxivtrue", "Long"), ("", "Short")])
def test_only_the_branch_a_newif_flag_takes_is_read(
    tmp_path: Path, setting: str, kept: str
) -> None:
    # Both branches were read: the arXiv text and the conference text, each a claim.
    body = (
        "\\ifarxiv\nLong text holds \\citep{lee}.\n\\else\nShort text holds \\citep{kim}.\n\\fi\n"
        "Then lasers are fast \\citep{kim}."
    )
    claims = _read(tmp_path, body, f"\\newif\\ifarxiv\n{setting}\n")
    key, line = ("lee", 6) if kept == "Long" else ("kim", 8)
    assert claims == [
        (f"{kept} text holds.", [key], line),
        ("Then lasers are fast.", ["kim"], 10),
    ]


def test_an_included_file_reads_the_main_file_s_flags(tmp_path: Path) -> None:
    (tmp_path / "part.tex").write_text(
        "\\ifarxiv Long text holds \\citep{lee}.\\else Short text holds \\citep{kim}.\\fi\n",
        encoding="utf-8",
    )
    claims = _read(tmp_path, "\\input{part}", "\\newif\\ifarxiv\n\\arxivtrue\n")
    assert [(text, keys) for text, keys, _ in claims] == [("Long text holds.", ["lee"])]


def test_ifdefined_of_the_draft_s_own_macro(tmp_path: Path) -> None:
    body = "\\ifdefined\\isarxiv Long text holds \\citep{lee}.\\else Short.\\fi"
    claims = _read(tmp_path, body, "\\def\\isarxiv{1}\n")
    assert [(text, keys) for text, keys, _ in claims] == [("Long text holds.", ["lee"])]


@pytest.mark.parametrize(
    ("preamble", "body", "reads"),
    [
        (
            "\\def\\dataset#1.{the #1 data set}",
            "We trained on \\dataset ImageNet. and it helped \\citep{lee}.",
            "We trained on the ImageNet data set and it helped.",
        ),
        (  # no parameter: the delimiter alone, and the blank after it kept
            "\\def\\eg.{e.g.}",
            "Methods such as \\eg. boosting help \\citep{lee}.",
            "Methods such as e.g. boosting help.",
        ),
        (
            "\\def\\pair(#1,#2){#1 and #2}",
            "Both \\pair(cats,dogs) purr \\citep{lee}.",
            "Both cats and dogs purr.",
        ),
        (  # a citation inside the argument is the sentence's
            "\\def\\by#1;{as shown by #1}",
            "Lasers are fast, \\by \\citet{lee}; and cheap.",
            "Lasers are fast, as shown by Lee and Kim and cheap.",
        ),
        (  # a call that does not match is left as written (TeX would stop)
            "\\def\\pair(#1,#2){#1 and #2}",
            "Both \\pair(cats purr \\citep{lee}.",
            "Both (cats purr.",
        ),
    ],
)
def test_a_delimited_def_is_expanded_as_tex_matches_its_call(
    tmp_path: Path, preamble: str, body: str, reads: str
) -> None:
    # Its arguments were read as text of their own: "We trained on ImageNet." was one
    # uncited sentence, and "and it helped." the claim.
    claims = _read(tmp_path, f"Intro.\n\n{body}\n\nAfter.", f"{preamble}\n")
    assert claims == [(reads, ["lee"], 6)]
