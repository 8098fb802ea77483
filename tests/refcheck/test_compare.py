"""The documented tolerances between a cited reference and the catalogue's record."""

from __future__ import annotations

import pytest

from claimaudit.identity import parse_ref
from claimaudit.refcheck.compare import (
    compare,
    comparison,
    families_match,
    titles_match,
    words,
)
from claimaudit.refcheck.models import CatalogueRecord, CitedReference

SCIPY = CatalogueRecord(
    source="crossref",
    ref=parse_ref("doi:10.1038/s41592-019-0686-2"),
    title="SciPy 1.0: fundamental algorithms for scientific computing in Python",
    authors=("Virtanen", "Gommers"),
    years=(2020,),
)


def cited(**fields: object) -> CitedReference:
    return CitedReference("virtanen2020", SCIPY.ref, **fields)  # type: ignore[arg-type]


def test_words_drop_latex_html_accents_and_case() -> None:
    assert words(r"{SciPy} 1.0: Algorithms in {P}ython") == "scipy 1 0 algorithms in python"
    assert words(r"St{\'e}fan van der Walt") == "stefan van der walt"
    assert words("Deep <i>learning</i> &amp; biology") == "deep learning and biology"


@pytest.mark.parametrize(
    ("cited_title", "same"),
    [
        (r"{SciPy} 1.0: Fundamental Algorithms for Scientific Computing in {Python}", True),
        ("SciPy 1.0", True),  # the subtitle left out
        ("SciPy 1.0: fundamental algorithms for scientific computing in Pyhton", True),  # typo
        ("NumPy: array programming for scientific computing in Python", False),
        ("Attention is all you need", False),
    ],
)
def test_titles(cited_title: str, same: bool) -> None:
    assert titles_match(cited_title, SCIPY.title) is same


@pytest.mark.parametrize(
    ("one", "other"),
    [
        # Near-identical titles of two works: a number, a part or a negation apart.
        (
            "Measurement of the top quark mass at 7 TeV",
            "Measurement of the top quark mass at 8 TeV",
        ),
        ("Thermodynamics of black holes. Part I", "Thermodynamics of black holes. Part II"),
        ("Attention is all you need", "Attention is not all you need"),
        ("Deep networks do generalise", "Deep networks do not generalise"),
    ],
)
def test_titles_a_number_part_or_negation_apart_differ(one: str, other: str) -> None:
    assert not titles_match(one, other)
    assert not titles_match(other, one)
    assert titles_match(one, one.replace("the", "teh"))  # a typo still forgiven


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Type II diabetes and cardiovascular risk", "Type 2 diabetes and cardiovascular risk"),
        ("Thermodynamics of black holes. Part IV", "Thermodynamics of black holes. Part 4"),
        ("A phase III trial of metformin: design", "A phase 3 trial of metformin"),
    ],
)
def test_titles_with_a_roman_or_an_arabic_numeral_agree(one: str, other: str) -> None:
    # "Type II" against "Type 2" was a title mismatch.
    assert titles_match(one, other)
    assert titles_match(other, one)
    # Still two numbers apart:
    assert not titles_match(
        one, other.replace(" 2 ", " 1 ").replace(" 4", " 5").replace(" 3 ", " 2 ")
    )


@pytest.mark.parametrize(
    ("one", "other"),
    [
        # Two papers whose titles are 0.9 alike or more, a word apart (all real titles but
        # the opposites): a wrong DOI copied from a sibling paper was said to agree.
        (
            "Ten simple rules for the care and feeding of scientific data",
            "Ten simple rules for the care and feeding of scientific software",
        ),
        (
            "Ten simple rules for making research software more robust",
            "Ten simple rules for making research software more reusable",
        ),
        (
            "Ten simple rules for reproducible computational research",
            "Ten simple rules for reproducible computational science",
        ),
        ("Increased risk of stroke in women", "Decreased risk of stroke in women"),
        ("Upregulation of p53 in tumour cells", "Downregulation of p53 in tumour cells"),
        (
            "Learning to rank with nonsmooth cost functions",
            "Learning to rank with smooth cost functions",
        ),
        (
            "Hyperthyroidism in pregnant women and outcomes",
            "Hypothyroidism in pregnant women and outcomes",
        ),
        (
            "Intracellular transport of proteins in neurons",
            "Intercellular transport of proteins in neurons",
        ),
        (
            "Mitosis in yeast cells under stress conditions",
            "Meiosis in yeast cells under stress conditions",
        ),
        (
            "Ten simple rules for writing a postdoctoral fellowship",
            "Ten simple rules for writing a postdoctoral fellowship application",
        ),
    ],
)
def test_titles_a_word_apart_are_two_papers(one: str, other: str) -> None:
    assert not titles_match(one, other)
    assert not titles_match(other, one)


