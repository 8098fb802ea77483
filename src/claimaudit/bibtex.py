"""BibTeX read into records (``claimaudit.bibfile``): parsed by bibtexparser, ``@string``
macros and ``#`` concatenation resolved (``claimaudit.bibmacros``), enclosing braces removed,
the ``@preamble``'s macros expanded (``claimaudit.bibpreamble``), an entry's ``crossref``
parent giving it the fields it lacks (``claimaudit.bibcrossref``), names read by BibTeX's rules
(``claimaudit.bibauthors``); a block that could not be parsed, or repeats a key, kept as an
``UnreadEntry``. Before parsing, what bibtexparser misreads is made what BibTeX reads: a ``%``
comment between fields, a ``\\\\`` before a brace.
"""

from __future__ import annotations

import logging
import re
import unicodedata
from collections.abc import Sequence
from typing import Any

from claimaudit.bibaliases import alias_warnings
from claimaudit.bibauthors import (
    family_names,
    name_list_separator,
    others_as_name,
    suffix_in_family,
    suffix_last,
)
from claimaudit.bibcrossref import XDATA, CrossrefEntry, inherit
from claimaudit.bibnames import comma_list_warning
from claimaudit.bibrecords import BibFile, BibRecord, UnreadEntry, year_as_written
from claimaudit.bibyears import entry_years
from claimaudit.text.plain import plain_text

# The key a block that could not be parsed seems to give: what follows "@type{".
_BLOCK_KEY = re.compile(r"@\s*\w+\s*[{(]\s*([^\s,{}()=\"#%]+)")
# A key written with TeX's braces (an accent, "k{\\"u}hn2020"), up to the comma after it.
_BRACED_KEY = re.compile(
    r"@\s*\w+\s*[{(]\s*([^\s,{}()=\"#%]*+"
    r"(?:\{(?:[^{}\s,]|\{[^{}\s,]{1,5}\}){1,20}\}[^\s,{}()=\"#%]*+)+)\s*,"
)
# An entry's own biblatex options (``options = {useprefix=true}``): its names cited with their
# prefix whatever the document's setting.
_ENTRY_USEPREFIX = re.compile(r"(?:^|,)\s*useprefix\s*(?:=\s*true\s*)?(?:,|$)", re.IGNORECASE)


def _why(error: object) -> str:
    reason = str(getattr(error, "abort_reason", None) or error or "")
    # bibtexparser's own hint ("Note: The entry ... is available as ...") is about its API.
    if " Note: " in reason:
        reason = reason.split(" Note: ")[0].rstrip(".")
    return " ".join(reason.split())


def _key_refused(key: str) -> str | None:
    """Why an entry's key is no key BibTeX or biber read, or None: none written (biber skips
    the entry, "Invalid or undefined BibTeX entry key"), or one holding white space (BibTeX
    ends a key there and fails on the word after it; bibtexparser kept "a b" as one key)."""
    if not key.strip():
        return "it has no key"
    if len(key.split()) > 1:
        return f"its key {' '.join(key.split())!r} holds white space, which ends a BibTeX key"
    return None


def _bad_key(key: str, line: int | None, source: str | None) -> UnreadEntry | None:
    """An entry whose key BibTeX and biber refuse (``_key_refused``), not read, or None.
    ``key`` is what BibTeX reads, its first word: a citation of it is told why."""
    why = _key_refused(key)
    if why is None:
        return None
    first = key.split()[0] if key.strip() else None
    return UnreadEntry(line, f"an entry that could not be read ({why})", first, source, why)


