"""How a size limit is shown, alike on every surface."""

from __future__ import annotations

import pytest

from claimaudit.guards.sizes import shown_size


@pytest.mark.parametrize(
    ("size", "shown"),
    [
        (1, "1 byte"),
        (100, "100 bytes"),
        (1023, "1,023 bytes"),
        (1024, "1 KiB"),
        (1536, "1.5 KiB"),
        # Not a whole number of hundredths of a KiB: "1.95312 KiB" read as noise.
        (2000, "2,000 bytes"),
        (64 * 1024, "64 KiB"),
        (1024 * 1024, "1 MiB"),
        (1536 * 1024, "1.5 MiB"),
        # Past a MiB but not a round number of them: bytes, not "15,625 KiB" or "15.2588 MiB".
        (16_000_000, "16,000,000 bytes"),
        (20 * 1024 * 1024, "20 MiB"),
        (12_345 * 1024 * 1024, "12,345 MiB"),
    ],
)
def test_a_size_reads_exactly_and_briefly(size: int, shown: str) -> None:
    assert shown_size(size) == shown
