"""A size limit in the words every surface says it in (the command line, the HTTP API, MCP)."""

from __future__ import annotations

_UNITS = (("MiB", 1024 * 1024), ("KiB", 1024))


def shown_size(size: int) -> str:
    """``2 MiB``, ``1.5 KiB``, or ``2,000 bytes``: in the largest unit the size reaches where it
    is a whole number of hundredths of that unit, so the figure is exact and short, else in
    bytes ("1.95312 KiB" and "15.2588 MiB" read as noise)."""
    for unit, factor in _UNITS:
        if size >= factor:
            if (size * 100) % factor == 0:
                figure = f"{size / factor:,.2f}".rstrip("0").rstrip(".")
                return f"{figure} {unit}"
            break
    return f"{size:,} {'byte' if size == 1 else 'bytes'}"
