"""Inspect entry point: importing this module registers every component."""

# ruff: noqa: F401
from ._reducer import effective_diversity
from ._sandbox.bwrap import BwrapSandboxEnvironment
from ._scorer import execution_scorer
from ._scripted import effdiv_model
from ._task import effdiv
