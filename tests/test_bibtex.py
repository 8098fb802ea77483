"""Reading BibTeX into records: fields kept as written (``@string`` macros, ``#``
concatenation and ``crossref`` resolved), titles and names as text, blocks that could not be
read reported, comments and line breaks read as BibTeX reads them."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimaudit.bibfile import parse_bib, read_bib


def test_bibtex_records() -> None:
    records = parse_bib(
        r"""@string{nm = "Nature Methods"}
@article{scipy,
  author = {Virtanen, Pauli and Gommers, Ralf and others},
  title = {{SciPy} 1.0: Algorithms in {P}ython},
  journal = nm, date = {2020-02-03},
  file = {Full Text PDF:/tmp/a.pdf:application/pdf},
}
@book{eds, editor = {Le Cun, Yann}, title = {Sch{\"o}ne {\'E}t{\'e}s}}
"""
    ).records
    scipy, eds = records
    assert (scipy.key, scipy.line, scipy.year) == ("scipy", 2, 2020)
    # "and others" is no author: it marks the list as cut short (BibTeX's "et al.").
    assert (scipy.authors, scipy.et_al) == (("Virtanen", "Gommers"), True)
    assert scipy.title == "SciPy 1.0: Algorithms in Python"
    assert scipy.fields["journal"] == "Nature Methods"
    assert scipy.fields["file"] == "Full Text PDF:/tmp/a.pdf:application/pdf"
    assert (eds.authors, eds.title, eds.year) == (("Le Cun",), "Schöne Étés", None)
    assert not eds.et_al


PARTIAL = "@misc{first, title={One}}\n@misc{broken title = {x}}\n@misc{third, title={Three}}\n"


def test_an_entry_that_cannot_be_parsed_is_reported_not_dropped() -> None:
    found = parse_bib(PARTIAL, source="partial.bib")
    assert [r.key for r in found.records] == ["first", "third"]
    (unread,) = found.unread
    assert (unread.line, unread.key) == (2, "broken")
    assert unread.message == (
        "partial.bib line 2: an entry that could not be read "
        "(Expected comma after entry key, but found =)"
    )


def test_a_duplicate_key_and_a_duplicate_field_are_reported() -> None:
    text = "@misc{a, title={One}}\n@misc{a, title={Two}}\n@misc{b, title={x}, title={y}}\n"
    found = parse_bib(text, source="d.bib")
    assert [r.key for r in found.records] == ["a"]
    second, fields = found.unread
    assert (
        second.message
        == "d.bib line 2: a second entry with the key 'a', ignored (the first is used)"
    )
    assert (fields.line, fields.key) == (3, "b")
    assert "Duplicate field keys on entry: 'title'" in fields.message
    assert "Note" not in fields.message  # bibtexparser's hint about its API is left out


def test_a_field_given_twice_in_two_cases_is_reported_as_a_duplicate() -> None:
    # BibTeX reads field names in any case: "title" and "Title" are one field given twice.
    # The entry was read with the last silently winning (BibTeX keeps the first, and warns).
    text = "@misc{a, title = {One}, Title = {Two}}\n@misc{b, Title = {Three}}\n"
    found = parse_bib(text, source="d.bib")
    assert [(r.key, r.title) for r in found.records] == [("b", "Three")]
    (unread,) = found.unread
    assert (unread.line, unread.key) == (1, "a")
    assert unread.message == (
        "d.bib line 1: an entry that could not be read (Duplicate field keys on entry: 'title')"
    )


def test_bibtex_concatenation_and_macros_are_joined_as_bibtex_joins_them() -> None:
    # bibtexparser leaves "a # b" as written: the DOI below was no DOI, the title not its own.
    records = parse_bib(
        r"""@string{ pre = "10.1038" }
@STRING{ NM = {Nature} }
@string{ nmeth = nm # " Methods" }
@article{scipy,
  title = "{SciPy} 1.0: " # {Fundamental Algorithms},
  journal = NMeth # { (online)},
  doi = pre # "/s41592-019-0686-2",
  month = jan # "~15",
  year = 20 # 20,
}
"""
    ).records
    (scipy,) = records
    assert scipy.fields["doi"] == "10.1038/s41592-019-0686-2"
    assert scipy.title == "SciPy 1.0: Fundamental Algorithms"
    assert scipy.fields["journal"] == "Nature Methods (online)"
    assert scipy.fields["month"] == "January~15"
    assert scipy.year == 2020


def test_a_concatenation_naming_an_undefined_macro_is_left_as_written() -> None:
    # BibTeX reads an undefined macro as nothing: the value would change without a word.
    (record,) = parse_bib(
        '@article{k, doi = nowhere # "/x", title = {C\\# # tips}, note = "a # b"}\n'
    ).records
    assert record.fields["doi"] == 'nowhere # "/x"'
    assert record.fields["title"] == "C\\# # tips"
    assert record.fields["note"] == "a # b"


def test_a_macro_defined_below_an_entry_is_not_applied_to_it() -> None:
    # BibTeX reads the file in order: a macro defined after the entry that names it is no
    # macro yet. It was applied, silently, where BibTeX prints nothing and warns.
    found = parse_bib(
        '@misc{k, title = nm, note = nm # " 2"}\n@string{nm = {X}}\n@misc{j, title = nm}\n'
    )
    first, second = found.records
    assert (first.fields["title"], first.fields["note"]) == ("nm", 'nm # " 2"')
    assert second.fields["title"] == "X"
    assert len(found.warnings) == 2
    assert all("'k'" in w and "'nm'" in w and "below" in w for w in found.warnings)


def test_macros_of_macros_doubling_are_not_joined_past_a_bound() -> None:
    # Each @string twice the one before: joined whole, 40 of them were a terabyte.
    strings = ['@string{m0 = "xxxxxxxxxx"}'] + [
        f"@string{{m{i} = m{i - 1} # m{i - 1}}}" for i in range(1, 41)
    ]
    text = "\n".join([*strings, "@misc{k, title = m40, note = m3 # m3}", ""])
    (record,) = parse_bib(text).records
    assert record.fields["title"] == "m40"  # left as written
    assert record.fields["note"] == "x" * 160


# As DBLP exports a conference paper: the paper's entry, then the proceedings it crossrefs.
_CROSSREF_BIB = r"""@inproceedings{DBLP:conf/nips/VaswaniSPUJGKP17,
  author    = {Ashish Vaswani and Noam Shazeer and others},
  title     = {Attention is All you Need},
  pages     = {5998--6008},
  crossref  = {DBLP:conf/nips/2017},
}
@inproceedings{own,
  author    = {Ada Lovelace},
  title     = {Notes},
  booktitle = {Its Own Venue},
  year      = {2016},
  crossref  = {dblp:conf/NIPS/2017},
}
@proceedings{DBLP:conf/nips/2017,
  editor    = {Isabelle Guyon and Ulrike von Luxburg},
  title     = {Advances in Neural Information Processing Systems 30},
  publisher = {Curran Associates},
  year      = {2017},
  doi       = {10.5555/nips2017},
  url       = {https://proceedings.neurips.cc/paper/2017},
}
@inproceedings{orphan,
  author    = {Alan Turing},
  title     = {Computing Machinery},
  crossref  = {nowhere},
}
"""


def test_a_crossref_entry_inherits_the_fields_it_lacks_from_its_parent() -> None:
    # QA: crossref was not read, so a DBLP paper had no year or booktitle (its year check was
    # skipped); BibTeX and biber give it the proceedings' fields.
    found = parse_bib(_CROSSREF_BIB, source="refs.bib")
    paper, own, proceedings, orphan = found.records
    assert paper.year == 2017
    assert paper.fields["booktitle"] == "Advances in Neural Information Processing Systems 30"
    assert paper.fields["publisher"] == "Curran Associates"
    assert paper.fields["editor"] == "Isabelle Guyon and Ulrike von Luxburg"
    # Its own fields win, and what names the volume itself is not the paper's.
    assert paper.title == "Attention is All you Need" and paper.authors == ("Vaswani", "Shazeer")
    assert "doi" not in paper.fields and "url" not in paper.fields
    # The child's own booktitle and year win; the key is found ignoring case, as BibTeX does.
    assert (own.fields["booktitle"], own.year, own.fields["publisher"]) == (
        "Its Own Venue",
        2016,
        "Curran Associates",
    )
    assert proceedings.fields["doi"] == "10.5555/nips2017"
    # A parent no entry has is a warning, the entry read as written.
    assert (orphan.year, orphan.title) == (None, "Computing Machinery")
    assert found.warnings == (
        "refs.bib line 22: entry 'orphan' has crossref 'nowhere', which no entry has; it is "
        "read without the fields it would inherit",
    )


def test_a_crossref_chain_is_followed_and_a_loop_is_a_warning() -> None:
    text = r"""@inbook{chapter, author = {A. Author}, title = {Ch}, crossref = {book}}
@book{book, title = {The Book}, crossref = {series}}
@mvbook{series, publisher = {P}, year = {1999}}
@misc{a, title = {A}, crossref = {b}}
@misc{b, title = {B}, crossref = {a}, year = {2001}}
"""
    found = parse_bib(text)
    chapter, book, _, a, b = found.records
    assert (chapter.year, chapter.fields["publisher"], chapter.fields["booktitle"]) == (
        1999,
        "P",
        "The Book",
    )
    assert book.year == 1999
    assert a.year == 2001 and b.year == 2001  # b's fields reach a; the loop back is said once
    assert len(found.warnings) == 1 and "leads back to itself" in found.warnings[0]


def test_a_chain_gives_the_child_its_parents_title_not_one_the_parent_inherited() -> None:
    # a -> b -> c: b's own title is a's booktitle, as biber applies its title rule before
    # inheriting the rest; a took the booktitle b had inherited from c (the series' title,
    # or c's own booktitle), which names no volume a is in.
    text = r"""@inproceedings{a, author = {Doe, J.}, title = {Paper}, crossref = {b}}
@proceedings{b, title = {Proc. of the Third Workshop}, crossref = {c}}
@mvproceedings{c, title = {Workshop Series}, year = {2019}, publisher = {P}}
@inproceedings{d, title = {Other}, crossref = {e}}
@proceedings{e, title = {Full Proceedings Title}, booktitle = {ACL 2019}, year = {2019}}
@incollection{f, title = {Chapter}, crossref = {g}}
@book{g, title = {The Book}, crossref = {c}}
"""
    a, b, _, d, _, f, g = parse_bib(text).records
    assert (a.fields["booktitle"], a.fields["maintitle"], a.year) == (
        "Proc. of the Third Workshop",
        "Workshop Series",
        2019,
    )
    # A volume of a multi-volume work: its title is the series' maintitle, no booktitle.
    assert (b.fields["maintitle"], "booktitle" in b.fields) == ("Workshop Series", False)
    assert d.fields["booktitle"] == "Full Proceedings Title"
    # Types biblatex has no rule for (BibTeX's @incollection of a @book): the parent's title
    # is still the booktitle, the parent's own booktitle first where it gives one.
    assert (f.fields["booktitle"], g.fields["booktitle"]) == ("The Book", "Workshop Series")


def test_a_crossref_key_in_another_unicode_form_finds_its_parent() -> None:
    # "Müller" in the crossref as "u" and a combining accent, the parent's key with one "ü":
    # "which no entry has", where biber (reading both as NFD) gives the paper its fields.
    found = parse_bib(
        "@inproceedings{p, title = {P}, crossref = {Mu\u0308llerConf}}\n"
        "@proceedings{M\u00fcllerConf, title = {Proc}, year = {2019}}\n"
    )
    assert (found.records[0].year, found.records[0].fields["booktitle"]) == (2019, "Proc")
    assert found.warnings == ()


def test_a_missing_crossref_parent_is_warned_of_by_read_bib(tmp_path: Path) -> None:
    path = tmp_path / "refs.bib"
    path.write_text(_CROSSREF_BIB, encoding="utf-8")
    found = read_bib(path)
    assert len(found.records) == 4
    assert found.warnings == (
        f"{path} line 22: entry 'orphan' has crossref 'nowhere', which no entry has; it is "
        "read without the fields it would inherit",
    )


def test_a_value_ending_in_a_double_backslash_ends_there() -> None:
    # "\\" is TeX's line break, no escape of the brace or quote after it: bibtexparser read on
    # past it, so the entry was not read ("could not be read"), nor the next quoted one.
    found = parse_bib(
        '@string{pub = "Pub \\\\"}\n'
        "@article{a, title={A \\\\}, author={Lee, Ann}, year={2020}}\n"
        "@article{b, title={B}, author={Kim, Bo}, year={2021}}\n"
        '@article{c, title = "C \\\\", journal = pub, year = 2022, doi = {10.1/c}}\n'
        "@article{d, title={D \\\\\\{e\\}}, note = {x \\\\ y}}\n"
    )
    assert found.unread == ()
    a, b, c, d = found.records
    assert (a.key, a.fields["title"], a.authors, a.year) == ("a", "A \\\\", ("Lee",), 2020)
    assert (b.key, b.authors) == ("b", ("Kim",))
    assert (c.fields["title"], c.fields["doi"], c.year) == ("C \\\\", "10.1/c", 2022)
    assert c.fields["journal"] == "Pub \\\\"
    assert (d.fields["title"], d.fields["note"]) == ("D \\\\\\{e\\}", "x \\\\ y")


def test_a_comment_line_before_a_field_leaves_its_name_alone() -> None:
    # bibtexparser read "% the final version\n  author" as the field's name: no author.
    found = parse_bib(
        "@article{a, % from the journal\n  title = {T}, % the final version\n"
        "  % checked twice\n  author = {Lee, Ann},\n  year = 2020}\n"
        "@article{b, title = {50% of cases}, author = {Kim, Bo}}\n"
        # A comma or "=" in the comment split the entry: a field "" and one "also\n author".
        '@article{c,\n title = "T", % see url = x, also\n author = {Park, C.}, year = 2022}\n'
    )
    a, b, c = found.records
    assert dict(a.fields) == {"title": "T", "author": "Lee, Ann", "year": "2020"}
    assert (a.authors, a.year) == (("Lee",), 2020)
    assert (b.title, b.authors) == ("50% of cases", ("Kim",))
    assert dict(c.fields) == {"title": "T", "author": "Park, C.", "year": "2022"}
    assert c.line == 7


XDATA_BIB = r"""@xdata{nature2019, journaltitle = {Nature}, year = {2019}, publisher = {NPG}}
@xdata{team, author = {Lee, A. and Roe, B.}, xdata = {nature2019}}
@article{one, xdata = {team}, title = {One}, doi = {10.1038/one}}
@article{two, xdata = {Nature2019, gone}, author = {Kim, C.}, title = {Two}, year = {2020}}
"""


def test_an_xdata_entry_gives_its_fields_and_is_no_record() -> None:
    # biblatex's xdata was not read: "one" had no authors or year, so its reference check
    # compared nothing, and each @xdata block was a reference of its own, "no arXiv id or DOI".
    found = parse_bib(XDATA_BIB, source="refs.bib")
    one, two = found.records
    assert (one.key, one.authors, one.year, one.fields["journaltitle"]) == (
        "one",
        ("Lee", "Roe"),
        2019,
        "Nature",
    )
    # Its own fields win; a key in another case is found, as BibTeX finds keys.
    assert (two.key, two.authors, two.year, two.fields["publisher"]) == (
        "two",
        ("Kim",),
        2020,
        "NPG",
    )
    assert found.warnings == (
        "refs.bib line 4: entry 'two' has xdata 'gone', which no entry has; it is read without "
        "the fields it would inherit",
    )


def test_an_xdata_naming_a_work_not_an_xdata_entry_gives_nothing_and_is_warned_of() -> None:
    # biber takes xdata only from @xdata entries ("not an XDATA entry, not resolving"): the
    # article's own DOI and year were taken, and the entry checked as that other work.
    found = parse_bib(
        "@article{other, title = {Other}, doi = {10.1000/other}, year = {2019}}\n"
        "@article{mine, title = {Mine}, xdata = {other}}\n",
        source="refs.bib",
    )
    mine = found.records[1]
    assert ("doi" in mine.fields, mine.year) == (False, None)
    assert found.warnings == (
        "refs.bib line 2: entry 'mine' has xdata 'other', which is an @article entry, not an "
        "@xdata one (biber ignores it); it is read without the fields it would inherit",
    )


def test_a_date_gives_the_year_over_a_year_field_as_biblatex_prints_it() -> None:
    # biber overwrites ``year`` with the year of ``date``: the year field won, so an entry was
    # compared (and cited) as of a year biblatex does not print. Two years are warned of.
    found = parse_bib("@misc{k, year = {2020}, date = {2019-05-01}}\n")
    assert found.records[0].year == 2019
    assert len(found.warnings) == 1 and "'2020'" in found.warnings[0]
    agree = parse_bib("@misc{k, year = {2019}, date = {2019-05}}\n")
    assert (agree.records[0].year, agree.warnings) == (2019, ())
    # A date that gives no year leaves the year field to say it.
    assert parse_bib("@misc{k, year = {2020}, date = {forthcoming}}\n").records[0].year == 2020


@pytest.mark.parametrize("date", ["Spring 2018", "May 2018", "2018a", "2018-13", "spring"])
def test_a_date_biber_cannot_read_leaves_the_year_to_the_year_field_and_says_so(
    date: str,
) -> None:
    # biber ignores a date it cannot read ("Invalid format ... ignoring"), so biblatex prints
    # the year field: "Spring 2018" gave 2018 over year = {2019}, warned of as two years "read
    # from the date, as biblatex prints it", which it does not.
    found = parse_bib(f"@misc{{k, year = {{2019}}, date = {{{date}}}}}\n")
    assert (found.records[0].year, found.records[0].unread_year) == (2019, None)
    assert found.warnings == (
        f"the bibliography line 1: entry 'k' gives date {date!r}, which is no date biber reads "
        "(it ignores it); its year is read from year '2019' (a date is written 2019, 2019-05 "
        "or 2019-05-01)",
    )
    # biblatex's own forms are dates: approximate, a season, a time, a range.
    for good in ("2018~", "2018-21", "2018-05-01T10:00:00Z", "2018/2020"):
        dated = parse_bib(f"@misc{{k, year = {{2019}}, date = {{{good}}}}}\n")
        assert dated.records[0].year == 2018 and "gives year '2019'" in dated.warnings[0]


def test_a_year_is_each_entry_s_own_date_or_year_before_any_inherited() -> None:
    # biber reads each entry's date into its year before inheritance: a grandparent's date
    # won over the parent's year the paper inherits (2019, "gives year '2018' and date
    # '2019-05'", a warning about fields the paper never wrote), and an xdata's date over
    # another's year likewise.
    found = parse_bib(
        "@inproceedings{p, title = {P}, crossref = {vol}}\n"
        "@proceedings{vol, title = {V}, year = {2018}, crossref = {series}}\n"
        "@mvproceedings{series, title = {S}, date = {2019-05}}\n"
        "@xdata{x1, journaltitle = {N}, date = {2019}, xdata = {x2}}\n"
        "@xdata{x2, year = {2018}}\n"
        "@article{a, title = {A}, xdata = {x1}}\n"
        "@misc{u, title = {U}, date = {spring}, crossref = {series}}\n"
    )
    assert [(r.key, r.year) for r in found.records] == [
        ("p", 2018),
        ("vol", 2018),
        ("series", 2019),
        ("a", 2019),
        ("u", 2019),
    ]
    assert found.warnings == (
        "the bibliography line 7: entry 'u' gives date 'spring', which is no date biber reads "
        "(it ignores it); its year is read from date '2019-05' (a date is written 2019, 2019-05 "
        "or 2019-05-01)",
    )


def test_a_name_warned_of_leaves_the_year_as_written() -> None:
    # The name's warning reused the name of the year as written: "not compared (no year
    # could be read from 'Ford Jr., Henry')".
    (record,) = parse_bib("@misc{k, author = {Ford Jr., Henry}, year = {in press}}\n").records
    assert (record.year, record.unread_year) == (None, "in press")


def test_two_keys_in_two_cases_are_both_read_and_warned_of() -> None:
    # BibTeX ignores "smith2020" after "Smith2020" (a repeated entry), biber and Pandoc read
    # both: which work a citation names depends on the tool, and nothing said so.
    found = parse_bib(
        "@misc{Smith2020, title = {One}}\n@misc{smith2020, title = {Two}}\n@misc{b, title = {B}}\n"
    )
    assert [r.key for r in found.records] == ["Smith2020", "smith2020", "b"]
    (warning,) = found.warnings
    assert "line 2" in warning and "'smith2020'" in warning and "'Smith2020' (line 1)" in warning


def test_a_key_in_another_unicode_form_is_read_and_warned_of() -> None:
    # "Müller2020" as NFD after "Müller2020" as NFC: biber reads one key (the second ignored
    # as a duplicate), BibTeX two; nothing said so, and they look the same on screen.
    found = parse_bib(
        "@misc{M\u00fcller2020, title = {One}}\n@misc{Mu\u0308ller2020, title = {Two}}\n"
    )
    assert [r.title for r in found.records] == ["One", "Two"]
    assert found.warnings == (
        "the bibliography line 2: entry 'Mu\u0308ller2020' has the key of entry "
        "'M\u00fcller2020' (line 1) in another Unicode form; both are read, as BibTeX reads "
        "them, but biber ignores the second as a duplicate",
    )


def test_an_entry_s_own_year_wins_over_its_crossref_parent_s_date() -> None:
    # biber gives a child the parent's date only where it has no year of its own.
    found = parse_bib(
        "@inproceedings{c, title = {P}, year = 2020, crossref = {conf}}\n"
        "@proceedings{conf, title = {B}, date = {2019}}\n"
    )
    assert [(r.key, r.year) for r in found.records] == [("c", 2020), ("conf", 2019)]
    assert found.warnings == ()


def test_an_entry_without_a_key_or_with_a_spaced_key_is_not_read() -> None:
    # bibtexparser read "@misc{, ...}" as an entry keyed "" and "@misc{a b, ...}" as one keyed
    # "a b": biber skips an entry without a key, and BibTeX ends a key at white space (it
    # then fails on the word after it), so neither is a work a paper can cite.
    found = parse_bib(
        "@misc{, title = {T1}}\n@misc{a b, title = {T2}}\n@misc{ , title = {T3}}\n"
        "@misc{ok, title = {T4}}\n"
    )
    assert [record.key for record in found.records] == ["ok"]
    assert [(u.line, u.key, u.why) for u in found.unread] == [
        (1, None, "it has no key"),
        (2, "a", "its key 'a b' holds white space, which ends a BibTeX key"),
        (3, None, "it has no key"),
    ]
    assert not any(u.duplicate for u in found.unread)  # the second keyless one: no "second entry"


@pytest.mark.parametrize(
    ("date", "year"),
    [("2019/2020", 2019), ("2019-03/2019-05", 2019), ("2019/..", 2019), ("2019-12/", 2019)],
)
def test_a_date_range_gives_its_start_year_as_biblatex_prints_it(date: str, year: int) -> None:
    # A range names two years, which gave none: the year field won (2018, unwarned), and a
    # range alone was "not compared", where biber reads the start's year and biblatex prints it.
    found = parse_bib(
        f"@misc{{k, year = {{2018}}, date = {{{date}}}}}\n@misc{{j, date = {{{date}}}}}"
    )
    assert [record.year for record in found.records] == [year, year]
    assert len(found.warnings) == 1 and f"date {date!r}" in found.warnings[0]


def test_a_date_range_open_at_its_start_gives_no_year() -> None:
    # Its end is no year of the work: the year field says it, else the year is not compared.
    found = parse_bib("@misc{k, year = {2018}, date = {../2020}}\n@misc{j, date = {/2020}}\n")
    assert [(r.year, r.unread_year) for r in found.records] == [(2018, None), (None, "/2020")]
    assert found.warnings == ()


def test_an_entry_s_type_is_kept() -> None:
    found = parse_bib("@SET{s, entryset = {a}}\n@Article{a, title = {A}}\n")
    assert [(r.key, r.kind) for r in found.records] == [("s", "set"), ("a", "article")]


def test_a_parent_whose_entry_could_not_be_read_is_said_so() -> None:
    # It was "crossref 'conf', which no entry has", sending the user to look for an entry
    # that is there, unread for a missing comma (said only in a warning of its own).
    found = parse_bib(
        "@inproceedings{c, title = {P}, crossref = {conf}}\n"
        "@proceedings{conf title = {B}, year = 2019}\n"
    )
    assert found.warnings == (
        "the bibliography line 1: entry 'c' has crossref 'conf', whose entry (line 2) could not "
        "be read; it is read without the fields it would inherit",
    )


@pytest.mark.parametrize(
    ("key", "plain"),
    [(r"k{\"u}hn2020", "kühn2020"), (r"m{\"{u}}ller", "müller"), (r"{\'E}cole", "École")],
)
def test_a_key_written_with_a_tex_accent_is_said_and_names_its_citation(
    key: str, plain: str
) -> None:
    # The entry was "could not be read (Expected comma after entry key, but found {)", and a
    # citation of the key as it reads, @kühn2020, was "no bibliography entry".
    found = parse_bib(f"@article{{{key}, title = {{T}}}}\n@misc{{ok, title = {{O}}}}\n")
    [unread] = found.unread
    assert unread.key == plain
    assert (
        unread.why == f"its key '{key}' holds TeX braces, which no key may hold; write it '{plain}'"
    )
