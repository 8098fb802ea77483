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
_PUBMED_INITIALS = re.compile(r"[A-Z]{1,3}")
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
    if extended_family(name) is not None:
        return False  # biblatex's "family=Walt, given=Stefan": one name
    parts = _parts(name)
    if len(parts) > 3:
        return True
    if len(parts) == 2 and all(map(_a_person, parts)):
        return True  # "G. Wilson, J. Bryan", "Wilson G., Bryan J.": two people
    # "Ford, Jr., Henry" as BibTeX orders it, "Ford, Henry, Jr." as people write it.
    return len(parts) == 3 and not {parts[1].lower(), parts[2].lower()} & _SUFFIXES


def _is_initial(word: str) -> bool:
    """ "G.", "J.-P.", or one to three capitals as PubMed writes initials ("GV")."""
    return word[:1].isupper() and (
        _INITIAL.fullmatch(word) is not None or _PUBMED_INITIALS.fullmatch(word) is not None
    )


def _a_person(part: str) -> bool:
    """Whether one side of a comma is a person written initials first ("G. Wilson",
    "J.-P. Sartre", "G Wilson": one or more initials, then words ending in a family name) or,
    as PubMed writes names, family name first and initials last ("Wilson G.", "Le Cun Y")."""
    words = _WORD.findall(plain_text(part))
    if len(words) > 1 and _is_initial(words[-1]) and not _is_initial(words[0]):
        return _is_family(words[0])
    initials = 0
    while initials < len(words) and _is_initial(words[initials]):
        initials += 1
    if not 0 < initials < len(words):
        return False
    return _is_family(words[-1])


def _is_family(word: str) -> bool:
    return (
        _FAMILY.fullmatch(word) is not None
        and word[:1].isupper()
        and any(c.islower() for c in word)
    )


# biblatex's extended name format: "family=Walt, given=Stéfan, prefix=van der, useprefix=true".
_EXTENDED_PART = re.compile(r"\s*([a-z-]+)\s*=\s*(.*)", re.DOTALL)


def extended_family(name: str) -> str | None:
    """The family name (its prefix first, "van der Walt", as BibTeX reads "van der Walt,
    Stéfan") of one name in biblatex's extended format, in which every part is ``key=value``;
    None for any other name."""
    parts = extended_parts(name)
    if parts is None:
        return None
    family, prefix, _ = parts
    return f"{prefix} {family}" if prefix else family


def extended_parts(name: str) -> tuple[str, str, bool | None] | None:
    """The family name, its prefix ("" for none) and the name's own ``useprefix`` (None when
    it gives none) of one name in biblatex's extended format; None for any other name."""
    parts = [_EXTENDED_PART.fullmatch(part) for part in _parts(name)]
    if not all(parts) or len(parts) < 2:
        return None
    values = {m.group(1): m.group(2).strip() for m in parts if m is not None}
    family = _unbraced(values.get("family", "").strip())
    if not family:
        return None
    prefix = _unbraced(values.get("prefix", "").strip())
    written = values.get("useprefix", "").strip().lower()
    useprefix = {"true": True, "": None if "useprefix" not in values else True, "false": False}
    return family, prefix, useprefix.get(written)


def _unbraced(value: str) -> str:
    return value[1:-1] if value.startswith("{") and value.endswith("}") else value


def list_separator(name: str) -> str | None:
    """What one BibTeX name (as split at "and") separates several people's names with:
    "semicolons" ("G. Wilson; J. Bryan", a semicolon outside braces) or "commas"
    (``is_comma_list``); None for one person's name."""
    depth = 0
    for char in name:
        depth += {"{": 1, "}": -1}.get(char, 0)
        if char == ";" and depth == 0:
            return "semicolons"
    return "commas" if is_comma_list(name) else None


def comma_list_warning(where: str, key: str, value: str, separator: str = "commas") -> str:
    written = " ".join(value.split())
    shown = written if len(written) <= _SHOWN else written[: _SHOWN - 3] + "..."
    return (
        f"{where}: entry {key!r} separates its authors with {separator} ({shown!r}); BibTeX "
        "separates them with 'and', so its authors are not compared"
    )
