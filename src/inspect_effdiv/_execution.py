"""Run one program on a prompt's test inputs through Inspect's sandbox API.

One ``sandbox().exec`` per program: the harness (``_harness.py``) is passed as
``python -S -s -B -c <source>``, the program, inputs and limits go in on stdin
as marshal data we produced ourselves, and the harness answers with plain text
lines that :func:`parse_harness_output` validates. Nothing the program produced
is ever unpickled here.
"""

from __future__ import annotations

import contextlib
import hashlib
import keyword
import marshal
import math
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ._errors import EffdivError

if TYPE_CHECKING:
    from inspect_ai.util import SandboxEnvironment

#: Per-input statuses, in the order of METRICS.md section 1 plus the harness's own.
INPUT_STATUSES = (
    "ok",
    "exception",
    "timeout",
    "memory",
    "none",
    "too_large",
    "crash",
    "not_run",
)

#: Program-level statuses.
PROGRAM_STATUSES = (
    "ok",
    "no_program",
    "syntax_error",
    "load_error",
    "load_timeout",
    "no_f",
    "crash",
    "timeout",
    "harness_error",
)

_HASH_PREFIX = "sha256:"


@dataclass(frozen=True)
class ExecutionLimits:
    """Resource limits for running one program.

    Attributes:
        input_timeout: Seconds one call ``f(*args)`` (including encoding its
            return value) may take; loading the program gets the same budget.
        program_timeout: Seconds the whole program may take over all inputs.
        memory_mb: Address-space cap of the worker process (RLIMIT_AS).
        file_size_mb: Largest file the program may write (RLIMIT_FSIZE).
        max_depth: Deepest nesting of a return value before "too_large".
        max_items: Most elements of a return value before "too_large".
        max_chars: Longest encoding of a return value before "too_large".
        inline_chars: Encodings up to this length are stored verbatim in the
            trace; longer ones are stored as their SHA-256 with a preview.
        preview_chars: Length of the preview kept for hashed encodings.
    """

    input_timeout: float = 2.0
    program_timeout: float = 30.0
    memory_mb: int = 1024
    file_size_mb: int = 16
    max_depth: int = 100
    max_items: int = 100_000
    max_chars: int = 1_000_000
    inline_chars: int = 200
    preview_chars: int = 80

    def __post_init__(self) -> None:
        for name in ("input_timeout", "program_timeout"):
            value = getattr(self, name)
            if not (isinstance(value, (int, float)) and math.isfinite(value) and value > 0):
                raise EffdivError(f"{name}: must be a positive number of seconds, got {value!r}")
        for name in (
            "memory_mb",
            "file_size_mb",
            "max_depth",
            "max_items",
            "max_chars",
            "inline_chars",
            "preview_chars",
        ):
            value = getattr(self, name)
            if not (isinstance(value, int) and value > 0):
                raise EffdivError(f"{name}: must be a positive integer, got {value!r}")

    def harness_limits(self) -> dict[str, Any]:
        """The limits as the harness reads them."""
        limits = asdict(self)
        limits["max_record_bytes"] = 4 * 1024 * 1024
        return limits


@dataclass(frozen=True)
class InputResult:
    """What happened on one test input.

    Attributes:
        status: One of :data:`INPUT_STATUSES`.
        value: For ``ok``: the canonical encoding of the return value, or
            ``sha256:<hex>`` of it when it is long. ``None`` otherwise.
        detail: Error text (``ExcType: message``), or a preview of a hashed value.
        seconds: Time the call took inside the harness (0 when not run).
    """

    status: str
    value: str | None = None
    detail: str = ""
    seconds: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"status": self.status}
        if self.value is not None:
            out["value"] = self.value
        if self.detail:
            out["detail"] = self.detail
        out["ms"] = round(self.seconds * 1000, 3)
        return out


