"""What the HTTP API (and its web page) and the MCP tools tell a client to do about an error:
the request's fields, which the API's JSON body and the tools' arguments name alike. One
function for both, so that the two surfaces refuse a request in the same words."""

from __future__ import annotations

from claimaudit.advice import MODEL_JUDGES, advised
from claimaudit.errors import (
    AmbiguousPaperError,
    BibliographyError,
    ClaimauditError,
    ContentConflictError,
    ExcerptsOverBudgetError,
    KeyRequiredError,
    ModelNotTakenError,
    ModelRequiredError,
    PaperNotInLibraryError,
    RefRequiredError,
)
from claimaudit.server.drafts import LATEX_DRAFT_NAME, BibliographyNotSentError

REF_EXAMPLES = "(e.g. arXiv:1706.03762v5 or doi:10.1000/xyz)"


def request_advice(error: ClaimauditError) -> str | None:
    if isinstance(error, ContentConflictError):
        return "send replace: true to overwrite it"
    if isinstance(error, RefRequiredError):
        return "send ref" if error.found else f"send ref {REF_EXAMPLES}"
    if isinstance(error, AmbiguousPaperError) and error.unversioned:
        # A removal's: DELETE's query (exact=true) and library_remove's argument (exact: true)
        # write it differently, so the words name neither form.
        return "set exact to true to remove the unversioned copy"
    if isinstance(error, ModelRequiredError):
        # The client's model, or the environment of the server process (not the client's).
        return f"send model or set {error.env} on the server" if error.env else "send model"
    if isinstance(error, KeyRequiredError):
        # The key belongs to the server process's environment, never to a request.
        return f"set {error.env} on the server"
    if isinstance(error, ModelNotTakenError):
        return f"model {error.model!r} applies to {MODEL_JUDGES}"
    if isinstance(error, ExcerptsOverBudgetError):
        return "send a narrower topic, or add the paper to the server's library"
    return None


def request_message(error: ClaimauditError) -> str:
    """``error`` as the API and the MCP tools say it: its message and their advice."""
    return advised(error, _api_request_advice)


def _api_request_advice(error: ClaimauditError) -> str | None:
    if isinstance(error, BibliographyError) and error.looks_like:
        return f'send the bibliography with "format": "{error.looks_like}"'
    return request_advice(error)


def _tool_request_advice(error: ClaimauditError) -> str | None:
    if isinstance(error, BibliographyError) and error.looks_like:
        return f'send bibliographyFormat: "{error.looks_like}" with it'
    return request_advice(error)


def tool_message(error: ClaimauditError) -> str:
    """``request_message`` in the MCP tools' words: a LaTeX draft sent as text is "the draft",
    not the file name it is read under (which the client never sent), a bibliography the
    draft names may come as a path too, which only the tools take, and a bibliography's
    format is the ``bibliographyFormat`` argument (the API's ``bibliography.format``)."""
    message = advised(error, _tool_request_advice)
    if message.startswith(f"{LATEX_DRAFT_NAME}:"):
        message = "the draft" + message.removeprefix(LATEX_DRAFT_NAME)
    if isinstance(error, BibliographyNotSentError):
        message += ", or its path as bibliographyPath"
    return message


# A paper missing from the library is added by a different request on each surface, so the
# not_checked records of each name their own; every other advice is the shared one above.


def api_advice(error: ClaimauditError) -> str | None:
    """The HTTP API's advice (records' errors included)."""
    if isinstance(error, PaperNotInLibraryError):
        return _add_to_library("upload it with POST /v1/library", error)
    return request_advice(error)


def mcp_advice(error: ClaimauditError) -> str | None:
    """The MCP tools' advice (records' errors included)."""
    if isinstance(error, PaperNotInLibraryError):
        return _add_to_library("add it with the library_add tool", error)
    return request_advice(error)


def _add_to_library(how: str, error: PaperNotInLibraryError) -> str:
    # The key belongs to the server process's environment, as for KeyRequiredError.
    return f"{how} or set {error.search_key} on the server" if error.search_key else how
