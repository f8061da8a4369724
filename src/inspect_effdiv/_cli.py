"""The ``inspect-effdiv`` command line: work on finished logs (``inspect-effdiv rescore LOG``)."""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from ._errors import EffdivError

__all__ = ["main"]


class _Parser(argparse.ArgumentParser):
    """Usage errors as one line naming the argument (``--help`` shows the usage)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="inspect-effdiv", description="Effective semantic diversity: tools for finished logs."
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
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 for bad input)."""
    args = _parser().parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s: %(message)s")
    try:
        if args.command == "rescore":
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
    except EffdivError as ex:
        print(f"inspect-effdiv {args.command}: error: {ex.message}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
