"""More interval prompts, mixed argument tuples and query lists (dataset v1)."""

from __future__ import annotations

import math
import random
from typing import Any

from ..spec import PromptSpec
from ._common import DIGITS, LOWER, _int_in


def _clock(t: Any, name: str) -> int:
    """Minutes since midnight of a valid "HH:MM" string (asserts the format)."""
    assert isinstance(t, str) and len(t) == 5 and t[2] == ":", f'{name} must be "HH:MM"'
    assert all(c in DIGITS for c in t[:2] + t[3:]), f"{name} must use ASCII digits"
    hh, mm = int(t[:2]), int(t[3:])
    assert hh <= 23 and mm <= 59, f"{name}={t} is not a valid time"
    return hh * 60 + mm


def _hhmm(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def _two_decimals(x: Any, name: str) -> None:
    assert isinstance(x, float), f"{name} must be a float"
    assert math.isfinite(x), f"{name} must be finite"
    assert -1000 <= x <= 1000, f"{name}={x} outside [-1000, 1000]"
    assert abs(x * 100 - round(x * 100)) < 1e-6, f"{name}={x} has more than 2 decimals"


def _word(r: random.Random, n: int, alphabet: str) -> str:
    return "".join(r.choice(alphabet) for _ in range(n))


def _size(r: random.Random, hi: int) -> int:
    """A size in 1..hi: often small, sometimes maximal."""
    roll = r.random()
    if roll < 0.4:
        return r.randint(1, min(hi, 8))
    if roll < 0.8:
        return r.randint(1, hi)
    return hi


# -- generators ---------------------------------------------------------------


def g_weighted_segments(r: random.Random) -> list[Any]:
    n = _size(r, 100)
    span = r.choice([5, 30, 300, 999])
    wmax = r.choice([10, 10**6])
    segs = []
    for _ in range(n):
        lo = r.randint(1, 1000)
        segs.append([lo, min(1000, lo + r.randint(0, span)), r.randint(1, wmax)])
    return [segs]


def g_clock_ranges(r: random.Random) -> list[Any]:
    if r.random() < 0.3:
        # back-to-back or spaced ranges that never overlap, shuffled
        out, cur = [], r.randint(0, 600)
        while cur < 1439 and len(out) < 100:
            end = min(1439, cur + r.randint(5, 90))
            out.append([_hhmm(cur), _hhmm(end)])
            cur = end + r.choice([0, 0, r.randint(1, 60)])
        r.shuffle(out)
        return [out]
    n = _size(r, 100)
    office = r.random() < 0.5
    out = []
    for _ in range(n):
        if office:
            s = r.randint(8 * 4, 17 * 4) * 15
            e = min(1439, s + r.choice([15, 30, 45, 60, 90, 120]))
        else:
            s, e = sorted(r.sample(range(1440), 2))
        out.append([_hhmm(s), _hhmm(e)])
    return [out]


def g_points_stab(r: random.Random) -> list[Any]:
    scale = r.choice([20, 1000, 10**9])
    n, m = _size(r, 100), _size(r, 100)
    ivs = []
    for _ in range(n):
        lo = r.randint(-scale, scale)
        ivs.append([lo, min(scale, lo + r.randint(0, scale // r.choice([1, 4, 50])))])
    pts = []
    for _ in range(m):
        if r.random() < 0.5:
            lo, hi = r.choice(ivs)
            pts.append(r.randint(lo, hi))
        else:
            pts.append(r.randint(-scale, scale))
    return [ivs, pts]


def g_rects(r: random.Random) -> list[Any]:
    n = _size(r, 50)
    side = r.choice([3, 15, 60, 100])
    rects = []
    for _ in range(n):
        x1, y1 = r.randint(0, 99), r.randint(0, 99)
        rects.append([x1, y1, min(100, x1 + r.randint(1, side)), min(100, y1 + r.randint(1, side))])
    return [rects]


def g_disjoint_insert(r: random.Random) -> list[Any]:
    scale = r.choice([50, 10**4, 10**9])
    n = r.randint(0, min(100, (scale + 1) // 2) if r.random() < 0.3 else 10)
    cuts = sorted(r.sample(range(scale + 1), 2 * n))
    ivs = [[cuts[2 * i], cuts[2 * i + 1]] for i in range(n)]
    if ivs and r.random() < 0.4:
        a, b = r.choice(ivs)
        a, b = max(0, a - r.randint(0, 3)), min(scale, b + r.randint(0, 3))
        if a == b:
            b = a + 1
    else:
        a, b = sorted(r.sample(range(scale + 1), 2))
    return [ivs, a, b]


def g_minutes_capacity(r: random.Random) -> list[Any]:
    n = _size(r, 100)
    longest = r.choice([10, 60, 240, 1440])
    ivs = []
    for _ in range(n):
        s = r.randint(0, 1439)
        ivs.append([s, min(1440, s + r.randint(1, longest))])
    return [ivs, r.randint(1, 3) if r.random() < 0.6 else r.randint(1, 10)]


def g_chords(r: random.Random) -> list[Any]:
    n = _size(r, 100)
    mode = r.random()
    if mode < 0.4:
        ends = list(range(1, 2 * n + 1))
        r.shuffle(ends)
        pairs = [sorted(ends[2 * i : 2 * i + 2]) for i in range(n)]
    else:
        # a balanced bracket sequence, then optionally swap a few endpoints
        opens, stack, pairs, pos = n, [], [], 1
        while opens or stack:
            if opens and (not stack or r.random() < 0.5):
                stack.append(pos)
                opens -= 1
            else:
                pairs.append([stack.pop(), pos])
            pos += 1
        if mode < 0.7 and n >= 2:
            for _ in range(r.randint(1, 3)):
                i, j = r.sample(range(n), 2)
                pairs[i][1], pairs[j][1] = pairs[j][1], pairs[i][1]
            pairs = [sorted(p) for p in pairs]
        r.shuffle(pairs)
    return [n, pairs]


def g_string_count_letter(r: random.Random) -> list[Any]:
    alphabet = r.choice(["ab", "abc", LOWER])
    s = _word(r, _size(r, 100), alphabet)
    k = r.choice([1, len(s), r.randint(1, len(s))])
    c = r.choice(alphabet) if r.random() < 0.8 else r.choice(LOWER)
    return [s, k, c]


def g_floats_flag(r: random.Random) -> list[Any]:
    n = _size(r, 100)
    scale = r.choice([5, 100, 100000])
    whole = r.random() < 0.3
    top = min(1000, scale // 100 + 1)
    values = [
        float(r.randint(-top, top)) if whole else r.randint(-scale, scale) / 100 for _ in range(n)
    ]
    x = r.choice(values) if r.random() < 0.3 else r.randint(-scale, scale) / 100
    return [values, x, r.random() < 0.5]


def g_clock_durations(r: random.Random) -> list[Any]:
    n = _size(r, 100)
    top = r.choice([15, 120, 1440])
    nums = [r.randint(1, top) for _ in range(n)]
    return [_hhmm(r.randint(0, 1439)), nums, r.randint(1, n)]


def g_binary_flips(r: random.Random) -> list[Any]:
    n = _size(r, 100)
    p = r.choice([0.1, 0.5, 0.9])
    s = "".join("1" if r.random() < p else "0" for _ in range(n))
    p1 = r.choice([0.2, 0.5, 0.8])
    qs = []
    for _ in range(_size(r, 100)):
        lo, hi = sorted([r.randint(1, n), r.randint(1, n)])
        qs.append([1 if r.random() < p1 else 2, lo, hi])
    return [s, qs]


def g_points_rects(r: random.Random) -> list[Any]:
    top = r.choice([5, 20, 100])
    pts = [[r.randint(0, top), r.randint(0, top)] for _ in range(_size(r, 100))]
    if r.random() < 0.3:
        pts += [r.choice(pts) for _ in range(min(100 - len(pts), r.randint(1, 5)))]
    qs = []
    for _ in range(_size(r, 100)):
        if r.random() < 0.4:
            # corners taken from the points, so that some points lie on the border
            (ax, ay), (bx, by) = r.choice(pts), r.choice(pts)
        else:
            ax, ay, bx, by = (r.randint(0, top) for _ in range(4))
        qs.append([min(ax, bx), min(ay, by), max(ax, bx), max(ay, by)])
    return [pts, qs]


def g_prefix_lengths(r: random.Random) -> list[Any]:
    n = _size(r, 100)
    lo, hi = r.choice([(-1000, 1000), (0, 9), (-3, 3), (1, 1000)])
    arr = [r.randint(lo, hi) for _ in range(n)]
    if r.random() < 0.2:
        arr.sort(reverse=r.random() < 0.5)
    qs = [r.randint(1, n) for _ in range(_size(r, 100))]
    if r.random() < 0.2:
        qs.sort()
    return [arr, qs]


# -- validators ---------------------------------------------------------------


def v_weighted_segments(segments: Any) -> None:
    assert isinstance(segments, list) and 1 <= len(segments) <= 100, "1..100 segments"
    for seg in segments:
        assert isinstance(seg, list) and len(seg) == 3, "segments are [l, r, w] triples"
        _int_in(seg[0], 1, 1000, "l")
        _int_in(seg[1], 1, 1000, "r")
        _int_in(seg[2], 1, 10**6, "w")
        assert seg[0] <= seg[1], "l <= r"


def v_clock_ranges(intervals: Any) -> None:
    assert isinstance(intervals, list) and 1 <= len(intervals) <= 100, "1..100 ranges"
    for iv in intervals:
        assert isinstance(iv, list) and len(iv) == 2, "ranges are [start, end] pairs"
        assert _clock(iv[0], "start") < _clock(iv[1], "end"), "start must be before end"


def v_points_stab(intervals: Any, points: Any) -> None:
    assert isinstance(intervals, list) and 1 <= len(intervals) <= 100, "1..100 intervals"
    for iv in intervals:
        assert isinstance(iv, list) and len(iv) == 2, "intervals are [l, r] pairs"
        _int_in(iv[0], -(10**9), 10**9, "l")
        _int_in(iv[1], -(10**9), 10**9, "r")
        assert iv[0] <= iv[1], "l <= r"
    assert isinstance(points, list) and 1 <= len(points) <= 100, "1..100 points"
    for p in points:
        _int_in(p, -(10**9), 10**9, "points[i]")


def v_rects(rects: Any) -> None:
    assert isinstance(rects, list) and 1 <= len(rects) <= 50, "1..50 rectangles"
    for rc in rects:
        assert isinstance(rc, list) and len(rc) == 4, "rectangles are [x1, y1, x2, y2]"
        for v in rc:
            _int_in(v, 0, 100, "coordinate")
        assert rc[0] < rc[2] and rc[1] < rc[3], "x1 < x2 and y1 < y2"


def v_disjoint_insert(intervals: Any, a: Any, b: Any) -> None:
    assert isinstance(intervals, list) and len(intervals) <= 100, "0..100 intervals"
    prev = -1
    for iv in intervals:
        assert isinstance(iv, list) and len(iv) == 2, "intervals are [l, r] pairs"
        _int_in(iv[0], 0, 10**9, "l")
        _int_in(iv[1], 0, 10**9, "r")
        assert iv[0] < iv[1], "l < r"
        assert iv[0] > prev, "sorted, neither overlapping nor touching"
        prev = iv[1]
    _int_in(a, 0, 10**9, "a")
    _int_in(b, 0, 10**9, "b")
    assert a < b, "a < b"


def v_minutes_capacity(intervals: Any, k: Any) -> None:
    assert isinstance(intervals, list) and 1 <= len(intervals) <= 100, "1..100 intervals"
    for iv in intervals:
        assert isinstance(iv, list) and len(iv) == 2, "intervals are [s, e] pairs"
        _int_in(iv[0], 0, 1440, "s")
        _int_in(iv[1], 0, 1440, "e")
        assert iv[0] < iv[1], "s < e"
    _int_in(k, 1, 10, "k")


def v_chords(n: Any, intervals: Any) -> None:
    _int_in(n, 1, 100, "n")
    assert isinstance(intervals, list) and len(intervals) == n, "exactly n pairs"
    ends = []
    for iv in intervals:
        assert isinstance(iv, list) and len(iv) == 2, "pairs are [l, r]"
        _int_in(iv[0], 1, 2 * n, "l")
        _int_in(iv[1], 1, 2 * n, "r")
        assert iv[0] < iv[1], "l < r"
        ends += iv
    assert sorted(ends) == list(range(1, 2 * n + 1)), "endpoints must be exactly 1..2n"


def v_string_count_letter(s: Any, k: Any, c: Any) -> None:
    assert isinstance(s, str) and 1 <= len(s) <= 100, "s must have length 1..100"
    assert all(ch in LOWER for ch in s), "s must be lowercase letters"
    _int_in(k, 1, len(s), "k")
    assert isinstance(c, str) and len(c) == 1 and c in LOWER, "c must be one lowercase letter"


def v_floats_flag(values: Any, x: Any, b: Any) -> None:
    assert isinstance(values, list) and 1 <= len(values) <= 100, "values must have 1..100 items"
    for v in values:
        _two_decimals(v, "values[i]")
    _two_decimals(x, "x")
    assert isinstance(b, bool), "b must be a boolean"


def v_clock_durations(t: Any, nums: Any, k: Any) -> None:
    _clock(t, "t")
    assert isinstance(nums, list) and 1 <= len(nums) <= 100, "nums must have 1..100 items"
    for v in nums:
        _int_in(v, 1, 1440, "nums[i]")
    _int_in(k, 1, len(nums), "k")


def v_binary_flips(s: Any, queries: Any) -> None:
    assert isinstance(s, str) and 1 <= len(s) <= 100, "s must have length 1..100"
    assert set(s) <= {"0", "1"}, "s must be binary"
    assert isinstance(queries, list) and 1 <= len(queries) <= 100, "1..100 queries"
    for q in queries:
        assert isinstance(q, list) and len(q) == 3, "queries are [t, l, r] triples"
        _int_in(q[0], 1, 2, "t")
        _int_in(q[1], 1, len(s), "l")
        _int_in(q[2], 1, len(s), "r")
        assert q[1] <= q[2], "l <= r"


def v_points_rects(points: Any, queries: Any) -> None:
    assert isinstance(points, list) and 1 <= len(points) <= 100, "1..100 points"
    for p in points:
        assert isinstance(p, list) and len(p) == 2, "points are [x, y] pairs"
        _int_in(p[0], 0, 100, "x")
        _int_in(p[1], 0, 100, "y")
    assert isinstance(queries, list) and 1 <= len(queries) <= 100, "1..100 queries"
    for q in queries:
        assert isinstance(q, list) and len(q) == 4, "queries are [x1, y1, x2, y2]"
        for v in q:
            _int_in(v, 0, 100, "coordinate")
        assert q[0] <= q[2] and q[1] <= q[3], "x1 <= x2 and y1 <= y2"


def v_prefix_lengths(arr: Any, queries: Any) -> None:
    assert isinstance(arr, list) and 1 <= len(arr) <= 100, "arr must have 1..100 items"
    for x in arr:
        _int_in(x, -1000, 1000, "arr[i]")
    assert isinstance(queries, list) and 1 <= len(queries) <= 100, "1..100 queries"
    for k in queries:
        _int_in(k, 1, len(arr), "queries[i]")


PROMPTS = [
    PromptSpec(
        id="interval-weighted-segments",
        kind="intervals",
        input_description=(
            "A list segments of N weighted closed segments on a line, 1 <= N <= 100; each is "
            "[l, r, w] with integers 1 <= l <= r <= 1000 and 1 <= w <= 10^6. Segments may "
            "overlap, touch, nest or repeat, and are in no particular order."
        ),
        example_input="segments = [[1, 4, 5], [3, 7, 2], [6, 9, 8]]",
        signature="def f(segments: list[list[int]]):",
        edge=[
            [[[1, 1, 1]]],
            [[[1, 1000, 1000000]]],
            [[[1, 2, 5], [1, 2, 5]]],
            [[[1, 3, 2], [3, 5, 2], [5, 7, 2]]],
            [[[1, 10, 1], [2, 3, 7], [5, 6, 7]]],
            [[[10, 20, 3], [1, 5, 9], [30, 40, 1]]],
            [[[500, 600, 1000000]] * 100],
        ],
        gen=g_weighted_segments,
        validate=v_weighted_segments,
        refs=[
            "def f(segments):\n    segs = sorted(segments, key=lambda s: s[1])\n"
            "    best = [0] * (len(segs) + 1)\n    for i, (l, r, w) in enumerate(segs):\n"
            "        j = i\n        while j > 0 and segs[j - 1][1] >= l:\n            j -= 1\n"
            "        best[i + 1] = max(best[i], best[j] + w)\n    return best[-1]\n",
            "def f(segments):\n    return sum(w for _, _, w in segments)\n",
            "def f(segments):\n    diff = [0] * 1002\n    for l, r, w in segments:\n"
            "        diff[l] += w\n        diff[r + 1] -= w\n    cur = best = 0\n"
            "    for d in diff:\n        cur += d\n        best = max(best, cur)\n    return best\n",
            "def f(segments):\n    covered = [False] * 1001\n    for l, r, _ in segments:\n"
            "        covered[l:r + 1] = [True] * (r - l + 1)\n    return sum(covered)\n",
        ],
    ),
    PromptSpec(
        id="interval-clock-ranges",
        kind="intervals",
        input_description=(
            "A list intervals of N time ranges within one day, 1 <= N <= 100; each is a pair "
            '[start, end] of strings in 24-hour format "HH:MM" (two digits each, 00 <= HH <= 23, '
            "00 <= MM <= 59) with start strictly earlier than end. Each range is half-open: it "
            "includes start and excludes end. Ranges may overlap or repeat and are in no "
            "particular order."
        ),
        example_input='intervals = [["09:00", "10:30"], ["10:00", "11:00"], ["13:15", "14:00"]]',
        signature="def f(intervals: list[list[str]]):",
        edge=[
            [[["00:00", "00:01"]]],
            [[["00:00", "23:59"]]],
            [[["09:00", "10:00"], ["10:00", "11:00"]]],
            [[["12:00", "13:00"]] * 3],
            [[["08:00", "12:00"], ["09:00", "10:00"], ["11:30", "11:45"]]],
            [[["22:10", "23:00"], ["01:05", "02:00"]]],
            [[["23:58", "23:59"], ["00:00", "23:59"]]],
        ],
        gen=g_clock_ranges,
        validate=v_clock_ranges,
        refs=[
            "def f(intervals):\n    events = []\n    for s, e in intervals:\n"
            "        events.append((s, 1))\n        events.append((e, -1))\n"
            "    events.sort(key=lambda x: (x[0], x[1]))\n    cur = best = 0\n"
            "    for _, d in events:\n        cur += d\n        best = max(best, cur)\n"
            "    return best\n",
            "def to_min(t):\n    return int(t[:2]) * 60 + int(t[3:])\n\n"
            "def f(intervals):\n    total = 0\n    end = -1\n"
            "    for s, e in sorted((to_min(a), to_min(b)) for a, b in intervals):\n"
            "        if s >= end:\n            total += e - s\n            end = e\n"
            "        elif e > end:\n            total += e - end\n            end = e\n"
            "    return total\n",
            "def to_min(t):\n    return int(t[:2]) * 60 + int(t[3:])\n\n"
            "def f(intervals):\n    gap = 0\n    end = 0\n"
            "    for s, e in sorted((to_min(a), to_min(b)) for a, b in intervals):\n"
            "        gap = max(gap, s - end)\n        end = max(end, e)\n"
            "    return max(gap, 1440 - end)\n",
            "def f(intervals):\n    iv = sorted(intervals)\n"
            "    return any(iv[i + 1][0] < iv[i][1] for i in range(len(iv) - 1))\n",
        ],
    ),
    PromptSpec(
        id="interval-points-stab",
        kind="intervals",
        input_description=(
            "A list intervals of N closed intervals, 1 <= N <= 100, each [l, r] with integers "
            "-10^9 <= l <= r <= 10^9, and a list points of M integers, 1 <= M <= 100, each "
            "between -10^9 and 10^9 inclusive. Intervals may overlap or repeat; points may "
            "repeat; neither list is sorted."
        ),
        example_input="intervals = [[1, 5], [4, 8], [10, 12]], points = [2, 4, 9]",
        signature="def f(intervals: list[list[int]], points: list[int]):",
        edge=[
            [[[0, 0]], [0]],
            [[[-(10**9), 10**9]], [10**9, -(10**9)]],
            [[[1, 2], [1, 2]], [3]],
            [[[5, 5]], [4, 5, 6, 5]],
            [[[1, 3], [5, 7], [9, 11]], [2, 6, 10]],
            [[[1, 10], [2, 3]], [0, 11]],
            [[[-5, -1], [-3, 4]], [-3]],
        ],
        gen=g_points_stab,
        validate=v_points_stab,
        refs=[
            "def f(intervals, points):\n"
            "    return [sum(1 for l, r in intervals if l <= p <= r) for p in points]\n",
            "def f(intervals, points):\n"
            "    return sum(1 for l, r in intervals if any(l <= p <= r for p in points))\n",
            "def f(intervals, points):\n"
            "    return sum(1 for p in points if not any(l <= p <= r for l, r in intervals))\n",
            "def f(intervals, points):\n    count = 0\n    last = None\n"
            "    for l, r in sorted(intervals, key=lambda x: x[1]):\n"
            "        if last is None or l > last:\n            count += 1\n            last = r\n"
            "    return count\n",
        ],
    ),
    PromptSpec(
        id="interval-rectangles",
        kind="intervals",
        input_description=(
            "A list rects of N axis-parallel rectangles, 1 <= N <= 50; each is [x1, y1, x2, y2] "
            "with integers 0 <= x1 < x2 <= 100 and 0 <= y1 < y2 <= 100, where (x1, y1) is the "
            "lower-left and (x2, y2) the upper-right corner. Rectangles may overlap, touch, "
            "nest or repeat."
        ),
        example_input="rects = [[0, 0, 4, 3], [2, 1, 6, 5], [7, 7, 9, 8]]",
        signature="def f(rects: list[list[int]]):",
        edge=[
            [[[0, 0, 1, 1]]],
            [[[0, 0, 100, 100]]],
            [[[0, 0, 2, 2], [0, 0, 2, 2]]],
            [[[0, 0, 1, 1], [1, 0, 2, 1]]],
            [[[0, 0, 10, 10], [2, 2, 3, 3]]],
            [[[0, 0, 5, 5], [3, 3, 8, 8], [90, 90, 100, 100]]],
            [[[0, 0, 100, 1]] * 50],
        ],
        gen=g_rects,
        validate=v_rects,
        refs=[
            "def f(rects):\n    xs = sorted({x for r in rects for x in (r[0], r[2])})\n"
            "    area = 0\n    for a, b in zip(xs, xs[1:]):\n"
            "        ys = sorted((r[1], r[3]) for r in rects if r[0] <= a and r[2] >= b)\n"
            "        cover = 0\n        end = -1\n        for y1, y2 in ys:\n"
            "            if y1 >= end:\n                cover += y2 - y1\n                end = y2\n"
            "            elif y2 > end:\n                cover += y2 - end\n                end = y2\n"
            "        area += cover * (b - a)\n    return area\n",
            "def f(rects):\n    return sum((x2 - x1) * (y2 - y1) for x1, y1, x2, y2 in rects)\n",
            "def f(rects):\n    count = 0\n    for i in range(len(rects)):\n"
            "        for j in range(i + 1, len(rects)):\n"
            "            a, b = rects[i], rects[j]\n"
            "            if min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1]):\n"
            "                count += 1\n    return count\n",
            "def f(rects):\n    x1 = min(r[0] for r in rects)\n    y1 = min(r[1] for r in rects)\n"
            "    x2 = max(r[2] for r in rects)\n    y2 = max(r[3] for r in rects)\n"
            "    return (x2 - x1) * (y2 - y1)\n",
        ],
    ),
    PromptSpec(
        id="interval-disjoint-insert",
        kind="intervals",
        input_description=(
            "A list intervals of N half-open intervals, 0 <= N <= 100, each given as [l, r] with "
            "integers 0 <= l < r <= 10^9 and standing for all reals x with l <= x < r; the list "
            "is sorted by l and each r is strictly less than the next interval's l (no overlaps, "
            "no touching). Then two integers a and b with 0 <= a < b <= 10^9, describing one "
            "more half-open interval [a, b)."
        ),
        example_input="intervals = [[1, 3], [6, 9], [12, 16]], a = 2, b = 7",
        signature="def f(intervals: list[list[int]], a: int, b: int):",
        edge=[
            [[], 0, 1],
            [[], 0, 10**9],
            [[[0, 10**9]], 5, 6],
            [[[1, 3], [5, 7]], 3, 5],
            [[[1, 2], [4, 5], [7, 8]], 0, 10],
            [[[10, 20]], 30, 40],
            [[[10, 20], [30, 40]], 12, 15],
        ],
        gen=g_disjoint_insert,
        validate=v_disjoint_insert,
        refs=[
            "def f(intervals, a, b):\n    out = []\n    for l, r in sorted(intervals + [[a, b]]):\n"
            "        if out and l <= out[-1][1]:\n            out[-1][1] = max(out[-1][1], r)\n"
            "        else:\n            out.append([l, r])\n    return out\n",
            "def f(intervals, a, b):\n    total = b - a\n    for l, r in intervals:\n"
            "        total += r - l - max(0, min(r, b) - max(l, a))\n    return total\n",
            "def f(intervals, a, b):\n"
            "    return sum(1 for l, r in intervals if min(r, b) > max(l, a))\n",
            "def f(intervals, a, b):\n"
            "    return (b - a) - sum(max(0, min(r, b) - max(l, a)) for l, r in intervals)\n",
        ],
    ),
    PromptSpec(
        id="interval-minutes-capacity",
        kind="intervals",
        input_description=(
            "A list intervals of N half-open time intervals measured in minutes since midnight, "
            "1 <= N <= 100, each a pair [s, e] of integers with 0 <= s < e <= 1440 (minute s is "
            "included, minute e is not), and an integer k with 1 <= k <= 10. Intervals may "
            "overlap or repeat and are in no particular order."
        ),
        example_input="intervals = [[540, 600], [570, 660], [600, 720]], k = 2",
        signature="def f(intervals: list[list[int]], k: int):",
        edge=[
            [[[0, 1]], 1],
            [[[0, 1440]], 10],
            [[[0, 10], [0, 10], [0, 10]], 2],
            [[[0, 10], [10, 20], [20, 30]], 1],
            [[[0, 100], [50, 150], [60, 70], [200, 300]], 2],
            [[[600, 660]] * 100, 10],
            [[[5, 6], [1, 1440]], 1],
        ],
        gen=g_minutes_capacity,
        validate=v_minutes_capacity,
        refs=[
            "def f(intervals, k):\n    free = [0] * k\n    taken = 0\n"
            "    for s, e in sorted(intervals, key=lambda x: (x[1], x[0])):\n        best = -1\n"
            "        for i in range(k):\n"
            "            if free[i] <= s and (best < 0 or free[i] > free[best]):\n"
            "                best = i\n        if best >= 0:\n            free[best] = e\n"
            "            taken += 1\n    return taken\n",
            "def f(intervals, k):\n    diff = [0] * 1441\n    for s, e in intervals:\n"
            "        diff[s] += 1\n        diff[e] -= 1\n    cur = total = 0\n"
            "    for m in range(1440):\n        cur += diff[m]\n        if cur >= k:\n"
            "            total += 1\n    return total\n",
            "def f(intervals, k):\n    events = sorted([(s, 1) for s, _ in intervals] + "
            "[(e, -1) for _, e in intervals])\n    cur = 0\n    for _, d in events:\n"
            "        cur += d\n        if cur > k:\n            return False\n    return True\n",
            "def f(intervals, k):\n"
            "    return sum(sorted((e - s for s, e in intervals), reverse=True)[:k])\n",
        ],
    ),
    PromptSpec(
        id="interval-chord-endpoints",
        kind="intervals",
        input_description=(
            "An integer n with 1 <= n <= 100 and a list intervals of n pairs [l, r] of integers "
            "with 1 <= l < r <= 2n, such that the 2n numbers used as endpoints are exactly "
            "1, 2, ..., 2n, each exactly once. The pairs are in no particular order."
        ),
        example_input="n = 3, intervals = [[2, 5], [1, 3], [4, 6]]",
        signature="def f(n: int, intervals: list[list[int]]):",
        edge=[
            [1, [[1, 2]]],
            [2, [[1, 2], [3, 4]]],
            [2, [[1, 4], [2, 3]]],
            [2, [[1, 3], [2, 4]]],
            [3, [[4, 6], [1, 2], [3, 5]]],
            [100, [[i, 201 - i] for i in range(1, 101)]],
            [100, [[2 * i - 1, 2 * i] for i in range(100, 0, -1)]],
        ],
        gen=g_chords,
        validate=v_chords,
        refs=[
            "def f(n, intervals):\n    count = 0\n    for a, b in intervals:\n"
            "        for c, d in intervals:\n            if a < c < b < d:\n"
            "                count += 1\n    return count\n",
            "def f(n, intervals):\n    kind = [0] * (2 * n + 1)\n    for l, r in intervals:\n"
            "        kind[l] = 1\n        kind[r] = -1\n    cur = best = 0\n"
            "    for x in kind:\n        cur += x\n        best = max(best, cur)\n    return best\n",
            "def f(n, intervals):\n    return sum(1 for a, b in intervals\n"
            "               if not any(c < a and b < d for c, d in intervals))\n",
            "def f(n, intervals):\n    for a, b in intervals:\n        for c, d in intervals:\n"
            "            if a < c < b < d:\n                return False\n    return True\n",
        ],
    ),
    PromptSpec(
        id="tuple-string-count-letter",
        kind="mixed",
        input_description=(
            "A string s of length L, 1 <= L <= 100, made of lowercase English letters; an "
            "integer k with 1 <= k <= L; and a string c of length exactly 1 holding a lowercase "
            "English letter (c may or may not occur in s)."
        ),
        example_input='s = "abracadabra", k = 3, c = "a"',
        signature="def f(s: str, k: int, c: str):",
        edge=[
            ["a", 1, "a"],
            ["a", 1, "b"],
            ["z" * 100, 100, "z"],
            ["abc", 3, "d"],
            ["abacaba", 2, "a"],
            ["zyxwv", 5, "v"],
            ["bbbab", 1, "a"],
        ],
        gen=g_string_count_letter,
        validate=v_string_count_letter,
        refs=[
            "def f(s, k, c):\n"
            "    return sum(1 for i in range(len(s) - k + 1) if c in s[i:i + k])\n",
            "def f(s, k, c):\n    return s[k:] + s[:k]\n",
            "def f(s, k, c):\n    return max(s[i:i + k].count(c) for i in range(len(s) - k + 1))\n",
            "def f(s, k, c):\n    seen = 0\n    for i, ch in enumerate(s):\n"
            "        if ch == c:\n            seen += 1\n            if seen == k:\n"
            "                return i + 1\n    return -1\n",
        ],
    ),
    PromptSpec(
        id="tuple-floats-threshold-flag",
        kind="mixed",
        input_description=(
            "A list values of N real numbers (floats), 1 <= N <= 100, each between -1000 and "
            "1000 inclusive with at most 2 digits after the decimal point; a float x in the "
            "same range with the same precision; and a boolean b. Values may repeat."
        ),
        example_input="values = [2.5, -1.25, 7.0, 3.1], x = 2.75, b = True",
        signature="def f(values: list[float], x: float, b: bool):",
        edge=[
            [[0.0], 0.0, True],
            [[-1000.0], 1000.0, False],
            [[1000.0, 1000.0], -1000.0, True],
            [[1.5, 2.25, -3.75], 0.0, False],
            [[0.01, 0.02, 0.03], 0.02, True],
            [[5.5] * 100, 5.5, False],
            [[3.0, 2.0, 1.0], 2.5, True],
        ],
        gen=g_floats_flag,
        validate=v_floats_flag,
        refs=[
            "def f(values, x, b):\n    return sum(1 for v in values if (v > x if b else v < x))\n",
            "def f(values, x, b):\n    return min(values, key=lambda v: (abs(v - x), v))\n",
            "def f(values, x, b):\n    return sorted(values, reverse=b)\n",
            "def f(values, x, b):\n    return round(sum(v for v in values if v >= x), 2)\n",
        ],
    ),
    PromptSpec(
        id="tuple-clock-durations",
        kind="mixed",
        input_description=(
            'A time t as a string "HH:MM" in 24-hour format (two digits each, 00 <= HH <= 23, '
            "00 <= MM <= 59); a list nums of N integers, 1 <= N <= 100, each between 1 and 1440 "
            "(durations in minutes); and an integer k with 1 <= k <= N."
        ),
        example_input='t = "22:30", nums = [45, 90, 30], k = 2',
        signature="def f(t: str, nums: list[int], k: int):",
        edge=[
            ["00:00", [1], 1],
            ["23:59", [1440], 1],
            ["12:00", [60, 60, 60], 3],
            ["23:30", [30, 30], 1],
            ["07:45", [1440] * 100, 100],
            ["09:05", [5, 100, 15, 240], 2],
            ["00:01", [1439, 1], 2],
        ],
        gen=g_clock_durations,
        validate=v_clock_durations,
        refs=[
            "def f(t, nums, k):\n    m = (int(t[:2]) * 60 + int(t[3:]) + sum(nums[:k])) % 1440\n"
            "    return '%02d:%02d' % (m // 60, m % 60)\n",
            "def f(t, nums, k):\n    cur = int(t[:2]) * 60 + int(t[3:])\n    count = 0\n"
            "    for d in nums:\n        cur += d\n        if cur < 1440:\n            count += 1\n"
            "    return count\n",
            "def f(t, nums, k):\n    return sum(sorted(nums, reverse=True)[:k])\n",
            "def f(t, nums, k):\n    return sorted(nums)[k - 1]\n",
        ],
    ),
    PromptSpec(
        id="ask-binary-flips",
        kind="queries",
        input_description=(
            "A string s of length n, 1 <= n <= 100, made only of the characters '0' and '1', and "
            "a list of Q queries, 1 <= Q <= 100; each query is a triple [t, l, r] of integers "
            "with t equal to 1 or 2 and 1-based positions 1 <= l <= r <= n."
        ),
        example_input='s = "10110", queries = [[2, 1, 3], [1, 2, 4], [2, 1, 5]]',
        signature="def f(s: str, queries: list[list[int]]):",
        edge=[
            ["0", [[1, 1, 1]]],
            ["1", [[2, 1, 1]]],
            ["0" * 100, [[1, 1, 100], [2, 1, 100]]],
            ["1" * 100, [[2, 1, 100], [1, 50, 50], [2, 1, 100]]],
            ["0101", [[1, 1, 4], [2, 1, 4], [1, 2, 3], [2, 2, 3]]],
            ["110", [[2, 1, 1], [2, 2, 3]]],
            ["1001", [[1, 4, 4], [1, 1, 1], [1, 2, 3]]],
        ],
        gen=g_binary_flips,
        validate=v_binary_flips,
        refs=[
            "def f(s, queries):\n    bits = [int(c) for c in s]\n    out = []\n"
            "    for t, l, r in queries:\n        if t == 1:\n"
            "            for i in range(l - 1, r):\n                bits[i] ^= 1\n"
            "        else:\n            out.append(sum(bits[l - 1:r]))\n    return out\n",
            "def f(s, queries):\n    return [s[l - 1:r].count('1') for _, l, r in queries]\n",
            "def f(s, queries):\n    bits = list(s)\n    for t, l, r in queries:\n"
            "        if t == 1:\n            for i in range(l - 1, r):\n"
            "                bits[i] = '1' if bits[i] == '0' else '0'\n    return ''.join(bits)\n",
            "def f(s, queries):\n    bits = [int(c) for c in s]\n    for t, l, r in queries:\n"
            "        if t == 1:\n            for i in range(l - 1, r):\n                bits[i] ^= 1\n"
            "    best = run = 0\n    for b in bits:\n        run = run + 1 if b else 0\n"
            "        best = max(best, run)\n    return best\n",
        ],
    ),
    PromptSpec(
        id="ask-points-rectangles",
        kind="queries",
        input_description=(
            "A list points of N lattice points, 1 <= N <= 100, each [x, y] with integers "
            "0 <= x, y <= 100 (points may repeat), and a list of Q queries, 1 <= Q <= 100, each "
            "an axis-parallel rectangle [x1, y1, x2, y2] with integers 0 <= x1 <= x2 <= 100 and "
            "0 <= y1 <= y2 <= 100 (a rectangle may be degenerate: x1 = x2 or y1 = y2)."
        ),
        example_input=(
            "points = [[1, 1], [2, 3], [4, 4], [5, 0]], queries = [[0, 0, 2, 3], [2, 0, 5, 4]]"
        ),
        signature="def f(points: list[list[int]], queries: list[list[int]]):",
        edge=[
            [[[0, 0]], [[0, 0, 0, 0]]],
            [[[50, 50]], [[0, 0, 100, 100], [0, 0, 49, 100]]],
            [[[100, 100]] * 100, [[0, 0, 100, 100]]],
            [[[1, 1], [1, 1], [2, 2]], [[1, 1, 2, 2], [0, 0, 3, 3], [2, 2, 2, 2]]],
            [[[0, 5], [5, 0], [5, 5]], [[0, 0, 5, 5], [1, 1, 4, 4]]],
            [[[3, 7], [8, 2], [6, 6], [0, 9]], [[2, 2, 8, 8], [0, 0, 1, 1], [6, 0, 6, 10]]],
            [[[i, i] for i in range(10)], [[0, 0, i, i] for i in range(9, -1, -1)]],
        ],
        gen=g_points_rects,
        validate=v_points_rects,
        refs=[
            "def f(points, queries):\n"
            "    return [sum(1 for x, y in points if x1 <= x <= x2 and y1 <= y <= y2)\n"
            "            for x1, y1, x2, y2 in queries]\n",
            "def f(points, queries):\n"
            "    return [sum(1 for x, y in points if x1 < x < x2 and y1 < y < y2)\n"
            "            for x1, y1, x2, y2 in queries]\n",
            "def f(points, queries):\n"
            "    return sum(1 for x, y in points\n"
            "               if not any(x1 <= x <= x2 and y1 <= y <= y2 "
            "for x1, y1, x2, y2 in queries))\n",
            "def f(points, queries):\n    best, best_i = -1, 0\n"
            "    for i, (x1, y1, x2, y2) in enumerate(queries, 1):\n"
            "        c = sum(1 for x, y in points if x1 <= x <= x2 and y1 <= y <= y2)\n"
            "        if c > best:\n            best, best_i = c, i\n    return best_i\n",
        ],
    ),
    PromptSpec(
        id="ask-prefix-lengths",
        kind="queries",
        input_description=(
            "A list arr of N integers, 1 <= N <= 100, each between -1000 and 1000 inclusive "
            "(values may repeat), and a list queries of Q integers, 1 <= Q <= 100, each between "
            "1 and N inclusive; queries may repeat and are in no particular order."
        ),
        example_input="arr = [4, -2, 7, 7, 0], queries = [3, 1, 5]",
        signature="def f(arr: list[int], queries: list[int]):",
        edge=[
            [[5], [1]],
            [[-1000], [1, 1]],
            [[1000] * 100, [100, 1, 50]],
            [[3, 1, 2], [1, 2, 3]],
            [[1, 2, 3, 4], [4, 3, 2, 1]],
            [[0, 0, 0], [2]],
            [[-1, 5, -1, 5], [2, 4, 3]],
        ],
        gen=g_prefix_lengths,
        validate=v_prefix_lengths,
        refs=[
            "def f(arr, queries):\n    pre = [0]\n    for x in arr:\n"
            "        pre.append(pre[-1] + x)\n    return [pre[k] for k in queries]\n",
            "def f(arr, queries):\n    return [arr[k - 1] for k in queries]\n",
            "def f(arr, queries):\n    s = sorted(arr)\n    return [s[k - 1] for k in queries]\n",
            "def f(arr, queries):\n    return [len(set(arr[:k])) for k in queries]\n",
        ],
    ),
]
