"""Quantities of the ``siunitx`` package, printed as the package prints them by default.

``\\SI{5}{\\milli\\gram}`` reads "5 mg", ``\\SIrange{1}{5}{\\metre}`` "1 m to 5 m" (the
numbers had run together as "15"), ``\\si{\\metre\\per\\second}`` "m s-1" with a minus
sign (siunitx's default ``per-mode=power``); version 3's ``\\qty``, ``\\unit``,
``\\qtyrange`` and ``\\qtylist`` too. A unit written as text (``\\SI{5}{mg}``) prints as
written. A unit macro this table does not know leaves the whole unit out, never a part of it:
"10 mg" must not read "10 g".
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pylatexenc.latex2text import LatexNodes2Text
from pylatexenc.latexwalker import (
    LatexCharsNode,
    LatexCommentNode,
    LatexGroupNode,
    LatexMacroNode,
    LatexNode,
)

from claimaudit.library.latex.printing import MacroText

_UNITS = {
    "metre": "m", "meter": "m", "gram": "g", "second": "s", "ampere": "A", "kelvin": "K",
    "mole": "mol", "candela": "cd", "litre": "L", "liter": "L", "hertz": "Hz", "newton": "N",
    "pascal": "Pa", "joule": "J", "watt": "W", "volt": "V", "ohm": "\u03a9", "coulomb": "C",
    "farad": "F", "tesla": "T", "weber": "Wb", "henry": "H", "siemens": "S", "becquerel": "Bq",
    "gray": "Gy", "sievert": "Sv", "katal": "kat", "lumen": "lm", "lux": "lx",
    "degreeCelsius": "\u00b0C", "celsius": "\u00b0C", "percent": "%", "minute": "min",
    "hour": "h", "day": "d", "degree": "\u00b0", "hectare": "ha", "tonne": "t",
    "electronvolt": "eV", "dalton": "Da", "bar": "bar", "molar": "M", "Molar": "M",
    "bit": "bit", "byte": "B", "decibel": "dB", "angstrom": "\u00c5", "atomicmassunit": "u",
    # SI's base unit of mass carries its prefix in its name; the angles; non-SI units siunitx
    # names. Without them "\\SI{5}{\\milli\\gram\\per\\kilogram}" read "5", its unit lost.
    "kilogram": "kg", "radian": "rad", "steradian": "sr", "arcdegree": "\u00b0",
    "arcminute": "\u2032", "arcsecond": "\u2033", "astronomicalunit": "au", "neper": "Np",
    "bel": "B", "barn": "b", "knot": "kn", "mmHg": "mmHg", "nauticalmile": "M",
}  # fmt: skip
# siunitx's abbreviated units (on by default): "\\mg" is "mg", "\\uL" "µL". Each symbol with
# the letters of the prefixes it is abbreviated with (in the macro's name "u" is micro).
_ABBREVIATED = {
    "g": ("g", "fpnumk"), "m": ("m", "pnumcdk"), "s": ("s", "afpnum"), "mol": ("mol", "fpnumk"),
    "A": ("A", "pnumk"), "l": ("L", "umh"), "L": ("L", "umh"), "Hz": ("Hz", "mkMGT"),
    "N": ("N", "mkM"), "Pa": ("Pa", "kMG"), "ohm": ("\u03a9", "mkM"), "V": ("V", "pnumk"),
    "W": ("W", "umkMG"), "J": ("J", "umk"), "eV": ("eV", "mkMGT"), "M": ("M", "fpnum"),
    "Da": ("Da", "k"), "dB": ("dB", ""), "Wh": ("Wh", "k"),
}  # fmt: skip
_PREFIXES = {
    "yocto": "y", "zepto": "z", "atto": "a", "femto": "f", "pico": "p", "nano": "n",
    "micro": "\u00b5", "milli": "m", "centi": "c", "deci": "d", "deca": "da", "deka": "da",
    "hecto": "h", "kilo": "k", "mega": "M", "giga": "G", "tera": "T", "peta": "P", "exa": "E",
    "zetta": "Z", "yotta": "Y",
}  # fmt: skip
_UNITS.update(
    (letter + name, ("\u00b5" if letter == "u" else letter) + symbol)
    for name, (symbol, letters) in _ABBREVIATED.items()
    for letter in ["", *letters]
    if letter + name not in _UNITS  # "\\ohm" is named already
)
_BEFORE = {"per": -1, "square": 2, "cubic": 3}  # powers set on the unit that follows
_AFTER = {"squared": 2, "cubed": 3}  # powers set on the unit before
_MINUS = "\u2212"

# Argument shapes: options, then the numbers and units each command takes.
SIUNITX_SPECS = {
    "SI": "[{[{",
    "qty": "[{{",
    "si": "[{",
    "unit": "[{",
    "SIrange": "[{{{",
    "qtyrange": "[{{{",
    "numrange": "[{{",
    "SIlist": "[{{",
    "qtylist": "[{{",
    "numlist": "[{",
    "ang": "[{",
}


def unit_text(nodes: Sequence[LatexNode], l2tobj: LatexNodes2Text) -> str | None:
    """A unit argument as siunitx prints it, or None where a macro in it is not known."""
    if all(isinstance(n, LatexCharsNode | LatexGroupNode | LatexCommentNode) for n in nodes):
        return " ".join(str(l2tobj.nodelist_to_text(list(nodes))).split())
    parts: list[list[str]] = []  # each unit: [prefix and symbol, power]
    prefix, power = "", 1
    for node in nodes:
        if isinstance(node, LatexCommentNode) or (
            isinstance(node, LatexCharsNode) and not node.chars.strip()
        ):
            continue
        if not isinstance(node, LatexMacroNode):
            return None
        name = node.macroname
        if name in _PREFIXES:
            prefix += _PREFIXES[name]
        elif name in _BEFORE:
            power *= _BEFORE[name]
        elif name in _AFTER and parts:
            parts[-1][1] = str(int(parts[-1][1] or "1") * _AFTER[name])
        elif name in _UNITS:
            parts.append([prefix + _UNITS[name], "" if power == 1 else str(power)])
            prefix, power = "", 1
        else:
            return None
    if prefix or power != 1 or not parts:
        return None
    return " ".join(s + p.replace("-", _MINUS) for s, p in parts)


def _arguments(node: LatexMacroNode) -> list[LatexNode | None]:
    return list(node.nodeargd.argnlist) if node.nodeargd is not None else []


def _inside(node: LatexNode | None) -> list[LatexNode]:
    if isinstance(node, LatexGroupNode):
        return list(node.nodelist)
    return [node] if node is not None else []


# Units siunitx sets against the number, as ``\\ang`` does: "30°", not "30 °" ("37 °C" keeps it).
_UNSPACED = frozenset({"\u00b0", "\u2032", "\u2033"})


_PLUS_MINUS = re.compile(r"\s*\u00b1\s*")


# A number with siunitx's exponent markers ("1.5e-3", "2E+5", "3d4"), which it prints in
# scientific notation.
_EXPONENT = re.compile(r"([+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)?)\s*[eEdD]\s*([+-]?)(\d{1,4})")


def _scientific(number: str) -> str:
    """``number`` as siunitx prints it: "1.5e-3" as 1.5 times "10^-3" (an exponent written as the
    paper's formulas are, "10^-3"), "e5" as "10^5"; any other as typed."""
    match = _EXPONENT.fullmatch(number.strip())
    if match is None:
        return number
    mantissa, sign, digits = match.groups()
    power = f"10^{'-' if sign == '-' else ''}{digits}"
    return f"{mantissa} \u00d7 {power}" if mantissa not in ("", "+", "-") else power


def _quantity(number: str, unit: str | None) -> str:
    number = _scientific(number)
    # An uncertainty is spaced ("5 ± 0.2", where "\\pm 0.2" read "±0.2") and, with a unit,
    # bracketed as siunitx prints it: "(5 ± 0.2) mg", whose unit is the value's too.
    number = number.replace("+-", "\u00b1")  # siunitx reads "+-" as "\\pm"
    if "\u00b1" in number:
        number = _PLUS_MINUS.sub(" \u00b1 ", number).strip()
        number = f"({number})" if unit else number
    if not unit:
        return number
    return f"{number}{unit}" if unit in _UNSPACED else f"{number} {unit}"


def _list(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def siunitx_macros() -> dict[str, MacroText]:
    """The text converter's printing of each siunitx command (see the module's text)."""

    def text(node: LatexNode | None, l2tobj: LatexNodes2Text) -> str:
        return " ".join(str(l2tobj.nodelist_to_text(_inside(node))).split())

    def quantity(node: LatexMacroNode, l2tobj: LatexNodes2Text) -> str:
        args = _arguments(node)
        number, unit = args[1], args[-1]
        return _quantity(text(number, l2tobj), unit_text(_inside(unit), l2tobj))

    def number(node: LatexMacroNode, l2tobj: LatexNodes2Text) -> str:
        return _quantity(text(_arguments(node)[-1], l2tobj), None)

    def unit(node: LatexMacroNode, l2tobj: LatexNodes2Text) -> str:
        return unit_text(_inside(_arguments(node)[-1]), l2tobj) or ""

    def quantity_range(node: LatexMacroNode, l2tobj: LatexNodes2Text) -> str:
        args = _arguments(node)
        shown = unit_text(_inside(args[3]), l2tobj) if len(args) > 3 else None
        low, high = (_quantity(text(a, l2tobj), shown) for a in args[1:3])
        return f"{low} to {high}"

    def quantity_list(node: LatexMacroNode, l2tobj: LatexNodes2Text) -> str:
        args = _arguments(node)
        shown = unit_text(_inside(args[2]), l2tobj) if len(args) > 2 else None
        numbers = [n.strip() for n in text(args[1], l2tobj).split(";") if n.strip()]
        return _list([_quantity(n, shown) for n in numbers]) if numbers else ""

    def angle(node: LatexMacroNode, l2tobj: LatexNodes2Text) -> str:
        return f"{text(_arguments(node)[-1], l2tobj)}\u00b0"

    return {
        "SI": quantity,
        "qty": quantity,
        "num": number,
        "si": unit,
        "unit": unit,
        "SIrange": quantity_range,
        "qtyrange": quantity_range,
        "numrange": quantity_range,
        "SIlist": quantity_list,
        "qtylist": quantity_list,
        "numlist": quantity_list,
        "ang": angle,
    }
