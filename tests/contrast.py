"""WCAG contrast of colours read from a style sheet: hex colours, var(--name) and
color-mix(in srgb, A p%, B), the forms the project's style sheets use for badges."""

from __future__ import annotations

import re

RGB = tuple[float, float, float]


def variables(css: str) -> dict[str, str]:
    """Every custom property the sheet sets (the last setting wins)."""
    return {m[1]: m[2].strip() for m in re.finditer(r"--([\w-]+)\s*:\s*([^;}]+)", css)}


def declaration(css: str, selector: str, prop: str) -> str | None:
    """The value ``prop`` gets in the last rule whose selector list holds exactly ``selector``."""
    found = None
    for rule in re.finditer(r"([^{}]+)\{([^{}]*)\}", css):
        selectors = [s.strip() for s in re.sub(r"/\*.*?\*/", "", rule[1], flags=re.S).split(",")]
        if selector in selectors:
            for m in re.finditer(rf"(?:^|[;\s]){re.escape(prop)}\s*:\s*([^;]+)", rule[2]):
                found = m[1].strip()
    return found


def colour(value: str, names: dict[str, str], local: dict[str, str] | None = None) -> RGB:
    value = value.strip()
    scope = {**names, **(local or {})}
    if m := re.fullmatch(r"var\(--([\w-]+)\)", value):
        return colour(scope[m[1]], names, local)
    if m := re.fullmatch(r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})", value):
        digits = m[1] if len(m[1]) == 6 else "".join(c * 2 for c in m[1])
        return (int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16))
    if m := re.fullmatch(r"color-mix\(in srgb,\s*(.+?)\s+(\d+)%,\s*(.+)\)", value):
        a, b, p = colour(m[1], names, local), colour(m[3], names, local), int(m[2]) / 100
        return (
            a[0] * p + b[0] * (1 - p),
            a[1] * p + b[1] * (1 - p),
            a[2] * p + b[2] * (1 - p),
        )
    raise ValueError(f"colour not understood: {value}")


def _luminance(rgb: RGB) -> float:
    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a: RGB, b: RGB) -> float:
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)