@pytest.mark.parametrize(
    ("one", "other"),
    [
        # One title, spelt two ways: national spellings, a typo, a word written together.
        (
            "Modelling the colour of tumours in the centre of the programme",
            "Modeling the color of tumors in the center of the program",
        ),
        (
            "Optimisation of the behaviour of the catalogue search in large libraries",
            "Optimization of the behavior of the catalog search in large libraries",
        ),
        ("A survey of the data sets for deep learning", "A survey of datasets for deep learning"),
        (
            "Good enough practices in scientific computing",
            "Good enough practices for scientific computing",
        ),
        (
            "Good enough practices in scientific computing",
            "Good enough practcies in scientific computing",
        ),
    ],
)
def test_titles_spelt_two_ways_agree(one: str, other: str) -> None:
    assert titles_match(one, other)
    assert titles_match(other, one)


@pytest.mark.parametrize(
    ("one", "other"),
    [
        # A word written with or without a hyphen or space before its number: one title.
        (
            "Language models are few-shot learners: GPT-3",
            "Language models are few-shot learners: GPT3",
        ),
        (
            "Clinical features of patients with COVID-19 in Wuhan",
            "Clinical features of patients with COVID19 in Wuhan",
        ),
        (
            "Web 2.0 as a new wave of innovation for teaching",
            "Web2.0 as a new wave of innovation for teaching",
        ),
    ],
)
def test_titles_a_hyphen_or_space_before_a_number_apart_agree(one: str, other: str) -> None:
    assert titles_match(one, other)
    assert titles_match(other, one)
    assert not titles_match(one, one.replace("3", "4").replace("19", "18").replace("2.0", "3.0"))


@pytest.mark.parametrize(
    ("cited_family", "catalogue", "same"),
    [
        ("Virtanen", "Virtanen", True),
        ("van der Walt", "Walt", True),
        ("Le Cun", "LeCun", True),
        (r"M{\"u}ller", "Müller", True),
        ("Smith", "Virtanen", False),
        ("vanderWalt", "Walt", True),  # particles run together
        ("Hu", "Zhu", False),  # a shorter name is not a particle away from a longer one
        ("Cun", "LeCun", True),
        ("Петров", "Иванов", False),
        ("Иванов", "Иванов", True),
        ("李", "王", False),
        ("", "Virtanen", False),  # nothing to compare is never agreement
        # Letters NFKD leaves whole, as an ASCII form writes them.
        ("Sorensen", "Sørensen", True),
        ("Lukasiewicz", "Łukasiewicz", True),
        ("Yildirim", "Y\u0131ld\u0131r\u0131m", True),
        ("Dokovic", "Đoković", True),
        ("Aesop", "Æsop", True),
        ("Strauss", "Strauß", True),
        ("Sorensen", "Sorenson", False),
        # German umlauts spelled out, as an ASCII entry writes them (a mismatch, it was).
        ("Mueller", "Müller", True),
        ("Schroeder", "Schro\u0308der", True),  # a combining diaeresis
        (r"G{\"o}del", "Goedel", True),
        ("Muller", "Müller", True),
        ("Mueller", "Muller", False),
        ("Mueller", "Möller", False),
    ],
)
def test_first_authors(cited_family: str, catalogue: str, same: bool) -> None:
    assert families_match(cited_family, catalogue) is same


