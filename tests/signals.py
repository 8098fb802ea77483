"""Helpers for tests that run the real ``claimaudit`` command in a child process and stop it
with a signal at a known point: no sleeps, the test waits for what the child does."""

from __future__ import annotations

import os
import resource
import socket
import subprocess
import sys
import threading
import tomllib
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

import claimaudit

SRC = Path(claimaudit.__file__).resolve().parents[1]
PYPROJECT = SRC.parent / "pyproject.toml"


def console_script() -> list[str]:
    """The ``claimaudit`` command as pip's generated script runs it, from pyproject's entry."""
    target = tomllib.loads(PYPROJECT.read_text("utf-8"))["project"]["scripts"]["claimaudit"]
    module, function = target.split(":")
    code = f"import sys\nfrom {module} import {function}\nsys.exit({function}())"
    return [sys.executable, "-c", code]


def child_env(extra: Mapping[str, str] = {}, *, path: tuple[Path, ...] = ()) -> dict[str, str]:
    """The environment for a child that imports this checkout's claimaudit."""
    env = {**os.environ, **extra}
    env["PYTHONPATH"] = os.pathsep.join(str(p) for p in [*path, SRC])
    env.pop("CLAIMAUDIT_JUDGE", None)
    return env


def file_size_limit(limit: int) -> Callable[[], None]:
    """A ``preexec_fn`` giving the child a real ``ulimit -f`` of *limit* bytes."""

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return limited


def run_python_limited(
    code: str, limit: int, *, path: tuple[Path, ...] = ()
) -> subprocess.CompletedProcess[str]:
    """``python -c code`` under a file size limit of *limit* bytes, output captured."""
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=child_env(path=path),
        preexec_fn=file_size_limit(limit),
        timeout=300,
    )


@contextmanager
def ready_child(*args: str, env: Mapping[str, str] = {}) -> Iterator[subprocess.Popen[str]]:
    """``python -c *args``, held until it prints "ready"; killed (``kill -9``: no clean-up of
    its own runs) when the block ends."""
    child = subprocess.Popen(
        [sys.executable, "-c", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=child_env(env),
    )
    try:
        assert child.stdout is not None and child.stdout.readline() == "ready\n"
        yield child
    finally:
        child.kill()
        child.wait()


class SilentServer:
    """A TCP server on 127.0.0.1 that takes requests and never answers: a child waiting on it
    is at a known point. ``asked`` is set once a request's first bytes have arrived."""

    def __init__(self) -> None:
        self._socket = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self._socket.getsockname()[1]}"
        self.asked = threading.Event()
        self._held: list[socket.socket] = []
        self._thread = threading.Thread(target=self._serve, daemon=True)

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self._socket.accept()
            except OSError:
                return
            self._held.append(conn)
            if conn.recv(1):
                self.asked.set()

    @contextmanager
    def running(self) -> Iterator[SilentServer]:
        self._thread.start()
        try:
            yield self
        finally:
            self._socket.close()
            for conn in self._held:
                conn.close()


def interrupt_when_asked(
    command: list[str],
    server: SilentServer,
    env: Mapping[str, str],
    timeout: float = 120,
    signum: int = 2,
) -> subprocess.CompletedProcess[str]:
    """Run ``command``, send it ``signum`` (SIGINT, Ctrl-C, unless told) once it has asked
    ``server``, and wait."""
    child = subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        if not server.asked.wait(timeout):
            child.kill()
            out, err = child.communicate()
            raise AssertionError(f"the command never asked the server: {err}")
        child.send_signal(signum)
        out, err = child.communicate(timeout=timeout)
    finally:
        if child.poll() is None:
            child.kill()
            child.communicate()
    return subprocess.CompletedProcess(command, child.returncode, out, err)
