"""Which environments a paper's algorithm package numbers, and within what, as its options
say: the ``algorithm`` package's float (``[section]``, ``[chapter]``) and ``algorithm2e``'s
(``algosection``, ``algochapter``). Where the count would be a guess, none is made, and a
reference to an algorithm prints nothing, as before.
"""

from __future__ import annotations

import re

# The algorithm packages, the environments each numbers and the options that number them
# within a level; other options that change the number are not followed.
_ALGORITHM_PACKAGE = re.compile(
    r"\\usepackage\s{0,40}(?:\[([^\]{}]{0,400})\])?\s{0,40}\{(?:[^{}]{0,400},)?\s{0,40}"
    r"(algorithm|algorithm2e)\s{0,40}(?:,[^{}]{0,400})?\}"
)
_ALGORITHM_LEVELS = {
    "algorithm": {"chapter": "chapter", "section": "section", "part": "part"},
    "algorithm2e": {"algochapter": "chapter", "algosection": "section", "algopart": "part"},
}
_ALGORITHM_ENVIRONMENTS = {
    "algorithm": frozenset({"algorithm", "algorithm*"}),
    # (Its ``procedure`` and ``function`` are numbered only with ``procnumbered``.)
    "algorithm2e": frozenset({"algorithm", "algorithm*"}),
}
_ALGORITHM_RENUMBERING = frozenset({"procnumbered"})
_ALGORITHM_NUMBER = re.compile(
    r"\\the(?:algorithm|algocf)(?![A-Za-z@])|\\(?:numberwithin|counterwithin\*?|setcounter)"
    r"\s{0,40}\{\s{0,40}(?:algorithm|algocf)\s{0,40}\}"
)


def algorithm_numbering(source: str, chapters: bool) -> tuple[frozenset[str], str | None] | None:
    """The environments the paper's algorithm package numbers (``algorithm``'s float,
    algorithm2e's environments) and the level that resets and prefixes their number, as its
    options say; None where the count would be a guess (no such package, both, an option or
    a ``\thealgorithm`` of the paper's own that numbers them otherwise)."""
    found = list(_ALGORITHM_PACKAGE.finditer(source))
    if len({m.group(2) for m in found}) != 1 or _ALGORITHM_NUMBER.search(source):
        return None
    options = {o.strip() for m in found for o in (m.group(1) or "").split(",") if o.strip()}
    package = found[0].group(2)
    levels = _ALGORITHM_LEVELS[package]
    within = {levels[option] for option in options if option in levels}
    if len(within) > 1 or options & _ALGORITHM_RENUMBERING:
        return None
    level = next(iter(within), None)
    if level == "part" or (chapters and level is None):
        return None  # parts are not counted; in a book, whether by chapter is the package's
    environments = _ALGORITHM_ENVIRONMENTS[package]
    return environments, level
