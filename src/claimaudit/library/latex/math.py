"""Operators in a formula spaced as TeX sets them: a space either side of ``\\times`` or ``=``.

TeX ignores the spaces typed in a formula and spaces it by the kind of each symbol: a relation
(``=``, ``\\leq``, ``\\in``) and a binary operator (``+``, ``-``, ``\\times``) get a space on
either side, and a binary operator with nothing before it (``-1``, ``(-k)``) is a sign and gets
none. In a sub- or superscript, or in an inline fraction, TeX sets no such spaces. pylatexenc
instead keeps the source's spaces and, after a command, none: ``$3 \\times 3$`` came out with
no space after the multiplication sign, ``$p \\leq q$`` with none after the "less or equal".
Here the operators a formula prints are spaced the TeX way, so a quote reads as the paper, and
its PDF, do.
"""

from __future__ import annotations

import re

from pylatexenc.latex2text import LatexNodes2Text
from pylatexenc.latexwalker import LatexCharsNode, LatexMacroNode, LatexNode

from claimaudit.library.latex.printing import MacroText
from claimaudit.library.superscripts import raised_text as superscript_text

_RELATIONS = {
    "leq": "\u2264", "le": "\u2264", "geq": "\u2265", "ge": "\u2265", "neq": "\u2260",
    "ne": "\u2260", "leqslant": "\u2a7d", "geqslant": "\u2a7e", "approx": "\u2248",
    "equiv": "\u2261", "sim": "\u223c", "simeq": "\u2243", "cong": "\u2245", "propto": "\u221d",
    "in": "\u2208", "notin": "\u2209", "ni": "\u220b", "subset": "\u2282", "supset": "\u2283",
    "subseteq": "\u2286", "supseteq": "\u2287", "to": "\u2192", "rightarrow": "\u2192",
    "leftarrow": "\u2190", "gets": "\u2190", "Rightarrow": "\u21d2", "Leftarrow": "\u21d0",
    "leftrightarrow": "\u2194", "Leftrightarrow": "\u21d4", "mapsto": "\u21a6",
    "ll": "\u226a", "gg": "\u226b", "mid": "\u2223",
}  # fmt: skip
_BINARIES = {
    "times": "\u00d7", "cdot": "\u00b7", "pm": "\u00b1", "mp": "\u2213", "div": "\u00f7",
    "circ": "\u2218", "ast": "\u2217", "oplus": "\u2295", "otimes": "\u2297", "cup": "\u222a",
    "cap": "\u2229", "wedge": "\u2227", "vee": "\u2228", "setminus": "\u2216",
}  # fmt: skip
# Typed as characters in a formula.
_RELATION_CHARS = frozenset("=<>")
_BINARY_CHARS = frozenset("+-")
# What an operator after it is a sign to (nothing, an opening, punctuation, another operator).
_NO_OPERAND = frozenset("([{,;:^_=<>+-&$") | frozenset(_RELATIONS.values())
_NO_OPERAND |= frozenset(_BINARIES.values())
# Groups whose contents TeX sets small (no operator spaces) or as text (left as typed).
_SMALL_GROUPS = re.compile(r"(?:[\^_]|\\t?frac\s*(?:\{[^{}]*\})?|\\binom\s*(?:\{[^{}]*\})?)$")
_TEXT_GROUPS = re.compile(
    r"\\(?:text\w*|math(?:rm|it|bf|sf|tt)|mbox|operatorname\*?|emph|hbox|label|ref)\s*$"
)
_LOOK_BACK = 400  # characters of source searched for the group a formula's piece sits in
# A formula that is only a raised mark: digits, commas, stars and daggers ("$^{1,2}$").
_MARK = r"(?:[\d,*\s]|\\(?:dagger|ddagger|ast|star|S|P|sharp|natural)(?![A-Za-z]))"
_RAISED_MARK = re.compile(r"\^\s*(?:\{" + _MARK + r"+\}|[\d*])")
# A formula that is only a raised circle: a degree ("37$^{\circ}$C").
_DEGREE = re.compile(r"\^\s*(?:\{\s*\\circ\s*\}|\\circ)")
_MARK_CHARS = 60


