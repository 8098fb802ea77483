"""What is wrong with a bibliography file named to be read, in one set of words for every
surface: ``review --bib``, ``refs --bib`` and ``library import-bib`` on the command line, and
the MCP review tools' ``bibliographyPath``. MCP said "cannot read bibliography refs.bib: No
such file or directory" where the command line says "--bib refs.bib: no such file"."""

from __future__ import annotations

import os
from pathlib import Path

from claimaudit.guards.filenames import shown_name
from claimaudit.guards.stdio_names import names_standard_input
from claimaudit.guards.userfiles import is_symlink_loop, missing_reason

# As ``claimaudit.bibfile.BIBLIOGRAPHY_FILES`` says it (not imported: the readers load slowly).
BIBLIOGRAPHY_FILES = "a .bib, .json or .yaml file"


def bibliography_path_problem(
    path: Path, given: str, written: str | os.PathLike[str] | None = None
) -> str | None:
    """One line naming ``given`` (``--bib``, ``bibliographyPath``) when ``path`` is standard
    input, a folder, a FIFO or a device, or names no file; None otherwise. Any other trouble (a
    name too long, a file not readable) is left to the reader, which says why. The path is
    shown as ``written`` when given: an MCP client's ``~/refs.bib`` is not told the server's
    home folder."""
    name = shown_name(path if written is None else written)
    # The reader's words ("bibliography ff is not a regular file") named no option.
    if names_standard_input(path) and not os.path.isdir(path):
        return f"{given} {name} (standard input) is not read; give {BIBLIOGRAPHY_FILES}"
    if os.path.isdir(path):
        return f"{given} {name} is a folder; give {BIBLIOGRAPHY_FILES}"
    if os.path.exists(path) and not os.path.isfile(path):  # never opened: a FIFO blocks
        return f"{given} {name} is not a regular file; give {BIBLIOGRAPHY_FILES}"
    try:
        os.stat(path)
    except FileNotFoundError:
        return f"{given} {name}: {missing_reason(path)}"
    except OSError:
        if is_symlink_loop(path):
            return f"{given} {name}: {missing_reason(path)}"
    except ValueError:  # U+0000 in the name: the reader says so without echoing it
        pass
    return None
