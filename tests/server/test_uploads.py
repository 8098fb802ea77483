"""An upload's file name made safe, its format known by its suffix; messages name the upload."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimaudit.errors import UnsupportedFileError
from claimaudit.server.uploads import upload_message, upload_name


@pytest.mark.parametrize(
    ("given", "stored"),
    [
        ("1706.03762v5.pdf", "1706.03762v5.pdf"),
        ("../../etc/paper.md", "paper.md"),
        ("C:\\Users\\me\\notes.TXT", "notes.TXT"),
        ("my paper (final).tex", "my_paper_final_.tex"),
        (".hidden.md", "hidden.md"),
        ("arXiv:1706.03762v5.pdf", "arXiv:1706.03762v5.pdf"),
    ],
)
def test_upload_names(given: str, stored: str) -> None:
    assert upload_name(given) == stored


def test_a_long_non_ascii_name_is_cut_to_bytes_a_file_system_takes(tmp_path: Path) -> None:
    # 190 "é" are 380 bytes: cut to 200 characters, the name was over 255 bytes (HTTP 500).
    stored = upload_name("\u00e9" * 190 + ".md")
    assert stored.endswith("\u00e9.md") and len(stored.encode("utf-8")) <= 200
    (tmp_path / stored).write_bytes(b"# Notes\n")
    assert upload_name("\u00e9" * 199 + ".md") == "\u00e9" * 98 + ".md"  # no half character


@pytest.mark.parametrize("given", ["", "paper", "paper.docx", "../", "archive.tar.gz"])
def test_upload_names_without_a_known_format(given: str) -> None:
    with pytest.raises(UnsupportedFileError):
        upload_name(given)


def test_a_message_names_the_upload_never_the_temporary_path(tmp_path: Path) -> None:
    path = tmp_path / "claimaudit-upload-x" / "paper.md"
    message = f"cannot read {path}: in {path.parent}"
    assert upload_message(message, path, "paper.md") == "cannot read paper.md: in (upload)"


def test_a_message_naming_the_temporary_file_by_its_real_path_names_the_upload(
    tmp_path: Path,
) -> None:
    # A temporary folder reached through a link (macOS's /tmp is /private/tmp): a reader that
    # resolved the path named the real one, and the server's folders were shown.
    (tmp_path / "real").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "real")
    path = tmp_path / "link" / "n.md"
    real = tmp_path / "real"
    message = f"{real / 'n.md'}: unreadable; {real}: full"
    assert upload_message(message, path, "notes.md") == "notes.md: unreadable; (upload): full"
