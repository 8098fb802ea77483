"""Fixtures shared across the suite."""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

# Fixtures shared by tests of several packages.
pytest_plugins = ["tests.sources.arxivfixtures", "tests.llamacpp.fixtures"]

REPO_ROOT = Path(__file__).resolve().parents[1]
SHARED_DATA = REPO_ROOT.parent / "shared" / "data"

# Every field of the seed's checked record (claim-checker.ts, type Checked).
SEED_FIELDS = {
    "claim",
    "paperTitle",
    "paperUrl",
    "searchQuery",
    "evidenceScope",
    "retrievedAt",
    "model",
    "verdict",
    "confidence",
    "probabilities",
    "evidencePassageId",
    "evidence",
    "evidenceConfidence",
    "needsReview",
}

# No test may reach a model hub or any network beyond 127.0.0.1.
# Run as a shell's background job (`make test &`, `nohup`), the tests inherit SIGINT ignored
# and so would every command they start: the Ctrl-C tests need commands that start as from a
# terminal. A Python handler here is reset to the default in each child at exec.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# pytest-xdist's workers start with COLUMNS=80 and LINES=24 set; the consoles fix a width from
# COLUMNS when they are made, so the width tests would meet 80 where a pipe has no width.
if "PYTEST_XDIST_WORKER" in os.environ:
    os.environ.pop("COLUMNS", None)
    os.environ.pop("LINES", None)

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

# Folders whose tests share one costly outside process (a Ray cluster, a llama.cpp server).
_ONE_WORKER_FOLDERS = ("tests/engines/", "tests/llamacpp/")


def _work_unit(nodeid: str) -> str:
    """What one pytest-xdist worker runs whole: a folder in ``_ONE_WORKER_FOLDERS``, so that
    only one of its processes is started, else the test's file, as its module fixtures expect."""
    path = nodeid.split("::", 1)[0]
    return next((folder for folder in _ONE_WORKER_FOLDERS if path.startswith(folder)), path)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``make test`` runs the suite with ``-n auto --dist loadfile``: xdist's file scheduling,
    with ``_work_unit`` for its units. (``--dist loadgroup`` and ``xdist_group`` marks would
    say the same, but pytest 9.2's node ids no longer carry xdist's group suffix.)"""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class _ByWorkUnit(LoadScopeScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            return _work_unit(nodeid)

    return _ByWorkUnit(config, log)


@pytest.fixture
def gate() -> Iterator[threading.Event]:
    """What a stuck plugin call waits on (tests/stuck.py); set at teardown so that no thread
    is left waiting."""
    event = threading.Event()
    yield event
    event.set()


@pytest.fixture(scope="session")
def shared_data() -> Path:
    if not SHARED_DATA.is_dir():
        pytest.fail(f"the shared data folder is missing: {SHARED_DATA}")
    return SHARED_DATA


@pytest.fixture(autouse=True)
def _isolated_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Keep every test away from the user's real library and from configured judges."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.delenv("CLAIMAUDIT_LIBRARY", raising=False)
    monkeypatch.delenv("CLAIMAUDIT_JUDGE", raising=False)
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_MODEL", "OPENAI_CONTEXT_TOKENS"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.delenv("TYPESAFE_API_KEY", raising=False)
    monkeypatch.delenv("TYPESAFE_BASE_URL", raising=False)
    monkeypatch.delenv("VALYU_API_KEY", raising=False)
    # Online sources point at a closed local port unless a test starts its own server there.
    monkeypatch.setenv("CLAIMAUDIT_VALYU_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("CLAIMAUDIT_ARXIV_BASE_URL", "http://127.0.0.1:9")
    monkeypatch.setenv("CLAIMAUDIT_CROSSREF_BASE_URL", "http://127.0.0.1:9")
    monkeypatch.delenv("CLAIMAUDIT_CONTACT_EMAIL", raising=False)
    # Each test sets the proxy it means, none from the machine's environment.
    for name in ("http_proxy", "https_proxy", "all_proxy", "no_proxy"):
        monkeypatch.delenv(name, raising=False)
        monkeypatch.delenv(name.upper(), raising=False)
