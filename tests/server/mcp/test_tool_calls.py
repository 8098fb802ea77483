"""How an MCP tool calls the service (``claimaudit.server.mcp.tool_calls``): progress only
while the call stands, work not begun once cancelled, a failure in one line."""

from __future__ import annotations

import threading

import anyio
import anyio.to_thread
import pytest
from mcp.server.mcpserver.exceptions import ToolError

from claimaudit.errors import CancelledWorkError
from claimaudit.server.mcp.tool_calls import answer, begun, progress_reporter


def test_a_cancelled_call_reports_no_progress() -> None:
    # QA: a call cancelled before its work began still sent one progress {progress: 0}.
    sent: list[tuple[int, int]] = []

    class Asked:
        request_context = "a request whose client gave a progressToken"

        async def report_progress(self, done: int, total: int) -> None:
            sent.append((done, total))

    async def from_the_work_s_thread(cancelled: bool) -> None:
        cancel = threading.Event()
        if cancelled:
            cancel.set()
        report = progress_reporter(Asked())(cancel)  # type: ignore[arg-type]
        assert report is not None
        await anyio.to_thread.run_sync(report, 0, 3)

    anyio.run(from_the_work_s_thread, True)
    assert sent == []
    anyio.run(from_the_work_s_thread, False)
    assert sent == [(0, 3)]


def test_work_cancelled_while_it_waited_for_a_thread_is_not_begun() -> None:
    ran: list[str] = []
    cancel = threading.Event()
    assert begun(cancel, lambda: ran.append("ran")) is None
    cancel.set()
    with pytest.raises(CancelledWorkError, match="cancelled before it began"):
        begun(cancel, lambda: ran.append("again"))
    assert ran == ["ran"]


def test_a_failure_the_service_does_not_know_is_one_line_naming_only_its_type() -> None:
    def fails() -> None:
        raise RecursionError("a secret in a very long message")

    with pytest.raises(ToolError) as refused:
        answer(fails)
    assert str(refused.value) == (
        "internal error (RecursionError); the request was not carried out"
    )
