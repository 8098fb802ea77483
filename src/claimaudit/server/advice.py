"""What the HTTP API (and its web page) and the MCP tools tell a client to do about an error:
the request's fields, which the API's JSON body and the tools' arguments name alike. One
function for both, so that the two surfaces refuse a request in the same words."""

from __future__ import annotations

from claimaudit.advice import MODEL_JUDGES, advised
from claimaudit.errors import (
    AmbiguousPaperError,
    ClaimauditError,
    ContentConflictError,
    KeyRequiredError,
    ModelNotTakenError,
    ModelRequiredError,
    RefRequiredError,
)

REF_EXAMPLES = "(e.g. arXiv:1706.03762v5 or doi:10.1000/xyz)"


def request_advice(error: ClaimauditError) -> str | None:
    if isinstance(error, ContentConflictError):
        return "send replace: true to overwrite it"
    if isinstance(error, RefRequiredError):
        return "send ref" if error.found else f"send ref {REF_EXAMPLES}"
    if isinstance(error, AmbiguousPaperError) and error.unversioned:
        # Only the API's DELETE removes (no MCP tool does); its query names the copy.
        return "send exact=true to remove the unversioned copy"
    if isinstance(error, ModelRequiredError):
        # The client's model, or the environment of the server process (not the client's).
        return f"send model or set {error.env} on the server" if error.env else "send model"
    if isinstance(error, KeyRequiredError):
        # The key belongs to the server process's environment, never to a request.
        return f"set {error.env} on the server"
    if isinstance(error, ModelNotTakenError):
        return f"model {error.model!r} applies to {MODEL_JUDGES}"
    return None


def request_message(error: ClaimauditError) -> str:
    """``error`` as the API and the MCP tools say it: its message and their advice."""
    return advised(error, request_advice)
