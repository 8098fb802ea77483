"""Citation commands in a LaTeX paper: marks leave nothing, textual ones print their names."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from benchmarks.pdf_fidelity import PAIRS, measure

from claimaudit.errors import InputError
from claimaudit.library.extract import extract
from claimaudit.library.latex.citations import CITE_COMMANDS, CiteKind, names_from_bbl
from claimaudit.library.passages import make_passages
from tests.articles import write_article
from tests.library.helpers import CONV_TEX, SKIMAGE_TEX

BIB = """
@article{oord2016, author = {van den Oord, A{\\"a}ron and Dieleman, Sander and Zen, Heiga},
  title = {WaveNet}, year = {2016}}
@article{chen2014, author = {Chen, Liang-Chieh and Papandreou, George}, title = {S}, year = 2014}
@article{yu2015, author = {Yu, Fisher}, title = {Multi-scale}, year = {2015}}
"""


def _paper(folder: Path, body: str, bibliography: str = "\\bibliography{refs}") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "paper.tex"
    path.write_text(
        "\\documentclass{article}\n\\usepackage{natbib}\n\\begin{document}\n\\section{S}\n"
        f"{body}\n{bibliography}\n\\end{{document}}\n",
        encoding="utf-8",
    )
    return path


def _text(path: Path, *, includes: bool = True) -> str:
    return " ".join(p.text for p in make_passages(extract(path, includes=includes).blocks))


AND_OTHERS_BIB = (
    "@article{scipy, author = {Virtanen, Pauli and others}, title = {SciPy 1.0}}\n"
    "@article{numpy, author = {Harris, Charles R. and Millman, K. Jarrod and others},\n"
    "  title = {Array programming with {NumPy}}, year = {2020}}\n"
    "@article{solo, author = {Hunter, John D.}, title = {Matplotlib}}\n"
)
SHARED_KEY_BIB = (
    "@article{roe2020, author = {Roe, Rita}, title = {A}}\n"
    "@article{Roe2020, author = {Lee, Ann}, title = {B}}\n"
)
PREAMBLE_MACRO_BIB = (
    '@preamble{"\\newcommand{\\lab}[1][Research]{{Google #1}}"}\n'
    "@article{g2020, author = {\\lab[Brain] and Roe, Rita}, title = {A}}\n"
    "@article{h2021, author = {\\lab and Lee, Ann}, title = {B}}\n"
)
OWN_ALIAS_BIB = (
    "@article{Roe2020, author = {Roe, Rita}, title = {A}, ids = {roe2020}}\n"
    "@article{kim2021, author = {Kim, Ann}, title = {B}}\n"
    "@article{lee2021, author = {Lee, Bo}, title = {C}, ids = {Kim2021}}\n"
)


# (a natbib paper's body, its refs.bib, what the body reads as)
NATBIB_CASES = [
    pytest.param(
        "As \\citet{oord2016} show, \\Citet{oord2016} agree, see \\citet{chen2014,yu2015}; "
        "\\citeauthor{yu2015} and \\textcite{chen2014} too, unlike \\citep{yu2015}.",
        BIB,
        "As van den Oord et al. show, Van den Oord et al. agree, see Chen and Papandreou; Yu; "
        "Yu and Chen and Papandreou too, unlike.",
        id="textual-citations-print-the-bib-names",
    ),
    # BibTeX's "and others" is natbib's and biblatex's "et al.", however many names precede it.
    pytest.param(
        "As \\citet{scipy} and \\textcite{numpy} show, unlike \\citeauthor{solo}.",
        AND_OTHERS_BIB,
        "As Virtanen et al. and Harris et al. show, unlike Hunter.",
        id="and-others-prints-et-al",
    ),
    pytest.param(
        "As \\textcites[see][3]{oord2016}{yu2015} show, and as shown "
        "\\parencites(all)(p.~2){chen2014}[5]{yu2015}.",
        BIB,
        "As van den Oord et al.; Yu show, and as shown.",
        id="multi-citations-print-names-or-nothing",
    ),
    # natbib's \citet*, \citeauthor* and \citefullauthor print the full list; the reader read
    # "van den Oord et al." and \citefullauthor printed nothing (latex/45).
    pytest.param(
        "As \\citet*{oord2016} show, \\Citeauthor*{oord2016} and \\citefullauthor{oord2016} "
        "agree with \\citet*{yu2015}, unlike \\citet{oord2016} here.",
        BIB,
        "As van den Oord, Dieleman, and Zen show, Van den Oord, Dieleman, and Zen and van den "
        "Oord, Dieleman, and Zen agree with Yu, unlike van den Oord et al. here.",
        id="starred-and-full-author-citations-name-every-author",
    ),
    # "\citet{x}." prints "Oord et al. (2016)."; without its year it read "Oord et al..".
    pytest.param(
        "It was shown by \\citet{oord2016}. Also by \\citeauthor{oord2016}, and \\citet{yu2015}.",
        BIB,
        "It was shown by van den Oord et al. Also by van den Oord et al., and Yu.",
        id="a-citation-ending-a-sentence-leaves-one-full-stop",
    ),
    # apacite's \citeA<see>[p.~3]{key} read "As <see>[p. 3]oord2016 show": unknown commands,
    # and a prefix in angle brackets no standard argument spec reads.
    pytest.param(
        "As \\citeA<see>[p.~3]{oord2016} show, it holds \\citeNP<e.g.,>[p.~2]{yu2015}; "
        "\\fullciteA{oord2016} and \\shortciteA{chen2014} agree \\shortcite{yu2015}.",
        BIB,
        "As van den Oord et al. show, it holds; van den Oord, Dieleman, and Zen and Chen and "
        "Papandreou agree.",
        id="apacite-commands-print-names-never-keys",
    ),
    # BibTeX reads keys in any case: "\\citet{OORD2016}" printed nothing, so the sentence read
    # "As show"; the review's reader of the same draft prints the names.
    pytest.param(
        "As \\citet{OORD2016} show, \\citet{Yu2015,CHEN2014} agree.",
        BIB,
        "As van den Oord et al. show, Yu; Chen and Papandreou agree.",
        id="a-key-in-another-case-prints-its-entry-s-names",
    ),
    # Either entry may be meant: no name is guessed, as the review's reader guesses none.
    pytest.param(
        "As \\citet{ROE2020} show.",
        SHARED_KEY_BIB,
        "As show.",
        id="a-key-two-entries-share-in-other-cases-prints-nothing",
    ),
    # The macro was left as written: "\\citet{g2020}" printed "Lab[Brain] and Roe" (latex/48).
    pytest.param(
        "As \\citet{g2020} and \\citet{h2021} show.",
        PREAMBLE_MACRO_BIB,
        "As Google Brain and Roe and Google Research and Lee show.",
        id="a-bib-preamble-macro-with-an-optional-argument-prints",
    ),
    # A key renamed in case keeps the old one in ``ids``: "\\citet{ROE2020}" matched both and
    # printed nothing, where the review's reader names the one entry (``citekeys``). A key and
    # another entry's alias alike in case: either may be meant, no name is guessed.
    pytest.param(
        "As \\citet{ROE2020} and \\citet{KIM2021} show.",
        OWN_ALIAS_BIB,
        "As Roe and show.",
        id="a-key-and-its-own-alias-alike-in-case-are-one-entry",
    ),
]


@pytest.mark.parametrize(("body", "bib", "expected"), NATBIB_CASES)
def test_a_natbib_citation_prints_the_names_its_bibliography_gives(
    tmp_path: Path, body: str, bib: str, expected: str
) -> None:
    path = _paper(tmp_path, body)
    (tmp_path / "refs.bib").write_text(bib, encoding="utf-8")
    assert _text(path) == expected


@pytest.mark.parametrize("name", sorted(CITE_COMMANDS))
def test_no_citation_command_leaves_its_keys_in_the_text(tmp_path: Path, name: str) -> None:
    # biblatex's \textcite{key}, \parencite{key} and \autocite{key} printed "key" (latex/14).
    # biblatex's volume citations take the volume before the pages: [see]{volume}[p.~3]{keys}.
    volume = "{12}" if "volcite" in name.lower() else ""
    written = f"\\{name}*[see]{volume}[p.~3]{{somekey2020,other}}"
    text = _text(_paper(tmp_path, f"One claim {written} stands."))
    assert "somekey" not in text and "other" not in text and "p. 3" not in text
    assert "12" not in text
    assert text.startswith("One claim") and text.endswith("stands.")


def test_the_compiled_bibliography_gives_the_names_as_printed(tmp_path: Path) -> None:
    path = _paper(tmp_path, "See \\citet{oord2016} and \\citet{yu2015}.")
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    # natbib's .bbl holds the short names its style prints (here without the "van den").
    (tmp_path / "paper.bbl").write_text(
        "\\begin{thebibliography}{2}\n"
        "\\bibitem[{Oord et~al.(2016)Oord, Dieleman, and Zen}]{oord2016}\nA. van den Oord.\n"
        "\\end{thebibliography}\n",
        encoding="utf-8",
    )
    assert _text(path) == "See Oord et al. and Yu."


def test_names_are_not_guessed(tmp_path: Path) -> None:
    (tmp_path / "paper").mkdir()
    (tmp_path / "outside.bib").write_text(BIB, encoding="utf-8")
    # A key the bibliography lacks, a bibliography outside the paper's folder, a broken one:
    # the citation prints nothing, and the paper still reads.
    body = "See \\citet{oord2016,missing} and \\citet{yu2015}."
    assert _text(_paper(tmp_path / "a", body)) == "See and."  # no bibliography at all
    path = _paper(tmp_path / "paper", body, "\\bibliography{../outside}")
    assert _text(path) == "See and."
    path = _paper(tmp_path / "b", body)
    (tmp_path / "b" / "refs.bib").write_text("@article{yu2015, author = {Yu", encoding="utf-8")
    assert _text(path) == "See and."


def test_an_uploaded_file_reads_no_bibliography_and_a_changed_one_is_read_again(
    tmp_path: Path,
) -> None:
    path = _paper(tmp_path, "See \\citet{yu2015}.")
    bib = tmp_path / "refs.bib"
    bib.write_text(BIB, encoding="utf-8")
    assert _text(path, includes=False) == "See."
    first = extract(path)
    bib.write_text(BIB.replace("Yu, Fisher", "Koltun, Vladlen"), encoding="utf-8")
    second = extract(path)
    assert first.content_hash != second.content_hash
    assert _text(path) == "See Koltun."


def test_names_from_a_bbl_entry_with_and_without_braces() -> None:
    bbl = (
        "\\bibitem[Chen et~al.(2014)Chen, Papandreou, and Kokkinos]{chen2014}\nText.\n"
        "\\bibitem[{Yu and Koltun(2015)}]{yu2015}\nText.\n"
        "\\bibitem{numbered}\nA numbered style names no one.\n"
    )
    assert names_from_bbl(bbl) == {"chen2014": "Chen et al.", "yu2015": "Yu and Koltun"}


def test_the_shared_paper_reads_its_textual_citations_as_its_pdf() -> None:
    conv = " ".join(p.text for p in make_passages(extract(CONV_TEX).blocks))
    # The PDF: "see Oord et al. [2016], in which" and "see Chen et al. [2014], Yu and Koltun
    # [2015]." (the year marks are citation marks, left out as every other).
    assert "For a concrete example, see Oord et al., in which the proposed WaveNet" in conv
    assert "they are applied, see Chen et al.; Yu and Koltun." in conv
    missing = measure(next(p for p in PAIRS if p.name == "conv-arithmetic")).missing
    assert not [s for s in missing if "concrete example" in s]


def test_every_command_has_a_kind() -> None:
    assert {CITE_COMMANDS[n] for n in ("citet", "textcite", "citeauthor")} == {CiteKind.TEXTUAL}
    assert CITE_COMMANDS["parencite"] is CiteKind.PARENTHETICAL


def _preamble_paper(folder: Path, preamble: str, body: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "refs.bib").write_text(BIB, encoding="utf-8")
    path = folder / "paper.tex"
    path.write_text(
        f"\\documentclass{{article}}\n{preamble}\n\\begin{{document}}\n\\section{{S}}\n{body}\n"
        "\\bibliography{refs}\n\\end{document}\n",
        encoding="utf-8",
    )
    return path


def _biblatex_paper(folder: Path, preamble: str, body: str) -> Path:
    """A biblatex paper reading ``refs.bib``, its preamble loading biblatex as ``preamble``
    says, its one section ``body``."""
    path = folder / "paper.tex"
    path.write_text(
        f"\\documentclass{{article}}\n{preamble}\n\\addbibresource{{refs.bib}}\n"
        f"\\begin{{document}}\n\\section{{S}}\n{body}\n\\end{{document}}\n",
        encoding="utf-8",
    )
    return path


@pytest.mark.parametrize(
    ("preamble", "body", "expected"),
    [
        # natbib's default author-year mode prints \cite as \citet: names, as the PDF does.
        ("\\usepackage{natbib}", "As \\cite{yu2015} shows.", "As Yu shows."),
        ("\\usepackage[round]{natbib}", "As \\cite{yu2015} shows.", "As Yu shows."),
        # natbib loaded by the class (wlpeerj): its own commands are the sign.
        ("", "As \\cite{yu2015} shows \\citep{chen2014}.", "As Yu shows."),
        # Numbers: \cite prints a mark, dropped as any other.
        ("\\usepackage[numbers]{natbib}", "As \\cite{yu2015} shows.", "As shows."),
        ("\\usepackage[super,sort]{natbib}", "As \\cite{yu2015} shows.", "As shows."),
        ("\\setcitestyle{numbers}", "As \\cite{yu2015} shows \\citep{chen2014}.", "As shows."),
        # A numeric style: natbib prints numbers whatever its options.
        ("\\usepackage{natbib}\\bibliographystyle{unsrt}", "As \\cite{yu2015} shows.", "As shows."),
        (
            "\\usepackage{natbib}\\bibliographystyle{plainnat}",
            "As \\cite{yu2015} shows.",
            "As Yu shows.",
        ),
        # No natbib, or biblatex: LaTeX's own \cite prints "[3]".
        ("", "As \\cite{yu2015} shows.", "As shows."),
        (
            "\\usepackage[natbib]{biblatex}",
            "As \\cite{yu2015} shows \\citep{chen2014}.",
            "As shows.",
        ),
    ],
)
def test_a_bare_cite_prints_names_only_in_natbib_author_year_mode(
    tmp_path: Path, preamble: str, body: str, expected: str
) -> None:
    assert _text(_preamble_paper(tmp_path, preamble, body)) == expected


def test_a_numeric_compiled_bibliography_makes_cite_a_mark(tmp_path: Path) -> None:
    # natbib falls back to numbers when the style writes entries without author-year labels.
    path = _preamble_paper(tmp_path, "\\usepackage{natbib}", "As \\cite{yu2015} shows.")
    (tmp_path / "paper.bbl").write_text(
        "\\begin{thebibliography}{1}\n\\bibitem{yu2015} F. Yu.\n\\end{thebibliography}\n",
        encoding="utf-8",
    )
    assert _text(path) == "As shows."


def test_the_peerj_paper_reads_its_bare_cite_as_its_pdf() -> None:
    # The PDF: "Course materials for some of these sessions are found in Haenel et al. (2014)
    # and are licensed"; the LaTeX had read "found in and are licensed" (latex/17).
    skimage = " ".join(p.text for p in make_passages(extract(SKIMAGE_TEX).blocks))
    assert "sessions are found in Haenel et al. and are licensed under" in skimage


def test_a_bibliography_that_is_no_regular_file_is_said_so(tmp_path: Path) -> None:
    # Loose end: a FIFO refs.bib was passed over as if missing; it is never opened (it would
    # block), and refused as such an \input is.
    path = _paper(tmp_path, "Dilated convolutions help \\citet{yu2015}.")
    os.mkfifo(tmp_path / "refs.bib")
    with pytest.raises(InputError, match=r"paper\.tex: refs\.bib is not a regular file$"):
        extract(path)


def test_a_starred_citation_prints_the_long_names_of_a_bbl(tmp_path: Path) -> None:
    path = _paper(tmp_path, "As \\citet*{chen2014} and \\citet*{yu2015} show.")
    (tmp_path / "paper.bbl").write_text(
        "\\bibitem[Chen et~al.(2014)Chen, Papandreou, and Kokkinos]{chen2014}\nText.\n"
        "\\bibitem[{Yu and Koltun(2015)}]{yu2015}\nText.\n",
        encoding="utf-8",
    )
    assert _text(path) == "As Chen, Papandreou, and Kokkinos and Yu and Koltun show."


def test_a_citation_alias_prints_the_alias_its_definition_gives(tmp_path: Path) -> None:
    # \defcitealias{key}{Paper~I}: \citetalias prints "Paper I", \citepalias "(Paper I)", a
    # mark; both printed nothing, and the definition in the body printed its key and alias.
    path = _paper(
        tmp_path,
        "\\defcitealias{yu2015}{Paper~I}As shown in \\citetalias{yu2015}, the scale matters "
        "\\citepalias{yu2015}. \\citetalias{unknown} says nothing.",
    )
    assert _text(path) == "As shown in Paper I, the scale matters. says nothing."


def test_names_from_a_bbl_entry_with_accents_braces_and_a_lettered_year() -> None:
    # Any brace in the label (an accent, a corporate name, natbib's \natexlab year letter, as
    # ACL's and custom-bib's styles write them) lost the entry: its citations printed nothing.
    bbl = (
        '\\bibitem[{M{\\"u}ller et~al.(2020)M{\\"u}ller, Smith, and Lee}]{muller2020}\nText.\n'
        '\\bibitem[{{\\"O}zg{\\"u}r and Lee(2019)}]{oz}\nText.\n'
        "\\bibitem[{{Google Research}(2021)}]{goog}\nText.\n"
        "\\bibitem[{van~den Oord et~al.(2016{\\natexlab{a}})van~den Oord, Dieleman, and Zen}]"
        "{oord2016a}\nText.\n"
        "\\bibitem[12]{numbered}\nA number is no name.\n"
    )
    assert names_from_bbl(bbl) == {
        "muller2020": "Müller et al.",
        "oz": "Özgür and Lee",
        "goog": "Google Research",
        "oord2016a": "van den Oord et al.",
    }


BIBER_BBL = """\\refsection{0}
  \\datalist[entry]{nty/global//global/global}
    \\entry{vaswani2017}{inproceedings}{}
      \\name{author}{3}{}{%
        {{hash=b9b3}{%
           family={Vaswani},
           familyi={V\\bibinitperiod},
           given={Ashish}}}%
        {{un=0,uniquepart=base,hash=aa}{%
           family={Shazeer},
           given={Noam}}}%
        {{hash=bb}{family={M{\\"u}ller}, given={Hans}}}%
      }
      \\strng{namehash}{abc}
    \\endentry
    \\entry{oord2016}{article}{}
      \\name{author}{2}{useprefix=true}{%
        {{hash=cc}{family={Oord}, given={A.}, prefix={van\\bibnamedelima den}}}%
        {{hash=dd}{family={Dieleman}, given={Sander}}}%
      }
      \\true{moreauthor}
    \\endentry
    \\entry{yu2015}{article}{}
      \\name{author}{2}{}{%
        {{uniquename=0,hash=ee}{Yu}{Y\\bibinitperiod}{Fisher}{F\\bibinitperiod}{}{}{}{}}%
        {{uniquename=0,hash=ff}{Koltun}{K\\bibinitperiod}{Vladlen}{V\\bibinitperiod}{}{}{}{}}%
      }
    \\endentry
    \\entry{eds}{book}{}
      \\name{editor}{1}{}{{{hash=gg}{family={Lima\\bibnamedelima Barreto}, given={Ana}}}}
    \\endentry
  \\enddatalist
\\endrefsection
"""


def test_a_biblatex_paper_s_bbl_gives_the_names_its_textual_citations_print(
    tmp_path: Path,
) -> None:
    # arXiv keeps a biblatex paper's .bbl, not its .bib: biber's entries were not read, so
    # every \textcite printed nothing ("As show").
    tmp_path.mkdir(exist_ok=True)
    path = tmp_path / "paper.tex"
    path.write_text(
        "\\documentclass{article}\n\\usepackage[style=authoryear]{biblatex}\n"
        "\\addbibresource{refs.bib}\n\\begin{document}\n\\section{S}\n"
        "As \\textcite{vaswani2017} and \\textcite{oord2016} show, \\textcite{yu2015} and "
        "\\citeauthor{eds} agree \\parencite{yu2015}.\n\\printbibliography\n\\end{document}\n",
        encoding="utf-8",
    )
    (tmp_path / "paper.bbl").write_text(BIBER_BBL, encoding="utf-8")
    # biblatex lists up to three authors (maxcitenames), natbib two.
    assert _text(path) == (
        "As Vaswani, Shazeer, and Müller and van den Oord et al. show, Yu and Koltun and Lima "
        "Barreto agree."
    )


@pytest.mark.parametrize(
    ("options", "shown"),
    [
        ("[style=authoryear]", "Oord, Dieleman, and Zen"),
        ("[style=authoryear,maxcitenames=2]", "Oord et al."),
        ("[maxnames=2]", "Oord et al."),
        ("[maxnames=1,maxcitenames=4]", "Oord, Dieleman, and Zen"),
    ],
)
def test_biblatex_lists_as_many_authors_as_its_maxcitenames(
    tmp_path: Path, options: str, shown: str
) -> None:
    # biblatex prints up to three authors in a citation unless told otherwise; the reader cut
    # every list of three to "Oord et al.", as natbib does.
    path = _biblatex_paper(
        tmp_path, f"\\usepackage{options}{{biblatex}}", "As \\textcite{oord2016} show."
    )
    (tmp_path / "refs.bib").write_text(BIB.replace("van den Oord", "Oord"), encoding="utf-8")
    assert _text(path) == f"As {shown} show."


def test_a_package_file_s_execute_bibliography_options_counts(tmp_path: Path) -> None:
    # mystyle.sty loading biblatex and setting maxcitenames there: its option was not read,
    # so three names were printed where the paper prints one.
    (tmp_path / "mystyle.sty").write_text(
        "\\RequirePackage{biblatex}\n\\ExecuteBibliographyOptions{maxcitenames=1}\n",
        encoding="utf-8",
    )
    path = _biblatex_paper(tmp_path, "\\usepackage{mystyle}", "As \\textcite{oord2016} show.")
    (tmp_path / "refs.bib").write_text(BIB.replace("van den Oord", "Oord"), encoding="utf-8")
    assert _text(path) == "As Oord et al. show."


# (a biblatex paper's body, its refs.bib, what the body reads as)
BIBLATEX_CASES = [
    pytest.param(
        "As \\textcite{a} and \\textcite{b} show.",
        "@article{a, author = {van Dijk, Jan}, options = {useprefix=true}, title = {A}}\n"
        "@article{b, author = {family=Walt, given=S., prefix=van der, useprefix=true}, "
        "title = {B}}\n",
        "As van Dijk and van der Walt show.",
        id="an-entry-s-or-a-name-s-own-useprefix-wins",
    ),
    pytest.param(
        "As \\textcite{old2020} show.",
        "@article{roe2020, author = {Roe, Rita and Lee, Ann}, title = {G}, ids = {old2020}}\n",
        "As Roe and Lee show.",
        id="a-citation-of-an-alias-prints-its-entry-s-names",
    ),
]


@pytest.mark.parametrize(("body", "bib", "expected"), BIBLATEX_CASES)
def test_a_biblatex_citation_prints_the_names_its_bibliography_gives(
    tmp_path: Path, body: str, bib: str, expected: str
) -> None:
    path = _biblatex_paper(tmp_path, "\\usepackage{biblatex}", body)
    (tmp_path / "refs.bib").write_text(bib, encoding="utf-8")
    assert _text(path) == expected


PREFIX_BIB = "@article{vd, author = {van Dijk, Jan and Roe, Rita}, title = {Graphs}, year = 2020}\n"
PREFIX_BBL = """\\refsection{0}
  \\datalist[entry]{nyt/global//global/global}
    \\entry{vd}{article}{}
      \\name{author}{2}{}{%
        {{un=0,uniquepart=base,hash=aa}{family={Dijk}, given={Jan}, prefix={van}}}%
        {{un=0,uniquepart=base,hash=bb}{family={Roe}, given={Rita}}}%
      }
    \\endentry
  \\enddatalist
\\endrefsection
"""


@pytest.mark.parametrize("compiled", [False, True])
@pytest.mark.parametrize(
    ("preamble", "shown"),
    [
        # biblatex cites a name without its prefix unless useprefix says otherwise.
        ("\\usepackage{biblatex}", "Dijk and Roe"),
        ("\\usepackage[useprefix=true]{biblatex}", "van Dijk and Roe"),
        ("\\usepackage[style=authoryear,useprefix]{biblatex}", "van Dijk and Roe"),
        ("\\usepackage{biblatex}\\ExecuteBibliographyOptions{useprefix=true}", "van Dijk and Roe"),
        ("\\usepackage[style=apa]{biblatex}", "van Dijk and Roe"),
        ("\\usepackage[style=apa,useprefix=false]{biblatex}", "Dijk and Roe"),
    ],
)
def test_biblatex_s_useprefix_says_whether_a_citation_prints_a_name_s_prefix(
    tmp_path: Path, preamble: str, shown: str, compiled: bool
) -> None:
    # A .bbl's names ignored the package option (always "Dijk"), a .bib's biblatex's default
    # (always "van Dijk").
    path = _biblatex_paper(tmp_path, preamble, "As \\textcite{vd} show.")
    (tmp_path / "refs.bib").write_text(PREFIX_BIB, encoding="utf-8")
    if compiled:
        (tmp_path / "paper.bbl").write_text(PREFIX_BBL, encoding="utf-8")
    assert _text(path) == f"As {shown} show."


SHORT_BBL = """\\refsection{0}
  \\datalist[entry]{nyt/global//global/global}
    \\entry{who}{report}{}
      \\name{author}{1}{}{%
        {{hash=aa}{family={World Health Organization}}}%
      }
      \\name{shortauthor}{1}{}{%
        {{hash=bb}{family={WHO}}}%
      }
    \\endentry
  \\enddatalist
\\endrefsection
"""


@pytest.mark.parametrize("compiled", [False, True])
def test_biblatex_names_a_work_by_its_shortauthor(tmp_path: Path, compiled: bool) -> None:
    # biblatex's citations print a shortauthor in place of the authors: both read the authors.
    path = _biblatex_paper(tmp_path, "\\usepackage{biblatex}", "As \\textcite{who} shows.")
    (tmp_path / "refs.bib").write_text(
        "@report{who, author = {{World Health Organization}}, shortauthor = {WHO}, title = {R}}\n",
        encoding="utf-8",
    )
    if compiled:
        (tmp_path / "paper.bbl").write_text(SHORT_BBL, encoding="utf-8")
    assert _text(path) == "As WHO shows."


def test_apacite_s_bare_cite_with_a_prefix_prints_no_key(tmp_path: Path) -> None:
    # apacite's \cite<e.g.,>{key} read "it holds e.g.,>yu2015": the standard \cite's spec
    # took no prefix in angle brackets.
    # It reads as the same \\cite without its prefix does.
    path = _paper(tmp_path, "It holds \\cite<e.g.,>{yu2015} and \\cite<see>[p.~2]{yu2015} too.")
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    angled = _text(path)
    _paper(tmp_path, "It holds \\cite{yu2015} and \\cite[p.~2]{yu2015} too.")
    assert angled == _text(path) and "yu2015" not in angled and ">" not in angled


def test_citations_between_ties_leave_one_blank(tmp_path: Path) -> None:
    # QA: "X~\cite{a}~and~\cite{b} hold" was read "X\xa0\xa0and\xa0 hold": the ties on both sides
    # of each dropped citation stayed, two blanks where one is printed.
    path = write_article(
        tmp_path,
        "As shown~\\cite{a}~\\cite{b}. X~\\cite{a}~and~\\cite{b} hold, and Y \\cite{a}~\\cite{b} "
        "too.",
        name="paper.tex",
    )
    assert [b.text for b in extract(path).blocks] == ["As shown. X\xa0and hold, and Y too."]


def test_brackets_holding_only_citations_go_with_them(tmp_path: Path) -> None:
    # QA: "Values (\cite{a}, \cite{b}) stand." was read "Values (,) stand.", "In [\cite{a}]
    # and" "In [] and": the citations went, their brackets and commas stayed.
    path = write_article(
        tmp_path,
        "Values (\\cite{a}, \\cite{b}) stand. In [\\cite{a}] and (\\citep{a};~\\cite{b}), "
        "it holds (see~\\cite{a}); code load() stays.",
        name="paper.tex",
    )
    assert [b.text for b in extract(path).blocks] == [
        "Values stand. In and, it holds; code load() stays."
    ]


def test_quotes_or_a_pointer_holding_only_citations_go_with_them(tmp_path: Path) -> None:
    # "We use ``\cite{a}'' as said." was read "We use “” as said.", "Text (see~\cite{a}) ok."
    # "Text (see) ok.": a quote or a pointer word with nothing left to show.
    path = write_article(
        tmp_path,
        "We use ``\\cite{a}'' as said. Text (see~\\cite{a}) ok, (cf.~\\cite{a}, \\cite{b}) "
        "too, (See also \\cite{a}) and (see Fig.~1) and ``X holds'' \\cite{a} stay.",
        name="paper.tex",
    )
    assert [b.text for b in extract(path).blocks] == [
        "We use as said. Text ok, too, and (see Fig.\xa01) and \u201cX holds\u201d stay."
    ]


def test_a_footnote_and_an_abstract_before_the_document_close_a_citation_s_gap(
    tmp_path: Path,
) -> None:
    # QA: a footnote "At \url{https://x.org} \cite{a}." was stored "At https://x.org .", and
    # an abstract set in the preamble (as SciPy 1.0's is) "Methods exist ." and "y  , as":
    # only the body's paragraphs had their gaps closed.
    path = tmp_path / "paper.tex"
    path.write_text(
        "\\documentclass{article}\n\\begin{abstract}\nMethods exist \\cite{a}. We use "
        "\\verb|x| and y~\\cite{a}~\\cite{b}, as shown.\n\\end{abstract}\n\\begin{document}\n"
        "\\section{S}\nBody text\\footnote{At \\url{https://x.org} \\cite{a}. Voir : ici "
        "(\\cite{a}).} more.\n\\end{document}\n",
        encoding="utf-8",
    )
    assert [(b.section, b.text) for b in extract(path).blocks] == [
        ("Abstract", "Methods exist. We use and y, as shown."),
        ("S", "Body text more."),
        ("S", "At https://x.org. Voir : ici."),
    ]


def test_a_citation_macro_of_the_paper_s_own_closes_its_gap_as_cite_does(tmp_path: Path) -> None:
    # QA: "\newcommand{\mycite}[1]{\cite{#1}}" then "(\mycite{a} x)" was read "( x)": the
    # expansion is a group, and the bracket before it did not see the citation dropped in it.
    path = tmp_path / "paper.tex"
    path.write_text(
        "\\documentclass{article}\n\\newcommand{\\mycite}[1]{\\cite{#1}}\n"
        "\\begin{document}\n\\section{S}\nShown (\\mycite{a}) and (\\mycite{a} x), "
        "``{\\verb|c| y}'' and (\\mycite{a}, \\mycite{b}) z.\n\\end{document}\n",
        encoding="utf-8",
    )
    assert [b.text for b in extract(path).blocks] == ["Shown and (x), “y” and z."]


def test_a_comma_after_a_citation_opening_a_bracket_goes_with_it(tmp_path: Path) -> None:
    # QA: "(\cite{a}, see also x)" was read "(, see also x)" and "(\verb|c|; y)" "(; y)".
    path = write_article(
        tmp_path,
        "As (\\cite{a}, see also x) and (\\verb|c|; y) and (\\cite{a}; \\cite{b}; z) hold.",
        name="paper.tex",
    )
    assert [b.text for b in extract(path).blocks] == ["As (see also x) and (y) and (z) hold."]
