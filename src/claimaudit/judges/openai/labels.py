"""Option labels a chat model answers with, and reading option probabilities from its logprobs.

A chat completions server reports probabilities per generated token (``logprobs``, with the
``top_logprobs`` alternatives at each position), not per option. So every option gets a short
label whose first token identifies it, the model is asked to answer with a label only, and the
probability of an option is read from the alternatives at the answer's first token(s).

The scheme, chosen to hold across the tokenizers OpenAI-compatible servers run (tiktoken's
cl100k/o200k, Llama 3, and the sentencepiece/BPE vocabularies of Qwen, Mistral, Gemma):

- **Up to 26 options**: one capital letter each, ``A``, ``B``, ``C``... in option order. A lone
  ASCII letter is a single token everywhere, so the answer is one token and its alternatives
  give every option's probability. The relation question (4 options) and the evidence question
  of a paper with up to 25 candidate passages use this.
- **More options** (the evidence question of a long paper: up to 120 passages plus ``none``):
  multi-digit numbers would not do, since Qwen, Mistral and Gemma split numbers into single
  digits, so the first token of ``117`` is ``1``, shared with ``1`` and ``12``. Instead "solo"
  options (``none``) keep a single letter from the end of the alphabet (``Z``) and the others get
  a block letter and one digit: ``A1``...``A9``, ``B1``...``B9``, ... Every one of those
  tokenizers splits a letter from a following digit, and a single digit is always one token, so
  the first answer token is the block letter (or ``Z``) and the second the digit. The first
  token's alternatives give each block's and each solo option's probability; the second token's
  give P(digit | block) for the block the model actually wrote. Options of the other blocks
  share their block's probability evenly: the server reports the next token only along the
  generated path, so nothing is known inside them, and an even split claims nothing and never
  lets one of them exceed its block. Capacity: 9 x (26 - solo options) options.

Reading a position: tokens are compared after stripping whitespace and the word-start markers
of sentencepiece (``▁``) and byte-level BPE (``Ġ``, ``Ċ``), case-insensitively; alternatives that
normalise to the same label add up (`` B`` and ``B`` are different continuations that mean the
same answer). Mass on tokens that are not labels ("The", "**") is dropped and the rest is
renormalised over the valid labels: the question asks for a label only, so that mass says
nothing about which option the model prefers. The listed alternatives must cover most of the
probability (``MIN_COVERAGE``); otherwise renormalising a few listed tokens would invent a
confident answer, and the probabilities count as unavailable. Listed alternatives that add up
to more than 1 (beyond rounding, ``MAX_LISTED``) are not probabilities at all: the answer is
refused rather than renormalised into a confident one. ``top_logprobs`` lists at most 20
alternatives, so options outside them get probability 0.

What counts as a label answer, in the text and in the tokens alike (``ends_label``): the label,
optionally after ``Answer:`` and inside markup, brackets or quotes (``**B**``, ``(B)``), followed
by nothing, by punctuation (``A.``, ``A)``, ``D. insufficient evidence``) or by a line break. A
letter followed by a space and a word is the first word of a sentence (``A careful reading``, ``I
think``), no label at all: its text names no option, and its tokens carry no probabilities.
"""

from __future__ import annotations

import math
import re
import string
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from claimaudit.errors import JudgeError

LETTERS = string.ascii_uppercase
DIGITS = "123456789"
# The listed alternatives at a label position must hold at least this much probability.
MIN_COVERAGE = 0.9
# ... and at most this much: more than 1 plus rounding means the server's numbers are wrong.
MAX_LISTED = 1.01
_MARKERS = " \t\r\n\u2581\u0120\u010a"  # whitespace, sentencepiece ▁, byte-level BPE Ġ and Ċ
_MARKER_TEXT = str.maketrans({"\u2581": " ", "\u0120": " ", "\u010a": "\n"})


@dataclass(frozen=True)
class TokenLogprobs:
    """One generated token: its text and log probability, and the listed alternatives."""

    token: str
    logprob: float
    top: Sequence[tuple[str, float]]  # (token, logprob), as the server listed them


@dataclass(frozen=True)
class Labels:
    """Label -> option for one question; ``blocks`` maps block letters to labels (two-level)."""

    by_label: Mapping[str, str]
    blocks: Mapping[str, Sequence[str]]

    @property
    def heads(self) -> frozenset[str]:
        """What the answer's first token may be: a whole label or a block letter."""
        return frozenset(self.by_label) | frozenset(self.blocks)

    def hint(self) -> str:
        """How to answer, for the prompt."""
        if not self.blocks:
            labels = list(self.by_label)
            return f"Answer with the letter of one option ({labels[0]} to {labels[-1]}) only."
        solo = [label for label in self.by_label if len(label) == 1]
        alone = f", or {' or '.join(solo)} alone for that option" if solo else ""
        return f"Answer with the label of one option only: a letter and a digit such as A1{alone}."


