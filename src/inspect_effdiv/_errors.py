"""Errors reported to the user as one clear line."""

from __future__ import annotations

try:  # Inspect's CLI prints these as one line, without a traceback
    from inspect_ai._util.error import PrerequisiteError as _CleanError
except ImportError:  # pragma: no cover - older or newer Inspect

    class _CleanError(Exception):  # type: ignore[no-redef]
        pass


class EffdivError(ValueError, _CleanError):
    """Bad input from the user (argument, file, row); the message is one line."""

    def __init__(self, message: str) -> None:
        ValueError.__init__(self, message)
        self.message = message


def one_line(ex: BaseException, limit: int | None = 200) -> str:
    """An exception's message on one line, cut at ``limit`` characters (else its type)."""
    return " ".join(str(ex).split())[:limit] or type(ex).__name__
