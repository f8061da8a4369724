"""Build the packaged prompt set from the generators in this file.

Usage::

    python dataset/build.py            # rewrite src/inspect_effdiv/data/effdiv-v0.jsonl
    python dataset/build.py --check    # exit 1 when the packaged file differs

Every prompt has hand-picked edge cases followed by inputs from a generator
seeded with the prompt's id, so rebuilding gives a byte-identical file. After a
rebuild, update ``DATASET_SHA256`` in ``src/inspect_effdiv/_dataset.py``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parents[1] / "src" / "inspect_effdiv" / "data" / "effdiv-v0.jsonl"
N_INPUTS = 24

Gen = Callable[[random.Random], list[Any]]


def _rng(prompt_id: str) -> random.Random:
    return random.Random(zlib.crc32(prompt_id.encode()))


def _word(r: random.Random, lo: int, hi: int, alphabet: str = "abcdefghijklmnopqrstuvwxyz") -> str:
    return "".join(r.choice(alphabet) for _ in range(r.randint(lo, hi)))


def _tree_edges(r: random.Random, n: int) -> list[list[int]]:
    return [[r.randint(1, v - 1), v] for v in range(2, n + 1)]


def _graph_edges(r: random.Random, n: int, m: int) -> list[list[int]]:
    seen: set[tuple[int, int]] = set()
    edges = []
    while len(edges) < m:
        u, v = r.randint(1, n), r.randint(1, n)
        if u == v or (min(u, v), max(u, v)) in seen:
            continue
        seen.add((min(u, v), max(u, v)))
        edges.append([u, v])
    return edges


def _grid(r: random.Random, h: int, w: int, density: float) -> list[str]:
    return ["".join("#" if r.random() < density else "." for _ in range(w)) for _ in range(h)]


PROMPTS: list[dict[str, Any]] = [
    {
        "id": "int-single",
        "input_description": "A single integer n with 1 <= n <= 10^6.",
        "example_input": "n = 12",
        "signature": "def f(n: int):",
        "tags": ["integers"],
        "edge": [[1], [2], [3], [10], [997], [1000000], [999999], [65536]],
        "gen": lambda r: [r.randint(1, 10**6)],
    },
    {
        "id": "int-pair",
        "input_description": "Two integers a and b with 1 <= a, b <= 10^9.",
        "example_input": "a = 6, b = 15",
        "signature": "def f(a: int, b: int):",
        "tags": ["integers"],
        "edge": [[1, 1], [1, 10**9], [10**9, 1], [10**9, 10**9], [7, 7], [12, 18], [2, 3]],
        "gen": lambda r: [r.randint(1, 10**9), r.randint(1, 10 ** r.randint(1, 9))],
    },
    {
        "id": "string-lower",
        "input_description": (
            "A string s of length between 1 and 100 made only of lowercase English letters."
        ),
        "example_input": 's = "abacaba"',
        "signature": "def f(s: str):",
        "tags": ["strings"],
        "edge": [
            ["a"],
            ["z"],
            ["aa"],
            ["ab"],
            ["abcdefghijklmnopqrstuvwxyz"],
            ["a" * 100],
            ["racecar"],
            ["zyxw"],
        ],
        "gen": lambda r: [
            _word(r, 1, 100, "abc" if r.random() < 0.5 else "abcdefghijklmnopqrstuvwxyz")
        ],
    },
    {
        "id": "list-ints",
        "input_description": (
            "A list arr of N integers, 1 <= N <= 200, each between -10^6 and 10^6 inclusive."
        ),
        "example_input": "arr = [3, -1, 4, 1, 5]",
        "signature": "def f(arr: list[int]):",
        "tags": ["lists", "integers"],
        "edge": [
            [[0]],
            [[-1000000]],
            [[1000000, 1000000]],
            [[1, 2, 3, 4, 5]],
            [[5, 4, 3, 2, 1]],
            [[7] * 200],
            [[-3, 3]],
        ],
        "gen": lambda r: [[r.randint(-(10**6), 10**6) for _ in range(r.randint(1, 200))]],
    },
    {
        "id": "list-words",
        "input_description": (
            "A list words of N strings, 1 <= N <= 50; each string has length 1 to 12 and consists "
            "of lowercase English letters. Strings may repeat."
        ),
        "example_input": 'words = ["apple", "bat", "apple", "cat"]',
        "signature": "def f(words: list[str]):",
        "tags": ["lists", "strings"],
        "edge": [
            [["a"]],
            [["a", "a"]],
            [["ab", "ba"]],
            [["abcdefghijkl"]],
            [["x", "y", "z", "x", "y", "z"]],
            [["zz", "z", "zzz"]],
        ],
        "gen": lambda r: [
            [
                _word(r, 1, 12, "abcde" if r.random() < 0.5 else "abcdefghijklmnopqrstuvwxyz")
                for _ in range(r.randint(1, 50))
            ]
        ],
    },
    {
        "id": "grid-chars",
        "input_description": (
            "A grid of H rows and W columns, 1 <= H, W <= 30, given as a list of H strings of "
            "length W; every character is '.' (empty) or '#' (blocked)."
        ),
        "example_input": 'grid = ["..#", "#..", "..."]',
        "signature": "def f(grid: list[str]):",
        "tags": ["grids"],
        "edge": [
            [["."]],
            [["#"]],
            [["." * 30] * 30],
            [["#" * 30] * 30],
            [[".#", "#."]],
            [["...", "###", "..."]],
            [["#", ".", "#"]],
        ],
        "gen": lambda r: [_grid(r, r.randint(1, 30), r.randint(1, 30), r.choice([0.1, 0.3, 0.5]))],
    },
    {
        "id": "grid-ints",
        "input_description": (
            "A matrix of H rows and W columns, 1 <= H, W <= 20, given as a list of H lists of W "
            "integers, each between 0 and 9 inclusive."
        ),
        "example_input": "matrix = [[1, 0, 3], [4, 2, 2]]",
        "signature": "def f(matrix: list[list[int]]):",
        "tags": ["grids", "integers"],
        "edge": [
            [[[0]]],
            [[[9]]],
            [[[1, 2], [3, 4]]],
            [[[0] * 20] * 20],
            [[[9] * 20] * 20],
            [[[5], [5], [5]]],
            [[[1, 2, 3]]],
        ],
        "gen": lambda r: [
            (lambda h, w: [[r.randint(0, 9) for _ in range(w)] for _ in range(h)])(
                r.randint(1, 20), r.randint(1, 20)
            )
        ],
    },
    {
        "id": "graph-undirected",
        "input_description": (
            "An undirected simple graph with n vertices numbered 1..n, 1 <= n <= 50, and M edges, "
            "0 <= M <= 200, given as a list of [u, v] pairs with u != v and no repeated edge."
        ),
        "example_input": "n = 4, edges = [[1, 2], [2, 3], [4, 1]]",
        "signature": "def f(n: int, edges: list[list[int]]):",
        "tags": ["graphs"],
        "edge": [
            [1, []],
            [2, []],
            [2, [[1, 2]]],
            [3, [[1, 2], [2, 3], [3, 1]]],
            [5, [[1, 2], [3, 4]]],
            [4, [[1, 2], [1, 3], [1, 4]]],
        ],
        "gen": lambda r: (
            lambda n: [n, _graph_edges(r, n, r.randint(0, min(200, n * (n - 1) // 2)))]
        )(r.randint(1, 50)),
    },
    {
        "id": "tree-edges",
        "input_description": (
            "A tree with n vertices numbered 1..n, 2 <= n <= 100, given as a list of n - 1 edges "
            "[u, v]."
        ),
        "example_input": "n = 5, edges = [[1, 2], [1, 3], [3, 4], [3, 5]]",
        "signature": "def f(n: int, edges: list[list[int]]):",
        "tags": ["graphs", "trees"],
        "edge": [
            [2, [[1, 2]]],
            [3, [[1, 2], [2, 3]]],
            [3, [[2, 1], [3, 1]]],
            [5, [[1, 2], [2, 3], [3, 4], [4, 5]]],
            [5, [[1, 2], [1, 3], [1, 4], [1, 5]]],
        ],
        "gen": lambda r: (lambda n: [n, _tree_edges(r, n)])(r.randint(2, 100)),
    },
    {
        "id": "intervals",
        "input_description": (
            "A list of N closed intervals, 1 <= N <= 100, each given as [l, r] with "
            "0 <= l <= r <= 10^4. Intervals may overlap or repeat."
        ),
        "example_input": "intervals = [[1, 3], [2, 6], [8, 10]]",
        "signature": "def f(intervals: list[list[int]]):",
        "tags": ["intervals"],
        "edge": [
            [[[0, 0]]],
            [[[0, 10000]]],
            [[[1, 2], [1, 2]]],
            [[[1, 2], [3, 4]]],
            [[[1, 5], [2, 3]]],
            [[[5, 5], [0, 10000], [7, 9]]],
        ],
        "gen": lambda r: [
            [
                (lambda a, b: [min(a, b), max(a, b)])(r.randint(0, 10**4), r.randint(0, 10**4))
                for _ in range(r.randint(1, 100))
            ]
        ],
    },
    {
        "id": "array-queries",
        "input_description": (
            "A list arr of N integers, 1 <= N <= 100, each between 1 and 1000, and a list of Q "
            "queries, 1 <= Q <= 100, each a pair [l, r] of 1-based indices with 1 <= l <= r <= N."
        ),
        "example_input": "arr = [5, 2, 8, 1], queries = [[1, 2], [2, 4]]",
        "signature": "def f(arr: list[int], queries: list[list[int]]):",
        "tags": ["lists", "queries"],
        "edge": [
            [[1], [[1, 1]]],
            [[1000], [[1, 1], [1, 1]]],
            [[1, 2, 3], [[1, 3]]],
            [[3, 2, 1], [[1, 1], [2, 2], [3, 3]]],
            [[7] * 100, [[1, 100]]],
        ],
        "gen": lambda r: (
            lambda n: [
                [r.randint(1, 1000) for _ in range(n)],
                [sorted([r.randint(1, n), r.randint(1, n)]) for _ in range(r.randint(1, 100))],
            ]
        )(r.randint(1, 100)),
    },
    {
        "id": "two-strings",
        "input_description": (
            "Two strings s and t, each of length between 1 and 60, made of lowercase English "
            "letters."
        ),
        "example_input": 's = "kitten", t = "sitting"',
        "signature": "def f(s: str, t: str):",
        "tags": ["strings", "pairs"],
        "edge": [
            ["a", "a"],
            ["a", "b"],
            ["ab", "ba"],
            ["abc", "abcabc"],
            ["z" * 60, "z"],
            ["listen", "silent"],
        ],
        "gen": lambda r: [
            _word(r, 1, 60, "ab" if r.random() < 0.4 else "abcdefghijklmnopqrstuvwxyz"),
            _word(r, 1, 60, "ab" if r.random() < 0.4 else "abcdefghijklmnopqrstuvwxyz"),
        ],
    },
]


def build_rows() -> list[dict[str, Any]]:
    rows = []
    for spec in PROMPTS:
        r = _rng(spec["id"])
        inputs = [list(args) for args in spec["edge"]]
        seen = {json.dumps(args) for args in inputs}
        while len(inputs) < N_INPUTS:
            args = spec["gen"](r)
            key = json.dumps(args)
            if key not in seen:
                seen.add(key)
                inputs.append(args)
        row = {
            "id": spec["id"],
            "input_description": spec["input_description"],
            "example_input": spec["example_input"],
            "signature": spec["signature"],
            "test_inputs": inputs,
            "tags": spec["tags"],
        }
        rows.append(row)
    return rows


def render(rows: list[dict[str, Any]]) -> bytes:
    return "".join(json.dumps(row, separators=(",", ":")) + "\n" for row in rows).encode("utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args(argv)
    data = render(build_rows())
    digest = hashlib.sha256(data).hexdigest()
    if args.check:
        same = OUT.exists() and OUT.read_bytes() == data
        print(f"{'identical' if same else 'DIFFERENT'}: {OUT} sha256={digest}")
        return 0 if same else 1
    OUT.write_bytes(data)
    print(f"wrote {OUT} ({len(data)} bytes, sha256={digest})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
