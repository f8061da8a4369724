"""Effective semantic diversity of generated programs, for Inspect AI.

Public API: the ``effdiv`` task, the sandboxed :func:`execution_scorer`, the
:func:`effective_diversity` epoch reducer, program extraction, execution and
the pure semantic-diversity kernels.
"""

from ._dataset import (
    DATASET_SHA256,
    DATASET_VERSION,
    DatasetError,
    PromptRecord,
    load_prompts,
)
from ._errors import EffdivError
from ._execution import ExecutionLimits, ExecutionResult, InputResult, execute_program
from ._extract import extract_program
from ._metrics import nanmean, nanstderr
from ._prompts import PROMPT_TEMPLATES, render_prompt
from ._reducer import effective_diversity
from ._scorer import execution_scorer
from ._semantic import (
    div_fixed,
    div_pair,
    div_valid_pair,
    n_distinct_valid,
    semantic_diversity,
    validity,
)
from ._task import effdiv

__all__ = [
    "DATASET_SHA256",
    "DATASET_VERSION",
    "DatasetError",
    "EffdivError",
    "ExecutionLimits",
    "ExecutionResult",
    "InputResult",
    "PROMPT_TEMPLATES",
    "PromptRecord",
    "div_fixed",
    "div_pair",
    "div_valid_pair",
    "effdiv",
    "effective_diversity",
    "execute_program",
    "execution_scorer",
    "extract_program",
    "load_prompts",
    "n_distinct_valid",
    "nanmean",
    "nanstderr",
    "render_prompt",
    "semantic_diversity",
    "validity",
]
