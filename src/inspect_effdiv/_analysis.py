"""Per-prompt results from effdiv logs, and paired comparisons of two logs (METRICS.md s.6)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ._errors import EffdivError
from ._logs import REDUCER_NAME, read_effdiv_log
from ._stats import PairedTest, bootstrap_ci, paired_test, pass_at_k, unique_at_k

__all__ = ["Comparison", "compare_logs", "reduced_values", "sampling_curves"]


def _reduced_samples(log_path: str | Path) -> list[Any]:
    """The reducer's per-sample scores of an effdiv log, with one-line errors."""
    path = Path(log_path)
    log = read_effdiv_log(path, finished=True)
    reductions = [r for r in (log.reductions or []) if r.reducer == REDUCER_NAME]
    if not reductions or not reductions[0].samples:
        raise EffdivError(f"{path}: no reduced scores in the log")
    return list(reductions[0].samples)


def sampling_curves(log_path: str | Path) -> list[dict[str, float]]:
    """unique@k / k and pass@k for k = 1..K, averaged over the log's prompts.

    Per prompt from the semantic keys the reducer records (one per epoch,
    None when invalid), with the unbiased estimators of METRICS.md s.1; the
    curve stops at the smallest K over prompts.

    Raises:
        EffdivError: As :func:`reduced_values`, or when a prompt's reduction
            lacks the per-epoch semantics.
    """
    per_prompt = []
    for sample in _reduced_samples(log_path):
        keys = (sample.metadata or {}).get("semantics")
        if not isinstance(keys, list) or not keys:
            raise EffdivError(f"{log_path}: sample {sample.sample_id}: no per-epoch semantics")
        per_prompt.append(keys)
    top = min(len(keys) for keys in per_prompt)
    rows = []
    for k in range(1, top + 1):
        unique = [unique_at_k(keys, k) / k for keys in per_prompt]
        passed = [
            pass_at_k(len(keys), sum(key is not None for key in keys), k) for keys in per_prompt
        ]
        rows.append(
            {
                "k": float(k),
                "unique_at_k_over_k": math.fsum(unique) / len(unique),
                "pass_at_k": math.fsum(passed) / len(passed),
            }
        )
    return rows


def reduced_values(log_path: str | Path) -> dict[str, dict[str, float]]:
    """Each prompt's reduced metrics in an effdiv log: ``{sample id: {metric: value}}``.

    Read from ``log.reductions`` (the effective-diversity reducer's entry).

    Raises:
        EffdivError: One line naming the file: missing, unreadable, not an
            effdiv log, unfinished, or without reduced scores.
    """
    path = Path(log_path)
    out: dict[str, dict[str, float]] = {}
    for sample in _reduced_samples(path):
        if not isinstance(sample.value, dict):
            raise EffdivError(f"{path}: sample {sample.sample_id}: reduced value is not a dict")
        out[str(sample.sample_id)] = {
            str(k): float(v) if isinstance(v, int | float) else math.nan
            for k, v in sample.value.items()
        }
    return out


@dataclass(frozen=True)
class Comparison:
    """One metric of log B against log A, paired by prompt."""

    metric: str
    test: PairedTest
    ci_a: tuple[float, float]
    ci_b: tuple[float, float]


def compare_logs(
    log_a: str | Path,
    log_b: str | Path,
    *,
    d_kind: str = "paired",
    metrics: list[str] | None = None,
) -> list[Comparison]:
    """Per-prompt paired comparison of every metric (or ``metrics``) of B against A.

    Raises:
        EffdivError: The logs cover different prompt sets, or a requested
            metric is missing from either log.
    """
    if d_kind not in ("paired", "pooled"):
        raise EffdivError(f"--d: must be 'paired' or 'pooled', got {d_kind!r}")
    a, b = reduced_values(log_a), reduced_values(log_b)
    if set(a) != set(b):
        only_a, only_b = sorted(set(a) - set(b)), sorted(set(b) - set(a))
        raise EffdivError(
            f"{log_a} and {log_b} cover different prompts "
            f"({len(only_a)} only in the first, e.g. {only_a[:3]}; "
            f"{len(only_b)} only in the second, e.g. {only_b[:3]})"
        )
    ids = sorted(a)
    keys_a = set.intersection(*(set(v) for v in a.values()))
    keys_b = set.intersection(*(set(v) for v in b.values()))
    wanted = metrics or [k for k in next(iter(a.values())) if k in keys_b]
    for metric in wanted:
        if metric not in keys_a or metric not in keys_b:
            where = log_a if metric not in keys_a else log_b
            raise EffdivError(f"{where}: metric {metric!r} is missing")
    results = []
    for metric in wanted:
        xs = [a[i][metric] for i in ids]
        ys = [b[i][metric] for i in ids]
        results.append(
            Comparison(
                metric=metric,
                test=paired_test(xs, ys, d_kind="pooled" if d_kind == "pooled" else "paired"),
                ci_a=bootstrap_ci(xs),
                ci_b=bootstrap_ci(ys),
            )
        )
    return results
