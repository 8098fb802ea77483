"""The footnotes claimaudit adds to an annotated Markdown copy, and how to know them again.

An annotated copy may be reviewed again (after edits, say). Its own notes quote verdicts,
papers' DOIs and arXiv ids and evidence: read as the draft's notes, they would pass for
note-style references and cite for the sentences marked. A note is claimaudit's when its label
is one ``label_prefix`` makes ("claimaudit-3", or "claimaudit2-3" where the draft holds such labels)
and it is defined after the ``SEPARATOR`` comment that opens the added notes.
"""

from __future__ import annotations

import re

SEPARATOR = "<!-- claimaudit review: one footnote per cited sentence -->"
_OWN_LABEL = re.compile(r"claimaudit(?:[2-9]|[1-9]\d+)?-[1-9]\d*")


def label_prefix(report: str) -> str:
    """The prefix of the labels of the notes added to ``report``: "claimaudit", or, where the
    report already holds such labels (an annotated copy), "claimaudit2", "claimaudit3", ..."""
    prefix, n = "claimaudit", 1
    while f"[^{prefix}-" in report:  # an already annotated report keeps its own footnotes
        n += 1
        prefix = f"claimaudit{n}"
    return prefix


def is_own_label(label: str) -> bool:
    """Whether ``label`` is one of the labels ``label_prefix`` makes."""
    return _OWN_LABEL.fullmatch(label) is not None


def is_separator(comment: str) -> bool:
    """Whether an HTML comment block's text is the ``SEPARATOR``."""
    return comment.strip() == SEPARATOR
