"""arXiv ids written as a journal's volume, as DBLP and Semantic Scholar write them: the name
"CoRR" (DBLP's, for the Computing Research Repository) or "ArXiv" (Semantic Scholar's) and the
id as the volume, "CoRR abs/1706.03762", "ArXiv, abs/2005.14165" or, for an old-style id,
"CoRR cs.LG/0102003"; also "arXiv 1706.03762", with no colon, and Google Scholar's "arXiv
preprint cs/0112017". A ``\\bibitem`` or a numbered
References entry exported so names its arXiv paper only so; without this the entry had
nothing to look up.
"""

from __future__ import annotations

import re

_VOLUME = re.compile(
    # "{\em CoRR}, abs/..." in a \bibitem: a few marks may stand between name and volume.
    # Google Scholar's "arXiv preprint cs/0112017" (an old-style id, which it writes without
    # "arXiv:") too.
    r"\b(?:CoRR|arXiv)\b[^\w\n]{0,12}(?:preprint\b[^\w\n]{0,12})?(?:vol(?:ume)?\.?\s*)?(?:abs/)?"
    r"(?P<id>\d{4}\.\d{4,5}(?:v\d+)?|[a-z][a-z\-]*(?:\.[A-Za-z]{2})?/\d{7}(?:v\d+)?)(?![\w.])",
    re.IGNORECASE,
)
# The journal names under which the volume is an arXiv id (DBLP's, Semantic Scholar's).
ARXIV_JOURNALS = frozenset({"corr", "arxiv"})


def corr_arxiv_ids(text: str) -> list[str]:
    """The arXiv ids ``text`` writes as a CoRR or ArXiv volume, each as "arXiv:<id>"."""
    if "corr" not in text.lower() and "arxiv" not in text.lower():
        return []
    return [f"arXiv:{m.group('id')}" for m in _VOLUME.finditer(text)]
