"""claimaudit: do the papers cited for a claim actually support it, and where?"""

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
