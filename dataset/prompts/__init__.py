"""Prompt modules: each ``pNN_*.py`` here defines ``PROMPTS: list[PromptSpec]``."""

from __future__ import annotations

import importlib
import pkgutil

from ..spec import PromptSpec


def module_names() -> list[str]:
    """Prompt modules, in build order."""
    return sorted(m.name for m in pkgutil.iter_modules(__path__) if m.name.startswith("p"))


def all_specs(modules: list[str] | None = None) -> list[PromptSpec]:
    """Every spec of the given modules (default: all), in build order."""
    specs: list[PromptSpec] = []
    for name in modules or module_names():
        module = importlib.import_module(f"{__name__}.{name}")
        specs.extend(module.PROMPTS)
    return specs
