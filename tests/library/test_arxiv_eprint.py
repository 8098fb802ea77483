"""arXiv papers read from their LaTeX source (``/e-print/``), safely, with the PDF as fallback."""

from __future__ import annotations

import gzip
import io
import tarfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from claimaudit.errors import EprintError
from claimaudit.identity import parse_ref
from claimaudit.library.arxiv import add_from_arxiv
from claimaudit.library.arxiv_eprint import MAX_UNPACKED_BYTES, unpack_eprint
from claimaudit.library.extract import EXTRACTOR_VERSIONS, extract, extractor_version
from claimaudit.library.passages import make_passages
from claimaudit.library.store import Library
from claimaudit.sources.arxiv import ArxivClient
from tests.library.helpers import CONV_TEX, SKIMAGE_TEX, make_pdf
from tests.sources.arxivserver import ArxivServer

SKIMAGE = "1407.6245"
CONV = "1603.07285"


def _tar_gz(
    files: dict[str, bytes],
    links: dict[str, str] | None = None,
    tar_format: int = tarfile.USTAR_FORMAT,
) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz", format=tar_format) as archive:
        for name, data in files.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
        for name, target in (links or {}).items():
            info = tarfile.TarInfo(name)
            info.type = tarfile.SYMTYPE
            info.linkname = target
            archive.addfile(info)
    return buffer.getvalue()


def _folder_tar(folder: Path) -> bytes:
    files = folder.rglob("*")
    return _tar_gz({p.relative_to(folder).as_posix(): p.read_bytes() for p in files if p.is_file()})


@pytest.fixture
def arxiv(tmp_path: Path) -> Iterator[ArxivServer]:
    pdf = make_pdf(tmp_path / "paper.pdf").read_bytes()
    with ArxivServer() as server:
        server.add(SKIMAGE, "scikit-image: image processing in Python", {2: pdf})
        server.add(CONV, "A guide to convolution arithmetic for deep learning", {2: pdf})
        yield server


@pytest.fixture
def client(arxiv: ArxivServer) -> Iterator[ArxivClient]:
    with ArxivClient(arxiv.url, min_interval=0) as made:
        yield made


def test_a_tar_of_several_files_is_read_like_the_local_folder(
    arxiv: ArxivServer, client: ArxivClient, tmp_path: Path
) -> None:
    arxiv.add_source(SKIMAGE, 2, _folder_tar(SKIMAGE_TEX.parent))
    with Library.open(tmp_path / "lib.sqlite3") as library:
        added = add_from_arxiv(library, parse_ref(SKIMAGE), client)
        paper = library.require_paper(added.ref)
        stored = [p.text for p in library.passages(paper.ref)]
    assert [s.path for s in arxiv.seen] == ["/api/query", f"/e-print/{SKIMAGE}v2"]
    assert paper.source_path == f"{arxiv.url}/e-print/{SKIMAGE}v2"
    assert (paper.source_format, paper.extractor) == ("latex", extractor_version("latex"))
    local = [p.text for p in make_passages(extract(SKIMAGE_TEX.parent).blocks)]
    assert stored == local and len(stored) > 20


def test_a_single_gzipped_tex_is_read_too(
    arxiv: ArxivServer, client: ArxivClient, tmp_path: Path
) -> None:
    arxiv.add_source(CONV, 2, gzip.compress(CONV_TEX.read_bytes()), "application/x-eprint")
    with Library.open(tmp_path / "lib.sqlite3") as library:
        added = add_from_arxiv(library, parse_ref(CONV), client)
        paper = library.require_paper(added.ref)
        text = " ".join(p.text for p in library.passages(paper.ref))
    assert paper.source_format == "latex" and "/pdf/" not in str(arxiv.seen)
    assert "A discrete convolution is a linear transformation" in text