def _unread(block: Any, source: str | None, lines: Sequence[str] = ()) -> UnreadEntry:
    from bibtexparser.model import DuplicateBlockKeyBlock

    line = block.start_line + 1 if block.start_line is not None else None
    if isinstance(block, DuplicateBlockKeyBlock) and (bad := _bad_key(block.key, line, source)):
        return bad  # a second entry without a key: as the first, refused for its key
    if isinstance(block, DuplicateBlockKeyBlock):
        return UnreadEntry(
            line,
            f"a second entry with the key {block.key!r}, ignored (the first is used)",
            source=source,
            duplicate=True,
        )
    parsed = getattr(block, "ignore_error_block", None)  # a duplicate field: parsed, not kept
    key = getattr(parsed, "key", None)
    if not isinstance(key, str):
        match = _BLOCK_KEY.match(str(block.raw or "").lstrip())
        key = match.group(1) if match else None
    why = _why(getattr(block, "error", None))
    if parsed is None and (braced := _BRACED_KEY.match(_from_block(block, lines))):
        # "k{\"u}hn2020": the parser's "found {" named no cause, and a citation of the key
        # as it prints, "kühn2020", was "no bibliography entry".
        written = braced.group(1)
        key = plain_text(written) or key
        # Quoted as written: repr() doubles each backslash of "{\\'E}".
        why = f"its key '{written}' holds TeX braces, which no key may hold; write it '{key}'"
    reason = "an entry that could not be read" + (f" ({why})" if why else "")
    return UnreadEntry(line, reason, key, source, why or None)


def _from_block(block: Any, lines: Sequence[str]) -> str:
    """The text from where ``block`` starts, a few lines of it: the parser's ``raw`` of a block
    it gave up on stops where it failed ("@article{k{")."""
    raw = str(block.raw or "").lstrip()
    start = block.start_line
    if start is None or not 0 <= start < len(lines) or not raw:
        return raw
    text = "\n".join(lines[start : start + 3])
    at = text.find(raw)
    return text[at:] if at >= 0 else raw


def _repeated_field(item: Any, source: str | None) -> UnreadEntry | None:
    """An entry giving one field twice in two cases (``title`` and ``Title``), which BibTeX
    reads as one name: not read, as bibtexparser does not read one giving it twice in one
    case. Kept, the last silently won, where BibTeX keeps the first and warns."""
    seen: set[str] = set()
    for name in item.fields_dict:
        if name.lower() in seen:
            line = item.start_line + 1 if item.start_line is not None else None
            why = f"Duplicate field keys on entry: {name.lower()!r}"
            return UnreadEntry(
                line, f"an entry that could not be read ({why})", item.key, source, why
            )
        seen.add(name.lower())
    return None


def _written(value: str | None) -> bool:
    """Whether a field holds more than white space and braces."""
    return bool((value or "").replace("{", "").replace("}", "").strip())


def _keys_in_two_cases(records: list[BibRecord], source: str | None) -> list[str]:
    """A warning for each entry whose key is an earlier entry's in another case ("smith2020"
    after "Smith2020"): biber and Pandoc read two entries, BibTeX one (the second is its
    "repeated entry", ignored), so which work a citation names depends on the tool. Likewise
    one in another Unicode form ("ü" as "u" and a combining accent), where it is the other
    way round: BibTeX reads two keys (their bytes differ), biber one (it reads both as NFD)."""
    first: dict[str, BibRecord] = {}
    forms: dict[str, BibRecord] = {}
    said: list[str] = []
    for record in records:
        where = f"{source or 'the bibliography'}{f' line {record.line}' if record.line else ''}"
        composed = unicodedata.normalize("NFC", record.key)
        earlier = forms.setdefault(composed, record)
        if earlier is not record:
            at = f" (line {earlier.line})" if earlier.line else ""
            said.append(
                f"{where}: entry {record.key!r} has the key of entry {earlier.key!r}{at} in "
                "another Unicode form; both are read, as BibTeX reads them, but biber ignores "
                "the second as a duplicate"
            )
            continue
        earlier = first.setdefault(composed.casefold(), record)
        if earlier is record:
            continue
        at = f" (line {earlier.line})" if earlier.line else ""
        said.append(
            f"{where}: entry {record.key!r} has the key of entry {earlier.key!r}{at} in another "
            "case; both are read, as biber reads them, but BibTeX ignores the second as a "
            "repeated entry"
        )
    return said


def _defined_later(use: tuple[int | None, str, str, str], source: str | None) -> str:
    line, key, field, macro = use
    where = f"{source or 'the bibliography'}{f' line {line}' if line else ''}"
    return (
        f"{where}: entry {key!r} uses @string {macro!r} in its {field}, defined only below it, "
        f"which BibTeX does not read; the {field} is read as written (define it above the entry)"
    )


