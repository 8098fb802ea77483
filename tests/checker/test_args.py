"""A Checker built from a name, a class or ``cache=True`` is told what to pass, in one line."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from claimaudit.api import make_checker, make_judge
from claimaudit.checker.pipeline import Checker
from claimaudit.errors import PluginError, UsageError
from claimaudit.judges.protocol import Decision, Judge, JudgeReply
from claimaudit.sources.protocol import LibraryUse
from tests.fakes import MemoryCache, MemorySource, ScriptedJudge, pick


class NamedByProperty(Judge):
    @property
    def name(self) -> str:  # a property: on the class it is a property object, not a name
        return "mine"

    def decide(self, decision: Decision) -> JudgeReply:
        raise NotImplementedError


def _judge() -> ScriptedJudge:
    return ScriptedJudge(pick("supports", "P001"))


def test_a_judge_or_source_given_by_name_says_to_use_make_checker() -> None:
    with pytest.raises(UsageError) as caught:
        Checker(MemorySource(), "local")  # type: ignore[arg-type]
    assert str(caught.value) == (
        "Checker takes a Judge object as its judge, not the name 'local': pass one, "
        "or use make_checker(judge='local')"
    )
    with pytest.raises(UsageError, match=r"use make_checker\(source='library'\)$"):
        Checker("library", _judge())  # type: ignore[arg-type]


def test_a_judge_class_for_an_instance_says_to_pass_an_instance() -> None:
    message = (
        "the judge must be a Judge object, not the class NamedByProperty: "
        "pass an instance, NamedByProperty()"
    )
    with pytest.raises(UsageError) as caught:
        make_checker(NamedByProperty, source=MemorySource(), cache=False)  # type: ignore[arg-type]
    assert str(caught.value) == message
    with pytest.raises(UsageError) as direct:
        Checker(MemorySource(), NamedByProperty)  # type: ignore[arg-type]
    assert str(direct.value) == message


@pytest.mark.parametrize("value", [None, 123, b"library", ["local"], {"name": "x"}])
def test_a_judge_or_source_that_is_plain_data_is_the_callers_mistake(value: object) -> None:
    # QA: make_checker(source=None) raised PluginError "source 'NoneType' does not keep the
    # Source contract", as if a plugin were broken; the caller passed no backend at all.
    with pytest.raises(UsageError) as caught:
        make_checker(_judge(), source=value, cache=False)  # type: ignore[arg-type]
    assert not isinstance(caught.value, PluginError)
    assert str(caught.value) == (
        f"the source must be a Source object or a source's name, not {type(value).__name__}"
    )
    with pytest.raises(UsageError) as direct:
        Checker(MemorySource(), value)  # type: ignore[arg-type]
    assert str(direct.value) == f"the judge must be a Judge object, not {type(value).__name__}"


@pytest.mark.parametrize(
    ("cache", "message"),
    [
        (True, "Checker's cache must be a ResultCache or None, not True: make_checker(cache=Tr"),
        ("no", "Checker's cache must be a ResultCache (with get and put) or None, not str"),
    ],
)
def test_a_cache_that_is_no_result_cache_is_refused(cache: object, message: str) -> None:
    # True was taken, and then nothing was ever cached.
    with pytest.raises(UsageError) as caught:
        Checker(MemorySource(), _judge(), cache=cache)  # type: ignore[arg-type]
    assert str(caught.value).startswith(message)
    assert Checker(MemorySource(), _judge(), cache=MemoryCache()).cache is not None


def test_settings_that_are_no_judge_settings_are_the_callers_mistake() -> None:
    # The factory failed on them, and the plugin was blamed.
    with pytest.raises(UsageError, match=r"^settings must be a JudgeSettings or None, not str$"):
        make_judge("local", "x")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("name", "shown"),
    [("", "''"), ("   ", "'   '"), ("evil\x1b[31m", "'evil\\x1b[31m'"), (42, "int")],
)
def test_a_judge_object_whose_name_is_no_usable_name_is_refused(name: object, shown: str) -> None:
    # Records said "judge": "" or kept the escape sequence.
    judge = ScriptedJudge(pick("supports", "P001"), name=name)  # type: ignore[arg-type]
    with pytest.raises(PluginError) as caught:
        Checker(MemorySource(), judge)
    assert str(caught.value) == (
        f"judge ScriptedJudge is named {shown}, not a non-blank name without control "
        "characters; records name their judge by it"
    )


class _Failing(ScriptedJudge):
    """A judge whose optional parts fail when read, as a plugin's property may (a settings
    file it reads is missing)."""

    @property
    def concurrency(self) -> int:
        raise RuntimeError("settings.toml is missing")


class _FailingThreshold(Judge):
    name = "scripted"

    def decide(self, decision: Decision) -> JudgeReply:
        raise NotImplementedError

    @property
    def review_threshold(self) -> float | None:
        raise OSError("calibration.json is missing")


class _FailingSource(MemorySource):
    @property
    def library_use(self) -> LibraryUse:
        raise KeyError("mode")


@pytest.mark.parametrize(
    ("build", "message"),
    [
        # QA: each raised its bare exception out of make_checker: a traceback on the command
        # line (exit 1), where a factory that raises is one line naming the backend (exit 2).
        (
            lambda: Checker(MemorySource(), _Failing(pick("supports", "P001"))),
            "judge 'scripted' failed to give its concurrency: it raised RuntimeError",
        ),
        (
            lambda: Checker(MemorySource(), _FailingThreshold()),
            "judge 'scripted' failed to give its review_threshold: it raised OSError",
        ),
        (
            lambda: Checker(_FailingSource(), _judge()),
            "source 'memory' failed to give its library_use: it raised KeyError",
        ),
        (
            lambda: make_checker(_Failing(pick("supports", "P001")), source=MemorySource()),
            "judge 'scripted' failed to give its concurrency: it raised RuntimeError",
        ),
    ],
)
def test_a_backend_property_that_raises_is_a_plugin_error_naming_it(
    build: Callable[[], object], message: str
) -> None:
    with pytest.raises(PluginError) as caught:
        build()
    assert str(caught.value) == message


class _StringUseSource(MemorySource):
    """A plugin's source that gives its library use as the enum's value, or as nonsense."""

    def __init__(self, use: object) -> None:
        super().__init__()
        self.use = use

    @property
    def library_use(self) -> LibraryUse:
        return self.use  # type: ignore[return-value]


@pytest.mark.parametrize(
    ("given", "meant"), [("none", LibraryUse.NONE), ("reads", LibraryUse.READS)]
)
def test_a_library_use_given_as_the_enums_value_is_taken_for_it(
    given: str, meant: LibraryUse
) -> None:
    # QA: "none" passed, and every `is LibraryUse.NONE` test then took the source for one that
    # opens the library (checked, created, fetched into).
    with make_checker(_judge(), source=_StringUseSource(given), cache=False) as checker:
        assert checker.source.library_use is meant


@pytest.mark.parametrize("given", ["None", "nothing", 0, None])
def test_a_library_use_that_is_no_library_use_is_a_plugin_error_naming_the_source(
    given: object,
) -> None:
    for build in (
        lambda: make_checker(_judge(), source=_StringUseSource(given), cache=False),
        lambda: Checker(_StringUseSource(given), _judge()),
    ):
        with pytest.raises(PluginError) as caught:
            build()
        assert str(caught.value).startswith("source 'memory' gives its library_use as ")
        assert "not a claimaudit.LibraryUse (or one of 'none', 'reads', 'fills')" in str(
            caught.value
        )


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        (
            {"policy": 0.5},
            "Checker's policy must be a ReviewPolicy (ReviewPolicy(threshold)), not float",
        ),
        ({"ranker": "bm25"}, "Checker's ranker must have a rank method, not str"),
        ({"advice": "add it"}, "Checker's advice must be a function of an error, or None, not str"),
        (
            {"judge_failure_words": "x"},
            "Checker's judge_failure_words must be a function of a message, or None, not str",
        ),
    ],
)
def test_a_setting_of_the_wrong_kind_is_refused_when_the_checker_is_built(
    setting: dict[str, object], message: str
) -> None:
    # policy=0.5 was an AttributeError from inside; advice="..." a TypeError out of check, which
    # promises records, never exceptions; ranker="bm25" made every paper not_checked.
    with pytest.raises(UsageError) as caught:
        Checker(MemorySource(), _judge(), **setting)  # type: ignore[arg-type]
    assert str(caught.value) == message
