"""arXiv ids written as DBLP writes them: the arXiv's journal name "CoRR" (Computing Research
Repository) and the id as its volume, "CoRR abs/1706.03762" or, for an old-style id, "CoRR
cs.LG/0102003". A ``\\bibitem`` or a numbered References entry exported from DBLP names its
arXiv paper only so; without this the entry had nothing to look up.
"""

from __future__ import annotations

import re

_CORR = re.compile(
    # "{\em CoRR}, abs/..." in a \bibitem: a few marks may stand between name and volume.
    r"\bCoRR\b[^\w\n]{0,12}(?:vol(?:ume)?\.?\s*)?(?:abs/)?"
    r"(?P<id>\d{4}\.\d{4,5}(?:v\d+)?|[a-z][a-z\-]*(?:\.[A-Za-z]{2})?/\d{7}(?:v\d+)?)(?![\w.])",
    re.IGNORECASE,
)


def corr_arxiv_ids(text: str) -> list[str]:
    """The arXiv ids ``text`` writes in DBLP's CoRR form, each as "arXiv:<id>"."""
    if "corr" not in text.lower():
        return []
    return [f"arXiv:{m.group('id')}" for m in _CORR.finditer(text)]
