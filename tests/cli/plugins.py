"""What ``claimaudit plugins --json`` lists, for the plugin tests that install plugins of
their own and read back how each was taken."""

from __future__ import annotations

import json
from typing import Any

from typer.testing import CliRunner

from claimaudit.cli import app


def listed(runner: CliRunner) -> Any:
    """The listing, parsed; the command itself must succeed whatever the plugins do."""
    result = runner.invoke(app, ["plugins", "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)
