"""The first twelve prompts (dataset v0), one of each common input kind."""

from __future__ import annotations

import random
from typing import Any

from ..spec import PromptSpec
from ._common import LOWER, _int_in, _lower_word, _word


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


# -- validators ---------------------------------------------------------------


def v_int_single(n: Any) -> None:
    _int_in(n, 1, 10**6, "n")


def v_int_pair(a: Any, b: Any) -> None:
    _int_in(a, 1, 10**9, "a")
    _int_in(b, 1, 10**9, "b")


def v_string_lower(s: Any) -> None:
    _lower_word(s, 1, 100, "s")


def v_list_ints(arr: Any) -> None:
    assert isinstance(arr, list) and 1 <= len(arr) <= 200, "arr must have 1..200 items"
    for x in arr:
        _int_in(x, -(10**6), 10**6, "arr[i]")


def v_list_words(words: Any) -> None:
    assert isinstance(words, list) and 1 <= len(words) <= 50, "words must have 1..50 items"
    for w in words:
        _lower_word(w, 1, 12, "words[i]")


def v_grid_chars(grid: Any) -> None:
    assert isinstance(grid, list) and 1 <= len(grid) <= 30, "grid must have 1..30 rows"
    width = len(grid[0]) if isinstance(grid[0], str) else -1
    assert 1 <= width <= 30, "rows must have 1..30 characters"
    for row in grid:
        assert isinstance(row, str) and len(row) == width, "rows must be strings of equal length"
        assert set(row) <= {".", "#"}, "cells must be '.' or '#'"


def v_grid_ints(matrix: Any) -> None:
    assert isinstance(matrix, list) and 1 <= len(matrix) <= 20, "matrix must have 1..20 rows"
    width = len(matrix[0]) if isinstance(matrix[0], list) else -1
    assert 1 <= width <= 20, "rows must have 1..20 values"
    for row in matrix:
        assert isinstance(row, list) and len(row) == width, "rows must be lists of equal length"
        for x in row:
            _int_in(x, 0, 9, "matrix[i][j]")


def v_graph(n: Any, edges: Any) -> None:
    _int_in(n, 1, 50, "n")
    assert isinstance(edges, list) and len(edges) <= 200, "at most 200 edges"
    seen = set()
    for e in edges:
        assert isinstance(e, list) and len(e) == 2, "edges are [u, v] pairs"
        u, v = e
        _int_in(u, 1, n, "u")
        _int_in(v, 1, n, "v")
        assert u != v, "no self-loops"
        key = (min(u, v), max(u, v))
        assert key not in seen, "no repeated edges"
        seen.add(key)


def v_tree(n: Any, edges: Any) -> None:
    _int_in(n, 2, 100, "n")
    assert isinstance(edges, list) and len(edges) == n - 1, "a tree has n - 1 edges"
    parent = list(range(n + 1))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for e in edges:
        assert isinstance(e, list) and len(e) == 2, "edges are [u, v] pairs"
        u, v = e
        _int_in(u, 1, n, "u")
        _int_in(v, 1, n, "v")
        ru, rv = find(u), find(v)
        assert ru != rv, "edges must not form a cycle"
        parent[ru] = rv


def v_intervals(intervals: Any) -> None:
    assert isinstance(intervals, list) and 1 <= len(intervals) <= 100, "1..100 intervals"
    for iv in intervals:
        assert isinstance(iv, list) and len(iv) == 2, "intervals are [l, r] pairs"
        _int_in(iv[0], 0, 10**4, "l")
        _int_in(iv[1], 0, 10**4, "r")
        assert iv[0] <= iv[1], "l <= r"


def v_array_queries(arr: Any, queries: Any) -> None:
    assert isinstance(arr, list) and 1 <= len(arr) <= 100, "arr must have 1..100 items"
    for x in arr:
        _int_in(x, 1, 1000, "arr[i]")
    assert isinstance(queries, list) and 1 <= len(queries) <= 100, "1..100 queries"
    for q in queries:
        assert isinstance(q, list) and len(q) == 2, "queries are [l, r] pairs"
        _int_in(q[0], 1, len(arr), "l")
        _int_in(q[1], 1, len(arr), "r")
        assert q[0] <= q[1], "l <= r"


def v_two_strings(s: Any, t: Any) -> None:
    _lower_word(s, 1, 60, "s")
    _lower_word(t, 1, 60, "t")


