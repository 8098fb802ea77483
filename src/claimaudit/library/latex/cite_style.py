"""Which citation package and style a LaTeX paper sets, read from its preamble and its own
packages: whether a bare ``\\cite`` prints names (natbib's author-year mode), how many authors a
textual citation lists (biblatex's ``maxcitenames``), and whether it prints a name's prefix
(biblatex's ``useprefix``)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from claimaudit.bibfile import MAX_BIBLIOGRAPHY_BYTES

# Commands only natbib defines: a source using them has natbib loaded, by its own \usepackage
# line or by its class (PeerJ's wlpeerj loads it, in author-year mode).
_NATBIB_ONLY = re.compile(r"\\(?:[cC]ite(?:al)?[pt]|citeyearpar)(?![A-Za-z])")
_PACKAGE = re.compile(
    r"\\(?:usepackage|RequirePackage)\s{0,40}(?:\[(?P<options>[^\]]{0,500})\])?\s{0,40}"
    r"\{(?P<names>[^{}]{0,500})\}"
)
_CITE_STYLE = re.compile(r"\\setcitestyle\s{0,40}\{(?P<options>[^{}]{0,500})\}")
_NUMERIC_OPTIONS = frozenset({"numbers", "super"})
# Bibliography styles that write no author-year labels, or that natbib itself sets to numbers.
_STYLE = re.compile(r"\\bibliographystyle\s{0,40}\{(?P<style>[^{}]{0,200})\}")
_NUMERIC_STYLES = frozenset(
    {"plain", "unsrt", "alpha", "abbrv", "ieeetr", "acm", "siam", "nature", "cospar", "esa"}
)
# A compiled bibliography entry without natbib's author-year label (a numeric style such as
# plain or unsrt): natbib then falls back to numbers whatever its options.
_NUMERIC_BIBITEM = re.compile(r"\\bibitem\s{0,40}\{")


def cite_prints_names(source: str, package_texts: Sequence[str] = ()) -> bool:
    """Whether the source's bare ``\\cite`` prints its works' names, as natbib's author-year
    mode (its default) prints it like ``\\citet``: "found in \\cite{notes}" reads "found in
    Haenel et al. (2014)" in the PDF. Only natbib's, loaded by the source, by one of its own
    packages (``package_texts``, the ``.sty`` files beside it: ``\\RequirePackage{natbib}``)
    or (its own commands used) by the class, and not set to numbers; biblatex and numeric
    styles (``plain``, ``unsrt``...) print a mark."""
    loaded = False
    loads = (m for text in (*package_texts, source) for m in _PACKAGE.finditer(text))
    for match in loads:
        packages = {name.strip() for name in match.group("names").split(",")}
        options = {opt.strip() for opt in (match.group("options") or "").split(",")}
        if packages & {"biblatex", "cite"}:
            return False
        if "natbib" in packages:
            loaded = True
            if options & _NUMERIC_OPTIONS:
                return False
    if not loaded and _NATBIB_ONLY.search(source) is None:
        return False
    for match in _CITE_STYLE.finditer(source):
        if {opt.strip() for opt in match.group("options").split(",")} & _NUMERIC_OPTIONS:
            return False
    return not any(m.group("style").strip() in _NUMERIC_STYLES for m in _STYLE.finditer(source))


def numeric_bibliography(files: Sequence[tuple[Path, bytes]]) -> bool:
    """Whether a compiled bibliography among ``files`` has entries without author-year labels,
    which puts natbib in numeric mode."""
    return any(
        path.suffix == ".bbl"
        and len(data) <= MAX_BIBLIOGRAPHY_BYTES
        and _NUMERIC_BIBITEM.search(data.decode("utf-8-sig", "replace")) is not None
        for path, data in files
    )


# biblatex lists a work's authors in a citation up to ``maxcitenames`` (or ``maxnames``), three
# unless the paper says otherwise; natbib up to two.
NATBIB_NAME_LIMIT = 2
BIBLATEX_NAME_LIMIT = 3
_NAME_LIMIT = re.compile(r"\b(max(?:cite)?names)\s*=\s*(\d{1,3})")
_BIBLATEX_OPTIONS = re.compile(
    r"\\ExecuteBibliographyOptions\s{0,40}(?:\[[^\]]{0,200}\])?\s{0,40}\{([^{}]{0,500})\}"
)


def _biblatex_options(source: str, package_texts: Sequence[str] = ()) -> list[str] | None:
    """The options the paper gives biblatex, in the order they count (its package options,
    then ``\\ExecuteBibliographyOptions``, its packages' then its own); None where neither the
    source nor one of its packages loads biblatex."""
    options: list[str] = []
    loaded = False
    for match in (m for text in (*package_texts, source) for m in _PACKAGE.finditer(text)):
        if "biblatex" in {name.strip() for name in match.group("names").split(",")}:
            loaded = True
            options.append(match.group("options") or "")
    if not loaded:
        return None
    # A package's \ExecuteBibliographyOptions counts too (``mystyle.sty`` loads biblatex and
    # sets it there); the source's, read last, wins.
    texts = (*package_texts, source)
    return options + [m.group(1) for text in texts for m in _BIBLATEX_OPTIONS.finditer(text)]


_USEPREFIX = re.compile(r"(?<![\w-])useprefix\s*(?:=\s*(\w+))?(?![\w-])", re.IGNORECASE)


# biblatex-apa sets ``useprefix=true`` (APA cites "van Dijk"); a paper's own setting still wins.
_APA_STYLE = re.compile(r"(?<![\w-])(?:cite)?style\s*=\s*apa\b", re.IGNORECASE)


def biblatex_useprefix(source: str, package_texts: Sequence[str] = ()) -> bool | None:
    """Whether a textual citation prints a name's prefix, as biblatex's ``useprefix`` says
    ("van Dijk" with ``useprefix`` or ``useprefix=true``, or under ``style=apa``; "Dijk" by
    default); None where the paper does not load biblatex (natbib's styles print it)."""
    options = _biblatex_options(source, package_texts)
    if options is None:
        return None
    useprefix = any(_APA_STYLE.search(text) for text in options)
    for text in options:
        for written in _USEPREFIX.finditer(text):
            useprefix = (written.group(1) or "true").lower() == "true"
    return useprefix


def citation_name_limit(source: str, package_texts: Sequence[str] = ()) -> int:
    """How many authors the paper's textual citations list before "et al.": biblatex's
    ``maxcitenames`` (its package options or ``\\ExecuteBibliographyOptions``; three by
    default) where the source or one of its packages loads biblatex, else natbib's two."""
    options = _biblatex_options(source, package_texts)
    if options is None:
        return NATBIB_NAME_LIMIT
    # "maxcitenames" is more specific than "maxnames", and the last setting counts.
    limits: dict[str, int] = {}
    for text in options:
        for written in _NAME_LIMIT.finditer(text):
            limits[written.group(1)] = int(written.group(2))
    limit = limits.get("maxcitenames", limits.get("maxnames", BIBLATEX_NAME_LIMIT))
    return max(1, limit)
