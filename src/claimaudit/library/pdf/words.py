"""A PDF's lines joined into text, with the hyphens TeX put at line ends undone.

"com-" then "puting" reads "computing"; "ready-to-" then "analyze" keeps its hyphen. The
paper's own vocabulary decides: the words it prints whole, anywhere. A web address broken at a
line end ("https://github.com/scikit-image/" then "scikit-image-demos") reads whole: LaTeX's
``url`` package breaks addresses after such characters without a hyphen or a space.

Not every typesetter hyphenates. A web browser printing a page, and a word processor as it
comes, break lines only at spaces and after hyphens already in the text, so there a hyphen at a
line end is always the text's own: "hair-" then "splitting" reads "hair-splitting", and
"2016-05-" then "alaska-b.csv" reads whole. The PDF's producer tells (``breaks_words``).
A browser does break a word at a soft hyphen, though, and prints its hyphen as U+2010, where
the text's own hyphens stay "-": such a line end is joined by TeX's rules, from any producer.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Mapping

from claimaudit.library.english_words import english_words
from claimaudit.library.pdf.layout import Line

# Endings of a word's other forms: a broken word the paper prints only in another form
# ("trans-" "posing", "transposed" elsewhere) is still one word.
_INFLECTION = re.compile(r"(?:ing|ed|es|e|s|er|ers|ion|ions)$")
_ENDINGS = ("", "e", "s", "es", "ed", "ing", "er", "ers", "ion", "ions")
# Endings that are words too, and so cannot make the second word of a closed compound:
# "logic" then "ally" is "logically", "strap" then "ping" is "strapping".
_SUFFIXES = frozenset(
    "ing ings ion ions ed er ers ness less able ally ting ping ment ments ism ist ists ity ive"
    " ous ful ship".split()
)
# The hyphen a typesetter adds: "-", or U+2010 (a browser's, at a soft hyphen).
_HYPHENATED = re.compile("(?<![^\\W\\d_])([^\\W\\d_]+)[-\u2010]$")
_ADDED_HYPHEN = re.compile("[^\\W\\d_]\u2010$")
_TAIL = 400
_LEADING_WORD = re.compile(r"^([^\W\d_]+)")
# TeX never hyphenates a number: a hyphen after digits at a line end is the text's own
# ("Accessed 2014-05-" then "09", "10-" then "fold"), and so is one before digits ("COVID-"
# then "19", "IL-" then "6").
_CUT_NUMBER = re.compile(r"\d-$")
# The last word of a line: a web address cut after a character no sentence ends with.
_CUT_ADDRESS = re.compile(r"(?:^|\s)(?:[a-z][a-z0-9+.-]*://|www\.)\S*[/\-_=?&#~]$", re.IGNORECASE)
_CUT_AFTER_HYPHEN = re.compile("\\S[-\u2010]$")
# A line broken after a dash set close to the word before it, or before one set close to the
# word after it (typesetters and word processors break on either side): both sides are close.
_CUT_AFTER_DASH = re.compile("\\S[\u2013\u2014]$")
_DASH_FIRST = re.compile("^[\u2013\u2014]\\S")
# The last word of a line: a web address, cut anywhere ("https://ocean.sagepub.com" then
# "/blog/..."), where the next line goes on with its path, query or fragment.
_ENDS_ADDRESS = re.compile(r"(?:^|\s)(?:[a-z][a-z0-9+.-]*://|www\.)\S*$", re.IGNORECASE)
_ADDRESS_GOES_ON = re.compile(r"^[/?#&=]\S")
# A token no word of the paper's prose is counted from: an address, a file's name, a path.
_ADDRESS_LIKE = re.compile(r"@|\w\.\w")
# Words with a slash between them ("workflows/pipelines", "and/or") are words all the same.
_SLASHED = re.compile(r"^\W*[^\W\d_]+(?:-[^\W\d_]+)*(?:/[^\W\d_]+(?:-[^\W\d_]+)*)+\W*$")
# What a web address's next piece has and a word of prose has not.
_ADDRESS_CHARS = re.compile(r"[/.\-_=?&#~%\d]")
# A hyphen left hanging before a conjunction ("individual- and team-level", "pre- or
# post-"): the line broke at the space after it. TeX never leaves two letters after its own
# hyphen, and no word it breaks ends in "and" alone.
_SUSPENDED = re.compile(r"(?i)^(?:and|or|nor|to)\b")
# Producers that set text without hyphenating words of their own: web browsers printing a page
# (Chrome's and Edge's Skia, Firefox's cairo) and word processors with their defaults (Word,
# LibreOffice, Google Docs). TeX and publishers' typesetting systems hyphenate, and so is a PDF
# assumed to be that does not name its producer.
_UNHYPHENATED = re.compile(
    r"skia/pdf|cairo|chrome|firefox|microsoft.{0,3}word|libreoffice|openoffice|google docs",
    re.IGNORECASE,
)


def breaks_words(metadata: Mapping[str, str]) -> bool:
    """Whether the typesetter that made the PDF breaks words at line ends with hyphens of its
    own, from its Producer and Creator entries."""
    made_by = f"{metadata.get('Producer', '')[:200]} {metadata.get('Creator', '')[:200]}"
    return _UNHYPHENATED.search(made_by) is None


def vocabulary(lines: list[Line]) -> set[str]:
    """Every word printed whole, to tell "ready-to-" from "com-" at a line end: not the word
    cut by a line-end hyphen, nor the piece that follows it, nor the parts of a URL."""
    words: set[str] = set()
    after_hyphen = False
    for line in lines:
        tokens = line.text.split()
        cut = line.text.endswith(("-", "\u2010"))
        for index, token in enumerate(tokens):
            if (index == len(tokens) - 1 and cut) or (index == 0 and after_hyphen):
                continue
            if _ADDRESS_LIKE.search(token) or ("/" in token and not _SLASHED.match(token)):
                continue
            for word in re.findall(r"[^\W_]+(?:-[^\W_]+)*", token.lower().replace("\u2010", "-")):
                parts = word.split("-")
                words.add(word)
                words.update(parts)
                words.update(f"{a}-{b}" for a, b in itertools.pairwise(parts))
                # A part that opens a compound ("low-" in "low-cost"): the paper writes it
                # as a word of its own before a hyphen (``_keeps_hyphen``).
                words.update(f"{part}-" for part in parts[:-1])
            if token.endswith("-") and index < len(tokens) - 1 and token[:-1].isalpha():
                words.add(token.lower())  # hung before "and": "low- and high-dose"
        after_hyphen = cut
    return words


def join_lines(lines: list[Line], vocabulary: set[str], hyphenated: bool = True) -> str:
    """The lines' text as one paragraph; ``hyphenated`` says whether the typesetter may have
    broken words at line ends (``breaks_words``)."""
    # What decides each join is at the text's end, so only a tail of it is kept at hand, and
    # the pieces are joined once: a paragraph of many lines costs time in its length.
    parts: list[str] = []
    tail = ""
    for line in lines:
        piece = " ".join(line.text.split())
        if not parts:
            parts, tail = [piece], piece[-_TAIL:]
            continue
        cut = _HYPHENATED.search(tail)
        following = _LEADING_WORD.match(piece)
        if _goes_on_address(tail, piece, vocabulary):
            glue = ""  # a web address goes on
        elif _CUT_NUMBER.search(tail) and piece[:1].isdigit():
            glue = ""  # a date goes on ("Accessed 2014-" then "05-09")
        elif _CUT_AFTER_HYPHEN.search(tail) and piece[:1].isdigit():
            glue = ""  # a name's number goes on ("COVID-" then "19")
        elif _CUT_NUMBER.search(tail) and piece[:1].isalpha() and not _SUSPENDED.match(piece):
            glue = ""  # a number's compound goes on ("10-" then "fold"), not "10- to 20-fold"
        elif _CUT_AFTER_DASH.search(tail) or _DASH_FIRST.match(piece):
            glue = ""  # "for example—" then "so": a dash set close is closed on both sides
        elif _CUT_AFTER_HYPHEN.search(tail) and _SUSPENDED.match(piece):
            glue = " "
        elif (
            not hyphenated
            and _CUT_AFTER_HYPHEN.search(tail)
            and not _ADDED_HYPHEN.search(tail)
            and piece[:1].isalnum()
        ):
            glue = ""  # the text's own hyphen, where the line was broken after it
        elif cut and following:
            if not _keeps_hyphen(cut.group(1), following.group(1), vocabulary):
                parts[-1] = parts[-1][:-1]  # the line ends with the hyphen TeX added
                tail = tail[:-1]
            glue = ""
        else:
            glue = " "
        parts.append(glue + piece)
        tail = (tail + glue + piece)[-_TAIL:]
    return "".join(parts).strip()


def _goes_on_address(tail: str, piece: str, vocabulary: set[str]) -> bool:
    """Whether the line ``piece`` goes on with a web address the text so far ends with."""
    if _CUT_ADDRESS.search(tail) and _continues_address(piece, vocabulary):
        return True
    return _ADDRESS_GOES_ON.match(piece) is not None and _ENDS_ADDRESS.search(tail) is not None


def _continues_address(piece: str, vocabulary: set[str]) -> bool:
    """Whether a line after one ending in a web address cut after "/" goes on with the address
    ("scikit-image-demos", "storage/") rather than with the sentence ("are reasonably
    priced"): an address ends at a line's end as often as it breaks there, and a word the
    paper prints elsewhere, with nothing of an address in it, is the sentence going on."""
    token = piece.split(maxsplit=1)[0] if piece.strip() else ""
    word = token.rstrip(".,;:!?)]\"'\u2019\u201d")
    return not word or bool(_ADDRESS_CHARS.search(word)) or word.lower() not in vocabulary


def _keeps_hyphen(head: str, tail: str, vocabulary: set[str]) -> bool:
    """Whether "head-" at a line end and "tail" on the next line are one hyphenated compound
    ("ready-to-" "analyze", "shape-" "preserving") rather than one word TeX broke ("com-"
    "puting", "some-" "what"): the paper's own words decide first, then English's."""
    joined, compound = (head + tail).lower(), f"{head}-{tail}".lower()
    if joined in vocabulary:
        return False
    if compound in vocabulary:
        return True
    if tail[:1].isupper():
        return True
    words = english_words()
    if _is_word(joined, vocabulary, words):
        return False
    first, second = head.lower(), tail.lower()

    def known(part: str) -> bool:
        return part in vocabulary or part in words

    if not known(first):
        return False
    # A compound's second half may itself be a closed compound the word list lacks
    # ("high-" "throughput": "through" and "put"); a short first half is more often a piece
    # TeX cut off ("en-" "dometrial", "con-" "tractile") than a word, so that reading needs
    # one of 4 letters, or one the paper opens a compound with elsewhere ("low-cost").
    opens_compounds = len(first) >= 4 or f"{first}-" in vocabulary
    return known(second) or (opens_compounds and _closed_compound(second, known))


def _closed_compound(word: str, known: Callable[[str], bool]) -> bool:
    """Whether ``word`` is two words written as one ("throughput", "spreadsheet"): a first of
    5 letters or more, then a word that is not an ending ("strap" "ping" is no compound)."""
    return any(
        known(word[:cut]) and known(word[cut:]) and word[cut:] not in _SUFFIXES
        for cut in range(5, len(word) - 2)
    )


def _is_word(word: str, *known: set[str] | frozenset[str]) -> bool:
    """Whether ``word``, or another form of it ("transposing": "transposed"), is known."""
    stem = _INFLECTION.sub("", word) if len(word) > 6 else word
    return any(form in words for words in known for form in (word, *(stem + e for e in _ENDINGS)))
