"""BibTeX's ``@string`` macros and ``#`` concatenation, as BibTeX itself reads them.

bibtexparser 2 replaces a field that is a macro's name alone (``journal = nm``) and leaves any
concatenation as written: ``doi = pre # "/s41592-019-0686-2"`` was read as that text, so the
entry had no DOI ("its doi field ... holds a space"), and a ``title = base # ": a review"`` was
compared with the catalogue's as ``base # ": a review"``. This middleware, run in its place,
joins the parts: ``{...}`` and ``"..."`` give their text, a number itself, a name the macro's
value (``@string`` definitions earlier in the file, themselves concatenations or not, and
BibTeX's ``jan`` ... ``dec``). A value naming a macro that is not defined is left as written:
BibTeX reads such a part as nothing, which would change the value without a word.
"""

from __future__ import annotations

from bibtexparser.library import Library
from bibtexparser.middlewares.middleware import LibraryMiddleware
from bibtexparser.model import Entry, String

# The longest value a macro or field is joined to. Macros of macros double at each step
# (@string{b = a # a}, @string{c = b # b}, ...): 40 lines of a file would make a terabyte.
# A value past this is left as written; no real field comes near it.
MAX_JOINED_CHARS = 100_000
# BibTeX's own macros (plain.bst and every standard style define them).
_MONTHS = dict(
    zip(
        "jan feb mar apr may jun jul aug sep oct nov dec".split(),
        (
            "January February March April May June July August September October November December"
        ).split(),
        strict=True,
    )
)


class ResolveMacrosMiddleware(LibraryMiddleware):
    """Macros and ``#`` concatenations of fields resolved to their text, braced, for
    bibtexparser's ``RemoveEnclosingMiddleware`` to unwrap as it unwraps any value."""

    def __init__(self) -> None:
        super().__init__(allow_inplace_modification=True)
        # (entry's line, key, field, macro): a value naming a macro defined only after it.
        self.defined_later: list[tuple[int | None, str, str, str]] = []

    @classmethod
    def metadata_key(cls) -> str:
        return "claimaudit_resolve_macros"

    def transform(self, library: Library) -> Library:
        # In file order, as BibTeX reads it: an entry sees the @string definitions above it
        # only (one below it was applied, where BibTeX reads the name as nothing and warns).
        macros = dict(_MONTHS)
        later = {b.key.lower() for b in library.blocks if isinstance(b, String)}
        for block in library.blocks:
            if isinstance(block, String) and isinstance(block.value, str):
                parts = _parts(block.value)
                value = _join(parts, macros) if parts is not None else None
                # BibTeX's macro names ignore case; a later definition wins, as in BibTeX. One
                # that cannot be joined is none: a value using it is left as written.
                if value is None:
                    macros.pop(block.key.lower(), None)
                else:
                    macros[block.key.lower()] = value
            elif isinstance(block, Entry):
                self._resolve(block, macros, later)
        return library

    def _resolve(self, entry: Entry, macros: dict[str, str], later: set[str]) -> None:
        line = entry.start_line + 1 if entry.start_line is not None else None
        for field in entry.fields:
            if not isinstance(field.value, str):
                continue
            value = evaluate(field.value, macros)
            if value is not None:
                field.value = "{" + value + "}"
                continue
            names = [part for part in _parts(field.value) or () if _is_name(part)]
            missing = next((n for n in names if n.lower() not in macros), None)
            if missing is not None and missing.lower() in later:
                self.defined_later.append((line, entry.key, field.key.lower(), missing))


def evaluate(raw: str, macros: dict[str, str]) -> str | None:
    """The text of a value as written in a ``.bib`` file (``nm # " (online)"``), or None
    when there is nothing to resolve (a single braced or quoted value, a number) or a part
    names no macro, or the value cannot be split into parts."""
    parts = _parts(raw)
    if parts is None or (len(parts) == 1 and not _is_name(parts[0])):
        return None
    return _join(parts, macros)


def written_text(raw: str) -> str:
    """A value's text with its ``#`` parts joined, macro names read as nothing (an
    ``@preamble``'s, whose macros are LaTeX's business); as written when it cannot be split."""
    parts = _parts(raw)
    if parts is None:
        return raw
    return "".join(_text(part) for part in parts if not _is_name(part))


def _join(parts: list[str], macros: dict[str, str]) -> str | None:
    """The parts' texts joined; None when a name is no macro, or past ``MAX_JOINED_CHARS``."""
    texts: list[str] = []
    size = 0
    for part in parts:
        if _is_name(part):
            if part.lower() not in macros:
                return None
            text = macros[part.lower()]
        else:
            text = _text(part)
        size += len(text)
        if size > MAX_JOINED_CHARS:
            return None
        texts.append(text)
    return "".join(texts)


def _is_name(part: str) -> bool:
    return bool(part) and not part.isdigit() and part[0] not in '{"'


def _text(part: str) -> str:
    """A braced or quoted part without its delimiters; anything else as it is."""
    part = part.strip()
    if len(part) >= 2 and (part[0], part[-1]) in (("{", "}"), ('"', '"')):
        return part[1:-1]
    return part


def _parts(raw: str) -> list[str] | None:
    """``raw`` split at each ``#`` outside braces and quotes, or None when a brace or quote
    is left open, or a part is empty (``a # # b``)."""
    parts: list[str] = []
    depth, quoted, start = 0, False, 0
    for index, char in enumerate(raw):
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth < 0:
                return None
        elif char == '"' and depth == 0:
            quoted = not quoted
        elif char == "#" and depth == 0 and not quoted:
            parts.append(raw[start:index].strip())
            start = index + 1
    if depth or quoted:
        return None
    parts.append(raw[start:].strip())
    return parts if all(parts) else None
