"""Each surface words an error as its message plus that surface's own advice."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimaudit.advice import advised
from claimaudit.cli._advice import cli_advice, cli_message
from claimaudit.errors import (
    AmbiguousPaperError,
    ClaimauditError,
    ContentConflictError,
    CorpusFileError,
    ExcerptsOverBudgetError,
    KeyRequiredError,
    LibraryDamagedError,
    LibraryMissingError,
    LibraryUnreadableError,
    ModelNotTakenError,
    ModelRequiredError,
    PaperNotFoundError,
    PaperNotInLibraryError,
    RefRequiredError,
)
from claimaudit.server.advice import api_advice, mcp_advice, request_message

CONFLICT = ContentConflictError("local:a is already in the library with different content")
NO_REF = RefRequiredError("a.md: cannot tell which paper this is from its name or metadata")
DISAGREE = RefRequiredError(
    "a.pdf: name and metadata disagree (arXiv:1, arXiv:2)", found=("arXiv:1", "arXiv:2")
)
AMBIGUOUS = AmbiguousPaperError("arXiv:1 matches several stored copies: name one", unversioned=True)
NO_MODEL = ModelRequiredError("the openai judge needs a model id", env="OPENAI_MODEL")
OWN_MODEL = ModelNotTakenError("the local judge runs its own model (v1)", model="gpt-4o")


def test_advice_follows_the_message_only_when_there_is_some() -> None:
    error = ClaimauditError("it failed")
    assert advised(error, lambda _: "try again") == "it failed; try again"
    assert advised(error, lambda _: None) == "it failed"


@pytest.mark.parametrize(
    ("error", "cli", "api"),
    [
        (CONFLICT, "use --replace to overwrite it", "send replace: true to overwrite it"),
        (
            NO_REF,
            "pass --ref (e.g. --ref arXiv:1706.03762v5 or --ref doi:10.1000/xyz)",
            "send ref (e.g. arXiv:1706.03762v5 or doi:10.1000/xyz)",
        ),
        (DISAGREE, "pass --ref", "send ref"),
        (
            AMBIGUOUS,
            "--exact removes the unversioned copy",
            "set exact to true to remove the unversioned copy",
        ),
        # Beside versions only: with no unversioned copy, naming a version is the way.
        (AmbiguousPaperError("arXiv:1 matches several stored copies: name one"), None, None),
        (PaperNotFoundError("local:a is not in the library"), None, None),
    ],
)
def test_each_surface_gives_its_own_advice(
    error: ClaimauditError, cli: str | None, api: str | None
) -> None:
    assert cli_message(error) == (f"{error}; {cli}" if cli else str(error))
    assert request_message(error) == (f"{error}; {api}" if api else str(error))


def test_a_missing_model_is_given_by_flag_or_by_field_and_the_server_s_environment() -> None:
    # The command line's words are those it always gave; the advice completes the sentence.
    assert cli_message(NO_MODEL) == (
        "the openai judge needs a model id: pass --model or set OPENAI_MODEL"
    )
    assert request_message(NO_MODEL) == (
        "the openai judge needs a model id: send model or set OPENAI_MODEL on the server"
    )
    # A judge with no environment variable for it (a plugin's) is advised the flag or field.
    bare = ModelRequiredError("the x judge needs a model id")
    assert (cli_message(bare), request_message(bare)) == (
        "the x judge needs a model id: pass --model",
        "the x judge needs a model id: send model",
    )


def test_a_missing_key_is_set_in_the_environment_of_whoever_runs_the_backend() -> None:
    error = KeyRequiredError("the jev judge needs an API key", env="TYPESAFE_API_KEY")
    assert cli_message(error) == "the jev judge needs an API key: set TYPESAFE_API_KEY"
    assert request_message(error) == (
        "the jev judge needs an API key: set TYPESAFE_API_KEY on the server"
    )


def test_a_model_for_a_judge_with_its_own_names_the_flag_or_the_field() -> None:
    assert cli_message(OWN_MODEL) == (
        "the local judge runs its own model (v1); "
        "--model 'gpt-4o' applies to the jev and openai judges"
    )
    assert request_message(OWN_MODEL) == (
        "the local judge runs its own model (v1); "
        "model 'gpt-4o' applies to the jev and openai judges"
    )


NOT_STORED = PaperNotInLibraryError("doi:1/x is not in the local library (lib.sqlite3)")
NOT_FOUND = PaperNotInLibraryError(
    "arXiv:1 is not in the local library (lib.sqlite3)",
    library="lib.sqlite3",
    arxiv_id="1v2",
    search_key="VALYU_API_KEY",
)


@pytest.mark.parametrize(
    ("error", "cli", "api", "mcp"),
    [
        (
            NOT_STORED,
            "add it with `claimaudit library add`",
            "upload it with POST /v1/library",
            "add it with the library_add tool",
        ),
        (
            NOT_FOUND,
            "add it or set VALYU_API_KEY (`claimaudit library add arxiv:1v2` or `check --fetch`)",
            "upload it with POST /v1/library or set VALYU_API_KEY on the server",
            "add it with the library_add tool or set VALYU_API_KEY on the server",
        ),
        (
            PaperNotInLibraryError("local:k is not in the local library (lib)", local=True),
            "add it with `claimaudit library add` "
            "(`claimaudit library import-bib` adds a bibliography's attached files)",
            "upload it with POST /v1/library",
            "add it with the library_add tool",
        ),
        (
            LibraryUnreadableError("local library unreadable: malformed", damaged="database"),
            "`claimaudit library check` says what is damaged",
            None,
            None,
        ),
        (LibraryUnreadableError("local library unreadable: locked"), None, None, None),
        (
            LibraryUnreadableError("local library: index", damaged="index"),
            "run `claimaudit library repair`",
            None,
            None,
        ),
        (
            LibraryDamagedError("the library's search index is damaged", part="index"),
            "run `claimaudit library repair`",
            None,
            None,
        ),
        (
            LibraryDamagedError("the library database is damaged (x)", part="database"),
            "`claimaudit library check` says where",
            None,
            None,
        ),
        (
            CorpusFileError("a.jsonl: .jsonl files are not papers; add a PDF"),
            "a corpus is imported with `claimaudit library import-jsonl`",
            None,
            None,
        ),
    ],
)
def test_a_failure_is_advised_by_the_surface_that_shows_it(
    error: ClaimauditError, cli: str | None, api: str | None, mcp: str | None
) -> None:
    # Records are made in the core and served by every surface: each adds its own way to
    # add a paper, and the API and MCP never a command line's command or flag.
    for advice, words in ((cli_advice, cli), (api_advice, api), (mcp_advice, mcp)):
        assert advised(error, advice) == (f"{error}; {words}" if words else str(error))


def test_excerpts_over_budget_are_narrowed_by_the_surface_s_topic() -> None:
    error = ExcerptsOverBudgetError(
        "Valyu returned 9 excerpt passages for arXiv:1v2, over the judge's budget of 8; "
        "nothing was truncated",
        work="1",
    )
    # "...; nothing was truncated: <how>", the command line's words as they always were.
    assert cli_message(error) == (
        f"{error}: select sections (narrow --topic) or add the paper to the library "
        "(claimaudit library add arxiv:1)"
    )
    for advice in (api_advice, mcp_advice):
        assert advised(error, advice) == (
            f"{error}: send a narrower topic, or add the paper to the server's library"
        )


def test_a_missing_library_is_made_on_the_command_line_only(tmp_path: Path) -> None:
    error = LibraryMissingError(tmp_path / "absent.db")
    assert str(error) == f"no library at {tmp_path / 'absent.db'}"
    assert cli_message(error).endswith("; add a paper with `claimaudit library add`")
    # The API and MCP name no command; the Python API adds no advice at all.
    assert request_message(error) == str(error)
    assert advised(error, api_advice) == advised(error, mcp_advice) == str(error)
