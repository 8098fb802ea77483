"""Usage errors: the request itself is unusable (a bad claim, reference, draft, setting);
nothing was attempted."""

from __future__ import annotations

from claimaudit.errors._base import ClaimauditError


class UsageError(ClaimauditError, ValueError):
    """The caller asked for something that cannot be done as asked; nothing was attempted."""

    code = "invalid_request"


class InvalidTextError(UsageError):
    """Text that is not valid Unicode (a lone surrogate, from invalid UTF-8 or a JSON escape)."""

    http_status = 422
    code = "invalid_text"


class NestingError(UsageError):
    """Input nested deeper than a parser is allowed to go; the message says where."""


class InvalidClaimError(UsageError):
    """The check itself is unusable (empty or oversized claim, bad topic); a list of papers it
    cannot take is its subclass PaperListError, whose code says the request is at fault."""

    code = "invalid_claim"


class InvalidTopicError(InvalidClaimError):
    """A topic over the length limit: its own code (the claim is fine), still an
    InvalidClaimError for callers that caught that."""

    code = "invalid_topic"


class PaperListError(InvalidClaimError):
    """A check's list of papers cannot be checked (none, or more than the limit): the claim is
    fine, the request is not, so its code is ``invalid_request`` as a duplicate's is."""

    code = UsageError.code


class DuplicatePaperError(PaperListError):
    """A paper given twice in one check: the claim is fine, the request is not."""


class InvalidClaimTextError(InvalidClaimError, InvalidTextError):
    """A claim, topic or paper reference that is not valid text: refused before anything tries
    to encode it, and reported as invalid text."""

    http_status = InvalidTextError.http_status
    code = InvalidTextError.code


class InvalidReferenceError(UsageError):
    """The text is not a paper reference this tool understands. ``text``: that text, when it
    was printable, for a surface's advice (a file's path, a list given as one reference)."""

    code = "invalid_reference"

    def __init__(self, message: str, *, text: str = "") -> None:
        super().__init__(message)
        self.text = text


class InvalidTitleError(UsageError):
    """A title given for a paper that cannot be stored (over the length limit)."""

    code = "invalid_title"


class UnknownBackendError(UsageError, LookupError):
    """No plugin registered a judge or source of that name."""

    code = "unknown_judge"


class InvalidSettingsError(UsageError):
    """A backend cannot be used as configured (the openai judge without a model, a bad timeout,
    a missing API key)."""

    code = "invalid_settings"


class ModelRequiredError(InvalidSettingsError):
    """A judge that runs the model it is told of, told of none. ``env``: the environment
    variable that names one when no request does (where the judge runs)."""

    # The advice completes the message: "needs a model id: pass --model or set OPENAI_MODEL".
    advice_joint = ": "

    def __init__(self, message: str, *, env: str = "") -> None:
        super().__init__(message)
        self.env = env


class KeyRequiredError(InvalidSettingsError):
    """A backend that needs an API key, run where none is set. ``env``: the environment
    variable that holds it (its name only: the message never holds a key)."""

    # The advice completes the message: "needs an API key: set TYPESAFE_API_KEY".
    advice_joint = ": "

    def __init__(self, message: str, *, env: str) -> None:
        super().__init__(message)
        self.env = env


class ModelNotTakenError(InvalidSettingsError):
    """A model id given to a judge that runs its own (the embedded one). ``model``: the one
    given, which the caller likely meant for a judge that takes one."""

    def __init__(self, message: str, *, model: str = "") -> None:
        super().__init__(message)
        self.model = model


class SettingNotTakenError(InvalidSettingsError):
    """A judge setting given to a judge that does not use it (a context window for the
    local or jev judge): accepted, it was silently ignored. ``setting``: its
    ``JudgeSettings`` field; ``value``: what was given; ``takes_it``: the judges that use it.
    Each surface names the setting its own way (``--context-tokens``)."""

    def __init__(self, message: str, *, setting: str, value: object, takes_it: str) -> None:
        super().__init__(message)
        self.setting = setting
        self.value = value
        self.takes_it = takes_it


class DraftError(UsageError):
    """A draft to review that is empty or cannot be read as a whole (nested too deeply)."""

    code = "invalid_draft"


class DraftStructureError(DraftError):
    """A Markdown draft whose structure (a huge table, brackets nested deep) would hold the
    parser for minutes (``review.markdown_limits``); its message names the draft itself."""


class BibliographyError(UsageError):
    """A bibliography file that cannot be read: its message says which entry or line.
    ``looks_like``: the format ("csl-yaml", "csl-json") of text read as BibTeX to no entry,
    or "bibtex" for BibTeX said to be CSL, which each surface tells how to name (``format``,
    ``bibliographyFormat``)."""

    code = "invalid_bibliography"

    def __init__(self, message: str, *, looks_like: str | None = None) -> None:
        super().__init__(message)
        self.looks_like = looks_like


class ReviewTooLargeError(DraftError):
    """A draft asking for more judgements than the server takes in one review: refused before
    any is made."""

    http_status = 413
    code = "review_too_large"


class DatasetError(UsageError):
    """A claims or corpus file does not have the expected shape."""

    code = "invalid_dataset"


class InvalidRecordError(UsageError):
    """Data read back as a review record (``record_from_dict``) that is not one."""

    code = "invalid_record"


class BatchOutputError(UsageError):
    """A batch ``--out`` that is some other file: it holds no record of an earlier run."""

    code = "invalid_batch_output"


class BatchLockedError(UsageError):
    """A batch or eval ``--out`` that another run is writing: two batches would each judge
    every pair, two evals write over each other's lines."""

    http_status = 409
    code = "batch_output_locked"


class UnsupportedFileError(UsageError):
    """An upload whose name does not say which kind of paper file it is."""

    http_status = 415
    code = "unsupported_media_type"
