"""The one-file LaTeX article most of these tests review: what each test varies is its
preamble, its body and its bibliography, so the rest of the file is written here once."""

from __future__ import annotations

from pathlib import Path


def write_draft(
    folder: Path, body: str, preamble: str = "", *, bib: str | None = None, name: str = "main.tex"
) -> Path:
    """``folder/name``: an article with ``preamble`` (its own line breaks) and ``body``; with
    ``bib``, that BibTeX as ``refs.bib`` beside it, named by ``\\bibliography{refs}`` after the
    body. The lines are as written here, since tests read the line numbers of sentences."""
    cited = ""
    if bib is not None:
        (folder / "refs.bib").write_text(bib, encoding="utf-8")
        cited = "\\bibliography{refs}\n"
    path = folder / name
    path.write_text(
        f"\\documentclass{{article}}\n{preamble}\\begin{{document}}\n{body}\n{cited}"
        "\\end{document}\n",
        encoding="utf-8",
    )
    return path
