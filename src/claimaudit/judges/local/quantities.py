"""The numbers a claim or its evidence states, read as values with their units.

"5.0 mg" and "5 mg" state one dose, "2 000" and "2,000" one count, "three" and "3" one number of
trials; "5 ms" and "5 s" two latencies, "10^-5" and "10^-3" two tolerances. The consistency
checks compare what these give, not the characters: a check that warns where the value is the
same is a warning a reader learns to skip.

Read: signs ("-0.3"; a minus sign reads "-" after the typography), both ends of a range
("10-20 mg"), N-fold ("2-fold", "2x"), exponents ("1e-5", "10^-5", "1 \u00d7 10^-5",
"1\u00b710^-5", "10^{-5}", "10^(-5)" and PubMed's "10(-5)"; a power written raised,
"10\u207b\u2075" or "2\u00b9\u2070", as its caret form, read by ``numbers_read`` before NFKC makes
it "10-5" or "210", and shown raised again; "\u00d7 10-5", a PDF's lost raise, as 10^-5;
"(2.5 \u00b1 0.3) \u00d7 10^-3" as 2.5 \u00d7 10^-3), version numbers ("2.4.1", one token),
groups of thousands ("1,000", "2 000"; SI's "1 234.5" and "1 234,5"), a decimal comma only
where it cannot be a thousands separator ("3,5"), one group of three after a point as either
("2.400": 2.4 in English, 2400 in German) unless the text, or the one it is compared with,
writes its decimals one way, a leading decimal point ("p < .05"), the number words two to
twenty, "half" as 50 % where it is a share ("half of", "a half", "one half"; not "half-life",
not "one and a half"), a unit written right after the number, with its power ("s\u207b\u00b9"),
and a number right after a Chinese, Japanese or Korean character ("\u8fbe\u523090%").
Left out: numbers inside a word of a script written with spaces or a name ("IL-6", "COVID-19",
"Python3"), and the numbers that label a part of the paper ("Section 3", "Table 2",
"Equation (4)", "Fig. 1") or a list item ("1. "): they say where, not how much.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from claimaudit.judges.local.reading import plain_typography

_WORDS = (
    "two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen twenty"
).split()
# "one" is left out: "one of the", "no one" and "one can" are not counts.
_WORD_VALUES = {word: Decimal(i) for i, word in enumerate(_WORDS, start=2)}

# Units as written -> one spelling, so "5 seconds" and "5 s" are one value.
_UNIT_SPELLINGS: dict[str, tuple[str, ...]] = {
    "%": ("%", "percent", "per cent"),
    "percentage points": ("percentage points", "percentage point", "pp"),
    "fold": ("-fold", "fold", "x"),
    "ns": ("ns", "nanoseconds"),
    "µs": ("μs", "us", "microseconds"),
    "ms": ("ms", "milliseconds", "msec"),
    "s": ("s", "sec", "secs", "seconds", "second"),
    "min": ("min", "mins", "minutes", "minute"),
    "h": ("h", "hr", "hrs", "hours", "hour"),
    "day": ("days", "day"),
    "week": ("weeks", "week"),
    "month": ("months", "month"),
    "year": ("years", "year"),
    "nm": ("nm",),
    "µm": ("μm", "um"),
    "mm": ("mm",),
    "cm": ("cm",),
    "m": ("m", "metres", "meters"),
    "km": ("km",),
    "ng": ("ng",),
    "µg": ("μg", "ug"),
    "mg": ("mg",),
    "g": ("g",),
    "kg": ("kg",),
    "mL": ("mL", "ml"),
    "°C": ("°C",),
    "Hz": ("Hz",),
    "kHz": ("kHz",),
    "MHz": ("MHz",),
    "GHz": ("GHz",),
    "KB": ("KB", "kB"),
    "MB": ("MB",),
    "GB": ("GB",),
    "TB": ("TB",),
    "bit": ("-bit", "bits", "bit"),
}
_UNIT_OF = {spelling: unit for unit, spellings in _UNIT_SPELLINGS.items() for spelling in spellings}
_UNIT_ALTERNATIVES = "|".join(
    re.escape(s) for s in sorted(_UNIT_OF, key=len, reverse=True) if s != "x"
)

# A letter or digit of a script that writes words with spaces: a number against one is inside a
# word ("Python3"). Chinese, Japanese and Korean put numbers right after a character ("达到90%").
_SPACED_WORD_CHAR = (
    r"[^\W\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u3400-\u4dbf\u4e00-\u9fff"
    r"\uac00-\ud7af\uf900-\ufaff]"
)

# Where a power was written raised ("10\u207b\u2075", "2\u00b9\u2070"): NFKC would make it
# "10-5" and "210". A noncharacter, which no text holds; ``numbers_read`` puts it there.
POWER_MARK = "\ufdd0"
_SUPERSCRIPT_POWER = re.compile(r"(?<=\d)([\u207a\u207b]?[\u2070\u00b9\u00b2\u00b3\u2074-\u2079]+)")
# A power in braces or parentheses: "10^{-5}", "10^(-5)"; ``reading.as_read`` drops the caret
# before a brace or parenthesis ("10{-5}", "10(-5)"), so a bare "10(-5)" is one too.
_BRACED_POWER = re.compile(r"(?<=\d)\^?\{([-+]?\d{1,3})\}|(?<=\d)\^\(([-+]?\d{1,3})\)")
_BARE_PARENTHESISED_POWER = re.compile(r"(?<![\d.])(10)\(([-+]\d{1,3})\)")
_POWER = r"[\^" + POWER_MARK + r"]"
# A multiplication sign before a power of ten; a dot ("1\u00b710^-5") only before a power
# written as one, as a dot is also a decimal point ("0\u00b710-0\u00b787" is a range).
_TIMES_SIGN = r"(?:\u00d7|x|\*)"
_DOT_SIGN = r"[\u00b7\u22c5]"

_QUANTITY = re.compile(
    # Not inside a word, after a decimal point, or after a name's hyphen ("IL-6", "SARS-CoV-2"),
    # nor a power ("kg^-1").
    r"(?<!" + _SPACED_WORD_CHAR + r")(?<!\.)(?<![A-Za-z]-)(?<!" + _POWER + r")"
    r"(?<!" + _POWER + r"[-+])(?<!\d,)(?P<number>"
    r"(?P<version>\d+(?:\.\d+){2,})"
    r"|(?P<word>(?i:" + "|".join(_WORDS) + r"))\b"
    # "(2.5 \u00b1 0.3) \u00d7 10^-3": the value and its error share the power of ten.
    r"|(?:\((?P<pm>\d+(?:\.\d+)?)\s?\u00b1\s?\d+(?:\.\d+)?\)(?=\s?(?:"
    + _TIMES_SIGN
    + "|"
    + _DOT_SIGN
    + r")\s?10)"
    r"|(?P<sign>[-+](?=\.?\d))?(?P<digits>"
    r"\d{1,3}(?: \d{3})+[.,]\d+(?![.,]?\d)"  # SI: "1 234.5" and "1 234,5"
    r"|\d{1,3}(?:(?:,| (?=\d{3}(?![\d.,]\d)))\d{3})+(?![\d,]\d)(?:\.\d+)?"  # 1,000 and 2 000
    r"|\d+,\d{1,2}(?![\d,])"  # a decimal comma: "3,5" (not "1,000", not "1,2,3")
    r"|\d+(?:\.\d+)?|\.\d+))"
    r"(?:[eE](?P<e>[-+]?\d{1,3})|" + _POWER + r"(?P<power>[-+]?\d{1,3})"
    r"|\s?" + _TIMES_SIGN + r"\s?10(?:" + _POWER + r"(?P<times>[-+]?\d{1,3})"
    r"|(?P<raised>[-+]\d{1,3}))"
    r"|\s?" + _DOT_SIGN + r"\s?10" + _POWER + r"(?P<dotted>[-+]?\d{1,3}))?"
    r")(?![A-Za-z_]*\d)"  # not "2x3", not "3D2"
    r"(?:(?P<glued_x>x)\b|\s?(?P<unit>" + _UNIT_ALTERNATIVES + r")(?![A-Za-z\u03bc])"
    # A unit's power as a superscript reads after NFKC: "s\u207b\u00b9" is "s-1".
    r"(?:(?<=[A-Za-z])(?P<unit_power>\^?-[1-3])(?![\d.,]?\d))?)?"
)
_SUPERSCRIPTS = str.maketrans(
    "-+0123456789", "\u207b\u207a\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079"
)

# A label before a number: the number names a part of the paper, not a quantity.
_LABEL = re.compile(
    r"(?:\b(?:sections?|sec\.|tables?|tab\.|figures?|figs?\.?|eqs?\.|eqn\.|equations?"
    r"|chapters?|ch\.|appendix|appendices|theorems?|lemmas?|algorithms?|steps?"
    r"|refs?\.|references?)|\u00a7)\s*\(?\s*$",
    re.IGNORECASE,
)
_DECIMAL_COMMA = re.compile(r"\d+,\d{1,2}")
# Thousands in spaced groups, as SI writes them: the point or comma after them is a decimal one.
_SPACED_DECIMAL = re.compile(r"\d{1,3}(?: \d{3})+([.,])\d+")
# One group of three after a point or a comma: "2.400" is 2.4 in English and 2400 in German,
# "2,400" 2400 in English and 2.4 in German.
_POINT_THREE = re.compile(r"[1-9]\d{0,2}\.\d{3}")
_COMMA_THREE = re.compile(r"[1-9]\d{0,2},\d{3}")
_DECIMAL_POINT = re.compile(r"\d*\.(?:\d{1,2}|\d{4,})")
_GROUP_SPACE = re.compile(r"(?<=\d) (?=\d{3})")
# "half of the patients" states what "50% of the patients" does.
_HALF = re.compile(r"(?<![\w-])(?:(?<!and )(?:a|one)\s+half\b(?!-)|half(?=\s+of\b))", re.IGNORECASE)
_LABEL_CONTEXT = 24  # characters before a number searched for its label
# A list item's number: alone at the start of a line, then ". " or ") ".
_LIST_ITEM = re.compile(r"(?m)^[ \t]*(\d{1,3})[.)][ \t]")


@dataclass(frozen=True)
class Quantity:
    """A number as stated: its value (None for a version number) and unit, and how it reads."""

    value: Decimal | None
    unit: str | None
    text: str  # as written, without grouping; with its unit where one was given
    # The values it may state where its writing is ambiguous ("2.400": 2.4 or 2400); else none.
    readings: tuple[Decimal, ...] = ()

    @property
    def values(self) -> tuple[Decimal | str, ...]:
        """Each value it may state: its readings, or its key's value."""
        return self.readings or (self.key[0],)

    @property
    def key(self) -> tuple[Decimal | str, str | None]:
        """What identifies it: the value and unit ("5.0 mg" is "5 mg"), a version's text."""
        return (self.text if self.value is None else self.value, self.unit)


