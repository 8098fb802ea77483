"""How faithfully a PDF's passages hold its text, measured against the paper's LaTeX source.

Shared by ``bench_pdf.py`` (figures for docs/benchmarks.md) and the tests that hold the
extractor to its targets. Three measures for one paper:

- sentence recall: the share of the LaTeX extraction's body sentences (at least 40 characters,
  no mathematics) found whole inside one PDF passage. Both sides are compared after whitespace,
  quotes, dashes and ellipses are normalised, and without citation markers, which the LaTeX
  extraction drops ("[3]", "[Le Cun et al., 1997]", "(Hunter, 2007)").
- spurious tokens per 1,000 words: tokens of the PDF passages that are line numbers, page
  numbers or running headers: a bare number (or "n/m") outside brackets that the LaTeX text
  never has, a word glued to such a number ("analyze68"), or the text of a line that recurs at
  the top or bottom of the PDF's pages.
- broken passages: text passages (not captions, list items or footnotes) that start in lower
  case or with closing punctuation, or end without a sentence's closing punctuation.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import sentencex

from claimaudit.library.latex.extract import extract_latex
from claimaudit.library.models import ExtractedDocument
from claimaudit.library.passages import make_passages
from claimaudit.library.pdf.extract import extract_pdf_layout

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"


GOOD_ENOUGH_TEX = (
    DATA
    / "papers/good-enough-practices_wilson2017"
    / "good-enough-practices-for-scientific-computing.tex"
)


@dataclass(frozen=True)
class Pair:
    name: str
    pdf: Path
    latex: Path


PAIRS = (
    Pair(
        "conv-arithmetic",
        DATA / "papers-pdf/conv-arithmetic_dumoulin2016.pdf",
        DATA / "papers/conv-arithmetic_dumoulin2016/conv_arithmetic.tex",
    ),
    Pair(
        "good-enough-practices",
        DATA / "papers-pdf/good-enough-practices_wilson2017.pdf",
        GOOD_ENOUGH_TEX,
    ),
    Pair(
        "good-enough-practices (two-column)",
        DATA / "papers-pdf/good-enough-practices_wilson2017.twocolumn.pdf",
        GOOD_ENOUGH_TEX,
    ),
    Pair(
        "scikit-image",
        DATA / "papers-pdf/scikit-image_vanderwalt2014.pdf",
        DATA / "papers/scikit-image_vanderwalt2014/latex/skimage.tex",
    ),
    Pair(
        "scipy-1.0",
        DATA / "papers-pdf/scipy-1.0_virtanen2020.pdf",
        DATA / "papers/scipy-1.0_virtanen2020/scipy-1.0/paper.tex",
    ),
)

MIN_SENTENCE = 40
_QUOTES = str.maketrans(
    dict.fromkeys("\u201c\u201d\u201e\u201f", '"') | dict.fromkeys("\u2018\u2019\u201a", "'")
)
_DASHES = str.maketrans(dict.fromkeys("\u2013\u2014\u2010\u2011\u2212", "-"))
_CITATION = re.compile(
    r"\s*\[[^\[\]]*?(?:\d|et al)[^\[\]]*\]"  # [3], [2-8], [Le Cun et al., 1997]
    # (X, 2007), (X, 2007; Y, 2008), and two works of a year in one mark: (X, 1983b,a)
    r"|\s*\((?:[^()]*?(?:\d{4}[a-z]?(?:,[a-z]\b)*|et al\.?))"
    r"(?:\s*[;,]\s*[^()]*?\d{4}[a-z]?(?:,[a-z]\b)*)*\)"
)
# The LaTeX extraction drops ``\ref`` ("Section~\ref{x}" reads "Section", the PDF "Section 6")
# and ``\autoref`` with the word it prints ("(\autoref{x})" reads "()", the PDF "(Figure 1.2)"):
# both sides lose such words and numbers, and parentheses left empty.
_CROSS_REFERENCE = re.compile(
    r"\b(?:Sections?|Figures?|Figs?\.?|Tables?|Box(?:es)?|Equations?|Eqs?\.?|Chapters?|"
    r"Appendix|Relationship)(?!\w)(?:[\s~]+[A-Z]?\d+(?:\.\d+)*[a-z]?\b)?"
)
# Affiliation and footnote marks: the LaTeX extraction prints "Ann Smith$^{3,4}$" as
# "Ann Smith^3,4"; the PDF extraction drops raised marks.
_RAISED_MARKS = re.compile(r"(?<=\w)\^\d+(?:,\d+)*")
# "600 000" (siunitx's grouping) is the LaTeX extraction's "600000".
_THOUSANDS = re.compile(r"(?<=\d)[ \u2009\u202f](?=\d{3}\b)")
_NUMBER = re.compile(r"^\d{1,4}(?:/\d{1,4})?[.,;:]?$")
_GLUED = re.compile(r"^[^\W\d_]{2,}[.,;:]?\d{1,4}$")


def normalise(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).translate(_QUOTES).translate(_DASHES)
    text = text.replace("\u2026", "...")
    text = re.sub(r"(?:\.\s?){3}\s*", "... ", text)
    text = _THOUSANDS.sub("", text)
    text = _RAISED_MARKS.sub("", text)
    text = _CITATION.sub("", text)
    text = re.sub(r"\(\s*\)", "", _CROSS_REFERENCE.sub("", text))
    text = re.sub(r"\s+([,.;:)])", r"\1", text)
    # The LaTeX reading opens a description item with its label and a colon ("odr: Orthogonal
    # ..."), which the PDF prints as a bold label alone: a colon before a space is no text.
    text = re.sub(r"(?<=\w):(?=\s)", "", text)
    return " ".join(text.split())


def latex_sentences(latex: ExtractedDocument, verbatim_math: ExtractedDocument) -> list[str]:
    """Body sentences of the LaTeX extraction, long enough and free of mathematics.

    ``verbatim_math`` is the same extraction with formulas kept as written: a sentence without
    mathematics reads the same in both, while one with a formula ("$o = i - k + 1$") does not
    appear there as the math-as-text extraction renders it."""
    verbatim = "\n".join(normalise(b.text) for b in verbatim_math.blocks)
    found: list[str] = []
    # Body text: under a heading. What comes before the first one is the title block (authors,
    # affiliations, addresses), which the PDF extraction keeps out of the passages.
    for block in latex.blocks:
        if block.section is None:
            continue
        for sentence in _sentences(block.text):
            clean = normalise(sentence)
            if len(clean) >= MIN_SENTENCE and clean in verbatim:
                found.append(clean)
    return found


def _sentences(text: str) -> Iterable[str]:
    for boundary in sentencex.get_sentence_boundaries("en", text):
        yield text[int(boundary["start_index"]) : int(boundary["end_index"])].strip()


@dataclass(frozen=True)
class Fidelity:
    name: str
    pages: int
    passages: int
    sentences: int
    found: int
    words: int
    spurious: int
    broken: int
    line_numbers_removed: int
    running_lines_removed: int
    missing: tuple[str, ...]
    spurious_tokens: tuple[str, ...]
    broken_passages: tuple[str, ...]

    @property
    def recall(self) -> float:
        return self.found / self.sentences if self.sentences else 1.0

    @property
    def spurious_per_1000(self) -> float:
        return 1000 * self.spurious / self.words if self.words else 0.0


# Reads a PDF's source as the reference text: ``extract_latex`` by default, called once with its
# math as text and once with ``math_mode="verbatim"``.
ReferenceReader = Callable[..., ExtractedDocument]


def measure(pair: Pair, reference: ReferenceReader = extract_latex) -> Fidelity:
    """How much of ``pair.latex``'s text, read by ``reference``, the PDF extraction keeps."""
    pdf, removed = extract_pdf_layout(pair.pdf)
    latex = reference(pair.latex)
    verbatim = reference(pair.latex, math_mode="verbatim")
    passages = make_passages(pdf.blocks)
    texts = [normalise(p.text) for p in passages]
    joined = "\n".join(texts)
    sentences = latex_sentences(latex, verbatim)
    missing = tuple(s for s in sentences if s not in joined)
    latex_tokens = {t.strip(".,;:()[]") for b in latex.blocks for t in b.text.split()}
    spurious = _spurious([p.text for p in passages], latex_tokens, _running_lines(pair.pdf))
    bounds = _sentence_bounds(latex)
    broken = tuple(
        p.text
        for p, block_kind in zip(passages, _kinds(pdf, passages), strict=True)
        if block_kind == "text" and _broken(p.text, bounds)
    )
    return Fidelity(
        name=pair.name,
        pages=page_count(pair.pdf),
        passages=len(passages),
        sentences=len(sentences),
        found=len(sentences) - len(missing),
        words=sum(len(p.text.split()) for p in passages),
        spurious=len(spurious),
        broken=len(broken),
        line_numbers_removed=removed.line_numbers,
        running_lines_removed=removed.running_lines,
        missing=missing,
        spurious_tokens=tuple(spurious),
        broken_passages=broken,
    )


