"""The Python API as a user calls it: ``from claimaudit import check_claim``."""

from __future__ import annotations

import importlib
import threading
from importlib import resources
from pathlib import Path
from typing import NoReturn

import pytest

import claimaudit
import claimaudit.errors
from claimaudit import CheckedRecord, InvalidClaimError, NotCheckedRecord, RefKind, check_claim
from claimaudit.checker.cache import CacheKey
from claimaudit.errors import PluginError
from claimaudit.judges.protocol import Decision, JudgeReply
from claimaudit.library.ingest import add_path
from claimaudit.library.store import Library
from claimaudit.plugins import Registered
from tests.fakes import MemorySource, ScriptedJudge, pick
from tests.stuck import HOLD
from tests.users_mypy import strict_errors

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("api") / "library.sqlite3"
    with Library.open(path) as lib:
        add_path(
            lib,
            REPO / "examples" / "papers" / "good-enough-practices_wilson2017" / "index.md",
            ref=claimaudit.parse_ref("arXiv:1609.00037"),
        )
    return path


def test_check_claim_with_the_default_judge(library: Path) -> None:
    records = check_claim(
        "Raw data should be backed up in more than one location.",
        ["1609.00037", "2105.14372"],
        library=library,
    )
    checked, missing = records
    assert isinstance(checked, CheckedRecord) and checked.judge == "local"
    # The paper's own words: "Ensure that raw data is backed up in more than one location."
    assert checked.verdict == "supports"
    assert checked.evidence == "Ensure that raw data is backed up in more than one location."
    assert isinstance(missing, NotCheckedRecord)
    # The Python API states the fact; no surface's advice (make_checker's advice adds one).
    assert missing.error == f"arXiv:2105.14372 is not in the local library ({library})"


def test_check_claim_accepts_a_judge_object(library: Path) -> None:
    judge = ScriptedJudge(pick("contradicts", "P001"))
    [record] = check_claim("Backups are pointless.", ["1609.00037"], library=library, judge=judge)
    assert isinstance(record, CheckedRecord)
    assert record.verdict == "contradicts" and record.judge == "scripted"
    assert len(judge.seen) == 1


def test_unusable_requests_raise_and_unknown_judges_are_named(library: Path) -> None:
    with pytest.raises(InvalidClaimError):
        check_claim(" ", ["1609.00037"], library=library)
    with pytest.raises(claimaudit.UnknownBackendError, match="unknown judge 'nope'"):
        check_claim("Attention helps.", ["1609.00037"], library=library, judge="nope")


