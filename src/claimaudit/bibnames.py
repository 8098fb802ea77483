"""A BibTeX ``author`` field that lists its authors with commas, not "and".

BibTeX separates authors with "and"; within one name a comma ends the family name ("Wilson,
Greg") or the suffix ("Ford, Jr., Henry"). ``author = {Wilson, G., Bryan, J., Cranston, K.}``
is then one name with too many commas, and ``{G. Wilson, J. Bryan, K. Cranston}`` one person
whose family name is "G. Wilson": the reference check compared that as the first author and
called a cited paper's true first author a mismatch ("cited 'Wilson, G., Bryan, J.'"), or
agreed by chance. Such a field is said to be what it is, and its authors are not compared.
One comma is a name's own ("Wilson, G."), unless both sides are a person written initials
first ("G. Wilson, J. Bryan"): no family name starts with an initial, and a given name is not
followed by one, so that is two people with their "and" missing.
"""

from __future__ import annotations

import re

from claimaudit.text.plain import plain_text

# What stands between two commas of one name: a suffix ("Jr.", "III"), as BibTeX reads them.
_SUFFIXES = frozenset("jr jr. sr sr. ii iii iv v 2nd 3rd 4th".split())
_SHOWN = 60
# One initial ("G.", "G", "J.-P."), and a family name after them: a capitalised word with a
# small letter in it ("Wilson", "O'Neil", "McKay"), not more initials ("JB").
_INITIAL = re.compile(r"[^\W\d_]\.?(?:-[^\W\d_]\.?)*")
_FAMILY = re.compile(r"[^\W\d_][\w'\u2019-]*")
_WORD = re.compile(r"[^\W\d_]\.(?:-[^\W\d_]\.)*|[^\s.]+\.?")


def _parts(name: str) -> list[str]:
    """``name`` split at its commas outside braces ("{Barnes, and Noble}" is one part)."""
    parts, depth, start = [], 0, 0
    for i, c in enumerate(name):
        if c == "{":
            depth += 1
        elif c == "}":
            depth = max(0, depth - 1)
        elif c == "," and depth == 0:
            parts.append(name[start:i].strip())
            start = i + 1
    parts.append(name[start:].strip())
    return parts


def is_comma_list(name: str) -> bool:
    """Whether one BibTeX name (as split at "and") is a list of names written with commas:
    three commas or more, or two with no suffix ("Jr.") after either."""
    parts = _parts(name)
    if len(parts) > 3:
        return True
    if len(parts) == 2 and all(map(_initials_first, parts)):
        return True  # "G. Wilson, J. Bryan": two people
    # "Ford, Jr., Henry" as BibTeX orders it, "Ford, Henry, Jr." as people write it.
    return len(parts) == 3 and not {parts[1].lower(), parts[2].lower()} & _SUFFIXES


def _is_initial(word: str) -> bool:
    return word[:1].isupper() and _INITIAL.fullmatch(word) is not None


def _initials_first(part: str) -> bool:
    """Whether one side of a comma is a person written initials first ("G. Wilson",
    "J.-P. Sartre", "G Wilson"): one or more initials, then words ending in a family name."""
    words = _WORD.findall(plain_text(part))
    initials = 0
    while initials < len(words) and _is_initial(words[initials]):
        initials += 1
    if not 0 < initials < len(words):
        return False
    last = words[-1]
    return (
        _FAMILY.fullmatch(last) is not None
        and last[:1].isupper()
        and any(c.islower() for c in last)
    )


def comma_list_warning(where: str, key: str, value: str) -> str:
    written = " ".join(value.split())
    shown = written if len(written) <= _SHOWN else written[: _SHOWN - 3] + "..."
    return (
        f"{where}: entry {key!r} separates its authors with commas ({shown!r}); BibTeX "
        "separates them with 'and', so its authors are not compared"
    )
