"""PDF extraction of papers a word processor made, against the Markdown sources they were made from.

Run from the repository root:  .venv/bin/python benchmarks/bench_pdf_office.py [--missing]

Many papers on a researcher's disk come from a word processor, not from TeX. This converts two
shared Markdown papers to a word-processor document with pandoc (its default styles: Word's
body and heading styles, code in a smaller monospaced font, footnotes at the page foot) and
prints that document to PDF with LibreOffice Writer, headless: good-enough-practices
(``index.md``) and deep-rules (the Manubot chapters, as ``bench_pdf_browser.py`` takes them).
Each PDF is measured as ``bench_pdf.py`` measures the TeX ones, against claimaudit's Markdown
extraction of the same source. Needs ``pandoc`` and ``soffice`` on the PATH (Debian: ``apt-get
install pandoc libreoffice-writer-nogui``); neither is needed by the tests.

The figures are lower bounds: pandoc prints kramdown's ``[sec:...]`` references and Manubot's
citation tags (``[@tag:srivastava-dropout]``) as text, and sets code blocks (dropped from
passages as code) where the Markdown extraction keeps some of their lines; ``--missing`` lists
the sentences not found.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import benchmarks.pdf_fidelity as fidelity
from benchmarks.bench_pdf_browser import DEEP_RULES, GOOD_ENOUGH, _chapters

from claimaudit.library.extract import extract

_TIMEOUT = 300


def office_pdf(markdown: str, out: Path) -> Path:
    """``markdown`` as a word processor prints it: pandoc to .docx, LibreOffice to PDF."""
    source = out.with_suffix(".md")
    document = out.with_suffix(".docx")
    source.write_text(markdown, encoding="utf-8")
    subprocess.run(
        ["pandoc", "--from", "markdown", "--to", "docx", "-o", str(document), str(source)],
        check=True,
        capture_output=True,
        timeout=_TIMEOUT,
    )
    convert = ["soffice", "--headless", "--convert-to", "pdf", "--outdir", str(out.parent)]
    subprocess.run(
        [*convert, str(document)],
        check=True,
        capture_output=True,
        timeout=_TIMEOUT,
    )
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--keep", type=Path, default=None, help="write the PDFs into this folder")
    parser.add_argument("--missing", action="store_true", help="list the sentences not found")
    args = parser.parse_args()
    missing_tools = [tool for tool in ("pandoc", "soffice") if shutil.which(tool) is None]
    if missing_tools:
        sys.exit(f"error: needs {' and '.join(missing_tools)} on the PATH (see this script's doc)")
    # The fidelity measure reads its reference through extract_latex; here the reference is
    # the Markdown extraction of the same source.
    fidelity.extract_latex = lambda path, math_mode="text": extract(path)  # type: ignore[assignment]
    papers = [
        ("good-enough-practices", GOOD_ENOUGH.read_text(encoding="utf-8"), GOOD_ENOUGH),
        ("deep-rules", _chapters(DEEP_RULES), DEEP_RULES),
    ]
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        for name, markdown, reference in papers:
            pdf = office_pdf(markdown, folder / f"{name}.office.pdf")
            label = f"{name} (pandoc + LibreOffice)"
            results.append(fidelity.measure(fidelity.Pair(label, pdf, reference)))
    print("| PDF | pages | passages | sentences found | spurious / 1,000 words | broken |")
    print("|---|---:|---:|---:|---:|---:|")
    for f in results:
        print(
            f"| {f.name} | {f.pages} | {f.passages} | {f.recall:.3f} ({f.found}/{f.sentences}) "
            f"| {1000 * f.spurious / max(f.words, 1):.2f} | {f.broken} |"
        )
    if args.missing:
        for f in results:
            for sentence in f.missing:
                print(f"- {f.name}: {sentence}")


if __name__ == "__main__":
    main()