def test_a_judge_named_by_the_environment_is_said_to_come_from_it(
    library: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # QA: CLAIMAUDIT_JUDGE=LOCAL said "unknown judge 'LOCAL'" to a user who gave no judge.
    monkeypatch.setenv("CLAIMAUDIT_JUDGE", "LOCAL")
    with pytest.raises(claimaudit.UnknownBackendError) as refused:
        check_claim("Attention helps.", ["1609.00037"], library=library)
    assert str(refused.value).startswith("CLAIMAUDIT_JUDGE names an unknown judge 'LOCAL' (known:")
    # A judge named in the call is the caller's, whatever the environment says.
    with pytest.raises(claimaudit.UnknownBackendError, match=r"^unknown judge 'nope'"):
        check_claim("Attention helps.", ["1609.00037"], library=library, judge="nope")


def test_public_names_are_exported() -> None:
    for name in claimaudit.__all__:
        assert hasattr(claimaudit, name), name


@pytest.mark.parametrize(
    ("name", "home"),
    [
        # QA: the Source contract's library_use returns one, and ChoiceAnswer's docstring says
        # a judge's confidence is confidence_from_probabilities of its probabilities; a plugin
        # had to import both from internal modules.
        ("LibraryUse", "claimaudit.sources.protocol"),
        ("confidence_from_probabilities", "claimaudit.judges.protocol"),
        # The README told plugins reading their key from a variable of their own to call it
        # from claimaudit.net.redaction, an internal module.
        ("add_secret_env", "claimaudit.net.redaction"),
        # review_report's and review_latex's limits: a user bounding a review had to import
        # it from claimaudit.review.limits, an internal module.
        ("ReviewLimits", "claimaudit.review.limits"),
    ],
)
def test_what_the_plugin_contracts_name_comes_from_the_package_root(name: str, home: str) -> None:
    assert name in claimaudit.__all__
    assert getattr(claimaudit, name) is getattr(importlib.import_module(home), name)


@pytest.mark.parametrize(
    ("values", "message"),
    [
        (("50", 1), "papers_per_sentence .* not '50'"),
        ((1, -1), "pairs must be a whole number from 0, not -1"),
    ],
)
def test_review_limits_of_the_wrong_kind_are_refused(
    values: tuple[object, object], message: str
) -> None:
    with pytest.raises(claimaudit.UsageError, match=message):
        claimaudit.ReviewLimits(*values)  # type: ignore[arg-type]


def test_the_package_root_lists_its_public_names_only() -> None:
    # QA: a notebook's completion (dir) offered claimaudit.Any, importlib, TYPE_CHECKING and
    # annotations, and after the first use the internal subpackages (api, checker, net...).
    claimaudit.check_claim  # noqa: B018  (loads claimaudit.api and what it imports)
    listed = {name for name in dir(claimaudit) if not name.startswith("_")}
    assert listed == set(claimaudit.__all__) - {"__version__"}
    assert "__version__" in dir(claimaudit)


@pytest.mark.parametrize(
    ("judge", "options"),
    [
        ("jev", "JevOptions"),
        ("openai", "OpenAIOptions"),
        ("local", "LocalOptions"),
    ],
)
def test_a_judges_own_options_come_from_the_package_root(
    judge: str, options: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # README passes them as JudgeSettings(options=...); only their internal modules had them.
    monkeypatch.setenv("TYPESAFE_API_KEY", "tsk-test-key-123")  # built, never used
    assert options in claimaudit.__all__
    settings = claimaudit.JudgeSettings(
        model=None if judge == "local" else "m", options=getattr(claimaudit, options)()
    )
    claimaudit.make_judge(judge, settings).close()


def test_parse_bibliography_comes_from_the_package_root() -> None:
    # QA: the README names load_bibliography and parse_bibliography "from Python"; only the
    # first was exported, so ``from claimaudit import parse_bibliography`` failed.
    assert "parse_bibliography" in claimaudit.__all__
    read = claimaudit.parse_bibliography("@misc{a, eprint = {1907.10121}}")
    assert list(read.entries) == ["a"]
    with pytest.raises(claimaudit.UsageError):
        claimaudit.parse_bibliography("% nothing yet", allow_empty=False)


def test_the_result_cache_protocol_comes_from_the_package_root() -> None:
    # README names it as what check_claim's and make_checker's cache= takes.
    assert "ResultCache" in claimaudit.__all__
    assert isinstance(_DictCache(), claimaudit.ResultCache)


class _DictCache:
    def __init__(self) -> None:
        self.kept: dict[CacheKey, CheckedRecord] = {}

    def get(self, key: CacheKey) -> CheckedRecord | None:
        return self.kept.get(key)

    def put(self, key: CacheKey, record: CheckedRecord) -> None:
        self.kept[key] = record


def test_a_checker_closes_the_backends_it_made_and_only_those(
    library: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    closed: list[str] = []
    monkeypatch.setattr(ScriptedJudge, "close", lambda self: closed.append(self.name))
    monkeypatch.setattr("claimaudit.judges.jev.JevJudge.close", lambda self: closed.append("jev"))
    monkeypatch.setenv("TYPESAFE_API_KEY", "test-key")  # built, never used
    mine = ScriptedJudge(pick("supports", "P001"))
    with claimaudit.make_checker(mine, library=library):
        pass
    assert closed == []  # the caller's judge stays open for the caller
    with claimaudit.make_checker("jev", library=library):
        pass
    assert closed == ["jev"]


def test_backends_built_are_closed_when_the_checker_refuses_them(
    library: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The checker refused a plugin judge's concurrency after make_checker had built the judge
    # and the source; neither was closed.
    closed: list[str] = []

    class ZeroWorkers(ScriptedJudge):
        @property
        def concurrency(self) -> int:
            return 0

    def build(settings: object = None) -> ScriptedJudge:
        return ZeroWorkers(pick("supports", "P001"), name="zero-workers")

    registry = claimaudit.get_registry()
    monkeypatch.setitem(registry.judges, "zero-workers", Registered(build, "bad", "tests"))
    monkeypatch.setattr(ScriptedJudge, "close", lambda self: closed.append(self.name))
    monkeypatch.setattr(
        "claimaudit.sources.library.LibrarySource.close", lambda self: closed.append("source")
    )
    with pytest.raises(PluginError, match="allows 0 concurrent decisions"):
        claimaudit.make_checker("zero-workers", source="library", library=library)
    assert sorted(closed) == ["source", "zero-workers"]


def test_check_claim_keeps_judgements_in_the_librarys_cache(tmp_path: Path, library: Path) -> None:
    copy = tmp_path / "library.sqlite3"
    copy.write_bytes(library.read_bytes())

    def first_passage(decision: Decision) -> JudgeReply:
        return pick("supports", decision.case.passages[0].passage_id)(decision)

    judge = ScriptedJudge(first_passage, cache_identity="scripted-1")
    claim = "Raw data should be backed up in more than one location."
    [first] = check_claim(claim, ["1609.00037"], library=copy, judge=judge)
    [again] = check_claim(claim, ["1609.00037"], library=copy, judge=judge)
    assert first.verdict == "supports"
    # The second answer came from the cache: the same record, but for the time spent judging
    # (none for a cached answer; the first's rounds to 0.001 s on a busy machine).
    assert len(judge.seen) == 1 and again.judge_seconds == 0
    assert again == first.model_copy(update={"judge_seconds": 0.0})
    [fresh] = check_claim(claim, ["1609.00037"], library=copy, judge=judge, cache=False)
    assert len(judge.seen) == 2 and fresh.verdict == "supports"


def test_a_plugin_factory_that_raises_is_a_plugin_error(
    library: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def boom(*args: object, **kwargs: object) -> NoReturn:
        raise ZeroDivisionError("a secret in the message")

    registry = claimaudit.get_registry()
    monkeypatch.setitem(registry.judges, "boom", Registered(boom, "raises", "tests"))
    monkeypatch.setitem(registry.sources, "boom", Registered(boom, "raises", "tests"))
    with pytest.raises(PluginError) as judge_error:
        check_claim("Attention helps.", ["1609.00037"], library=library, judge="boom")
    assert str(judge_error.value) == (
        "judge 'boom' could not be built: its factory raised ZeroDivisionError"
    )
    with pytest.raises(PluginError, match=r"^source 'boom' .* raised ZeroDivisionError$"):
        check_claim("Attention helps.", ["1609.00037"], library=library, source="boom")


def test_the_package_ships_its_type_hints() -> None:
    # PEP 561: without the marker, a user's mypy ignores every hint (a Judge subclass is Any).
    marker = resources.files("claimaudit").joinpath("py.typed")
    assert marker.is_file()


def test_papers_as_one_string_is_refused(library: Path) -> None:
    # A string is an iterable of references too: each letter used to be one paper.
    for papers in ("arXiv:1907.10121", "2105", b"2105"):
        with pytest.raises(InvalidClaimError) as caught:
            check_claim("Raw data is backed up.", papers, library=library)  # type: ignore[arg-type]
        assert str(caught.value) == "papers must be a list of references, not one string"
        assert isinstance(caught.value, claimaudit.UsageError)


def test_papers_as_a_one_shot_iterator_are_each_checked(library: Path) -> None:
    judge = ScriptedJudge(pick("supports", "P001"))
    papers = (p for p in ["1609.00037", "2105.14372"])
    records = check_claim("Raw data is backed up.", papers, library=library, judge=judge)
    assert [r.paper_ref for r in records] == ["arXiv:1609.00037", "arXiv:2105.14372"]
    assert isinstance(records[0], CheckedRecord) and isinstance(records[1], NotCheckedRecord)


def test_the_library_may_be_given_as_a_str(library: Path) -> None:
    judge = ScriptedJudge(pick("supports", "P001"))
    claim, papers = "Raw data is backed up.", ["1609.00037"]
    [record] = check_claim(claim, papers, library=str(library), judge=judge)
    assert isinstance(record, CheckedRecord)
    with claimaudit.make_checker(judge, source="library", library=str(library)) as checker:
        assert isinstance(checker.check(claim, papers)[0], CheckedRecord)
    wrong = r"^library must be a path or a string, not int$"
    with pytest.raises(claimaudit.UsageError, match=wrong):
        check_claim(claim, papers, library=3, judge=judge)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("budget", "message"),
    [
        ({"max_passages": 0}, "max_passages must be a positive whole number, not 0"),
        ({"max_chars": -1}, "max_chars must be a positive whole number, not -1"),
        ({"max_chars": 2.5}, "max_chars must be a positive whole number, not 2.5"),
    ],
)
def test_an_unusable_evidence_budget_is_refused_when_the_checker_is_built(
    library: Path, budget: dict[str, int], message: str
) -> None:
    # It used to be found while checking: every paper not_checked, "check failed: UsageError".
    with pytest.raises(claimaudit.UsageError) as caught:
        claimaudit.make_checker(ScriptedJudge(pick("supports", "P001")), library=library, **budget)
    assert str(caught.value) == message


def test_an_empty_model_is_none_given_as_on_every_other_surface(library: Path) -> None:
    # check_claim(model=os.environ.get("MODEL", "")) refused the local judge (ModelNotTakenError)
    # where `check --model ""`, the HTTP API and the MCP tools run it: an empty model is none.
    [record] = check_claim(CLAIM, ["1609.00037"], library=library, model="")
    assert isinstance(record, CheckedRecord)
    assert record.judge == "local"
    with claimaudit.make_checker(library=library, model="") as checker:
        assert checker.judge.name == "local"


@pytest.mark.parametrize("fetch", ["no", "false", 1, None])
def test_fetch_that_is_not_a_bool_is_refused_when_the_checker_is_built(
    library: Path, fetch: object
) -> None:
    # fetch="no" (any truthy value) used to turn fetching on: papers missing from the library
    # downloaded from arXiv into it, the opposite of what was asked.
    with pytest.raises(claimaudit.UsageError) as caught:
        claimaudit.make_checker(
            ScriptedJudge(pick("supports", "P001")),
            library=library,
            fetch=fetch,  # type: ignore[arg-type]
        )
    assert str(caught.value) == f"fetch must be True or False, not {type(fetch).__name__}"


@pytest.mark.parametrize("judge", ["openai", "jev"])
def test_a_timeout_past_a_day_is_refused_when_the_checker_is_built(
    library: Path, judge: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # It used to pass, then every record failed with OverflowError (threading.TIMEOUT_MAX).
    monkeypatch.setenv("TYPESAFE_API_KEY", "tsk-test-key-123")
    with pytest.raises(claimaudit.UsageError, match=r"timeout must be .* up to 86400 \(a day\)"):
        claimaudit.make_checker(judge, model="m", timeout=1e10, library=library)
    claimaudit.make_checker(judge, model="m", timeout=86_400, library=library).close()


@pytest.mark.parametrize("judge", ["local", "openai", "jev"])
def test_a_timeout_under_a_tenth_of_a_second_is_refused_as_on_the_command_line(
    library: Path, judge: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # --timeout runs from 0.1 (README); Python took 0.05 for every judge.
    monkeypatch.setenv("TYPESAFE_API_KEY", "tsk-test-key-123")
    model = None if judge == "local" else "m"  # the embedded verifier takes no model
    with pytest.raises(claimaudit.UsageError, match=r"timeout must be .* from 0\.1 up to 86400"):
        claimaudit.make_checker(judge, model=model, timeout=0.05, library=library)
    claimaudit.make_checker(judge, model=model, timeout=0.1, library=library).close()


def test_paper_refs_are_taken_as_papers(library: Path) -> None:
    # The package's own references used to fail inside a regex with a bare TypeError.
    judge = ScriptedJudge(pick("supports", "P001"))
    papers = [claimaudit.parse_ref("1609.00037"), claimaudit.PaperRef(RefKind.ARXIV, "2105.14372")]
    records = check_claim("Raw data is backed up.", papers, library=library, judge=judge)
    assert [r.paper_ref for r in records] == ["arXiv:1609.00037", "arXiv:2105.14372"]
    assert isinstance(records[0], CheckedRecord) and isinstance(records[1], NotCheckedRecord)
    with pytest.raises(claimaudit.errors.DuplicatePaperError):
        check_claim("Attention helps.", [papers[0], "1609.00037"], library=library, judge=judge)


CLAIM = "Raw data is backed up."


@pytest.mark.parametrize(
    ("call", "message"),
    [
        ({"papers": [None]}, "paper reference 1 must be a string or a PaperRef, not NoneType"),
        (
            {"papers": ["1609.00037", 1609.00037]},
            "paper reference 2 must be a string or a PaperRef, not float",
        ),
        (
            {"papers": claimaudit.parse_ref("1609.00037")},
            "papers must be a list of references, not one PaperRef",
        ),
        ({"papers": 5}, "papers must be a list of references, not int"),
        ({"claim": None}, "the claim must be a string, not NoneType"),
        ({"claim": b"Raw data is backed up."}, "the claim must be a string, not bytes"),
        ({"topic": 5}, "the topic must be a string, not int"),
    ],
)
def test_a_request_of_the_wrong_types_is_refused_naming_the_argument(
    library: Path, call: dict[str, object], message: str
) -> None:
    judge = ScriptedJudge(pick("supports", "P001"))
    arguments: dict[str, object] = {"claim": CLAIM, "papers": ["1609.00037"], **call}
    with pytest.raises(InvalidClaimError) as caught:
        check_claim(**arguments, library=library, judge=judge)  # type: ignore[arg-type]
    assert str(caught.value) == message
    assert judge.seen == []


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        ({"threshold": "0.5"}, "the review threshold must be a number in [0, 1], not str"),
        ({"cache": "no"}, "cache must be True, False or a ResultCache (with get and put), not str"),
        (
            {"cache": None},
            "cache must be True, False or a ResultCache (with get and put), not NoneType",
        ),
        ({"cache": {}}, "cache must be True, False or a ResultCache (with get and put), not dict"),
    ],
)
def test_an_unusable_setting_is_refused_before_anything_is_checked(
    library: Path, setting: dict[str, object], message: str
) -> None:
    # cache="no" used to be taken for a cache object, and caching was quietly off.
    judge = ScriptedJudge(pick("supports", "P001"))
    with pytest.raises(claimaudit.UsageError) as caught:
        check_claim(CLAIM, ["1609.00037"], library=library, judge=judge, **setting)  # type: ignore[arg-type]
    assert str(caught.value) == message
    assert judge.seen == []


class EmptyCache:
    """A ResultCache that, like many containers, is false while it holds nothing."""

    def __init__(self) -> None:
        self.kept: dict[CacheKey, CheckedRecord] = {}

    def __len__(self) -> int:
        return len(self.kept)

    def get(self, key: CacheKey) -> CheckedRecord | None:
        return self.kept.get(key)

    def put(self, key: CacheKey, record: CheckedRecord) -> None:
        self.kept[key] = record


def test_a_cache_object_is_used_even_while_it_is_empty(library: Path) -> None:
    # ``cache or None`` dropped it: an empty cache is falsy, so nothing was ever kept.
    cache = EmptyCache()
    judge = ScriptedJudge(pick("supports", "P001"), cache_identity="scripted-1")
    check_claim(CLAIM, ["1609.00037"], library=library, judge=judge, cache=cache)
    assert len(cache) == 1
    check_claim(CLAIM, ["1609.00037"], library=library, judge=judge, cache=cache)
    assert len(judge.seen) == 1  # the second answer came from it


PUBLIC_DOCS = [
    "add_paper",
    "AddedPaper",
    "AddOutcome",
    "CheckedRecord",
    "NotCheckedRecord",
    "RefKind",
    "ReferenceStatus",
    "make_judge",
    "record_from_dict",
    "Checker.check",
    "Checker.iter_check",
    "Checker.check_paper",
    "ReferenceVerifier.check",
]


@pytest.mark.parametrize("name", PUBLIC_DOCS)
def test_the_public_api_says_what_it_does(name: str) -> None:
    obj: object = claimaudit
    for part in name.split("."):
        obj = getattr(obj, part)
    assert (obj.__doc__ or "").strip()
    # Its own docstring: pydantic and enum classes would otherwise show their base's.
    if isinstance(obj, type):
        assert obj.__doc__ not in {base.__doc__ for base in obj.__mro__[1:]}


def test_a_cited_reference_can_be_built_from_the_package_root() -> None:
    cited = claimaudit.CitedReference("scipy", claimaudit.parse_ref("1907.10121"), "SciPy 1.0")
    assert cited.ref is not None and str(cited.ref) == "arXiv:1907.10121"
    assert {"CitedReference", "record_from_dict", "InvalidRecordError"} <= set(claimaudit.__all__)


def test_check_claim_returns_the_records_when_a_judge_fails_to_close(
    library: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    class BadClose(ScriptedJudge):
        def close(self) -> None:
            raise RuntimeError("close failed")

    registry = claimaudit.get_registry()
    built = Registered(lambda _: BadClose(pick("supports", "P001")), "closes badly", "tests")
    monkeypatch.setitem(registry.judges, "badclose", built)
    with caplog.at_level("WARNING", logger="claimaudit.backends.closing"):
        [record] = check_claim(
            "Back up raw data.", ["1609.00037"], library=library, judge="badclose"
        )
    assert isinstance(record, CheckedRecord) and record.verdict == "supports"
    assert [r.getMessage() for r in caplog.records] == [
        "warning: closing judge 'badclose' failed (results are kept): RuntimeError: close failed"
    ]


def test_a_library_the_caller_named_that_cannot_be_used_is_refused_as_the_cli_refuses_it(
    tmp_path: Path,
) -> None:
    # QA: `claimaudit check --library X` exits 2 for these; check_claim answered a not_checked
    # record per paper instead, the caller's typo read as a failure of the run.
    judge = ScriptedJudge(pick("supports", "P001"))
    claim, papers = "Backups are useful.", ["1609.00037"]
    missing = tmp_path / "missing.sqlite3"
    with pytest.raises(claimaudit.LibraryMissingError, match="no library at"):
        check_claim(claim, papers, library=missing, judge=judge, cache=False)
    assert not missing.exists()  # nor made
    with pytest.raises(claimaudit.LibraryOpenError, match="is a directory, not a file"):
        check_claim(claim, papers, library=tmp_path, judge=judge, cache=False)
    notes = tmp_path / "notes.md"
    notes.write_text("# Notes\n", encoding="utf-8")
    with pytest.raises(claimaudit.LibraryOpenError, match="file is not a database"):
        check_claim(claim, papers, library=str(notes), judge=judge, cache=False)
    assert notes.read_text(encoding="utf-8") == "# Notes\n"  # left as it was


def test_a_paper_missing_from_a_usable_library_is_still_not_checked(library: Path) -> None:
    # The operational side of the line: the library opens, the paper is not in it.
    judge = ScriptedJudge(pick("supports", "P001"))
    [record] = check_claim(
        "Backups are useful.", ["arXiv:2105.14372"], library=library, judge=judge
    )
    assert record.verdict == "not_checked"


def test_a_users_mypy_refuses_a_name_the_package_does_not_export(tmp_path: Path) -> None:
    # QA: the lazy loader (a module __getattr__ returning Any) was visible to type checkers, so
    # `from claimaudit import check_claimm` passed a user's mypy --strict, typed Any. Only the
    # package's __init__ is read (its imports skipped), so that this takes seconds.
    script = tmp_path / "user.py"
    script.write_text("from claimaudit import check_claim, check_claimm, LibraryUse\n")
    root = Path(claimaudit.__file__)
    errors, out = strict_errors(tmp_path, script, root)
    assert len(errors) == 1 and 'has no attribute "check_claimm"' in errors[0], out


class _NameHangs(ScriptedJudge):
    """A caller's own judge whose ``name`` waits on ``gate`` (a server it asks, say)."""

    gate: threading.Event | None = None

    @property  # type: ignore[override]
    def name(self) -> str:
        assert self.gate is not None
        self.gate.wait(HOLD)
        return "slow-name"

    @name.setter
    def name(self, value: str) -> None:
        pass


class _SourceNameHangs(MemorySource):
    gate: threading.Event | None = None

    @property  # type: ignore[override]
    def name(self) -> str:
        assert self.gate is not None
        self.gate.wait(HOLD)
        return "slow-source"

    @name.setter
    def name(self, value: str) -> None:
        pass


def test_a_callers_judge_whose_name_hangs_is_given_up_at_the_timeout(
    gate: threading.Event, tmp_path: Path
) -> None:
    # QA: make_checker read a caller's judge's name with no deadline, so one that never
    # answered hung make_checker (and check_claim, a server) forever, unlike a plugin's.
    judge = _NameHangs(pick("supports", "P001"))
    judge.gate = gate
    with pytest.raises(PluginError) as raised:
        claimaudit.make_checker(judge, library=tmp_path, cache=False, timeout=0.2)
    assert str(raised.value) == "judge _NameHangs did not give its name within 0.2 s"
    with pytest.raises(PluginError) as again:  # not a second thread beside the stuck read
        claimaudit.make_checker(judge, library=tmp_path, cache=False, timeout=0.2)
    assert str(again.value) == (
        "judge _NameHangs was not asked its name: an earlier read did not answer in time and "
        "may still be running"
    )


def test_a_callers_source_whose_name_hangs_is_given_up_at_the_timeout(
    gate: threading.Event, tmp_path: Path
) -> None:
    source = _SourceNameHangs({})
    source.gate = gate
    judge = ScriptedJudge(pick("supports", "P001"))
    with pytest.raises(PluginError) as raised:
        claimaudit.make_checker(judge, source=source, library=tmp_path, cache=False, timeout=0.2)
    assert str(raised.value) == "source _SourceNameHangs did not give its name within 0.2 s"


def test_a_callers_judge_is_named_by_its_own_name_read_once(tmp_path: Path) -> None:
    reads: list[str] = []

    class Counted(ScriptedJudge):
        @property  # type: ignore[override]
        def name(self) -> str:
            reads.append("name")
            return "mine"

        @name.setter
        def name(self, value: str) -> None:
            pass

    checker = claimaudit.make_checker(
        Counted(pick("supports", "P001")), library=tmp_path, cache=False
    )
    assert checker.judge.name == "mine"
    assert reads == ["name"]
