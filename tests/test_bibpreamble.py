"""A ``.bib`` file's ``@preamble`` macros, and BibTeX's sorting trick (``{\\noop{a}}Title``),
read as LaTeX prints them."""

from __future__ import annotations

import pytest

from claimaudit.bibfile import parse_bib

_NOOP = '@preamble{"\\newcommand{\\noop}[1]{}"}\n'


@pytest.mark.parametrize(
    ("preamble", "title"),
    [
        (_NOOP, "{\\noop{a}}Title"),
        # Concatenated, braced, or \def: BibTeX copies each as written.
        ('@preamble{"\\def\\SortNoop#1{}" # "\\newcommand\\x{X}"}\n', "{\\SortNoop{a}}Title"),
        ("@preamble{ {\\providecommand{\\noopsort}[1]{}} }\n", "{\\noopsort{zz}}Title"),
        # The trick's usual names print nothing even with the preamble in another file.
        ("", "{\\noopsort{a}}Title"),
        ("", "{\\noop{a}}Title"),
    ],
)
def test_the_sorting_trick_prints_the_title_alone(preamble: str, title: str) -> None:
    # Read "aTitle" (and compared with the catalogue's title as that).
    record = parse_bib(f"{preamble}@article{{e, title = {{{title}}}, year = 2020}}\n").records[0]
    assert record.title == "Title"


def test_a_preamble_macro_is_expanded_in_names_and_other_fields() -> None:
    bib = (
        _NOOP + '@preamble{"\\newcommand{\\ACM}{Association for Computing Machinery}"}\n'
        "@inproceedings{e, author = {{\\noop{b}}Roe, Rita and Lee, A.},\n"
        "  title = {Deep nets}, booktitle = {Proc. \\ACM{}}, year = 2020}\n"
    )
    record = parse_bib(bib).records[0]
    assert record.authors == ("Roe", "Lee")
    assert "Association for Computing Machinery" in record.fields["booktitle"]


def test_a_preamble_s_own_meaning_wins_and_verbatim_fields_stay_as_written() -> None:
    bib = (
        '@preamble{"\\renewcommand{\\noop}[1]{#1}"}\n'
        "@misc{e, title = {{\\noop{a}}Title}, url = {http://x.org/\\noop{a}}}\n"
    )
    record = parse_bib(bib).records[0]
    assert record.title == "aTitle"
    assert record.fields["url"] == "http://x.org/\\noop{a}"


def test_a_macro_that_would_grow_without_bound_is_left_as_written() -> None:
    defs = "".join(
        f"\\newcommand{{\\m{chr(97 + i)}}}{{\\m{chr(98 + i)}\\m{chr(98 + i)}}}" for i in range(24)
    )
    bib = f'@preamble{{"{defs}\\newcommand{{\\my}}{{x}}"}}\n@misc{{e, title = {{Deep \\ma}}}}\n'
    record = parse_bib(bib).records[0]
    assert record.title is not None and record.title.startswith("Deep")
    assert len(record.fields["title"]) <= 100_000


def test_a_later_preamble_s_providecommand_leaves_an_earlier_definition() -> None:
    # Each @preamble was read apart: the second's \providecommand replaced the first's \noop.
    bib = (
        _NOOP + '@preamble{"\\providecommand{\\noop}[1]{#1}"}\n'
        "@article{e, title = {{\\noop{a}}Title}}\n"
    )
    assert parse_bib(bib).records[0].title == "Title"


@pytest.mark.parametrize(
    ("definition", "title"),
    [
        # Its default where the call gives no [...], the value in brackets where it does.
        ("\\newcommand{\\sw}[2][Python]{#2 in #1}", "\\sw{Tools} and \\sw[R]{Stats}"),
        ("\\providecommand\\sw[2][Python]{#2 in #1}", "\\sw{Tools} and \\sw [R]{Stats}"),
        ("\\NewDocumentCommand{\\sw}{om}{#2 in #1}", "\\sw[Python]{Tools} and \\sw[R]{Stats}"),
    ],
)
def test_a_preamble_macro_with_an_optional_argument_is_expanded(
    definition: str, title: str
) -> None:
    # Left as written: the title read "\sw{Tools} and \sw[R]{Stats}", "sw[R]Stats" as text.
    bib = f'@preamble{{"{definition}"}}\n@misc{{e, title = {{{title}}}}}\n'
    assert parse_bib(bib).records[0].title == "Tools in Python and Stats in R"


def test_a_preamble_macro_with_an_optional_argument_in_a_name_list() -> None:
    bib = (
        '@preamble{"\\newcommand{\\org}[1][Research]{Google #1}"}\n'
        "@misc{e, author = {{\\org} and {\\org[Brain]} and Roe, R.}, title = {T}}\n"
    )
    assert parse_bib(bib).records[0].authors == ("Google Research", "Google Brain", "Roe")
