"""Cost of isolation: ms per program in the bwrap sandbox, beside Inspect's local
sandbox with the naive pattern and a bare in-process floor, in one run.

* ``bwrap harness``: our harness through the bwrap sandbox (Inspect's recording
  proxy in front, as in a real eval), which sends harness runs to its warm
  sandboxes: namespaces, hidden filesystem, non-root uid, limits, per-input
  timeouts, canonical encoding, cleanup between programs.
* ``local naive``: one ``python -c`` per program (program plus a json-based test
  harness) through Inspect's local sandbox, no isolation at all.
* ``in-process floor``: ``exec`` of the program and ``f(*args)`` on every input
  inside this process, with the canonical encoding: no process, no isolation.

Usage::

    python benchmarks/bench_sandbox.py [--programs 60] [--rounds 3] [--concurrency 2]

Targets: bwrap harness at most 0.6x the local naive pattern (issue 4), and at
most 0.3x since (issue 14).
"""

from __future__ import annotations

import asyncio
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_scoring import PROGRAMS, parse_args, run_naive  # noqa: E402


async def run_bwrap(env: Any, programs: list[str], inputs: list[Any], concurrency: int) -> float:
    from inspect_effdiv import ExecutionLimits, execute_program

    semaphore = asyncio.Semaphore(concurrency)
    limits = ExecutionLimits()

    async def one(program: str) -> None:
        async with semaphore:
            result = await execute_program(env, program, inputs, limits=limits)
        if result.program_status != "ok":
            raise RuntimeError(f"{result.program_status}: {result.detail}")

    start = time.perf_counter()
    await asyncio.gather(*(one(p) for p in programs))
    return time.perf_counter() - start


def run_in_process(programs: list[str], inputs: list[Any]) -> float:
    from inspect_effdiv._sandbox.inside._harness import make_encoder

    encode = make_encoder()
    start = time.perf_counter()
    for program in programs:
        namespace: dict[str, Any] = {}
        exec(program, namespace)
        f = namespace["f"]
        for args in inputs:
            try:
                value = f(*json.loads(json.dumps(args)))
                if value is not None:
                    encode(value)
            except Exception:
                pass
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    args = parse_args("cost of isolation per program", argv)

    from inspect_ai.util._sandbox.events import SandboxEnvironmentProxy
    from inspect_ai.util._sandbox.local import LocalSandboxEnvironment

    from inspect_effdiv import load_prompts
    from inspect_effdiv._sandbox.bwrap import BwrapSandboxEnvironment

    inputs = next(r for r in load_prompts() if r.id == "list-ints").test_inputs
    programs = [PROGRAMS[i % len(PROGRAMS)] for i in range(args.programs)]
    bwrap_env = BwrapSandboxEnvironment()
    local_env = LocalSandboxEnvironment()
    bwrap, local = SandboxEnvironmentProxy(bwrap_env), SandboxEnvironmentProxy(local_env)
    times: dict[str, list[float]] = {"bwrap": [], "naive": [], "floor": []}
    try:
        asyncio.run(run_bwrap(bwrap, programs[:4], inputs, args.concurrency))  # warm-up
        asyncio.run(run_naive(local, programs[:4], inputs, args.concurrency))
        for _ in range(args.rounds):
            times["bwrap"].append(asyncio.run(run_bwrap(bwrap, programs, inputs, args.concurrency)))
            times["naive"].append(asyncio.run(run_naive(local, programs, inputs, args.concurrency)))
            times["floor"].append(run_in_process(programs, inputs))
    finally:
        bwrap_env.cleanup()
        local_env.directory.cleanup()

    per = {k: statistics.median(v) * 1000 / args.programs for k, v in times.items()}
    print(
        f"programs per round: {args.programs}, inputs per program: {len(inputs)}, "
        f"rounds: {args.rounds}, concurrency: {args.concurrency}"
    )
    print(f"bwrap harness      : {per['bwrap']:7.2f} ms/program (median of rounds)")
    print(f"local naive        : {per['naive']:7.2f} ms/program (median of rounds)")
    print(f"in-process floor   : {per['floor']:7.2f} ms/program (one process, sequential)")
    print(f"ratio bwrap/naive  : {per['bwrap'] / per['naive']:7.2f} (target <= 0.30)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
