"""A generated corpus of hostile input, the same on every run (seeded).

Random bytes, truncated real files, deep nesting, huge lines, escape sequences, invalid UTF-8
and lone surrogates, shaped as paper files, claims, references, drafts, bibliographies, batch
lines and corpus lines.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from tests.hostile.helpers import SECRET
from tests.library.helpers import make_pdf

SEED = 20261201
ESCAPES = (
    "\x1b[2J\x1b[31mred\x1b[0m",
    "\x1b]52;c;cm0gLXJmIH4=\x07",
    "\x1b]8;;http://evil.example\x1b\\link\x1b]8;;\x1b\\",
    "\x9b6n\x07\x08\r",
)
LATEX = (
    "\\documentclass{article}\n\\title{A Paper}\n\\begin{document}\n\\maketitle\n"
    "\\begin{abstract}Sparse matrices save memory.\\end{abstract}\n\\section{Intro}\n"
    "Dense storage wastes space when most entries are zero \\cite{x}.\n\n"
    "\\begin{itemize}\\item one \\item two\\end{itemize}\n\\end{document}\n"
)
MARKDOWN = (
    "---\ntitle: A Paper\n---\n# A Paper\n\n## Intro\n\nSparse matrices save memory "
    "[@doi:10.1234/x].\n\n<!-- a comment -->\n\n```\ncode\n```\n\n- a list\n- of items\n"
)


def _rng() -> random.Random:
    return random.Random(SEED)


def _truncations(data: bytes) -> list[bytes]:
    return [data[: int(len(data) * f)] for f in (0.05, 0.3, 0.6, 0.95)]


def paper_files(folder: Path) -> list[tuple[str, bytes]]:
    """(file name, content) pairs; every one either refused cleanly or stored whole."""
    rng = _rng()
    pdf = make_pdf(folder / "source.pdf").read_bytes()
    files: list[tuple[str, bytes]] = []
    for size in (1, 100, 5000):
        for suffix in (".txt", ".md", ".tex", ".pdf"):
            files.append((f"random-{size}{suffix}", rng.randbytes(size)))
    files += [(f"cut-{i}.pdf", cut) for i, cut in enumerate(_truncations(pdf))]
    files += [(f"cut-{i}.tex", cut) for i, cut in enumerate(_truncations(LATEX.encode()))]
    files += [(f"cut-{i}.md", cut) for i, cut in enumerate(_truncations(MARKDOWN.encode()))]
    files += [
        ("pdf-head.txt", b"%PDF-1.7\n" + rng.randbytes(300)),
        ("deep-braces.tex", LATEX.replace("Dense", "{" * 3000 + "Dense").encode()),
        ("deep-envs.tex", LATEX.replace("Dense", "\\begin{quote}" * 500 + "Dense").encode()),
        ("deep-macros.tex", LATEX.replace("Dense", "\\emph{" * 2000 + "Dense").encode()),
        ("passwd.tex", LATEX.replace("Dense", "\\input{/etc/passwd}\nDense").encode()),
        ("traversal.tex", LATEX.replace("Dense", "\\include{../../../etc/passwd}").encode()),
        ("huge.tex", ("\\documentclass{article}\\begin{document}" + "word " * 900_000).encode()),
        ("brackets.md", ("# T\n\n" + "[" * 200_000 + "\n\n" + "![" * 50_000).encode()),
        ("quotes.md", ("# T\n\n" + "> " * 5000 + "deep\n\n" + "- " * 5000 + "x\n").encode()),
        ("templates.md", ("# T\n\n" + "{{" * 30_000 + "<!--" * 30_000 + "```a\n" * 5000).encode()),
        ("huge-line.txt", ("word " * 400_000).encode()),
        ("nul.txt", b"text\x00more"),
        ("latin1.md", "caf\xe9 na\xefve".encode("latin-1")),
        ("bom-crlf.txt", b"\xef\xbb\xbfWindows line\r\nendings here.\r\n"),
        ("surrogate-escape.txt", b"\xed\xa0\x80 an encoded surrogate"),
        ("escapes.md", f"# Title {ESCAPES[0]}\n\nText {''.join(ESCAPES)} here.\n".encode()),
        ("escapes.tex", LATEX.replace("Dense", "".join(ESCAPES) + " Dense").encode()),
        ("json-as-text.txt", ("[" * 10_000 + "]" * 10_000).encode()),
        ("empty.md", b""),
        ("only-front-matter.md", b"---\ntitle: x\n---\n"),
    ]
    return files


def claims() -> list[str]:
    rng = _rng()
    randoms = ["".join(chr(rng.randrange(32, 0x3000)) for _ in range(n)) for n in (5, 40, 300)]
    return [
        "",
        "   \n\t ",
        "!!! ??? ...",
        "AND OR NOT NEAR",
        '"*" OR NEAR(a b) ^x:y',
        "'; DROP TABLE papers; --",
        "Sparse matrices " + ESCAPES[0] + ESCAPES[1] + " save memory.",
        "Sparse \ud800 matrices",
        "Sparse \udcff matrices",
        "Sparse matrices\x00 save memory.",
        "\u202eSparse matrices save memory.\u202c",
        "x" * 2001,
        "word " * 5000,
        "[" * 100_000,
        # A claim is echoed in its records as written; a reference's URL is redacted.
        "Sparse matrices http://user:pw@example.org/?api_key=k",
        *randoms,
    ]


def references() -> list[str]:
    return [
        "",
        "local:keep",
        "1706.03762v0",
        "arXiv:1706.03762v99999999999999999999",
        "10.1234/" + ESCAPES[1],
        "doi:10.1234/\udcff",
        "local:" + "x" * 5000,
        "../../etc/passwd",
        "/etc/passwd",
        "file:///etc/passwd",
        "scifact:None",
        "local:keep\x00",
        f"http://user:{SECRET}@arxiv.org/abs/1706.03762",
        "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    ]


def drafts() -> list[str]:
    return [
        "",
        "# Only a heading",
        "\n".join("  " * i + "- item [@local:keep]" for i in range(200)),
        "> " * 3000 + "Sparse matrices save memory [@local:keep].",
        "Sparse matrices save memory [@local:keep] " + "".join(ESCAPES) + ".",
        "[" * 50_000 + " arXiv:1706.03762v0 " + "(" * 50_000,
        "Text [1].\n\n# References\n\n1. " + "x" * 100_000,
        "Sentence " * 20_000 + "[@local:keep].",
        "Claim \ud800 here [@local:keep].",
        "!!! [@local:keep].",
        "```\n" * 1000,
    ]


def bibliographies() -> list[str]:
    return [
        "@misc{a, title={" + "{" * 5000 + "}" * 5000 + "}}",
        "[" * 50_000 + "]" * 50_000,
        '[{"id": "a", "DOI": "10.1234/' + ESCAPES[0] + '"}]',
        "@misc{a, eprint={1706.03762v0}, archivePrefix={arXiv}}",
        "@" * 10_000,
        "{" * 10_000,
        "@misc{a, title={\ud800}}",
        "not a bibliography at all",
    ]


def batch_lines() -> list[bytes]:
    good = {"id": 1, "claim": "Sparse matrices save memory.", "papers": ["local:keep"]}
    return [
        json.dumps(good).encode(),
        json.dumps({**good, "id": "1"}).encode(),
        json.dumps(good).encode(),  # the same line again
        b"null",
        b"[" * 100_000 + b"]" * 100_000,
        b"\xff\xfe\xfd",
        b'{"id": "\\ud800", "claim": "x", "papers": []}',
        json.dumps({**good, "papers": ["local:keep", "local:keep "]}).encode(),
        json.dumps({**good, "claim": "?!"}).encode(),
        json.dumps({**good, "id": True}).encode(),
        json.dumps({**good, "id": 1.5}).encode(),
        json.dumps({**good, "topic": ESCAPES[0] * 500}).encode(),
        json.dumps({**good, "papers": [ESCAPES[1]]}).encode(),
        json.dumps({**good, "claim": "word " * 1000}).encode(),
    ]


def corpus_lines() -> list[bytes]:
    doc = {"doc_id": 1, "title": "T", "abstract": ["Sparse matrices save memory."]}
    return [
        json.dumps({**doc, "doc_id": None}).encode(),
        json.dumps({**doc, "doc_id": True}).encode(),
        json.dumps({**doc, "doc_id": 1.5}).encode(),
        json.dumps({**doc, "doc_id": "../../x"}).encode(),
        json.dumps({**doc, "title": {"a": 1}}).encode(),
        json.dumps({**doc, "abstract": "not a list"}).encode(),
        b'{"doc_id": 2, "title": "T", "abstract": ["\\ud800"]}',
        b'{"doc_id": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
        b"\xff\xfe",
        b"null",
    ]