def _kinds(pdf: ExtractedDocument, passages: Sequence[object]) -> list[str]:
    """The block kind of each passage, matched to blocks by their text: a long paragraph split
    in two gives two passages of its kind, and a list's name read with its first item gives
    one passage over two blocks (the kind of the first)."""
    texts = [" ".join(b.text.split()) for b in pdf.blocks]
    kinds: list[str] = []
    index, offset = 0, 0  # the next unread character: block ``index``, at ``offset``
    for passage in passages:
        rest = getattr(passage, "text", "")
        while index < len(texts) and not _starts(texts[index][offset:].lstrip(), rest):
            index, offset = index + 1, 0
        kinds.append(pdf.blocks[index].kind if index < len(texts) else "text")
        while index < len(texts) and rest:
            remaining = texts[index][offset:].lstrip()
            if remaining.startswith(rest):
                offset = len(texts[index]) - len(remaining) + len(rest)
                rest = ""
            else:
                rest = rest[len(remaining) :].lstrip()
                index, offset = index + 1, 0
    return kinds


def _starts(remaining: str, text: str) -> bool:
    """Whether a passage of ``text`` begins at ``remaining``, whole or across blocks."""
    return bool(remaining) and (remaining.startswith(text) or text.startswith(remaining))


def _sentence_bounds(latex: ExtractedDocument) -> tuple[set[str], set[str]]:
    """The first and the last four words of every LaTeX paragraph and sentence: a passage
    that starts (ends) like one of them does not start (end) mid-sentence, whatever its case
    ("scikit-image is ...") or punctuation ("Keywords: a, b")."""
    starts: set[str] = set()
    ends: set[str] = set()
    for block in latex.blocks:
        for piece in (block.text, *_sentences(block.text)):
            words = normalise(piece).split()
            starts.add(" ".join(words[:4]))
            ends.add(" ".join(words[-4:]))
    return starts, ends


