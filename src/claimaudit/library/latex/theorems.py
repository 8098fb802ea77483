"""The numbered theorem-like environments a paper declares, as LaTeX counts them: with
``\\newtheorem{lemma}[theorem]{Lemma}[section]`` (amsthm's and LaTeX's own) and with thmtools'
``\\declaretheorem[name=Lemma, sibling=theorem, numberwithin=section]{lemma}``, llncs's
``\\spnewtheorem{obs}[theorem]{Observation}{\\bfseries}{\\itshape}`` and its own, as its class
options number them. Declared in the order written: a shared counter must be declared before.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from claimaudit.library.latex.babel import main_language


@dataclass(frozen=True)
class Theorem:
    counter: str  # the counter it steps (its own, or the one it shares)
    within: str | None  # the level its number is reset by and prefixed with
    title: str  # what its head prints before the number ("Relationship")
    reset: str | None = None  # a level that resets it without prefixing it (llncs's option)
    separator: str = "."  # between the prefix and its own number (llncs's: none, "11")


# amsthm's unnumbered form is ``\\newtheorem*{claim}{Claim}``.
_NEWTHEOREM = re.compile(
    r"\\newtheorem\s{0,40}(\*?)\s{0,40}\{\s{0,40}([A-Za-z@*]+)\s{0,40}\}"
    r"\s{0,40}(?:\[\s{0,40}([A-Za-z@]+)\s{0,40}\])?\s{0,40}\{([^{}\n]{1,60})\}"
    r"(?:\s{0,40}\[\s{0,40}([A-Za-z@]+)\s{0,40}\])?"
)
# llncs's (and Springer's other classes'): ``\\spnewtheorem{name}[shared]{Title}[level]`` then
# the fonts of its head and body, or ``\\spnewtheorem*{name}{Title}`` (unnumbered).
_SPNEWTHEOREM = re.compile(
    r"\\spnewtheorem\s{0,40}(\*?)\s{0,40}\{\s{0,40}([A-Za-z@]+)\s{0,40}\}"
    r"\s{0,40}(?:\[\s{0,40}([A-Za-z@]+)\s{0,40}\])?\s{0,40}\{([^{}\n]{1,60})\}"
    r"(?:\s{0,40}\[\s{0,40}([A-Za-z@]+)\s{0,40}\])?"
)
# thmtools': options before the name, or (its newer form) after it; one level of braces in them.
_OPTIONS = r"\[((?:[^\[\]{}]|\{[^{}]{0,200}\}){0,600})\]"
_DECLARETHEOREM = re.compile(
    r"\\declaretheorem\s{0,40}(?:" + _OPTIONS + r")?\s{0,40}\{\s{0,40}([A-Za-z@]+)\s{0,40}\}"
    r"(?:\s{0,40}" + _OPTIONS + r")?"
)
_OPTION = re.compile(r"\s*([A-Za-z]+)\s*(?:=\s*(\{[^{}]*\}|[^,]*))?\s*(?:,|$)")
_SHARED = ("sibling", "numberlike", "sharenumber")
_WITHIN = ("numberwithin", "parent", "within")
_PLAIN_TITLE = re.compile(r"[A-Za-z][A-Za-z .'-]{0,40}")
# Environments that are theorem-like by name: one the paper's source does not declare (a
# class's own, llncs's) is numbered by rules not read here.
THEOREM_LIKE = frozenset(
    "theorem lemma corollary proposition definition remark example claim conjecture "
    "assumption hypothesis observation fact problem exercise question note property "
    "solution notation axiom".split()
)


# llncs's own (llncs.cls, v2.23): ``theorem`` and these, each with its own counter unless the
# class options say otherwise; ``claim`` and ``proof`` are unnumbered ("Proof.").
_LLNCS_OTHERS = (
    "case conjecture corollary definition example exercise lemma note problem property "
    "proposition question solution remark"
).split()
LLNCS_UNNUMBERED = {"claim": "Claim", "proof": "Proof"}
_LLNCS = re.compile(
    r"\\documentclass\s{0,40}(?:\[([^\]]{0,500})\])?\s{0,40}\{\s{0,40}llncs\s{0,40}\}"
)


_CLASS_OPTIONS = re.compile(r"\\documentclass\s{0,40}\[([^\]]{0,500})\]")


def _class_options(source: str) -> set[str]:
    match = _CLASS_OPTIONS.search(source)
    return {o.strip() for o in match.group(1).split(",")} if match else set()


def _llncs_options(source: str) -> set[str] | None:
    """The options of the llncs class the paper loads; None where it loads another."""
    match = _LLNCS.search(source)
    return None if match is None else {o.strip() for o in (match.group(1) or "").split(",")}


def class_theorems(source: str) -> dict[str, Theorem] | None:
    """The numbered theorem-like environments the paper's class declares, as its options set
    them (llncs's: ``envcountsame`` shares the theorem counter, ``envcountsect`` numbers each
    within its section, ``envcountreset`` starts each counter again at a section without
    showing it: "Theorem 1" in each); None for a class not known here."""
    options = _llncs_options(source)
    if options is None:
        return None
    within = "section" if "envcountsect" in options else None
    # llncs.cls: \@addtoreset{theorem}{section} and, each with its own counter, the others too.
    reset = "section" if within is None and "envcountreset" in options else None
    theorems = {"theorem": Theorem("theorem", within, "Theorem", reset)}
    for name in _LLNCS_OTHERS:
        title = name[:1].upper() + name[1:]
        if "envcountsame" in options:
            theorems[name] = Theorem("theorem", within, title, reset)
        else:
            theorems[name] = Theorem(name, within, title, reset)
    return theorems


def declared_theorems(source: str, known: dict[str, Theorem] | None = None) -> dict[str, Theorem]:
    """Each numbered theorem-like environment ``source`` declares -> how it is numbered, after
    those ``known`` (its class's), whose counters a declaration may share."""
    found = sorted(theorem_declarations(source), key=lambda match: match.start())
    # Springer's classes (llncs, svjour) print \spnewtheorem's level and number with nothing
    # between ("Fact 11") unless their ``envcountsect`` option puts a full stop there.
    separator = "." if "envcountsect" in _class_options(source) else ""
    theorems: dict[str, Theorem] = dict(known or {})
    for match in found:
        declared = _declared(match) if match.re is _DECLARETHEOREM else _newtheorem(match)
        if declared is None:
            continue
        name, shared, title, within = declared
        if name.endswith("*"):
            continue  # unnumbered
        title = " ".join(title.split())
        if not _PLAIN_TITLE.fullmatch(title):
            title = ""  # a title in markup is not printed as a guess
        if shared and shared in theorems:
            theorems[name] = replace(theorems[shared], title=title)
        elif shared:
            continue  # sharing a counter not declared here (a class's): not known
        elif match.re is _SPNEWTHEOREM:
            theorems[name] = Theorem(name, within, title, separator=separator)
        else:
            theorems[name] = Theorem(counter=name, within=within, title=title)
    return theorems


# amsthm loaded (by the preamble, or by a package beside the paper).
AMSTHM = re.compile(
    r"\\(?:usepackage|RequirePackage)\s{0,40}(?:\[[^\]]{0,500}\])?\s{0,40}\{[^{}]{0,500}\bamsthm\b"
)


def theorem_declarations(text: str) -> list[re.Match[str]]:
    """The theorem declarations of ``text`` (a package's, comments dropped), as found."""
    return [
        *_NEWTHEOREM.finditer(text),
        *_DECLARETHEOREM.finditer(text),
        *_SPNEWTHEOREM.finditer(text),
    ]


def unnumbered_theorems(source: str, proof: str | None = None) -> dict[str, str]:
    """amsthm's unnumbered environments (``\\newtheorem*{claim}{Claim}``) ``source`` declares ->
    the head they print ("Claim"), and its ``proof`` ("Proof") where ``source`` loads amsthm
    (a title in markup left out); ``proof`` is its head as ``proof_name`` read it before the
    paper's definitions were expanded (and so dropped), where given."""
    proof = proof_name(source) if proof is None else proof
    heads = {"proof": proof} if proof and AMSTHM.search(source) else {}
    for match in [*_NEWTHEOREM.finditer(source), *_SPNEWTHEOREM.finditer(source)]:
        name, _, title, _ = _newtheorem(match)
        title = " ".join(title.split())
        if name.endswith("*") and _PLAIN_TITLE.fullmatch(title):
            heads[name.removesuffix("*")] = title
    return heads


_PROOFNAME = re.compile(
    r"\\(?:(?:re)?newcommand\*?|def(?![A-Za-z@]))\s{0,40}\{?\s{0,40}\\proofname(?![A-Za-z@])"
    r"\s{0,40}\}?\s{0,40}\{([^{}\n]{0,60})\}"
)
_ENGLISH = frozenset(
    "english american USenglish usenglish canadian british UKenglish ukenglish australian "
    "newzealand".split()
)


def proof_name(source: str) -> str:
    """What amsthm's proof head prints: "Proof", or the paper's ``\\proofname``; "" where
    another language may name it ("Beweis"), which is not known here."""
    named = _PROOFNAME.findall(source)
    if named:
        title = " ".join(named[-1].split())
        return title if _PLAIN_TITLE.fullmatch(title) else ""
    language = main_language(source)
    return "Proof" if language is None or language in _ENGLISH else ""


def declared_titles(source: str, start: int) -> dict[str, str]:
    """The title of each numbered environment ``\\newtheorem`` declares from ``start`` on
    (a title in markup left out)."""
    titles: dict[str, str] = {}
    for match in _NEWTHEOREM.finditer(source, start):
        name, _, title, _ = _newtheorem(match)
        title = " ".join(title.split())
        if not name.endswith("*") and _PLAIN_TITLE.fullmatch(title):
            titles[name] = title
    return titles


def _newtheorem(match: re.Match[str]) -> tuple[str, str | None, str, str | None]:
    """``\\newtheorem``'s parts: name (with a star where unnumbered), shared counter, title,
    level."""
    star, name, shared, title, within = match.groups()
    return name + star, shared, title, within


def _declared(match: re.Match[str]) -> tuple[str, str | None, str, str | None] | None:
    """thmtools' declaration as ``\\newtheorem``'s parts (name, shared counter, title, level);
    None for an unnumbered one. Its title is the name capitalised unless ``name=`` says."""
    before, name, after = match.groups()
    options: dict[str, str] = {}
    for text in (before or "", after or ""):
        for option in _OPTION.finditer(text):
            if option.group(1):
                value = (option.group(2) or "").strip()
                options[option.group(1)] = value.removeprefix("{").removesuffix("}").strip()
    if options.get("numbered", "yes") != "yes":
        return None  # "no", or "unless unique": not known here
    title = options.get("name") or options.get("title") or name[:1].upper() + name[1:]
    shared = next((options[key] for key in _SHARED if options.get(key)), None)
    within = next((options[key] for key in _WITHIN if options.get(key)), None)
    return name, shared, title, within
