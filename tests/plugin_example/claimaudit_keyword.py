"""A judge plugin in one file, written from claimaudit's docstrings alone.

Read were: ``claimaudit.plugins`` (how a plugin registers), ``Judge`` (what a judge must have),
``Decision`` and ``ChoiceAnswer`` (the questions and how to answer them) and ``JudgeReply``. It
says ``supports`` when one passage holds every word of the claim, citing that passage, and
``not_addressed`` otherwise. It gives its choices without probabilities, as a judge that has
none may, so its records always ask for review; it declares nothing optional, so the contract's
defaults apply (no caching, one decision at a time).
"""

from __future__ import annotations

import re

from claimaudit import ChoiceAnswer, Decision, Judge, JudgeReply, JudgeSettings, Registry


def _words(text: str) -> set[str]:
    return set(re.findall(r"\w+", text.lower()))


class KeywordJudge(Judge):
    name = "keyword"

    def decide(self, decision: Decision) -> JudgeReply:
        claim = _words(decision.case.claim)
        hit = next((p for p in decision.case.passages if claim <= _words(p.text)), None)
        choices = {
            "relation": "supports" if hit else "not_addressed",
            "evidence": hit.passage_id if hit else "none",
        }
        answers = {
            question: ChoiceAnswer(choices[question], None, None) for question in decision.questions
        }
        return JudgeReply(model="keyword-1", answers=answers)


def make_judge(settings: JudgeSettings) -> KeywordJudge:
    return KeywordJudge()


def register(registry: Registry) -> None:
    registry.add_judge("keyword", make_judge, "supports when one passage has every claim word")