# What the comment scan stops at: an escape (``\\{`` is no brace), a brace, a quote, a ``%``;
# and an entry's start, ``@article{``.
_COMMENT_TOKEN = re.compile(r'\\.|[{}"%]', re.DOTALL)
_ENTRY_START = re.compile(r"@\s*[A-Za-z]+\s*\{")


def _blank_field_comments(text: str) -> str:
    """``text`` with each ``%`` comment between an entry's fields (``title = {T}, % final``, or
    a line of its own) blanked to the end of its line, as biber skips it: bibtexparser read it
    as part of the next field's name, "% final\\n author", so the author was lost, and a ``,``
    or ``=`` in it split the entry wrongly. A ``%`` inside a value (``{50% of cases}``) stays.
    Lengths and line breaks are kept, so every entry keeps its line number."""
    if "%" not in text:
        return text
    blanked: list[tuple[int, int]] = []
    position = 0
    while (entry := _ENTRY_START.search(text, position)) is not None:
        depth, quoted, position = 1, False, entry.end()
        while depth and (token := _COMMENT_TOKEN.search(text, position)) is not None:
            char, position = token.group(), token.end()
            if char == "{":
                depth += 1
            elif char == "}":
                depth -= 1
            elif char == '"' and depth == 1:
                quoted = not quoted
            elif char == "%" and depth == 1 and not quoted:
                end = text.find("\n", position)
                end = len(text) if end < 0 else end
                blanked.append((token.start(), end))
                position = end
        if depth:
            break  # an entry never closed: the rest is left to the parser, as before
    if not blanked:
        return text
    parts: list[str] = []
    last = 0
    for start, end in blanked:
        parts += [text[last:start], " " * (end - start)]
        last = end
    return "".join([*parts, text[last:]])


def _hide_double_backslashes(text: str) -> tuple[str, str | None]:
    """``text`` with each ``\\\\`` (TeX's line break) as one character it does not hold, and
    that character. bibtexparser takes a brace or quote after a backslash for an escaped one,
    so ``title={A \\\\}`` ran on to the next entry and was not read; BibTeX counts braces
    whatever stands before them, and after ``\\\\`` TeX too reads a brace as a brace. (A few
    private-use characters are tried: a text holding them all is read as before.)"""
    if "\\\\" not in text:
        return text, None
    mark = next((chr(c) for c in range(0xE000, 0xE010) if chr(c) not in text), None)
    return (text, None) if mark is None else (text.replace("\\\\", mark), mark)