def numbers_read(text: str) -> str:
    """``text`` as the quantities are read from it: ``plain_typography``, with a power written
    raised after a number marked (``POWER_MARK``) first, and one in braces or parentheses
    written with a caret: "10\u207b\u2075", "10^{-5}" and "10^(-5)" all read as "10^-5" does."""
    text = _SUPERSCRIPT_POWER.sub(POWER_MARK + r"\1", text.replace(POWER_MARK, ""))
    text = plain_typography(text)
    if "{" in text or "(" in text:
        text = _BRACED_POWER.sub(lambda m: "^" + (m.group(1) or m.group(2)), text)
        text = _BARE_PARENTHESISED_POWER.sub(r"\1^\2", text)
    return text


def _decimal_comma(digits: str) -> bool:
    """Whether the comma in ``digits`` is a decimal one: "3,5", "1 234,5"."""
    spaced = _SPACED_DECIMAL.fullmatch(digits)
    return bool(_DECIMAL_COMMA.fullmatch(digits) or (spaced and spaced.group(1) == ","))


def _value(match: re.Match[str]) -> Decimal:
    if match.group("word"):
        return _WORD_VALUES[match.group("word").lower()]
    digits = (match.group("digits") or match.group("pm")).replace(" ", "")
    if _decimal_comma(match.group("digits") or ""):
        digits = digits.replace(",", ".")
    value = Decimal(digits.replace(",", ""))
    if match.group("sign") == "-":
        value = -value
    exponent = match.group("e") or match.group("times") or match.group("raised")
    exponent = exponent or match.group("dotted")
    power = match.group("power")
    try:
        if exponent is not None:
            return value * Decimal(10) ** int(exponent)
        if power is not None and (value or int(power) > 0):
            return value ** int(power)
    except ArithmeticError:  # a power past Decimal's range: compare the written base
        pass
    return value