def operator_macros() -> dict[str, MacroText]:
    """Handlers for the operator commands: the symbol, spaced where TeX spaces it; and
    fractions, written on one line."""
    handlers: dict[str, MacroText] = {}
    for name, symbol in {**_RELATIONS, **_BINARIES}.items():
        handlers[name] = _operator(symbol, relation=name in _RELATIONS)
    for name in ("frac", "dfrac", "tfrac"):
        handlers[name] = _fraction
    for name in _NAMED_OPERATORS:
        handlers[name] = _named(name)
    for name in ("bmod", "mod"):
        handlers[name] = _operator("mod", relation=False)
    handlers["pmod"] = _parenthesised_mod
    handlers["textsuperscript"] = _text_superscript
    return handlers


# Named operators, printed by name with TeX's space before an operand ("log x", "det A") and
# none before a bracket or a script ("gcd(a, b)", "max_i"). pylatexenc prints some of them
# with no space after ("logx") and others (\gcd, \det, \arg) not at all.
_NAMED_OPERATORS = (
    "arg", "cos", "cosh", "cot", "deg", "det", "dim", "exp", "gcd", "hom", "inf", "ker", "lg",
    "lim", "liminf", "limsup", "ln", "log", "max", "min", "Pr", "sin", "sinh", "sup", "tan",
    "tanh",
)  # fmt: skip
_PRINTED_NAMES = {"liminf": "lim inf", "limsup": "lim sup"}
_NO_SPACE_BEFORE = frozenset("([{_^,.;:)]}|'$")


def _named(name: str) -> MacroText:
    printed = _PRINTED_NAMES.get(name, name)

    def text(node: LatexMacroNode, l2tobj: LatexNodes2Text) -> str:
        source: str = node.parsing_state.s
        after = source[node.pos + node.len : node.pos + node.len + 8].lstrip()
        if not after or after[0] in _NO_SPACE_BEFORE or after.startswith("\\left"):
            return printed
        return printed + " "

    return text


def _parenthesised_mod(node: LatexMacroNode, l2tobj: LatexNodes2Text) -> str:
    """``a \\equiv b \\pmod{n}`` as TeX prints it: "a ≡ b (mod n)"."""
    args = [a for a in (node.nodeargd.argnlist if node.nodeargd else []) if a is not None]
    modulus = " ".join(str(l2tobj.nodelist_to_text(args[-1:])).split())
    return f" (mod {modulus})" if modulus else " (mod)"


# A part of a fraction with more than one term: an operator or a space after its first character.
_TERMS = re.compile(r"\S[\s+\-\u2212\u00d7\u00b7/=<>\u2264\u2265]")


def _fraction(node: LatexMacroNode, l2tobj: LatexNodes2Text) -> str:
    """``\\frac{i - k}{s}`` on one line as "(i - k)/s": a numerator or denominator of more
    than one term is put in parentheses, which the stacked fraction needs none of."""
    args = [a for a in (node.nodeargd.argnlist if node.nodeargd else []) if a is not None]
    parts = [" ".join(str(l2tobj.nodelist_to_text([a])).split()) for a in args[-2:]]
    grouped = [f"({part})" if _TERMS.search(part) else part for part in parts]
    return "/".join(grouped)


def _operator(symbol: str, relation: bool) -> MacroText:
    def text(node: LatexMacroNode, l2tobj: LatexNodes2Text) -> str:
        if not node.parsing_state.in_math_mode or _setting(node) != "math":
            return symbol
        if not relation and _previous(node) in _NO_OPERAND:
            return symbol  # a sign: "±1"
        return f" {symbol} "

    return text


