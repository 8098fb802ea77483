"""The CI gate for manuscript repositories: ``.pre-commit-hooks.yaml`` run by the real
``pre-commit`` tool on a temporary git repository, and the composite ``action.yml``'s own shell
steps run with its inputs, both against local arXiv and Crossref peers.

pre-commit would install a ``language: python`` hook from the network; offline, the test runs
the same hooks (id, entry, files, pass_filenames) as ``repo: local`` hooks of ``language:
system``, with ``claimaudit`` the one installed here.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from claimaudit.library.store import Library
from tests.conftest import REPO_ROOT
from tests.library.helpers import make_pdf
from tests.sources.arxivserver import ArxivServer

CLAIMAUDIT = Path(sys.executable).parent / "claimaudit"
DRAFT = r"""\documentclass{article}
\usepackage{natbib}
\begin{document}
Attention replaces recurrence in sequence models \citep{vaswani2017}.
Citation checking is a solved problem \citep{ghost2024}.
\bibliography{refs}
\end{document}
"""
BIB = """@article{vaswani2017, title = {Attention Is All You Need}, author = {Vaswani, Ashish},
  year = 2017, eprint = {1706.03762}, archivePrefix = {arXiv}, file = {:attention.pdf:PDF}}
@misc{ghost2024, title = {A ghost}, author = {Nobody, Ann}, year = 2024,
  eprint = {2403.99999}, archivePrefix = {arXiv}}
"""


@pytest.fixture
def arxiv() -> Iterator[ArxivServer]:
    with ArxivServer() as server:
        server.add(
            "1706.03762",
            "Attention Is All You Need",
            {7: b""},
            authors=("Ashish Vaswani", "Noam Shazeer"),
            published="2017-06-12T17:57:34Z",
        )
        yield server


def _environment(tmp_path: Path, arxiv: ArxivServer, library: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        PATH=f"{CLAIMAUDIT.parent}{os.pathsep}{env.get('PATH', '')}",
        CLAIMAUDIT_LIBRARY=str(library),
        CLAIMAUDIT_ARXIV_BASE_URL=arxiv.url,
        CLAIMAUDIT_CROSSREF_BASE_URL="http://127.0.0.1:9",
        PRE_COMMIT_HOME=str(tmp_path / "pre-commit-home"),
        XDG_DATA_HOME=str(tmp_path / "data"),
        GIT_CONFIG_GLOBAL=str(tmp_path / "gitconfig"),
        GIT_CONFIG_NOSYSTEM="1",
    )
    return env


def _repository(folder: Path) -> Path:
    folder.mkdir()
    (folder / "paper.tex").write_text(DRAFT, encoding="utf-8")
    (folder / "refs.bib").write_text(BIB, encoding="utf-8")
    make_pdf(folder / "attention.pdf")
    return folder


def _local_hooks(draft_args: list[str]) -> dict[str, Any]:
    """Our hooks as ``repo: local`` ones that need no install: same id, entry, file filter."""
    declared = yaml.safe_load((REPO_ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    hooks = []
    for hook in declared:
        assert hook["language"] == "python" and hook["entry"].startswith("claimaudit ")
        local = {**hook, "language": "system"}
        local["entry"] = hook["entry"].replace("claimaudit", str(CLAIMAUDIT), 1)
        if hook["id"] == "claimaudit-review":
            local["args"] = draft_args
        hooks.append(local)
    return {"repos": [{"repo": "local", "hooks": hooks}]}


def _git(repo: Path, env: dict[str, str], *args: str) -> None:
    subprocess.run(["git", *args], cwd=repo, env=env, check=True, capture_output=True)


def _pre_commit(repo: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pre_commit", "run", "--all-files", "--color", "never"],
        cwd=repo,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_pre_commit_hooks_gate_a_manuscript_repository(tmp_path: Path, arxiv: ArxivServer) -> None:
    library = tmp_path / "library.sqlite3"
    Library.open(library).close()
    env = _environment(tmp_path, arxiv, library)
    repo = _repository(tmp_path / "manuscript")
    config = _local_hooks(["paper.tex", "--verify-refs", "--fail-on", "bad-reference"])
    (repo / ".pre-commit-config.yaml").write_text(yaml.safe_dump(config), encoding="utf-8")
    _git(repo, env, "init", "-q")
    _git(repo, env, "add", ".")
    failed = _pre_commit(repo, env)
    assert failed.returncode == 1, failed.stdout + failed.stderr
    assert re.search(r"claimaudit review\.+Failed", failed.stdout)
    assert re.search(r"claimaudit refs\.+Failed", failed.stdout)
    assert "references: 1 ok, 1 not found" in failed.stdout  # the review's summary line
    assert "ghost2024" in failed.stdout and "arXiv has no paper" in failed.stdout
    # The ghost reference removed, the gate passes; catalogue answers came from the library.
    (repo / "paper.tex").write_text(
        DRAFT.replace("Citation checking is a solved problem \\citep{ghost2024}.\n", ""),
        encoding="utf-8",
    )
    (repo / "refs.bib").write_text(BIB.split("@misc{ghost2024")[0], encoding="utf-8")
    _git(repo, env, "add", ".")
    passed = _pre_commit(repo, env)
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert re.search(r"claimaudit review\.+Passed", passed.stdout)
    assert re.search(r"claimaudit refs\.+Passed", passed.stdout)
    queries = [s.query["id_list"][0] for s in arxiv.seen if s.path == "/api/query"]
    # Each asked once in all four runs, the made-up id twice (an empty feed is asked again).
    assert sorted(queries) == ["1706.03762", "2403.99999", "2403.99999"]


def _action() -> dict[str, Any]:
    return dict(yaml.safe_load((REPO_ROOT / "action.yml").read_text(encoding="utf-8")))


def _step_script(step: dict[str, Any], inputs: dict[str, str]) -> tuple[str, dict[str, str]]:
    """A ``run`` step's script and environment, ``${{ inputs.x }}`` filled as Actions does."""

    def fill(text: str) -> str:
        return re.sub(r"\$\{\{\s*inputs\.([\w-]+)\s*\}\}", lambda m: inputs[m.group(1)], text)

    assert "${{" not in fill(step["run"])  # inputs reach the script only through env
    return step["run"], {name: fill(str(value)) for name, value in step.get("env", {}).items()}


