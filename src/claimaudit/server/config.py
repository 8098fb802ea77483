"""What a server instance is configured with; the CLI builds it from options and environment."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

TOKEN_ENV = "CLAIMAUDIT_TOKEN"
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_MAX_JSON_BYTES = 1024 * 1024
DEFAULT_MAX_UPLOAD_BYTES = 50 * 1024 * 1024
# The most ``serve --max-upload-mb`` and ``--max-json-kb`` take: a 1 GiB paper (arXiv's largest
# PDF is under a tenth of it) and a 64 MiB body (read whole into memory, then parsed; twice
# the 20 MiB bibliography a review reads). Past them any size started the server, no bound.
MAX_UPLOAD_MB = 1024
MAX_JSON_KB = 64 * 1024
# (sentence, paper) pairs one review may ask to judge: a few minutes of the local judge, where a
# 1 MiB draft could otherwise hold the check workers for hours.
DEFAULT_MAX_REVIEW_PAIRS = 500
# The most ``serve --max-review-pairs`` takes: a hundred times the default, hours of the local
# judge holding a check worker. Past it any number started the server, no bound at all.
MAX_REVIEW_PAIRS = 50_000
# Checks are CPU-bound with the local judge (2 onnxruntime threads each): more at once than the
# machine has cores only makes each slower. Other requests have their own thread pool.
DEFAULT_CHECK_WORKERS = 2
# How long a write (an upload, an arXiv download, a removal) waits for another process's write
# lock before it is answered 503 library_busy with Retry-After: far less than the command
# line's 10 minutes (``Library.write_wait_seconds``), which outlasts any HTTP client's wait, so
# the client would leave before the answer and the work be lost unseen.
DEFAULT_WRITE_WAIT_SECONDS = 30.0


@dataclass(frozen=True)
class ServerConfig:
    library: Path
    # The address the server listens on: on loopback, requests must name a loopback host.
    host: str = DEFAULT_HOST
    # When set, every request except /health and the static page must carry it as a bearer token.
    token: str | None = None
    max_json_bytes: int = DEFAULT_MAX_JSON_BYTES
    max_upload_bytes: int = DEFAULT_MAX_UPLOAD_BYTES
    check_workers: int = DEFAULT_CHECK_WORKERS
    max_review_pairs: int = DEFAULT_MAX_REVIEW_PAIRS
    # ``--timeout``: each judge's request deadline and each plugin call's (None: the default).
    timeout: float | None = None
    write_wait_seconds: float = DEFAULT_WRITE_WAIT_SECONDS

    def __post_init__(self) -> None:
        if self.write_wait_seconds < 0:
            raise ValueError("the write wait cannot be negative")
        if self.max_json_bytes < 1 or self.max_upload_bytes < 1 or self.max_review_pairs < 1:
            raise ValueError("size limits must be positive")
        if self.check_workers < 1:
            raise ValueError("at least one check worker is needed")

    def __repr__(self) -> str:
        # The token never shows up in a log line or an error that prints the config.
        token = "set" if self.token else "unset"
        return (
            f"ServerConfig(library={self.library!s}, host={self.host}, token={token}, "
            f"max_json_bytes={self.max_json_bytes}, max_upload_bytes={self.max_upload_bytes}, "
            f"check_workers={self.check_workers}, max_review_pairs={self.max_review_pairs}, "
            f"timeout={self.timeout}, write_wait_seconds={self.write_wait_seconds})"
        )