@pytest.mark.parametrize(
    ("cited_family", "catalogue"), [("张", "Zhang"), ("Иванов", "Ivanov"), ("Ng", "吴")]
)
def test_first_authors_in_two_scripts_are_not_compared(cited_family: str, catalogue: str) -> None:
    # "first author differs: cited '张', crossref 'Zhang'" said two people where one name was
    # written in two scripts; no romanization is at hand to tell.
    record = CatalogueRecord("crossref", SCIPY.ref, SCIPY.title, (catalogue,), (2020,))
    found = comparison(cited(authors=(cited_family,)), record)
    assert found.mismatches == ()
    assert found.uncompared == (
        ("firstAuthor", "the entry and the catalogue write it in different scripts"),
    )
    # One script on both sides is compared as before.
    other = CatalogueRecord("crossref", SCIPY.ref, SCIPY.title, ("王",), (2020,))
    assert [m.field for m in comparison(cited(authors=("李",)), other).mismatches] == [
        "firstAuthor"
    ]


def test_compare_names_each_field_with_both_values() -> None:
    assert compare(cited(title="SciPy 1.0", authors=("Virtanen",), year=2019), SCIPY) == ()
    found = compare(cited(title="A different paper", authors=("Smith",), year=2015), SCIPY)
    assert [(m.field, m.cited, m.catalogue) for m in found] == [
        ("title", "A different paper", SCIPY.title),
        ("firstAuthor", "Smith", "Virtanen"),
        ("year", "2015", "2020"),
    ]


def test_fields_not_given_are_not_compared() -> None:
    assert compare(cited(), SCIPY) == ()
    assert compare(cited(year=2021), SCIPY) == ()


def test_unstructured_entry_is_compared_by_containment() -> None:
    good = "Virtanen P, Gommers R, et al. SciPy 1.0: fundamental algorithms for scientific "
    good += "computing in Python. Nature Methods. 2020;17:261-272. doi:10.1038/s41592-019-0686-2"
    assert compare(CitedReference("[1]", SCIPY.ref, text=good), SCIPY) == ()
    bad = "Smith J. Array programming with NumPy. Nature. 2011. doi:10.1038/s41592-019-0686-2"
    found = compare(CitedReference("[2]", SCIPY.ref, text=bad), SCIPY)
    assert [m.field for m in found] == ["title", "firstAuthor", "year"]
    assert found[0].cited.startswith("Smith J. Array programming")


@pytest.mark.parametrize(
    ("cited_title", "catalogue", "other"),
    [
        (r"Aggregation of $\alpha$-synuclein", "Aggregation of alpha-synuclein", "gamma"),
        ("The beta-sheet in TGF-beta", "The \u03b2-sheet in TGF-\u0392", "TGF-\u03b1"),
        (r"Spin glasses in the {$\Sigma$} phase", "Spin glasses in the sigma phase", "Δ"),
        # Greek letters run together, or into a Latin word, read as one word: no match.
        (r"$\alpha\beta$ T cells in mice", "Alpha beta T cells in mice", "gamma delta"),
        (r"TGF$\beta$ signalling in mice", "TGF-beta signalling in mice", "TGF-alpha"),
        (r"Rare decays $B \to K\nu\bar\nu$", "Rare decays B \u2192 K \u03bd \u03bd\u0304", "K e e"),
    ],
)
def test_titles_a_greek_letter_and_its_name_agree(
    cited_title: str, catalogue: str, other: str
) -> None:
    # "β-sheet" and "beta-sheet" were a title mismatch, read as "β sheet" and "beta sheet".
    assert titles_match(cited_title, catalogue)
    assert titles_match(catalogue, cited_title)
    named = catalogue.rsplit(" ", 1)[0] + " " + other
    assert not titles_match(cited_title, named)