def spaced_chars(node: LatexCharsNode, text: str) -> str:
    """A formula's typed characters with =, <, >, + and - spaced as TeX spaces them."""
    if not node.parsing_state.in_math_mode or not any(
        c in _RELATION_CHARS or c in _BINARY_CHARS for c in text
    ):
        return text
    if _setting(node) != "math":
        return text
    out: list[str] = []
    operand = _previous(node) not in _NO_OPERAND
    after_operator = False
    for ch in text:
        if ch.isspace():
            if not after_operator:  # an operator's own space stands for the typed ones
                out.append(ch)
        elif ch in _RELATION_CHARS or (ch in _BINARY_CHARS and operand):
            while out and out[-1] == " ":
                out.pop()
            out.append(f" {ch} ")
            operand, after_operator = False, True
        else:
            out.append(ch)
            operand, after_operator = ch not in _NO_OPERAND, False
    return "".join(out)


def raised_text(node: LatexNode) -> str | None:
    """What a formula that is nothing but a raised mark prints, or None for any other formula.

    ``$^{81}$`` or ``$^{1,2}$`` before an affiliation and ``$^{\\dagger}$`` after a name are
    marks, left out as the PDF reader leaves raised marks out; but a number or star raised
    after a number, a unit or a one-letter symbol ("10$^{6}$", "m$^2$", "S$^*$") is an
    exponent and prints as any formula does ("10^6"). ``$^{\\circ}$`` is a degree sign. A
    raised word (``$^{th}$``) is not a mark and reads as before."""
    body = "".join(n.latex_verbatim() for n in getattr(node, "nodelist", None) or []).strip()
    if len(body) > _MARK_CHARS:
        return None
    if _RAISED_MARK.fullmatch(body):
        raised = body.lstrip("^ \t").strip("{} \t")
        return None if superscript_text(_source_before(node), raised) else ""
    return "\u00b0" if _DEGREE.fullmatch(body) else None


def _text_superscript(node: LatexMacroNode, l2tobj: LatexNodes2Text) -> str:
    """``\\textsuperscript{6}``: an exponent after "10" ("10^6"), a mark after a word (left
    out), and a raised word ("4\\textsuperscript{th}") as its letters."""
    args = [a for a in (node.nodeargd.argnlist if node.nodeargd else []) if a is not None]
    raised = " ".join(str(l2tobj.nodelist_to_text(args[-1:])).split())
    printed = superscript_text(_source_before(node), raised)
    return raised if printed is None else printed


def _source_before(node: LatexNode) -> str:
    """The source typed just before ``node`` (what a superscript is set against)."""
    source: str = node.parsing_state.s
    return source[max(0, node.pos - _LOOK_BACK) : node.pos]


def _previous(node: LatexNode) -> str:
    """The last character typed before ``node`` in its formula ("$" at the formula's start)."""
    source: str = node.parsing_state.s
    before = source[max(0, node.pos - _LOOK_BACK) : node.pos].rstrip()
    if not before:
        return "$"
    if before.endswith(("\\(", "\\[", "\\left(", "\\left[")):
        return "("
    return before[-1]


def _setting(node: LatexNode) -> str:
    """How TeX sets the group ``node`` sits in: "small" (a script or an inline fraction),
    "text" (``\\text{...}`` and the like) or "math"."""
    source: str = node.parsing_state.s
    start = max(0, node.pos - _LOOK_BACK)
    depth = 0
    for i in range(node.pos - 1, start - 1, -1):
        ch = source[i]
        if ch == "}" and (i == 0 or source[i - 1] != "\\"):
            depth += 1
        elif ch == "{" and (i == 0 or source[i - 1] != "\\"):
            if depth == 0:
                head = source[start:i].rstrip()
                if _TEXT_GROUPS.search(head):
                    return "text"
                if _SMALL_GROUPS.search(head):
                    return "small"
            else:
                depth -= 1
        elif ch == "$" and depth == 0:
            break
    return "math"
