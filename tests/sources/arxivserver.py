"""A local arXiv peer: the API's Atom metadata (``/api/query?id_list=``), PDFs (``/pdf/IDvN``)
and source packages (``/e-print/IDvN``).

    with ArxivServer() as srv:
        srv.add("1706.03762", "Attention Is All\\n  You Need", {1: pdf_v1, 7: pdf_v7})
        srv.add_source("1706.03762", 7, gzipped_tar_bytes)  # else /e-print/ answers 404
        srv.add("1234.56789", "Withdrawn", {1: b"", 2: b""}, authors=("Ann Other",),
                published="2012-04-01T00:00:00Z", comments={2: "This paper has been withdrawn"},
                earlier={1: ("Its first title", ("Ann Other", "Bo Second"))})
        srv.fail_next(503, retry_after="0")   # then normal service
        srv.refuse("/pdf/", 403)              # every PDF refused, the rest served
        ...
        assert srv.seen[0].path == "/api/query"

Like arXiv: an unversioned id_list gives the newest version; a malformed id gives an error entry
(``<id>http://arxiv.org/api/errors#...``); an unknown id an empty feed. Stdlib only, 127.0.0.1.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import parse_qs, urlsplit
from xml.sax.saxutils import escape

from tests.httpfake import FakeHandler, FakeServer

_ID = re.compile(r"^(?P<work>\d{4}\.\d{4,5}|[a-z\-]+(?:\.[A-Z]{2})?/\d{7})(?:v(?P<v>\d+))?$")

_FEED = """<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/"
      xmlns:arxiv="http://arxiv.org/schemas/atom">
  <link href="http://arxiv.org/api/query?id_list={query}" rel="self" type="application/atom+xml"/>
  <title type="html">ArXiv Query: id_list={query}</title>
  <id>http://arxiv.org/api/fake</id>
  <updated>2026-01-01T00:00:00-05:00</updated>
  <opensearch:totalResults>{total}</opensearch:totalResults>
  <opensearch:startIndex>0</opensearch:startIndex>
  <opensearch:itemsPerPage>1</opensearch:itemsPerPage>
{entries}</feed>
"""
_ENTRY = """  <entry>
    <id>http://arxiv.org/abs/{vid}</id>
    <updated>2023-08-02T00:41:18Z</updated>
    <published>{published}</published>
    <title>{title}</title>
    <summary>  {summary}
</summary>
{authors}{comment}    <link href="http://arxiv.org/abs/{vid}" rel="alternate" type="text/html"/>
    <link title="pdf" href="http://arxiv.org/pdf/{vid}" rel="related" type="application/pdf"/>
    <arxiv:primary_category term="cs.CL" scheme="http://arxiv.org/schemas/atom"/>
  </entry>
"""
_ERROR = """  <entry>
    <id>http://arxiv.org/api/errors#incorrect_id_format_for_{query}</id>
    <title>Error</title>
    <summary>incorrect id format for {query}</summary>
    <updated>2026-01-01T00:00:00-05:00</updated>
    <link href="http://arxiv.org/api/errors#incorrect_id_format_for_{query}" rel="alternate"/>
    <author><name>arXiv api core</name></author>
  </entry>
