"""claimaudit: do the papers cited for a claim actually support it, and where?"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from claimaudit.api import check_claim, make_checker, make_judge, make_source
    from claimaudit.checker import Checker
    from claimaudit.errors import (
        BackendError,
        ClaimauditError,
        ContextLengthError,
        InvalidClaimError,
        InvalidRecordError,
        InvalidReferenceError,
        JudgeError,
        LibraryError,
        PluginError,
        SourceError,
        UnknownBackendError,
        UsageError,
    )
    from claimaudit.identity import PaperRef, RefKind, parse_ref
    from claimaudit.judges.protocol import (
        Case,
        ChoiceAnswer,
        ChoiceQuestion,
        Decision,
        Judge,
        JudgeReply,
        JudgeSettings,
    )
    from claimaudit.passage import Passage
    from claimaudit.plugins import Registry, get_registry
    from claimaudit.policy import ReviewPolicy
    from claimaudit.records import (
        RELATIONS,
        CheckedRecord,
        NotCheckedRecord,
        Record,
        record_from_dict,
        record_to_dict,
    )
    from claimaudit.refcheck import (
        CitedReference,
        ReferenceCheck,
        ReferenceStatus,
        ReferenceVerifier,
    )
    from claimaudit.review import (
        Bibliography,
        ReviewResult,
        annotate_latex,
        load_bibliography,
        render_html,
        review_latex,
        review_report,
    )
    from claimaudit.sources.protocol import Source, SourcePaper

__version__ = "0.1.0"

# Each public name is imported on first use, not with the package: ``python -m claimaudit`` and
# the console script import this package before they can catch Ctrl-C, so it must load at once.
_HOMES = {
    "check_claim": "claimaudit.api",
    "make_checker": "claimaudit.api",
    "make_judge": "claimaudit.api",
    "make_source": "claimaudit.api",
    "Checker": "claimaudit.checker",
    "BackendError": "claimaudit.errors",
    "ClaimauditError": "claimaudit.errors",
    "ContextLengthError": "claimaudit.errors",
    "InvalidClaimError": "claimaudit.errors",
    "InvalidRecordError": "claimaudit.errors",
    "InvalidReferenceError": "claimaudit.errors",
    "JudgeError": "claimaudit.errors",
    "LibraryError": "claimaudit.errors",
    "PluginError": "claimaudit.errors",
    "SourceError": "claimaudit.errors",
    "UnknownBackendError": "claimaudit.errors",
    "UsageError": "claimaudit.errors",
    "PaperRef": "claimaudit.identity",
    "RefKind": "claimaudit.identity",
    "parse_ref": "claimaudit.identity",
    "Case": "claimaudit.judges.protocol",
    "ChoiceAnswer": "claimaudit.judges.protocol",
    "ChoiceQuestion": "claimaudit.judges.protocol",
    "Decision": "claimaudit.judges.protocol",
    "Judge": "claimaudit.judges.protocol",
    "JudgeReply": "claimaudit.judges.protocol",
    "JudgeSettings": "claimaudit.judges.protocol",
    "Passage": "claimaudit.passage",
    "Registry": "claimaudit.plugins",
    "get_registry": "claimaudit.plugins",
    "ReviewPolicy": "claimaudit.policy",
    "RELATIONS": "claimaudit.records",
    "CheckedRecord": "claimaudit.records",
    "NotCheckedRecord": "claimaudit.records",
    "Record": "claimaudit.records",
    "record_from_dict": "claimaudit.records",
    "record_to_dict": "claimaudit.records",
    "CitedReference": "claimaudit.refcheck",
    "ReferenceCheck": "claimaudit.refcheck",
    "ReferenceStatus": "claimaudit.refcheck",
    "ReferenceVerifier": "claimaudit.refcheck",
    "Bibliography": "claimaudit.review",
    "ReviewResult": "claimaudit.review",
    "annotate_latex": "claimaudit.review",
    "load_bibliography": "claimaudit.review",
    "render_html": "claimaudit.review",
    "review_latex": "claimaudit.review",
    "review_report": "claimaudit.review",
    "Source": "claimaudit.sources.protocol",
    "SourcePaper": "claimaudit.sources.protocol",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOMES))


__all__ = [
    "RELATIONS",
    "BackendError",
    "Bibliography",
    "Case",
    "CheckedRecord",
    "Checker",
    "ChoiceAnswer",
    "ChoiceQuestion",
    "CitedReference",
    "ClaimauditError",
    "ContextLengthError",
    "Decision",
    "InvalidClaimError",
    "InvalidRecordError",
    "InvalidReferenceError",
    "Judge",
    "JudgeError",
    "JudgeReply",
    "JudgeSettings",
    "LibraryError",
    "NotCheckedRecord",
    "PaperRef",
    "Passage",
    "PluginError",
    "Record",
    "RefKind",
    "ReferenceCheck",
    "ReferenceStatus",
    "ReferenceVerifier",
    "Registry",
    "ReviewPolicy",
    "ReviewResult",
    "Source",
    "SourceError",
    "SourcePaper",
    "UnknownBackendError",
    "UsageError",
    "__version__",
    "annotate_latex",
    "check_claim",
    "get_registry",
    "load_bibliography",
    "make_checker",
    "make_judge",
    "make_source",
    "parse_ref",
    "record_from_dict",
    "record_to_dict",
    "render_html",
    "review_latex",
    "review_report",
]
