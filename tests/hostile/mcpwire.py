"""A raw MCP client over stdio: sends any bytes, expects one reply per request.

The SDK's own client cannot send invalid UTF-8 or lone surrogates; an attacker's can.
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
from pathlib import Path
from types import TracebackType
from typing import Any

from tests.conftest import REPO_ROOT

PROTOCOL = "2025-11-25"


class RawMCP:
    def __init__(
        self,
        library: Path,
        stderr: Path,
        env: dict[str, str],
        module: str = "claimaudit",
        extra: tuple[str, ...] = (),
    ) -> None:
        """``module``: ``tests.server.launcher`` for a server with the test judges (``gated``);
        ``extra``: more options for ``mcp`` (``--timeout``)."""
        environment = {
            k: v for k, v in os.environ.items() if not k.startswith(("CLAIMAUDIT_", "TYPESAFE_"))
        }
        environment.update(env)
        self._stderr = stderr.open("wb")
        self.process = subprocess.Popen(
            [sys.executable, "-m", module, "mcp", "--library", str(library), *extra],
            cwd=REPO_ROOT,
            env=environment,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._stderr,
        )
        self._replies: queue.Queue[bytes] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self._next_id = 0

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self._replies.put(line)

    def send(self, raw: bytes) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(raw + b"\n")
        self.process.stdin.flush()

    def reply(self, request_id: object, timeout: float = 60.0) -> dict[str, Any]:
        """The reply to ``request_id``; messages the server sends meanwhile are skipped."""
        while True:
            try:
                line = self._replies.get(timeout=timeout)
            except queue.Empty:
                raise AssertionError(f"no reply to request {request_id!r}") from None
            message: dict[str, Any] = json.loads(line.decode("utf-8"))
            if message.get("id") == request_id and ("result" in message or "error" in message):
                return message

    def messages_until(self, request_id: object, timeout: float = 60.0) -> list[dict[str, Any]]:
        """Every message the server sends up to and including its reply to ``request_id``."""
        messages: list[dict[str, Any]] = []
        while True:
            try:
                line = self._replies.get(timeout=timeout)
            except queue.Empty:
                raise AssertionError(f"no reply to request {request_id!r}") from None
            messages.append(json.loads(line.decode("utf-8")))
            if messages[-1].get("id") == request_id and "method" not in messages[-1]:
                return messages

    def request(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        self._next_id += 1
        body = {"jsonrpc": "2.0", "id": self._next_id, "method": method, "params": params}
        # ensure_ascii keeps lone surrogates as \\ud800 escapes, as a hostile client sends them.
        self.send(json.dumps(body).encode())
        return self.reply(self._next_id)

    def call(self, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
        return self.request("tools/call", {"name": tool, "arguments": arguments})

    def __enter__(self) -> RawMCP:
        init = self.request(
            "initialize",
            {
                "protocolVersion": PROTOCOL,
                "capabilities": {},
                "clientInfo": {"name": "hostile", "version": "1"},
            },
        )
        assert "result" in init, init
        self.send(b'{"jsonrpc": "2.0", "method": "notifications/initialized"}')
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self._stderr.close()


def tool_text(reply: dict[str, Any]) -> tuple[bool, str]:
    """(is an error, text) of a tools/call reply; a JSON-RPC error counts as an error."""
    if "error" in reply:
        return True, str(reply["error"].get("message", ""))
    result = reply["result"]
    return bool(result.get("isError")), "".join(c.get("text", "") for c in result["content"])