def assign_labels(options: Sequence[str], solo: Collection[str] = ()) -> Labels:
    """Labels for ``options`` in order (see the module docstring); ``solo`` keep one letter."""
    if len(options) <= len(LETTERS):
        return Labels(dict(zip(LETTERS, options, strict=False)), {})
    singles = [o for o in options if o in solo]
    rest = [o for o in options if o not in solo]
    block_letters = LETTERS[: len(LETTERS) - len(singles)]
    if len(rest) > len(block_letters) * len(DIGITS):
        raise JudgeError(
            f"too many options ({len(options)}) for single-token answer labels; "
            f"the limit is {len(block_letters) * len(DIGITS) + len(singles)}"
        )
    by_label: dict[str, str] = {}
    blocks: dict[str, list[str]] = {}
    for index, option in enumerate(rest):
        letter, digit = block_letters[index // len(DIGITS)], DIGITS[index % len(DIGITS)]
        by_label[letter + digit] = option
        blocks.setdefault(letter, []).append(letter + digit)
    for letter, option in zip(reversed(LETTERS), singles, strict=False):
        by_label[letter] = option
    return Labels(by_label, blocks)


def normalise(token: str) -> str:
    return token.strip(_MARKERS).upper()


# What may open an answer before its label: blank space, markup, brackets and quotes, and
# "Answer:" (models often say so despite being asked for the label only).
_OPENING = r"[\s*_\"'`(\[]*(?:answer\s*:[\s*_\"'`(\[]*)?"
# A label followed on its line by blank space and a word is the first word of a sentence.
_SENTENCE = re.compile(r"[ \t\u00a0]*[^\W_]")


def parse_content(labels: Labels, content: str) -> str | None:
    """The option a plain-text answer names (``B``, ``**B**``, ``(B)``, ``Answer: C7.``), or
    None; see the module docstring for what counts as a label answer."""
    pattern = r"[A-Za-z][1-9]?" if labels.blocks else r"[A-Za-z]"
    match = re.match(rf"{_OPENING}({pattern})(?![A-Za-z0-9])", content, re.IGNORECASE)
    if match is None or not ends_label(content[match.end() :]):
        return None
    return labels.by_label.get(match.group(1).upper())


def ends_label(rest: str) -> bool:
    """Whether ``rest``, what follows a label in an answer, leaves it a label: anything but a
    word after blank space on the same line (``A careful reading``, ``I think``), which makes
    the letter the first word of a sentence. ``A.``, ``(A)``, ``**A** because`` and ``D.
    insufficient`` are labels; so is a label alone on the answer's first line."""
    return _SENTENCE.match(rest) is None


def read_logprobs(
    labels: Labels, tokens: Sequence[TokenLogprobs]
) -> tuple[str, dict[str, float]] | None:
    """The chosen option and a probability per option, or None when the tokens do not carry them.

    None when the answer does not start with a label (then the caller falls back to the text),
    or when a label position lists too few alternatives to tell the probabilities. JudgeError
    when a position's listed alternatives add up to more than 1 (``MAX_LISTED``).
    """
    start = next((i for i, t in enumerate(tokens) if normalise(t.token)), None)
    if start is None or normalise(tokens[start].token) not in labels.heads:
        return None
    first = _distribution(tokens[start], labels.heads)
    if first is None:
        return None
    head = normalise(tokens[start].token)
    if head in labels.by_label and not _label_ends(tokens, start + 1):
        return None  # a word that begins a sentence ("A careful reading"), not a label
    probabilities = dict.fromkeys(labels.by_label.values(), 0.0)
    for label, p in first.items():
        if label in labels.by_label:  # a solo letter, or a whole two-level label in one token
            probabilities[labels.by_label[label]] += p
    within: dict[str, float] = {}
    if head in labels.by_label:
        choice = labels.by_label[head]
    else:  # a block letter: the digit follows
        members = {label[1:]: label for label in labels.blocks[head]}
        if start + 1 >= len(tokens) or normalise(tokens[start + 1].token) not in members:
            return None
        second = _distribution(tokens[start + 1], frozenset(members))
        if second is None:
            return None
        if not _label_ends(tokens, start + 2):
            return None
        choice = labels.by_label[members[normalise(tokens[start + 1].token)]]
        within = {members[digit]: p for digit, p in second.items()}
    for letter, block in labels.blocks.items():
        mass = first.get(letter, 0.0)
        for label in block:
            share = within.get(label, 0.0) if letter == head else 1.0 / len(block)
            probabilities[labels.by_label[label]] += mass * share
    return choice, probabilities


def _label_ends(tokens: Sequence[TokenLogprobs], after: int) -> bool:
    """Whether the tokens from ``after`` on leave the label before them a label (``ends_label``,
    on their text with the word-start markers read as the spaces they stand for)."""
    rest = "".join(t.token for t in tokens[after:])
    return ends_label(rest.translate(_MARKER_TEXT))


def _distribution(token: TokenLogprobs, valid: frozenset[str]) -> dict[str, float] | None:
    """Renormalised probability per valid label at one position, from its listed alternatives."""
    if not token.top:
        return None  # only the generated token: no alternatives, no distribution
    seen: set[str] = set()
    listed = 0.0
    mass: dict[str, float] = {}
    # The generated token is normally listed too; add it if the server left it out.
    for text, logprob in [*token.top, (token.token, token.logprob)]:
        if text in seen:
            continue
        seen.add(text)
        p = math.exp(logprob)
        listed += p
        key = normalise(text)
        if key in valid:
            mass[key] = mass.get(key, 0.0) + p
    if listed > MAX_LISTED:
        raise JudgeError(f"its listed token probabilities add up to {listed:.0%}, more than 100%")
    total = sum(mass.values())
    if listed < MIN_COVERAGE or total <= 0.0:
        return None
    # Invalid tokens' mass is dropped here: it says nothing about which option is preferred.
    return {key: p / total for key, p in mass.items()}
