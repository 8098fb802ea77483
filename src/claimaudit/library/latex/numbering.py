"""What LaTeX numbers, counted from the source, so that references, theorem heads and caption
labels can print as the compiled paper does (``refs`` prints them).

A source has no ``.aux`` file, so the numbers are counted here, the way the standard classes
count them: chapters (report and book classes), sections and their subsections, figures and
tables by their captions (per chapter where there are chapters), ``equation`` environments,
``\\newtheorem`` and thmtools' ``\\declaretheorem`` environments (shared and per-section counters
included; ``theorems``), algorithms as their package's options say; ``\\appendix``
turns the top level into letters. A ``\\label`` names whatever was numbered last in its
environment, as in LaTeX (so a label after an unnumbered ``\\section*`` names the last
numbered section, as the PDF prints it). Sub-figures of the ``subcaption`` package are
lettered within their figure ("Figure 2.8a", caption "(a) "), and so are the captioned
sub-figure commands of subfig and subfigure loaded without options ("Figure 2(a)"). Where the
count could be wrong (those packages' options, aligned equations, labels the count never
reached), the reference
is left out, as before: a quote never shows a number the paper does not.

This module reads what the preamble sets and walks the body; how a counter steps, resets and
prints is ``counts``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from pylatexenc.latex2text import LatexNodes2Text
from pylatexenc.latexwalker import (
    LatexCharsNode,
    LatexEnvironmentNode,
    LatexGroupNode,
    LatexMacroNode,
    LatexNode,
)

from claimaudit.library.latex.algorithms import algorithm_numbering
from claimaudit.library.latex.counter_formats import COUNTER_FORMAT, CounterFormats
from claimaudit.library.latex.counts import LEVELS, Counts, Subfloats
from claimaudit.library.latex.counts import Target as Target  # re-exported
from claimaudit.library.latex.inputs import preamble_end
from claimaudit.library.latex.theorems import (
    AMSTHM,
    LLNCS_UNNUMBERED,
    THEOREM_LIKE,
    class_theorems,
    declared_theorems,
    unnumbered_theorems,
)

_CLASS = re.compile(
    r"\\documentclass\s{0,40}(?:\[[^\]]{0,500}\])?\s{0,40}\{\s{0,40}([A-Za-z0-9-]+)\s{0,40}\}"
)
_SECNUMDEPTH = re.compile(
    r"\\setcounter\s{0,40}\{\s{0,40}secnumdepth\s{0,40}\}\s{0,40}\{\s{0,40}(-?\d{1,2})\s{0,40}\}"
)
# The standard classes' own: a subsubsection is numbered in an article, not in a report.
_SECNUMDEPTHS = {"article": 3, "report": 2, "book": 2, "llncs": 2}
_CHAPTER_CLASSES = frozenset({"report", "book", "memoir", "scrreprt", "scrbook"})
# Titles as nameref prints them (the paper's macros are expanded before the count).
_TITLE_TEXT = LatexNodes2Text(math_mode="verbatim")
_FLOATS = {
    "figure": "figure",
    "figure*": "figure",
    "wrapfigure": "figure",
    "table": "table",
    "table*": "table",
}
NUMBER_WITHIN = re.compile(
    r"\\(?:numberwithin|counterwithin(?!\*))\s{0,40}\{\s{0,40}(\w+)\s{0,40}\}\s{0,40}\{\s{0,40}(\w+)\s{0,40}\}"
)
# Sub-figures: lettered where the subcaption package sets them, else left unresolved.
_SUBFLOATS = frozenset({"subfigure", "subtable"})
_SUBFLOAT = "subfloat"  # what a caption inside a sub-figure steps
_SUBFLOAT_MACROS = frozenset({"subfloat", "subfigure", "subtable"})  # subfig's, subfigure's
# subfig's ``\\subfloat`` and the subfigure package's ``\\subfigure``, loaded without options:
# lettered in their figure, a reference printing "1(a)" and ``\\subref`` "(a)".
_SUBFIG = re.compile(
    r"\\usepackage\s{0,40}(\[[^\]]{0,500}\])?\s{0,40}\{[^{}]{0,500}\b(?:subfig|subfigure)\b[^{}]{0,500}\}"
)
_SUBCAPTION = re.compile(
    r"\\usepackage\s{0,40}(\[[^\]]{0,500}\])?\s{0,40}\{[^{}]{0,500}\bsubcaption\b[^{}]{0,500}\}"
)
# Displays that number each line: not counted, so equation numbers after one are unknown.
_LINE_NUMBERED = frozenset({"align", "eqnarray", "gather", "multline", "flalign", "alignat"})
# Floats whose caption steps a counter not followed here (a listing's, or an algorithm's where
# its package's options are not read here): a label in one names that, not the section around
# it.
_UNCOUNTED_FLOATS = frozenset({"algorithm", "algorithm*", "listing"})


@dataclass(frozen=True)
class Numbering:
    """What the count found: each label's target, and each numbered theorem's head."""

    labels: dict[str, Target]
    heads: dict[int, str]  # a theorem environment's position in the source -> "Lemma 2"
    captions: dict[int, Target]  # a float's ``\\caption`` position in the source -> its number
    subcaptions: dict[int, str]  # a sub-figure's caption position -> its letter ("a")
    theorem_names: frozenset[str]  # the environments ``heads`` may hold
    head_period: bool  # amsthm ends a theorem's head with a full stop ("Lemma 2.")
    subrefs_in_parentheses: bool = False  # subcaption's ``\\subref`` prints "(a)"
    note_replaces: frozenset[str] = frozenset()  # environments whose note is their head


def _secnumdepth(source: str, document_class: str | None) -> int | None:
    """The deepest heading level numbered (chapter 0, section 1, ...), as the preamble's
    ``\\setcounter{secnumdepth}`` or the standard class sets it; None where not known."""
    settings = _SECNUMDEPTH.findall(source, 0, preamble_end(source))
    if settings:
        return int(settings[-1])
    return _SECNUMDEPTHS.get(document_class or "")


def document_class(source: str) -> str | None:
    match = _CLASS.search(source)
    return match.group(1) if match else None


def numbering(
    source: str,
    nodes: Sequence[LatexNode],
    formats: CounterFormats | None = None,
    proof: str | None = None,
) -> Numbering:
    """Every ``\\label`` of the document body the count can place (label -> what it names), and
    the head of every theorem-like environment it numbered; ``formats`` are the counters the
    paper prints its own way (``latex_counter_formats``)."""
    chapters = document_class(source) in _CHAPTER_CLASSES
    within = {kind: "chapter" for kind in ("figure", "table", "equation")} if chapters else {}
    for match in NUMBER_WITHIN.finditer(source):
        if match.group(1) in ("figure", "table", "equation") and match.group(2) in LEVELS:
            within[match.group(1)] = match.group(2)
    own = class_theorems(source)
    theorems = declared_theorems(source, own)
    # Unnumbered ones print a head too: llncs's ("Proof."), amsthm's ("Claim.", "Proof.").
    unnumbered = {
        **(LLNCS_UNNUMBERED if own is not None else {}),
        **unnumbered_theorems(source, proof),
    }
    unnumbered = {name: head for name, head in unnumbered.items() if name not in theorems}
    package = _SUBCAPTION.search(source)
    subfig = _SUBFIG.search(source)
    commands = subfig is not None and not subfig.group(1)
    algorithms = algorithm_numbering(source, chapters)
    if algorithms is not None and algorithms[1] is not None:
        within["algorithm"] = algorithms[1]
    counts = Counts(
        chapters=chapters,
        theorems=theorems,
        unnumbered=unnumbered,
        within=within,
        algorithms=algorithms[0] if algorithms is not None else frozenset(),
        lettered=package is not None,
        labelled=package is not None and not package.group(1),
        commands=commands,
    )
    counts.formats = dict(formats.preamble) if formats is not None else {}
    counts.secnumdepth = _secnumdepth(source, document_class(source))
    counts.body_formats = formats.body if formats is not None else []
    _walk(nodes, counts, None, None)
    return Numbering(
        counts.labels,
        counts.heads,
        counts.captions,
        counts.subcaptions,
        frozenset(theorems) | frozenset(unnumbered),
        AMSTHM.search(source) is not None or own is not None,
        counts.labelled or commands,
        # amsthm's proof prints its note in place of "Proof" ("Proof of Theorem 2."); llncs's
        # after it, as a theorem's.
        frozenset({"proof"}) if own is None else frozenset(),
    )


def _walk(
    nodes: Sequence[LatexNode], counts: Counts, current: Target | None, floating: str | None
) -> Target | None:
    """Counts through ``nodes`` in order; returns what is numbered last at this level (LaTeX's
    current label, which an environment keeps to itself). ``floating`` is the
    counter a caption steps here (inside a figure or table, at any depth)."""
    for node in nodes:
        if isinstance(node, LatexMacroNode):
            current = _macro(node, counts, current, floating)
        elif isinstance(node, LatexEnvironmentNode):
            _environment(node, counts, current, floating)
        elif isinstance(node, LatexGroupNode):
            # Not scoped: the paper's own macros are expanded inside braces (``latex_macros``),
            # which TeX's expansion does not add, and a section heading may sit in one.
            current = _walk(node.nodelist or [], counts, current, floating)
    return current


def _macro(
    node: LatexMacroNode, counts: Counts, current: Target | None, floating: str | None
) -> Target | None:
    name = node.macroname
    args = [a for a in (node.nodeargd.argnlist if node.nodeargd else []) if a is not None]
    if name == "appendix":
        counts.appendix = True
        counts.values["chapter" if counts.chapters else "section"] = 0
        return current
    if name in LEVELS:
        starred = any(a.latex_verbatim() == "*" for a in args)
        if not starred and (name != "chapter" or counts.chapters) and counts.numbered(name):
            current = _titled(_target(name, counts.step(name)), node)
            top = "chapter" if counts.chapters else "section"
            if current is not None and counts.appendix and name == top:
                # hyperref's name for an appendix depends on the class; the letter alone is sure.
                current = replace(current, kind="appendix")
    elif name in ("caption", "subcaption") and _starred(node):
        pass  # ``\\caption*``: printed without a number, and nothing counted
    elif name == "captionof" and not _starred(node) and _plain_arg(node, 1) in ("figure", "table"):
        # The caption package's caption outside a float steps the counter it names.
        current = _target(_plain_arg(node, 1), counts.step(_plain_arg(node, 1)))
        if current is not None:
            counts.captions[node.pos] = current
    elif name in ("caption", "subcaption") and floating == _SUBFLOAT and counts.sub:
        counts.sub.letters += 1
        counts.sub.captions.append((node.pos, counts.sub.letters))
    elif name == "caption" and floating is not None and floating != _SUBFLOAT:
        current = _titled(_target(floating, counts.step(floating)), node)
        if current is not None:
            counts.captions[node.pos] = current
            if counts.sub is not None and counts.sub.number is None:
                counts.sub.number = current.number
    elif name in _SUBFLOAT_MACROS:
        # Lettered where subfig (or subfigure) is loaded without options and a caption is
        # given (one without is not counted); elsewhere its letter is its package's options',
        # not followed: a label in one names the sub-figure, not what was numbered before it.
        lettered = counts.commands and counts.sub is not None and _optional_given(node)
        if lettered and counts.sub is not None:
            counts.sub.letters += 1
            counts.sub.captions.append((node.pos, counts.sub.letters))
        for arg in args:
            if isinstance(arg, LatexGroupNode):
                _walk(arg.nodelist or [], counts, None, _SUBFLOAT if lettered else None)
        return current
    elif name == COUNTER_FORMAT and args:
        # A redefinition of ``\\thefigure`` in the body: it holds from here on.
        index = _plain(args[0])
        if index.isdigit() and int(index) < len(counts.body_formats):
            counter, template = counts.body_formats[int(index)]
            counts.formats[counter] = template
        return current
    elif name in ("setcounter", "addtocounter") and args:
        counter = _plain(args[0])
        value = _plain(args[1]) if len(args) > 1 else ""
        if value.lstrip("-").isdigit() and len(value) < 6 and counter not in counts.unknown:
            # A number given (``\\setcounter{figure}{0}`` before a supplement): followed.
            base = 0 if name == "setcounter" else counts.values.get(counter, 0)
            counts.values[counter] = base + int(value)
        elif value.lstrip("-").isdigit() and len(value) < 6 and name == "setcounter":
            counts.values[counter] = int(value)
            counts.unknown.discard(counter)  # a known value again
        else:
            counts.unknown.add(counter)  # a count set otherwise is not followed
        return current
    elif name == "label" and args:
        key = _plain(args[-1])
        if key and floating == _SUBFLOAT and counts.sub and counts.sub.letters:
            counts.sub.labels.append((key, counts.sub.letters))
        elif key and current is not None:
            counts.labels.setdefault(key, current)
        return current
    for arg in args:  # a label inside a caption's argument names the float
        if isinstance(arg, LatexGroupNode):
            _walk(arg.nodelist or [], counts, current, floating)
    return current


def _environment(
    node: LatexEnvironmentNode, counts: Counts, current: Target | None, floating: str | None
) -> None:
    name = node.environmentname
    if name.rstrip("*") in _LINE_NUMBERED:
        if not name.endswith("*"):
            counts.unknown.add("equation")
        current = None  # a label on one of its lines is not placed
    elif name in counts.algorithms:
        _algorithm(node, counts)
        return
    elif name in _UNCOUNTED_FLOATS:
        current, floating = None, None
    elif name in _SUBFLOATS:
        # Its caption steps the sub-figure's letter, which is known only where it is lettered.
        current, floating = None, _SUBFLOAT if counts.sub is not None else None
    elif name in _FLOATS:
        _float(node, counts, current, _FLOATS[name])
        return
    elif name == "equation":
        current = _target("equation", counts.step("equation"))
    elif name in counts.unnumbered:
        counts.heads[node.pos] = counts.unnumbered[name]
    elif name in THEOREM_LIKE and name not in counts.theorems:
        # A class's own theorems (llncs's), or a package's declaration not read here: their
        # count is not known, and a label in one names it, not the section around it.
        current = None
    elif name in counts.theorems:
        theorem = counts.theorems[name]
        number = counts.step(theorem.counter)
        # ``\\nameref`` to it prints its note (``\\begin{theorem}[Main]``), as for a heading.
        current = None if number is None else _titled(Target(theorem.counter, number, name), node)
        if current is not None and theorem.title:
            counts.heads[node.pos] = f"{theorem.title} {current.number}"
    _walk(node.nodelist or [], counts, current, floating)


def _algorithm(node: LatexEnvironmentNode, counts: Counts) -> None:
    """Counts an algorithm by its caption. A label names it only in the caption or right
    after it: one further on may name a line (algorithm2e's, algorithmic's), not counted."""
    nodes = node.nodelist or []
    target: Target | None = None
    for child in nodes:
        if isinstance(child, LatexMacroNode) and child.macroname == "caption":
            if _starred(child):
                continue
            target = _target("algorithm", counts.step("algorithm"))
            for arg in macro_arguments(child):
                if isinstance(arg, LatexGroupNode):
                    _labels(arg.nodelist or [], counts, target)
        elif isinstance(child, LatexMacroNode) and child.macroname == "label":
            _labels([child], counts, target)
        elif not (isinstance(child, LatexCharsNode) and not child.chars.strip()):
            target = None  # past the caption: a label now names something else
    # What it holds is counted as elsewhere (an equation), its labels placed by nothing here.
    _walk(nodes, counts, None, None)


def _labels(nodes: Sequence[LatexNode], counts: Counts, target: Target | None) -> None:
    for child in nodes:
        if isinstance(child, LatexMacroNode) and child.macroname == "label" and target:
            args = macro_arguments(child)
            key = _plain(args[-1]) if args else ""
            if key:
                counts.labels.setdefault(key, target)


def macro_arguments(node: LatexMacroNode) -> list[LatexNode]:
    return [a for a in (node.nodeargd.argnlist if node.nodeargd else []) if a is not None]


def _float(node: LatexEnvironmentNode, counts: Counts, current: Target | None, kind: str) -> None:
    """Counts a figure or table, then letters its sub-figures with the number its caption
    took ("2.8a")."""
    outer, counts.sub = counts.sub, Subfloats() if counts.lettered or counts.commands else None
    _walk(node.nodelist or [], counts, current, kind)
    sub, counts.sub = counts.sub, outer
    if sub is None or sub.number is None:
        return
    for key, index in sub.labels:
        letter = _letter(index)
        # subfig's reference prints the letter in parentheses ("1(a)"), subcaption's not.
        number = f"{sub.number}({letter})" if counts.commands else sub.number + letter
        counts.labels.setdefault(key, Target(kind, number, letter=letter))
    for position, index in sub.captions if counts.labelled or counts.commands else []:
        counts.subcaptions[position] = _letter(index)


def _optional_given(node: LatexMacroNode) -> bool:
    """Whether a sub-figure command is given a caption (``\\subfloat[...]{...}``)."""
    args = node.nodeargd.argnlist if node.nodeargd else []
    return any(a is not None for a in args[:-1])


def _starred(node: LatexMacroNode) -> bool:
    argd = node.nodeargd
    return argd is not None and bool(argd.argnlist) and _plain_arg(node, 0) == "*"


def _plain_arg(node: LatexMacroNode, index: int) -> str:
    """The ``index``-th argument of ``node`` as typed (braces off), "" where not given."""
    args = node.nodeargd.argnlist if node.nodeargd else []
    arg = args[index] if index < len(args) else None
    return _plain(arg) if arg is not None else ""


def _titled(target: Target | None, node: LatexMacroNode | LatexEnvironmentNode) -> Target | None:
    """``target`` with the title of the heading or caption ``node``: its short one where given
    (``\\section[Short]{Long}``), or a theorem's note, as nameref prints it."""
    if target is None or node.nodeargd is None:
        return target
    groups = [a for a in node.nodeargd.argnlist if a is not None and _plain(a) not in ("", "*")]
    if not groups:
        return target
    short = groups[0] if len(groups) > 1 else groups[-1]
    nodes = short.nodelist if isinstance(short, LatexGroupNode) else [short]
    try:
        title = str(_TITLE_TEXT.nodelist_to_text(nodes or []))
    except (ValueError, TypeError, KeyError, IndexError):
        title = ""  # a title pylatexenc cannot print: none rather than a stop
    return replace(target, title=" ".join(title.split()))


def _letter(index: int) -> str:
    return chr(ord("a") + index - 1) if 1 <= index <= 26 else str(index)


def _target(kind: str, number: str | None) -> Target | None:
    return Target(kind, number) if number is not None else None


def _plain(node: LatexNode) -> str:
    text = str(node.latex_verbatim()).strip()
    if text.startswith("{") and text.endswith("}"):
        text = text[1:-1]
    return text.strip()