@pytest.mark.parametrize(
    ("first", "text", "agrees"),
    [
        # Found anywhere in the text run together, "Ma" was in "machine", "Li" in "linear".
        ("Ma", "Zhang Y. Deep learning for machine vision. 2015.", False),
        ("Li", "Zhang Y. Deep learning of linear models. 2015.", False),
        ("Ma", "Ma Y. Deep learning for machine vision. 2015.", True),
        ("LeCun", "Le Cun Y, Bengio Y. Deep learning. 2015.", True),
        ("Le Cun", "LeCun Y, Bengio Y. Deep learning. 2015.", True),
        ("van der Walt", r"S. van der Walt. Deep learning. 2015.", True),
        ("García-López", r"J. Garc\'{\i}a-L\'opez. Deep learning. 2015.", True),
        ("Müller", "J. Mueller. Deep learning. 2015.", True),
    ],
)
def test_unstructured_entry_names_the_first_author_as_whole_words(
    first: str, text: str, agrees: bool
) -> None:
    record = CatalogueRecord("crossref", SCIPY.ref, "Deep learning", (first,), (2015,))
    found = compare(CitedReference("[1]", SCIPY.ref, text=text), record)
    assert [m.field for m in found] == ([] if agrees else ["firstAuthor"])


def test_unstructured_entry_giving_a_sibling_paper_s_title_is_a_title_mismatch() -> None:
    # 10 of the 11 words of "... scientific data" are in "... scientific software": the
    # 80% coverage said the entry gave the DOI's title.
    data = CatalogueRecord(
        source="crossref",
        ref=parse_ref("doi:10.1371/journal.pcbi.1003542"),
        title="Ten simple rules for the care and feeding of scientific data",
        authors=("Goodman",),
        years=(2014,),
    )
    entry = "Goodman A, et al. Ten simple rules for the care and feeding of scientific {}. "
    entry += "PLoS Comput Biol. 2014;10(4):e1003542."

    def fields(title_end: str) -> list[str]:
        cited = CitedReference("[1]", data.ref, text=entry.format(title_end))
        return [m.field for m in compare(cited, data)]

    assert fields("software") == ["title"]
    assert fields("data") == []
    assert fields("dta") == []  # a typo
    cut = "Goodman A. Ten simple rules for care & feeding of sci. data. PLoS Comput Biol. 2014."
    assert compare(CitedReference("[1]", data.ref, text=cut), data) == ()  # cut short


def test_unstructured_entry_with_a_roman_numeral_gives_the_title_written_in_digits() -> None:
    # A \bibitem's "Type II diabetes" against the catalogue's "Type 2 diabetes" was a title
    # mismatch, as the fields of a BibTeX entry were.
    record = CatalogueRecord(
        "crossref", SCIPY.ref, "Type 2 diabetes and heart failure", ("Smith",), (2019,)
    )
    text = "J. Smith. Type {} diabetes and heart failure. Lancet, 2019."
    assert compare(CitedReference("[1]", SCIPY.ref, text=text.format("II")), record) == ()
    found = compare(CitedReference("[1]", SCIPY.ref, text=text.format("III")), record)
    assert [m.field for m in found] == ["title"]


def test_words_keep_every_script_and_space_out_unspaced_ones() -> None:
    assert words("Квантовая механика твёрдого тела") == "квантовая механика твердого тела"
    assert words("深度学习\uff1a综述") == "深 度 学 习 综 述"
    assert words("Ἀρχιμήδης") == "αρχιμηδησ"
    assert words("?! — …") == ""


@pytest.mark.parametrize(
    ("cited_title", "catalogue", "same"),
    [
        ("Экономика сельского хозяйства Сибири", "Квантовая механика твёрдого тела", False),
        ("Квантовая механика твердого тела", "Квантовая механика твёрдого тела", True),
        ("量子计算的历史", "深度学习在医学图像中的应用", False),
        ("深度学习在医学图像中的应用\uff1a综述", "深度学习在医学图像中的应用", True),  # subtitle
        ("深度学习在医学图象中的应用", "深度学习在医学图像中的应用", True),  # a variant form
        ("—", "Квантовая механика твёрдого тела", False),  # nothing to compare
    ],
)
def test_titles_in_other_scripts(cited_title: str, catalogue: str, same: bool) -> None:
    assert titles_match(cited_title, catalogue) is same


