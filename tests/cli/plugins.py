"""For the plugin tests that install plugins of their own and read back how each was taken: a
package installed as pip would leave it, and what ``claimaudit plugins --json`` lists."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from claimaudit.cli import app


def listed(runner: CliRunner) -> Any:
    """The listing, parsed; the command itself must succeed whatever the plugins do."""
    result = runner.invoke(app, ["plugins", "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def install_package(
    site: Path, name: str, modules: Mapping[str, str], entry_points: Mapping[str, str]
) -> Path:
    """The package ``name`` 0.1 installed in the folder ``site`` (made if need be): each of
    ``modules`` (module name: source) a module of it, each of ``entry_points`` (name: ``module``
    or ``module:function``) announced in the ``claimaudit.plugins`` group; ``site`` given back,
    to put on the path."""
    info = site / f"{name.replace('-', '_')}-0.1.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    for module, source in modules.items():
        (site / f"{module}.py").write_text(source, encoding="utf-8")
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1\n")
    entries = "".join(f"{entry} = {target}\n" for entry, target in entry_points.items())
    (info / "entry_points.txt").write_text("[claimaudit.plugins]\n" + entries)
    return site
