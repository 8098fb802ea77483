"""A Markdown paper's YAML metadata: the title and authors its front matter (or a Manubot
``metadata.yaml``) gives, read as YAML reads them: ``title: 'It''s a Title'`` is "It's a
Title", and a folded (``>-``) or literal title over several lines is one line of its words."""

from __future__ import annotations

import functools
import re
from typing import Any

from claimaudit.library.markdown.clean import FRONT_MATTER
from claimaudit.library.markdown.inline import inline_text, paragraph_text
from claimaudit.library.yaml_block import UnreadableYaml, load_yaml

_MAX_AUTHORS = 2000  # characters of one ``author:`` value
# The title where the block is no valid YAML: its first ``title:`` line as written.
_TITLE_LINE = re.compile(r"^title:\s*(.+?)\s*$", re.MULTILINE)


def front_matter(text: str) -> str | None:
    """The YAML front matter that opens ``text``, without its ``---`` lines."""
    front = FRONT_MATTER.match(text)
    return front.group(0).strip().strip("-.").strip() if front else None


@functools.lru_cache(maxsize=4)
def _load(block: str) -> dict[str, Any] | None:
    # The title and the authors are read from the same block: it is parsed once.
    try:
        data = load_yaml(block)
    except UnreadableYaml:
        return None
    return data if isinstance(data, dict) else None


def yaml_title(block: str) -> str | None:
    """The ``title:`` of a YAML block; where the block is no valid YAML, its ``title:`` line
    without quotes."""
    data = _load(block)
    if data is None:
        match = _TITLE_LINE.search(block)
        return _unquote(match.group(1)) or None if match else None
    value = data.get("title")
    if isinstance(value, (str, int, float)) and not isinstance(value, bool):
        # Pandoc reads a title as Markdown: "A *test* paper" prints "A test paper".
        return " ".join(paragraph_text([inline_text(str(value))]).split()) or None
    return None


def yaml_authors(block: str) -> str | None:
    """The authors a YAML block names (``author:`` or ``authors:``, a name, a list of names,
    or Manubot's list of records with a ``name``). Affiliations, e-mail addresses and the rest
    are left out."""
    data = _load(block)
    if data is None:
        return None
    value = data.get("author", data.get("authors"))
    items = value if isinstance(value, list) else [value]
    names: list[str] = []
    for item in items:
        name = item.get("name") if isinstance(item, dict) else item
        if isinstance(name, str):
            name = " ".join(inline_text(name).split()).strip(" ,;*")
            if name and "@" not in name and len(name) <= _MAX_AUTHORS:
                names.append(name)
    return ", ".join(dict.fromkeys(names)) or None


def _unquote(value: str) -> str:
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        value = value[1:-1]
    return value.strip()
