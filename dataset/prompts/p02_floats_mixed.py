"""Prompts on real numbers (kind "float") and on mixed argument tuples (kind "mixed")."""

from __future__ import annotations

import math
import random
from typing import Any

from ..spec import PromptSpec
from ._common import DIGITS, LOWER, _int_in, _list_of, _lower_word, _word


def _real_in(x: Any, lo: float, hi: float, digits: int, name: str) -> None:
    assert isinstance(x, float), f"{name} must be a float"
    assert math.isfinite(x), f"{name} must be finite"
    assert lo <= x <= hi, f"{name}={x} outside [{lo}, {hi}]"
    assert round(x, digits) == x, f"{name}={x} has more than {digits} digits after the point"


def _real(r: random.Random, lo: float, hi: float, digits: int) -> float:
    scale = 10**digits
    return round(r.randint(round(lo * scale), round(hi * scale)) / scale, digits)


def _size(r: random.Random, hi: int, lo: int = 1) -> int:
    """Often small, sometimes maximal, otherwise anywhere in [lo, hi]."""
    return r.choice([r.randint(lo, min(hi, lo + 4)), r.randint(lo, hi), r.randint(lo, hi), hi])


# -- generators ---------------------------------------------------------------


def g_float_single(r: random.Random) -> list[Any]:
    mode = r.randint(0, 3)
    if mode == 0:
        return [float(r.randint(-1000, 1000))]
    if mode == 1:
        return [_real(r, -5, 5, 2)]
    if mode == 2:
        return [_real(r, -1000, 1000, 3)]
    return [_real(r, -1, 1, 3)]


def g_float_list(r: random.Random) -> list[Any]:
    n = _size(r, 200)
    mode = r.randint(0, 3)
    if mode == 0:
        nums = [_real(r, -1000, 1000, 2) for _ in range(n)]
    elif mode == 1:
        nums = [r.choice([-1.5, 0.0, 0.25, 2.0, 3.75]) for _ in range(n)]
    elif mode == 2:
        nums = sorted(_real(r, 0, 10, 1) for _ in range(n))
    else:
        nums = [_real(r, -1, 1, 2) for _ in range(n)]
    return [nums]


def g_float_points(r: random.Random) -> list[Any]:
    n = _size(r, 100)
    mode = r.randint(0, 2)
    if mode == 0:
        pts = [[_real(r, -1000, 1000, 2), _real(r, -1000, 1000, 2)] for _ in range(n)]
    elif mode == 1:
        pts = [[float(r.randint(0, 5)), float(r.randint(0, 5))] for _ in range(n)]
    else:
        a, b = _real(r, -3, 3, 1), _real(r, -50, 50, 1)
        pts = []
        for _ in range(n):
            x = _real(r, -100, 100, 1)
            pts.append([x, round(a * x + b, 2)])
    return [pts]


def g_float_power(r: random.Random) -> list[Any]:
    x = _real(r, -10, 10, 2) if r.random() < 0.6 else _real(r, -2, 2, 1)
    return [x, r.choice([r.randint(0, 3), r.randint(0, 30), 30])]


def g_float_weights(r: random.Random) -> list[Any]:
    n = _size(r, 200)
    if r.random() < 0.5:
        values = [_real(r, -100, 100, 2) for _ in range(n)]
    else:
        values = [float(r.randint(0, 10)) for _ in range(n)]
    if r.random() < 0.3:
        weights = [r.choice([0.5, 1.0, 2.0]) for _ in range(n)]
    else:
        weights = [_real(r, 0.01, 10, 2) for _ in range(n)]
    return [values, weights]


def g_float_matrix(r: random.Random) -> list[Any]:
    n = r.choice([r.randint(1, 3), r.randint(1, 10), 10])
    if r.random() < 0.3:
        return [[[float(r.randint(-2, 2)) for _ in range(n)] for _ in range(n)]]
    return [[[_real(r, -10, 10, 1) for _ in range(n)] for _ in range(n)]]


def g_float_circles(r: random.Random) -> list[Any]:
    n = _size(r, 100)
    span = r.choice([10, 100])
    rmax = r.choice([5, 50])
    return [
        [
            [_real(r, -span, span, 1), _real(r, -span, span, 1), _real(r, 0.1, rmax, 1)]
            for _ in range(n)
        ]
    ]


