"""``GET /v1/judges``: the judges this server can use, for clients that offer a choice."""

from __future__ import annotations

from fastapi import APIRouter, FastAPI

from claimaudit.api import default_judge_name
from claimaudit.server.error_docs import ANY_REQUEST, error_responses
from claimaudit.server.judges import JudgePool
from claimaudit.server.schemas import JudgeInfo, JudgeList
from claimaudit.server.state import AppState


def install(app: FastAPI, state: AppState) -> None:
    router = APIRouter(tags=["checks"], responses=error_responses(*ANY_REQUEST))

    @router.get("/v1/judges", response_model=JudgeList, summary="List the judges")
    def list_judges() -> JudgeList:
        default = default_judge_name()
        return JudgeList(
            judges=[
                JudgeInfo(name=name, description=about, default=name == default)
                for name, about in JudgePool.available().items()
            ]
        )

    app.include_router(router)
