"""The family names a BibTeX name list gives: by BibTeX's name rules, with "et al." and stray
"and"s read as such, and lists written with commas or semicolons said to be so."""

from __future__ import annotations

import pytest

from claimaudit.bibfile import parse_bib


@pytest.mark.parametrize(
    "authors",
    [
        "Wilson, G., Bryan, J., Cranston, K.",
        "G. Wilson, J. Bryan, K. Cranston",
        "Wilson, Greg, Bryan, Jennifer",
        "Wilson, G., Bryan, J. and Cranston, Karen",  # the first "name" a list
        # One comma, a person written initials first on each side: two people, no "and".
        "G. Wilson, J. Bryan",
        "G Wilson, J Bryan",
        "{\\'E}. Durand, J.-P. Sartre",
        "A. B. Smith, C. de Vries and E. Doe",
        # PubMed's order, family name then initials, on each side of one comma.
        "Wilson G., Bryan J.",
        "Wilson GV, Le Cun Y",
    ],
)
def test_authors_listed_with_commas_are_said_to_be_and_not_compared(authors: str) -> None:
    # Read as one name, its "family name" was compared: "first author differs: cited
    # 'Wilson, G., Bryan, J., Cranston, K.'", of a paper whose first author is Wilson.
    bib = f"@article{{k, title = {{T}},\n author = {{{authors}}}}}\n"
    found = parse_bib(bib, source="refs.bib")
    (record,) = found.records
    assert record.authors == ()
    (warning,) = found.warnings
    assert warning.startswith("refs.bib line 1: entry 'k' separates its authors with commas (")
    assert warning.endswith("BibTeX separates them with 'and', so its authors are not compared")


@pytest.mark.parametrize(
    ("authors", "families"),
    [
        ("Ford, Jr., Henry", ("Ford",)),  # a suffix between its commas
        ("King, Martin Luther, Jr.", ("King",)),  # or after them
        ("Wilson, Greg and Bryan, Jennifer", ("Wilson", "Bryan")),
        ("{Barnes, Noble, and Sons, Inc.} and Doe, J.", ("Barnes, Noble, and Sons, Inc.", "Doe")),
        # One comma: family name, then given names or initials, however they are written.
        ("Wilson, G.", ("Wilson",)),
        ("Wilson, G. Greg", ("Wilson",)),
        ("Smith, J. R. R.", ("Smith",)),
        ("De La Cruz, Maria J.", ("De La Cruz",)),
        ("van der Walt, St{\\'e}fan", ("van der Walt",)),
        ("Escher, M. C. and Penrose, R.", ("Escher", "Penrose")),
        # biblatex's extended name format: every part "key=value".
        (
            "family=Walt, given=Stéfan, prefix=van der, useprefix=true and given=J., family=Doe",
            ("van der Walt", "Doe"),
        ),
        ("family={Le Cun}, given=Yann", ("Le Cun",)),
    ],
)
def test_names_with_their_own_commas_are_no_comma_list(
    authors: str, families: tuple[str, ...]
) -> None:
    found = parse_bib(f"@article{{k, title = {{T}}, author = {{{authors}}}}}\n")
    assert (found.records[0].authors, found.warnings) == (families, ())


@pytest.mark.parametrize(
    "authors", ["G. Wilson; J. Bryan", "Wilson, G.; Bryan, J.", "Wilson G; Bryan J and Doe K"]
)
def test_authors_listed_with_semicolons_are_said_to_be_so_and_not_compared(authors: str) -> None:
    # "G. Wilson; J. Bryan" was one person, family name "Bryan": `refs` compared "Bryan" as
    # the first author, and said the first author differs of a paper by Wilson.
    found = parse_bib(
        f"@article{{k, title = {{T}},\n author = {{{authors}}}}}\n", source="refs.bib"
    )
    assert found.records[0].authors == ()
    (warning,) = found.warnings
    assert warning.startswith(
        f"refs.bib line 1: entry 'k' separates its authors with semicolons ({authors!r}); "
    )


