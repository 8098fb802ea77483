"""The chat messages the ``openai`` judge sends for one question, and the request around them.

A system message with the answering rule, the review policy and the injection defence, and a
user message with the case (``prompting.render_case``: claim, topic, the escaped evidence
block) followed by the question and its labelled options. The judge sends them, and the
context window fitting (``window``) counts them, so both read them from here.
"""

from __future__ import annotations

from typing import Any

from claimaudit.judges.openai.labels import Labels, assign_labels
from claimaudit.judges.prompting import DEFENCE, escape_text, render_case
from claimaudit.judges.protocol import Case, ChoiceQuestion
from claimaudit.judges.questions import NO_EVIDENCE, POLICY

TOP_LOGPROBS = 20  # the most the OpenAI API allows
# Room for a leading newline or space before the label and its digit; the answer is a label.
MAX_TOKENS = 4
ROLE = (
    "You review whether a paper supports a claim. You answer multiple-choice questions with the "
    "label of exactly one option and nothing else: no explanation, no punctuation."
)
SYSTEM = "\n\n".join([ROLE, POLICY, DEFENCE])


def render_question(question: ChoiceQuestion, labels: Labels) -> str:
    """The question, its options one per line with their labels, and how to answer."""
    lines = [f"Question: {escape_text(question.instructions)}", "Options:"]
    for label, option in labels.by_label.items():
        lines.append(option_line(label, option, question.options[option]))
    lines.append(labels.hint())
    return "\n".join(lines)


def option_line(label: str, option: str, description: str | None) -> str:
    text = escape_text(option if description is None else f"{option}: {description}")
    return f"{label}. {text}"


def labels_for(question: ChoiceQuestion) -> Labels:
    """The question's answer labels; ``none`` keeps a single letter among two-level labels."""
    return assign_labels(list(question.options), solo=(NO_EVIDENCE,))


def user_message(case: Case, question: ChoiceQuestion, labels: Labels) -> str:
    return f"{render_case(case)}\n\n{render_question(question, labels)}"


def request_body(model: str, user: str) -> dict[str, Any]:
    """One chat completion request: the label only, greedy, with the alternatives' logprobs."""
    return {
        "model": model,
        "messages": [
            {"role": "system", "content": SYSTEM},
            {"role": "user", "content": user},
        ],
        "temperature": 0,
        "max_tokens": MAX_TOKENS,
        "logprobs": True,
        "top_logprobs": TOP_LOGPROBS,
    }


__all__ = [
    "MAX_TOKENS",
    "SYSTEM",
    "TOP_LOGPROBS",
    "labels_for",
    "option_line",
    "render_question",
    "request_body",
    "user_message",
]
