"""Integer prompts: single integers of different ranges and meanings, and small tuples of integers."""

from __future__ import annotations

import calendar
import random
from typing import Any

from ..spec import PromptSpec
from ._common import _int_in


def _magnitude(r: random.Random, hi_exp: int) -> int:
    """A positive integer whose number of digits is spread evenly over 1..hi_exp."""
    return r.randint(1, 10 ** r.randint(1, hi_exp))


def _gen_binary_digits(r: random.Random) -> list[Any]:
    length = r.randint(1, 18)
    p = r.choice([0.2, 0.5, 0.8])
    return [int("1" + "".join("1" if r.random() < p else "0" for _ in range(length - 1)))]


def _gen_seconds(r: random.Random) -> list[Any]:
    return [r.randint(0, r.choice([59, 3600, 86400, 10**6]))]


def _gen_signed(r: random.Random) -> list[Any]:
    return [r.choice([-1, 1]) * r.randint(0, 10 ** r.randint(1, 9))]


def _gen_year(r: random.Random) -> list[Any]:
    regime = r.random()
    if regime < 0.3:
        return [r.randint(1, 99) * 100]
    if regime < 0.6:
        return [r.randint(1900, 2100)]
    return [r.randint(1, 9999)]


def _gen_value_modulus(r: random.Random) -> list[Any]:
    m = r.randint(2, 10 ** r.randint(1, 9))
    return [r.randint(0, m - 1), m]


def _gen_triple(r: random.Random) -> list[Any]:
    hi = r.choice([5, 20, 10**4])
    return [r.randint(1, hi) for _ in range(3)]


def _gen_points(r: random.Random) -> list[Any]:
    hi = r.choice([3, 10, 1000])
    return [r.randint(-hi, hi) for _ in range(4)]


def _gen_range_multiple(r: random.Random) -> list[Any]:
    lo = min(_magnitude(r, 12), 10**12)
    hi = min(10**12, lo + r.randint(0, 10 ** r.randint(0, 12)))
    return [lo, hi, _magnitude(r, 6)]


def _gen_date(r: random.Random) -> list[Any]:
    y = r.choice([r.randint(1900, 2100), 4 * r.randint(475, 525)])
    m = r.randint(1, 12)
    last = calendar.monthrange(y, m)[1]
    d = r.choice([r.randint(1, last), last, 1])
    return [y, m, d]


# -- validators ---------------------------------------------------------------


def v_int_huge(n: Any) -> None:
    _int_in(n, 1, 10**18, "n")


def v_int_count_small(n: Any) -> None:
    _int_in(n, 0, 50, "n")


def v_int_year(y: Any) -> None:
    _int_in(y, 1, 9999, "y")


def v_int_seconds(t: Any) -> None:
    _int_in(t, 0, 10**6, "t")


def v_int_signed(x: Any) -> None:
    _int_in(x, -(10**9), 10**9, "x")


def v_int_hhmm(t: Any) -> None:
    _int_in(t, 0, 2359, "t")
    assert t % 100 <= 59, "the last two digits of t (minutes) must be at most 59"


def v_int_binary_digits(n: Any) -> None:
    _int_in(n, 1, 10**18, "n")
    assert set(str(n)) <= {"0", "1"}, "n must use only the decimal digits 0 and 1"


def v_ints_value_modulus(a: Any, m: Any) -> None:
    _int_in(m, 2, 10**9, "m")
    _int_in(a, 0, m - 1, "a")


def v_ints_triple(a: Any, b: Any, c: Any) -> None:
    _int_in(a, 1, 10**4, "a")
    _int_in(b, 1, 10**4, "b")
    _int_in(c, 1, 10**4, "c")


def v_ints_two_points(x1: Any, y1: Any, x2: Any, y2: Any) -> None:
    for value, name in ((x1, "x1"), (y1, "y1"), (x2, "x2"), (y2, "y2")):
        _int_in(value, -1000, 1000, name)


def v_ints_four_cards(nums: Any) -> None:
    assert isinstance(nums, list) and len(nums) == 4, "nums must have exactly 4 items"
    for x in nums:
        _int_in(x, 1, 13, "nums[i]")


def v_ints_range_divisor(l: Any, r: Any, k: Any) -> None:  # noqa: E741
    _int_in(l, 1, 10**12, "l")
    _int_in(r, l, 10**12, "r")
    _int_in(k, 1, 10**6, "k")


