"""Every natbib and biblatex citation command a LaTeX draft may use: found with its keys, in
its sentence, and a claim's citation; ``\\nocite`` found and never a claim."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimaudit.review.latex.cites import CITE_COMMANDS, CiteKind
from claimaudit.review.latex.claims import extract_latex_claims
from claimaudit.review.latex.read import read_latex_draft
from tests.articles import write_article

BIB = r"""
@article{virtanen2020, title = {SciPy 1.0}, author = {Virtanen, Pauli and Gommers, Ralf and
  Oliphant, Travis}, year = 2020, eprint = {1907.10121}, archivePrefix = {arXiv}}
@article{walt2014, title = {scikit-image}, author = {van der Walt, St{\'e}fan and
  Sch{\"o}nberger, Johannes}, year = 2014, doi = {10.7717/peerj.453}}
@misc{dumoulin2016, title = {conv}, author = {Dumoulin, Vincent}, eprint = {1603.07285}}
"""


# An entry whose author list ends "and others": natbib's "et al." whatever the names before it.
NUMPY = (
    "@article{numpy, author = {Harris, Charles R. and Millman, K. Jarrod and others},"
    " title = {Array programming with NumPy}, year = 2020, doi = {10.1038/s41586-020-2649-2}}"
)


def _draft(tmp_path: Path, body: str) -> Path:
    return write_article(tmp_path, body, bib=BIB, name="paper.tex")


def _preamble_draft(folder: Path, preamble: str, body: str, bib: str) -> Path:
    """A draft loading what ``preamble`` loads, its body ``body``, citing from ``refs.bib``
    (``bib``)."""
    (folder / "refs.bib").write_text(bib, encoding="utf-8")
    path = folder / "paper.tex"
    path.write_text(
        f"\\documentclass{{article}}\n{preamble}\n\\begin{{document}}\n{body}\n"
        "\\bibliography{refs}\n\\end{document}\n",
        encoding="utf-8",
    )
    return path


# (command as written, what the sentence reads as, the keys, the command's name with its star)
STYLES = [
    (r"\cite{virtanen2020}", "SciPy is fast.", ("virtanen2020",), "cite"),
    (r"\citep{virtanen2020}", "SciPy is fast.", ("virtanen2020",), "citep"),
    (r"\citet{virtanen2020}", "Virtanen et al. SciPy is fast.", ("virtanen2020",), "citet"),
    (r"\citealp{virtanen2020}", "SciPy is fast.", ("virtanen2020",), "citealp"),
    (
        r"\citeauthor{walt2014}",
        "van der Walt and Schönberger SciPy is fast.",
        ("walt2014",),
        "citeauthor",
    ),
    (r"\parencite{walt2014}", "SciPy is fast.", ("walt2014",), "parencite"),
    (
        r"\textcite{walt2014}",
        "van der Walt and Schönberger SciPy is fast.",
        ("walt2014",),
        "textcite",
    ),
    (r"\autocite{dumoulin2016}", "SciPy is fast.", ("dumoulin2016",), "autocite"),
    (r"\footcite{dumoulin2016}", "SciPy is fast.", ("dumoulin2016",), "footcite"),
    (r"\citep*{virtanen2020}", "SciPy is fast.", ("virtanen2020",), "citep*"),
    # natbib's starred form prints every author, as plainnat writes the full list.
    (
        r"\citet*{virtanen2020}",
        "Virtanen, Gommers, and Oliphant SciPy is fast.",
        ("virtanen2020",),
        "citet*",
    ),
    (r"\cite*{virtanen2020}", "SciPy is fast.", ("virtanen2020",), "cite*"),
    (r"\citep[p.~3]{virtanen2020}", "SciPy is fast.", ("virtanen2020",), "citep"),
    (r"\citep[see][ch.~2]{virtanen2020}", "SciPy is fast.", ("virtanen2020",), "citep"),
    (r"\parencite[see][12]{walt2014}", "SciPy is fast.", ("walt2014",), "parencite"),
    (
        r"\citep{virtanen2020, walt2014,dumoulin2016}",
        "SciPy is fast.",
        ("virtanen2020", "walt2014", "dumoulin2016"),
        "citep",
    ),
    (
        "\\citep{%\n  virtanen2020,%\n  walt2014}",
        "SciPy is fast.",
        ("virtanen2020", "walt2014"),
        "citep",
    ),  # biblatex's multi-citation commands: notes and keys for each work, notes for them all.
    (r"\cites{virtanen2020}{walt2014}", "SciPy is fast.", ("virtanen2020", "walt2014"), "cites"),
    (
        r"\parencites(see)(ch.~2)[p.~3]{virtanen2020}[12]{walt2014}",
        "SciPy is fast.",
        ("virtanen2020", "walt2014"),
        "parencites",
    ),
    (
        r"\autocites[see][]{virtanen2020}{walt2014, dumoulin2016}",
        "SciPy is fast.",
        ("virtanen2020", "walt2014", "dumoulin2016"),
        "autocites",
    ),
    (
        r"\textcites{virtanen2020}[p.~2]{walt2014}",
        "Virtanen et al.; van der Walt and Schönberger SciPy is fast.",
        ("virtanen2020", "walt2014"),
        "textcites",
    ),
    (
        r"\footcites{virtanen2020}{walt2014}",
        "SciPy is fast.",
        ("virtanen2020", "walt2014"),
        "footcites",
    ),
    (
        "\\supercites{virtanen2020}%\n  {walt2014} \n [p.~4]{dumoulin2016}",
        "SciPy is fast.",
        ("virtanen2020", "walt2014", "dumoulin2016"),
        "supercites",
    ),  # biblatex's volume citations: [pre]{volume}[pages]{key}; a volume is never a key.
    (r"\volcite{2}{virtanen2020}", "SciPy is fast.", ("virtanen2020",), "volcite"),
    (r"\pvolcite[see]{2}[35]{walt2014}", "SciPy is fast.", ("walt2014",), "pvolcite"),
    (r"\avolcite{3}[12--14]{dumoulin2016}", "SciPy is fast.", ("dumoulin2016",), "avolcite"),
    (r"\fvolcite{2}[35]{walt2014}", "SciPy is fast.", ("walt2014",), "fvolcite"),
    (
        r"\tvolcite{2}[35]{walt2014}",
        "van der Walt and Schönberger SciPy is fast.",
        ("walt2014",),
        "tvolcite",
    ),
    (
        r"\volcites(see)()[cf.]{2}[35]{virtanen2020}{4}{walt2014}",
        "SciPy is fast.",
        ("virtanen2020", "walt2014"),
        "volcites",
    ),
    (
        r"\pvolcites{1}[3]{virtanen2020}[see]{4}{walt2014}",
        "SciPy is fast.",
        ("virtanen2020", "walt2014"),
        "pvolcites",
    ),
    (
        r"\fvolcites{1}{virtanen2020}{4}[7]{walt2014}",
        "SciPy is fast.",
        ("virtanen2020", "walt2014"),
        "fvolcites",
    ),
    (r"\avolcites{1}{virtanen2020}", "SciPy is fast.", ("virtanen2020",), "avolcites"),
]


@pytest.mark.parametrize(("written", "reads", "keys", "name"), STYLES)
def test_each_citation_style_is_a_claim_citation(
    tmp_path: Path, written: str, reads: str, keys: tuple[str, ...], name: str
) -> None:
    textual = CITE_COMMANDS[name.rstrip("*")] is CiteKind.TEXTUAL
    sentence = f"{written} SciPy is fast." if textual else f"SciPy is fast {written}."
    if name.startswith(("footcite", "fvolcite")):
        sentence = f"SciPy is fast.{written}"  # placed after the full stop, as footnotes are
    found = extract_latex_claims(_draft(tmp_path, f"Intro.\n\n{sentence} Then more.\n"))
    [claim] = found.claims
    [command] = found.draft.commands
    assert (command.command, command.keys, command.line) == (name, keys, 5)
    assert claim.text == reads
    assert [c.key for c in claim.citations] == list(keys)
    assert [t.citations for t in claim.targets] == [(k,) for k in keys]
    assert all(t.paper is not None for t in claim.targets)
    assert [s.text for s in found.uncited] == ["Intro.", "Then more."]


def test_a_textual_citation_of_a_list_cut_short_reads_et_al(tmp_path: Path) -> None:
    path = _draft(tmp_path, "\\textcite{numpy} and \\citet{walt2014} agree.\n")
    (tmp_path / "refs.bib").write_text(BIB + NUMPY, encoding="utf-8")
    [claim] = extract_latex_claims(path).claims
    assert claim.text == "Harris et al. and van der Walt and Schönberger agree."


@pytest.mark.parametrize(
    ("written", "reads"),
    [
        (r"\citet*{virtanen2020}", "Virtanen, Gommers, and Oliphant found"),
        (r"\Citet*{walt2014}", "Van der Walt and Schönberger found"),
        (r"\citealt*{virtanen2020}", "Virtanen, Gommers, and Oliphant found"),
        (r"\citeauthor*{virtanen2020}", "Virtanen, Gommers, and Oliphant found"),
        (r"\Citeauthor*{dumoulin2016}", "Dumoulin found"),
        (r"\citet*{numpy}", "Harris, Millman, et al. found"),  # cut short: "and others"
        (r"\citet{virtanen2020}", "Virtanen et al. found"),
        (r"\citealt{virtanen2020}", "Virtanen et al. found"),
        (r"\Citet{walt2014}", "Van der Walt and Schönberger found"),
        # natbib's \citefullauthor is \citeauthor*; \citetalias names the work's authors.
        (r"\citefullauthor{virtanen2020}", "Virtanen, Gommers, and Oliphant found"),
        (r"\citetalias{virtanen2020}", "Virtanen et al. found"),
    ],
)
def test_a_starred_textual_citation_names_every_author(
    tmp_path: Path, written: str, reads: str
) -> None:
    # \citet*{key} read "Virtanen et al.", where natbib prints the full author list.
    path = _draft(tmp_path, f"{written} found that SciPy is fast.\n")
    (tmp_path / "refs.bib").write_text(BIB + NUMPY, encoding="utf-8")
    [claim] = extract_latex_claims(path).claims
    assert claim.text == f"{reads} that SciPy is fast."


@pytest.mark.parametrize(
    ("written", "reads"),
    [
        (r"\citetext{priv.\ comm.}", "SciPy is fast (priv. comm.)."),
        (r"\citetext{\emph{in prep.}}", "SciPy is fast (in prep.)."),
    ],
)
def test_citetext_without_a_citation_prints_its_text(
    tmp_path: Path, written: str, reads: str
) -> None:
    # It printed nothing: "SciPy is fast." lost what the author wrote in its parentheses.
    found = extract_latex_claims(
        _draft(tmp_path, f"Intro \\cite{{walt2014}}.\n\nSciPy is fast {written}.\n")
    )
    assert [s.text for s in found.uncited] == [reads]
    assert not [c for c in found.draft.commands if c.command == "citetext"]


def test_natbib_s_alias_and_full_author_commands_cite_their_key(tmp_path: Path) -> None:
    # Unknown to the reader, each was no citation: "found that SciPy is fast" uncited.
    body = (
        "\\citefullauthor{virtanen2020} found that SciPy is fast.\n\n"
        "SciPy is fast \\citepalias[see][p.~2]{walt2014}.\n\n"
        "\\citetalias{dumoulin2016} found that convolutions are fast.\n"
    )
    found = extract_latex_claims(_draft(tmp_path, body))
    cited = [(c.text, [k.key for k in c.citations]) for c in found.claims]
    assert cited == [
        ("Virtanen, Gommers, and Oliphant found that SciPy is fast.", ["virtanen2020"]),
        ("SciPy is fast.", ["walt2014"]),
        ("Dumoulin found that convolutions are fast.", ["dumoulin2016"]),
    ]
    assert found.uncited == []


def test_nocite_is_found_but_is_no_claim(tmp_path: Path) -> None:
    found = extract_latex_claims(_draft(tmp_path, "SciPy is fast.\\nocite{virtanen2020}\n"))
    assert found.claims == []
    [command] = found.draft.commands
    assert (command.command, command.kind, command.is_claim_citation) == (
        "nocite",
        CiteKind.NOCITE,
        False,
    )
    assert [s.text for s in found.uncited] == ["SciPy is fast."]


@pytest.mark.parametrize(
    ("written", "keys"),
    [
        (r"\citetext{see \citealp{virtanen2020}}", ["virtanen2020"]),
        (
            r"\citetext{see \citealp{virtanen2020}, also \emph{\citealt{walt2014}}, p.~3}",
            ["virtanen2020", "walt2014"],
        ),
    ],
)
def test_citetext_is_free_text_around_its_citations(
    tmp_path: Path, written: str, keys: list[str]
) -> None:
    found = extract_latex_claims(_draft(tmp_path, f"Intro.\n\nSciPy is fast {written}. Then.\n"))
    [claim] = found.claims
    assert [k for c in found.draft.commands for k in c.keys] == keys  # never "see"
    assert "citetext" not in [c.command for c in found.draft.commands]
    assert claim.text == "SciPy is fast."  # the whole \citetext is the mark
    assert [c.key for c in claim.citations] == keys
    assert all(t.paper is not None for t in claim.targets)


def test_every_listed_command_is_recognised(tmp_path: Path) -> None:
    """The whole table, each as it would be written: none goes unnoticed."""
    volume = {name: "{2}" if "volcite" in name.lower() else "" for name in CITE_COMMANDS}
    body = "\n\n".join(
        f"Sentence {n} \\{name}{volume[name]}{{k{n}}}." for n, name in enumerate(CITE_COMMANDS)
    )
    draft = read_latex_draft(_draft(tmp_path, body))
    assert [c.command for c in draft.commands] == list(CITE_COMMANDS)
    assert [c.keys for c in draft.commands] == [(f"k{n}",) for n in range(len(CITE_COMMANDS))]


@pytest.mark.parametrize(
    ("written", "keys", "reads"),
    [
        # Notes with no key group after them are the sentence's text, as biblatex reads them.
        (r"\cites{virtanen2020} [sic] and \cite{walt2014}", ("virtanen2020",), "[sic] and"),
        # A blank line is a paragraph: the list ends before it.
        ("\\cites{virtanen2020}\n\n{walt2014} holds", ("virtanen2020",), "holds"),
    ],
)
def test_a_multi_citation_ends_where_biblatex_ends_it(
    tmp_path: Path, written: str, keys: tuple[str, ...], reads: str
) -> None:
    found = extract_latex_claims(_draft(tmp_path, f"SciPy is fast {written}.\n"))
    assert found.draft.commands[0].command == "cites"
    assert found.draft.commands[0].keys == keys
    assert reads in " ".join([c.text for c in found.claims] + [s.text for s in found.uncited])


def test_a_long_multi_citation_reads_every_key(tmp_path: Path) -> None:
    keys = [f"k{n}" for n in range(5000)]
    # Every key group read once, notes with no key after them left alone: a hostile list
    # costs its length, never its length squared (a regex over it would backtrack).
    body = "\\cites" + "".join(f"[p][q]{{{k}}}" for k in keys) + "[x]" * 5000 + " Done."
    [command] = read_latex_draft(_draft(tmp_path, f"Claim {body}\n")).commands
    assert command.keys == tuple(keys)


@pytest.mark.parametrize(
    ("sentence", "reads", "keys"),
    [
        (
            r"\citetitle{virtanen2020} offers sparse matrices.",
            "SciPy 1.0 offers",
            ("virtanen2020",),
        ),
        (r"\citetitle*[p.~2]{walt2014} is a library.", "scikit-image is a library.", ("walt2014",)),
        # A title the bibliography does not give prints nothing, as an unknown name does.
        (r"\citetitle{nobody} holds that.", "holds that.", ("nobody",)),
        # A date or an address is a mark.
        (r"SciPy is at \citeurl{virtanen2020}.", "SciPy is at.", ("virtanen2020",)),
        (r"SciPy is older (\citedate{virtanen2020}).", "SciPy is older.", ("virtanen2020",)),
        # natbib's \citeyear prints the year, which may be the sentence's own word; one the
        # bibliography does not give prints nothing.
        (
            r"\citeauthor{walt2014} (\citeyear{walt2014}) wrote scikit-image.",
            "van der Walt and Schönberger (2014) wrote scikit-image.",
            ("walt2014",),
        ),
        (
            r"In \citeyear{virtanen2020}, SciPy reached 1.0.",
            "In 2020, SciPy reached 1.0.",
            ("virtanen2020",),
        ),
        (r"SciPy is older (\citeyear{dumoulin2016}).", "SciPy is older.", ("dumoulin2016",)),
        (
            r"\citeauthor{walt2014} wrote scikit-image.",
            "van der Walt and Schönberger wrote",
            ("walt2014",),
        ),
    ],
)
def test_a_command_printing_a_field_of_the_work_cites_it_and_reads_with_that_field(
    tmp_path: Path, sentence: str, reads: str, keys: tuple[str, ...]
) -> None:
    found = extract_latex_claims(_draft(tmp_path, f"Intro.\n\n{sentence} Then more.\n"))
    [claim] = found.claims
    assert reads in claim.text
    assert "\\" not in claim.text and "{" not in claim.text and keys[0] not in claim.text
    assert list(dict.fromkeys(c.key for c in claim.citations)) == list(keys)
    assert all((t.paper is not None) == (keys != ("nobody",)) for t in claim.targets)


def test_a_textual_citation_of_a_work_naming_no_author_never_prints_its_key(
    tmp_path: Path,
) -> None:
    (tmp_path / "more.bib").write_text(
        "@article{solo, author = {others}, title = {Sparse Attention}, doi = {10.1/a}}\n",
        encoding="utf-8",
    )
    path = tmp_path / "paper.tex"
    path.write_text(
        "\\documentclass{article}\n\\begin{document}\n"
        "\\citet{solo} found that X holds. \\Citet{solo} found that Y holds.\n\n"
        "Z holds. \\citet{solo}.\n\n"
        "\\citet{missing} found that W holds.\n"
        "\\bibliography{refs,more}\n\\end{document}\n",
        encoding="utf-8",
    )
    (tmp_path / "refs.bib").write_text(BIB, encoding="utf-8")
    claims = extract_latex_claims(path).claims
    cited = [(c.text, [t.key for t in (*c.citations, *c.noted)]) for c in claims]
    assert cited == [
        ("The authors found that X holds.", ["solo"]),
        ("The authors found that Y holds.", ["solo"]),
        ("Z holds.", ["solo"]),  # a sentence of only the citation is none
        # A key no bibliography has prints no name either (natbib prints "?").
        ("The authors found that W holds.", ["missing"]),
    ]


def test_apacite_commands_cite_their_key(tmp_path: Path) -> None:
    # Unknown to the reader, "\citeA<see>[p.~3]{walt2014} found ..." was an uncited sentence
    # reading "<see>[p. 3]walt2014 found ...".
    body = (
        "\\citeA<see>[p.~3]{walt2014} found that SciPy is fast.\n\n"
        "NumPy is fast \\citeNP<e.g.,>{walt2014}.\n"
    )
    found = extract_latex_claims(_draft(tmp_path, body))
    cited = [(c.text, [k.key for k in c.citations]) for c in found.claims]
    assert cited == [
        ("van der Walt and Schönberger found that SciPy is fast.", ["walt2014"]),
        ("NumPy is fast.", ["walt2014"]),
    ]
    assert found.uncited == []


@pytest.mark.parametrize(
    ("preamble", "reads"),
    [
        ("\\usepackage{natbib}", "van Dijk and Roe found"),
        ("\\usepackage{biblatex}", "Dijk and Roe found"),
        ("\\usepackage[useprefix=true]{biblatex}", "van Dijk and Roe found"),
        (
            "\\usepackage{biblatex}\n\\ExecuteBibliographyOptions{useprefix}",
            "van Dijk and Roe found",
        ),
        # A commented-out option is none.
        (
            "\\usepackage{biblatex}% [useprefix=true]\n%\\usepackage[useprefix]{biblatex}",
            "Dijk and Roe found",
        ),
    ],
)
def test_a_textual_citation_prints_a_name_s_prefix_as_biblatex_s_useprefix_says(
    tmp_path: Path, preamble: str, reads: str
) -> None:
    # biblatex cites "Dijk" unless useprefix is set; the review read "van Dijk" whatever it said.
    bib = (
        "@article{vd, author = {van Dijk, Jan and Roe, Rita}, title = {Graphs}, year = 2020,"
        " doi = {10.1000/xyz}}\n"
    )
    body = "\\textcite{vd} found that graphs are sparse."
    path = _preamble_draft(tmp_path, preamble, body, bib)
    [claim] = extract_latex_claims(path).claims
    assert claim.text == f"{reads} that graphs are sparse."


@pytest.mark.parametrize(
    "written",
    [
        "old2020",
        # In another case it was "no bibliography entry for \\textcite{OLD2020}", and read "The
        # authors found", while the library's reader of the same paper printed "Roe and Lee".
        "OLD2020",
    ],
)
def test_a_textual_citation_of_an_alias_prints_its_entry_s_names(
    tmp_path: Path, written: str
) -> None:
    bib = (
        "@article{roe2020, author = {Roe, Rita and Lee, Ann}, title = {Graphs}, year = 2020,"
        " doi = {10.1000/xyz}, ids = {old2020}}\n"
    )
    body = f"\\textcite{{{written}}} found that graphs are sparse."
    [claim] = extract_latex_claims(
        _preamble_draft(tmp_path, "\\usepackage{biblatex}", body, bib)
    ).claims
    # Was "the authors found ...", and the citation "no bibliography entry".
    assert claim.text == "Roe and Lee found that graphs are sparse."
    assert [t.paper for t in claim.targets] == ["doi:10.1000/xyz"]


@pytest.mark.parametrize(
    ("bib", "reads"),
    [
        (
            "@article{roe2020, author = {Roe, Rita and Lee, Ann}, title = {G}, doi = {10.1/x}}",
            "Roe and Lee",
        ),
        # Two keys in other cases: the citation is ambiguous, and names no one's authors.
        (
            "@article{roe2020, author = {Roe, Rita}, title = {G}, doi = {10.1/x}}\n"
            "@article{Roe2020, author = {Kim, Ann}, title = {H}, doi = {10.1/y}}",
            "The authors",
        ),
    ],
)
def test_a_textual_citation_of_a_key_in_another_case_prints_the_names_it_resolves_to(
    tmp_path: Path, bib: str, reads: str
) -> None:
    # It was checked as roe2020's paper (keys are read in any case, as BibTeX reads them) but
    # read "The authors found ...".
    body = "\\citet{ROE2020} found that graphs are sparse."
    path = _preamble_draft(tmp_path, "\\usepackage{natbib}", body, bib + "\n")
    [claim] = extract_latex_claims(path).claims
    assert claim.text == f"{reads} found that graphs are sparse."


@pytest.mark.parametrize(
    ("package", "reads"),
    [("biblatex", "WHO found"), ("natbib", "World Health Organization found")],
)
def test_biblatex_s_textual_citation_prints_the_entry_s_shortauthor(
    tmp_path: Path, package: str, reads: str
) -> None:
    # biblatex names a work in citations by its shortauthor; the review read the authors.
    bib = (
        "@report{who, author = {{World Health Organization}}, shortauthor = {WHO},"
        " title = {Report}, year = 2020, doi = {10.1000/who}}\n"
    )
    body = "\\citet{who} found that graphs are sparse."
    path = _preamble_draft(tmp_path, f"\\usepackage{{{package}}}", body, bib)
    [claim] = extract_latex_claims(path).claims
    assert claim.text == f"{reads} that graphs are sparse."


@pytest.mark.parametrize(
    ("preamble", "reads"),
    [
        ("\\usepackage{natbib}", "Virtanen et al. found"),
        ("\\usepackage{biblatex}", "Virtanen, Gommers, and Oliphant found"),
        ("\\usepackage[maxcitenames=1]{biblatex}", "Virtanen et al. found"),
    ],
)
def test_a_textual_citation_lists_as_many_names_as_biblatex_s_maxcitenames(
    tmp_path: Path, preamble: str, reads: str
) -> None:
    # biblatex lists up to three names (the library's reader said so): the review cut every
    # list of three to "Virtanen et al.", as natbib does.
    body = "\\textcite{virtanen2020} found that graphs are sparse."
    path = _preamble_draft(tmp_path, preamble, body, BIB)
    [claim] = extract_latex_claims(path).claims
    assert claim.text == f"{reads} that graphs are sparse."


@pytest.mark.parametrize(
    ("style", "reads"),
    [
        ("\\RequirePackage{biblatex}\n", "Virtanen, Gommers, and Oliphant found"),
        ("\\RequirePackage[maxcitenames=1]{biblatex}\n", "Virtanen et al. found"),
        (
            "\\RequirePackage{biblatex}\n\\ExecuteBibliographyOptions{maxcitenames=1}\n",
            "Virtanen et al. found",
        ),
        ("\\RequirePackage[useprefix=true]{biblatex}\n", "van Dijk and Roe found"),
        ("\\RequirePackage{biblatex}\n", "Dijk and Roe found"),
    ],
)
def test_biblatex_loaded_by_a_package_file_beside_the_draft_sets_its_citations(
    tmp_path: Path, style: str, reads: str
) -> None:
    # biblatex loaded in mystyle.sty went unseen: natbib's two names and "van Dijk" were
    # printed, while the library's reader of the same paper read the package.
    (tmp_path / "refs.bib").write_text(
        BIB + "@article{vd, author = {van Dijk, Jan and Roe, Rita}, title = {Graphs},"
        " year = 2020, doi = {10.1000/xyz}}\n",
        encoding="utf-8",
    )
    (tmp_path / "mystyle.sty").write_text(style, encoding="utf-8")
    key = "vd" if "Roe" in reads else "virtanen2020"
    path = tmp_path / "paper.tex"
    path.write_text(
        "\\documentclass{article}\n\\usepackage{mystyle}\n\\begin{document}\n"
        f"\\textcite{{{key}}} found that graphs are sparse.\n\\bibliography{{refs}}\n"
        "\\end{document}\n",
        encoding="utf-8",
    )
    [claim] = extract_latex_claims(path).claims
    assert claim.text == f"{reads} that graphs are sparse."


def test_apacite_s_bare_cite_with_a_prefix_cites_its_key(tmp_path: Path) -> None:
    # QA: apacite's "\cite<e.g.,>{walt2014}" (its prefix in angle brackets, no postnote) was
    # an uncited sentence reading "NumPy is fast e.g.,>walt2014.", its key lost.
    body = (
        "NumPy is fast \\cite<e.g.,>{walt2014}.\n\n"
        "SciPy is fast \\cite<see>[p.~3]{walt2014}, as is NumPy.\n\n"
        "As \\citeauthor<e.g.>{walt2014} found, X holds \\cite[p.~2]{walt2014}.\n"
    )
    found = extract_latex_claims(_draft(tmp_path, body))
    cited = [(c.text, [k.key for k in c.citations]) for c in found.claims]
    assert cited == [
        ("NumPy is fast.", ["walt2014"]),
        ("SciPy is fast, as is NumPy.", ["walt2014"]),
        ("As van der Walt and Schönberger found, X holds.", ["walt2014", "walt2014"]),
    ]
    assert found.uncited == []
