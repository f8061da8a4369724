"""Epoch reducer: effective semantic diversity of one prompt's generations."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable

from inspect_ai.scorer import Score, ScoreReducer, score_reducer

from ._semantic import semantic_diversity

__all__ = ["effective_diversity"]


@score_reducer
def effective_diversity(
    *, valid_key: str = "valid", semantics_key: str = "semantics"
) -> ScoreReducer:
    """Reduce the epochs of a sample to its diversity metrics.

    Reads, for every epoch's score, validity from ``score.value[valid_key]``
    (truthy = valid) and the semantic identity from
    ``score.metadata[semantics_key]``. Returns a score whose value holds
    ``validity``, ``div_fixed``, ``div_pair``, ``div_valid_pair``,
    ``n_distinct_valid`` and ``k`` (NaN where undefined). Correct on partial
    epoch lists: ``k`` is the number of epochs actually scored.

    Args:
        valid_key: Key of the per-epoch value that says whether it is valid.
        semantics_key: Metadata key holding the semantic identity (any
            hashable, typically the SHA-256 of the output trace).
    """

    def reduce(scores: list[Score]) -> Score:
        keys = [_semantic_key(score, valid_key, semantics_key) for score in scores]
        value = semantic_diversity(keys)
        classes = Counter(key for key in keys if key is not None)
        sizes = sorted(classes.values(), reverse=True)
        n_valid = sum(sizes)
        explanation = (
            f"{len(keys)} generations, {n_valid} valid, {len(sizes)} distinct valid "
            f"semantics" + (f" (class sizes {', '.join(map(str, sizes))})" if sizes else "")
        )
        return Score(
            value=value,
            explanation=explanation,
            metadata={
                "class_sizes": sizes,
                "n_valid": n_valid,
                "semantics": [str(key) if key is not None else None for key in keys],
            },
        )

    return reduce


def _semantic_key(score: Score, valid_key: str, semantics_key: str) -> Hashable | None:
    value = score.value
    valid = bool(value.get(valid_key)) if isinstance(value, dict) else False
    if not valid:
        return None
    key = (score.metadata or {}).get(semantics_key)
    if isinstance(key, list):
        key = tuple(key)
    return key if isinstance(key, Hashable) else None