@pytest.mark.parametrize(
    "package",
    [
        pytest.param(b"%PDF-1.5 only a PDF was submitted", id="a PDF"),
        pytest.param(gzip.compress(b"\x00\x01binary"), id="binary"),
        pytest.param(_tar_gz({"figure.png": b"\x89PNG"}), id="no LaTeX"),
        pytest.param(_tar_gz({"refs.bbl": b"\\bibitem{a} A."}), id="a bibliography only"),
        pytest.param(
            _tar_gz({"a.tex": b"\\documentclass{article}", "b.tex": b"\\documentclass{x}"}),
            id="two main files",
        ),
        pytest.param(
            _tar_gz({"main.tex": b"\\documentclass{article}\\input{../../secret}"}),
            id="include outside",
        ),
    ],
)
def test_no_usable_source_falls_back_to_the_pdf(
    arxiv: ArxivServer, client: ArxivClient, tmp_path: Path, package: bytes
) -> None:
    arxiv.add_source(CONV, 2, package)
    with Library.open(tmp_path / "lib.sqlite3") as library:
        added = add_from_arxiv(library, parse_ref(CONV), client)
        paper = library.require_paper(added.ref)
    assert [s.path for s in arxiv.seen][-2:] == [f"/e-print/{CONV}v2", f"/pdf/{CONV}v2"]
    assert paper.source_format == "pdf" and paper.source_path == f"{arxiv.url}/pdf/{CONV}v2"


@pytest.mark.parametrize("status", [403, 429])
def test_a_refused_source_falls_back_to_the_pdf_and_blocks_no_metadata(
    arxiv: ArxivServer, client: ArxivClient, tmp_path: Path, status: int
) -> None:
    # A refused e-print was remembered for every endpoint: the PDF fallback, and the next
    # paper's metadata, were "not retried" for a minute, and nothing was added.
    arxiv.refuse("/e-print/", status, retry_after="0")
    with Library.open(tmp_path / "lib.sqlite3") as library:
        added = add_from_arxiv(library, parse_ref(CONV), client)
        assert library.require_paper(added.ref).source_format == "pdf"
        again = add_from_arxiv(library, parse_ref(SKIMAGE), client)
        assert library.require_paper(again.ref).source_format == "pdf"
    # The second paper's source is not asked for within the minute; its metadata and PDF are.
    assert [s.path for s in arxiv.seen][-2:] == ["/api/query", f"/pdf/{SKIMAGE}v2"]


def test_unpacking_writes_nothing_outside_its_folder(tmp_path: Path) -> None:
    folder = tmp_path / "inside" / "source"
    folder.mkdir(parents=True)
    package = _tar_gz(
        {
            "main.tex": b"\\documentclass{article}\\begin{document}Hi.\\end{document}",
            "sections/intro.tex": b"Intro.",
            "../escape.tex": b"x",
            "/tmp/absolute.tex": b"x",
            "sub/../../also-escape.tex": b"x",
            "notes.txt": b"not LaTeX",
        },
        links={"link.tex": "/etc/passwd", "up.tex": "../escape.tex"},
    )
    assert unpack_eprint(package, folder) == folder
    written = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file())
    assert written == ["inside/source/main.tex", "inside/source/sections/intro.tex"]


PAPER_TEX = (
    b"\\documentclass{article}\\begin{document}\\section{Intro}\n"
    b"Sparse matrices are stored in compressed formats for fast multiplication.\n"
    b"\\end{document}\n"
)
# Member names this system cannot write, each beside a main file that can be: a file where
# another member made a folder (and the reverse), and a name over 255 bytes (GNU tar keeps such
# names whole). The second of two clashing members is skipped.
UNWRITABLE_NAMES = [
    pytest.param(
        [("sub.tex/x.tex", b"x"), ("sub.tex", b"y"), ("main.tex", PAPER_TEX)],
        ["main.tex", "sub.tex/x.tex"],
        id="file over a folder",
    ),
    pytest.param(
        [("main.tex", PAPER_TEX), ("main.tex/b.tex", b"x"), ("main.tex/c/d.tex", b"x")],
        ["main.tex"],
        id="folder over a file",
    ),
    pytest.param(
        [("x" * 300 + ".tex", b"x"), ("main.tex", PAPER_TEX)], ["main.tex"], id="name too long"
    ),
]


@pytest.mark.parametrize(("members", "written"), UNWRITABLE_NAMES)
def test_members_the_file_system_refuses_are_skipped(
    tmp_path: Path, members: list[tuple[str, bytes]], written: list[str]
) -> None:
    package = _tar_gz(dict(members), tar_format=tarfile.GNU_FORMAT)
    assert unpack_eprint(package, tmp_path) == tmp_path
    files = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file())
    assert files == written and (tmp_path / "main.tex").read_bytes() == PAPER_TEX