def _broken(text: str, bounds: tuple[set[str], set[str]]) -> bool:
    words = normalise(text).split()
    if not words:
        return False
    starts_well = " ".join(words[:4]) in bounds[0]
    ends_well = " ".join(words[-4:]) in bounds[1]
    return (not starts_well and _starts_mid(text)) or (not ends_well and _ends_mid(text))


def _starts_mid(text: str) -> bool:
    # A quotation that opens with an ellipsis starts mid-sentence on purpose.
    quoted = re.match(r"^(?:\.\s?){3}|^\u2026", text.strip())
    first = text.lstrip()[:1]
    return not quoted and (first.islower() or first in ",.;:)]")


def _ends_mid(text: str) -> bool:
    text = re.sub(r"(?:\s*\[[^\[\]]*\])+\s*$", "", text)  # citations after the full stop
    return not re.search(r"[.!?:][\"'\u201d\u2019)\]]*$", text.rstrip())


def _spurious(texts: list[str], latex_tokens: set[str], running: set[str]) -> list[str]:
    found: list[str] = []
    for text in texts:
        text = _THOUSANDS.sub("", text)
        depth = 0
        words = text.split()
        for position, token in enumerate(words):
            if position == 0 and re.match(r"^\d{1,2}[.)]$", token):
                continue  # a list item's number
            depth += token.count("[") + token.count("(")
            inside = depth > 0
            depth = max(0, depth - token.count("]") - token.count(")"))
            bare = token.strip(".,;:")
            # A number after a capitalised word is a label the LaTeX text lacks ("Relationship
            # 8."), not a line number.
            labelled = position > 0 and words[position - 1][:1].isupper()
            if inside or bare in latex_tokens or labelled:
                continue
            if _NUMBER.match(token) or _GLUED.match(token):
                found.append(token)
        lowered = re.sub(r"\d+", "", text.lower())
        for line in running:
            found.extend([line] * lowered.count(line))
    return found


def _running_lines(path: Path) -> set[str]:
    """Lines (digits aside) printed at the top or bottom of at least 40% of the pages, as the
    raw text layer has them: the headers and footers a clean extraction must not carry."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(path)
    try:
        counts: dict[str, int] = {}
        pages = len(document)
        for index in range(pages):
            text_page = document[index].get_textpage()
            rows = [r.strip() for r in text_page.get_text_range().splitlines() if r.strip()]
            text_page.close()
            for row in {*rows[:2], *rows[-2:]}:
                key = re.sub(r"\d+", "", row).strip().lower()
                if len(key) >= 4 and re.search(r"[a-z]{3}", key):
                    counts[key] = counts.get(key, 0) + 1
        return {k for k, n in counts.items() if n >= max(2, 0.4 * pages)}
    finally:
        document.close()


def page_count(path: Path) -> int:
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(path)
    try:
        return len(document)
    finally:
        document.close()
