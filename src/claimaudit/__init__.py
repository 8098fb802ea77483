"""claimaudit: do the papers cited for a claim actually support it, and where?"""

from claimaudit.api import check_claim, make_checker, make_judge, make_source
from claimaudit.checker import Checker, InvalidClaimError, Record, ReviewPolicy
from claimaudit.identity import InvalidReferenceError, PaperRef, RefKind, parse_ref
from claimaudit.judges.protocol import (
    Case,
    ChoiceAnswer,
    ChoiceQuestion,
    Decision,
    Judge,
    JudgeError,
    JudgeReply,
)
from claimaudit.passage import Passage
from claimaudit.plugins import JudgeSettings, Registry, UnknownBackendError, get_registry
from claimaudit.records import RELATIONS, CheckedRecord, NotCheckedRecord, record_to_dict
from claimaudit.review import (
    Bibliography,
    ReviewResult,
    load_bibliography,
    render_html,
    review_report,
)
from claimaudit.sources.protocol import Source, SourceError, SourcePaper

__version__ = "0.1.0"

__all__ = [
    "RELATIONS",
    "Bibliography",
    "Case",
    "CheckedRecord",
    "Checker",
    "ChoiceAnswer",
    "ChoiceQuestion",
    "Decision",
    "InvalidClaimError",
    "InvalidReferenceError",
    "Judge",
    "JudgeError",
    "JudgeReply",
    "JudgeSettings",
    "NotCheckedRecord",
    "PaperRef",
    "Passage",
    "Record",
    "RefKind",
    "Registry",
    "ReviewPolicy",
    "ReviewResult",
    "Source",
    "SourceError",
    "SourcePaper",
    "UnknownBackendError",
    "__version__",
    "check_claim",
    "get_registry",
    "load_bibliography",
    "make_checker",
    "make_judge",
    "make_source",
    "parse_ref",
    "record_to_dict",
    "render_html",
    "review_report",
]
