"""MathML in a catalogue's title, as Crossref gives it ("Observation of <mml:math ...>
<mml:mi>B</mml:mi>...</mml:math> decays"), reduced to the text it shows.

Two things kept such a title from matching the cited one: an ``<mml:math>`` tag carries its
namespace, ``altimg``, ``id`` and ``display`` attributes, longer than the markup reader takes
for a tag (so the tag was read as words), and an ``<mml:annotation>`` repeats the formula as
TeX, which was read as more words ("B K B K"). The annotation is dropped here, and each tag of a
formula given by its name alone, whatever its attributes.
"""

from __future__ import annotations

import re

# The tags that matter, with any namespace prefix ("mml:", "m:") or none: a formula's start and
# end, and its annotation's. Found in one pass: a regex matching a formula to its end searched
# the rest of the title from each start, and 96 KB of unclosed "<mml:math>" took 30 s.
_MARK = re.compile(
    r"<(/?)(?:[A-Za-z][\w.-]*:)?(math|annotation-xml|annotation)\b[^<>]*?(/?)>", re.IGNORECASE
)
_TAG = re.compile(r"</?[A-Za-z][\w.:-]*(?:\s[^<>]*)?/?>")


def without_mathml(title: str) -> str:
    """``title`` with each MathML formula as its text, its TeX annotation left out; a formula
    never closed is left as written."""
    if "math" not in title.lower():
        return title
    out: list[str] = []
    formula: list[str] = []
    done = 0  # where the text not yet taken starts
    opened: int | None = None  # where the formula being read starts
    annotated = False  # within an annotation of that formula
    for mark in _MARK.finditer(title):
        closing, name, alone = mark.group(1) == "/", mark.group(2).lower(), mark.group(3) == "/"
        if name == "math" and not closing and not alone and opened is None:
            out.append(title[done : mark.start()])
            opened, done, formula, annotated = mark.start(), mark.end(), [], False
        elif name == "math" and closing and opened is not None:
            if not annotated:
                formula.append(title[done : mark.start()])
            # Tokens apart: "<mi>B</mi><mo>→</mo><mi>K</mi>" is "B → K", not one word.
            out.append(" ".join(_TAG.sub(" ", "".join(formula)).split()))
            opened, done = None, mark.end()
        elif opened is not None and name != "math" and not annotated and not closing:
            formula.append(title[done : mark.start()])
            annotated, done = not alone, mark.end()
        elif opened is not None and name != "math" and annotated and closing:
            annotated, done = False, mark.end()
    out.append(title[done if opened is None else opened :])
    return "".join(out)
