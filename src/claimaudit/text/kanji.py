"""A Japanese one-kanji word as a query is looked for: apart from the kana written after it.

Japanese writes a particle or a verb's ending in hiragana onto its word ("癌は", cancer +
topic; "癌の", of cancer). Read in character pairs (``text.cjkpairs``), "癌は" was the one pair
"癌は", which a paper writing "癌の" or "肺癌" does not hold. A word of two kanji or more is one
of the pairs already ("遺伝は": "遺伝"); a one-kanji word was no term of its own.

So a query's kanji standing alone before hiragana, after none ("癌は", "、癌が") is also
looked for alone: "癌は" as "癌 癌は", the kanji found inside a passage's runs
(``cjkpairs.lone_cjk``). Chinese, which has no hiragana, is read as before. Only a query is
read so (a claim ranking passages, a ``library search``); passages are read as before.
"""

from __future__ import annotations

import re

_HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002fa1f"
# One kanji with no kanji (nor iteration mark) before it, hiragana after it.
_LONE_KANJI = re.compile(f"(?<![{_HAN}\u3005])([{_HAN}])(?=[\u3041-\u309f])")


def kanji_apart(text: str) -> str:
    """``text`` with each kanji standing alone before hiragana also written apart, before its
    run (see the module)."""
    if text.isascii():
        return text
    return _LONE_KANJI.sub(r"\1 \1", text)
