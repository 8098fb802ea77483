"""The local engine: every pair judged in this process, in the order given."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from claimaudit.checker.pipeline import Checker
from claimaudit.engines import PairRequest
from claimaudit.records import Record

T = TypeVar("T")


class LocalEngine:
    name = "local"

    def connect(self) -> None:
        return None  # this process: nothing to reach

    def check(
        self,
        checker: Checker,
        requests: Iterable[tuple[T, PairRequest]],
        on_record: Callable[[T, Record], None],
    ) -> None:
        for tag, request in requests:
            on_record(tag, checker.check_paper(request.claim, request.paper, request.topic))

    def close(self) -> None:
        return None
