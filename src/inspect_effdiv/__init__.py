"""Effective semantic diversity of generated programs, for Inspect AI.

Public API: the ``effdiv`` task, the sandboxed :func:`execution_scorer`, the
:func:`effective_diversity` epoch reducer, program extraction, execution, the
pure semantic and form-diversity kernels, the CodeBERTScore embedder (needs
the ``neural`` extra, imported only when used) and :func:`rescore_log`.
"""

from ._codebert import DEFAULT_NEURAL_MODEL, CodeBertEmbedder, NeuralUnavailable
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
from ._form import FORM_KEYS, form_diversity
from ._lexical import ead_distance, lexical_diversity
from ._metrics import nanmean, nanstderr
from ._neural import greedy_f1_matrix
from ._prompts import PROMPT_TEMPLATES, render_prompt
from ._reducer import effective_diversity
from ._rescore import rescore_log
from ._scorer import execution_scorer
from ._semantic import (
    div_fixed,
    div_pair,
    div_valid_pair,
    n_distinct_valid,
    semantic_diversity,
    validity,
)
from ._sweep import temperature_sweep
from ._syntactic import cast_subtrees, syntactic_distance, syntactic_diversity
from ._task import effdiv

__all__ = [
    "CodeBertEmbedder",
    "DATASET_SHA256",
    "DATASET_VERSION",
    "DEFAULT_NEURAL_MODEL",
    "DatasetError",
    "EffdivError",
    "ExecutionLimits",
    "FORM_KEYS",
    "ExecutionResult",
    "InputResult",
    "NeuralUnavailable",
    "PROMPT_TEMPLATES",
    "PromptRecord",
    "cast_subtrees",
    "div_fixed",
    "div_pair",
    "div_valid_pair",
    "ead_distance",
    "effdiv",
    "effective_diversity",
    "execute_program",
    "execution_scorer",
    "extract_program",
    "form_diversity",
    "greedy_f1_matrix",
    "lexical_diversity",
    "load_prompts",
    "n_distinct_valid",
    "nanmean",
    "nanstderr",
    "render_prompt",
    "rescore_log",
    "semantic_diversity",
    "syntactic_distance",
    "syntactic_diversity",
    "temperature_sweep",
    "validity",
]
