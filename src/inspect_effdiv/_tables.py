"""Paper-style comparison tables (Tables 2 and 3) over paired configurations.

Each observation is one configuration's dataset-level average of a metric
(paper eq. 1); the two levels of the compared factor are tested with the
two-sided Wilcoxon signed-rank test over the configuration pairs, with
Cohen's d (positive: the second level is higher). Means carry 95% bootstrap
intervals over prompts.
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ._configurations import (
    Configuration,
    Contrast,
    average,
    pair_configurations,
    prompt_matrix,
)
from ._errors import EffdivError
from ._output import strict_json
from ._stats import PairedTest, bootstrap_ci_of_means, complete_pairs, paired_test

__all__ = [
    "ALL_METRICS",
    "METRIC_TITLES",
    "TableRow",
    "VALID_METRICS",
    "configuration_table",
    "render_table",
]

#: Metrics over all generations (paper Table 2), in column order.
ALL_METRICS = ("validity", "div_pair", "div_fixed", "syntactic", "lexical", "neural")
#: Metrics over valid generations only (paper Table 3).
VALID_METRICS = ("div_valid_pair", "syntactic_valid", "lexical_valid", "neural_valid")

METRIC_TITLES = {
    "validity": "Validity",
    "div_pair": "Semantic",
    "div_fixed": "Semantic (fixed)",
    "div_valid_pair": "Semantic",
    "n_distinct_valid": "Distinct valid",
    "syntactic": "Syntactic",
    "syntactic_valid": "Syntactic",
    "lexical": "Lexical",
    "lexical_valid": "Lexical",
    "neural": "Neural",
    "neural_valid": "Neural",
}

_NO_CI = (math.nan, math.nan)

_SUBSET_TITLES = {"all": "All generations", "valid": "Valid generations only"}


def _subset(metric: str) -> str:
    return "valid" if metric in VALID_METRICS or metric.endswith("_valid") else "all"


@dataclass(frozen=True)
class TableRow:
    """One metric of one contrast, tested over configuration pairs."""

    contrast: Contrast
    metric: str
    pairs: int
    """Configuration pairs in the contrast (the test uses those without NaN)."""
    test: PairedTest
    ci_a: tuple[float, float]
    ci_b: tuple[float, float]

    @property
    def subset(self) -> str:
        """``all`` or ``valid`` (which of the paper's two tables the metric is in)."""
        return _subset(self.metric)


def configuration_table(
    configurations: Sequence[Configuration],
    contrasts: Sequence[Contrast],
    *,
    d_kind: Literal["paired", "pooled"] = "paired",
    metrics: Sequence[str] | None = None,
    ignore: Sequence[str] = (),
    drop_unpaired: bool = False,
) -> list[TableRow]:
    """Test every metric (all generations and valid-only) for every contrast.

    ``metrics`` defaults to :data:`ALL_METRICS` and :data:`VALID_METRICS`
    that the logs report.

    Raises:
        EffdivError: From pairing (unpaired configurations, nothing pairs)
            or from the logs (different prompts, a missing metric).
    """
    if metrics is None:
        reported = {m for c in configurations for m in c.summary.metrics()}
        metrics = [m for m in (*ALL_METRICS, *VALID_METRICS) if m in reported]
    rows = []
    for contrast in contrasts:
        pairs = pair_configurations(
            configurations, contrast, ignore=ignore, drop_unpaired=drop_unpaired
        )
        for metric in metrics:
            # one matrix over both sides checks that every log covers the same prompts
            matrix = prompt_matrix([p.a for p in pairs] + [p.b for p in pairs], metric)
            rows_a, rows_b = matrix[: len(pairs)], matrix[len(pairs) :]
            a, b = [average(r) for r in rows_a], [average(r) for r in rows_b]
            # the intervals cover the pairs the test keeps (both averages defined)
            kept = complete_pairs(a, b)
            rows.append(
                TableRow(
                    contrast=contrast,
                    metric=metric,
                    pairs=len(pairs),
                    test=paired_test(a, b, d_kind=d_kind),
                    ci_a=bootstrap_ci_of_means([rows_a[i] for i in kept]) if kept else _NO_CI,
                    ci_b=bootstrap_ci_of_means([rows_b[i] for i in kept]) if kept else _NO_CI,
                )
            )
    return rows


def _p(p: float) -> str:
    if math.isnan(p):
        return "n/a"
    return "<0.001" if p < 0.001 else f"{p:.3f}"


def _d(d: float) -> str:
    return "n/a" if math.isnan(d) else f"{d:.2f}"


def _records(rows: Sequence[TableRow], d_name: str) -> list[dict[str, object]]:
    return [
        {
            "factor": r.contrast.factor,
            "comparison": r.contrast.name,
            "subset": r.subset,
            "metric": r.metric,
            "pairs": r.pairs,
            "n": r.test.n,
            "mean_a": r.test.mean_a,
            "ci_a_low": r.ci_a[0],
            "ci_a_high": r.ci_a[1],
            "mean_b": r.test.mean_b,
            "ci_b_low": r.ci_b[0],
            "ci_b_high": r.ci_b[1],
            "p_wilcoxon": r.test.p_value,
            d_name: r.test.d,
        }
        for r in rows
    ]


def _wide(
    rows: Sequence[TableRow],
) -> list[tuple[str, list[str], list[tuple[str, list[TableRow]]]]]:
    """Per subset: its metrics and, per contrast, the rows in metric order."""
    out = []
    for subset in ("all", "valid"):
        chosen = [r for r in rows if r.subset == subset]
        if not chosen:
            continue
        metrics = list(dict.fromkeys(r.metric for r in chosen))
        lines = []
        for contrast in dict.fromkeys(r.contrast for r in chosen):
            by_metric = {r.metric: r for r in chosen if r.contrast == contrast}
            lines.append((f"{contrast.factor}: {contrast.name}", [by_metric[m] for m in metrics]))
        out.append((subset, metrics, lines))
    return out


def _bold_p(row: TableRow, wrap: str) -> str:
    text = _p(row.test.p_value)
    return wrap.format(text) if row.test.p_value < 0.05 else text


def _bold_d(row: TableRow, wrap: str) -> str:
    text = _d(row.test.d)
    return wrap.format(text) if abs(row.test.d) > 0.8 else text


def render_table(
    rows: Sequence[TableRow], fmt: Literal["markdown", "csv", "latex", "json"], d_kind: str
) -> str:
    """The table as markdown or LaTeX (paper layout: p and d per metric, one table per
    subset, bold p < 0.05 and |d| > 0.8), or as CSV / JSON records with means and CIs."""
    d_name = "d_z" if d_kind == "paired" else "d_pooled"
    if not rows:
        raise EffdivError("no metric to compare (the logs report none of the known metrics)")
    if fmt == "json":
        return strict_json(_records(rows, d_name))
    if fmt == "csv":
        records = _records(rows, d_name)
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=list(records[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(records)
        return out.getvalue().rstrip("\n")
    blocks = []
    for subset, metrics, lines in _wide(rows):
        titles = [METRIC_TITLES.get(m, m) for m in metrics]
        if fmt == "markdown":
            header = ["Comparison", "pairs"]
            for title in titles:
                header += [f"{title} p", f"{title} {d_name}"]
            table = [f"**{_SUBSET_TITLES[subset]}**", ""]
            table.append("| " + " | ".join(header) + " |")
            table.append("|" + "|".join(["---"] + ["---:"] * (len(header) - 1)) + "|")
            for name, cells in lines:
                values = [name, str(cells[0].pairs)]
                for r in cells:
                    values += [_bold_p(r, "**{}**"), _bold_d(r, "**{}**")]
                table.append("| " + " | ".join(values) + " |")
            blocks.append("\n".join(table))
        else:
            columns = "l r " + " ".join("r r" for _ in metrics)
            d_label = r"$d_z$" if d_kind == "paired" else r"$d$ (pooled)"
            table = [
                r"\begin{table}[t]",
                r"\centering",
                rf"\begin{{tabular}}{{{columns}}}",
                r"\toprule",
                " & & "
                + " & ".join(rf"\multicolumn{{2}}{{c}}{{{_latex(t)}}}" for t in titles)
                + r" \\",
                "Comparison & pairs & "
                + " & ".join(rf"W ($p$) & ES ({d_label})" for _ in titles)
                + r" \\",
                r"\midrule",
            ]
            for name, cells in lines:
                values = [_latex(name), str(cells[0].pairs)]
                for r in cells:
                    values += [
                        _bold_p(r, r"\textbf{{{}}}").replace("<", r"$<$"),
                        _bold_d(r, r"\textbf{{{}}}"),
                    ]
                table.append(" & ".join(values) + r" \\")
            table += [
                r"\bottomrule",
                r"\end{tabular}",
                rf"\caption{{{_SUBSET_TITLES[subset]}: two-sided Wilcoxon signed-rank $p$ and "
                rf"Cohen's {d_label} over configuration pairs (positive: the second level is "
                r"higher); bold: $p < 0.05$, $|d| > 0.8$.}",
                r"\end{table}",
            ]
            blocks.append("\n".join(table))
    return "\n\n".join(blocks)


def _latex(text: str) -> str:
    for char, escaped in (("\\", r"\textbackslash{}"), ("&", r"\&"), ("%", r"\%"), ("_", r"\_")):
        text = text.replace(char, escaped)
    for char in "#$":
        text = text.replace(char, "\\" + char)
    return text
