"""A free list of things lent out one at a time: uids for fresh sandboxes, warm
sandboxes.

Not an asyncio.Semaphore: those bind to the first event loop that waits on
them, and one process may run several evals, each in its own loop. Waiting is
rare (Inspect runs at most as many sandboxes at once as there are slots), so a
short sleep loop is enough.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Generic, TypeVar

__all__ = ["FreeList"]

T = TypeVar("T")


class FreeList(Generic[T]):
    """Items lent out one at a time.

    Args:
        items: The items, all free at first.
        what: What the items are, for the error when none is free.
        reuse_last: Lend the most recently returned item first (warm sandboxes:
            the ones already started); otherwise the one returned longest ago.
    """

    def __init__(self, items: Iterable[T], *, what: str, reuse_last: bool = False) -> None:
        self._free = list(items)
        self._what = what
        self._reuse_last = reuse_last

    def __iter__(self) -> Iterator[T]:
        """The items free now."""
        return iter(list(self._free))

    @contextmanager
    def borrow_sync(self) -> Iterator[T]:
        """Borrow an item for a block of synchronous code (one must be free)."""
        item = self._take()
        try:
            yield item
        finally:
            self._free.append(item)

    async def acquire(self) -> T:
        """Borrow an item, waiting until one is free."""
        while not self._free:
            await asyncio.sleep(0.005)
        return self._take()

    def release(self, item: T) -> None:
        """Give back an item."""
        self._free.append(item)

    def _take(self) -> T:
        if not self._free:
            raise RuntimeError(f"all {self._what} are in use")
        return self._free.pop() if self._reuse_last else self._free.pop(0)
