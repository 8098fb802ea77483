"""A YAML block (a paper's or a draft's front matter) read with YAML's safe loader, bounded.

The safe loader builds an alias once and shares it (an alias bomb stays small), but it reads
nesting by recursion: ``[[[[...`` a few thousand deep raised RecursionError, not a YAML error,
and stopped an ingest or a review with a traceback. Catching that made the refusal hang on the
process's recursion limit (mypy, run in the same process, raises it to 16,384, and then such a
block was read), so flow nesting deeper than ``MAX_YAML_DEPTH`` is refused before it is
read. It reads a few hundred kilobytes a second, so a block over ``MAX_YAML_CHARS`` is refused
before it is read too.

A value the safe loader would make a date or a whole number but cannot (``date: 2024-13-45``,
a number past Python's 4,300 digits) stays the text written, as Pandoc keeps it: it raised a
plain ValueError (a 500, a traceback), and no reader here needs a front matter's date, so a typo
there must not refuse a paper or a draft.
"""

from __future__ import annotations

from typing import Any

import yaml
from yaml.constructor import SafeConstructor

MAX_YAML_CHARS = 500_000
# Brackets and braces open at once; no front matter a person writes comes near.
MAX_YAML_DEPTH = 100


class _Loader(yaml.SafeLoader):  # type: ignore[misc]  # PyYAML ships no type hints
    """The safe loader, keeping as written a date or whole number it cannot build."""


def _or_as_written(build: Any) -> Any:
    def construct(loader: _Loader, node: yaml.ScalarNode) -> object:
        try:
            return build(loader, node)
        except ValueError:
            return loader.construct_scalar(node)

    return construct


_Loader.add_constructor(
    "tag:yaml.org,2002:timestamp", _or_as_written(SafeConstructor.construct_yaml_timestamp)
)
_Loader.add_constructor("tag:yaml.org,2002:int", _or_as_written(SafeConstructor.construct_yaml_int))


class UnreadableYaml(ValueError):
    """A block that is not valid YAML, too deeply nested or too long; the message says why."""


def _flow_depth(block: str) -> int:
    """The most brackets and braces open at once in ``block``, counted as written (one in a
    quoted value counts too: it can only overstate), from each line at the margin afresh, as
    a flow collection cannot reach past a key there."""
    deepest = depth = 0
    for line in block.splitlines():
        if line[:1] not in ("", " ", "\t", "]", "}", ","):
            depth = 0
        for char in line:
            if char in "[{":
                depth += 1
                deepest = max(deepest, depth)
            elif char in "]}" and depth:
                depth -= 1
    return deepest


def load_yaml(block: str, *, max_chars: int = MAX_YAML_CHARS, as_text: bool = False) -> object:
    """``block`` as data; UnreadableYaml (a short reason) where it cannot be read. With
    ``as_text`` every scalar is the string written (YAML's base loader): "1907.10120" stays
    that, not the number 1907.1012."""
    if len(block) > max_chars:
        raise UnreadableYaml(f"over {max_chars:,} characters")
    if _flow_depth(block) > MAX_YAML_DEPTH:
        raise UnreadableYaml("nested too deeply")
    try:
        if as_text:
            # The base loader builds only strings, lists and dicts: no object of any class.
            return yaml.load(block, Loader=yaml.BaseLoader)
        return yaml.load(block, Loader=_Loader)
    except yaml.YAMLError as error:
        problem = getattr(error, "problem", None) or "invalid syntax"
        context = getattr(error, "context", None)
        if isinstance(context, str) and context.startswith("expected "):
            # The sentence's first clause ("expected a single document in the stream, but
            # found another document"): the problem alone says nothing of what was expected.
            problem = f"{context}, {problem}"
        raise UnreadableYaml(" ".join(str(problem).split())) from None
    except RecursionError:
        raise UnreadableYaml("nested too deeply") from None
    except ValueError as error:
        # Any other value the loader cannot build: refused in one line, never a traceback.
        raise UnreadableYaml(f"a value that cannot be read ({error})") from None
