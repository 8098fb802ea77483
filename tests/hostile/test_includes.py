"""A document pulls in nothing from outside its own folder; an upload pulls in nothing at all."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from claimaudit.errors import InputError
from claimaudit.identity import parse_ref
from claimaudit.library.extract import extract
from claimaudit.library.ingest import add_path
from claimaudit.library.store import Library
from claimaudit.server.app import create_app
from claimaudit.server.config import ServerConfig
from tests.hostile.helpers import (
    assert_nothing_leaked,
    assert_one_line_usage_error,
    cli,
    library_state,
)

# The app answers only Host headers naming loopback (DNS-rebinding defence).
LOOPBACK = "http://127.0.0.1"

PREAMBLE = "\\documentclass{article}\n\\begin{document}\n\\section{Intro}\n"
BODY = "Sparse matrices save memory in scientific computing.\n\n"


def _tex(folder: Path, body: str, name: str = "paper.tex") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(f"{PREAMBLE}{BODY}{body}\n\\end{{document}}\n", encoding="utf-8")
    return path


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A private file beside the paper's folder, which no include may read."""
    secret = tmp_path / "private.tex"
    secret.write_text("root:x:0:0:root:/root:/bin/bash private words\n", encoding="utf-8")
    return secret


@pytest.mark.parametrize(
    "include",
    [
        "\\input{/etc/passwd}",
        "\\input{../../../../../../../../etc/passwd}",
        "\\include{../private}",
        "\\input{ ../private.tex }",
        "\\subfile{../private}",
        "\\import{../}{private}",
        "\\subimport{/etc/}{passwd}",
    ],
)
def test_an_include_outside_the_folder_is_refused_in_one_line(
    tmp_path: Path, db: Path, outside: Path, include: str
) -> None:
    paper = _tex(tmp_path / "paper", include)
    before = library_state(db)
    result = cli("library", "add", paper, "--ref", "local:p", "--library", db)
    line = assert_one_line_usage_error(result, include.strip(), "refused")
    assert_nothing_leaked(result.stdout + result.stderr, [outside])
    assert "outside the paper's folder" in line
    assert library_state(db) == before


def test_a_symlink_out_of_the_folder_is_refused_before_it_is_read(
    tmp_path: Path, db: Path, outside: Path
) -> None:
    folder = tmp_path / "paper"
    paper = _tex(folder, "\\input{chapter}")
    (folder / "chapter.tex").symlink_to(outside)
    before = library_state(db)
    line = assert_one_line_usage_error(
        cli("library", "add", paper, "--ref", "local:p", "--library", db), "\\input{chapter}"
    )
    assert "refused" in line and str(outside) not in line
    assert library_state(db) == before


@pytest.mark.parametrize(
    "include", ["\\input{" + "a" * 400 + "}", "\\input{a\x00b}", "\\input{loop}"]
)
def test_an_include_no_file_can_have_is_a_missing_file(tmp_path: Path, include: str) -> None:
    folder = tmp_path / "paper"
    # After 8 KiB of text, so that the binary-file check (a NUL early on) does not catch it.
    paper = _tex(folder, "Filler words here. " * 500 + include)
    (folder / "loop.tex").symlink_to(folder / "loop.tex")
    result = cli("library", "add", paper, "--ref", "local:p", "--library", tmp_path / "l.db")
    assert_one_line_usage_error(result, "refers to a missing file")


def test_includes_inside_the_folder_still_work(tmp_path: Path) -> None:
    folder = tmp_path / "paper"
    paper = _tex(folder, "\\input{parts/method}")
    (folder / "parts").mkdir()
    (folder / "parts" / "method.tex").write_text("The method uses sparse solvers.\n")
    # A symlink that stays inside the folder is fine too.
    (folder / "alias.tex").symlink_to(folder / "parts" / "method.tex")
    texts = " ".join(b.text for b in extract(paper).blocks)
    assert "sparse solvers" in texts
    aliased = _tex(folder, "\\input{alias}", name="other.tex")
    assert "sparse solvers" in " ".join(b.text for b in extract(aliased).blocks)


def test_a_folder_paper_may_include_within_the_folder_given(tmp_path: Path) -> None:
    # The main file one level down includes a file beside it: inside the folder given.
    folder = tmp_path / "source"
    main = _tex(folder / "latex", "\\input{body}")
    (folder / "latex" / "body.tex").write_text("Body text about sparse solvers.\n")
    assert main.exists()
    texts = " ".join(b.text for b in extract(folder).blocks)
    assert "Body text about sparse solvers" in texts