def v_ints_date(y: Any, m: Any, d: Any) -> None:
    _int_in(y, 1900, 2100, "y")
    _int_in(m, 1, 12, "m")
    _int_in(d, 1, calendar.monthrange(y, m)[1], "d")


PROMPTS = [
    PromptSpec(
        id="int-huge",
        kind="int",
        input_description=(
            "A single integer n with 1 <= n <= 10^18 (it may be far larger than 2^32)."
        ),
        example_input="n = 123456789012345",
        signature="def f(n: int):",
        edge=[
            [1],
            [7],
            [10**18],
            [10**18 - 1],
            [2**59],
            [999999999999999989],
            [123456789012345678],
        ],
        gen=lambda r: [_magnitude(r, 18)],
        validate=v_int_huge,
        refs=[
            "def f(n):\n    return sum(int(d) for d in str(n))\n",
            "def f(n):\n    return n.bit_length()\n",
            "import math\n\ndef f(n):\n    r = math.isqrt(n)\n    return r * r == n\n",
            "def f(n):\n    return int(str(n)[::-1])\n",
        ],
    ),
    PromptSpec(
        id="int-count-small",
        kind="int",
        input_description="A single integer n with 0 <= n <= 50.",
        example_input="n = 6",
        signature="def f(n: int):",
        edge=[[0], [1], [2], [3], [10], [49], [50]],
        gen=lambda r: [r.randint(0, 50)],
        validate=v_int_count_small,
        refs=[
            "def f(n):\n    a, b = 0, 1\n    for _ in range(n):\n        a, b = b, a + b\n"
            "    return a\n",
            "def f(n):\n    return n * (n + 1) // 2\n",
            "def f(n):\n    return [i * i for i in range(n)]\n",
            "import math\n\ndef f(n):\n    return math.comb(2 * n, n) // (n + 1)\n",
        ],
    ),
    PromptSpec(
        id="int-year",
        kind="int",
        input_description=(
            "A single integer y, a year number of the Gregorian calendar, with 1 <= y <= 9999."
        ),
        example_input="y = 2024",
        signature="def f(y: int):",
        edge=[[1], [9999], [1600], [1900], [2000], [2023], [2024]],
        gen=_gen_year,
        validate=v_int_year,
        refs=[
            "def f(y):\n    return y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)\n",
            "def f(y):\n    return (y + 99) // 100\n",
            "import datetime\n\ndef f(y):\n    return datetime.date(y, 1, 1).weekday()\n",
            "def f(y):\n    animals = ['Rat', 'Ox', 'Tiger', 'Rabbit', 'Dragon', 'Snake', 'Horse', "
            "'Goat', 'Monkey', 'Rooster', 'Dog', 'Pig']\n    return animals[(y - 4) % 12]\n",
        ],
    ),
    PromptSpec(
        id="int-seconds",
        kind="int",
        input_description=(
            "A single integer t, a number of seconds, with 0 <= t <= 10^6 (t may exceed one day)."
        ),
        example_input="t = 3725",
        signature="def f(t: int):",
        edge=[[0], [59], [60], [3600], [86399], [86400], [1000000]],
        gen=_gen_seconds,
        validate=v_int_seconds,
        refs=[
            "def f(t):\n    return f'{t // 3600:02d}:{t // 60 % 60:02d}:{t % 60:02d}'\n",
            "def f(t):\n    return [t // 86400, t // 3600 % 24, t // 60 % 60, t % 60]\n",
            "def f(t):\n    return t // 60\n",
        ],
    ),
    PromptSpec(
        id="int-signed",
        kind="int",
        input_description=(
            "A single integer x with -10^9 <= x <= 10^9; x may be negative, zero or positive."
        ),
        example_input="x = -1230",
        signature="def f(x: int):",
        edge=[[0], [1], [-1], [-(10**9)], [10**9], [-120], [505]],
        gen=_gen_signed,
        validate=v_int_signed,
        refs=[
            "def f(x):\n    return abs(x)\n",
            "def f(x):\n    sign = -1 if x < 0 else 1\n    return sign * int(str(abs(x))[::-1])\n",
            "def f(x):\n    return x % 7\n",
            "def f(x):\n    return len(str(abs(x)))\n",
        ],
    ),
    PromptSpec(
        id="int-hhmm",
        kind="int",
        input_description=(
            "A single integer t that encodes a time of day written as HHMM without leading zeros "
            "(hours times 100 plus minutes): 0 <= t <= 2359 and the minutes t % 100 are at most "
            "59. For example 930 stands for 09:30 and 5 for 00:05."
        ),
        example_input="t = 1745",
        signature="def f(t: int):",
        edge=[[0], [5], [59], [930], [1200], [1331], [2300], [2359]],
        gen=lambda r: [r.randint(0, 23) * 100 + r.randint(0, 59)],
        validate=v_int_hhmm,
        refs=[
            "def f(t):\n    return t // 100 * 60 + t % 100\n",
            "def f(t):\n    h, m = divmod(t, 100)\n"
            "    return f\"{h % 12 or 12}:{m:02d} {'AM' if h < 12 else 'PM'}\"\n",
            "def f(t):\n    s = f'{t:04d}'\n    return s == s[::-1]\n",
            "def f(t):\n    h, m = divmod(t, 100)\n    a = abs(60 * (h % 12) - 11 * m)\n"
            "    return min(a, 720 - a) / 2\n",
        ],
    ),
    PromptSpec(
        id="int-binary-digits",
        kind="int",
        input_description=(
            "A single integer n with 1 <= n <= 10^18 whose decimal representation uses only the "
            "digits 0 and 1 (for example 1, 10 or 1101)."
        ),
        example_input="n = 1101",
        signature="def f(n: int):",
        edge=[[1], [10], [11], [101], [1000001], [111111111111111111], [10**18]],
        gen=_gen_binary_digits,
        validate=v_int_binary_digits,
        refs=[
            "def f(n):\n    return int(str(n), 2)\n",
            "def f(n):\n    return str(n).count('1')\n",
            "def f(n):\n    return max(len(run) for run in str(n).split('0'))\n",
            "def f(n):\n    return len(str(n))\n",
        ],
    ),
    PromptSpec(
        id="ints-value-modulus",
        kind="ints",
        input_description=(
            "Two integers a and m with 2 <= m <= 10^9 and 0 <= a < m; m is not necessarily prime."
        ),
        example_input="a = 3, m = 11",
        signature="def f(a: int, m: int):",
        edge=[
            [0, 2],
            [1, 2],
            [3, 7],
            [6, 9],
            [0, 10**9],
            [1, 10**9],
            [10**9 - 1, 10**9],
            [123456789, 999999937],
        ],
        gen=_gen_value_modulus,
        validate=v_ints_value_modulus,
        refs=[
            "import math\n\ndef f(a, m):\n    if math.gcd(a, m) != 1:\n        return -1\n"
            "    return pow(a, -1, m)\n",
            "import math\n\ndef f(a, m):\n    return math.gcd(a, m)\n",
            "def f(a, m):\n    return a * a % m\n",
            "def f(a, m):\n    return pow(a, m - 1, m)\n",
        ],
    ),
    PromptSpec(
        id="ints-triple",
        kind="ints",
        input_description=(
            "Three integers a, b and c with 1 <= a, b, c <= 10^4, in no particular order; some "
            "or all of them may be equal."
        ),
        example_input="a = 3, b = 4, c = 5",
        signature="def f(a: int, b: int, c: int):",
        edge=[
            [1, 1, 1],
            [3, 4, 5],
            [1, 2, 3],
            [5, 5, 8],
            [7, 2, 4],
            [1, 1, 10000],
            [10000, 10000, 10000],
        ],
        gen=_gen_triple,
        validate=v_ints_triple,
        refs=[
            "def f(a, b, c):\n    x, y, z = sorted([a, b, c])\n    return x + y > z\n",
            "def f(a, b, c):\n    return sorted([a, b, c])[1]\n",
            "def f(a, b, c):\n    x, y, z = sorted([a, b, c])\n    if x + y <= z:\n"
            "        return 'invalid'\n    if x == z:\n        return 'equilateral'\n"
            "    if x == y or y == z:\n        return 'isosceles'\n    return 'scalene'\n",
            "def f(a, b, c):\n    return a * b + b * c + c * a\n",
        ],
    ),
    PromptSpec(
        id="ints-two-points",
        kind="ints",
        input_description=(
            "Four integers x1, y1, x2 and y2, each between -1000 and 1000 inclusive: the "
            "coordinates of two lattice points (x1, y1) and (x2, y2). The points may coincide."
        ),
        example_input="x1 = 1, y1 = 2, x2 = 4, y2 = -2",
        signature="def f(x1: int, y1: int, x2: int, y2: int):",
        edge=[
            [0, 0, 0, 0],
            [0, 0, 3, 4],
            [1, 1, 1, 5],
            [2, 3, -2, -3],
            [5, -7, 5, -7],
            [-1000, -1000, 1000, 1000],
            [1000, -1000, -1000, 999],
        ],
        gen=_gen_points,
        validate=v_ints_two_points,
        refs=[
            "def f(x1, y1, x2, y2):\n    return abs(x1 - x2) + abs(y1 - y2)\n",
            "def f(x1, y1, x2, y2):\n    return (x1 - x2) ** 2 + (y1 - y2) ** 2\n",
            "import math\n\ndef f(x1, y1, x2, y2):\n"
            "    return math.gcd(abs(x1 - x2), abs(y1 - y2)) + 1\n",
            "def f(x1, y1, x2, y2):\n    return max(abs(x1 - x2), abs(y1 - y2))\n",
        ],
    ),
    PromptSpec(
        id="ints-four-cards",
        kind="ints",
        input_description=(
            "A list nums of exactly 4 integers, each between 1 and 13 inclusive; values may repeat."
        ),
        example_input="nums = [4, 1, 8, 7]",
        signature="def f(nums: list[int]):",
        edge=[
            [[1, 1, 1, 1]],
            [[13, 13, 13, 13]],
            [[1, 2, 3, 4]],
            [[4, 3, 2, 1]],
            [[8, 3, 8, 3]],
            [[1, 5, 5, 5]],
            [[6, 6, 13, 1]],
        ],
        gen=lambda r: [[r.randint(1, r.choice([4, 13])) for _ in range(4)]],
        validate=v_ints_four_cards,
        refs=[
            "def f(nums):\n    return sum(nums)\n",
            "def f(nums):\n    return len(set(nums))\n",
            "def f(nums):\n    return sorted(nums)\n",
            "def f(nums):\n    a, b, c, d = nums\n"
            "    return a + b == c + d or a + c == b + d or a + d == b + c\n",
        ],
    ),
    PromptSpec(
        id="ints-range-divisor",
        kind="ints",
        input_description=(
            "Three integers l, r and k with 1 <= l <= r <= 10^12 and 1 <= k <= 10^6."
        ),
        example_input="l = 5, r = 20, k = 4",
        signature="def f(l: int, r: int, k: int):",
        edge=[
            [1, 1, 1],
            [5, 5, 3],
            [6, 6, 3],
            [1, 10, 20],
            [7, 100, 7],
            [1, 10**12, 1],
            [10**12, 10**12, 10**6],
        ],
        gen=_gen_range_multiple,
        validate=v_ints_range_divisor,
        refs=[
            "def f(l, r, k):\n    return r // k - (l - 1) // k\n",
            "def f(l, r, k):\n    return (l + r) * (r - l + 1) // 2\n",
            "def f(l, r, k):\n    return (l + k - 1) // k * k\n",
            "def f(l, r, k):\n    return (r - l + 1) % k\n",
        ],
    ),
    PromptSpec(
        id="ints-date",
        kind="ints",
        input_description=(
            "Three integers y, m and d that form a valid date of the Gregorian calendar: "
            "1900 <= y <= 2100, 1 <= m <= 12, and 1 <= d <= the number of days of month m in "
            "year y (February has 29 days in leap years)."
        ),
        example_input="y = 2024, m = 3, d = 15",
        signature="def f(y: int, m: int, d: int):",
        edge=[
            [1900, 1, 1],
            [1900, 2, 28],
            [2000, 2, 29],
            [2023, 7, 4],
            [2024, 12, 31],
            [2100, 12, 31],
        ],
        gen=_gen_date,
        validate=v_ints_date,
        refs=[
            "import datetime\n\ndef f(y, m, d):\n"
            "    return datetime.date(y, m, d).timetuple().tm_yday\n",
            "import datetime\n\ndef f(y, m, d):\n    names = ['Monday', 'Tuesday', 'Wednesday', "
            "'Thursday', 'Friday', 'Saturday', 'Sunday']\n"
            "    return names[datetime.date(y, m, d).weekday()]\n",
            "import datetime\n\ndef f(y, m, d):\n"
            "    return (datetime.date(y, m, d) - datetime.date(1900, 1, 1)).days\n",
            "import calendar\n\ndef f(y, m, d):\n    return d == calendar.monthrange(y, m)[1]\n",
        ],
    ),
]
