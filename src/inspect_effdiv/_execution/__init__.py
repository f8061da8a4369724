"""Running programs: limits, results, the harness protocol, and execution
through any Inspect sandbox."""

from .protocol import harness_payload, parse_harness_output
from .results import (
    INPUT_STATUSES,
    PROGRAM_STATUSES,
    ExecutionLimits,
    ExecutionResult,
    InputResult,
    semantic_key,
)
from .run import default_python, execute_program, harness_dir, is_function_name

__all__ = [
    "INPUT_STATUSES",
    "PROGRAM_STATUSES",
    "ExecutionLimits",
    "ExecutionResult",
    "InputResult",
    "default_python",
    "execute_program",
    "harness_dir",
    "harness_payload",
    "is_function_name",
    "parse_harness_output",
    "semantic_key",
]
