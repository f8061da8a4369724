"""The ``inspect-effdiv`` command line: ``rescore``, ``compare``, ``table``, ``plot``, ``curve``
and ``sweep``."""

from __future__ import annotations

import argparse
import dataclasses
import logging
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from ._errors import EffdivError

__all__ = ["main"]


class _Parser(argparse.ArgumentParser):
    """Usage errors as one line naming the argument (``--help`` shows the usage)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="inspect-effdiv", description="Effective semantic diversity: runs and finished logs."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    rescore = commands.add_parser(
        "rescore",
        help="recompute the diversity metrics of a log into a new log (no model, no execution)",
        description=(
            "Recompute every sample's diversity metrics from the programs and execution "
            "results stored in LOG, e.g. to add the neural metric on a machine that has the "
            "model, and write a new log that inspect view opens."
        ),
    )
    rescore.add_argument("log", type=Path, metavar="LOG", help="an effdiv .eval or .json log")
    rescore.add_argument(
        "-o", "--output", type=Path, help="new log to write (default: LOG-rescored.eval)"
    )
    rescore.add_argument(
        "--neural-model",
        metavar="NAME_OR_DIR",
        help="CodeBERTScore model (default: the one the log recorded; 'none' turns it off)",
    )
    rescore.add_argument("--neural-layers", type=int, metavar="N", help="layer of the neural model")
    rescore.add_argument("--overwrite", action="store_true", help="replace OUTPUT if it exists")

    compare = commands.add_parser(
        "compare",
        help="paired comparison of two logs on the same prompts (Wilcoxon, Cohen's d)",
        description=(
            "Pair two effdiv logs by prompt and report, for every metric, the two means with "
            "95% bootstrap intervals, n, the two-sided Wilcoxon signed-rank p-value and "
            "Cohen's d of B against A (positive: B higher)."
        ),
    )
    compare.add_argument("log_a", type=Path, metavar="LOG_A")
    compare.add_argument("log_b", type=Path, metavar="LOG_B")
    compare.add_argument("--format", choices=["table", "json", "csv"], default="table")
    _test_options(compare)

    curve = commands.add_parser(
        "curve",
        help="unique@k / k and pass@k for k = 1..K (unbiased estimators), per log",
        description=(
            "For each log, the expected number of distinct valid programs in k samples divided "
            "by k, and pass@k, for k = 1..K, averaged over prompts: does the number of distinct "
            "programs saturate as the sampling budget grows?"
        ),
    )
    curve.add_argument("logs", type=Path, nargs="+", metavar="LOG")
    curve.add_argument("--format", choices=["table", "json", "csv"], default="table")
    curve.add_argument(
        "--plot", type=Path, metavar="PATH", help="also draw the curves to PATH.png and PATH.pdf"
    )
    curve.add_argument(
        "--label",
        action="append",
        metavar="NAME",
        help="the figure's name for each LOG, in order (default: model and temperature)",
    )

    table = commands.add_parser(
        "table",
        help="paper-style tables: paired configurations, Wilcoxon p and Cohen's d per metric",
        description=(
            "Compare levels of one factor (e.g. post-training method or size) as in the "
            "paper's Tables 2 and 3: each configuration's dataset-level average is paired with "
            "the configuration at the other level whose other factors all match; for every "
            "metric, over all generations and valid-only, the two-sided Wilcoxon signed-rank p "
            "and Cohen's d (positive: the second level is higher). MANIFEST (CSV or YAML) "
            "lists each log with its factors; see the README."
        ),
    )
    table.add_argument("manifest", type=Path, metavar="MANIFEST")
    table.add_argument(
        "--compare",
        action="append",
        required=True,
        metavar="FACTOR[=A:B]",
        help="levels to compare, e.g. post_training=base:sft or post_training=sft:dpo+rl "
        "(pooled levels); a bare FACTOR with two levels compares them (repeatable)",
    )
    table.add_argument("--format", choices=["markdown", "csv", "latex", "json"], default="markdown")
    _test_options(table)
    table.add_argument(
        "--ignore",
        action="append",
        default=[],
        metavar="FACTOR",
        help="leave FACTOR out of the pairing match (repeatable)",
    )
    table.add_argument(
        "--drop-unpaired",
        action="store_true",
        help="leave out configurations without a partner instead of failing",
    )
    _where_option(table)

    plot = commands.add_parser(
        "plot",
        help="the paper's figures from a manifest: temperature, models, efficiency (PNG + PDF)",
        description=(
            "Draw a figure from the logs a MANIFEST lists: 'temperature' (metrics and "
            "validity against temperature, one line per model), 'models' (one bar per model, "
            "grouped by family and coloured by post-training method) or 'efficiency' "
            "(semantic diversity per billion parameters against parameter count, log scale). "
            "Error bars are 95%% bootstrap intervals over prompts."
        ),
    )
    plot.add_argument("kind", choices=["temperature", "models", "efficiency"])
    plot.add_argument("manifest", type=Path, metavar="MANIFEST")
    plot.add_argument(
        "-o",
        "--output",
        type=Path,
        metavar="PATH",
        help="writes PATH.png and PATH.pdf (default: effdiv-KIND in the current directory)",
    )
    plot.add_argument(
        "--metric",
        action="append",
        help="metric to draw (repeatable for temperature; default: validity and all diversity "
        "metrics for temperature, div_fixed otherwise)",
    )
    plot.add_argument(
        "--group",
        metavar="FACTOR",
        help="models: factor that groups the bars (default family)",
    )
    plot.add_argument(
        "--colour",
        metavar="FACTOR",
        help="factor that colours bars or points (default post_training for "
        "models, family for efficiency)",
    )
    _where_option(plot)

    sweep = commands.add_parser(
        "sweep",
        help="run the task at several temperatures into one log directory (an Inspect eval-set)",
        description=(
            "Run effdiv once per temperature as one Inspect eval-set: one log per temperature "
            "in LOG_DIR, each recording its temperature; rerunning completes what is missing."
        ),
    )
    sweep.add_argument("--model", required=True, help="model, e.g. hf/... or effdiv/...")
    sweep.add_argument(
        "--temperatures",
        required=True,
        type=_temperatures,
        metavar="T1,T2,...",
        help="comma-separated temperatures, e.g. 0.2,0.6,1.0,1.4",
    )
    sweep.add_argument("--log-dir", required=True, help="the sweep's log directory")
    sweep.add_argument("--limit", type=int, help="first N prompts")
    sweep.add_argument("--epochs", type=int, help="samples per prompt (default 32)")
    sweep.add_argument("--top-p", type=float, help="nucleus sampling threshold")
    sweep.add_argument("--max-tokens", type=int, help="tokens per completion")
    sweep.add_argument("--max-connections", type=int, help="concurrent requests (batch size)")
    sweep.add_argument(
        "--fail-on-error", type=float, default=0.05, help="tolerated error fraction (0.05)"
    )
    sweep.add_argument("-T", dest="task_args", action="append", default=[], metavar="NAME=VALUE")
    sweep.add_argument("-M", dest="model_args", action="append", default=[], metavar="NAME=VALUE")
    return parser


def _test_options(parser: argparse.ArgumentParser) -> None:
    """--d and --metric, shared by compare and table."""
    parser.add_argument(
        "--d", choices=["paired", "pooled"], default="paired", help="effect size (default d_z)"
    )
    parser.add_argument("--metric", action="append", help="only this metric (repeatable)")


def _where_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--where",
        action="append",
        default=[],
        metavar="FACTOR=VALUE",
        help="only configurations with this factor value (repeatable)",
    )


def _where(items: list[str]) -> dict[str, str]:
    out = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise EffdivError(f"--where {item}: expected FACTOR=VALUE")
        out[name.strip()] = value.strip()
    return out


def _configurations(manifest_path: Path, where: list[str]) -> tuple[Any, list[Any]]:
    """The manifest (narrowed by --where) and its configurations."""
    from ._configurations import load_configurations
    from ._manifest import read_manifest

    wanted = _where(where)
    manifest = read_manifest(manifest_path)
    # narrow first, so that logs --where leaves out are not read; temperatures
    # may be known only from the logs, so that filter comes after reading them
    manifest = manifest.select({k: v for k, v in wanted.items() if k != "temperature"})
    configurations = load_configurations(manifest)
    filled = dataclasses.replace(manifest, entries=tuple(c.entry for c in configurations))
    if "temperature" in wanted:
        filled = filled.select({"temperature": wanted["temperature"]})
    kept = {id(e) for e in filled.entries}
    selected = [c for c in configurations if id(c.entry) in kept]
    if not selected:
        raise EffdivError(f"{manifest_path}: no configuration matches --where {' '.join(where)}")
    return filled, selected


def _format_comparison(rows: list[Any], fmt: str, d_kind: str) -> str:
    """The comparison as an aligned table, JSON or CSV."""
    import csv
    import io

    from ._output import strict_json

    d_name = "d_z" if d_kind == "paired" else "d_pooled"
    records = [
        {
            "metric": row.metric,
            "n": row.test.n,
            "mean_a": row.test.mean_a,
            "ci_a": list(row.ci_a),
            "mean_b": row.test.mean_b,
            "ci_b": list(row.ci_b),
            "p_wilcoxon": row.test.p_value,
            d_name: row.test.d,
        }
        for row in rows
    ]
    if fmt == "json":
        return strict_json(records)
    if fmt == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(
            [
                "metric",
                "n",
                "mean_a",
                "ci_a_low",
                "ci_a_high",
                "mean_b",
                "ci_b_low",
                "ci_b_high",
                "p_wilcoxon",
                d_name,
            ]
        )
        for r in records:
            writer.writerow(
                [
                    r["metric"],
                    r["n"],
                    r["mean_a"],
                    *r["ci_a"],
                    r["mean_b"],
                    *r["ci_b"],
                    r["p_wilcoxon"],
                    r[d_name],
                ]
            )
        return out.getvalue().rstrip("\n")
    header = f"{'metric':18s} {'n':>4s} {'mean A [95% CI]':>26s} {'mean B [95% CI]':>26s}"
    lines = [f"{header} {'p (Wilcoxon)':>13s} {d_name:>9s}"]
    for r in records:
        a = f"{r['mean_a']:.3f} [{r['ci_a'][0]:.3f}, {r['ci_a'][1]:.3f}]"
        b = f"{r['mean_b']:.3f} [{r['ci_b'][0]:.3f}, {r['ci_b'][1]:.3f}]"
        lines.append(
            f"{r['metric']:18s} {r['n']:4d} {a:>26s} {b:>26s} "
            f"{r['p_wilcoxon']:13.4g} {r[d_name]:9.3f}"
        )
    return "\n".join(lines)


def _format_curves(curves: dict[str, list[dict[str, float]]], fmt: str) -> str:
    """Sampling curves of several logs as a table, JSON or CSV."""
    from ._output import strict_json

    if fmt == "json":
        return strict_json(curves)
    rows = [(log, row) for log, points in curves.items() for row in points]
    if fmt == "csv":
        lines = ["log,k,unique_at_k_over_k,pass_at_k"]
        lines += [
            f"{log},{int(r['k'])},{r['unique_at_k_over_k']!r},{r['pass_at_k']!r}" for log, r in rows
        ]
        return "\n".join(lines)
    lines = []
    for log, points in curves.items():
        lines.append(log)
        lines.append(f"{'k':>4s} {'unique@k/k':>11s} {'pass@k':>8s}")
        lines += [
            f"{int(r['k']):4d} {r['unique_at_k_over_k']:11.4f} {r['pass_at_k']:8.4f}"
            for r in points
        ]
    return "\n".join(lines)


def _temperatures(text: str) -> list[float]:
    try:
        values = [float(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a list of numbers: {text!r}") from None
    if not values:
        raise argparse.ArgumentTypeError("no temperature given")
    return values


def _assignments(option: str, items: list[str]) -> dict[str, Any]:
    """``NAME=VALUE`` pairs, values read as YAML scalars (as Inspect's -T and -M do)."""
    import yaml

    out: dict[str, Any] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise EffdivError(f"{option} {item}: expected NAME=VALUE")
        out[name] = yaml.safe_load(value) if value else value
    return out


def _known(manifest: Any, name: str | None) -> str | None:
    """``name`` if the manifest has that factor, or names its models (the defaults are
    optional columns)."""
    if not name:
        return None
    return name if name in manifest.factor_names or manifest.levels(name) else None


def _rescore(args: argparse.Namespace) -> int:
    from ._rescore import rescore_log

    if args.neural_layers is not None and args.neural_layers < 0:
        raise EffdivError(f"--neural-layers: must be >= 0, got {args.neural_layers}")
    written = rescore_log(
        args.log,
        args.output,
        neural_model=args.neural_model,
        neural_layers=args.neural_layers,
        overwrite=args.overwrite,
    )
    print(f"wrote {written}")
    return 0


def _compare(args: argparse.Namespace) -> int:
    from ._analysis import compare_logs

    rows = compare_logs(args.log_a, args.log_b, d_kind=args.d, metrics=args.metric)
    print(_format_comparison(rows, args.format, args.d))
    return 0


def _curve(args: argparse.Namespace) -> int:
    from ._analysis import sampling_curves, summarise_log

    if args.label and len(args.label) != len(args.logs):
        raise EffdivError(f"--label: {len(args.label)} given for {len(args.logs)} logs")
    if args.label and len(set(args.label)) != len(args.label):
        raise EffdivError("--label: the names must differ")
    logs = list(args.logs)
    seen: dict[Path, Path] = {}
    for path in logs:
        if path.resolve() in seen:
            raise EffdivError(f"{path}: the same log as {seen[path.resolve()]}, given twice")
        seen[path.resolve()] = path
    if not args.label:  # a sweep's glob lists logs by file name: order them by model, temperature
        summaries = {path: summarise_log(path) for path in logs}
        logs.sort(key=lambda p: (summaries[p].model, summaries[p].temperature or 0.0))
    curves = {str(path): sampling_curves(path) for path in logs}
    print(_format_curves(curves, args.format))
    if args.plot is not None:
        from ._plots import plot_curves

        labelled: dict[str, list[dict[str, float]]] = {}
        for index, (path, rows) in enumerate(zip(logs, curves.values(), strict=True)):
            if args.label:
                label = args.label[index]
            else:
                summary = summarise_log(path)
                label = summary.model
                if summary.temperature is not None:
                    label += f" T={summary.temperature:g}"
                if label in labelled:
                    label += f" (log {index + 1})"
            labelled[label] = rows
        for written in plot_curves(labelled, args.plot):
            print(f"wrote {written}", file=sys.stderr)
    return 0


def _table(args: argparse.Namespace) -> int:
    from ._configurations import parse_contrast
    from ._tables import configuration_table, render_table

    manifest, configurations = _configurations(args.manifest, args.where)
    contrasts = [parse_contrast(text, manifest) for text in args.compare]
    for name in args.ignore:
        manifest.check_factor(name, f"--ignore {name}")
    rows = configuration_table(
        configurations,
        contrasts,
        d_kind=args.d,
        metrics=args.metric,
        ignore=args.ignore,
        drop_unpaired=args.drop_unpaired,
    )
    print(render_table(rows, args.format, args.d))
    return 0


def _plot(args: argparse.Namespace) -> int:
    from . import _plots

    manifest, configurations = _configurations(args.manifest, args.where)
    for option, name in (("--group", args.group), ("--colour", args.colour)):
        if name:
            manifest.check_factor(name, f"{option} {name}")
    output = args.output or Path(f"effdiv-{args.kind}")
    if args.kind == "temperature":
        metrics = args.metric or [
            m
            for m in _plots.FIGURE_METRICS
            if any(m in c.summary.metrics() for c in configurations)
        ]
        written = _plots.plot_temperature(configurations, metrics, output)
    else:
        if args.metric and len(args.metric) > 1:
            raise EffdivError(f"--metric: plot {args.kind} draws one metric")
        metric = args.metric[0] if args.metric else "div_fixed"
        if args.kind == "models":
            written = _plots.plot_models(
                configurations,
                metric,
                output,
                group=_known(manifest, args.group or "family"),
                colour=_known(manifest, args.colour or "post_training"),
            )
        else:
            written = _plots.plot_efficiency(
                configurations, metric, output, colour=_known(manifest, args.colour or "family")
            )
    for path in written:
        print(f"wrote {path}")
    return 0


def _sweep(args: argparse.Namespace) -> int:
    from ._sweep import temperature_sweep

    options = {
        "limit": args.limit,
        "epochs": args.epochs,
        "top_p": args.top_p,
        "max_tokens": args.max_tokens,
        "max_connections": args.max_connections,
    }
    success, _ = temperature_sweep(
        args.model,
        args.temperatures,
        args.log_dir,
        task_args=_assignments("-T", args.task_args),
        model_args=_assignments("-M", args.model_args),
        fail_on_error=args.fail_on_error,
        **{k: v for k, v in options.items() if v is not None},
    )
    print(f"{'complete' if success else 'incomplete (rerun to resume)'}: {args.log_dir}")
    return 0 if success else 1


_COMMANDS = {
    "rescore": _rescore,
    "compare": _compare,
    "curve": _curve,
    "table": _table,
    "plot": _plot,
    "sweep": _sweep,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 for bad input)."""
    args = _parser().parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s: %(message)s")
    try:
        return _COMMANDS[args.command](args)
    except EffdivError as ex:
        print(f"inspect-effdiv {args.command}: error: {ex.message}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
