"""Lint, format and type checks run as part of the test suite."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PATHS = ["src", "tests", "benchmarks", "dataset", "examples"]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True)


def test_ruff_lint() -> None:
    result = run("ruff", "check", *PATHS)
    assert result.returncode == 0, result.stdout[-3000:]


def test_ruff_format() -> None:
    result = run("ruff", "format", "--check", *PATHS)
    assert result.returncode == 0, result.stdout[-3000:]


@pytest.mark.timeout(600)
def test_mypy_strict() -> None:
    result = run("mypy")
    assert result.returncode == 0, result.stdout[-3000:]
