"""Errors reported to the user as one clear line."""

from __future__ import annotations

from ._inspect_private import clean_error_base

# Inspect's CLI prints these as one line, without a traceback
_CleanError = clean_error_base()


class EffdivError(ValueError, _CleanError):  # type: ignore[valid-type,misc]
    """Bad input from the user (argument, file, row); the message is one line."""

    def __init__(self, message: str) -> None:
        ValueError.__init__(self, message)
        self.message = message


def one_line(ex: BaseException, limit: int | None = 200) -> str:
    """An exception's message on one line, cut at ``limit`` characters (else its type)."""
    return " ".join(str(ex).split())[:limit] or type(ex).__name__
