"""How a definition's term opens its description, whatever the paper's format: the term and a
colon ("Branches: A branch is ..."), as a reader takes a term set apart, not its words run on
into the description."""

from __future__ import annotations

import re

# A term that ends in its own mark ("Why does it matter?", "Note:") takes no colon after it.
_ENDS_IN_MARK = re.compile(r"[:.?!;,\u2026][\"'\u201d\u2019)\]]*$")


def term_label(term: str) -> str:
    """``term`` as the label that opens its description ("Branches:")."""
    return term if _ENDS_IN_MARK.search(term) else f"{term}:"
