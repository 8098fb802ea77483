"""A judge under the name it was registered by.

A record's ``judge`` says who judged: a plugin's judge object whose own ``name`` is another
backend's ("local"), blank, or no text at all must not be credited to what it claims. A judge
built by name answers to that name; everything else is its own.
"""

from __future__ import annotations

from claimaudit.judges.delegating import DelegatingJudge
from claimaudit.judges.protocol import Judge


class RegisteredJudge(DelegatingJudge):
    """``inner``, named ``name`` (the name it was registered and asked for by)."""

    def __getattr__(self, attribute: str) -> object:
        # Anything beyond the contract (a judge's own settings, say) is the inner judge's.
        if attribute == "inner":  # not set yet (a copy being made): no endless lookup
            raise AttributeError(attribute)
        return getattr(self.inner, attribute)


def as_registered(judge: Judge, name: str) -> Judge:
    """``judge`` when its own name is ``name``, else ``judge`` under ``name``."""
    own = getattr(judge, "name", None)
    return judge if isinstance(own, str) and own == name else RegisteredJudge(judge, name)
