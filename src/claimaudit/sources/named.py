"""A source under the name it was registered by.

A record's ``source`` says where its paper came from, as its ``judge`` says who judged
(``claimaudit.judges.named``): a plugin's source object whose own ``name`` is another backend's
("library", "valyu"), blank, or no text at all must not be credited to what it claims, nor have
its calls counted against another backend's limit. A source built by name answers to that name;
everything else is its own.
"""

from __future__ import annotations

from claimaudit.sources.delegating import DelegatingSource
from claimaudit.sources.protocol import Source


class RegisteredSource(DelegatingSource):
    """``inner``, named ``name`` (the name it was registered and asked for by)."""

    def __getattr__(self, attribute: str) -> object:
        # Anything beyond the contract (the library a source reads, say) is the inner source's.
        if attribute == "inner":  # not set yet (a copy being made): no endless lookup
            raise AttributeError(attribute)
        return getattr(self.inner, attribute)


def as_registered(source: Source, name: str) -> Source:
    """``source`` when its own name is ``name``, else ``source`` under ``name``."""
    own = getattr(source, "name", None)
    return source if isinstance(own, str) and own == name else RegisteredSource(source, name)
