"""The verdict colours the HTML report (``claimaudit review --html``) and the web page share.

Each verdict has a strong colour (badges, markers, the line under a sentence, the edge of an
evidence panel; white text on it reads at WCAG AA) and a tint (a sentence's highlight, a
count). The five are told apart by more than hue: every badge and count carries its verdict's
name, and ``not_checked`` (an operational failure, not a verdict) is violet, hatched and dashed,
never the grey of ``not_addressed``. The web page's style sheet (server/static/style.css) holds
the same values as CSS variables; a test keeps the two in step."""

from __future__ import annotations

from typing import NamedTuple


class VerdictColour(NamedTuple):
    name: str  # the CSS variable's name: --NAME strong, --NAME-tint the highlight
    strong: str
    tint: str


PALETTE: dict[str, VerdictColour] = {
    "supports": VerdictColour("supports", "#1f7a3d", "#e3f3e8"),
    "contradicts": VerdictColour("contradicts", "#b3261e", "#fbe4e2"),
    "not_addressed": VerdictColour("not-addressed", "#5f6b7a", "#eceff3"),
    "insufficient_evidence": VerdictColour("insufficient", "#a15c00", "#fdefd6"),
    "not_checked": VerdictColour("not-checked", "#6a4c9c", "#e8def6"),
}


def css_variables() -> str:
    """The palette as CSS custom properties (for a ``:root`` rule)."""
    return "\n".join(
        f"  --{c.name}: {c.strong}; --{c.name}-tint: {c.tint};" for c in PALETTE.values()
    )
