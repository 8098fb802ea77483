"""What the LaTeX draft reader (``claimaudit.review.latex.walk``) makes of an environment or
macro by its name: no claim, text walked as prose, a box, a bibliography."""

from __future__ import annotations

from claimaudit.library.latex.context import SKIPPED_ENVIRONMENTS

# Environments whose text is no claim: ingestion's, plus floats and mathematics.
NON_CLAIM_ENVIRONMENTS = SKIPPED_ENVIRONMENTS | frozenset(
    "figure figure* table table* wrapfigure subfigure longtable tabular* equation equation* "
    "align align* alignat alignat* gather gather* multline multline* eqnarray eqnarray* "
    "displaymath math flalign flalign* algorithm algorithmic algorithm2e comment "
    "verbatim* lstlisting* filecontents filecontents*".split()
)
TRANSPARENT_MACROS = frozenset(
    "emph textbf textit textsl textsc textup textmd textrm textsf texttt textnormal underline "
    "mbox uline".split()
)
# Boxes: a margin note cannot go in one (LaTeX's "Not in outer par mode"), so a sentence
# there is marked ``boxed`` and annotated with an inline note.
BOX_ENVIRONMENTS = frozenset(
    "minipage tcolorbox mdframed framed shaded shaded* snugshade snugshade* leftbar "
    "oframed tcbraster fminipage".split()
)
BOX_MACROS = frozenset(
    "mbox makebox fbox framebox parbox colorbox fcolorbox raisebox resizebox scalebox "
    "rotatebox".split()
)
BIBLIOGRAPHY_MACROS = frozenset({"bibliography", "addbibresource", "addglobalbib"})
# What is no claim but whose footnotes are read, as a Markdown draft's notes marked in a table
# cell or a heading are: a table's note is prose the author wrote (a caption's is not read).
NOTES_READ_IN = frozenset(
    "table table* tabular tabular* tabularx longtable threeparttable heading".split()
)
