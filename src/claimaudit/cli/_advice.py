"""What the command line tells its user to do about an error: its own flags."""

from __future__ import annotations

from pathlib import Path

from claimaudit.advice import MODEL_JUDGES, advised
from claimaudit.errors import (
    AmbiguousPaperError,
    ClaimauditError,
    ContentConflictError,
    CorpusFileError,
    ExcerptsOverBudgetError,
    InvalidReferenceError,
    KeyRequiredError,
    LibraryDamagedError,
    LibraryFolderError,
    LibraryMissingError,
    LibraryUnreadableError,
    ModelNotTakenError,
    ModelRequiredError,
    PaperNotInLibraryError,
    RefRequiredError,
    SettingNotTakenError,
)

REF_EXAMPLES = "(e.g. --ref arXiv:1706.03762v5 or --ref doi:10.1000/xyz)"
# The command line's flag for each judge setting a judge may refuse (``JudgeSettings`` fields).
SETTING_FLAGS = {"context_tokens": "--context-tokens"}


def cli_advice(error: ClaimauditError) -> str | None:
    if isinstance(error, ContentConflictError):
        return "use --replace to overwrite it"
    if isinstance(error, RefRequiredError):
        # Disagreeing candidates are examples enough; with none, show what a reference is.
        return "pass --ref" if error.found else f"pass --ref {REF_EXAMPLES}"
    if isinstance(error, AmbiguousPaperError) and error.unversioned:
        return "--exact removes the unversioned copy"
    if isinstance(error, ModelRequiredError):
        return f"pass --model or set {error.env}" if error.env else "pass --model"
    if isinstance(error, KeyRequiredError):
        return f"set {error.env}"
    if isinstance(error, ModelNotTakenError):
        return f"--model {error.model!r} applies to {MODEL_JUDGES}"
    if isinstance(error, SettingNotTakenError) and error.setting in SETTING_FLAGS:
        return f"{SETTING_FLAGS[error.setting]} {error.value} applies to {error.takes_it}"
    if isinstance(error, PaperNotInLibraryError):
        return _add_to_library(error)
    if isinstance(error, CorpusFileError):
        return "a corpus is imported with `claimaudit library import-jsonl`"
    if isinstance(error, LibraryFolderError):
        return "choose another library file with --library PATH or CLAIMAUDIT_LIBRARY"
    if isinstance(error, LibraryMissingError):
        return "add a paper with `claimaudit library add`"
    if isinstance(error, LibraryDamagedError) and error.part == "index":
        return "run `claimaudit library repair`"
    if isinstance(error, LibraryDamagedError) and error.part == "database":
        return "`claimaudit library check` says where"
    if isinstance(error, LibraryUnreadableError) and error.damaged == "index":
        return "run `claimaudit library repair`"
    if isinstance(error, LibraryUnreadableError) and error.damaged == "database":
        return "`claimaudit library check` says what is damaged"
    if isinstance(error, InvalidReferenceError) and error.text:
        return _not_a_reference(error.text)
    if isinstance(error, ExcerptsOverBudgetError):
        return (
            "select sections (narrow --topic) or add the paper to the library "
            f"(claimaudit library add arxiv:{error.work})"
        )
    return None


def batch_advice(error: ClaimauditError) -> str | None:
    """The command line's advice for a ``batch`` record: a line lists its papers in a JSON
    list, with no --paper to give each one."""
    if isinstance(error, InvalidReferenceError) and error.text and "," in error.text:
        return 'give each paper its own item in "papers"'
    if isinstance(error, PaperNotInLibraryError):
        return _add_to_library(error, "batch --fetch")
    return cli_advice(error)


def review_advice(error: ClaimauditError) -> str | None:
    """The command line's advice for a ``review`` record: its own --fetch adds a paper."""
    if isinstance(error, PaperNotInLibraryError):
        return _add_to_library(error, "review --fetch")
    return cli_advice(error)


def _not_a_reference(text: str) -> str | None:
    """The two shapes a reference is mistaken for: a file to check, several references."""
    if "," in text:
        return "give each paper its own --paper"
    try:
        is_file = Path(text).expanduser().is_file()
    except (OSError, ValueError, RuntimeError):  # a name too long, no home folder
        return None
    if is_file:
        return "to check a file, add it first: claimaudit library add PATH --ref local:NAME"
    return None


def _add_to_library(error: PaperNotInLibraryError, fetch: str = "check --fetch") -> str:
    """How to add the missing paper; ``fetch``: the command's own way to download it."""
    if error.arxiv_id:
        # --fetch downloads it whether or not a key would let the source search elsewhere
        # (--source library has none): without one, the advice used to lose both commands.
        key = f" or set {error.search_key}" if error.search_key else ""
        return f"add it{key} (`claimaudit library add arxiv:{error.arxiv_id}` or `{fetch}`)"
    alternative = f" or set {error.search_key}" if error.search_key else ""
    if error.local:
        # A bibliography entry without an identifier is looked up under its citation key.
        alternative += " (`claimaudit library import-bib` adds a bibliography's attached files)"
    return f"add it with `claimaudit library add`{alternative}"


def cli_message(error: ClaimauditError) -> str:
    """``error`` as the command line says it: its message and the command line's advice."""
    return advised(error, cli_advice)
