"""The papers and claims the llama.cpp tests check, kept short: on two shared cores the real
model reads about 30 to 300 prompt tokens a second, and every test that asks the same question
about the same paper is answered from the server's prompt cache (llama.cpp reuses the longest
prefix of the previous prompt), so the surfaces all ask this one.
"""

from __future__ import annotations

from pathlib import Path

from claimaudit.identity import parse_ref
from claimaudit.library.ingest import add_path
from claimaudit.library.store import Library

DROPOUT_REF = "arXiv:2401.00001"
CLAIM = "Dropout improves translation quality on WMT14."
DROPOUT = """# Dropout in neural machine translation

We trained a Transformer on the WMT14 English-German task with and without dropout.

With dropout of 0.1 the model reached 27.3 BLEU on newstest2014, against 25.8 BLEU without it.

Without dropout the model began to overfit after 20,000 training steps.

Label smoothing of 0.1 hurt perplexity but improved BLEU by 0.4 points.
"""

# A paper longer than the shared server's window: sixteen paragraphs of about 80 tokens each.
LONG_REF = "arXiv:2401.00002"
LONG = "# A long report on regularisation\n\n" + "\n\n".join(
    f"Experiment {i} trained the base Transformer for {10 + i} thousand steps with dropout "
    f"0.{i % 5 + 1}, label smoothing 0.{(i + 2) % 5}, a warm-up of {2 + i % 4} thousand steps "
    f"and batches of {i + 20} thousand tokens; it reached {24 + i / 7:.2f} BLEU on newstest2014 "
    f"and {28 + i / 9:.2f} on newstest2013, and its perplexity on the development set was "
    f"{4 + i / 11:.2f} after averaging the last {i % 6 + 2} checkpoints."
    for i in range(16)
)


def write_library(folder: Path) -> Path:
    """A library holding both papers; the path of its database."""
    path = folder / "library.sqlite3"
    with Library.open(path) as library:
        for ref, text, name in ((DROPOUT_REF, DROPOUT, "dropout"), (LONG_REF, LONG, "long")):
            source = folder / f"{name}.md"
            source.write_text(text, encoding="utf-8")
            add_path(library, source, ref=parse_ref(ref))
    return path
