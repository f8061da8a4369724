"""Deterministic test inputs of a spec: edge cases, then seeded generated ones."""

from __future__ import annotations

import json
import random
import zlib
from typing import Any

from .spec import N_INPUTS, PromptSpec

#: Generator draws allowed per missing input before giving up (duplicates are skipped).
_MAX_DRAWS = 200


def seeded_rng(prompt_id: str) -> random.Random:
    """The generator's random source: seeded by the prompt id (stable across Pythons)."""
    return random.Random(zlib.crc32(prompt_id.encode("utf-8")))


def build_inputs(spec: PromptSpec, n_inputs: int = N_INPUTS) -> list[list[Any]]:
    """Edge cases followed by distinct generated inputs, ``n_inputs`` in all.

    Raises:
        ValueError: when the edge cases repeat or the generator cannot produce
            enough distinct inputs.
    """
    inputs = [json.loads(json.dumps(args)) for args in spec.edge]
    seen = {json.dumps(args, sort_keys=True) for args in inputs}
    if len(seen) != len(inputs):
        raise ValueError(f"{spec.id}: repeated edge cases")
    rng = seeded_rng(spec.id)
    draws = 0
    while len(inputs) < n_inputs:
        draws += 1
        if draws > _MAX_DRAWS * n_inputs:
            raise ValueError(f"{spec.id}: generator yields too few distinct inputs")
        args = json.loads(json.dumps(spec.gen(rng)))
        key = json.dumps(args, sort_keys=True)
        if key not in seen:
            seen.add(key)
            inputs.append(args)
    return inputs
