"""The one-file LaTeX article most LaTeX tests read (the library's reader) or review (a
draft): what each test varies is its preamble, an opening section, its body and its
bibliography, so the rest of the file is written here once."""

from __future__ import annotations

from pathlib import Path


def write_article(
    folder: Path,
    body: str,
    preamble: str = "",
    *,
    section: str | None = None,
    bib: str | None = None,
    name: str = "main.tex",
) -> Path:
    """``folder/name``: an article with ``preamble`` (its own line breaks), a ``\\section`` of
    that title when ``section`` is given, then ``body``; with ``bib``, that BibTeX as
    ``refs.bib`` beside it, named by ``\\bibliography{refs}`` after the body. The lines are as
    written here, since tests read the line numbers of sentences."""
    heading = f"\\section{{{section}}}\n" if section is not None else ""
    cited = ""
    if bib is not None:
        (folder / "refs.bib").write_text(bib, encoding="utf-8")
        cited = "\\bibliography{refs}\n"
    path = folder / name
    path.write_text(
        f"\\documentclass{{article}}\n{preamble}\\begin{{document}}\n{heading}{body}\n{cited}"
        "\\end{document}\n",
        encoding="utf-8",
    )
    return path
