"""Helpers shared by several prompt modules (not a prompt module: the loader skips it).

Only helpers that behave exactly alike in every module that uses them live here;
variants that differ (in checks, messages or random draws) stay in their modules.
"""

from __future__ import annotations

import random
from typing import Any

LOWER: str = "abcdefghijklmnopqrstuvwxyz"
"""The lowercase ASCII letters."""

DIGITS: str = "0123456789"
"""The ASCII decimal digits."""

DNA: str = "ACGT"
"""The four DNA bases."""


def _word(r: random.Random, lo: int, hi: int, alphabet: str = LOWER) -> str:
    """A random string over alphabet whose length is drawn first from lo..hi."""
    return "".join(r.choice(alphabet) for _ in range(r.randint(lo, hi)))


def _is_int(x: Any) -> bool:
    """Whether x is an int and not a bool."""
    return isinstance(x, int) and not isinstance(x, bool)


def _int_in(x: Any, lo: int, hi: int, name: str) -> None:
    """Assert that x is an integer (not a bool) in [lo, hi]."""
    assert _is_int(x), f"{name} must be an integer"
    assert lo <= x <= hi, f"{name}={x} outside [{lo}, {hi}]"


def _lower_word(s: Any, lo: int, hi: int, name: str) -> None:
    """Assert that s is a string of lo..hi lowercase ASCII letters."""
    assert isinstance(s, str), f"{name} must be a string"
    assert lo <= len(s) <= hi, f"len({name})={len(s)} outside [{lo}, {hi}]"
    assert all(c in LOWER for c in s), f"{name} has a character that is not a lowercase letter"


def _str_over(s: Any, lo: int, hi: int, alphabet: str, name: str) -> None:
    """Assert that s is a string of lo..hi characters, all in alphabet."""
    assert isinstance(s, str), f"{name} must be a string"
    assert lo <= len(s) <= hi, f"len({name})={len(s)} outside [{lo}, {hi}]"
    assert all(c in alphabet for c in s), f"{name} has a character outside {alphabet!r}"


def _list_of(xs: Any, lo: int, hi: int, name: str) -> None:
    """Assert that xs is a list with lo..hi items."""
    assert isinstance(xs, list), f"{name} must be a list"
    assert lo <= len(xs) <= hi, f"len({name})={len(xs)} outside [{lo}, {hi}]"