def test_action_is_composite_and_keeps_the_library_between_runs() -> None:
    action = _action()
    assert action["runs"]["using"] == "composite"
    assert action["inputs"]["draft"]["required"] is True
    steps = {step.get("name", step.get("uses")): step for step in action["runs"]["steps"]}
    cache = steps["Restore the claimaudit library"]
    assert cache["uses"].startswith("actions/cache/restore@")
    assert cache["with"]["path"] == "${{ inputs.library }}"
    assert "github.run_id" in cache["with"]["key"]  # saved anew each run, restored by prefix
    assert cache["with"]["key"].startswith(cache["with"]["restore-keys"])
    for name in ("Import the reference manager's export", "Review the draft"):
        assert steps[name]["env"]["CLAIMAUDIT_LIBRARY"] == "${{ inputs.library }}"


def test_action_steps_import_then_review(tmp_path: Path, arxiv: ArxivServer) -> None:
    action = _action()
    inputs = {name: str(spec.get("default", "")) for name, spec in action["inputs"].items()}
    inputs.update({"draft": "paper.tex", "import-bib": "refs.bib"})
    repo = _repository(tmp_path / "manuscript")
    env = _environment(tmp_path, arxiv, tmp_path / "unused")
    imported = _run_step("Import the reference manager's export", inputs, repo, env)
    # ghost2024 cannot be fetched: a warning, not a failed step.
    assert imported.returncode == 0, imported.stdout + imported.stderr
    assert "::warning::some entries of refs.bib were not imported" in imported.stdout
    assert (repo / ".claimaudit" / "library.sqlite3").is_file()
    reviewed = _run_step("Review the draft", inputs, repo, env)
    assert reviewed.returncode == 1, reviewed.stdout + reviewed.stderr  # fail-on bad-reference
    report = repo / "claimaudit-report"
    assert (report / "report.html").is_file() and (report / "annotated" / "paper.tex").is_file()
    records = (report / "records.json").read_text(encoding="utf-8")
    assert '"referenceStatus": "not_found"' in records
    again = _run_step("Review the draft", inputs, repo, env)
    # The judged pair comes from the kept library; the ghost's (not checked) is no judgement.
    assert "1 of 2 (claim, paper) pairs came from the cache" in again.stderr


