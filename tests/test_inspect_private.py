"""Inspect's private API is used in one module only, and every name it uses exists."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

import inspect_effdiv
from inspect_effdiv._inspect_private import PRIVATE_NAMES

PACKAGE = Path(inspect_effdiv.__file__).parent
#: ``inspect_ai.x._y`` or ``inspect_ai._x``: a module Inspect does not publish.
PRIVATE_MODULE = re.compile(r"\binspect_ai(?:\.\w+)*\._\w+")


@pytest.mark.parametrize(("module", "name"), PRIVATE_NAMES)
def test_every_private_name_still_exists(module: str, name: str) -> None:
    found: object = importlib.import_module(module)
    for part in name.split("."):
        assert hasattr(found, part), (
            f"Inspect no longer has {module}.{name}: adapt inspect_effdiv/_inspect_private.py"
        )
        found = getattr(found, part)


def test_no_other_module_reaches_into_inspect_private_modules() -> None:
    users = {
        str(path.relative_to(PACKAGE)): sorted(set(PRIVATE_MODULE.findall(path.read_text())))
        for path in PACKAGE.rglob("*.py")
        if path.name != "_inspect_private.py" and PRIVATE_MODULE.search(path.read_text())
    }
    assert users == {}


def test_the_private_modules_listed_are_the_ones_used() -> None:
    source = (PACKAGE / "_inspect_private.py").read_text()
    imported = set(re.findall(r"from (inspect_ai(?:\.\w+)*) import", source))
    private = {m for m in imported if any(part.startswith("_") for part in m.split("."))}
    assert private == {module for module, _ in PRIVATE_NAMES}