def g_mixed_string_int(r: random.Random) -> list[Any]:
    s = _word(r, 1, _size(r, 200), "ab" if r.random() < 0.4 else LOWER)
    n = len(s)
    return [s, r.choice([1, n, r.randint(1, n), r.randint(1, min(n, 3))])]


def g_mixed_walk(r: random.Random) -> list[Any]:
    n = r.choice([r.randint(1, 4), r.randint(1, 20), 20])
    start = [r.randint(1, n), r.randint(1, n)]
    alphabet = r.choice(["UDLR", "UDLR", "UR", "LLRD"])
    return [n, start, _word(r, 0, _size(r, 200, 0), alphabet)]


def g_mixed_flags(r: random.Random) -> list[Any]:
    n = _size(r, 200)
    hi = r.choice([10, 10**6])
    p = r.choice([0.1, 0.5, 0.9])
    return [[r.randint(-hi, hi) for _ in range(n)], [r.random() < p for _ in range(n)]]


def g_mixed_words_char(r: random.Random) -> list[Any]:
    alphabet = r.choice(["abc", "abcde", LOWER])
    words = [_word(r, 1, r.choice([3, 10]), alphabet) for _ in range(_size(r, 50))]
    return [words, r.choice(alphabet) if r.random() < 0.8 else r.choice(LOWER)]


def g_mixed_ops(r: random.Random) -> list[Any]:
    n = _size(r, 100, 0)
    symbols = r.choice(["+-*", "+-", "+*", "+-**"])
    return [
        r.randint(-100, 100),
        [r.choice(symbols) for _ in range(n)],
        [r.randint(0, 9) if r.random() < 0.8 else r.choice([0, 1]) for _ in range(n)],
    ]


def g_mixed_clock(r: random.Random) -> list[Any]:
    t = f"{r.randint(0, 23):02d}:{r.randint(0, 59):02d}"
    return [t, r.choice([r.randint(0, 100), r.randint(0, 3000), r.randint(0, 10**6)])]


# -- validators ---------------------------------------------------------------


def v_float_single(x: Any) -> None:
    _real_in(x, -1000.0, 1000.0, 3, "x")


def v_float_list(nums: Any) -> None:
    _list_of(nums, 1, 200, "nums")
    for x in nums:
        _real_in(x, -1000.0, 1000.0, 2, "nums[i]")


def v_float_points(points: Any) -> None:
    _list_of(points, 1, 100, "points")
    for p in points:
        assert isinstance(p, list) and len(p) == 2, "points are [x, y] pairs"
        _real_in(p[0], -1000.0, 1000.0, 2, "x")
        _real_in(p[1], -1000.0, 1000.0, 2, "y")


def v_float_power(x: Any, n: Any) -> None:
    _real_in(x, -10.0, 10.0, 2, "x")
    _int_in(n, 0, 30, "n")


def v_float_weights(values: Any, weights: Any) -> None:
    _list_of(values, 1, 200, "values")
    _list_of(weights, 1, 200, "weights")
    assert len(values) == len(weights), "values and weights must have the same length"
    for v in values:
        _real_in(v, -100.0, 100.0, 2, "values[i]")
    for w in weights:
        _real_in(w, 0.01, 10.0, 2, "weights[i]")


def v_float_matrix(matrix: Any) -> None:
    _list_of(matrix, 1, 10, "matrix")
    n = len(matrix)
    for row in matrix:
        assert isinstance(row, list) and len(row) == n, "matrix must be square"
        for x in row:
            _real_in(x, -10.0, 10.0, 1, "matrix[i][j]")


def v_float_circles(circles: Any) -> None:
    _list_of(circles, 1, 100, "circles")
    for c in circles:
        assert isinstance(c, list) and len(c) == 3, "circles are [x, y, r] triples"
        _real_in(c[0], -100.0, 100.0, 1, "x")
        _real_in(c[1], -100.0, 100.0, 1, "y")
        _real_in(c[2], 0.1, 50.0, 1, "r")


def v_mixed_string_int(s: Any, k: Any) -> None:
    _lower_word(s, 1, 200, "s")
    _int_in(k, 1, len(s), "k")


