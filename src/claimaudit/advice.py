"""An error's message with the advice of the surface that reports it.

An error says what went wrong (``claimaudit.errors``); how to fix it depends on where the
request came from: ``--replace`` on the command line, ``replace: true`` in an API request or an
MCP tool call. Each surface has one ``Advice`` function and reports every error through
``advised``, so no surface rewrites another's words.
"""

from __future__ import annotations

from collections.abc import Callable

from claimaudit.errors import ClaimauditError

# The built-in judges that take a model id, which advice about a model names.
MODEL_JUDGES = "the jev and openai judges"

# What the surface tells its user to do about an error, or None when it has nothing to add.
Advice = Callable[[ClaimauditError], str | None]


def advised(error: ClaimauditError, advice: Advice) -> str:
    """``error``'s message followed by ``advice``'s words for it, if any."""
    tip = advice(error)
    return f"{error}{error.advice_joint}{tip}" if tip else str(error)
