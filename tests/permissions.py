"""File permissions as an ordinary user meets them, for tests of read-only files and folders.

Root's capabilities (CAP_DAC_OVERRIDE and its kin) let it write any file, so a test run as root
would never meet a read-only library. ``ordinary_permissions`` drops them from the calling
thread's effective set (kept in its permitted set, so they are restored after): as
``setpriv --bounding-set=-dac_override,...`` does for a command, within this process.
"""

from __future__ import annotations

import ctypes
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

# linux/capability.h: _LINUX_CAPABILITY_VERSION_3 and the capabilities that bypass file modes.
_VERSION_3 = 0x20080522
_CAP_DAC_OVERRIDE, _CAP_DAC_READ_SEARCH, _CAP_FOWNER = 1, 2, 3
_OVERRIDES = (1 << _CAP_DAC_OVERRIDE) | (1 << _CAP_DAC_READ_SEARCH) | (1 << _CAP_FOWNER)


class _Header(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]


class _Data(ctypes.Structure):
    _fields_ = [
        ("effective", ctypes.c_uint32),
        ("permitted", ctypes.c_uint32),
        ("inheritable", ctypes.c_uint32),
    ]


def _capabilities(call: str, header: _Header, data: ctypes.Array[_Data]) -> None:
    libc = ctypes.CDLL(None, use_errno=True)
    if getattr(libc, call)(ctypes.byref(header), data) != 0:
        pytest.skip(f"{call} failed ({os.strerror(ctypes.get_errno())}): root ignores file modes")


@contextmanager
def ordinary_permissions() -> Iterator[None]:
    """File modes bind this thread within the block, as they bind an ordinary user."""
    if os.geteuid() != 0:
        yield
        return
    if not sys.platform.startswith("linux"):
        pytest.skip("root ignores file modes, and only Linux lets a test drop that")
    header, data = _Header(_VERSION_3, 0), (_Data * 2)()
    _capabilities("capget", header, data)
    saved = data[0].effective
    data[0].effective = saved & ~_OVERRIDES
    _capabilities("capset", header, data)
    try:
        yield
    finally:
        data[0].effective = saved
        _capabilities("capset", header, data)
