"""Grid prompts: char grids, integer, float and boolean matrices, grids with extras."""

from __future__ import annotations

import random
from typing import Any

from ..spec import PromptSpec
from ._common import LOWER, _int_in


def _char_grid(grid: Any, max_h: int, max_w: int, alphabet: set[str], name: str = "grid") -> None:
    assert isinstance(grid, list) and 1 <= len(grid) <= max_h, f"{name} must have 1..{max_h} rows"
    width = len(grid[0]) if isinstance(grid[0], str) else -1
    assert 1 <= width <= max_w, f"rows must have 1..{max_w} characters"
    for row in grid:
        assert isinstance(row, str) and len(row) == width, "rows must be strings of equal length"
        assert set(row) <= alphabet, f"cells must be among {sorted(alphabet)}"


def _int_matrix(matrix: Any, max_h: int, max_w: int, lo: int, hi: int, name: str) -> None:
    assert isinstance(matrix, list) and 1 <= len(matrix) <= max_h, (
        f"{name} must have 1..{max_h} rows"
    )
    width = len(matrix[0]) if isinstance(matrix[0], list) else -1
    assert 1 <= width <= max_w, f"rows must have 1..{max_w} values"
    for row in matrix:
        assert isinstance(row, list) and len(row) == width, "rows must be lists of equal length"
        for x in row:
            _int_in(x, lo, hi, f"{name}[i][j]")


def _chars(r: random.Random, h: int, w: int, weights: dict[str, float]) -> list[str]:
    keys = sorted(weights)
    probs = [weights[k] for k in keys]
    return ["".join(r.choices(keys, probs)[0] for _ in range(w)) for _ in range(h)]


# -- generators ---------------------------------------------------------------


