"""Patterns a PDF's lines are read with: list labels, caption labels, a sentence's end, and
what a heading's text looks like."""

from __future__ import annotations

import re

# Bullets (round, square, triangular), dashes used as bullets, and enumerators: "1." "(a)".
BULLETS = "\u2022\u25e6\u25aa\u25ab\u2023\u2219\u00b7\u25cf\u25cb\u25a0\u25a1"
LABEL = re.compile(
    rf"^(?:[{BULLETS}\u2013\u2014*-]\s|\(?(?:\d{{1,2}}|[a-zA-Z]|[ivx]{{1,4}})[.)]\s)"
)
CAPTION = re.compile(
    r"^(?:Figure|Fig\.?|Table|Tab\.|Box|Listing|Algorithm|Scheme|Chart|Supplementary "
    r"(?:Figure|Table))\s*[A-Z]?\d+(?:\.\d+)*[a-z]?(?![\d.]*\d)\s*[.:|\u2014\u2013-](?:\s|$)",
)
TERMINAL = re.compile(r"[.!?:;\u2026][\"'\u201d\u2019)\]]*$")
WORD = re.compile(r"[^\W\d_]{3,}")
# Manubot's citation tags as a PDF built without its citation processor prints them
# ("platform [@url:https://github.com/...] and", "[@doi:10.1371/x; @tag:y]."): what the
# Markdown reader drops from the same source. Only the prefixed keys Manubot uses, so a bracketed
# e-mail address ("[jenny@stat.ubc.ca]") stays.
CITATION_TAGS = re.compile(
    r"(?<!\s)\s*\[-?@(?:doi|arxiv|pmid|pmcid|pmc|url|tag|isbn|wikidata|https?):[^\[\]]{1,400}\]"
)


def is_heading_text(text: str) -> bool:
    """Short, with words, not starting in lower case, and not ending as a sentence or a clause
    does; a trailing ellipsis ("The First Rule Is. . .") may end a heading."""
    text = text.strip()
    return (
        0 < len(text) <= 150
        and bool(WORD.search(text))
        and not text[0].islower()
        and (not text.endswith((",", ";", ".")) or text.endswith((". . .", "...")))
    )