def test_images_and_bibliographies_outside_the_folder_are_never_read(
    tmp_path: Path, outside: Path
) -> None:
    # A bibliography is read for the names a textual citation prints (latex/15), and only
    # inside the paper's folder: not by an absolute or "../" name, nor through a link.
    secret_bib = outside.with_suffix(".bib")
    secret_bib.write_text("@article{k, author = {Leakedname, A.}, title = {T}}\n", "utf-8")
    body = (
        f"As \\citet{{k}} show.\n\\bibliography{{{outside.with_suffix('')},../private,linked}}\n"
        f"\\includegraphics{{{outside}}}\n\\bibliographystyle{{../private}}\n"
    )
    paper = _tex(tmp_path / "paper", body)
    (tmp_path / "paper" / "linked.bib").symlink_to(secret_bib)
    (tmp_path / "paper" / "paper.bbl").symlink_to(secret_bib)
    texts = " ".join(" ".join(b.text for b in extract(paper).blocks).split())
    assert "Sparse matrices" in texts and "As show." in texts
    assert "private words" not in texts and "Leakedname" not in texts


def test_manubot_files_linked_from_outside_are_refused(tmp_path: Path, outside: Path) -> None:
    content = tmp_path / "manuscript" / "content"
    content.mkdir(parents=True)
    (content / "01.intro.md").write_text("# Intro\n\nSparse matrices save memory.\n")
    (content / "02.methods.md").symlink_to(outside)
    with pytest.raises(InputError, match=r"02\.methods\.md refused") as caught:
        extract(tmp_path / "manuscript")
    assert str(outside) not in str(caught.value)
    (content / "02.methods.md").unlink()
    (content / "metadata.yaml").symlink_to(outside)
    with pytest.raises(InputError, match=r"metadata\.yaml refused"):
        extract(tmp_path / "manuscript")


def test_a_main_file_linked_from_outside_is_not_read(tmp_path: Path, outside: Path) -> None:
    folder = tmp_path / "source"
    folder.mkdir()
    (folder / "main.tex").symlink_to(outside)
    with pytest.raises(InputError, match=r"main\.tex refused"):
        extract(folder)


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    library = tmp_path / "server" / "lib.sqlite3"
    library.parent.mkdir()
    return TestClient(
        create_app(ServerConfig(library=library)), base_url=LOOPBACK, raise_server_exceptions=False
    )


def _upload(client: TestClient, name: str, body: bytes, ref: str = "local:up") -> dict[str, str]:
    response = client.post("/v1/library", files={"file": (name, body)}, data={"ref": ref})
    assert response.status_code == 422, response.text
    error: dict[str, str] = response.json()["error"]
    return error


@pytest.mark.parametrize(
    "include",
    [
        "\\input{../../../../../../../etc/passwd}",
        "\\input{/etc/passwd}",
        "\\include{missing}",
        "\\input{paper}",
    ],
)
def test_an_upload_pulls_in_nothing_and_names_no_server_path(
    client: TestClient, tmp_path: Path, include: str
) -> None:
    body = f"{PREAMBLE}{BODY}{include}\n\\end{{document}}\n".encode()
    error = _upload(client, "paper.tex", body)
    assert error["code"] == "unreadable_paper"
    assert error["message"].startswith(f"paper.tex: {include} refused")
    assert_nothing_leaked(str(error), ["/tmp", str(tmp_path), os.sep + "claimaudit-upload"])
    # Nothing of the file was stored, so nothing of it can be read back.
    assert client.get("/v1/library").json() == {"papers": [], "total": 0}
    assert client.get("/v1/library/local%3Aup").status_code == 404


@pytest.mark.parametrize(
    ("name", "body", "fragment"),
    [
        ("notes.txt", b"words\x00more words", "binary file"),
        ("notes.md", b"\x00\x01\x02", "binary file"),
        ("paper.pdf", b"%PDF-1.4\n\x00\x00 1 0 obj <<", "not a readable PDF"),
        ("notes.txt", "caf\xe9".encode("latin-1"), "not UTF-8"),
        ("notes.txt", b"   \n\n  ", "holds no text"),
    ],
)
def test_a_422_never_names_the_temporary_folder(
    client: TestClient, name: str, body: bytes, fragment: str
) -> None:
    error = _upload(client, name, body)
    assert fragment in error["message"] and error["message"].startswith(name)
    assert "/tmp" not in error["message"] and "claimaudit-upload" not in error["message"]


def test_the_mcp_service_confines_includes_like_the_command_line(
    tmp_path: Path, outside: Path
) -> None:
    # The MCP tool adds a path on this machine, as `library add` does: same rule.
    paper = _tex(tmp_path / "paper", "\\input{../private}")
    with Library.open(tmp_path / "lib.sqlite3") as library:
        with pytest.raises(InputError, match=r"\\input\{../private\} refused"):
            add_path(library, paper, ref=parse_ref("local:p"))
        assert library.list_papers() == []