def read_bibtex(text: str, source: str | None, outside: Sequence[CrossrefEntry] = ()) -> BibFile:
    """The entries of BibTeX ``text``, and its blocks that could not be read as one; ``source``
    names it in what is said of them. ``outside``: the entries of the bibliography's other
    files, where a ``crossref`` or ``xdata`` key the text does not have is looked for."""
    # Imported on use: every command loads this module's importers, few need BibTeX.
    from bibtexparser.entrypoint import parse_string
    from bibtexparser.middlewares.enclosing import RemoveEnclosingMiddleware

    from claimaudit.bibmacros import ResolveMacrosMiddleware
    from claimaudit.bibpreamble import apply_macros, preamble_macros

    # bibtexparser logs each block it cannot parse to stderr (Python's last-resort handler);
    # the failure is reported once, as our own one-line error, instead.
    logger = logging.getLogger("bibtexparser")
    level = logger.level
    logger.setLevel(logging.CRITICAL)
    hidden, mark = _hide_double_backslashes(text)
    hidden = _blank_field_comments(hidden)
    try:
        # bibtexparser's default stack, but with ``#`` concatenation joined (``bibmacros``).
        resolve = ResolveMacrosMiddleware()
        stack = [resolve, RemoveEnclosingMiddleware(True)]
        library = parse_string(hidden, parse_stack=stack)
    finally:
        logger.setLevel(level)

    def shown(value: str) -> str:
        return value.replace(mark, "\\\\") if mark else value

    # The @preamble's macros (and the sorting trick's \noop) as LaTeX prints them: "{\noop{a}}
    # Title" is "Title" (``bibpreamble``).
    macros = preamble_macros(str(p.value) for p in library.preambles)
    # An entry refused for its key (none, or one with a space) or for a field given twice.
    doubled = [
        _bad_key(item.key, item.start_line + 1 if item.start_line is not None else None, source)
        or _repeated_field(item, source)
        for item in library.entries
    ]
    read = [
        CrossrefEntry(
            shown(item.key),
            {
                name.lower(): shown(apply_macros(name.lower(), str(f.value), macros))
                for name, f in item.fields_dict.items()
            },
            item.start_line + 1 if item.start_line is not None else None,
            item.entry_type.lower(),
        )
        for item, repeated in zip(library.entries, doubled, strict=True)
        if repeated is None
    ]
    # An entry's ``crossref`` parent gives it the fields it lacks, as BibTeX and biber read it.
    lines = hidden.split("\n")
    failed = [_unread(b, source, lines) for b in library.failed_blocks]
    failed += [unread for unread in doubled if unread is not None]
    failed.sort(key=lambda unread: unread.line or 0)
    # A parent whose entry could not be read is said so, not "which no entry has".
    broken = {u.key.casefold(): u.line for u in reversed(failed) if u.key and not u.duplicate}
    inherited, warnings, orphans = inherit(read, source, outside, broken)
    warnings[:0] = [_defined_later(use, source) for use in resolve.defined_later]
    records: list[BibRecord] = []
    years = entry_years(read, outside, source)
    for index, (entry, fields) in enumerate(zip(read, inherited, strict=True)):
        if entry.kind == XDATA:
            continue  # biblatex's shared data, which other entries take in: no work of its own
        # An author field of white space names no one: the editors are read, as BibTeX's styles
        # (``empty$``) read them; one of braces alone ("{}", a placeholder) names no one either.
        authors = next((fields[f] for f in ("author", "editor") if _written(fields.get(f))), "")
        line = entry.line
        year = years[index]
        warnings += year.warnings
        names, et_al = family_names(authors)
        if (suffixed := suffix_last(authors)) is not None:
            where = f"{source or 'the bibliography'}{f' line {line}' if line else ''}"
            warnings.append(
                f"{where}: entry {entry.key!r} writes the name {suffixed!r} with its suffix "
                "last, which BibTeX and biber read as the family name; it is read by the word "
                "before it (write 'Family, Jr., Given')"
            )
        if (inside := suffix_in_family(authors)) is not None:
            where = f"{source or 'the bibliography'}{f' line {line}' if line else ''}"
            name, bibtex_family, right = inside
            warnings.append(
                f"{where}: entry {entry.key!r} writes the name {name!r} with its suffix in "
                f"the family name, which BibTeX and biber read as {bibtex_family!r}; it is read "
                f"without the suffix (write {right!r})"
            )
        if (mark := others_as_name(authors)) is not None:
            where = f"{source or 'the bibliography'}{f' line {line}' if line else ''}"
            warnings.append(
                f"{where}: entry {entry.key!r} lists {mark!r} among its authors, read as "
                "'et al.' as biber reads it, but BibTeX prints it as a name (write 'others')"
            )
        if (separator := name_list_separator(authors)) is not None:
            where = f"{source or 'the bibliography'}{f' line {line}' if line else ''}"
            warnings.append(comma_list_warning(where, entry.key, authors, separator))
            names, et_al = (), False
        families = tuple(full for full, _ in names)
        bare = tuple(short for _, short in names)
        if _ENTRY_USEPREFIX.search(fields.get("options") or "") or bare == families:
            bare = ()
        unread = year_as_written(year.written) if year.year is None else None
        short = fields.get("shortauthor") or fields.get("shorteditor") or ""
        shorts = tuple(full for full, _ in family_names(short)[0]) if short.strip() else ()
        records.append(
            BibRecord(
                entry.key,
                fields,
                families,
                year.year,
                line,
                et_al,
                unread,
                bare_authors=bare,
                short_authors=shorts,
                kind=entry.kind,
            )
        )
    warnings += _keys_in_two_cases(records, source)
    warnings += alias_warnings(records, source)
    return BibFile(
        records,
        tuple(failed),
        warnings=tuple(warnings),
        entries=tuple(read),
        orphans=tuple(orphans),
    )
