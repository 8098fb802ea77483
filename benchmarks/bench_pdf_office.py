"""PDF extraction of papers a word processor made, against the Markdown sources they were made from.

Run from the repository root:  .venv/bin/python benchmarks/bench_pdf_office.py [--missing]

Many papers on a researcher's disk come from a word processor, not from TeX. This converts two
shared Markdown papers to a word-processor document with pandoc (its default styles: Word's
body and heading styles, code in a smaller monospaced font, footnotes at the page foot) and
prints that document to PDF with LibreOffice Writer, headless: good-enough-practices
(``index.md``) and deep-rules (the Manubot chapters, as ``bench_pdf_browser.py`` takes them).
Each paper is printed three times: with pandoc's styles as they come, and on A4 with what a
journal's Word template adds, the title at the head of every page and the page number at its
foot, in one column and in two.
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
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.bench_pdf_browser import markdown_papers, measure_markdown, print_results

_TIMEOUT = 300
_W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
_R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_PARTS = "application/vnd.openxmlformats-officedocument.wordprocessingml"
_RUN = '<w:r><w:rPr><w:sz w:val="18"/></w:rPr>{}</w:r>'
_HEADER = (
    f'<?xml version="1.0" encoding="UTF-8"?><w:hdr xmlns:w="{_W}"><w:p><w:pPr><w:jc '
    'w:val="right"/></w:pPr>' + _RUN.format("<w:t>{title}</w:t>") + "</w:p></w:hdr>"
)
_FOOTER = (
    f'<?xml version="1.0" encoding="UTF-8"?><w:ftr xmlns:w="{_W}"><w:p><w:pPr><w:jc '
    'w:val="center"/></w:pPr>'
    + _RUN.format('<w:fldChar w:fldCharType="begin"/>')
    + _RUN.format('<w:instrText xml:space="preserve"> PAGE </w:instrText>')
    + _RUN.format('<w:fldChar w:fldCharType="separate"/>')
    + _RUN.format("<w:t>1</w:t>")
    + _RUN.format('<w:fldChar w:fldCharType="end"/>')
    + "</w:p></w:ftr>"
)
_SECTION = (
    '<w:sectPr><w:headerReference w:type="default" r:id="rIdRunningHead"/>'
    '<w:footerReference w:type="default" r:id="rIdPageNumber"/>'
    '<w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" '
    'w:left="1440" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr>'
)


def _pandoc(*args: str) -> bytes:
    done = subprocess.run(["pandoc", *args], check=True, capture_output=True, timeout=_TIMEOUT)
    return done.stdout


def running_lines_template(title: str, out: Path, columns: int = 1) -> Path:
    """pandoc's default reference document with what a journal's Word template adds: the
    title at the head of every page and the page number at its foot (A4), in ``columns``
    columns."""
    default = out.with_suffix(".default.docx")
    default.write_bytes(_pandoc("--print-default-data-file", "reference.docx"))
    with zipfile.ZipFile(default) as source, zipfile.ZipFile(out, "w") as target:
        for item in source.infolist():
            data = source.read(item.filename)
            if item.filename == "word/document.xml":
                section = _SECTION.replace("<w:pgSz", f'<w:cols w:num="{columns}"/><w:pgSz')
                data = data.replace(b"<w:sectPr />", section.encode())
                data = data.replace(b"<w:document ", f'<w:document xmlns:r="{_R}" '.encode(), 1)
            elif item.filename == "word/_rels/document.xml.rels":
                links = (
                    f'<Relationship Type="{_R}/header" Id="rIdRunningHead" Target="header1.xml"/>'
                    f'<Relationship Type="{_R}/footer" Id="rIdPageNumber" Target="footer1.xml"/>'
                )
                data = data.replace(b"</Relationships>", f"{links}</Relationships>".encode())
            elif item.filename == "[Content_Types].xml":
                types = "".join(
                    f'<Override PartName="/word/{part}1.xml" ContentType="{_PARTS}.{part}+xml"/>'
                    for part in ("header", "footer")
                )
                data = data.replace(b"</Types>", f"{types}</Types>".encode())
            target.writestr(item, data)
        target.writestr("word/header1.xml", _HEADER.format(title=title))
        target.writestr("word/footer1.xml", _FOOTER)
    return out


def office_pdf(markdown: str, out: Path, template: Path | None = None) -> Path:
    """``markdown`` as a word processor prints it: pandoc to .docx (with ``template``'s
    styles, page and running lines), LibreOffice to PDF."""
    source = out.with_suffix(".md")
    document = out.with_suffix(".docx")
    source.write_text(markdown, encoding="utf-8")
    styles = ["--reference-doc", str(template)] if template else []
    _pandoc("--from", "markdown", "--to", "docx", *styles, "-o", str(document), str(source))
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
    papers = markdown_papers()
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        for name, markdown, reference in papers:
            pdf = office_pdf(markdown, folder / f"{name}.office.pdf")
            label = f"{name} (pandoc's styles)"
            results.append(measure_markdown(label, pdf, reference))
            for columns in (1, 2):
                template = running_lines_template(
                    name, folder / f"{name}.template-{columns}.docx", columns
                )
                pdf = office_pdf(markdown, folder / f"{name}.office-{columns}.pdf", template)
                label = f"{name} (A4, {columns} column{'s' if columns > 1 else ''}, running lines)"
                results.append(measure_markdown(label, pdf, reference))
    print_results(results, args.missing)


if __name__ == "__main__":
    main()
