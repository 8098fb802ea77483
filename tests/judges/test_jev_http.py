"""The Jev judge's deadline, size cap and redirects (jev_http), against the fault server.

A trickling server sends a byte every 0.1 s, so no read waits long, but the reply takes seconds:
only a deadline for the whole attempt ends it within the judge's 0.5 s timeout.
"""

from __future__ import annotations

import httpx2
import pytest

from claimaudit.judges.jev import JevJudge, JevOptions, register
from claimaudit.judges.protocol import Decision, JudgeSettings
from tests.judges.faultserver import FaultServer
from tests.judges.helpers import judge_error, registered_judge

TIMEOUT = 0.5
SHORT = JudgeSettings(timeout=TIMEOUT, options=JevOptions(retries=0))


def make_judge(settings: JudgeSettings = SHORT) -> JevJudge:
    return registered_judge(register, "jev", JevJudge, settings)


@pytest.mark.parametrize("mode", ["trickle", "trickle_headers"])
def test_a_trickling_reply_times_out_at_the_deadline(
    jev_env: FaultServer, decision: Decision, mode: str
) -> None:
    jev_env.set_mode(mode)
    error = judge_error(make_judge(), decision)
    assert str(error) == "Jev request timed out after 0.5s"
    assert error.calls == 1
    assert len(jev_env.requests) == 1


def test_each_attempt_gets_its_own_deadline(jev_env: FaultServer, decision: Decision) -> None:
    jev_env.set_mode("trickle")  # the SDK retries a timeout
    judge = make_judge(JudgeSettings(timeout=TIMEOUT, options=JevOptions(retries=1)))
    error = judge_error(judge, decision)
    assert str(error) == "Jev request timed out after 0.5s"
    assert error.calls == 2  # a timed-out attempt may be billed: both count
    assert len(jev_env.requests) == 2


def test_an_oversized_reply_is_refused_and_not_retried(
    jev_env: FaultServer, decision: Decision
) -> None:
    jev_env.set_mode("oversized")  # a valid answer, padded past 8 MiB
    judge = make_judge(JudgeSettings(timeout=10.0, options=JevOptions(retries=2)))
    error = judge_error(judge, decision)
    assert str(error) == "Jev sent a reply larger than 8 MiB"
    assert error.calls == 1
    assert len(jev_env.requests) == 1


def test_a_gzip_reply_is_capped_as_decoded_not_as_sent(
    jev_env: FaultServer, decision: Decision
) -> None:
    jev_env.set_mode("gzip_oversized")  # about 8 KB on the wire, past 8 MiB once decompressed
    judge = make_judge(JudgeSettings(timeout=10.0, options=JevOptions(retries=2)))
    error = judge_error(judge, decision)
    assert str(error) == "Jev sent a reply larger than 8 MiB"
    assert len(jev_env.requests) == 1


@pytest.mark.parametrize("mode", ["redirect_answer", "http302"])
def test_a_redirect_is_a_failure_not_an_answer(
    jev_env: FaultServer, decision: Decision, mode: str
) -> None:
    jev_env.set_mode(mode)
    assert str(judge_error(make_judge(), decision)) == "Jev request failed: HTTP 302"
    assert len(jev_env.requests) == 1  # the Location was not followed


def test_the_client_keeps_the_deadline_for_streamed_replies(fault_server: FaultServer) -> None:
    # Imported here, so that the judge-level tests above also run on a build without it.
    from claimaudit.judges.jev_http import DeadlineClient

    fault_server.key = None
    fault_server.set_mode("trickle")
    body = {"state": "s", "model": "mock", "questions": {"q": {"type": "noul"}}}
    with DeadlineClient(timeout=TIMEOUT) as client:
        url = f"{fault_server.url}/v1/systemone"
        with client.stream("POST", url, json=body) as response:
            assert response.status_code == 200  # the headers came at once
            with pytest.raises(httpx2.ReadTimeout, match=r"no complete reply within 0\.5s"):
                response.read()