def test_a_braced_semicolon_is_part_of_a_name() -> None:
    found = parse_bib("@article{k, title = {T}, author = {{Smith; Sons} and Doe, J.}}\n")
    assert (found.records[0].authors, found.warnings) == (("Smith; Sons", "Doe"), ())


@pytest.mark.parametrize(
    ("author", "families"),
    [
        ("Wilson G and Bryan J", ("Wilson", "Bryan")),  # PubMed / Vancouver
        ("Virtanen P and Gommers RJ and Oliphant TE", ("Virtanen", "Gommers", "Oliphant")),
        ("Le Cun Y", ("Le Cun",)),
        ("G. Wilson and J. Bryan", ("Wilson", "Bryan")),  # as before
        ("Wilson, G. and Bryan, J.", ("Wilson", "Bryan")),
        ("Greg Wilson", ("Wilson",)),
        ("G Wilson", ("Wilson",)),  # initials first: the family name is last, as BibTeX reads it
    ],
)
def test_family_names_written_before_initials_are_read_as_family_names(
    author: str, families: tuple[str, ...]
) -> None:
    # "Wilson G" gave the family name "G", so `refs` said "first author differs".
    [record] = parse_bib(f"@article{{a, title={{T}}, author={{{author}}}}}").records
    assert record.authors == families


@pytest.mark.parametrize(
    "authors",
    [
        "Lee, Ann and et al.",
        "Lee, Ann and et al",
        "Lee, Ann and {et al.}",
        "Lee, Ann and others.",
        "Ann Lee et al.",
        "Lee, Ann, et al.",
        "Lee, Ann et al.",
    ],
)
def test_et_al_written_by_hand_cuts_the_list_short(authors: str) -> None:
    # "and et al." read a second author "al.", and "Ann Lee et al." the first author "et al.":
    # a textual citation read "Lee and al.", and `refs` compared "et al." as the first author.
    found = parse_bib(f"@article{{k, title = {{T}}, author = {{{authors}}}}}\n")
    [record] = found.records
    assert (record.authors, record.et_al, found.warnings) == (("Lee",), True, ())


def test_a_name_ending_in_al_is_no_et_al() -> None:
    [record] = parse_bib("@article{k, title = {T}, author = {Al, Omar and Etal, K.}}\n").records
    assert (record.authors, record.et_al) == (("Al", "Etal"), False)


@pytest.mark.parametrize(
    "authors",
    [
        "Doe, J. and and Roe, R.",
        "Doe, J. AND and Roe, R.",
        "Doe, J. and\n  and Roe, R.",
        "and Doe, J. and Roe, R.",
        "Doe, J. and Roe, R. and",
    ],
)
def test_a_doubled_or_stray_and_is_no_name(authors: str) -> None:
    # A hand-edited field's doubled "and" leaves an empty name, which is dropped; the name
    # after it is read as written ("and Roe" was its family name), and no comma list is said.
    found = parse_bib(f"@article{{k, author = {{{authors}}}, title = {{T}}}}\n")
    (record,) = found.records
    assert record.authors == ("Doe", "Roe")
    assert not found.warnings


@pytest.mark.parametrize("mark", ["Others", "OTHERS", "{others}", "{{Others}}"])
def test_others_in_any_case_or_braces_is_et_al_as_biber_reads_it_and_is_warned_of(
    mark: str,
) -> None:
    # biber compares a name, its enclosing braces stripped, in lower case with "others": each
    # is "et al." to biblatex. "Others" was read as a second author, "{others}" as "et al.",
    # without a word that BibTeX, which takes only a bare "others", prints both as a name.
    found = parse_bib(f"@misc{{k, author = {{Roe, R. and {mark}}}}}\n")
    [record] = found.records
    assert (record.authors, record.et_al) == (("Roe",), True)
    assert found.warnings == (
        f"the bibliography line 1: entry 'k' lists {mark!r} among its authors, read as 'et al.' "
        "as biber reads it, but BibTeX prints it as a name (write 'others')",
    )