def test_a_field_that_cannot_be_compared_is_named_never_agreed() -> None:
    found = comparison(cited(title="—", authors=("Virtanen",), year=2020), SCIPY)
    assert found.mismatches == ()
    assert found.agreed == ("firstAuthor", "year")
    assert found.uncompared == (("title", "no letter or digit to compare"),)
    bare = CatalogueRecord("crossref", SCIPY.ref, "", (), ())
    found = comparison(cited(title="SciPy 1.0", authors=("Virtanen",), year=2020), bare)
    assert found.agreed == ()
    assert [field for field, _ in found.uncompared] == ["title", "firstAuthor", "year"]
    text = CitedReference("[1]", SCIPY.ref, text="Virtanen P. SciPy 1.0. 2020.")
    found = comparison(text, bare)
    assert (found.mismatches, found.agreed) == ((), ())
    assert [field for field, _ in found.uncompared] == ["title", "firstAuthor", "year"]


ATLAS = CatalogueRecord(
    source="arxiv",
    ref=parse_ref("arXiv:1207.7214v2"),
    title="Observation of a new particle",
    authors=("The ATLAS Collaboration",),
    years=(2012,),
)


def test_a_collaboration_is_compared_with_the_entrys_collaboration_or_not_at_all() -> None:
    inspire = CitedReference("Aad:2012", ATLAS.ref, authors=("Aad",), collaboration="ATLAS")
    assert comparison(inspire, ATLAS).agreed == ("firstAuthor",)
    spelled = CitedReference("x", ATLAS.ref, authors=("Aad",), collaboration="ATLAS Collaboration")
    assert comparison(spelled, ATLAS).agreed == ("firstAuthor",)
    cms = CitedReference("x", ATLAS.ref, authors=("Aad",), collaboration="CMS")
    assert [m.cited for m in compare(cms, ATLAS)] == ["CMS"]
    person = comparison(CitedReference("x", ATLAS.ref, authors=("Aad",)), ATLAS)
    assert person.mismatches == () and person.agreed == ()
    assert person.uncompared == (
        ("firstAuthor", "the catalogue names a collaboration, the entry a person"),
    )


def test_a_collaboration_written_as_the_first_author_is_compared_as_one() -> None:
    written = CitedReference("x", ATLAS.ref, authors=("ATLAS Collaboration",))
    assert comparison(written, ATLAS).agreed == ("firstAuthor",)
    cms = CitedReference("x", ATLAS.ref, authors=("CMS Collaboration",))
    assert [m.cited for m in compare(cms, ATLAS)] == ["CMS Collaboration"]  # not the last word
    person = CatalogueRecord("arxiv", ATLAS.ref, ATLAS.title, ("Aad",), (2012,))
    assert comparison(written, person).uncompared == (
        ("firstAuthor", "the entry names a collaboration, the catalogue a person"),
    )


def test_a_year_given_that_reads_as_none_is_named_not_compared() -> None:
    found = comparison(
        cited(title="SciPy 1.0", authors=("Virtanen",), unread_year="in\n press"), SCIPY
    )
    assert (found.mismatches, found.agreed) == ((), ("title", "firstAuthor"))
    assert found.uncompared == (("year", "no year could be read from 'in press'"),)
    long = comparison(cited(title="SciPy 1.0", unread_year="x" * 500), SCIPY)
    ((_, why),) = long.uncompared
    assert len(why) < 80 and why.endswith("...'")
    assert comparison(cited(title="SciPy 1.0"), SCIPY).uncompared == ()  # none given


def test_a_range_of_years_is_named_not_compared_as_its_first() -> None:
    found = comparison(cited(title="SciPy 1.0", unread_year="2010--2017"), SCIPY)
    assert found.mismatches == ()
    assert found.uncompared == (("year", "'2010--2017' gives more than one year"),)
    short = comparison(cited(title="SciPy 1.0", unread_year="2019--20"), SCIPY)
    assert short.uncompared == (("year", "'2019--20' gives more than one year"),)


def test_a_greek_word_is_still_one_word() -> None:
    # Only runs of one to three Greek letters are symbols; a Greek title keeps its words.
    assert words("\u0397 ελληνική γλώσσα") == "eta ελληνικη γλωσσα"
    assert titles_match("ελληνική γλώσσα", "ελληνική γλώσσα")