@pytest.mark.parametrize(("members", "written"), UNWRITABLE_NAMES)
def test_a_package_with_unwritable_names_is_read_from_the_rest(
    arxiv: ArxivServer,
    client: ArxivClient,
    tmp_path: Path,
    members: list[tuple[str, bytes]],
    written: list[str],
) -> None:
    arxiv.add_source(CONV, 2, _tar_gz(dict(members), tar_format=tarfile.GNU_FORMAT))
    with Library.open(tmp_path / "lib.sqlite3") as library:
        added = add_from_arxiv(library, parse_ref(CONV), client)
        paper = library.require_paper(added.ref)
        text = " ".join(p.text for p in library.passages(paper.ref))
    assert paper.source_format == "latex" and "/pdf/" not in str(arxiv.seen)
    assert text == "Sparse matrices are stored in compressed formats for fast multiplication."


def test_a_package_of_unwritable_names_only_falls_back_to_the_pdf(
    arxiv: ArxivServer, client: ArxivClient, tmp_path: Path
) -> None:
    # The main file is the one that cannot be written: no paper is left in the source.
    members = {"main.tex/x.tex": b"x", "main.tex": PAPER_TEX, "x" * 300 + ".tex": PAPER_TEX}
    arxiv.add_source(CONV, 2, _tar_gz(members, tar_format=tarfile.GNU_FORMAT))
    with Library.open(tmp_path / "lib.sqlite3") as library:
        added = add_from_arxiv(library, parse_ref(CONV), client)
        paper = library.require_paper(added.ref)
    assert [s.path for s in arxiv.seen][-2:] == [f"/e-print/{CONV}v2", f"/pdf/{CONV}v2"]
    assert paper.source_format == "pdf"


def test_a_compression_bomb_is_refused_not_unpacked(tmp_path: Path) -> None:
    bomb = gzip.compress(b"\0" * (MAX_UNPACKED_BYTES + 1))
    assert len(bomb) < MAX_UNPACKED_BYTES // 100
    with pytest.raises(EprintError, match="unpacks to over"):
        unpack_eprint(bomb, tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_a_bomb_from_arxiv_falls_back_to_the_pdf(
    arxiv: ArxivServer, client: ArxivClient, tmp_path: Path
) -> None:
    arxiv.add_source(CONV, 2, gzip.compress(b"%" * (MAX_UNPACKED_BYTES + 1)))
    with Library.open(tmp_path / "lib.sqlite3") as library:
        added = add_from_arxiv(library, parse_ref(CONV), client)
        assert library.require_paper(added.ref).source_format == "pdf"


def test_a_copy_read_by_an_older_extractor_is_fetched_and_read_again(
    arxiv: ArxivServer, client: ArxivClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    arxiv.add_source(CONV, 2, gzip.compress(CONV_TEX.read_bytes()))
    with Library.open(tmp_path / "lib.sqlite3") as library:
        add_from_arxiv(library, parse_ref(CONV), client)
        again = add_from_arxiv(library, parse_ref(CONV), client)
        assert again.outcome == "unchanged" and len(arxiv.seen) == 3  # metadata only
        monkeypatch.setitem(EXTRACTOR_VERSIONS, "latex", "99")
        newer = add_from_arxiv(library, parse_ref(CONV), client)
        assert newer.outcome == "replaced"
        assert library.require_paper(newer.ref).extractor == "latex/99"


def test_an_eprints_compiled_bibliography_names_its_textual_citations(
    arxiv: ArxivServer, client: ArxivClient, tmp_path: Path
) -> None:
    # arXiv sources carry the compiled .bbl rather than the .bib: natbib's short names.
    main = (
        b"\\documentclass{article}\\usepackage{natbib}\\begin{document}\\section{Dilation}\n"
        b"For a concrete example, see \\citet{oord2016wavenet}, in which WaveNet dilates.\n"
        b"\\bibliography{refs}\\end{document}\n"
    )
    bbl = b"\\bibitem[{Oord et~al.(2016)Oord, Dieleman, and Zen}]{oord2016wavenet}\nWaveNet.\n"
    arxiv.add_source(CONV, 2, _tar_gz({"ms.tex": main, "ms.bbl": bbl}))
    with Library.open(tmp_path / "lib.sqlite3") as library:
        added = add_from_arxiv(library, parse_ref(CONV), client)
        text = " ".join(p.text for p in library.passages(added.ref))
    assert text == "For a concrete example, see Oord et al., in which WaveNet dilates."