def v_mixed_walk(n: Any, start: Any, moves: Any) -> None:
    _int_in(n, 1, 20, "n")
    assert isinstance(start, list) and len(start) == 2, "start is a [row, col] pair"
    _int_in(start[0], 1, n, "row")
    _int_in(start[1], 1, n, "col")
    assert isinstance(moves, str) and len(moves) <= 200, "moves must be a string of length <= 200"
    assert all(c in "UDLR" for c in moves), "moves may contain only U, D, L, R"


def v_mixed_flags(values: Any, flags: Any) -> None:
    _list_of(values, 1, 200, "values")
    _list_of(flags, 1, 200, "flags")
    assert len(values) == len(flags), "values and flags must have the same length"
    for v in values:
        _int_in(v, -(10**6), 10**6, "values[i]")
    for b in flags:
        assert isinstance(b, bool), "flags[i] must be a boolean"


def v_mixed_words_char(words: Any, c: Any) -> None:
    _list_of(words, 1, 50, "words")
    for w in words:
        _lower_word(w, 1, 10, "words[i]")
    _lower_word(c, 1, 1, "c")


def v_mixed_ops(x: Any, ops: Any, vals: Any) -> None:
    _int_in(x, -100, 100, "x")
    _list_of(ops, 0, 100, "ops")
    _list_of(vals, 0, 100, "vals")
    assert len(ops) == len(vals), "ops and vals must have the same length"
    for o in ops:
        assert isinstance(o, str) and o in ("+", "-", "*"), "ops[i] must be '+', '-' or '*'"
    for v in vals:
        _int_in(v, 0, 9, "vals[i]")


def v_mixed_clock(t: Any, m: Any) -> None:
    assert isinstance(t, str) and len(t) == 5 and t[2] == ":", "t must look like HH:MM"
    assert all(ch in DIGITS for ch in t[:2] + t[3:]), "HH and MM must be digits"
    _int_in(int(t[:2]), 0, 23, "HH")
    _int_in(int(t[3:]), 0, 59, "MM")
    _int_in(m, 0, 10**6, "m")


DET_REF = (
    "def f(matrix):\n    a = [row[:] for row in matrix]\n    n = len(a)\n    det = 1.0\n"
    "    for c in range(n):\n        p = max(range(c, n), key=lambda i: abs(a[i][c]))\n"
    "        if abs(a[p][c]) < 1e-12:\n            return 0.0\n        if p != c:\n"
    "            a[c], a[p] = a[p], a[c]\n            det = -det\n        det *= a[c][c]\n"
    "        for i in range(c + 1, n):\n            factor = a[i][c] / a[c][c]\n"
    "            for j in range(c, n):\n                a[i][j] -= factor * a[c][j]\n"
    "    return det\n"
)

WALK_MOVES = "    d = {'U': (-1, 0), 'D': (1, 0), 'L': (0, -1), 'R': (0, 1)}\n"


