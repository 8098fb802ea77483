"""Regular expressions on user-supplied text against long hostile runs: linear or not.

Every compiled pattern held at module level by the modules that read drafts, papers, claims,
bibliographies and queries (``claimaudit.review``, ``claimaudit.library``,
``claimaudit.refcheck``, the ``bib*`` readers, ``text``, ``fts``, ``inputs``, ``untrusted``) is
run (``finditer``, every match: a search from every position, which costs at least what a
``match`` or ``search`` does) over long runs of each input kind below, the characters a
pattern's quantified parts accept, with whatever closes it missing: alone, and after each of
``PREFIXES`` followed by an "x". A pattern that takes over ``--screen-ms`` on a
2,500-character run and over three times as long on 5,000 is timed again at 10 KB, 20 KB and
40 KB; a pattern
is linear when the time doubles with the size (growth about 4 from 10 KB to 40 KB), quadratic
when it grows about 16 times. The draft readers (``find_citations``, ``extract_claims``) are
timed end to end at the same sizes, for every input kind: after a cited sentence, and between
two citations of one sentence (where the claim text's tidying reads what a citation leaves).

Usage: python benchmarks/bench_regex_inputs.py [--screen-ms 5] [--sizes 10000 20000 40000]
       [--end-to-end]   (the draft readers alone)
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import re
import time
from collections.abc import Callable, Iterator
from functools import partial

PACKAGES = ("claimaudit.review", "claimaudit.library", "claimaudit.refcheck")
MODULES = (
    "claimaudit.bibfile",
    "claimaudit.bibtex",
    "claimaudit.bibcsl",
    "claimaudit.bibauthors",
    "claimaudit.bibrecords",
    "claimaudit.text.plain",
    "claimaudit.library.fts",
    "claimaudit.inputs",
    "claimaudit.guards.untrusted",
)
# Runs of one unit: the characters (or pairs) that patterns on drafts, papers and
# bibliographies quantify over. Each is repeated to the size measured.
KINDS: dict[str, str] = {
    "backticks": "`",
    "footnote opens [^": "[^",
    "brackets [": "[",
    "key opens [@": "[@",
    "at-signs @": "@",
    "blanks": " ",
    "tabs": "\t",
    "no-break spaces": "\u00a0",
    "newlines": "\n",
    "letters": "a",
    "words": "a ",
    "digits": "1",
    "digits and commas": "1,",
    "dots": ".",
    "dot-blank": ". ",
    "hyphens": "-",
    "stars": "*",
    "underscores": "_",
    "quotes '": "'",
    'quotes "': '"',
    "curly quotes": "\u201c",
    "backslashes": "\\",
    "control words \\a": "\\a",
    "braces {": "{",
    "brace pairs }{": "}{",
    "parentheses (": "(",
    "angle brackets <": "<",
    "dollars": "$",
    "slashes": "/",
    "colons": ":",
    "hashes": "#",
    "tildes": "~",
    "pipes": "|",
    "equals": "=",
    "gt-blank > ": "> ",
    "urls http://": "http://",
    "doi 10.1/": "10.1/",
    "bracket digit [1": "[1",
    "word-bracket x[": "x[",
    "email-ish a@": "a@",
    "cite \\cite{": "\\cite{",
    "comment opens <!--": "<!--",
    "closing ](": "](",
    "exclaim-bracket ![": "![",
    "caret-bracket ^[": "^[",
}


# What stands before a run (the run then ends in "x", closing nothing): the openings that lead
# a pattern into its quantified part ("|---" into a table rule's blanks, "<a>" into a tag's).
PREFIXES = ("", "|---", "<a>", "a", "[a]", "@", "\\a", "standard_id: x", ". ")
# Patterns whose callers never give them a long run (measured alone they are quadratic, and
# are listed with the reason), or only ``match`` them once at a known place (linear).
BOUNDED = {
    "library.latex_definitions._BRACKET": "matched within 400 characters of a '['",
    "library.pdf_blocks._LEADER": "searched in a line's last 120 characters",
    "library.markdown_front._SEPARATORS": "splits text with its blanks closed up",
    "review.claims._DANGLING_POINTER": "reads text with its blanks closed up",
    "review.claims._SPACE_BEFORE_PUNCTUATION": "reads text with its blanks closed up",
    "review.latex_claims._EMPTY_GROUP": "reads text with its blanks closed up",
    "review.latex_claims._DANGLING": "reads text with its blanks closed up",
    "review.sentences._ENUMERATOR": "matched once, at a sentence's start",
    "review.note_reference._AUTHOR_LEAD": "matched once, at a note's start",
    "review.latex_include.BARE_NAME": "bounded quantifiers (40 blanks, 500 characters)",
}


def patterns() -> Iterator[tuple[str, re.Pattern[str]]]:
    names = list(MODULES)
    for package_name in PACKAGES:
        package = importlib.import_module(package_name)
        names += [m.name for m in pkgutil.walk_packages(package.__path__, f"{package_name}.")]
    seen: set[int] = set()
    for name in sorted(names):
        module = importlib.import_module(name)
        for attribute, value in sorted(vars(module).items()):
            text_pattern = isinstance(value, re.Pattern) and isinstance(value.pattern, str)
            if text_pattern and id(value) not in seen:
                seen.add(id(value))
                yield f"{name.removeprefix('claimaudit.')}.{attribute}", value


def run_of(unit: str, size: int) -> str:
    return (unit * (size // len(unit) + 1))[:size]


def seconds(call: Callable[[], object]) -> float:
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def every_match(pattern: re.Pattern[str], text: str) -> Callable[[], object]:
    return lambda: sum(1 for _ in pattern.finditer(text))


def matching_run(
    pattern: re.Pattern[str], prefix: str, unit: str, size: int
) -> Callable[[], object]:
    return every_match(pattern, prefix + run_of(unit, size) + ("x" if prefix else ""))


def reading_run(read: Callable[[str], object], unit: str, size: int) -> Callable[[], object]:
    text = run_of(unit, size)

    def reading() -> object:
        from claimaudit.errors import DraftError

        try:
            return read(text)
        except DraftError:  # refused whole (brackets nested deep, say): timed as read
            return None

    return reading


def row(name: str, kind: str, times: list[float | None]) -> str:
    shown = [f"{t:8.3f}" if t is not None else "   >20 s" for t in times]
    first, last = times[0], times[-1]
    growth = f"{last / first:6.1f}" if first and last is not None else "     -"
    return f"| {name} | {kind} | {' | '.join(shown)} | {growth} |"


def timed_at(sizes: list[int], make: Callable[[int], Callable[[], object]]) -> list[float | None]:
    """Seconds at each size; a size whose time a quadratic growth would put over 20 s is
    skipped (None), so a defect found does not hold the audit up."""
    times: list[float | None] = []
    for size in sizes:
        previous = next((t for t in reversed(times) if t is not None), None)
        if previous is not None and previous * (size / sizes[len(times) - 1]) ** 2 > 20:
            times.append(None)
            continue
        times.append(seconds(make(size)))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--screen-ms", type=float, default=5.0)
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 20_000, 40_000])
    parser.add_argument("--end-to-end", action="store_true", help="the draft readers alone")
    args = parser.parse_args()
    if args.end_to_end:
        end_to_end()
        return
    sizes: list[int] = args.sizes
    header = " | ".join(f"{s // 1000} KB (s)" for s in sizes)
    print(f"| pattern | input kind | {header} | growth |")
    print("|---|---|" + "---|" * len(sizes) + "---|")
    found = list(patterns())
    flagged = 0
    bounded: dict[str, list[str]] = {}
    for name, pattern in found:
        for kind, unit in KINDS.items():
            for prefix in PREFIXES:
                # Flagged: slow at 2,500 characters, and over three times slower at 5,000.
                small = seconds(matching_run(pattern, prefix, unit, 2_500))
                if small * 1000 < args.screen_ms:
                    continue
                if seconds(matching_run(pattern, prefix, unit, 5_000)) < 3 * small:
                    continue
                flagged += 1
                shown = f"{prefix!r} + {kind} + 'x'" if prefix else kind
                if name in BOUNDED:
                    bounded.setdefault(name, []).append(shown)
                    continue
                times = timed_at(sizes, partial(matching_run, pattern, prefix, unit))
                print(row(name, shown, times), flush=True)
    print(f"\n{len(found)} patterns x {len(KINDS)} input kinds; {flagged} over the screen.\n")
    print("Flagged alone, but never given a long run by their callers:\n")
    for name, kinds in bounded.items():
        print(f"- {name} ({BOUNDED[name]}): {len(kinds)} input kinds, e.g. {kinds[0]}")
    print()
    end_to_end()


def end_to_end() -> None:
    from claimaudit.review.citations import find_citations
    from claimaudit.review.claims import extract_claims

    lead = "Sparse matrices are in SciPy [@arxiv:1907.10121]. "
    references = (
        "\n\n## References\n\n1. A. Author. arXiv:1907.10121\n2. B. Author. arXiv:1407.6245\n"
    )
    readers: dict[str, Callable[[str], object]] = {
        "review.citations.find_citations": lambda text: find_citations(lead + text),
        "review.claims.extract_claims (Markdown draft)": lambda text: extract_claims(
            lead + text + "\n"
        ),
        "review.claims.extract_claims (between two citations)": lambda text: extract_claims(
            "Sparse solvers save memory [1]" + text + "[2]." + references
        ),
        "review.claims.extract_claims (between words before a citation)": lambda text: (
            extract_claims("Sparse solvers save" + text + "memory [1]." + references)
        ),
    }
    for name, read in readers.items():
        for kind, unit in KINDS.items():
            times = timed_at([10_000, 20_000, 40_000], partial(reading_run, read, unit))
            print(row(name, kind, times), flush=True)


if __name__ == "__main__":
    main()