@dataclass(frozen=True)
class ExecutionResult:
    """Outcome of running one program on all inputs of a prompt."""

    program_status: str
    detail: str = ""
    inputs: tuple[InputResult, ...] = field(default_factory=tuple)
    wall_seconds: float = 0.0

    @property
    def valid(self) -> bool:
        """V(g) of METRICS.md section 1: loaded, and ``ok`` on every input."""
        return self.program_status == "ok" and all(r.status == "ok" for r in self.inputs)

    @property
    def semantics(self) -> str | None:
        """S(g) as a SHA-256 over the output trace, or None when invalid."""
        if not self.valid:
            return None
        return semantic_key([r.value or "" for r in self.inputs])

    def first_failure(self) -> tuple[int, InputResult] | None:
        """The first input whose status is not ``ok``, with its index."""
        for index, result in enumerate(self.inputs):
            if result.status != "ok":
                return index, result
        return None


def semantic_key(values: Sequence[str]) -> str:
    """Identity of an output trace: SHA-256 over the per-input encodings.

    Encodings never contain a newline (strings are repr-escaped), so joining
    with one is unambiguous; the count prefix keeps traces of different
    lengths apart.
    """
    text = f"{len(values)}\n" + "\n".join(values)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


@lru_cache(maxsize=1)
def harness_source() -> str:
    """Source text of the in-sandbox harness."""
    return resources.files("inspect_effdiv").joinpath("_harness.py").read_text("utf-8")


def harness_command(python: str, harness_dir: str | None = None) -> list[str]:
    """The command that starts the harness with interpreter ``python``.

    ``-S`` skips ``site`` (the harness loads it lazily when a program imports a
    third-party package), ``-s`` ignores the user site, ``-B`` writes no bytecode.
    When the harness file (with its bytecode) is reachable inside the sandbox at
    ``harness_dir``, it is imported from there; otherwise its source travels in
    the command line and is compiled on every run (about 5 ms).
    """
    if harness_dir is None:
        return [python, "-S", "-s", "-B", "-c", harness_source()]
    # `-c` puts the working directory first on sys.path: drop it before any import
    bootstrap = (
        "import sys\nsys.path[:] = [p for p in sys.path if p]\n"
        f"sys.path.insert(0, {harness_dir!r})\nimport _harness\n"
        "del sys.path[0], sys.modules['_harness']\n_harness.main()\n"
    )
    return [python, "-S", "-s", "-B", "-c", bootstrap]


@lru_cache(maxsize=1)
def installed_harness() -> tuple[Path, Path] | None:
    """The installed harness file and its bytecode, compiled here once; or None.

    None when the package is not installed as plain files (a zip, for example).
    On a read-only install the bytecode may be missing: the harness then still
    runs, compiling the source each time.
    """
    import importlib.util
    import py_compile

    path = Path(str(resources.files("inspect_effdiv").joinpath("_harness.py")))
    if not path.is_file():
        return None
    cache = Path(importlib.util.cache_from_source(str(path)))
    # explicit, so that PYTHONDONTWRITEBYTECODE does not cost 5 ms per program
    with contextlib.suppress(OSError, py_compile.PyCompileError):
        py_compile.compile(str(path), cfile=str(cache), doraise=True)
    return path, cache


#: Environment of every harness run: a fixed hash seed makes set iteration
#: order (and so many programs' outputs) reproducible; single-threaded BLAS keeps
#: numpy inside the memory cap.
HARNESS_ENV = {
    "PYTHONHASHSEED": "0",
    "PYTHONIOENCODING": "utf-8",
    "PYTHONDONTWRITEBYTECODE": "1",
    "OMP_NUM_THREADS": "1",
    "OPENBLAS_NUM_THREADS": "1",
    "MKL_NUM_THREADS": "1",
}


def harness_payload(
    program: str,
    inputs: Sequence[Sequence[Any]],
    limits: ExecutionLimits,
    entry_point: str = "f",
) -> bytes:
    """The bytes written to the harness's stdin."""
    settings = limits.harness_limits()
    if entry_point != "f":
        settings["entry_point"] = entry_point
    return marshal.dumps((1, program, [list(args) for args in inputs], settings))


def _on_host(env: SandboxEnvironment) -> bool:
    """Whether ``env`` runs commands on this host (Inspect's ``local`` sandbox).

    In an eval ``sandbox()`` returns a recording proxy; ``as_type`` sees through it.
    """
    try:
        from inspect_ai.util._sandbox.local import LocalSandboxEnvironment
    except ImportError:  # pragma: no cover - Inspect moved it: use the portable path
        return False
    try:
        env.as_type(LocalSandboxEnvironment)
    except TypeError:
        return False
    return True


