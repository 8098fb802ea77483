"""One exception tree: every error knows its exit code, HTTP status and code."""

from __future__ import annotations

import inspect
import pickle
import sqlite3
from pathlib import Path

import pytest

import claimaudit
from claimaudit import errors
from claimaudit.errors import (
    BackendError,
    ClaimauditError,
    ContentConflictError,
    InvalidClaimTextError,
    JudgeError,
    LibraryOpenError,
    SourceError,
    UsageError,
    as_known,
)


def _classes() -> list[type[ClaimauditError]]:
    found = [getattr(errors, name) for name in errors.__all__]
    return [c for c in found if isinstance(c, type) and issubclass(c, ClaimauditError)]


def test_every_error_has_one_base_and_says_how_it_reaches_a_person() -> None:
    classes = _classes()
    assert len(classes) > 20
    for kind in classes:
        assert kind.exit_code == 2, kind
        assert 400 <= kind.http_status < 600, kind
        assert kind.code and kind.code == kind.code.lower(), kind


@pytest.mark.parametrize(
    ("name", "status", "code"),
    [
        ("InvalidClaimError", 400, "invalid_claim"),
        ("DuplicatePaperError", 400, "invalid_request"),
        ("PaperListError", 400, "invalid_request"),
        ("InvalidTextError", 422, "invalid_text"),
        ("InvalidReferenceError", 400, "invalid_reference"),
        ("InvalidTitleError", 400, "invalid_title"),
        ("InvalidTopicError", 400, "invalid_topic"),
        ("UnknownBackendError", 400, "unknown_judge"),
        ("DraftError", 400, "invalid_draft"),
        ("BibliographyError", 400, "invalid_bibliography"),
        ("PaperNotFoundError", 404, "paper_not_found"),
        ("PassageNotFoundError", 404, "passage_not_found"),
        ("ContentConflictError", 409, "conflict"),
        ("ContentChangedError", 409, "content_changed"),
        ("UnsupportedFileError", 415, "unsupported_media_type"),
        ("InputError", 422, "unreadable_paper"),
        ("RefRequiredError", 422, "ref_required"),
        ("LibraryOpenError", 503, "library_unavailable"),
        ("LibraryError", 400, "library_error"),
    ],
)
def test_statuses_the_api_documents(name: str, status: int, code: str) -> None:
    kind = getattr(errors, name)
    assert (kind.http_status, kind.code) == (status, code)


def test_claim_text_that_is_not_text_answers_as_invalid_text() -> None:
    error = InvalidClaimTextError("the claim is not valid text")
    assert isinstance(error, errors.InvalidClaimError)
    assert isinstance(error, errors.InvalidTextError)
    assert (error.http_status, error.code) == (422, "invalid_text")


def test_usage_errors_are_still_value_errors() -> None:
    # Callers that caught ValueError before the tree existed keep working.
    assert issubclass(UsageError, ValueError)
    assert issubclass(errors.PaperNotFoundError, LookupError)


def test_backend_errors_carry_their_calls() -> None:
    for kind in (JudgeError, SourceError, errors.ArxivError):
        error = kind("HTTP 503", calls=3, backend="valyu")
        assert isinstance(error, BackendError)
        assert (error.calls, error.backend, str(error)) == (3, "valyu", "HTTP 503")
    assert JudgeError("x").calls == 0


def test_every_error_class_the_module_defines_is_exported() -> None:
    # DuplicatePaperError, raised by check_claim, was missing from the list.
    defined = {
        name
        for name, value in vars(errors).items()
        if isinstance(value, type)
        and issubclass(value, ClaimauditError)
        and value.__module__ == errors.__name__
    }
    assert "DuplicatePaperError" in defined
    assert defined <= set(errors.__all__), sorted(defined - set(errors.__all__))


def test_as_known_translates_database_failures_and_leaves_bugs_alone() -> None:
    known = as_known(sqlite3.OperationalError("disk I/O error"))
    assert isinstance(known, LibraryOpenError)
    assert str(known) == "library database error: disk I/O error"
    mine = UsageError("x")
    assert as_known(mine) is mine
    assert as_known(RuntimeError("boom")) is None


def test_the_plugin_error_the_api_raises_is_exported() -> None:
    # make_checker and check_claim raise it: a caller must be able to catch it by name.
    assert claimaudit.PluginError is errors.PluginError
    assert "PluginError" in claimaudit.__all__
    with pytest.raises(claimaudit.PluginError, match="does not keep the Judge contract"):
        claimaudit.make_checker(object(), cache=False)  # type: ignore[arg-type]


def test_a_reworded_error_keeps_its_kind_and_facts() -> None:
    # A server hides its paths in a message; the surface still advises from the facts.
    original = ContentConflictError("/srv/x: local:a is stored", ref="local:a")
    reworded = original.reworded("x: local:a is stored")
    assert type(reworded) is ContentConflictError and reworded is not original
    assert (str(reworded), reworded.ref) == ("x: local:a is stored", "local:a")
    assert str(original) == "/srv/x: local:a is stored"


def _sample(cls: type[ClaimauditError]) -> ClaimauditError:
    """An instance of ``cls`` built through its own ``__init__``, each fact it takes given."""
    try:
        params = list(inspect.signature(cls).parameters.values())
    except ValueError:  # Exception's own ``__init__``, which takes the message alone
        return cls("the message")
    positional: list[object] = []
    keywords: dict[str, object] = {}
    for param in params:
        if param.kind is param.VAR_POSITIONAL:
            positional.append("the message")
        elif param.kind is param.KEYWORD_ONLY:
            facts: dict[str, object] = {"calls": 3, "usage": {"input_tokens": 5}, "window": 9}
            keywords[param.name] = facts.get(param.name, f"the {param.name}")
        elif param.kind is not param.VAR_KEYWORD:
            positional.append(Path("/x/lib.db") if param.name == "path" else "the message")
    return cls(*positional, **keywords)


@pytest.mark.parametrize("cls", _classes(), ids=lambda c: c.__name__)
def test_every_error_survives_a_pickle_with_its_message_type_and_facts(
    cls: type[ClaimauditError],
) -> None:
    error = _sample(cls)
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is cls
    assert str(copy) == str(error)
    assert vars(copy) == vars(error)
    # Reworded (a server hides a path) and pickled: still the new message, not the old one.
    hidden = pickle.loads(pickle.dumps(error.reworded("hidden")))
    assert (type(hidden), str(hidden), vars(hidden)) == (cls, "hidden", vars(error))


@pytest.mark.parametrize("cls", _classes(), ids=lambda c: c.__name__)
def test_every_error_is_importable_from_the_package_root(cls: type[ClaimauditError]) -> None:
    # README and docstrings name them (InvalidSettingsError, KeyRequiredError, ArxivError):
    # a caller catches them by ``claimaudit.<name>``.
    assert getattr(claimaudit, cls.__name__) is cls
    assert cls.__name__ in claimaudit.__all__