def _shown(match: re.Match[str]) -> str:
    """The quantity as written, without grouping ("2 000" and "2,000" read "2000")."""
    shown = match.group(0)
    if match.group("word"):
        return shown.lower()
    # A power written raised is shown as it was: "10\u207b\u00b3" (NFKC made a unit's "s-1"
    # and a power after a sign "\u00d7 10-3"; ``numbers_read`` marked the others).
    for name in ("unit_power", "raised", "power", "times", "dotted"):
        if not match.group(name) or match.group(name).startswith("^"):
            continue
        start, end = match.start(name) - match.start(), match.end(name) - match.start()
        if name in ("power", "times", "dotted") and shown[start - 1] != POWER_MARK:
            continue
        shown = shown[:start] + shown[start:end].translate(_SUPERSCRIPTS) + shown[end:]
    shown = shown.replace(POWER_MARK, "")
    if "," in shown and not _decimal_comma(match.group("digits") or ""):
        shown = shown.replace(",", "")
    return _GROUP_SPACE.sub("", shown) if " " in shown else shown


def convention(text: str) -> str | None:
    """How ``text`` writes decimals where it shows it: "comma" ("3,5"), "point" ("3.14"), or
    None (neither, or both)."""
    found = set()
    for match in _QUANTITY.finditer(text):
        digits = match.group("digits") or ""
        if _decimal_comma(digits):
            found.add("comma")
        elif _DECIMAL_POINT.fullmatch(digits) or _SPACED_DECIMAL.fullmatch(digits):
            found.add("point")
    return found.pop() if len(found) == 1 else None


