"""The plugin registry: what a plugin may register, and what it is told when it may not."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable

import pytest

from claimaudit import plugins
from claimaudit.errors import PluginError, PluginTimeoutError
from claimaudit.plugins import BUILT_IN, Registry


def registering(add: Callable[[Registry], None]) -> Callable[[], object]:
    """A loader giving a plugin whose ``register`` is ``add``."""

    def register(registry: Registry) -> None:
        add(registry)

    return lambda: register


@pytest.mark.parametrize(
    ("add", "why"),
    [
        (
            lambda r: r.add_judge(123, object, "int name"),  # type: ignore[arg-type]
            "a judge was registered with a name that is int, not text",
        ),
        (
            lambda r: r.add_source("  ", object, "blank name"),  # type: ignore[arg-type]
            "a source was registered with a name that is a blank string, not text",
        ),
        (
            lambda r: r.add_judge("evil\x1b[31m", object, "escape in its name"),  # type: ignore[arg-type]
            "a judge was registered with a name holding control characters, 'evil\\x1b[31m'",
        ),
        (
            lambda r: r.add_source("two\nlines", object, "line break in its name"),  # type: ignore[arg-type]
            "a source was registered with a name holding control characters, 'two\\nlines'",
        ),
        (
            lambda r: r.add_judge("nodesc", object, None),  # type: ignore[arg-type]
            "judge 'nodesc' was registered with a description that is NoneType, not text",
        ),
        (
            lambda r: r.add_source("nodesc", object, 7),  # type: ignore[arg-type]
            "source 'nodesc' was registered with a description that is int, not text",
        ),
    ],
)
def test_a_plugin_registering_no_text_name_or_description_fails_to_load(
    add: Callable[[Registry], None], why: str
) -> None:
    registry = Registry()
    registry.load("good", registering(lambda r: r.add_judge("good", object, "fine")))  # type: ignore[arg-type]
    registry.load("weird", registering(add))
    assert registry.broken == {"weird": why}
    assert sorted(registry.judges) == ["good"] and not registry.sources
    with pytest.raises(PluginError, match=r"^a judge was registered"):
        Registry().add_judge(None, object, "called directly")  # type: ignore[arg-type]


def test_first_calls_from_two_threads_build_one_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    # Each first call used to build its own registry, and a judge added to the one not kept
    # was lost. The first build waits for a second to start; with the lock none starts.
    builds: list[int] = []
    second_started = threading.Event()

    def no_entry_points(group: str) -> list[object]:
        builds.append(1)
        if len(builds) == 1:
            second_started.wait(timeout=1)
        else:
            second_started.set()
        return []

    monkeypatch.setattr(plugins, "_registry", None)
    monkeypatch.setattr(plugins, "DEFAULT_PLUGINS", ())
    monkeypatch.setattr(plugins, "entry_points", no_entry_points)
    got: list[Registry] = []
    threads = [threading.Thread(target=lambda: got.append(plugins.get_registry())) for _ in "ab"]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(builds) == 1
    assert got[0] is got[1] is plugins.get_registry()


def test_a_backend_added_by_a_script_is_credited_to_it_and_a_replaced_built_in_said(
    caplog: pytest.LogCaptureFixture,
) -> None:
    registry = Registry()
    registry.load("builtin", registering(lambda r: r.add_judge("local", object, "x")), BUILT_IN)  # type: ignore[arg-type]
    with caplog.at_level("WARNING", logger="claimaudit.plugins"):
        registry.add_judge("mine", object, "my judge")  # type: ignore[arg-type]
        registry.add_judge("local", object, "my local")  # type: ignore[arg-type]
    assert registry.judges["mine"].origin == registry.judges["local"].origin == "added at runtime"
    warnings = [r.getMessage() for r in caplog.records]
    assert warnings == ["added at runtime replaces the judge 'local' from built-in"]


def test_a_plugin_that_fails_after_registering_leaves_nothing_behind(
    caplog: pytest.LogCaptureFixture,
) -> None:
    def half_way(registry: Registry) -> None:
        registry.add_judge("partialjudge", object, "added first")  # type: ignore[arg-type]
        registry.add_source("auto", object, "replaces the default")  # type: ignore[arg-type]
        raise RuntimeError("register failed half-way")

    registry = Registry()
    registry.load("auto", registering(lambda r: r.add_source("auto", object, "built-in")))  # type: ignore[arg-type]
    with caplog.at_level("WARNING", logger="claimaudit.plugins"):
        registry.load("partial", registering(half_way), "qa 1.0")
    assert registry.broken == {"partial": "RuntimeError: register failed half-way"}
    assert not registry.judges
    assert registry.sources["auto"].description == "built-in"
    assert not caplog.records  # nothing was replaced, so nothing is said to be
    registry.add_judge("later", object, "a direct call still takes effect")  # type: ignore[arg-type]
    assert sorted(registry.judges) == ["later"]


def test_building_a_judge_runs_none_of_its_properties() -> None:
    # The contract check looks members up: a property (the openai judge's cache identity asks
    # its server for the context window) must not run when the judge is only being built.
    from claimaudit.judges.protocol import Judge

    ran: list[str] = []

    class Asking(Judge):
        name = "asking"

        @property
        def cache_identity(self) -> str:
            ran.append("cache_identity")
            return "asked"

        def decide(self, decision: object) -> object:  # type: ignore[override]
            raise AssertionError("never asked here")

    registry = Registry()
    registry.add_judge("asking", lambda settings: Asking(), "asks on identity")
    registry.make_judge("asking", None)  # a plugin's judge comes back watched
    assert ran == []


class _NotABackend:
    """Neither a judge nor a source: no ``name``, no ``decide``, no ``fetch``."""


@pytest.mark.parametrize(
    ("build", "message"),
    [
        # QA: these named the object's class ("judge '_NotABackend'"), or for a factory that
        # returned a class, "judge 'type'": neither says which --judge or plugin is at fault.
        (
            lambda r: r.make_judge("broken"),
            "judge 'broken' (from broken-pkg 0.1) does not keep the Judge contract (missing:",
        ),
        (
            lambda r: r.make_judge("a-class"),
            "judge 'a-class' (from broken-pkg 0.1) does not keep the Judge contract (missing:",
        ),
        (
            lambda r: r.make_source("broken"),
            "source 'broken' (from broken-pkg 0.1) does not keep the Source contract (missing:",
        ),
    ],
)
def test_a_plugin_backend_that_breaks_its_contract_is_named_as_registered(
    build: Callable[[Registry], object], message: str
) -> None:
    def add(registry: Registry) -> None:
        registry.add_judge("broken", lambda settings: _NotABackend(), "no judge")  # type: ignore[arg-type,return-value]
        registry.add_judge("a-class", lambda settings: _NotABackend, "a class")  # type: ignore[arg-type,return-value]
        registry.add_source("broken", lambda *, path: _NotABackend(), "no source")  # type: ignore[arg-type,return-value]

    registry = Registry()
    registry.load("broken-plugin", registering(add), "broken-pkg 0.1")
    with pytest.raises(PluginError) as raised:
        build(registry)
    assert str(raised.value).startswith(message)


def test_a_description_is_kept_as_one_line_without_control_characters() -> None:
    # QA: a line break in a plugin's description printed, in `claimaudit plugins` below the
    # table's width, lines of their own: "kind: judge", "name: local", "from: built-in", a
    # listing entry the plugin never was. Escape sequences reached --json and /v1/judges.
    forged = "Mine.\x1b[31m\n\nkind: judge\nname: local\nfrom: built-in\x07"

    def add(registry: Registry) -> None:
        registry.add_judge("mine", object, forged)  # type: ignore[arg-type]
        registry.add_source("mine", object, "two\r\nlines\u202e")  # type: ignore[arg-type]

    registry = Registry()
    registry.load("mine", registering(add), "my-package 1.0")
    assert registry.judges["mine"].description == ("Mine. kind: judge name: local from: built-in")
    assert registry.sources["mine"].description == "two lines"


class _Mine:
    name = "mine"


@pytest.mark.parametrize(
    ("add", "why"),
    [
        # QA: a judge object registered in place of its factory loaded, and --judge mine then
        # said "judge 'mine' could not be built: its factory raised TypeError".
        (
            lambda r: r.add_judge("mine", _Mine(), "an object, not a factory"),
            "judge 'mine' was registered with a _Mine object as its factory, which cannot be "
            "called; register a function that builds the judge",
        ),
        (
            lambda r: r.add_source("mine", None, "no factory"),
            "source 'mine' was registered with a NoneType object as its factory, which cannot "
            "be called; register a function that builds the source",
        ),
    ],
)
def test_a_factory_that_cannot_be_called_fails_the_plugins_load(
    add: Callable[[Registry], None], why: str
) -> None:
    registry = Registry()
    registry.load("mine", registering(add), "my-package 1.0")
    assert registry.broken == {"mine": why}
    assert "mine" not in registry.judges and "mine" not in registry.sources
    with pytest.raises(PluginError) as raised:
        add(Registry())  # a script's direct call: refused at once, at its line
    assert str(raised.value) == why


class _Dist:
    name = "evil\x1b[1A\x1b[2K\x1b]0;title\x07"
    version = "0.1\r\n"


class _EntryPoint:
    """An entry point of a package whose metadata name holds escape sequences."""

    name = "evil"
    value = "evil_plugin"
    dist = _Dist()

    def load(self) -> Callable[[Registry], None]:
        def register(registry: Registry) -> None:
            registry.add_judge("local", lambda settings: object(), "a replaced local")  # type: ignore[arg-type,return-value]

        return register


def test_a_packages_name_is_credited_and_warned_about_as_one_plain_line(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    # QA: the replacement warning printed the package's name as its metadata gave it: cursor
    # up and erase line ("\x1b[1A\x1b[2K") wiped the very line saying a built-in was replaced,
    # and `plugins --json` carried the escapes in "origin".
    monkeypatch.setattr(plugins, "_registry", None)
    monkeypatch.setattr(plugins, "DEFAULT_PLUGINS", ())
    monkeypatch.setattr(plugins, "entry_points", lambda group: [_EntryPoint()])
    registry = Registry()
    registry.load("local", registering(lambda r: r.add_judge("local", object, "x")))  # type: ignore[arg-type]
    monkeypatch.setattr(plugins, "Registry", lambda: registry)
    with caplog.at_level("WARNING", logger="claimaudit.plugins"):
        built = plugins.get_registry()
    assert built.judges["local"].origin == "evil 0.1"
    assert [r.getMessage() for r in caplog.records] == [
        "evil 0.1 replaces the judge 'local' from built-in"
    ]


def test_a_factory_calling_sys_exit_is_a_plugin_error() -> None:
    # QA: its SystemExit ended the command with the plugin's own code and words (and a server
    # request's thread), where a factory that raises is one line naming it (exit 2).
    def factory(settings: object) -> object:
        sys.exit("set MINE_KEY first")

    registry = Registry()
    registry.load("mine", registering(lambda r: r.add_judge("mine", factory, "x")), "pkg 1")  # type: ignore[arg-type]
    with pytest.raises(PluginError) as raised:
        registry.make_judge("mine")
    assert str(raised.value) == "judge 'mine' could not be built: its factory raised SystemExit"


def test_a_backend_built_beside_a_plugin_that_failed_to_load_says_so_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    # QA: a plugin meant to replace `local` that failed to import left the built-in `local`
    # judging, without a word: records name the judge "local" either way.
    def broken() -> object:
        raise ImportError("No module named 'torch'")

    registry = Registry()
    registry.load("good", registering(lambda r: r.add_judge("good", _Mine, "fine")))  # type: ignore[arg-type]
    registry.load("better-local", broken, "better-local 2.0")
    with caplog.at_level("WARNING", logger="claimaudit.plugins"):
        for _ in range(2):
            with pytest.raises(PluginError):  # _Mine keeps no contract: built, then refused
                registry.make_judge("good")
    assert [r.getMessage() for r in caplog.records] == [
        "plugin 'better-local' failed to load, so nothing of it is used (ImportError: No module "
        "named 'torch'); `claimaudit plugins` lists it"
    ]


def test_a_built_in_that_failed_to_load_is_not_warned_about_on_every_build(
    caplog: pytest.LogCaptureFixture,
) -> None:
    registry = Registry()
    registry.load("claimaudit.sources.valyu", lambda: 1 / 0)
    registry.load("good", registering(lambda r: r.add_judge("good", _Mine, "fine")))  # type: ignore[arg-type]
    with caplog.at_level("WARNING", logger="claimaudit.plugins"), pytest.raises(PluginError):
        registry.make_judge("good")
    assert not caplog.records


def test_a_failed_plugins_message_is_kept_without_escape_sequences() -> None:
    # Warned about through the log (stderr as it is), listed and served: one plain line.
    def broken() -> object:
        raise ImportError("needs \x1b[1A\x1b[2Ktorch\nsecond line")

    registry = Registry()
    registry.load("esc", broken, "esc 1.0")
    assert registry.broken == {"esc": "ImportError: needs torch second line"}


@pytest.mark.parametrize(
    "message",
    [
        "cannot import: token=sk-abcdef0123456789",
        "cannot import: api_key = 'sk-abcdef0123456789'",
        "cannot import: PASSWORD: sk-abcdef0123456789",
        "bad key sk-abcdef0123456789abcd",
    ],
)
def test_a_secret_a_failed_plugin_spells_out_is_masked_where_it_is_shown(
    message: str, caplog: pytest.LogCaptureFixture
) -> None:
    # QA: a plugin whose ImportError quoted its key as "token=..." showed it in `claimaudit
    # plugins` and in the stderr warning that it failed to load: no URL, header or known
    # variable held it, so nothing masked it.
    shown, warned = _shown_of_a_plugin_that_fails_with(message, caplog)
    assert "sk-abcdef0123456789" not in shown
    assert "***" in shown
    assert warned and all("sk-abcdef" not in line for line in warned)


@pytest.mark.parametrize(
    ("message", "secret"),
    [
        ("cannot import: key=Zx81kLq0pW2mN7rT4vB9", "Zx81kLq0pW2mN7rT4vB9"),
        ("cannot import: {'key': '3f2a9c0b1d4e5f60718293a4b5c6d7e8'}", "3f2a9c0b1d4e5f"),
    ],
)
def test_a_random_key_after_a_bare_key_is_masked_where_it_is_shown(
    message: str, secret: str, caplog: pytest.LogCaptureFixture
) -> None:
    # A bare "key" shows a value that reads as words ("key=title"), never one that reads as a
    # key: not in `claimaudit plugins`, not in the warning.
    shown, warned = _shown_of_a_plugin_that_fails_with(message, caplog)
    assert secret not in shown and "***" in shown
    assert warned and all(secret not in line for line in warned)


def _shown_of_a_plugin_that_fails_with(
    message: str, caplog: pytest.LogCaptureFixture
) -> tuple[str, list[str]]:
    """What the registry keeps to show (`claimaudit plugins`) of a plugin whose loading raised
    ``message`` beside a good one, and the warnings logged meanwhile."""

    def broken() -> object:
        raise ImportError(message)

    registry = Registry()
    registry.load("leaky", broken, "leaky 1.0")
    registry.load("good", registering(lambda r: r.add_judge("good", _Mine, "fine")))  # type: ignore[arg-type]
    with caplog.at_level("WARNING", logger="claimaudit.plugins"), pytest.raises(PluginError):
        registry.make_judge("good")
    return registry.broken["leaky"], [record.getMessage() for record in caplog.records]


def _wait_for(done: threading.Event) -> None:
    assert done.wait(120.0), "the plugin's thread never went on"


def test_a_plugin_given_up_on_that_prints_later_prints_to_stderr(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # QA: its late print() reached the real stdout, in the middle of `check --format json`.
    monkeypatch.setenv("CLAIMAUDIT_PLUGIN_TIMEOUT", "0.1")
    let_go, printed = threading.Event(), threading.Event()

    def register(registry: Registry) -> None:
        let_go.wait(120.0)
        print("late from register")
        printed.set()

    registry = Registry()
    registry.load("sleepy", registering(register), "sleepy 1.0")
    assert "sleepy" in registry.broken
    let_go.set()
    _wait_for(printed)
    print("the command's own output")
    out, err = capsys.readouterr()
    assert out == "the command's own output\n"
    assert "late from register" in err


def test_a_factory_given_up_on_that_prints_later_prints_to_stderr(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("CLAIMAUDIT_PLUGIN_TIMEOUT", "0.1")
    let_go, printed = threading.Event(), threading.Event()

    def factory(settings: object) -> object:
        let_go.wait(120.0)
        print("late from the factory")
        printed.set()
        return _Mine()

    registry = Registry()
    registry.load("mine", registering(lambda r: r.add_judge("mine", factory, "x")), "pkg 1")  # type: ignore[arg-type]
    with pytest.raises(PluginTimeoutError):
        registry.make_judge("mine")
    let_go.set()
    _wait_for(printed)
    out, err = capsys.readouterr()
    assert out == ""
    assert "late from the factory" in err
