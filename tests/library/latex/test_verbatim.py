"""Arguments TeX reads as characters: a URL's "%" is part of the address (never a comment
hiding the rest of the paper), and inline code is no prose."""

from __future__ import annotations

from pathlib import Path

from claimaudit.library.extract import extract
from tests.articles import write_article


def _texts(tmp_path: Path, body: str) -> list[str]:
    path = write_article(tmp_path, body, name="paper.tex")
    return [" ".join(b.text.split()) for b in extract(path).blocks]


def test_a_percent_sign_in_a_url_is_part_of_the_address(tmp_path: Path) -> None:
    texts = _texts(
        tmp_path,
        "Docs are at \\url{https://docs.scipy.org/a%20b_c.html}.\n"
        "SciPy provides sparse matrices.\n\nKernels slide over inputs.",
    )
    assert texts == [
        "Docs are at https://docs.scipy.org/a%20b_c.html. SciPy provides sparse matrices.",
        "Kernels slide over inputs.",
    ]


def test_a_url_prints_its_escaped_characters_plain(tmp_path: Path) -> None:
    texts = _texts(tmp_path, "See \\url{https://x.org/?a=1&b=2\\#top~me} and \\url{a\\_b}.")
    assert texts == ["See https://x.org/?a=1&b=2#top~me and a_b."]


def test_a_link_s_address_with_a_percent_sign_hides_nothing(tmp_path: Path) -> None:
    texts = _texts(tmp_path, "See \\href{https://e.org/a%20b}{the docs} here.\nMore text.")
    assert texts == ["See the docs here. More text."]


def test_inline_code_is_no_prose(tmp_path: Path) -> None:
    texts = _texts(
        tmp_path,
        "Type \\Verb|a%b| or \\verb*|c d| or \\mintinline{latex}{\\cite{x}} or "
        "\\lstinline[language=C]!e%f! here.",
    )
    assert texts == ["Type or or or here."]


def test_a_listing_read_from_a_file_is_no_prose(tmp_path: Path) -> None:
    # Its file name was read as words: "X holds. [language=Python]code/run.py And pythona.py".
    texts = _texts(
        tmp_path,
        "X holds. \\lstinputlisting[language=Python]{code/run_1.py} And "
        "\\inputminted[linenos]{python}{a%b.py} y. \\verbatiminput{/etc/passwd} z "
        "\\VerbatimInput[frame=single]{log.txt} w \\verbatiminput*{t.txt}.",
    )
    assert texts == ["X holds. And y. z w."]


def test_inline_code_left_out_leaves_one_blank_and_none_before_punctuation(
    tmp_path: Path,
) -> None:
    # QA: "We use \verb|x| and \verb+y+ and z." was read "We use  and  and z.", each dropped
    # piece of code leaving the blanks on both sides of it.
    path = write_article(
        tmp_path,
        "We use \\verb|x| and \\verb+y+ and z. Call \\lstinline!f()!, then \\verb|g| .",
        name="paper.tex",
    )
    assert [b.text for b in extract(path).blocks] == ["We use and and z. Call, then."]


def test_no_blank_follows_an_opening_bracket_or_quote_where_code_is_left_out(
    tmp_path: Path,
) -> None:
    # QA: "We use (\verb|x| and y)." was read "We use ( and y).", and "``\verb|x| is fast''"
    # "“ is fast”": the blank after the dropped code stayed, with nothing left before it.
    path = write_article(
        tmp_path,
        "We use (\\verb|x| and y). The ``\\verb|x| is fast'' claim, `\\lstinline{q} one' "
        "and [\\verb|z|~here] hold; (\\cite{a} and y) too.",
        name="paper.tex",
    )
    assert [b.text for b in extract(path).blocks] == [
        "We use (and y). The “is fast” claim, \u2018one\u2019 and [here] hold; (and y) too."
    ]
