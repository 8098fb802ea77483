"""What the package declares: every library its code imports, and the licences it carries."""

from __future__ import annotations

import ast
import importlib.metadata
import re
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from claimaudit.engines import RAY_INSTALL_HINT

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


TOOL = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]
# What hatchling's regex version source looks for in the file [tool.hatch.version] names.
HATCH_VERSION = re.compile(r"""(?im)^(__version__|VERSION) *= *(['"])v?(?P<version>.+?)\2""")


def test_the_version_is_written_once_and_the_build_reads_it_from_the_package() -> None:
    # pyproject.toml and __init__.py each wrote "0.1.0": a bump in one alone made the wheel's
    # version and `claimaudit --version` (/health, MCP's serverInfo) disagree.
    import claimaudit

    assert "version" not in PROJECT and "version" in PROJECT["dynamic"]
    source = ROOT / TOOL["hatch"]["version"]["path"]
    assert source == ROOT / "src" / "claimaudit" / "__init__.py"
    found = HATCH_VERSION.findall(source.read_text(encoding="utf-8"))
    assert [version for _, _, version in found] == [claimaudit.__version__]


def _name(requirement: str) -> str:
    """A requirement's distribution name, normalised as PEP 503 does."""
    match = re.match(r"[A-Za-z0-9._-]+", requirement)
    assert match is not None, requirement
    return re.sub(r"[-_.]+", "-", match.group(0)).lower()


def _imported_top_levels() -> set[str]:
    names: set[str] = set()
    for path in (ROOT / "src" / "claimaudit").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
    return names - set(sys.stdlib_module_names) - {"claimaudit"}


def test_every_library_the_code_imports_is_a_declared_dependency() -> None:
    # An import that arrives only through another package's dependencies breaks when that
    # package drops it (PyYAML came only through tokenizers' huggingface_hub).
    declared = {_name(r) for r in PROJECT["dependencies"]}
    optional = {_name(r) for r in PROJECT["optional-dependencies"]["ray"]}
    providers = importlib.metadata.packages_distributions()
    undeclared = {}
    for module in sorted(_imported_top_levels()):
        distributions = {_name(d) for d in providers.get(module, [module])}
        if not distributions & (declared | optional):
            undeclared[module] = sorted(distributions)
    assert undeclared == {}


def test_the_licences_travel_with_the_package() -> None:
    # The embedded model's weights and tokenizer are Apache-2.0 (MODEL_CARD.md): its text and
    # a notice of what is under it go into the wheel and the sdist beside the MIT licence.
    assert PROJECT["license"] == "MIT AND Apache-2.0"
    files = PROJECT["license-files"]
    for name in ("LICENSE", "NOTICE", "LICENSES/Apache-2.0.txt"):
        assert (ROOT / name).is_file() and any(Path(name).match(f) for f in files), name
    assert "Apache License" in (ROOT / "LICENSES" / "Apache-2.0.txt").read_text(encoding="utf-8")
    notice = (ROOT / "NOTICE").read_text(encoding="utf-8")
    assert "all-MiniLM-L6-v2" in notice and "model.int8.onnx" in notice


# Releases pip would accept under a too-low bound but claimaudit cannot run with (each tried in
# a fresh venv): (package, the last release that fails, the first that works, why).
MINIMUMS = [
    # QA: under 0.26 to 0.28, `check --timeout 1e10` said "Invalid value for '--timeout':
    # 1e10." without the range, and 0.27 and 0.28 printed "<str>" placeholders in the help.
    ("typer", "0.28.0", "0.29.0", "a number option's range error says why, first in 0.29"),
    ("pypdfium2", "4.30.0", "5.0.0", "the PDF reader calls PdfObject.get_bounds, new in 5"),
    ("mdit-py-plugins", "0.4.0", "0.4.1", "review passes footnote_ref's always_match (0.4.1)"),
    ("onnxruntime", "1.18.0", "1.19.0", "1.18 fails to import beside numpy 2, which is allowed"),
    # QA: Valyu's HTTP 500 was recorded as "the connection closed before the reply was complete".
    ("urllib3", "2.1.0", "2.2.0", "the Valyu transport reads a whole error reply, first in 2.2"),
]


@pytest.mark.parametrize(("package", "fails", "works", "why"), MINIMUMS)
def test_a_dependency_s_lower_bound_excludes_releases_the_code_cannot_run_with(
    package: str, fails: str, works: str, why: str
) -> None:
    [requirement] = [
        r for r in map(Requirement, PROJECT["dependencies"]) if _name(r.name) == package
    ]
    assert fails not in requirement.specifier, why
    assert works in requirement.specifier, why


def test_the_ray_engine_s_install_hint_installs_the_ray_extra() -> None:
    # claimaudit is not on PyPI: `pip install 'claimaudit[ray]'` finds nothing, or whoever
    # registered the name. The hint installs what the extra holds, by itself.
    [ray] = PROJECT["optional-dependencies"]["ray"]
    assert RAY_INSTALL_HINT.endswith(f"pip install '{ray}'")
