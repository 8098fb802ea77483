"""PDF extraction of a page a web browser printed, against the Markdown source it shows.

Run from the repository root:  .venv/bin/python benchmarks/bench_pdf_browser.py [--keep DIR]

Many papers on a researcher's disk were saved from a browser ("Save as PDF" of an HTML article),
not typeset by TeX. This renders good-enough-practices' Markdown (``index.md``, shared data) to
HTML with markdown-it (CommonMark and tables), prints it to A4 with the headless Chromium the
browser tests use, with the date, title, address and page numbers a browser prints on every
page, extracts the PDF, and measures it as ``bench_pdf.py`` does, against the Markdown
extraction of the same file instead of a LaTeX one. Needs ``make browser``.

The figure is a lower bound: markdown-it does not know the kramdown syntax the source also
uses (attribute lists, definition lists, ``[sec:...]`` cross-references, footnote marks), so
sentences holding such syntax read differently on the two sides whatever the extractor does;
``--missing`` lists them.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import benchmarks.pdf_fidelity as fidelity
from markdown_it import MarkdownIt
from tests.browser import launch_chromium

from claimaudit.library.extract import extract

SOURCE = fidelity.DATA / "papers/good-enough-practices_wilson2017/index.md"
STYLE = "body{font-family:serif;font-size:11pt;max-width:40em;margin:auto;line-height:1.4}"
# A browser's running lines, as Chrome's "Save as PDF" prints them: the date and the title at
# the top of each page, the address and "3/18" at the foot.
_RUNNING = (
    '<div style="font-size:8px;width:100%;display:flex;justify-content:space-between;'
    'padding:0 10mm">{}</div>'
)


def print_page(markdown: Path, out: Path) -> None:
    body = MarkdownIt("commonmark").enable("table").render(markdown.read_text(encoding="utf-8"))
    html = (
        '<!doctype html><html><head><meta charset="utf-8">'
        "<title>Good enough practices in scientific computing</title>"
        f"<style>{STYLE}</style></head><body>{body}</body></html>"
    )
    with launch_chromium() as browser:
        page = browser.new_page()
        page.set_content(html)
        page.pdf(
            path=str(out),
            format="A4",
            display_header_footer=True,
            header_template=_RUNNING.format(
                '<span class="date"></span><span class="title"></span>'
            ),
            footer_template=_RUNNING.format(
                '<span class="url"></span>'
                '<span><span class="pageNumber"></span>/<span class="totalPages"></span></span>'
            ),
            margin={"top": "15mm", "bottom": "15mm", "left": "10mm", "right": "10mm"},
        )
        page.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--keep", type=Path, default=None, help="write the PDF into this folder")
    parser.add_argument("--missing", action="store_true", help="list the sentences not found")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        pdf = folder / "good-enough-practices.browser.pdf"
        print_page(SOURCE, pdf)
        # The fidelity measure reads its reference through extract_latex; here the reference
        # is the Markdown extraction.
        fidelity.extract_latex = lambda path, math_mode="text": extract(path)  # type: ignore[assignment]
        f = fidelity.measure(fidelity.Pair("good-enough-practices (browser)", pdf, SOURCE))
    print("| PDF | pages | passages | sentences found | spurious / 1,000 words | broken |")
    print("|---|---:|---:|---:|---:|---:|")
    print(
        f"| {f.name} | {f.pages} | {f.passages} | {f.recall:.3f} ({f.found}/{f.sentences}) "
        f"| {1000 * f.spurious / max(f.words, 1):.2f} | {f.broken} |"
    )
    if args.missing:
        for sentence in f.missing:
            print(f"- {sentence}")


if __name__ == "__main__":
    main()