def default_python(env: SandboxEnvironment) -> str:
    """Interpreter for ``env``: this process's own on the local sandbox.

    On the host, ``python3`` may resolve to a shell shim (pyenv) that costs
    tens of milliseconds per start; elsewhere the sandbox's ``python3`` is used.
    """
    return sys.executable if _on_host(env) else "python3"


def harness_dir(env: SandboxEnvironment) -> str | None:
    """Where the installed harness is visible inside ``env``, if anywhere.

    On the local sandbox it is the package folder itself; the bwrap sandbox
    binds it read-only at ``/effdiv``; other sandboxes get the source.
    """
    installed = installed_harness()
    if installed is None:
        return None
    if _on_host(env):
        return str(installed[0].parent)
    from ._bwrap import HARNESS_DIR, BwrapSandboxEnvironment, bound_harness

    try:
        env.as_type(BwrapSandboxEnvironment)
    except TypeError:
        return None
    return HARNESS_DIR if bound_harness() is not None else None


def is_function_name(text: str) -> bool:
    """Whether ``text`` can name a function (an identifier, not a keyword)."""
    return text.isidentifier() and not keyword.iskeyword(text)


async def execute_program(
    env: SandboxEnvironment,
    program: str,
    inputs: Sequence[Sequence[Any]],
    *,
    limits: ExecutionLimits,
    python: str | None = None,
    entry_point: str = "f",
) -> ExecutionResult:
    """Run ``program``'s ``f`` (or ``entry_point``) on every input in one sandbox exec.

    Never raises for anything the program does: failures of the program or of
    the sandbox become statuses of the returned result.

    Args:
        env: The sandbox to run in (``sandbox()`` inside a scorer).
        program: Extracted program text.
        inputs: Positional-argument lists, one per test input.
        limits: Time, memory and size limits.
        python: Interpreter inside the sandbox (default: :func:`default_python`).
        entry_point: Name of the function to call.

    Raises:
        ValueError: ``entry_point`` is not a Python identifier.
    """
    if not is_function_name(entry_point):
        raise ValueError(f"entry_point must be a Python name, got {entry_point!r}")
    if not program.strip():
        return ExecutionResult("no_program", "no code found in the completion")
    from inspect_ai.util import OutputLimitExceededError

    start = time.perf_counter()
    grace = 10
    timeout = int(math.ceil(limits.program_timeout + limits.input_timeout)) + grace
    try:
        # a custom interpreter may be another Python version: give it the source
        location = harness_dir(env) if python is None else None
        result = await env.exec(
            harness_command(python or default_python(env), location),
            input=harness_payload(program, inputs, limits, entry_point),
            env=HARNESS_ENV,
            timeout=timeout,
            timeout_retry=False,
        )
    except TimeoutError:
        return _incomplete("timeout", f"sandbox exec exceeded {timeout} s", len(inputs), start)
    except OutputLimitExceededError as exc:
        return _incomplete("harness_error", f"output limit: {exc}", len(inputs), start)
    except Exception as exc:  # sandbox failures must not crash the eval
        detail = f"sandbox exec failed: {type(exc).__name__}: {exc}"
        return _incomplete("harness_error", detail, len(inputs), start)
    wall = time.perf_counter() - start
    if not result.stdout.strip() and result.returncode not in (0, 126, 127):
        # the harness itself was killed (a program that signalled its parent);
        # 126 and 127 mean the interpreter could not start: a harness_error
        detail = f"the harness exited with code {result.returncode} and no result"
        return _incomplete("crash", detail, len(inputs), start)
    try:
        parsed = parse_harness_output(result.stdout, len(inputs))
    except Exception as exc:  # whatever the output holds, it fails this program alone
        detail = f"unreadable harness output: {type(exc).__name__}: {exc}"
        return _incomplete("harness_error", detail[:300], len(inputs), start)
    if parsed.program_status == "harness_error" and result.stderr.strip():
        detail = f"{parsed.detail}; stderr: {result.stderr.strip()[-300:]}"
        return ExecutionResult("harness_error", detail, parsed.inputs, wall)
    return ExecutionResult(parsed.program_status, parsed.detail, parsed.inputs, wall)


