"""Machine-readable output shared by the command-line reports."""

from __future__ import annotations

import json
import math
from typing import Any

__all__ = ["strict_json"]


def _finite(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_finite(v) for v in value]
    return value


def strict_json(data: Any) -> str:
    """Indented JSON that any parser reads: NaN (an undefined metric or test) becomes null."""
    return json.dumps(_finite(data), indent=1, allow_nan=False)
