"""PDF extraction of pages a web browser printed, against the Markdown sources they show.

Run from the repository root:  .venv/bin/python benchmarks/bench_pdf_browser.py [--missing]

Many papers on a researcher's disk were saved from a browser ("Save as PDF" of an HTML article),
not typeset by TeX. This renders two shared Markdown papers to HTML with markdown-it (CommonMark
and tables): good-enough-practices (``index.md``) and deep-rules (the Manubot chapters
``content/02`` to ``14``, without the templated front matter); prints each to A4, in one
column and in two (CSS columns), with the headless Chromium the browser tests use and the date,
title, address and page numbers a browser prints on every page; extracts the PDF; and measures
it as ``bench_pdf.py`` does, against claimaudit's Markdown extraction of the same source instead
of a LaTeX one. Needs ``make browser``.

The figures are lower bounds: markdown-it knows neither kramdown's syntax (attribute lists,
definition lists, ``[sec:...]`` references, footnote marks) nor Manubot's citation tags
(``[@tag:srivastava-dropout]``), so sentences holding them read differently on the two sides
whatever the extractor does; ``--missing`` lists them.
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
from claimaudit.library.models import ExtractedDocument

PAPERS = fidelity.DATA / "papers"
GOOD_ENOUGH = PAPERS / "good-enough-practices_wilson2017/index.md"
DEEP_RULES = PAPERS / "deep-rules_lee2022/content"
STYLE = "body{font-family:serif;font-size:11pt;max-width:40em;margin:auto;line-height:1.4}"
# The same page set in two columns, as some journals' HTML is printed.
TWO_COLUMNS = "body{font-family:serif;font-size:10pt;column-count:2;column-gap:2em;line-height:1.3}"
# A browser's running lines, as Chrome's "Save as PDF" prints them: the date and the title at
# the top of each page, the address and "3/18" at the foot.
_RUNNING = (
    '<div style="font-size:8px;width:100%;display:flex;justify-content:space-between;'
    'padding:0 10mm">{}</div>'
)


def _chapters(folder: Path) -> str:
    """A Manubot manuscript's chapters in order, without its templated front and back matter."""
    files = sorted(folder.glob("[0-9][0-9].*.md"))
    return "\n\n".join(f.read_text(encoding="utf-8") for f in files if "01" < f.name[:2] < "90")


def print_page(markdown: str, title: str, out: Path, style: str = STYLE) -> None:
    body = MarkdownIt("commonmark").enable("table").render(markdown)
    html = (
        f'<!doctype html><html><head><meta charset="utf-8"><title>{title}</title>'
        f"<style>{style}</style></head><body>{body}</body></html>"
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


def markdown_reference(path: Path, math_mode: str = "text") -> ExtractedDocument:
    """The fidelity measure's reference for a Markdown source: its own extraction (Markdown
    keeps its math as written, so both math modes read the same)."""
    return extract(path)


def markdown_papers() -> list[tuple[str, str, Path]]:
    """The two shared Markdown papers (name, Markdown, source)."""
    return [
        ("good-enough-practices", GOOD_ENOUGH.read_text(encoding="utf-8"), GOOD_ENOUGH),
        ("deep-rules", _chapters(DEEP_RULES), DEEP_RULES),
    ]


def measure_markdown(label: str, pdf: Path, source: Path) -> fidelity.Fidelity:
    return fidelity.measure(fidelity.Pair(label, pdf, source), markdown_reference)


def print_results(results: list[fidelity.Fidelity], missing: bool) -> None:
    print("| PDF | pages | passages | sentences found | spurious / 1,000 words | broken |")
    print("|---|---:|---:|---:|---:|---:|")
    for f in results:
        print(
            f"| {f.name} | {f.pages} | {f.passages} | {f.recall:.3f} ({f.found}/{f.sentences}) "
            f"| {1000 * f.spurious / max(f.words, 1):.2f} | {f.broken} |"
        )
    if missing:
        for f in results:
            for sentence in f.missing:
                print(f"- {f.name}: {sentence}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--keep", type=Path, default=None, help="write the PDFs into this folder")
    parser.add_argument("--missing", action="store_true", help="list the sentences not found")
    args = parser.parse_args()
    papers = markdown_papers()
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        for name, markdown, reference in papers:
            for layout, style in (("one column", STYLE), ("two columns", TWO_COLUMNS)):
                pdf = folder / f"{name}.browser.{layout.replace(' ', '-')}.pdf"
                print_page(markdown, name, pdf, style)
                label = f"{name} (browser, {layout})"
                results.append(measure_markdown(label, pdf, reference))
    print_results(results, args.missing)


if __name__ == "__main__":
    main()