def _readings(match: re.Match[str], value: Decimal, decimals: str | None) -> tuple[Decimal, ...]:
    """The values of a number with one group of three after a point or a comma, read as
    ``decimals`` says decimals are written; "2.400" is either where nothing says, "2,400" 2400
    (a thousands comma, as English writes it)."""
    digits = match.group("digits") or ""
    if match.group("sign") or match.group("e") or match.group("power") or match.group("times"):
        return ()
    if match.group("raised") or match.group("dotted"):
        return ()
    if _POINT_THREE.fullmatch(digits):
        thousands = Decimal(digits.replace(".", ""))
        return {"comma": (thousands,), "point": (value,)}.get(decimals or "", (value, thousands))
    if _COMMA_THREE.fullmatch(digits) and decimals == "comma":
        return (value, Decimal(digits.replace(",", ".")))
    return ()


def quantities(text: str, other: str | None = None) -> list[Quantity]:
    """The quantities ``text`` states, in order, each value with each unit once.

    A number that reads one way in English and another in German ("2.400") is read as ``text``
    writes its decimals, else as ``other`` (the text it is compared with) does, else both ways."""
    decimals = convention(text) or (convention(other) if other else None)
    items = {m.start(1) for m in _LIST_ITEM.finditer(text)}
    found: dict[tuple[Decimal | str, str | None], Quantity] = {}
    for match in _QUANTITY.finditer(text):
        start = match.start()
        if _LABEL.search(text, max(0, start - _LABEL_CONTEXT), start):
            continue
        if start in items:
            continue
        if match.group("version"):
            quantity = Quantity(None, None, match.group("version"))
        else:
            unit = _UNIT_OF.get(match.group("unit") or "")
            unit = "fold" if match.group("glued_x") else unit
            if unit and match.group("unit_power"):
                unit += match.group("unit_power").lstrip("^")
            value = _value(match)
            quantity = Quantity(value, unit, _shown(match), _readings(match, value, decimals))
        found.setdefault(quantity.key, quantity)
    for match in _HALF.finditer(text):
        half = Quantity(Decimal(50), "%", match.group(0).lower())
        found.setdefault(half.key, half)
    return list(found.values())


def missing(ours: list[Quantity], theirs: list[Quantity]) -> list[Quantity]:
    """The quantities of ``ours`` that ``theirs`` does not state: not the same value, or the
    same value in another unit where both give one ("5 s" is "5 seconds" and "5", not "5 ms")."""
    units: dict[Decimal | str, set[str | None]] = {}
    for quantity in theirs:
        for value in quantity.values:
            units.setdefault(value, set()).add(quantity.unit)
    return [q for q in ours if not any(_stated(q, units.get(v)) for v in q.values)]


def _stated(quantity: Quantity, units: set[str | None] | None) -> bool:
    if units is None:
        return False
    return quantity.unit is None or None in units or quantity.unit in units
