"""A key the command sends over plain http to another machine: one line on stderr, by name."""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests.libraries import notes_library
from tests.signals import child_env, console_script

KEY = "sk-cleartext-0123456789"


def test_the_key_going_in_clear_text_is_said_once_on_stderr(tmp_path: Path) -> None:
    # QA: OPENAI_BASE_URL=http://<a lab gateway>/v1 sent OPENAI_API_KEY unencrypted, unsaid.
    # The paper is not in the library, so nothing is sent to the address (TEST-NET, unrouted).
    library = notes_library(tmp_path, "# Notes\n\nDeep learning needs data.\n")
    env = child_env(
        {
            "OPENAI_BASE_URL": "http://192.0.2.7:8080/v1",
            "OPENAI_API_KEY": KEY,
            "OPENAI_MODEL": "m",
        }
    )
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy"):
        env.pop(name, None)
    args = ["check", "Deep learning needs data.", "--paper", "arXiv:2101.00001"]
    done = subprocess.run(
        [*console_script(), *args, "--judge", "openai", "--library", str(library)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    said = [line for line in done.stderr.splitlines() if "plain http" in line]
    assert said == [
        "warning: the openai judge sends OPENAI_API_KEY over plain http to 192.0.2.7:8080, "
        "unencrypted: anyone on the network path can read it (use https, unless that network "
        "is trusted)"
    ]
    assert KEY not in done.stderr + done.stdout
    assert "not_checked" in done.stdout or "not checked" in done.stdout.lower()