def g_maze(r: random.Random) -> list[Any]:
    while True:
        h, w = r.randint(1, 20), r.randint(1, 20)
        if h * w >= 2:
            break
    if r.random() < 0.3:
        h, w = r.randint(15, 20), r.randint(15, 20)
    p = r.choice([0.0, 0.15, 0.3, 0.45])
    rows = [list(row) for row in _chars(r, h, w, {".": 1 - p, "#": p})]
    s, g = r.sample(range(h * w), 2)
    rows[s // w][s % w] = "S"
    rows[g // w][g % w] = "G"
    return [["".join(row) for row in rows]]


def g_binary(r: random.Random) -> list[Any]:
    h, w = r.randint(1, 20), r.randint(1, 20)
    p = r.choice([0.2, 0.5, 0.8, 0.95])
    return [[[1 if r.random() < p else 0 for _ in range(w)] for _ in range(h)]]


def g_square(r: random.Random) -> list[Any]:
    n = r.randint(1, 15)
    mode = r.randint(0, 2)
    lo, hi = (-100, 100) if mode == 0 else (-2, 2)
    m = [[r.randint(lo, hi) for _ in range(n)] for _ in range(n)]
    if mode == 2:
        for i in range(n):
            for j in range(i):
                m[i][j] = m[j][i]
    return [n, m]


def g_heights(r: random.Random) -> list[Any]:
    h, w = r.randint(1, 15), r.randint(1, 15)
    mode = r.randint(0, 2)
    if mode == 0:
        return [[[r.randint(0, 9) for _ in range(w)] for _ in range(h)]]
    if mode == 1:
        return [[[r.randint(0, 10**9) for _ in range(w)] for _ in range(h)]]
    ci, cj = (h - 1) / 2, (w - 1) / 2
    scale = r.choice([1, 1000, 10**7])
    return [
        [
            [int((abs(i - ci) + abs(j - cj)) * scale) + r.randint(0, 2 * scale) for j in range(w)]
            for i in range(h)
        ]
    ]


def g_start(r: random.Random) -> list[Any]:
    h, w = r.randint(1, 20), r.randint(1, 20)
    p = r.choice([0.1, 0.3, 0.45, 0.6])
    rows = [list(row) for row in _chars(r, h, w, {".": 1 - p, "#": p})]
    i, j = r.randint(1, h), r.randint(1, w)
    rows[i - 1][j - 1] = "."
    return [["".join(row) for row in rows], i, j]


def g_letters(r: random.Random) -> list[Any]:
    h, w = r.randint(1, 15), r.randint(1, 15)
    alphabet = r.choice(["ab", "abc", LOWER])
    return [["".join(r.choice(alphabet) for _ in range(w)) for _ in range(h)]]


def g_matrix_k(r: random.Random) -> list[Any]:
    h, w = r.randint(1, 15), r.randint(1, 15)
    hi = r.choice([5, 100])
    return [[[r.randint(1, hi) for _ in range(w)] for _ in range(h)], r.randint(1, min(h, w))]


def g_arrows(r: random.Random) -> list[Any]:
    h, w = r.randint(1, 20), r.randint(1, 20)
    weights = r.choice(
        [
            {"U": 1, "D": 1, "L": 1, "R": 1},
            {"U": 0.1, "D": 1, "L": 0.1, "R": 1},
            {"U": 1, "D": 1, "L": 0.05, "R": 0.05},
        ]
    )
    return [_chars(r, h, w, weights)]


def g_triangle(r: random.Random) -> list[Any]:
    n = r.randint(1, 6) if r.random() < 0.4 else r.choice([r.randint(1, 20), 20])
    lo, hi = r.choice([(-100, 100), (0, 9), (-3, 3), (1, 100)])
    return [[[r.randint(lo, hi) for _ in range(i + 1)] for i in range(n)]]


def g_floats(r: random.Random) -> list[Any]:
    h, w = r.randint(1, 10), r.randint(1, 10)
    lo, hi = r.choice([(-1000.0, 1000.0), (0.0, 1.0), (-1.0, 1.0)])
    return [[[round(r.uniform(lo, hi), 2) for _ in range(w)] for _ in range(h)]]


def g_bools(r: random.Random) -> list[Any]:
    h, w = r.randint(1, 20), r.randint(1, 20)
    p = r.choice([0.1, 0.3, 0.5, 0.9])
    return [[[r.random() < p for _ in range(w)] for _ in range(h)]]


def g_points(r: random.Random) -> list[Any]:
    n, m = r.randint(1, 20), r.randint(1, 20)
    k = r.randint(0, min(100, n * m))
    if r.random() < 0.5:
        k = min(k, r.randint(0, 10))
    cells = r.sample(range(n * m), k)
    return [n, m, [[c // m + 1, c % m + 1] for c in cells]]


def g_colors(r: random.Random) -> list[Any]:
    h, w = r.randint(1, 20), r.randint(1, 20)
    weights = r.choice([{"R": 1, "G": 1, "B": 1}, {"R": 5, "G": 1, "B": 0.2}, {"R": 1, "G": 1}])
    return [[list(row) for row in _chars(r, h, w, weights)]]


# -- validators ---------------------------------------------------------------


def v_maze(grid: Any) -> None:
    _char_grid(grid, 20, 20, {".", "#", "S", "G"})
    assert sum(row.count("S") for row in grid) == 1, "'S' must appear exactly once"
    assert sum(row.count("G") for row in grid) == 1, "'G' must appear exactly once"


def v_binary(grid: Any) -> None:
    _int_matrix(grid, 20, 20, 0, 1, "grid")


def v_square(n: Any, matrix: Any) -> None:
    _int_in(n, 1, 15, "n")
    assert isinstance(matrix, list) and len(matrix) == n, "matrix must have n rows"
    for row in matrix:
        assert isinstance(row, list) and len(row) == n, "rows must have n values"
        for x in row:
            _int_in(x, -100, 100, "matrix[i][j]")


def v_heights(grid: Any) -> None:
    _int_matrix(grid, 15, 15, 0, 10**9, "grid")


def v_start(grid: Any, r: Any, c: Any) -> None:
    _char_grid(grid, 20, 20, {".", "#"})
    _int_in(r, 1, len(grid), "r")
    _int_in(c, 1, len(grid[0]), "c")
    assert grid[r - 1][c - 1] == ".", "the cell (r, c) must be '.'"


def v_letters(grid: Any) -> None:
    _char_grid(grid, 15, 15, set(LOWER))


def v_matrix_k(matrix: Any, k: Any) -> None:
    _int_matrix(matrix, 15, 15, 1, 100, "matrix")
    _int_in(k, 1, min(len(matrix), len(matrix[0])), "k")


def v_arrows(grid: Any) -> None:
    _char_grid(grid, 20, 20, {"U", "D", "L", "R"})


def v_triangle(triangle: Any) -> None:
    assert isinstance(triangle, list) and 1 <= len(triangle) <= 20, "triangle must have 1..20 rows"
    for i, row in enumerate(triangle):
        assert isinstance(row, list) and len(row) == i + 1, f"row {i + 1} must have {i + 1} values"
        for x in row:
            _int_in(x, -100, 100, "triangle[i][j]")


def v_floats(matrix: Any) -> None:
    assert isinstance(matrix, list) and 1 <= len(matrix) <= 10, "matrix must have 1..10 rows"
    width = len(matrix[0]) if isinstance(matrix[0], list) else -1
    assert 1 <= width <= 10, "rows must have 1..10 values"
    for row in matrix:
        assert isinstance(row, list) and len(row) == width, "rows must be lists of equal length"
        for x in row:
            assert isinstance(x, float), "values must be floats"
            assert -1000.0 <= x <= 1000.0, f"value {x} outside [-1000, 1000]"
            assert abs(x * 100 - round(x * 100)) < 1e-6, "at most two digits after the point"


def v_bools(grid: Any) -> None:
    assert isinstance(grid, list) and 1 <= len(grid) <= 20, "grid must have 1..20 rows"
    width = len(grid[0]) if isinstance(grid[0], list) else -1
    assert 1 <= width <= 20, "rows must have 1..20 values"
    for row in grid:
        assert isinstance(row, list) and len(row) == width, "rows must be lists of equal length"
        assert all(isinstance(x, bool) for x in row), "values must be booleans"


def v_points(n: Any, m: Any, points: Any) -> None:
    _int_in(n, 1, 20, "n")
    _int_in(m, 1, 20, "m")
    assert isinstance(points, list) and len(points) <= min(100, n * m), "at most min(100, n*m)"
    seen = set()
    for p in points:
        assert isinstance(p, list) and len(p) == 2, "points are [r, c] pairs"
        _int_in(p[0], 1, n, "r")
        _int_in(p[1], 1, m, "c")
        assert (p[0], p[1]) not in seen, "points must be distinct"
        seen.add((p[0], p[1]))


def v_colors(grid: Any) -> None:
    assert isinstance(grid, list) and 1 <= len(grid) <= 20, "grid must have 1..20 rows"
    width = len(grid[0]) if isinstance(grid[0], list) else -1
    assert 1 <= width <= 20, "rows must have 1..20 cells"
    for row in grid:
        assert isinstance(row, list) and len(row) == width, "rows must be lists of equal length"
        for x in row:
            assert isinstance(x, str) and x in ("R", "G", "B"), "cells must be 'R', 'G' or 'B'"


# -- reference programs shared pieces -----------------------------------------

_FLOOD = (
    "    h, w = len(grid), len(grid[0])\n"
    "    seen = [[False] * w for _ in range(h)]\n"
    "    parts = 0\n"
    "    for i in range(h):\n"
    "        for j in range(w):\n"
    "            if grid[i][j] == CELL and not seen[i][j]:\n"
    "                parts += 1\n"
    "                seen[i][j] = True\n"
    "                stack = [(i, j)]\n"
    "                while stack:\n"
    "                    a, b = stack.pop()\n"
    "                    for x, y in STEPS:\n"
    "                        x += a\n"
    "                        y += b\n"
    "                        if 0 <= x < h and 0 <= y < w and grid[x][y] == CELL "
    "and not seen[x][y]:\n"
    "                            seen[x][y] = True\n"
    "                            stack.append((x, y))\n"
    "    return parts\n"
)
_FOUR = "((1, 0), (-1, 0), (0, 1), (0, -1))"
_EIGHT = "((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))"


def _flood(cell: str, steps: str) -> str:
    return "def f(grid):\n" + _FLOOD.replace("CELL", cell).replace("STEPS", steps)


PROMPTS = [
    PromptSpec(
        id="grid-maze-start-goal",
        kind="grid",
        input_description=(
            "A grid of H rows and W columns, 1 <= H, W <= 20 and H * W >= 2, given as a list of "
            "H strings of length W. Every character is '.' (open cell), '#' (wall), 'S' or 'G'; "
            "'S' appears exactly once and 'G' appears exactly once in the whole grid."
        ),
        example_input='grid = ["S.#.", ".##.", "...G"]',
        signature="def f(grid: list[str]):",
        edge=[
            [["SG"]],
            [["S", "G"]],
            [["S#G"]],
            [["S.", ".G"]],
            [["S#", "#G"]],
            [["S" + "." * 19] + ["." * 20] * 18 + ["." * 19 + "G"]],
            [["G" + "#" * 19] + ["#" * 20] * 18 + ["#" * 19 + "S"]],
            [["S.#", "#.#", "#.G"]],
        ],
        gen=g_maze,
        validate=v_maze,
        refs=[
            "from collections import deque\n\ndef f(grid):\n    h, w = len(grid), len(grid[0])\n"
            "    for i in range(h):\n        for j in range(w):\n"
            "            if grid[i][j] == 'S':\n                s = (i, j)\n"
            "            elif grid[i][j] == 'G':\n                g = (i, j)\n"
            "    dist = {s: 0}\n    queue = deque([s])\n    while queue:\n"
            "        a, b = queue.popleft()\n"
            "        for x, y in ((a + 1, b), (a - 1, b), (a, b + 1), (a, b - 1)):\n"
            "            if 0 <= x < h and 0 <= y < w and grid[x][y] != '#' "
            "and (x, y) not in dist:\n"
            "                dist[(x, y)] = dist[(a, b)] + 1\n"
            "                queue.append((x, y))\n    return dist.get(g, -1)\n",
            "def f(grid):\n    return sum(row.count('#') for row in grid)\n",
            "def f(grid):\n    pos = {}\n    for i, row in enumerate(grid):\n"
            "        for j, ch in enumerate(row):\n            pos[ch] = (i, j)\n"
            "    return abs(pos['S'][0] - pos['G'][0]) + abs(pos['S'][1] - pos['G'][1])\n",
            "def f(grid):\n    h, w = len(grid), len(grid[0])\n"
            "    start = [(i, j) for i in range(h) for j in range(w) if grid[i][j] == 'S'][0]\n"
            "    seen = {start}\n    stack = [start]\n    while stack:\n        a, b = stack.pop()\n"
            "        for x, y in ((a + 1, b), (a - 1, b), (a, b + 1), (a, b - 1)):\n"
            "            if 0 <= x < h and 0 <= y < w and grid[x][y] != '#' "
            "and (x, y) not in seen:\n"
            "                seen.add((x, y))\n                stack.append((x, y))\n"
            "    return len(seen)\n",
        ],
    ),
    PromptSpec(
        id="grid-binary-matrix",
        kind="grid",
        input_description=(
            "A matrix of H rows and W columns, 1 <= H, W <= 20, given as a list of H lists of W "
            "integers; every value is 0 or 1."
        ),
        example_input="grid = [[1, 1, 0], [1, 1, 1], [0, 1, 1]]",
        signature="def f(grid: list[list[int]]):",
        edge=[
            [[[0]]],
            [[[1]]],
            [[[1] * 20] * 20],
            [[[0] * 20] * 20],
            [[[1, 0], [0, 1]]],
            [[[1, 1, 0], [1, 1, 1], [0, 1, 1]]],
            [[[1], [0], [1]]],
        ],
        gen=g_binary,
        validate=v_binary,
        refs=[
            "def f(grid):\n    return sum(map(sum, grid))\n",
            "def f(grid):\n    h, w = len(grid), len(grid[0])\n"
            "    dp = [[0] * (w + 1) for _ in range(h + 1)]\n    best = 0\n"
            "    for i in range(h):\n        for j in range(w):\n            if grid[i][j]:\n"
            "                dp[i + 1][j + 1] = 1 + min(dp[i][j], dp[i][j + 1], dp[i + 1][j])\n"
            "                best = max(best, dp[i + 1][j + 1])\n    return best\n",
            _flood("1", _FOUR),
            "def f(grid):\n    sums = [sum(row) for row in grid]\n    return sums.index(max(sums))\n",
        ],
    ),
    PromptSpec(
        id="grid-square-signed",
        kind="grid",
        input_description=(
            "An integer n with 1 <= n <= 15 and a square matrix of n rows and n columns, given as "
            "a list of n lists of n integers, each between -100 and 100 inclusive."
        ),
        example_input="n = 3, matrix = [[2, -1, 0], [-1, 2, -1], [0, -1, 2]]",
        signature="def f(n: int, matrix: list[list[int]]):",
        edge=[
            [1, [[0]]],
            [1, [[-100]]],
            [2, [[1, 2], [2, 1]]],
            [3, [[1, 0, 0], [0, 1, 0], [0, 0, 1]]],
            [15, [[100] * 15] * 15],
            [15, [[-100 if i == j else 0 for j in range(15)] for i in range(15)]],
            [2, [[0, 1], [-1, 0]]],
            [3, [[1, 2, 3], [4, 5, 6], [7, 8, 10]]],
        ],
        gen=g_square,
        validate=v_square,
        refs=[
            "def f(n, matrix):\n    a = [row[:] for row in matrix]\n    sign, prev = 1, 1\n"
            "    for k in range(n - 1):\n        if a[k][k] == 0:\n"
            "            for i in range(k + 1, n):\n                if a[i][k] != 0:\n"
            "                    a[k], a[i] = a[i], a[k]\n                    sign = -sign\n"
            "                    break\n            else:\n                return 0\n"
            "        for i in range(k + 1, n):\n            for j in range(k + 1, n):\n"
            "                a[i][j] = (a[i][j] * a[k][k] - a[i][k] * a[k][j]) // prev\n"
            "        prev = a[k][k]\n    return sign * a[n - 1][n - 1]\n",
            "def f(n, matrix):\n    return sum(matrix[i][i] for i in range(n))\n",
            "def f(n, matrix):\n"
            "    return all(matrix[i][j] == matrix[j][i] for i in range(n) for j in range(n))\n",
            "def f(n, matrix):\n    return [list(row) for row in zip(*matrix[::-1])]\n",
        ],
    ),
    PromptSpec(
        id="grid-height-map",
        kind="grid",
        input_description=(
            "A matrix of H rows and W columns, 1 <= H, W <= 15, given as a list of H lists of W "
            "integers; every value is between 0 and 10^9 inclusive (values may be large)."
        ),
        example_input="grid = [[3, 3, 3, 3], [3, 1, 0, 3], [3, 3, 2, 3]]",
        signature="def f(grid: list[list[int]]):",
        edge=[
            [[[0]]],
            [[[10**9]]],
            [[[5, 5], [5, 5]]],
            [[[3, 3, 3], [3, 0, 3], [3, 3, 3]]],
            [[[1, 2, 3, 4, 5]]],
            [[[10**9] * 15] * 15],
            [[[0, 10**9], [10**9, 0]]],
            [[[10**9] * 5, [10**9, 0, 0, 0, 10**9], [10**9] * 5]],
        ],
        gen=g_heights,
        validate=v_heights,
        refs=[
            "import heapq\n\ndef f(grid):\n    h, w = len(grid), len(grid[0])\n"
            "    seen = [[False] * w for _ in range(h)]\n    heap = []\n"
            "    for i in range(h):\n        for j in range(w):\n"
            "            if i in (0, h - 1) or j in (0, w - 1):\n"
            "                heap.append((grid[i][j], i, j))\n                seen[i][j] = True\n"
            "    heapq.heapify(heap)\n    total = 0\n    while heap:\n"
            "        ht, i, j = heapq.heappop(heap)\n"
            "        for x, y in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):\n"
            "            if 0 <= x < h and 0 <= y < w and not seen[x][y]:\n"
            "                seen[x][y] = True\n                total += max(0, ht - grid[x][y])\n"
            "                heapq.heappush(heap, (max(ht, grid[x][y]), x, y))\n"
            "    return total\n",
            "def f(grid):\n    h, w = len(grid), len(grid[0])\n    peaks = 0\n"
            "    for i in range(h):\n        for j in range(w):\n"
            "            if all(grid[i][j] > grid[x][y] for x, y in "
            "((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)) if 0 <= x < h and 0 <= y < w):\n"
            "                peaks += 1\n    return peaks\n",
            "def f(grid):\n    return max(map(max, grid)) - min(map(min, grid))\n",
        ],
    ),
    PromptSpec(
        id="grid-start-cell",
        kind="grid",
        input_description=(
            "A grid of H rows and W columns, 1 <= H, W <= 20, given as a list of H strings of "
            "length W where every character is '.' (free) or '#' (blocked), and a cell given by "
            "its 1-based row r (1 <= r <= H) and column c (1 <= c <= W); the cell (r, c) is '.'."
        ),
        example_input='grid = ["..#", "#..", "..."], r = 1, c = 2',
        signature="def f(grid: list[str], r: int, c: int):",
        edge=[
            [["."], 1, 1],
            [["..", "#."], 2, 2],
            [["." * 20] * 20, 10, 10],
            [[".#.", "#.#", ".#."], 2, 2],
            [["....."], 1, 3],
            [[".", ".", "."], 3, 1],
            [["#" * 19 + "."] * 20, 20, 20],
        ],
        gen=g_start,
        validate=v_start,
        refs=[
            "def f(grid, r, c):\n    h, w = len(grid), len(grid[0])\n"
            "    seen = {(r - 1, c - 1)}\n    stack = [(r - 1, c - 1)]\n    while stack:\n"
            "        a, b = stack.pop()\n"
            "        for x, y in ((a + 1, b), (a - 1, b), (a, b + 1), (a, b - 1)):\n"
            "            if 0 <= x < h and 0 <= y < w and grid[x][y] == '.' "
            "and (x, y) not in seen:\n"
            "                seen.add((x, y))\n                stack.append((x, y))\n"
            "    return len(seen)\n",
            "from collections import deque\n\ndef f(grid, r, c):\n"
            "    h, w = len(grid), len(grid[0])\n    dist = {(r - 1, c - 1): 0}\n"
            "    queue = deque([(r - 1, c - 1)])\n    while queue:\n        a, b = queue.popleft()\n"
            "        for x, y in ((a + 1, b), (a - 1, b), (a, b + 1), (a, b - 1)):\n"
            "            if 0 <= x < h and 0 <= y < w and grid[x][y] == '.' "
            "and (x, y) not in dist:\n"
            "                dist[(x, y)] = dist[(a, b)] + 1\n                queue.append((x, y))\n"
            "    return max(dist.values())\n",
            "def f(grid, r, c):\n    h, w = len(grid), len(grid[0])\n    i, j = r - 1, c - 1\n"
            "    return sum(1 for x, y in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1))\n"
            "               if 0 <= x < h and 0 <= y < w and grid[x][y] == '.')\n",
            "def f(grid, r, c):\n    return grid[r - 1].count('.') + sum(row[c - 1] == '.' "
            "for row in grid)\n",
        ],
    ),
    PromptSpec(
        id="grid-letter-rectangle",
        kind="grid",
        input_description=(
            "A rectangle of H rows and W columns, 1 <= H, W <= 15, given as a list of H strings "
            "of length W made only of lowercase English letters."
        ),
        example_input='grid = ["abca", "bcab", "cabc"]',
        signature="def f(grid: list[str]):",
        edge=[
            [["a"]],
            [["z"]],
            [["ab", "ba"]],
            [["abc"]],
            [["a", "b", "c"]],
            [["zzzzz"] * 5],
            [[LOWER[:15]] * 15],
        ],
        gen=g_letters,
        validate=v_letters,
        refs=[
            "def f(grid):\n    return len(set(''.join(grid)))\n",
            "def f(grid):\n    return [''.join(col) for col in zip(*grid)]\n",
            "def f(grid):\n    return min(grid)\n",
            "def f(grid):\n    h, w = len(grid), len(grid[0])\n    same = 0\n"
            "    for i in range(h):\n        for j in range(w):\n"
            "            if i + 1 < h and grid[i][j] == grid[i + 1][j]:\n                same += 1\n"
            "            if j + 1 < w and grid[i][j] == grid[i][j + 1]:\n                same += 1\n"
            "    return same\n",
        ],
    ),
    PromptSpec(
        id="grid-matrix-and-k",
        kind="grid",
        input_description=(
            "A matrix of H rows and W columns, 1 <= H, W <= 15, given as a list of H lists of W "
            "integers, each between 1 and 100 inclusive, and an integer k with "
            "1 <= k <= min(H, W)."
        ),
        example_input="matrix = [[1, 5, 2], [4, 3, 8], [7, 6, 9]], k = 2",
        signature="def f(matrix: list[list[int]], k: int):",
        edge=[
            [[[1]], 1],
            [[[100]], 1],
            [[[1, 2], [3, 4]], 2],
            [[[1, 2], [3, 4]], 1],
            [[[100] * 15] * 15, 15],
            [[[1] * 15] * 15, 7],
            [[[5, 1, 5]], 1],
        ],
        gen=g_matrix_k,
        validate=v_matrix_k,
        refs=[
            "def f(matrix, k):\n    h, w = len(matrix), len(matrix[0])\n"
            "    p = [[0] * (w + 1) for _ in range(h + 1)]\n    for i in range(h):\n"
            "        for j in range(w):\n"
            "            p[i + 1][j + 1] = matrix[i][j] + p[i][j + 1] + p[i + 1][j] - p[i][j]\n"
            "    return max(p[i + k][j + k] - p[i][j + k] - p[i + k][j] + p[i][j]\n"
            "               for i in range(h - k + 1) for j in range(w - k + 1))\n",
            "def f(matrix, k):\n    return sorted(x for row in matrix for x in row)[k - 1]\n",
            "def f(matrix, k):\n    return sum(matrix[k - 1])\n",
            "def f(matrix, k):\n    return sum(1 for row in matrix for x in row if x % k == 0)\n",
        ],
    ),
    PromptSpec(
        id="grid-arrows",
        kind="grid",
        input_description=(
            "A grid of H rows and W columns, 1 <= H, W <= 20, given as a list of H strings of "
            "length W; every character is one of 'U', 'D', 'L', 'R' (up, down, left, right)."
        ),
        example_input='grid = ["RRD", "ULD", "ULL"]',
        signature="def f(grid: list[str]):",
        edge=[
            [["U"]],
            [["R"]],
            [["RL"]],
            [["RD", "UL"]],
            [["R" * 20] * 20],
            [["D"] * 20],
            [["DL", "RU"]],
            [["LRUD"]],
        ],
        gen=g_arrows,
        validate=v_arrows,
        refs=[
            "def f(grid):\n    h, w = len(grid), len(grid[0])\n"
            "    move = {'U': (-1, 0), 'D': (1, 0), 'L': (0, -1), 'R': (0, 1)}\n"
            "    i = j = steps = 0\n    seen = set()\n    while 0 <= i < h and 0 <= j < w:\n"
            "        if (i, j) in seen:\n            return -1\n        seen.add((i, j))\n"
            "        di, dj = move[grid[i][j]]\n        i, j = i + di, j + dj\n"
            "        steps += 1\n    return steps\n",
            "def f(grid):\n    h, w = len(grid), len(grid[0])\n"
            "    return sum(1 for i in range(h) for j in range(w)\n"
            "               if (grid[i][j] == 'U' and i == 0) or (grid[i][j] == 'D' and i == h - 1)\n"
            "               or (grid[i][j] == 'L' and j == 0) or "
            "(grid[i][j] == 'R' and j == w - 1))\n",
            "def f(grid):\n    return sum(row.count('R') for row in grid)\n",
            "def f(grid):\n    h, w = len(grid), len(grid[0])\n"
            "    move = {'U': (-1, 0), 'D': (1, 0), 'L': (0, -1), 'R': (0, 1)}\n"
            "    state = {}\n    for si in range(h):\n        for sj in range(w):\n"
            "            path, on = [], set()\n            i, j = si, sj\n"
            "            while 0 <= i < h and 0 <= j < w and (i, j) not in state "
            "and (i, j) not in on:\n"
            "                on.add((i, j))\n                path.append((i, j))\n"
            "                di, dj = move[grid[i][j]]\n                i, j = i + di, j + dj\n"
            "            if not (0 <= i < h and 0 <= j < w):\n                res = 1\n"
            "            elif (i, j) in state:\n                res = state[(i, j)]\n"
            "            else:\n                res = 0\n"
            "            for p in path:\n                state[p] = res\n"
            "    return sum(state.values())\n",
        ],
    ),
    PromptSpec(
        id="grid-number-triangle",
        kind="grid",
        input_description=(
            "A triangle of n rows, 1 <= n <= 20, given as a list triangle of n lists of integers: "
            "the i-th list (1-based i) holds exactly i integers, each between -100 and 100 "
            "inclusive. The first list is the top row (its apex) and the last list is the "
            "bottom row. Values may repeat."
        ),
        example_input="triangle = [[3], [7, 4], [2, 4, 6], [8, 5, 9, 3]]",
        signature="def f(triangle: list[list[int]]):",
        edge=[
            [[[0]]],
            [[[-100]]],
            [[[1], [2, 3]]],
            [[[1], [3, 2]]],
            [[[5], [5, 5], [5, 5, 5]]],
            [[[100] * (i + 1) for i in range(20)]],
            [[[-100] * (i + 1) for i in range(20)]],
            [[[2], [-1, 4], [6, -5, 0], [1, 7, -8, 3]]],
        ],
        gen=g_triangle,
        validate=v_triangle,
        refs=[
            "def f(triangle):\n    best = list(triangle[-1])\n"
            "    for row in reversed(triangle[:-1]):\n"
            "        best = [x + max(best[j], best[j + 1]) for j, x in enumerate(row)]\n"
            "    return best[0]\n",
            "def f(triangle):\n    best = list(triangle[-1])\n"
            "    for row in reversed(triangle[:-1]):\n"
            "        best = [x + min(best[j], best[j + 1]) for j, x in enumerate(row)]\n"
            "    return best[0]\n",
            "def f(triangle):\n    return [sum(row) for row in triangle]\n",
            "def f(triangle):\n"
            "    return sum(row[0] + row[-1] for row in triangle) - triangle[0][0]\n",
        ],
    ),
    PromptSpec(
        id="grid-float-matrix",
        kind="grid",
        input_description=(
            "A matrix of H rows and W columns, 1 <= H, W <= 10, given as a list of H lists of W "
            "floats; every value is between -1000.0 and 1000.0 inclusive and has at most two "
            "digits after the decimal point."
        ),
        example_input="matrix = [[0.5, -1.25, 3.0], [2.75, 0.0, -0.5]]",
        signature="def f(matrix: list[list[float]]):",
        edge=[
            [[[0.0]]],
            [[[-1000.0]]],
            [[[1000.0] * 10] * 10],
            [[[0.5, -0.5], [-0.5, 0.5]]],
            [[[1.25], [2.5], [-3.75]]],
            [[[0.1, 0.2, 0.3]]],
            [[[-0.01, -999.99]]],
        ],
        gen=g_floats,
        validate=v_floats,
        refs=[
            "def f(matrix):\n    return [round(sum(row), 6) for row in matrix]\n",
            "def f(matrix):\n    return max(abs(x) for row in matrix for x in row)\n",
            "def f(matrix):\n    values = [x for row in matrix for x in row]\n"
            "    return round(sum(values) / len(values), 6)\n",
            "def f(matrix):\n    return sum(1 for row in matrix for x in row if x < 0)\n",
        ],
    ),
    PromptSpec(
        id="grid-bool-matrix",
        kind="grid",
        input_description=(
            "A matrix of H rows and W columns, 1 <= H, W <= 20, given as a list of H lists of W "
            "booleans (true or false)."
        ),
        example_input="grid = [[True, False, True], [False, True, True]]",
        signature="def f(grid: list[list[bool]]):",
        edge=[
            [[[False]]],
            [[[True]]],
            [[[True] * 20] * 20],
            [[[False] * 20] * 20],
            [[[True, False], [False, True]]],
            [[[False, True, False]] * 3],
            [[[True], [True], [False]]],
        ],
        gen=g_bools,
        validate=v_bools,
        refs=[
            "def f(grid):\n    return sum(x for row in grid for x in row)\n",
            "def f(grid):\n    return any(all(row) for row in grid)\n",
            _flood("True", _EIGHT),
            "def f(grid):\n    h, w = len(grid), len(grid[0])\n    nxt = []\n"
            "    for i in range(h):\n        row = []\n        for j in range(w):\n"
            "            n = sum(grid[x][y] for x in range(i - 1, i + 2) "
            "for y in range(j - 1, j + 2)\n"
            "                    if 0 <= x < h and 0 <= y < w and (x, y) != (i, j))\n"
            "            row.append(n == 3 or (grid[i][j] and n == 2))\n"
            "        nxt.append(row)\n    return nxt\n",
        ],
    ),
    PromptSpec(
        id="grid-marked-cells",
        kind="grid",
        input_description=(
            "A board of n rows and m columns, 1 <= n, m <= 20, and a list of P distinct cells, "
            "0 <= P <= min(100, n * m), each given as [r, c] with 1-based indices, "
            "1 <= r <= n and 1 <= c <= m, in any order."
        ),
        example_input="n = 3, m = 4, points = [[1, 1], [1, 2], [3, 4]]",
        signature="def f(n: int, m: int, points: list[list[int]]):",
        edge=[
            [1, 1, []],
            [1, 1, [[1, 1]]],
            [20, 20, []],
            [2, 2, [[1, 1], [2, 2]]],
            [3, 3, [[1, 1], [1, 2], [2, 2]]],
            [1, 20, [[1, 20], [1, 1]]],
            [20, 1, [[20, 1]]],
            [10, 10, [[i, j] for i in range(1, 11) for j in range(1, 11)]],
        ],
        gen=g_points,
        validate=v_points,
        refs=[
            "def f(n, m, points):\n    return n - len({r for r, _ in points})\n",
            "def f(n, m, points):\n    cells = {(r, c) for r, c in points}\n    seen = set()\n"
            "    groups = 0\n    for start in sorted(cells):\n        if start in seen:\n"
            "            continue\n        groups += 1\n        seen.add(start)\n"
            "        stack = [start]\n        while stack:\n            r, c = stack.pop()\n"
            "            for q in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):\n"
            "                if q in cells and q not in seen:\n"
            "                    seen.add(q)\n                    stack.append(q)\n"
            "    return groups\n",
            "def f(n, m, points):\n    if not points:\n        return 0\n"
            "    rs = [r for r, _ in points]\n    cs = [c for _, c in points]\n"
            "    return (max(rs) - min(rs) + 1) * (max(cs) - min(cs) + 1)\n",
            "def f(n, m, points):\n    per = [0] * (m + 1)\n    for _, c in points:\n"
            "        per[c] += 1\n    return max(per)\n",
        ],
    ),
    PromptSpec(
        id="grid-color-cells",
        kind="grid",
        input_description=(
            "A grid of H rows and W columns, 1 <= H, W <= 20, given as a list of H lists of W "
            "one-character strings; every cell is 'R', 'G' or 'B'."
        ),
        example_input='grid = [["R", "G", "G"], ["B", "B", "G"], ["R", "R", "B"]]',
        signature="def f(grid: list[list[str]]):",
        edge=[
            [[["R"]]],
            [[["B"]]],
            [[["R", "G"], ["G", "R"]]],
            [[["G"] * 20] * 20],
            [[["R", "G", "B"]]],
            [[["B"], ["B"], ["R"]]],
            [[["R", "R", "B"], ["G", "B", "B"], ["G", "G", "R"]]],
        ],
        gen=g_colors,
        validate=v_colors,
        refs=[
            "def f(grid):\n    h, w = len(grid), len(grid[0])\n    seen = set()\n"
            "    regions = 0\n    for i in range(h):\n        for j in range(w):\n"
            "            if (i, j) in seen:\n                continue\n            regions += 1\n"
            "            seen.add((i, j))\n            stack = [(i, j)]\n            while stack:\n"
            "                a, b = stack.pop()\n"
            "                for x, y in ((a + 1, b), (a - 1, b), (a, b + 1), (a, b - 1)):\n"
            "                    if 0 <= x < h and 0 <= y < w and (x, y) not in seen "
            "and grid[x][y] == grid[a][b]:\n"
            "                        seen.add((x, y))\n"
            "                        stack.append((x, y))\n    return regions\n",
            "def f(grid):\n    cells = [x for row in grid for x in row]\n"
            "    return min('BGR', key=lambda ch: (-cells.count(ch), ch))\n",
            "def f(grid):\n    return sum(1 for row in grid if len(set(row)) == 1)\n",
            "def f(grid):\n    h, w = len(grid), len(grid[0])\n    diff = 0\n"
            "    for i in range(h):\n        for j in range(w):\n"
            "            if i + 1 < h and grid[i][j] != grid[i + 1][j]:\n                diff += 1\n"
            "            if j + 1 < w and grid[i][j] != grid[i][j + 1]:\n                diff += 1\n"
            "    return diff\n",
        ],
    ),
]
