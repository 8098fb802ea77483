"""LaTeX's counters as the standard classes step, reset and print them (``Counts``), and what
a ``\\label`` names (``Target``): the state ``numbering`` keeps while it walks a document."""

from __future__ import annotations

from dataclasses import dataclass, field

from claimaudit.library.latex.counter_formats import Template, render_template
from claimaudit.library.latex.theorems import Theorem

LEVELS = ("chapter", "section", "subsection", "subsubsection")


@dataclass(frozen=True)
class Target:
    kind: str  # the counter: "figure", "section", a theorem environment's name, ...
    number: str
    # The environment that stepped it where that is not the counter's name (a lemma sharing
    # the theorem counter): cleveref names a reference by it, hyperref's \autoref by the counter.
    environment: str = ""
    title: str = ""  # what ``\\nameref`` prints: a heading's or a caption's (short) title
    letter: str = ""  # a sub-figure's letter, which ``\\subref`` prints

    @property
    def type(self) -> str:
        """What cleveref names the reference by."""
        return self.environment or self.kind


@dataclass
class Subfloats:
    """The sub-figures of the float being counted: lettered in order, numbered once the
    float's own caption (which LaTeX sets after them) gives the number."""

    number: str | None = None
    letters: int = 0
    labels: list[tuple[str, int]] = field(default_factory=list)  # label -> letter index
    captions: list[tuple[int, int]] = field(default_factory=list)  # caption position -> index


@dataclass
class Counts:
    """The count so far: what the preamble set, each counter's value and printed number, and
    what the walk has placed (labels, theorem heads, captions)."""

    chapters: bool
    theorems: dict[str, Theorem]
    within: dict[str, str]  # figure, table, equation -> the level that resets and prefixes it
    unnumbered: dict[str, str] = field(default_factory=dict)  # environment -> its head
    algorithms: frozenset[str] = frozenset()  # the environments counted as algorithms
    lettered: bool = False  # the subcaption package letters sub-figures
    commands: bool = False  # subfig (or subfigure) letters its sub-figure commands, "1(a)"
    labelled: bool = False  # and prints "(a) " before their captions (no options of its own)
    sub: Subfloats | None = None  # the float being counted, where sub-figures are lettered
    values: dict[str, int] = field(default_factory=dict)
    numbers: dict[str, str] = field(default_factory=dict)
    unknown: set[str] = field(default_factory=set)  # counters the count lost track of
    # Counters the paper prints its own way (``\\thefigure`` redefined); None: not followed.
    formats: dict[str, Template | None] = field(default_factory=dict)
    secnumdepth: int | None = None  # the deepest level numbered (None: all, not known)
    body_formats: list[tuple[str, Template | None]] = field(default_factory=list)
    appendix: bool = False
    labels: dict[str, Target] = field(default_factory=dict)
    heads: dict[int, str] = field(default_factory=dict)  # theorem node position -> "Lemma 2"
    captions: dict[int, Target] = field(default_factory=dict)  # caption node position -> float
    subcaptions: dict[int, str] = field(default_factory=dict)  # caption position -> letter

    def step(self, kind: str) -> str | None:
        self.values[kind] = self.values.get(kind, 0) + 1
        for child in self._resets(kind):
            self.values[child] = 0
            self.unknown.discard(child)
        if kind in self.unknown:
            return None
        number = self._format(kind)
        top = "chapter" if self.chapters else "section"
        if kind in self.formats and not (kind == top and self.appendix):
            # (``\\appendix`` sets the top level's letters after the preamble's setting.)
            template = self.formats[kind]
            if template is None:
                return None
            number = render_template(template, self.values, self.numbers)
        self.numbers[kind] = number
        return number

    def numbered(self, level: str) -> bool:
        """Whether a heading of ``level`` is numbered (and so steps its counter): not below
        ``secnumdepth``, as the paper or its standard class sets it."""
        limit = self.values.get("secnumdepth", self.secnumdepth)
        if limit is None or "secnumdepth" in self.unknown:
            return True
        return LEVELS.index(level) <= limit

    def _resets(self, kind: str) -> list[str]:
        out: list[str] = []
        if kind in LEVELS:
            out.extend(LEVELS[LEVELS.index(kind) + 1 :])
        out.extend(name for name, level in self.within.items() if level == kind)
        out.extend(t.counter for t in self.theorems.values() if kind in (t.within, t.reset))
        return out

    def _format(self, kind: str) -> str:
        value = self.values[kind]
        top = "chapter" if self.chapters else "section"
        if kind == top and self.appendix:
            own = chr(ord("A") + value - 1) if 1 <= value <= 26 else str(value)
        else:
            own = str(value)
        parent: str | None
        if kind in LEVELS:
            index = LEVELS.index(kind)
            parent = LEVELS[index - 1] if index > 0 and kind != top else None
        elif kind in ("figure", "table", "equation", "algorithm"):
            parent = self.within.get(kind)
        else:
            theorem = self.theorems.get(kind)
            parent = theorem.within if theorem else None
            if theorem is not None and parent is not None:
                return f"{self.numbers.get(parent, '0')}{theorem.separator}{own}"
        if parent is None:
            return own
        return f"{self.numbers.get(parent, '0')}.{own}"