PROMPTS = [
    PromptSpec(
        id="int-single",
        kind="int",
        input_description="A single integer n with 1 <= n <= 10^6.",
        example_input="n = 12",
        signature="def f(n: int):",
        edge=[[1], [2], [3], [10], [997], [1000000], [999999], [65536]],
        gen=lambda r: [r.randint(1, 10**6)],
        validate=v_int_single,
        refs=[
            "def f(n):\n    return sum(int(d) for d in str(n))\n",
            "def f(n):\n    count = 0\n    while n > 1:\n        n = n // 2 if n % 2 == 0 else 3 * n + 1\n"
            "        count += 1\n    return count\n",
            "def f(n):\n    return bin(n).count('1')\n",
        ],
    ),
    PromptSpec(
        id="int-pair",
        kind="ints",
        input_description="Two integers a and b with 1 <= a, b <= 10^9.",
        example_input="a = 6, b = 15",
        signature="def f(a: int, b: int):",
        edge=[[1, 1], [1, 10**9], [10**9, 1], [10**9, 10**9], [7, 7], [12, 18], [2, 3]],
        gen=lambda r: [r.randint(1, 10**9), r.randint(1, 10 ** r.randint(1, 9))],
        validate=v_int_pair,
        refs=[
            "import math\n\ndef f(a, b):\n    return math.gcd(a, b)\n",
            "def f(a, b):\n    return (a * b) % 1000000007\n",
            "def f(a, b):\n    return abs(a - b)\n",
        ],
    ),
    PromptSpec(
        id="string-lower",
        kind="string",
        input_description=(
            "A string s of length between 1 and 100 made only of lowercase English letters."
        ),
        example_input='s = "abacaba"',
        signature="def f(s: str):",
        edge=[
            ["a"],
            ["z"],
            ["aa"],
            ["ab"],
            [LOWER],
            ["a" * 100],
            ["racecar"],
            ["zyxw"],
        ],
        gen=lambda r: [_word(r, 1, 100, "abc" if r.random() < 0.5 else LOWER)],
        validate=v_string_lower,
        refs=[
            "def f(s):\n    return len(set(s))\n",
            "def f(s):\n    return s == s[::-1]\n",
            "def f(s):\n    return ''.join(sorted(s))\n",
        ],
    ),
    PromptSpec(
        id="list-ints",
        kind="num_list",
        input_description=(
            "A list arr of N integers, 1 <= N <= 200, each between -10^6 and 10^6 inclusive."
        ),
        example_input="arr = [3, -1, 4, 1, 5]",
        signature="def f(arr: list[int]):",
        edge=[
            [[0]],
            [[-1000000]],
            [[1000000, 1000000]],
            [[1, 2, 3, 4, 5]],
            [[5, 4, 3, 2, 1]],
            [[7] * 200],
            [[-3, 3]],
        ],
        gen=lambda r: [[r.randint(-(10**6), 10**6) for _ in range(r.randint(1, 200))]],
        validate=v_list_ints,
        refs=[
            "def f(arr):\n    return sum(arr)\n",
            "def f(arr):\n    return max(arr) - min(arr)\n",
            "def f(arr):\n    best = cur = arr[0]\n    for x in arr[1:]:\n"
            "        cur = max(x, cur + x)\n        best = max(best, cur)\n    return best\n",
        ],
    ),
    PromptSpec(
        id="list-words",
        kind="str_list",
        input_description=(
            "A list words of N strings, 1 <= N <= 50; each string has length 1 to 12 and consists "
            "of lowercase English letters. Strings may repeat."
        ),
        example_input='words = ["apple", "bat", "apple", "cat"]',
        signature="def f(words: list[str]):",
        edge=[
            [["a"]],
            [["a", "a"]],
            [["ab", "ba"]],
            [["abcdefghijkl"]],
            [["x", "y", "z", "x", "y", "z"]],
            [["zz", "z", "zzz"]],
        ],
        gen=lambda r: [
            [
                _word(r, 1, 12, "abcde" if r.random() < 0.5 else LOWER)
                for _ in range(r.randint(1, 50))
            ]
        ],
        validate=v_list_words,
        refs=[
            "def f(words):\n    return len(set(words))\n",
            "def f(words):\n    return max(words, key=len)\n",
            "def f(words):\n    return sorted(words)[0]\n",
        ],
    ),
    PromptSpec(
        id="grid-chars",
        kind="grid",
        input_description=(
            "A grid of H rows and W columns, 1 <= H, W <= 30, given as a list of H strings of "
            "length W; every character is '.' (empty) or '#' (blocked)."
        ),
        example_input='grid = ["..#", "#..", "..."]',
        signature="def f(grid: list[str]):",
        edge=[
            [["."]],
            [["#"]],
            [["." * 30] * 30],
            [["#" * 30] * 30],
            [[".#", "#."]],
            [["...", "###", "..."]],
            [["#", ".", "#"]],
        ],
        gen=lambda r: [
            (
                lambda h, w, p: [
                    "".join("#" if r.random() < p else "." for _ in range(w)) for _ in range(h)
                ]
            )(r.randint(1, 30), r.randint(1, 30), r.choice([0.1, 0.3, 0.5]))
        ],
        validate=v_grid_chars,
        refs=[
            "def f(grid):\n    return sum(row.count('#') for row in grid)\n",
            "def f(grid):\n    return max(row.count('.') for row in grid)\n",
            "def f(grid):\n    h, w = len(grid), len(grid[0])\n    seen = set()\n    parts = 0\n"
            "    for i in range(h):\n        for j in range(w):\n"
            "            if grid[i][j] == '.' and (i, j) not in seen:\n"
            "                parts += 1\n                stack = [(i, j)]\n"
            "                seen.add((i, j))\n                while stack:\n"
            "                    a, b = stack.pop()\n"
            "                    for x, y in ((a + 1, b), (a - 1, b), (a, b + 1), (a, b - 1)):\n"
            "                        if 0 <= x < h and 0 <= y < w and grid[x][y] == '.' "
            "and (x, y) not in seen:\n"
            "                            seen.add((x, y))\n"
            "                            stack.append((x, y))\n    return parts\n",
        ],
    ),
    PromptSpec(
        id="grid-ints",
        kind="grid",
        input_description=(
            "A matrix of H rows and W columns, 1 <= H, W <= 20, given as a list of H lists of W "
            "integers, each between 0 and 9 inclusive."
        ),
        example_input="matrix = [[1, 0, 3], [4, 2, 2]]",
        signature="def f(matrix: list[list[int]]):",
        edge=[
            [[[0]]],
            [[[9]]],
            [[[1, 2], [3, 4]]],
            [[[0] * 20] * 20],
            [[[9] * 20] * 20],
            [[[5], [5], [5]]],
            [[[1, 2, 3]]],
        ],
        gen=lambda r: [
            (lambda h, w: [[r.randint(0, 9) for _ in range(w)] for _ in range(h)])(
                r.randint(1, 20), r.randint(1, 20)
            )
        ],
        validate=v_grid_ints,
        refs=[
            "def f(matrix):\n    return sum(map(sum, matrix))\n",
            "def f(matrix):\n    return [list(col) for col in zip(*matrix)]\n",
            "def f(matrix):\n    return max(max(row) for row in matrix)\n",
        ],
    ),
    PromptSpec(
        id="graph-undirected",
        kind="graph",
        input_description=(
            "An undirected simple graph with n vertices numbered 1..n, 1 <= n <= 50, and M edges, "
            "0 <= M <= 200, given as a list of [u, v] pairs with u != v and no repeated edge."
        ),
        example_input="n = 4, edges = [[1, 2], [2, 3], [4, 1]]",
        signature="def f(n: int, edges: list[list[int]]):",
        edge=[
            [1, []],
            [2, []],
            [2, [[1, 2]]],
            [3, [[1, 2], [2, 3], [3, 1]]],
            [5, [[1, 2], [3, 4]]],
            [4, [[1, 2], [1, 3], [1, 4]]],
        ],
        gen=lambda r: (lambda n: [n, _graph_edges(r, n, r.randint(0, min(200, n * (n - 1) // 2)))])(
            r.randint(1, 50)
        ),
        validate=v_graph,
        refs=[
            "def f(n, edges):\n    return len(edges)\n",
            "def f(n, edges):\n    deg = [0] * (n + 1)\n    for u, v in edges:\n"
            "        deg[u] += 1\n        deg[v] += 1\n    return max(deg[1:])\n",
            "def f(n, edges):\n    parent = list(range(n + 1))\n    def find(x):\n"
            "        while parent[x] != x:\n            x = parent[x]\n        return x\n"
            "    for u, v in edges:\n        parent[find(u)] = find(v)\n"
            "    return len({find(v) for v in range(1, n + 1)})\n",
        ],
    ),
    PromptSpec(
        id="tree-edges",
        kind="tree",
        input_description=(
            "A tree with n vertices numbered 1..n, 2 <= n <= 100, given as a list of n - 1 edges "
            "[u, v]."
        ),
        example_input="n = 5, edges = [[1, 2], [1, 3], [3, 4], [3, 5]]",
        signature="def f(n: int, edges: list[list[int]]):",
        edge=[
            [2, [[1, 2]]],
            [3, [[1, 2], [2, 3]]],
            [3, [[2, 1], [3, 1]]],
            [5, [[1, 2], [2, 3], [3, 4], [4, 5]]],
            [5, [[1, 2], [1, 3], [1, 4], [1, 5]]],
        ],
        gen=lambda r: (lambda n: [n, [[r.randint(1, v - 1), v] for v in range(2, n + 1)]])(
            r.randint(2, 100)
        ),
        validate=v_tree,
        refs=[
            "def f(n, edges):\n    deg = [0] * (n + 1)\n    for u, v in edges:\n"
            "        deg[u] += 1\n        deg[v] += 1\n    return sum(1 for d in deg[1:] if d == 1)\n",
            "def f(n, edges):\n    adj = [[] for _ in range(n + 1)]\n    for u, v in edges:\n"
            "        adj[u].append(v)\n        adj[v].append(u)\n    depth = {1: 0}\n"
            "    stack = [1]\n    while stack:\n        x = stack.pop()\n        for y in adj[x]:\n"
            "            if y not in depth:\n                depth[y] = depth[x] + 1\n"
            "                stack.append(y)\n    return max(depth.values())\n",
            "def f(n, edges):\n    return sum(u + v for u, v in edges) % n\n",
        ],
    ),
    PromptSpec(
        id="intervals",
        kind="intervals",
        input_description=(
            "A list of N closed intervals, 1 <= N <= 100, each given as [l, r] with "
            "0 <= l <= r <= 10^4. Intervals may overlap or repeat."
        ),
        example_input="intervals = [[1, 3], [2, 6], [8, 10]]",
        signature="def f(intervals: list[list[int]]):",
        edge=[
            [[[0, 0]]],
            [[[0, 10000]]],
            [[[1, 2], [1, 2]]],
            [[[1, 2], [3, 4]]],
            [[[1, 5], [2, 3]]],
            [[[5, 5], [0, 10000], [7, 9]]],
        ],
        gen=lambda r: [
            [sorted([r.randint(0, 10**4), r.randint(0, 10**4)]) for _ in range(r.randint(1, 100))]
        ],
        validate=v_intervals,
        refs=[
            "def f(intervals):\n    merged = []\n    for l, r in sorted(intervals):\n"
            "        if merged and l <= merged[-1][1]:\n"
            "            merged[-1][1] = max(merged[-1][1], r)\n        else:\n"
            "            merged.append([l, r])\n    return len(merged)\n",
            "def f(intervals):\n    return max(r - l for l, r in intervals)\n",
            "def f(intervals):\n    events = sorted([(l, 0) for l, _ in intervals] + "
            "[(r, 1) for _, r in intervals])\n    cur = best = 0\n    for _, kind in events:\n"
            "        cur += 1 if kind == 0 else -1\n        best = max(best, cur)\n    return best\n",
        ],
    ),
    PromptSpec(
        id="array-queries",
        kind="queries",
        input_description=(
            "A list arr of N integers, 1 <= N <= 100, each between 1 and 1000, and a list of Q "
            "queries, 1 <= Q <= 100, each a pair [l, r] of 1-based indices with 1 <= l <= r <= N."
        ),
        example_input="arr = [5, 2, 8, 1], queries = [[1, 2], [2, 4]]",
        signature="def f(arr: list[int], queries: list[list[int]]):",
        edge=[
            [[1], [[1, 1]]],
            [[1000], [[1, 1], [1, 1]]],
            [[1, 2, 3], [[1, 3]]],
            [[3, 2, 1], [[1, 1], [2, 2], [3, 3]]],
            [[7] * 100, [[1, 100]]],
        ],
        gen=lambda r: (
            lambda n: [
                [r.randint(1, 1000) for _ in range(n)],
                [sorted([r.randint(1, n), r.randint(1, n)]) for _ in range(r.randint(1, 100))],
            ]
        )(r.randint(1, 100)),
        validate=v_array_queries,
        refs=[
            "def f(arr, queries):\n    return [sum(arr[l - 1:r]) for l, r in queries]\n",
            "def f(arr, queries):\n    return [max(arr[l - 1:r]) for l, r in queries]\n",
            "def f(arr, queries):\n    return sum(r - l + 1 for l, r in queries)\n",
        ],
    ),
    PromptSpec(
        id="two-strings",
        kind="seq_pair",
        input_description=(
            "Two strings s and t, each of length between 1 and 60, made of lowercase English "
            "letters."
        ),
        example_input='s = "kitten", t = "sitting"',
        signature="def f(s: str, t: str):",
        edge=[
            ["a", "a"],
            ["a", "b"],
            ["ab", "ba"],
            ["abc", "abcabc"],
            ["z" * 60, "z"],
            ["listen", "silent"],
        ],
        gen=lambda r: [
            _word(r, 1, 60, "ab" if r.random() < 0.4 else LOWER),
            _word(r, 1, 60, "ab" if r.random() < 0.4 else LOWER),
        ],
        validate=v_two_strings,
        refs=[
            "def f(s, t):\n    m, n = len(s), len(t)\n    prev = list(range(n + 1))\n"
            "    for i in range(1, m + 1):\n        cur = [i] + [0] * n\n"
            "        for j in range(1, n + 1):\n"
            "            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, "
            "prev[j - 1] + (s[i - 1] != t[j - 1]))\n        prev = cur\n    return prev[n]\n",
            "def f(s, t):\n    return sorted(s) == sorted(t)\n",
            "def f(s, t):\n    return len(set(s) & set(t))\n",
        ],
    ),
]
