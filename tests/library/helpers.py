"""Paths to the shared real-paper data and small generators for test inputs."""

from __future__ import annotations

import os
import zlib
from pathlib import Path

from fpdf import FPDF

from claimaudit.library.extract import extract
from claimaudit.library.passages import make_passages

# The ``shared`` folder beside the repository root (see /work/shared/data/README.md).
DATA = Path(__file__).resolve().parents[2] / ".." / "shared" / "data"
PAPERS = DATA / "papers"
SCIFACT_CORPUS = DATA / "scifact" / "corpus.jsonl"
CHECK_COVID_CORPUS = DATA / "check-covid" / "corpus.json"
CITATION_INTEGRITY_CORPUS = DATA / "citation-integrity" / "corpus.jsonl"

SCIPY_TEX = PAPERS / "scipy-1.0_virtanen2020" / "scipy-1.0" / "paper.tex"
SKIMAGE_TEX = PAPERS / "scikit-image_vanderwalt2014" / "latex" / "skimage.tex"
CONV_TEX = PAPERS / "conv-arithmetic_dumoulin2016" / "conv_arithmetic.tex"
GOOD_ENOUGH = PAPERS / "good-enough-practices_wilson2017"
GOOD_ENOUGH_TEX = GOOD_ENOUGH / "good-enough-practices-for-scientific-computing.tex"
DEEP_RULES = PAPERS / "deep-rules_lee2022"
DEEP_REVIEW = PAPERS / "deep-review_ching2018"

PDF_TEXT = (
    "Transformers replace recurrence with attention. The model reaches a BLEU score of 28.4 "
    "on the WMT 2014 English-to-German translation task."
)


def make_pdf(
    path: Path,
    *,
    title: str = "A Generated Paper",
    text: str = PDF_TEXT,
    subject: str = "",
    keywords: str = "",
) -> Path:
    pdf = FPDF()
    pdf.set_title(title)
    if subject:
        pdf.set_subject(subject)
    if keywords:
        pdf.set_keywords(keywords)
    pdf.add_page()
    pdf.set_font("helvetica", size=12)
    pdf.multi_cell(0, 8, text)
    pdf.output(str(path))
    return path


def make_blank_pdf(path: Path) -> Path:
    """A valid PDF with a page but no text at all (like a scan without OCR)."""
    pdf = FPDF()
    pdf.set_title("Scanned")
    pdf.add_page()
    pdf.output(str(path))
    return path


def make_repeated_page_pdf(
    path: Path, pages: int, content: bytes | None = None, *, deflated: bool = False
) -> Path:
    """A valid PDF whose page tree lists one small page ``pages`` times: a few bytes a page,
    so a long one is small (60,000 pages in 352 KB). ``content``: the page's content stream,
    ``deflated``: already compressed (FlateDecode)."""
    text = (
        content
        or b"BT /F1 12 Tf 72 720 Td (Sparse matrices are stored in compressed formats.) Tj ET"
    )
    flate = b"/Filter /FlateDecode " if deflated else b""
    kids = b" ".join([b"3 0 R"] * pages)
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [" + kids + b"] /Count %d >>" % pages,
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length %d " % len(text) + flate + b">>\nstream\n" + text + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    data = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(data))
        data += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(data)
    data += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    data += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    data += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        xref,
    )
    path.write_bytes(bytes(data))
    return path


def make_corrupt_pdf(path: Path) -> Path:
    path.write_bytes(b"%PDF-1.7\n" + os.urandom(4096))
    return path


def make_binary(path: Path) -> Path:
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + os.urandom(512))
    return path


def make_latin1(path: Path) -> Path:
    path.write_bytes("Caf\xe9 culture and na\xefve claims.\n".encode("latin-1"))
    return path


def read_latex(tmp_path: Path, body: str, packages: str = "") -> str:
    """The passages of a one-section article with ``body`` (and ``\\usepackage{packages}``)."""
    preamble = f"\\usepackage{{{packages}}}\n" if packages else ""
    source = tmp_path / "paper.tex"
    source.write_text(
        f"\\documentclass{{article}}\n{preamble}\\begin{{document}}\n\\section{{S}}\n"
        f"{body}\n\\end{{document}}\n",
        encoding="utf-8",
    )
    return " ".join(p.text for p in make_passages(extract(source).blocks))


PROSE = "A paragraph of plain prose comes first, so that the page holds enough words to read. " * 3


def prose_page(size: float = 12.0) -> FPDF:
    """An A4 page that opens with a paragraph of prose (so that it holds enough words to be
    read as text), for a test to draw on below it in helvetica of ``size`` points."""
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("helvetica", size=size)
    pdf.set_xy(15, 15)
    pdf.multi_cell(180, 6, PROSE)
    return pdf


def pdf_passages(pdf: FPDF, path: Path) -> list[str]:
    """The passages of ``pdf`` once written to ``path`` and read back."""
    pdf.output(str(path))
    return [p.text for p in make_passages(extract(path).blocks)]


def pdf_text(pdf: FPDF, path: Path) -> str:
    """The text of every block of ``pdf`` once written to ``path`` and read back."""
    pdf.output(str(path))
    return " ".join(b.text for b in extract(path).blocks)


def make_dense_page_pdf(path: Path, lines: int, width: int, pages: int = 1) -> Path:
    """A PDF of one page of ``lines`` lines of ``width`` letters in tiny type, listed ``pages``
    times: a page far denser than any paper's, in a few KB."""
    rows = b" ".join(b"0 -2 Td (%s) Tj" % (b"ab" * (width // 2)) for _ in range(lines))
    content = zlib.compress(b"BT /F1 1 Tf 10 780 Td " + rows + b" ET", 9)
    return make_repeated_page_pdf(path, pages, content, deflated=True)


def make_busy_page_pdf(path: Path, pages: int, shapes: int = 20_000) -> Path:
    """A PDF of one page of ``shapes`` tiny squares and a line of text, listed ``pages`` times:
    each page costs a fraction of a second to read, so the whole read takes minutes."""
    squares = b"".join(b"%d %d 1 1 re f\n" % (i % 500, i // 500) for i in range(shapes))
    text = b"BT /F1 12 Tf 72 720 Td (Sparse matrices are stored in compressed formats.) Tj ET"
    return make_repeated_page_pdf(path, pages, zlib.compress(squares + text, 9), deflated=True)


def make_inflating_pdf(path: Path, mib: int) -> Path:
    """A PDF whose content stream inflates to ``mib`` MiB of spaces (a decompression bomb),
    made a MiB at a time: about 1 KB a MiB on disk."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, 15, 9, zlib.Z_RLE)
    chunk = b" " * (1024 * 1024)
    stream = b"".join(compressor.compress(chunk) for _ in range(mib)) + compressor.flush()
    return make_repeated_page_pdf(path, 1, stream, deflated=True)