"""


@dataclass(frozen=True)
class Reply:
    status: int
    body: bytes
    content_type: str = "text/plain"
    headers: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Seen:
    path: str
    query: Mapping[str, list[str]]
    headers: Mapping[str, str]


@dataclass(frozen=True)
class Metadata:
    authors: tuple[str, ...] = ("A. Author",)
    published: str = "2017-06-12T17:57:34Z"
    comments: Mapping[int, str] = field(default_factory=dict)  # version -> arxiv:comment
    # An earlier version's own title and authors, where they differ from the newest's.
    earlier: Mapping[int, tuple[str, tuple[str, ...]]] = field(default_factory=dict)


class ArxivServer(FakeServer[Seen]):
    def __init__(self) -> None:
        self.papers: dict[str, tuple[str, dict[int, bytes]]] = {}
        self.metadata: dict[str, Metadata] = {}
        # (work, version) -> the e-print as arXiv serves it: a gzipped tar or .tex, or a PDF.
        self.sources: dict[tuple[str, int], tuple[bytes, str]] = {}
        self._queued: deque[Reply] = deque()
        self._refused: dict[str, Reply] = {}  # path prefix -> the reply every such request gets
        self.delay = 0.0  # seconds every reply waits (to outlast a client timeout)
        super().__init__(_Handler, name="arxivserver")

    @property
    def seen(self) -> list[Seen]:
        return self.recorded

    def add(
        self,
        work: str,
        title: str,
        versions: dict[int, bytes],
        *,
        authors: tuple[str, ...] = ("A. Author",),
        published: str = "2017-06-12T17:57:34Z",
        comments: Mapping[int, str] | None = None,
        earlier: Mapping[int, tuple[str, tuple[str, ...]]] | None = None,
    ) -> None:
        self.papers[work] = (title, versions)
        self.metadata[work] = Metadata(
            authors, published, dict(comments or {}), dict(earlier or {})
        )

    def add_source(
        self, work: str, version: int, data: bytes, content_type: str = "application/x-eprint-tar"
    ) -> None:
        self.sources[(work, version)] = (data, content_type)

    def reply_next(
        self, status: int, body: bytes, content_type: str = "text/html", **headers: str
    ) -> None:
        with self._lock:
            self._queued.append(Reply(status, body, content_type, headers))

    def fail_next(self, status: int, *, count: int = 1, retry_after: str | None = None) -> None:
        headers = {"Retry-After": retry_after} if retry_after is not None else {}
        for _ in range(count):
            self.reply_next(status, f"fake arXiv error {status}".encode(), "text/plain", **headers)

    def refuse(self, prefix: str, status: int, *, retry_after: str | None = None) -> None:
        """Answer every request whose path starts with ``prefix`` (``/pdf/``, ``/e-print/``,
        ``/api/query``) with ``status``, as arXiv may refuse one endpoint and serve the others."""
        headers = {"Retry-After": retry_after} if retry_after is not None else {}
        reply = Reply(status, f"fake arXiv error {status}".encode(), "text/plain", headers)
        with self._lock:
            self._refused[prefix] = reply

    def _serve(self, seen: Seen) -> Reply:
        with self._lock:
            self._recorded.append(seen)
            if self._queued:
                return self._queued.popleft()
            refused = [r for p, r in self._refused.items() if seen.path.startswith(p)]
        if refused:
            return refused[0]
        if seen.path == "/api/query":
            return self._metadata(seen.query.get("id_list", [""])[0])
        if seen.path.startswith("/pdf/"):
            return self._pdf(seen.path.removeprefix("/pdf/"))
        if seen.path.startswith("/e-print/"):
            return self._eprint(seen.path.removeprefix("/e-print/"))
        return Reply(404, b"not found")

    def _eprint(self, vid: str) -> Reply:
        match = _ID.match(vid)
        found = self.sources.get((match["work"], int(match["v"]))) if match and match["v"] else None
        if found is None:
            return Reply(404, b"<html>no source</html>", "text/html")
        return Reply(200, found[0], found[1])

    def _metadata(self, wanted: str) -> Reply:
        match = _ID.match(wanted)
        if match is None:
            entries, total = _ERROR.format(query=escape(wanted)), 1
        else:
            paper = self.papers.get(match["work"])
            version = int(match["v"]) if match["v"] else max(paper[1]) if paper else None
            if paper is None or version not in paper[1]:
                entries, total = "", 0
            else:
                vid = f"{match['work']}v{version}"
                entries, total = self._entry(match["work"], vid, paper[0], version), 1
        feed = _FEED.format(query=escape(wanted), total=total, entries=entries)
        return Reply(200, feed.encode(), "application/atom+xml; charset=utf-8")

    def _entry(self, work: str, vid: str, title: str, version: int) -> str:
        meta = self.metadata.get(work, Metadata())
        comment = meta.comments.get(version)
        title, authors = meta.earlier.get(version, (title, meta.authors))
        return _ENTRY.format(
            vid=vid,
            title=escape(title),
            published=escape(meta.published),
            summary=escape(comment or "An abstract."),
            authors="".join(
                f"    <author><name>{escape(name)}</name></author>\n" for name in authors
            ),
            comment=f"    <arxiv:comment>{escape(comment)}</arxiv:comment>\n" if comment else "",
        )

    def _pdf(self, vid: str) -> Reply:
        match = _ID.match(vid)
        paper = self.papers.get(match["work"]) if match else None
        if match is None or paper is None or not match["v"] or int(match["v"]) not in paper[1]:
            return Reply(404, b"<html>not found</html>", "text/html")
        return Reply(200, paper[1][int(match["v"])], "application/pdf")


class _Handler(FakeHandler):
    owner: ArxivServer

    def do_GET(self) -> None:
        parts = urlsplit(self.path)
        reply = self.owner._serve(Seen(parts.path, parse_qs(parts.query), self.lower_headers()))
        if self.owner.delay:
            self.owner.wait(self.owner.delay)
        self.send_body(reply.status, reply.body, reply.content_type, reply.headers)


@contextmanager
def two_papers(folder: Path) -> Iterator[ArxivServer]:
    """A server with 1706.03762 in two versions (v2 the newest) and 2001.00001, a scan with no
    text (its PDFs are written to ``folder``)."""
    from tests.library.helpers import PDF_TEXT, make_blank_pdf, make_pdf

    v1 = make_pdf(folder / "v1.pdf", text="First version. " + PDF_TEXT).read_bytes()
    v2 = make_pdf(folder / "v2.pdf").read_bytes()
    blank = make_blank_pdf(folder / "blank.pdf").read_bytes()
    with ArxivServer() as server:
        server.add("1706.03762", "Attention Is All\n You Need", {1: v1, 2: v2})
        server.add("2001.00001", "A scan", {1: blank})
        yield server
