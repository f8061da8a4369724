"""Shared fixtures: offline settings and a local sandbox for direct execution."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("HF_DATASETS_OFFLINE", "1")
os.environ.setdefault("INSPECT_LOG_LEVEL", "warning")


@pytest.fixture
def local_env():
    """A real Inspect local sandbox environment, cleaned up afterwards."""
    from inspect_ai.util._sandbox.local import LocalSandboxEnvironment

    env = LocalSandboxEnvironment()
    yield env
    env.directory.cleanup()