def _run_step(
    name: str, inputs: dict[str, str], repo: Path, env: dict[str, str]
) -> subprocess.CompletedProcess[str]:
    """The action's step ``name`` run as Actions runs it: bash -e, in the repository."""
    steps = {step.get("name"): step for step in _action()["runs"]["steps"]}
    script, step_env = _step_script(steps[name], inputs)
    return subprocess.run(
        ["bash", "-e", "-c", script],
        cwd=repo,
        env={**env, **step_env},
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_action_without_verify_refs_drops_the_reference_conditions(
    tmp_path: Path, arxiv: ArxivServer
) -> None:
    inputs = {name: str(spec.get("default", "")) for name, spec in _action()["inputs"].items()}
    inputs.update({"draft": "paper.tex", "verify-refs": "false"})
    repo = _repository(tmp_path / "manuscript")
    env = _environment(tmp_path, arxiv, tmp_path / "unused")
    # The default fail-on, "contradicts bad-reference": the review runs, on contradicts alone.
    reviewed = _run_step("Review the draft", inputs, repo, env)
    assert reviewed.returncode == 0, reviewed.stdout + reviewed.stderr
    assert "::notice::fail-on bad-reference dropped" in reviewed.stdout
    assert "need --verify-refs" not in reviewed.stderr
    report = repo / "claimaudit-report"
    assert (report / "report.html").is_file() and (report / "records.json").is_file()
    assert not arxiv.seen  # no reference was checked
    # The conditions kept still gate: an empty library leaves every record not checked.
    inputs["fail-on"] = "not-checked unverified-reference"
    gated = _run_step("Review the draft", inputs, repo, env)
    assert gated.returncode == 1, gated.stdout + gated.stderr
    assert "::notice::fail-on unverified-reference dropped" in gated.stdout


def test_action_runs_python_without_the_repository_s_modules(
    tmp_path: Path, arxiv: ArxivServer
) -> None:
    # `python -c` and `python -m` import from the working folder, the manuscript repository,
    # before the standard library: an analysis script called random.py or json.py there made
    # the first run fail with a traceback (or ran that script's code in its place).
    for step in _action()["runs"]["steps"]:
        if re.search(r"\bpython3?\s+-[mc]\b", step.get("run", "")):
            assert step["env"].get("PYTHONSAFEPATH") == "1", step["name"]
    inputs = {name: str(spec.get("default", "")) for name, spec in _action()["inputs"].items()}
    inputs.update({"draft": "paper.tex", "verify-refs": "false"})
    repo = _repository(tmp_path / "manuscript")
    for module in ("random", "json", "pathlib"):
        (repo / f"{module}.py").write_text("raise SystemExit('imported from the repository')\n")
    env = _environment(tmp_path, arxiv, tmp_path / "unused")
    # A relative PYTHONPATH entry of the test run ("." for a checkout's sources) would name
    # the repository too: each is made absolute, as it stood for this run.
    paths = [str(Path(p).resolve()) for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
    env["PYTHONPATH"] = os.pathsep.join(paths)
    reviewed = _run_step("Review the draft", inputs, repo, env)
    assert reviewed.returncode == 0, reviewed.stdout + reviewed.stderr
    assert "imported from the repository" not in reviewed.stderr
    assert (repo / ".claimaudit" / "library.sqlite3").is_file()
    assert (repo / "claimaudit-report" / "records.json").is_file()


def test_action_args_are_split_as_a_shell_splits_them(tmp_path: Path, arxiv: ArxivServer) -> None:
    # `args: --topic "sparse matrices"` was split on every space, quotes kept: the review got
    # `--topic '"sparse'` and a second draft `matrices"`, and refused ("give a single draft").
    inputs = {name: str(spec.get("default", "")) for name, spec in _action()["inputs"].items()}
    inputs.update(
        {"draft": "paper.tex", "verify-refs": "false", "fail-on": "not-checked"},
        args="--topic \"attention 'heads'\" --threshold '0.9' --no-cache",
    )
    repo = _repository(tmp_path / "manuscript")
    env = _environment(tmp_path, arxiv, tmp_path / "unused")
    reviewed = _run_step("Review the draft", inputs, repo, env)
    # Each record is not checked (an empty library): fail-on not-checked matched, nothing else.
    assert reviewed.returncode == 1, reviewed.stdout + reviewed.stderr
    assert "single draft" not in reviewed.stderr and "error" not in reviewed.stderr
    records = (repo / "claimaudit-report" / "records.json").read_text(encoding="utf-8")
    assert '"threshold": 0.9' in records
    # Words are never run as shell code, and a glob stays a word; an unclosed quote is refused.
    inputs["args"] = "--topic '$(touch injected)' --topic *"
    _run_step("Review the draft", inputs, repo, env)
    assert not (repo / "injected").exists()
    inputs["args"] = "--topic 'unclosed"
    refused = _run_step("Review the draft", inputs, repo, env)
    assert refused.returncode == 2, refused.stdout + refused.stderr
    assert "error: args: No closing quotation" in refused.stderr


MARKDOWN_DRAFT = """---
bibliography: refs.yaml
---
Attention replaces recurrence in sequence models [@vaswani2017].
"""
CSL_YAML = """references:
  - id: vaswani2017
    title: Attention Is All You Need
    DOI: 10.48550/arXiv.1706.03762
"""


@pytest.mark.parametrize("changed", ["refs.yaml", "Paper.TEX"])
def test_pre_commit_review_hook_runs_when_a_file_the_review_reads_changes(
    tmp_path: Path, arxiv: ArxivServer, changed: str
) -> None:
    # The hook ran on .tex, .md, .bib and .json alone, so a commit changing only a Markdown
    # draft's CSL YAML bibliography (or a draft named Paper.TEX) was "Skipped": the gate
    # passed without reviewing the draft as it now reads.
    library = tmp_path / "library.sqlite3"
    Library.open(library).close()  # empty: each cited paper is not checked
    env = _environment(tmp_path, arxiv, library)
    repo = tmp_path / "manuscript"
    repo.mkdir()
    (repo / "refs.yaml").write_text(CSL_YAML, encoding="utf-8")
    (repo / "Paper.TEX").write_text(DRAFT.replace("\\bibliography{refs}\n", ""), "utf-8")
    (repo / "draft.md").write_text(MARKDOWN_DRAFT, encoding="utf-8")
    draft = "Paper.TEX" if changed == "Paper.TEX" else "draft.md"
    config = _local_hooks([draft, "--fail-on", "not-checked"])
    config["repos"][0]["hooks"] = [config["repos"][0]["hooks"][0]]  # the review alone
    (repo / ".pre-commit-config.yaml").write_text(yaml.safe_dump(config), encoding="utf-8")
    _git(repo, env, "init", "-q")
    _git(repo, env, "add", ".")
    run = subprocess.run(
        [sys.executable, "-m", "pre_commit", "run", "--color", "never", "--files", changed],
        cwd=repo,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert re.search(r"claimaudit review\.+Failed", run.stdout), run.stdout + run.stderr
    assert run.returncode == 1


def test_action_saves_the_library_when_the_gate_fails() -> None:
    # actions/cache saves in its post step only when the job succeeded (its post-if is
    # success()): a review that failed the gate (a contradiction found) threw away every
    # judgement it made, so the rerun after the fix judged the whole draft again.
    steps = _action()["runs"]["steps"]
    names = [step.get("name") for step in steps]
    review = names.index("Review the draft")
    assert not any(str(s.get("uses", "")).startswith("actions/cache@") for s in steps)
    restore = next(s for s in steps if str(s.get("uses", "")).startswith("actions/cache/restore@"))
    assert steps.index(restore) < names.index("Import the reference manager's export")
    saves = [
        s for s in steps[review + 1 :] if str(s.get("uses", "")).startswith("actions/cache/save@")
    ]
    assert len(saves) == 1 and saves[0].get("if") == "always()"
    assert saves[0]["with"]["path"] == restore["with"]["path"] == "${{ inputs.library }}"
    assert saves[0]["with"]["key"] == restore["with"]["key"]


def test_action_uploads_the_report_under_a_name_each_use_can_set() -> None:
    # The artifact was always "claimaudit-report": a matrix's second job failed its upload
    # (upload-artifact refuses a name already uploaded in the run) though its gate passed.
    action = _action()
    assert action["inputs"]["report-name"]["default"] == "claimaudit-report"
    upload = next(
        s
        for s in action["runs"]["steps"]
        if str(s.get("uses", "")).startswith("actions/upload-artifact@")
    )
    assert upload["with"]["name"] == "${{ inputs.report-name }}"
    assert upload["with"]["path"] == "${{ inputs.report-dir }}"