PROMPTS = [
    PromptSpec(
        id="float-single",
        kind="float",
        input_description=(
            "A single real number x (a float) with -1000 <= x <= 1000, written with at most "
            "three digits after the decimal point."
        ),
        example_input="x = 3.75",
        signature="def f(x: float):",
        edge=[[0.0], [-1000.0], [1000.0], [0.5], [-0.5], [2.5], [0.001], [-123.456]],
        gen=g_float_single,
        validate=v_float_single,
        refs=[
            "import math\n\ndef f(x):\n    return math.floor(x)\n",
            "def f(x):\n    return x * x\n",
            "def f(x):\n    return abs(x) ** 0.5\n",
            "def f(x):\n    return round(x, 1)\n",
        ],
    ),
    PromptSpec(
        id="float-list",
        kind="float",
        input_description=(
            "A list nums of N real numbers (floats), 1 <= N <= 200, each between -1000 and 1000 "
            "inclusive and written with at most two digits after the decimal point. Values may "
            "repeat."
        ),
        example_input="nums = [2.5, -1.25, 3.0, 0.75]",
        signature="def f(nums: list[float]):",
        edge=[
            [[0.0]],
            [[-1000.0]],
            [[1000.0, -1000.0]],
            [[1.5] * 200],
            [[0.1, 0.2, 0.3, 0.4]],
            [[9.99, 5.5, 1.01]],
            [[2.25, -3.5, 7.75, 0.0, -3.5]],
        ],
        gen=g_float_list,
        validate=v_float_list,
        refs=[
            "def f(nums):\n    return sum(nums)\n",
            "def f(nums):\n    return max(nums) - min(nums)\n",
            "def f(nums):\n    s = sorted(nums)\n    n = len(s)\n"
            "    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2\n",
            "def f(nums):\n    mean = sum(nums) / len(nums)\n"
            "    return sum(1 for x in nums if x > mean)\n",
        ],
    ),
    PromptSpec(
        id="float-points",
        kind="float",
        input_description=(
            "A list points of N points in the plane, 1 <= N <= 100, each given as [x, y] where x "
            "and y are real numbers (floats) between -1000 and 1000 inclusive, written with at "
            "most two digits after the decimal point. Points may coincide."
        ),
        example_input="points = [[0.0, 0.0], [3.0, 4.0], [-1.5, 2.25]]",
        signature="def f(points: list[list[float]]):",
        edge=[
            [[[0.0, 0.0]]],
            [[[1.5, -2.5], [1.5, -2.5]]],
            [[[-1000.0, -1000.0], [1000.0, 1000.0]]],
            [[[0.0, 0.0], [1.0, 1.0], [2.0, 2.0], [3.0, 3.0]]],
            [[[3.0, 0.0], [2.0, 0.0], [1.0, 0.0]]],
            [[[0.0, 0.0], [4.0, 0.0], [4.0, 3.0], [0.0, 3.0]]],
            [[[0.5, 7.25], [-3.75, 1.0], [2.0, -6.5]]],
        ],
        gen=g_float_points,
        validate=v_float_points,
        refs=[
            "import math\n\ndef f(points):\n    best = 0.0\n    for i in range(len(points)):\n"
            "        for j in range(i + 1, len(points)):\n"
            "            best = max(best, math.dist(points[i], points[j]))\n    return best\n",
            "def f(points):\n    n = len(points)\n"
            "    return [sum(p[0] for p in points) / n, sum(p[1] for p in points) / n]\n",
            "import math\n\ndef f(points):\n"
            "    return sum(math.dist(points[i], points[i + 1]) for i in range(len(points) - 1))\n",
            "def f(points):\n    xs = [p[0] for p in points]\n    ys = [p[1] for p in points]\n"
            "    return (max(xs) - min(xs)) * (max(ys) - min(ys))\n",
        ],
    ),
    PromptSpec(
        id="float-power",
        kind="float",
        input_description=(
            "A real number x (a float) with -10 <= x <= 10, written with at most two digits after "
            "the decimal point, and an integer n with 0 <= n <= 30."
        ),
        example_input="x = 1.5, n = 4",
        signature="def f(x: float, n: int):",
        edge=[
            [0.0, 0],
            [0.0, 30],
            [1.0, 30],
            [-1.0, 7],
            [10.0, 30],
            [-10.0, 29],
            [0.5, 1],
            [2.25, 0],
        ],
        gen=g_float_power,
        validate=v_float_power,
        refs=[
            "def f(x, n):\n    return x ** n\n",
            "def f(x, n):\n    return sum(x ** i for i in range(n + 1))\n",
            "def f(x, n):\n    return x * n\n",
            "def f(x, n):\n    return abs(x) ** (1 / (n + 1))\n",
        ],
    ),
    PromptSpec(
        id="float-values-weights",
        kind="float",
        input_description=(
            "Two lists values and weights of the same length N, 1 <= N <= 200. Each values[i] is "
            "a real number (float) between -100 and 100 inclusive; each weights[i] is a real "
            "number (float) between 0.01 and 10 inclusive. All numbers are written with at most "
            "two digits after the decimal point."
        ),
        example_input="values = [4.0, -2.5, 10.0], weights = [1.0, 0.5, 2.25]",
        signature="def f(values: list[float], weights: list[float]):",
        edge=[
            [[0.0], [0.01]],
            [[100.0], [10.0]],
            [[-100.0, 100.0], [1.0, 1.0]],
            [[5.0] * 200, [2.5] * 200],
            [[1.0, 2.0, 3.0], [3.0, 2.0, 1.0]],
            [[3.5, -1.25, 8.0, 0.0], [0.01, 9.99, 0.5, 0.5]],
        ],
        gen=g_float_weights,
        validate=v_float_weights,
        refs=[
            "def f(values, weights):\n"
            "    return sum(v * w for v, w in zip(values, weights)) / sum(weights)\n",
            "def f(values, weights):\n    return sum(v * w for v, w in zip(values, weights))\n",
            "def f(values, weights):\n    return values[weights.index(max(weights))]\n",
            "def f(values, weights):\n    return sum(w for v, w in zip(values, weights) if v > 0)\n",
        ],
    ),
    PromptSpec(
        id="float-matrix",
        kind="float",
        input_description=(
            "A square matrix of n rows and n columns, 1 <= n <= 10, given as a list of n lists of "
            "n real numbers (floats), each between -10 and 10 inclusive and written with at most "
            "one digit after the decimal point."
        ),
        example_input="matrix = [[1.5, 2.0], [-0.5, 3.0]]",
        signature="def f(matrix: list[list[float]]):",
        edge=[
            [[[0.0]]],
            [[[-10.0]]],
            [[[1.0, 2.0], [3.0, 4.0]]],
            [[[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]],
            [[[10.0] * 10 for _ in range(10)]],
            [[[0.0, 2.5], [-1.5, 0.0]]],
            [[[2.0, -1.0, 0.0], [-1.0, 2.0, -1.0], [0.0, -1.0, 2.0]]],
        ],
        gen=g_float_matrix,
        validate=v_float_matrix,
        refs=[
            "def f(matrix):\n    return sum(matrix[i][i] for i in range(len(matrix)))\n",
            DET_REF,
            "def f(matrix):\n    return [list(col) for col in zip(*matrix)]\n",
            "def f(matrix):\n    return max(sum(row) for row in matrix)\n",
        ],
    ),
    PromptSpec(
        id="float-circles",
        kind="float",
        input_description=(
            "A list circles of N circles in the plane, 1 <= N <= 100, each given as [x, y, r]: "
            "the center (x, y) with -100 <= x, y <= 100 and the radius r with 0.1 <= r <= 50. "
            "All three are real numbers (floats) written with at most one digit after the "
            "decimal point. Circles may coincide."
        ),
        example_input="circles = [[0.0, 0.0, 2.0], [3.0, 0.0, 1.5], [-10.0, 4.5, 0.5]]",
        signature="def f(circles: list[list[float]]):",
        edge=[
            [[[0.0, 0.0, 0.1]]],
            [[[100.0, -100.0, 50.0]]],
            [[[1.0, 1.0, 1.0], [1.0, 1.0, 1.0]]],
            [[[0.0, 0.0, 1.0], [2.0, 0.0, 1.0]]],
            [[[-100.0, -100.0, 0.1], [100.0, 100.0, 0.1], [0.0, 0.0, 50.0]]],
            [[[5.5, 2.0, 3.0], [-1.0, -1.0, 2.5], [0.0, 4.0, 0.5], [6.0, 2.0, 0.2]]],
        ],
        gen=g_float_circles,
        validate=v_float_circles,
        refs=[
            "import math\n\ndef f(circles):\n    return sum(math.pi * r * r for _, _, r in circles)\n",
            "def f(circles):\n    count = 0\n    for i in range(len(circles)):\n"
            "        x1, y1, r1 = circles[i]\n        for j in range(i + 1, len(circles)):\n"
            "            x2, y2, r2 = circles[j]\n"
            "            if (x1 - x2) ** 2 + (y1 - y2) ** 2 <= (r1 + r2) ** 2:\n"
            "                count += 1\n    return count\n",
            "def f(circles):\n    return max(r for _, _, r in circles)\n",
            "def f(circles):\n    return sum(1 for x, y, r in circles if x * x + y * y < r * r)\n",
        ],
    ),
    PromptSpec(
        id="mixed-string-int",
        kind="mixed",
        input_description=(
            "A string s of length L, 1 <= L <= 200, made only of lowercase English letters, and "
            "an integer k with 1 <= k <= L."
        ),
        example_input='s = "abcabd", k = 2',
        signature="def f(s: str, k: int):",
        edge=[
            ["a", 1],
            ["ab", 2],
            ["aaaa", 2],
            ["abcabc", 3],
            [LOWER, 26],
            ["z" * 200, 1],
            ["abacaba", 4],
        ],
        gen=g_mixed_string_int,
        validate=v_mixed_string_int,
        refs=[
            "def f(s, k):\n    return s[k:] + s[:k]\n",
            "def f(s, k):\n    return len({s[i:i + k] for i in range(len(s) - k + 1)})\n",
            "def f(s, k):\n    return s[::k]\n",
            "def f(s, k):\n    return sum(1 for c in set(s) if s.count(c) >= k)\n",
        ],
    ),
    PromptSpec(
        id="mixed-grid-walk",
        kind="mixed",
        input_description=(
            "An integer n with 1 <= n <= 20 (an n x n board with rows and columns numbered 1..n, "
            "row 1 at the top), a starting cell start = [row, col] with 1 <= row, col <= n, and a "
            "string moves of length between 0 and 200 made only of the characters 'U' (up), 'D' "
            "(down), 'L' (left) and 'R' (right)."
        ),
        example_input='n = 3, start = [2, 2], moves = "URRDL"',
        signature="def f(n: int, start: list[int], moves: str):",
        edge=[
            [1, [1, 1], ""],
            [1, [1, 1], "UDLR"],
            [20, [1, 1], "R" * 200],
            [20, [20, 20], "DDRR"],
            [3, [2, 2], "ULDR"],
            [5, [3, 1], "LLLUUR"],
        ],
        gen=g_mixed_walk,
        validate=v_mixed_walk,
        refs=[
            "def f(n, start, moves):\n    r, c = start\n" + WALK_MOVES + "    for m in moves:\n"
            "        nr, nc = r + d[m][0], c + d[m][1]\n"
            "        if 1 <= nr <= n and 1 <= nc <= n:\n            r, c = nr, nc\n"
            "    return [r, c]\n",
            "def f(n, start, moves):\n    r, c = start\n" + WALK_MOVES + "    seen = {(r, c)}\n"
            "    for m in moves:\n        nr, nc = r + d[m][0], c + d[m][1]\n"
            "        if 1 <= nr <= n and 1 <= nc <= n:\n            r, c = nr, nc\n"
            "            seen.add((r, c))\n    return len(seen)\n",
            "def f(n, start, moves):\n    r, c = start\n" + WALK_MOVES + "    blocked = 0\n"
            "    for m in moves:\n        nr, nc = r + d[m][0], c + d[m][1]\n"
            "        if 1 <= nr <= n and 1 <= nc <= n:\n            r, c = nr, nc\n"
            "        else:\n            blocked += 1\n    return blocked\n",
            "def f(n, start, moves):\n"
            "    return moves.count('U') == moves.count('D') and "
            "moves.count('L') == moves.count('R')\n",
        ],
    ),
    PromptSpec(
        id="mixed-values-flags",
        kind="mixed",
        input_description=(
            "A list values of N integers, 1 <= N <= 200, each between -10^6 and 10^6 inclusive, "
            "and a list flags of N booleans (True or False)."
        ),
        example_input="values = [4, -2, 7, 1], flags = [True, False, True, False]",
        signature="def f(values: list[int], flags: list[bool]):",
        edge=[
            [[0], [False]],
            [[5], [True]],
            [[-1000000, 1000000], [True, True]],
            [[1, 2, 3], [False, False, False]],
            [[3, 2, 1], [True, False, True]],
            [[7] * 200, [True] * 200],
            [[-4, 9, -4, 0], [False, True, True, False]],
        ],
        gen=g_mixed_flags,
        validate=v_mixed_flags,
        refs=[
            "def f(values, flags):\n    return sum(v for v, b in zip(values, flags) if b)\n",
            "def f(values, flags):\n    return flags.count(True)\n",
            "def f(values, flags):\n    return [v for v, b in zip(values, flags) if b]\n",
            "def f(values, flags):\n    return sum(v if b else -v for v, b in zip(values, flags))\n",
        ],
    ),
    PromptSpec(
        id="mixed-words-char",
        kind="mixed",
        input_description=(
            "A list words of N strings, 1 <= N <= 50, each of length 1 to 10 and made of "
            "lowercase English letters (strings may repeat), and a string c of length exactly 1 "
            "that is a lowercase English letter."
        ),
        example_input='words = ["banana", "cherry", "apple"], c = "a"',
        signature="def f(words: list[str], c: str):",
        edge=[
            [["a"], "a"],
            [["a"], "b"],
            [["aa", "aa"], "a"],
            [["abc", "cab", "bca"], "c"],
            [["z" * 10] * 50, "z"],
            [["hello", "world", "xyz"], "o"],
        ],
        gen=g_mixed_words_char,
        validate=v_mixed_words_char,
        refs=[
            "def f(words, c):\n    return sum(1 for w in words if c in w)\n",
            "def f(words, c):\n    return sum(w.count(c) for w in words)\n",
            "def f(words, c):\n    return [w for w in words if w.startswith(c)]\n",
            "def f(words, c):\n    for i, w in enumerate(words):\n        if c in w:\n"
            "            return i\n    return -1\n",
        ],
    ),
    PromptSpec(
        id="mixed-ops-values",
        kind="mixed",
        input_description=(
            "An integer x with -100 <= x <= 100, a list ops of N strings, 0 <= N <= 100, each "
            'one of "+", "-" and "*", and a list vals of N integers, each between 0 and 9 '
            "inclusive."
        ),
        example_input='x = 3, ops = ["+", "*", "-"], vals = [4, 2, 5]',
        signature="def f(x: int, ops: list[str], vals: list[int]):",
        edge=[
            [0, [], []],
            [-100, [], []],
            [100, ["*"], [9]],
            [1, ["+", "*"], [2, 3]],
            [5, ["-", "-", "-"], [5, 5, 5]],
            [-7, ["*", "+", "*"], [0, 4, 2]],
        ],
        gen=g_mixed_ops,
        validate=v_mixed_ops,
        refs=[
            "def f(x, ops, vals):\n    for o, v in zip(ops, vals):\n        if o == '+':\n"
            "            x += v\n        elif o == '-':\n            x -= v\n        else:\n"
            "            x *= v\n    return x\n",
            "def f(x, ops, vals):\n    terms = [x]\n    signs = [1]\n"
            "    for o, v in zip(ops, vals):\n        if o == '*':\n            terms[-1] *= v\n"
            "        else:\n            terms.append(v)\n"
            "            signs.append(1 if o == '+' else -1)\n"
            "    return sum(s * t for s, t in zip(signs, terms))\n",
            "def f(x, ops, vals):\n    return ops.count('*')\n",
            "def f(x, ops, vals):\n    return x + sum(vals)\n",
        ],
    ),
    PromptSpec(
        id="mixed-clock-minutes",
        kind="mixed",
        input_description=(
            'A time of day t given as a string "HH:MM" in 24-hour format (00 <= HH <= 23, '
            "00 <= MM <= 59, always two digits each), and an integer m with 0 <= m <= 10^6."
        ),
        example_input='t = "23:15", m = 90',
        signature="def f(t: str, m: int):",
        edge=[
            ["00:00", 0],
            ["23:59", 1],
            ["12:00", 1000000],
            ["00:00", 1440],
            ["09:05", 55],
            ["23:59", 0],
            ["13:30", 720],
        ],
        gen=g_mixed_clock,
        validate=v_mixed_clock,
        refs=[
            "def f(t, m):\n    h, mm = map(int, t.split(':'))\n    total = (h * 60 + mm + m) % 1440\n"
            "    return '%02d:%02d' % (total // 60, total % 60)\n",
            "def f(t, m):\n    h, mm = map(int, t.split(':'))\n    return (h * 60 + mm + m) // 1440\n",
            "def f(t, m):\n    h, mm = map(int, t.split(':'))\n    return h * 60 + mm + m\n",
            "def f(t, m):\n    h, mm = map(int, t.split(':'))\n"
            "    return (h * 60 + mm + m) % 1440 < 720\n",
        ],
    ),
]
