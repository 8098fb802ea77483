"""llama-cpp-python's OpenAI-compatible server, started on a free 127.0.0.1 port for a test.

    with LlamaServer(tmp_path, n_ctx=2048) as server:
        server.base_url  # http://127.0.0.1:PORT/v1, what OPENAI_BASE_URL takes

It serves the SmolLM2 GGUF (``model.gguf_path()``) under the name ``SERVED_MODEL`` on the CPU,
with its prompt cache on, and stops with the ``with`` block (``stop()``, or ``kill()`` as a crash
would, which a test may call midway to see what a judge does when its server goes away). Its log
is kept for failure messages.
"""

from __future__ import annotations

import importlib.util
import socket
import subprocess
import sys
import time
from pathlib import Path
from types import TracebackType
from typing import Any, Self

import httpx
import pytest

from tests.llamacpp.model import gguf_path

SERVED_MODEL = "smollm2"
STARTUP_LIMIT_S = 120.0
INSTALL_HINT = (
    "the llama.cpp tests need llama-cpp-python and the SmolLM2 model: run `make llama` "
    "(make test does), or deselect them with -m 'not llama'"
)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class LlamaServer:
    def __init__(self, workdir: Path, *, n_ctx: int = 2048, extra: tuple[str, ...] = ()) -> None:
        self.n_ctx = n_ctx
        self.port = free_port()
        self.log = workdir / f"llama-{self.port}.log"
        self._extra = extra
        self._process: subprocess.Popen[bytes] | None = None
        self._http = httpx.Client(timeout=60.0)  # one connection for the tokenizer's calls

    @property
    def root(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def base_url(self) -> str:
        return f"{self.root}/v1"

    def start(self) -> Self:
        model = gguf_path()
        if importlib.util.find_spec("llama_cpp") is None or not model.is_file():
            pytest.fail(INSTALL_HINT)
        command = [
            sys.executable,
            "-m",
            "llama_cpp.server",
            "--model",
            str(model),
            "--model_alias",
            SERVED_MODEL,
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--n_ctx",
            str(self.n_ctx),
            # Keep the state after each prompt (in memory), so a question the tests ask again
            # (every surface asks the same one) is answered without reading its prompt again.
            "--cache",
            "true",
            *self._extra,
        ]
        with self.log.open("wb") as out:
            self._process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
        self._wait_until_up()
        return self

    def _wait_until_up(self) -> None:
        deadline = time.monotonic() + STARTUP_LIMIT_S
        while time.monotonic() < deadline:
            assert self._process is not None
            if self._process.poll() is not None:
                code = self._process.returncode
                pytest.fail(f"llama.cpp server exited with {code}:\n{self.tail()}")
            try:
                if httpx.get(f"{self.base_url}/models", timeout=2.0).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            time.sleep(0.1)
        self.stop()
        pytest.fail(f"llama.cpp server did not start in {STARTUP_LIMIT_S} s:\n{self.tail()}")

    def stop(self) -> None:
        self._http.close()
        process, self._process = self._process, None
        if process is None:
            return
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()

    def kill(self) -> None:
        """Stop at once (SIGKILL), as a crash would: requests in flight get no answer."""
        self._http.close()
        process, self._process = self._process, None
        if process is not None:
            process.kill()
            process.wait()

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def tail(self, lines: int = 40) -> str:
        text = self.log.read_text(encoding="utf-8", errors="replace") if self.log.exists() else ""
        return "\n".join(text.splitlines()[-lines:])

    # The server's own tokenizer, for tests that check what the judge assumes about it.

    def tokenize(self, text: str) -> list[int]:
        answer = self._post("/extras/tokenize", {"input": text})
        return [int(t) for t in answer["tokens"]]

    def detokenize(self, tokens: list[int]) -> str:
        return str(self._post("/extras/detokenize", {"tokens": tokens})["text"])

    def _post(self, path: str, body: dict[str, Any]) -> Any:
        response = self._http.post(f"{self.root}{path}", json=body)
        response.raise_for_status()
        return response.json()

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()
