"""What a resource opened with ``with`` shares: closed when the block ends, however it ends."""

from __future__ import annotations

from typing import Self


class Closing:
    """A base for a class with a ``close``: ``with X(...) as x:`` gives ``x`` itself and closes
    it as the block ends, by an error too."""

    def close(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
