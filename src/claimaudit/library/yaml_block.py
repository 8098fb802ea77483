"""A YAML block (a paper's or a draft's front matter) read with YAML's safe loader, bounded.

The safe loader builds an alias once and shares it (an alias bomb stays small), but it reads
nesting by recursion: ``[[[[...`` a few thousand deep raised RecursionError, not a YAML error,
and stopped an ingest or a review with a traceback. It reads a few hundred kilobytes a second,
so a block over ``MAX_YAML_CHARS`` is refused before it is read.
"""

from __future__ import annotations

import yaml

MAX_YAML_CHARS = 500_000


class UnreadableYaml(ValueError):
    """A block that is not valid YAML, too deeply nested or too long; the message says why."""


def load_yaml(block: str, *, max_chars: int = MAX_YAML_CHARS, as_text: bool = False) -> object:
    """``block`` as data; UnreadableYaml (a short reason) where it cannot be read. With
    ``as_text`` every scalar is the string written (YAML's base loader): "1907.10120" stays
    that, not the number 1907.1012."""
    if len(block) > max_chars:
        raise UnreadableYaml(f"over {max_chars:,} characters")
    try:
        if as_text:
            # The base loader builds only strings, lists and dicts: no object of any class.
            return yaml.load(block, Loader=yaml.BaseLoader)
        return yaml.safe_load(block)
    except yaml.YAMLError as error:
        problem = getattr(error, "problem", None) or "invalid syntax"
        raise UnreadableYaml(" ".join(str(problem).split())) from None
    except RecursionError:
        raise UnreadableYaml("nested too deeply") from None