def _incomplete(status: str, detail: str, n_inputs: int, start: float) -> ExecutionResult:
    not_run = tuple(InputResult("not_run") for _ in range(n_inputs))
    return ExecutionResult(status, detail, not_run, time.perf_counter() - start)


def _is_count(text: str) -> bool:
    """Whether ``text`` is 1 to 15 ASCII digits (``str.isdigit`` alone accepts
    ``'\u00b2'``, which ``int()`` rejects)."""
    return 0 < len(text) <= 15 and text.isascii() and text.isdigit()


def _unescape(text: str) -> str:
    out = []
    chars = iter(text)
    for ch in chars:
        if ch != "\\":
            out.append(ch)
            continue
        nxt = next(chars, "")
        out.append({"n": "\n", "r": "\r", "t": "\t", "\\": "\\"}.get(nxt, "\\" + nxt))
    return "".join(out)


def parse_harness_output(stdout: str, n_inputs: int) -> ExecutionResult:
    """Validate and decode the harness's text protocol (see ``_harness.py``).

    Anything unexpected yields ``harness_error``; inputs without a record are
    ``not_run``, except the one a timeout or crash interrupted.
    """
    # split on "\n" only: str.splitlines() would also split on characters
    # such as U+2028 that may appear inside an escaped error message
    lines = stdout.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not lines or lines[0] != "EFFDIV 1" or not lines[-1].startswith("E "):
        snippet = stdout.strip()[-200:] or "<no output>"
        return _incomplete("harness_error", f"unexpected harness output: {snippet}", n_inputs, 0.0)
    end = lines[-1][2:]
    program_status = ""
    detail = ""
    results: list[InputResult] = []
    for line in lines[1:-1]:
        kind, _, rest = line.partition(" ")
        if kind == "P" and not program_status:
            status, _, text = rest.partition(" ")
            program_status, detail = status, _unescape(text)
        elif kind == "I" and program_status == "ok":
            parts = rest.split(" ", 3)
            if len(parts) != 4 or parts[0] != str(len(results)) or not _is_count(parts[2]):
                return _incomplete(
                    "harness_error", f"malformed record: {line[:200]}", n_inputs, 0.0
                )
            status, micros, payload = parts[1], int(parts[2]), parts[3]
            if status not in INPUT_STATUSES:
                return _incomplete("harness_error", f"unknown status: {status[:50]}", n_inputs, 0.0)
            results.append(_input_result(status, payload, micros / 1e6))
        else:
            return _incomplete("harness_error", f"unexpected record: {line[:200]}", n_inputs, 0.0)
    if program_status not in PROGRAM_STATUSES:
        return _incomplete(
            "harness_error", f"unknown program status: {program_status[:50]!r}", n_inputs, 0.0
        )
    if (
        program_status == "ok"
        and len(results) < n_inputs
        and end == "timeout"
        and (not results or results[-1].status not in ("timeout", "crash"))
    ):
        # The program time limit struck between two inputs.
        results.append(InputResult("timeout", None, "program time limit"))
    if program_status == "ok" and len(results) > n_inputs:
        return _incomplete("harness_error", "more results than inputs", n_inputs, 0.0)
    if program_status == "ok" and len(results) < n_inputs and end == "done":
        return _incomplete("harness_error", "harness ended early", n_inputs, 0.0)
    results.extend(InputResult("not_run") for _ in range(n_inputs - len(results)))
    if program_status != "ok":
        results = [InputResult("not_run") for _ in range(n_inputs)]
    return ExecutionResult(program_status, detail, tuple(results))


def _input_result(status: str, payload: str, seconds: float) -> InputResult:
    if status != "ok":
        return InputResult(status, None, _unescape(payload), seconds)
    if payload.startswith(_HASH_PREFIX):
        digest, _, preview = payload.partition(" ")
        return InputResult("ok", digest, _unescape(preview), seconds)
    return InputResult("ok", payload, "", seconds)