def test_a_name_holding_others_is_an_author() -> None:
    found = parse_bib("@misc{k, author = {{Others Group} and Otherson, J.}}\n")
    assert (found.records[0].authors, found.records[0].et_al, found.warnings) == (
        ("Others Group", "Otherson"),
        False,
        (),
    )


def test_a_lower_case_others_still_cuts_the_list_short() -> None:
    found = parse_bib("@misc{k, author = {Roe, R. and others}}\n")
    assert (found.records[0].authors, found.records[0].et_al) == (("Roe",), True)
    assert found.warnings == ()  # BibTeX and biber agree


@pytest.mark.parametrize(
    ("author", "authors"),
    [("{}", ("Ed",)), (" ", ("Ed",)), ("{ }", ("Ed",)), ("Lee, K. and {}", ("Lee",))],
)
def test_a_blank_author_is_no_one(author: str, authors: tuple[str, ...]) -> None:
    # "{}" was read as an author with an empty family name (compared as the first author's),
    # and a field of white space hid the editors, read where the author field is blank.
    text = f"@book{{k, author = {{{author}}}, editor = {{Ed, A.}}, title = {{T}}}}\n"
    [record] = parse_bib(text).records
    assert record.authors == authors


@pytest.mark.parametrize(
    ("author", "family"),
    [("Henry Ford Jr.", "Ford"), ("Martin Luther King Jr", "King"), ("John Smith III", "Smith")],
)
def test_a_suffix_written_last_is_no_family_name_and_is_warned_of(author: str, family: str) -> None:
    # BibTeX reads "Henry Ford Jr." with "Jr." as the family name: the first author was
    # compared as "Jr.", and "John Smith III" was read as PubMed's "Family Initials", "John
    # Smith". The word before the suffix is the family name, and the entry is warned of.
    found = parse_bib(f"@misc{{k, author = {{{author} and Lee, K.}}}}\n")
    assert found.records[0].authors == (family, "Lee")
    assert found.warnings == (
        f"the bibliography line 1: entry 'k' writes the name {author!r} with its suffix last, "
        "which BibTeX and biber read as the family name; it is read by the word before it "
        "(write 'Family, Jr., Given')",
    )


@pytest.mark.parametrize(
    ("author", "family", "bare", "read", "right"),
    [
        ("Ford Jr., Henry", "Ford", "Ford", "Ford Jr.", "Ford, Jr., Henry"),
        ("Smith III, John", "Smith", "Smith", "Smith III", "Smith, III, John"),
        ("van Buren Jr, Martin", "van Buren", "Buren", "van Buren Jr", "van Buren, Jr, Martin"),
        (
            "Ludwig van Beethoven Jr.",
            "van Beethoven",
            "Beethoven",
            "van Beethoven Jr.",
            "van Beethoven, Jr., Ludwig",
        ),
    ],
)
def test_a_suffix_in_the_family_name_part_is_no_family_name_and_is_warned_of(
    author: str, family: str, bare: str, read: str, right: str
) -> None:
    # "Ford Jr., Henry" is BibTeX's "Last, First" with "Ford Jr." as Last: the first author
    # was compared as "Ford Jr." with a catalogue's "Ford" (a mismatch, its last words
    # differing). The suffix is dropped, as for "Henry Ford Jr.", and the entry warned of.
    found = parse_bib(f"@misc{{k, author = {{{author} and Lee, K.}}}}\n")
    record = found.records[0]
    assert record.authors == (family, "Lee")
    assert record.cited_authors(useprefix=False) == (bare, "Lee")
    assert found.warnings == (
        f"the bibliography line 1: entry 'k' writes the name {author!r} with its suffix in the "
        f"family name, which BibTeX and biber read as {read!r}; it is read without the suffix "
        f"(write {right!r})",
    )


@pytest.mark.parametrize("author", ["Ford, Jr., Henry", "Smith IV", "Wilson GV"])
def test_a_suffix_in_its_place_or_initials_are_read_as_before(author: str) -> None:
    found = parse_bib(f"@misc{{k, author = {{{author}}}}}\n")
    assert found.records[0].authors == (author.split()[0].rstrip(","),)
    assert found.warnings == ()
