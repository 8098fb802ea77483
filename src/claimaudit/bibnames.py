"""A BibTeX ``author`` field that lists its authors with commas, not "and".

BibTeX separates authors with "and"; within one name a comma ends the family name ("Wilson,
Greg") or the suffix ("Ford, Jr., Henry"). ``author = {Wilson, G., Bryan, J., Cranston, K.}``
is then one name with too many commas, and ``{G. Wilson, J. Bryan, K. Cranston}`` one person
whose family name is "G. Wilson": the reference check compared that as the first author and
called a cited paper's true first author a mismatch ("cited 'Wilson, G., Bryan, J.'"), or
agreed by chance. Such a field is said to be what it is, and its authors are not compared.
"""

from __future__ import annotations

# What stands between two commas of one name: a suffix ("Jr.", "III"), as BibTeX reads them.
_SUFFIXES = frozenset("jr jr. sr sr. ii iii iv v 2nd 3rd 4th".split())
_SHOWN = 60


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
    # "Ford, Jr., Henry" as BibTeX orders it, "Ford, Henry, Jr." as people write it.
    return len(parts) == 3 and not {parts[1].lower(), parts[2].lower()} & _SUFFIXES


def comma_list_warning(where: str, key: str, value: str) -> str:
    written = " ".join(value.split())
    shown = written if len(written) <= _SHOWN else written[: _SHOWN - 3] + "..."
    return (
        f"{where}: entry {key!r} separates its authors with commas ({shown!r}); BibTeX "
        "separates them with 'and', so its authors are not compared"
    )
