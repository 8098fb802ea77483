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

# Any namespace prefix ("mml:", "m:") or none.
_PREFIX = r"(?:[A-Za-z][\w.-]*:)?"
_ANNOTATION = re.compile(
    rf"<{_PREFIX}annotation(?:-xml)?\b[^<>]*>.*?</{_PREFIX}annotation(?:-xml)?\s*>"
    rf"|<{_PREFIX}annotation(?:-xml)?\b[^<>]*/>",
    re.DOTALL | re.IGNORECASE,
)
_FORMULA = re.compile(
    rf"<{_PREFIX}math\b[^<>]*>(.*?)</{_PREFIX}math\s*>", re.DOTALL | re.IGNORECASE
)
_TAG = re.compile(r"</?[A-Za-z][\w.:-]*(?:\s[^<>]*)?/?>")


def without_mathml(title: str) -> str:
    """``title`` with each MathML formula as its text, its TeX annotation left out."""
    if "math" not in title.lower():
        return title
    return _FORMULA.sub(_formula_text, title)


def _formula_text(match: re.Match[str]) -> str:
    inner = _ANNOTATION.sub(" ", match.group(1))
    # Tokens apart: "<mi>B</mi><mo>→</mo><mi>K</mi>" is "B → K", not one word.
    return " ".join(_TAG.sub(" ", inner).split())
