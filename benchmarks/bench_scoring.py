"""Scoring cost per program: our scorer path beside the naive per-program pattern.

Both run the same prepared programs on the same test inputs through the same
Inspect local sandbox (``LocalSandboxEnvironment.exec``) with the same
concurrency, in one run, alternating rounds so that machine noise hits both:

* ``effdiv scorer``: the real ``execution_scorer`` (extraction, one harness exec
  per program, Score construction), called with a TaskState per program.
* ``naive python -c``: what common code evals do: one ``python -c`` per program
  whose source is the program plus a json-based test harness (``import json``,
  inputs as a JSON literal, results printed as JSON).

Usage::

    python benchmarks/bench_scoring.py [--programs 60] [--rounds 3] [--concurrency 2]

Target (issue 2): effdiv at most 0.6x the naive time per program.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from typing import Any

PROGRAMS = [
    "def f(arr):\n    return sum(arr)\n",
    "def f(arr):\n    return sorted(arr)\n",
    "def f(arr):\n    return max(arr) - min(arr)\n",
    "def f(arr):\n    return len(set(arr))\n",
    "def f(arr):\n    out, s = [], 0\n    for x in arr:\n        s += x\n"
    "        out.append(s)\n    return out\n",
    "from collections import Counter\n\ndef f(arr):\n"
    "    return Counter(x % 7 for x in arr).most_common(2)\n",
    "import math\n\ndef f(arr):\n    return math.gcd(*arr) if len(arr) > 1 else abs(arr[0])\n",
    "def f(arr):\n    best = cur = arr[0]\n    for x in arr[1:]:\n        cur = max(x, cur + x)\n"
    "        best = max(best, cur)\n    return best\n",
    "def f(arr):\n    return {x % 3: x for x in arr}\n",
    "def f(arr):\n    return tuple(x for x in arr if x > 0)\n",
    "def f(arr):\n"
    "    return sum(1 for i in range(len(arr)) for j in range(i) if arr[j] > arr[i])\n",
    "def f(arr):\n    return arr[0] / (arr[-1] - arr[-1])\n",  # raises
    "def f(arr):\n    if len(arr) > 3:\n        return None\n    return arr\n",  # None on most
    "def f(arr):\n    return str(sorted(arr, reverse=True)[:3])\n",
    "import heapq\n\ndef f(arr):\n    return heapq.nsmallest(3, arr)\n",
]

NAIVE_HARNESS = """
import json
{program}
_inputs = json.loads({inputs!r})
_results = []
for _args in _inputs:
    try:
        _results.append({{"status": "ok", "output": repr(f(*_args))}})
    except Exception as _exc:
        _results.append({{"status": "error", "error": type(_exc).__name__}})
print(json.dumps(_results))
"""


async def run_effdiv(
    env: Any, programs: list[str], inputs: list[list[Any]], concurrency: int
) -> float:
    from inspect_ai.model import ModelName, ModelOutput
    from inspect_ai.scorer import Target
    from inspect_ai.solver import TaskState
    from inspect_ai.util._sandbox.context import (
        sandbox_default_context_var,
        sandbox_environments_context_var,
    )

    from inspect_effdiv import execution_scorer

    sandbox_environments_context_var.set({"default": env})
    sandbox_default_context_var.set("default")
    score = execution_scorer()
    semaphore = asyncio.Semaphore(concurrency)

    async def one(i: int, program: str) -> None:
        state = TaskState(
            model=ModelName("effdiv/scripted"),
            sample_id="bench",
            epoch=i + 1,
            input="",
            messages=[],
            output=ModelOutput.from_content("effdiv/scripted", f"```python\n{program}```"),
            metadata={"test_inputs": inputs},
        )
        async with semaphore:
            result = await score(state, Target(""))
        if result is None or result.metadata is None:
            raise RuntimeError("scorer returned no metadata")

    start = time.perf_counter()
    await asyncio.gather(*(one(i, p) for i, p in enumerate(programs)))
    return time.perf_counter() - start


async def run_naive(
    env: Any, programs: list[str], inputs: list[list[Any]], concurrency: int
) -> float:
    semaphore = asyncio.Semaphore(concurrency)
    payload = json.dumps(inputs)

    async def one(program: str) -> None:
        source = NAIVE_HARNESS.format(program=program, inputs=payload)
        async with semaphore:
            result = await env.exec([sys.executable, "-c", source], timeout=30)
        if not result.success:
            raise RuntimeError(result.stderr[-500:])
        json.loads(result.stdout)

    start = time.perf_counter()
    await asyncio.gather(*(one(p) for p in programs))
    return time.perf_counter() - start


def parse_args(description: str, argv: list[str] | None) -> argparse.Namespace:
    """The options shared by the benchmarks: programs, rounds, concurrency."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--programs", type=int, default=60, help="programs per round")
    parser.add_argument("--rounds", type=int, default=3, help="alternating measurement rounds")
    parser.add_argument("--concurrency", type=int, default=2, help="concurrent execs")
    args = parser.parse_args(argv)
    if args.programs < 1 or args.rounds < 1 or args.concurrency < 1:
        parser.error("--programs, --rounds and --concurrency must be positive")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args("effdiv scoring cost per program", argv)

    from inspect_ai.util._sandbox.events import SandboxEnvironmentProxy
    from inspect_ai.util._sandbox.local import LocalSandboxEnvironment

    from inspect_effdiv import load_prompts

    record = next(r for r in load_prompts() if r.id == "list-ints")
    inputs = record.test_inputs
    programs = [PROGRAMS[i % len(PROGRAMS)] for i in range(args.programs)]
    local = LocalSandboxEnvironment()
    # the recording proxy that sandbox() hands out in a real eval
    env = SandboxEnvironmentProxy(local)
    effdiv_times, naive_times = [], []
    try:
        # warm-up: page cache, interpreter, Inspect imports
        asyncio.run(run_effdiv(env, programs[:4], inputs, args.concurrency))
        asyncio.run(run_naive(env, programs[:4], inputs, args.concurrency))
        for _ in range(args.rounds):
            effdiv_times.append(asyncio.run(run_effdiv(env, programs, inputs, args.concurrency)))
            naive_times.append(asyncio.run(run_naive(env, programs, inputs, args.concurrency)))
    finally:
        local.directory.cleanup()

    per = 1000 / args.programs
    eff = statistics.median(effdiv_times) * per
    naive = statistics.median(naive_times) * per
    print(
        f"programs per round: {args.programs}, inputs per program: {len(inputs)}, "
        f"rounds: {args.rounds}, concurrency: {args.concurrency}"
    )
    print(f"effdiv scorer      : {eff:7.1f} ms/program (median of rounds)")
    print(f"naive python -c    : {naive:7.1f} ms/program (median of rounds)")
    print(f"ratio effdiv/naive : {eff / naive:7.2f} (target <= 0.60)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
