"""String prompts: single strings of many shapes (with or without an integer) and string pairs."""

from __future__ import annotations

import datetime
import random
from typing import Any

from ..spec import PromptSpec
from ._common import DIGITS, DNA, LOWER, _int_in, _str_over, _word

_FIRST_DAY = datetime.date(1900, 1, 1).toordinal()
_LAST_DAY = datetime.date(2099, 12, 31).toordinal()


def _size(r: random.Random, hi: int) -> int:
    """A length in 1..hi: often small, sometimes anywhere, sometimes maximal."""
    return r.choice([r.randint(1, min(hi, 12)), r.randint(1, hi), r.randint(1, hi), hi])


def _number_str(s: Any, max_len: int, alphabet: str, name: str) -> None:
    _str_over(s, 1, max_len, alphabet, name)
    assert s == "0" or s[0] != "0", f"{name} must not have leading zeros"


def _date_str(s: Any, name: str) -> None:
    assert isinstance(s, str) and len(s) == 10, f"{name} must be a string YYYY-MM-DD"
    assert s[4] == "-" and s[7] == "-", f"{name} must be a string YYYY-MM-DD"
    parts = s[:4], s[5:7], s[8:]
    assert all(p.isascii() and p.isdigit() for p in parts), f"{name} must be digits YYYY-MM-DD"
    try:
        day = datetime.date(int(parts[0]), int(parts[1]), int(parts[2]))
    except ValueError:
        raise AssertionError(f"{name} is not a valid calendar date") from None
    assert 1900 <= day.year <= 2099, f"{name} must lie in years 1900..2099"


# -- generators ---------------------------------------------------------------


def _gen_binary(r: random.Random) -> list[Any]:
    n = _size(r, 200)
    p = r.choice([0.1, 0.5, 0.5, 0.9])
    return ["".join("1" if r.random() < p else "0" for _ in range(n))]


def _gen_dna(r: random.Random) -> list[Any]:
    n = _size(r, 200)
    alphabet = r.choice(["ACGT", "ACGT", "AT", "GGGCA"])
    return [_word(r, n, n, alphabet)]


def _gen_brackets(r: random.Random) -> list[Any]:
    n = _size(r, 200)
    mode = r.randint(0, 2)
    if mode == 0:
        p = r.choice([0.3, 0.5, 0.7])
        return ["".join("(" if r.random() < p else ")" for _ in range(n))]
    left, depth, out = max(1, n // 2), 0, []
    while left or depth:
        if left and (depth == 0 or r.random() < 0.5):
            out.append("(")
            left -= 1
            depth += 1
        else:
            out.append(")")
            depth -= 1
    if mode == 2:
        i = r.randrange(len(out))
        out[i] = "(" if out[i] == ")" else ")"
    return ["".join(out)]


def _gen_sentence(r: random.Random) -> list[Any]:
    limit = _size(r, 200)
    vocab = ["a", "an", "the", "cat", "dog", "sat", "on", "mat"] if r.random() < 0.5 else None
    words: list[str] = []
    total = -1
    while True:
        w = r.choice(vocab) if vocab else _word(r, 1, 10)
        if total + 1 + len(w) > limit:
            break
        words.append(w)
        total += 1 + len(w)
    if not words:
        words = [w[:limit]]
    return [" ".join(words)]


def _gen_time(r: random.Random) -> list[Any]:
    return [f"{r.randint(0, 23):02d}:{r.randint(0, 59):02d}"]


def _gen_wildcard(r: random.Random) -> list[Any]:
    n = _size(r, 100)
    alphabet = r.choice(["ab", LOWER])
    q = r.choice([0.1, 0.3, 0.7])
    if r.random() < 0.5:
        half = _word(r, (n + 1) // 2, (n + 1) // 2, alphabet)
        chars = list(half + half[::-1][n % 2 :])
    else:
        chars = list(_word(r, n, n, alphabet))
    return ["".join("?" if r.random() < q else c for c in chars)]


def _gen_digits_k(r: random.Random) -> list[Any]:
    n = _size(r, 100)
    alphabet = r.choice([DIGITS, DIGITS, "01", "9870"])
    k = r.choice([1, n, r.randint(1, n), r.randint(1, n)])
    return [_word(r, n, n, alphabet), k]


def _gen_lower_k(r: random.Random) -> list[Any]:
    n = _size(r, 100)
    alphabet = r.choice(["ab", "abc", LOWER])
    k = r.choice([r.randint(0, 10), r.randint(0, 300), r.randint(0, 10**9)])
    return [_word(r, n, n, alphabet), k]


def _binary_number(r: random.Random) -> str:
    n = _size(r, 60)
    if n == 1:
        return r.choice("01")
    p = r.choice([0.2, 0.5, 0.9])
    return "1" + "".join("1" if r.random() < p else "0" for _ in range(n - 1))


def _gen_dna_pair(r: random.Random) -> list[Any]:
    s = _word(r, 1, _size(r, 100), r.choice([DNA, DNA, "AC"]))
    mode = r.randint(0, 3)
    if mode == 0:
        i = r.randrange(len(s))
        t = s[i : r.randint(i + 1, len(s))]
    elif mode == 1:
        t = "".join(c for c in s if r.random() < 0.5) or s[0]
    elif mode == 2:
        t = _word(r, 1, 4, DNA)
    else:
        t = _word(r, 1, _size(r, 100), DNA)
    return [s, t]


def _gen_text_pattern(r: random.Random) -> list[Any]:
    alphabet = r.choice(["ab", "abcde"])
    s = _word(r, 1, _size(r, 200), alphabet)
    if r.random() < 0.6:
        i = r.randrange(len(s))
        t = s[i : r.randint(i + 1, min(len(s), i + 20))]
    else:
        t = _word(r, 1, r.randint(1, 20), alphabet)
    q = r.choice([0.0, 0.2, 0.5])
    return [s, "".join("?" if r.random() < q else c for c in t)]


def _decimal_number(r: random.Random) -> str:
    n = _size(r, 50)
    if n == 1:
        return r.choice(DIGITS)
    alphabet = r.choice([DIGITS, "99990", "01"])
    return r.choice("123456789") + _word(r, n - 1, n - 1, alphabet)


def _gen_dates(r: random.Random) -> list[Any]:
    a = r.randint(_FIRST_DAY, _LAST_DAY)
    if r.random() < 0.5:
        b = min(_LAST_DAY, max(_FIRST_DAY, a + r.randint(-60, 60)))
    else:
        b = r.randint(_FIRST_DAY, _LAST_DAY)
    return [datetime.date.fromordinal(a).isoformat(), datetime.date.fromordinal(b).isoformat()]


# -- validators ---------------------------------------------------------------


def v_binary(s: Any) -> None:
    _str_over(s, 1, 200, "01", "s")


def v_dna(s: Any) -> None:
    _str_over(s, 1, 200, DNA, "s")


def v_brackets(s: Any) -> None:
    _str_over(s, 1, 200, "()", "s")


def v_sentence(s: Any) -> None:
    _str_over(s, 1, 200, LOWER + " ", "s")
    assert s[0] != " " and s[-1] != " ", "no leading or trailing space"
    assert "  " not in s, "words are separated by single spaces"


def v_time(s: Any) -> None:
    assert isinstance(s, str) and len(s) == 5 and s[2] == ":", "s must be a string HH:MM"
    assert all(c in DIGITS for c in s[:2] + s[3:]), "HH and MM must be digits"
    assert int(s[:2]) <= 23, "HH must be 00..23"
    assert int(s[3:]) <= 59, "MM must be 00..59"


def v_wildcard(s: Any) -> None:
    _str_over(s, 1, 100, LOWER + "?", "s")


def v_digits_k(s: Any, k: Any) -> None:
    _str_over(s, 1, 100, DIGITS, "s")
    _int_in(k, 1, len(s), "k")


def v_lower_k(s: Any, k: Any) -> None:
    _str_over(s, 1, 100, LOWER, "s")
    _int_in(k, 0, 10**9, "k")


def v_binary_numbers(a: Any, b: Any) -> None:
    _number_str(a, 60, "01", "a")
    _number_str(b, 60, "01", "b")


def v_dna_pair(s: Any, t: Any) -> None:
    _str_over(s, 1, 100, DNA, "s")
    _str_over(t, 1, 100, DNA, "t")


def v_text_pattern(s: Any, t: Any) -> None:
    _str_over(s, 1, 200, "abcde", "s")
    _str_over(t, 1, 20, "abcde?", "t")


def v_decimal_numbers(x: Any, y: Any) -> None:
    _number_str(x, 50, DIGITS, "x")
    _number_str(y, 50, DIGITS, "y")


def v_dates(s: Any, t: Any) -> None:
    _date_str(s, "s")
    _date_str(t, "t")


PROMPTS = [
    PromptSpec(
        id="str-binary",
        kind="string",
        input_description=(
            "A binary string s of length between 1 and 200; every character is '0' or '1'. "
            "Leading zeros are allowed."
        ),
        example_input='s = "1101000"',
        signature="def f(s: str):",
        edge=[["0"], ["1"], ["10"], ["0" * 200], ["1" * 200], ["01" * 100], ["1101000"]],
        gen=_gen_binary,
        validate=v_binary,
        refs=[
            "def f(s):\n    return s.count('1')\n",
            "def f(s):\n    best = cur = 1\n    for i in range(1, len(s)):\n"
            "        cur = cur + 1 if s[i] == s[i - 1] else 1\n        best = max(best, cur)\n"
            "    return best\n",
            "def f(s):\n    return int(s, 2) % 1000000007\n",
            "def f(s):\n    return sum(1 for i in range(1, len(s)) if s[i] != s[i - 1])\n",
        ],
    ),
    PromptSpec(
        id="str-dna",
        kind="string",
        input_description=(
            "A string s of length between 1 and 200 made only of the uppercase letters "
            "'A', 'C', 'G' and 'T'."
        ),
        example_input='s = "GATTACA"',
        signature="def f(s: str):",
        edge=[["A"], ["T"], ["ACGT"], ["G" * 200], ["AT" * 100], ["GATTACA"], ["TGCA"]],
        gen=_gen_dna,
        validate=v_dna,
        refs=[
            "def f(s):\n    return s.count('G') + s.count('C')\n",
            "def f(s):\n    pair = {'A': 'T', 'T': 'A', 'C': 'G', 'G': 'C'}\n"
            "    return ''.join(pair[c] for c in reversed(s))\n",
            "def f(s):\n    return len({s[i:i + 3] for i in range(len(s) - 2)})\n",
            "def f(s):\n    return max('ACGT', key=lambda c: (s.count(c), -ord(c)))\n",
        ],
    ),
    PromptSpec(
        id="str-brackets",
        kind="string",
        input_description=(
            "A string s of length between 1 and 200; every character is '(' or ')'. "
            "The string is not necessarily balanced."
        ),
        example_input='s = "(()))("',
        signature="def f(s: str):",
        edge=[["("], [")"], ["()"], [")("], ["(" * 200], ["()" * 100], ["(()())"], ["())(()"]],
        gen=_gen_brackets,
        validate=v_brackets,
        refs=[
            "def f(s):\n    depth = 0\n    for c in s:\n        depth += 1 if c == '(' else -1\n"
            "        if depth < 0:\n            return False\n    return depth == 0\n",
            "def f(s):\n    depth = best = 0\n    for c in s:\n"
            "        depth += 1 if c == '(' else -1\n        best = max(best, depth)\n"
            "    return best\n",
            "def f(s):\n    open_ = need = 0\n    for c in s:\n        if c == '(':\n"
            "            open_ += 1\n        elif open_:\n            open_ -= 1\n"
            "        else:\n            need += 1\n    return open_ + need\n",
            "def f(s):\n    stack = [-1]\n    best = 0\n    for i, c in enumerate(s):\n"
            "        if c == '(':\n            stack.append(i)\n        else:\n"
            "            stack.pop()\n            if stack:\n"
            "                best = max(best, i - stack[-1])\n            else:\n"
            "                stack.append(i)\n    return best\n",
        ],
    ),
    PromptSpec(
        id="str-sentence",
        kind="string",
        input_description=(
            "A string s of length between 1 and 200 made of one or more words separated by "
            "single spaces; every word is a non-empty run of lowercase English letters. There "
            "is no leading or trailing space. Words may repeat."
        ),
        example_input='s = "the cat sat on the mat"',
        signature="def f(s: str):",
        edge=[
            ["a"],
            ["a a"],
            ["hello world"],
            ["z" * 200],
            [" ".join(["ab"] * 66) + " x"],
            ["the cat and the hat"],
            ["ab ba ab"],
        ],
        gen=_gen_sentence,
        validate=v_sentence,
        refs=[
            "def f(s):\n    return len(s.split())\n",
            "def f(s):\n    return ' '.join(reversed(s.split()))\n",
            "def f(s):\n    return max(s.split(), key=len)\n",
            "def f(s):\n    return len(set(s.split()))\n",
        ],
    ),
    PromptSpec(
        id="str-time",
        kind="string",
        input_description=(
            "A string s giving a time of day on a 24-hour clock in the format 'HH:MM' with "
            "exactly two digits each: 00 <= HH <= 23 and 00 <= MM <= 59."
        ),
        example_input='s = "13:05"',
        signature="def f(s: str):",
        edge=[["00:00"], ["23:59"], ["12:00"], ["12:21"], ["05:50"], ["09:59"], ["13:31"]],
        gen=_gen_time,
        validate=v_time,
        refs=[
            "def f(s):\n    return int(s[:2]) * 60 + int(s[3:])\n",
            "def f(s):\n    return s == s[::-1]\n",
            "def f(s):\n    t = int(s[:2]) * 60 + int(s[3:])\n    while True:\n"
            "        t = (t + 1) % 1440\n        u = f'{t // 60:02d}:{t % 60:02d}'\n"
            "        if u == u[::-1]:\n            return u\n",
            "def f(s):\n    h, m = int(s[:2]), int(s[3:])\n"
            "    return f\"{(h + 11) % 12 + 1}:{m:02d} {'AM' if h < 12 else 'PM'}\"\n",
        ],
    ),
    PromptSpec(
        id="str-wildcard",
        kind="string",
        input_description=(
            "A string s of length between 1 and 100; every character is a lowercase English "
            "letter or the character '?'."
        ),
        example_input='s = "a?c??a"',
        signature="def f(s: str):",
        edge=[["?"], ["a"], ["??"], ["a?"], ["ab"], ["?" * 100], ["a?c?a"], ["z??y"]],
        gen=_gen_wildcard,
        validate=v_wildcard,
        refs=[
            "def f(s):\n    return s.count('?')\n",
            "def f(s):\n    return s.replace('?', 'a')\n",
            "def f(s):\n    n = len(s)\n    return all(s[i] == s[n - 1 - i] or '?' in "
            "(s[i], s[n - 1 - i]) for i in range(n // 2))\n",
            "def f(s):\n    best = cur = 0\n    for c in s:\n"
            "        cur = cur + 1 if c != '?' else 0\n        best = max(best, cur)\n"
            "    return best\n",
        ],
    ),
    PromptSpec(
        id="str-digits-k",
        kind="string",
        input_description=(
            "A string s of length between 1 and 100 made only of decimal digits '0' to '9' "
            "(leading zeros are allowed), and an integer k with 1 <= k <= len(s)."
        ),
        example_input='s = "1432219", k = 3',
        signature="def f(s: str, k: int):",
        edge=[
            ["0", 1],
            ["9", 1],
            ["10", 1],
            ["1234567890", 3],
            ["0" * 100, 50],
            ["9" * 100, 100],
            ["54321", 2],
            ["1001", 2],
        ],
        gen=_gen_digits_k,
        validate=v_digits_k,
        refs=[
            "def f(s, k):\n    stack = []\n    for c in s:\n"
            "        while k and stack and stack[-1] > c:\n            stack.pop()\n"
            "            k -= 1\n        stack.append(c)\n    if k:\n        stack = stack[:-k]\n"
            "    return ''.join(stack).lstrip('0') or '0'\n",
            "def f(s, k):\n    return max(sum(map(int, s[i:i + k])) for i in range(len(s) - k + 1))\n",
            "def f(s, k):\n    return sum(1 for i in range(len(s) - k + 1) if int(s[i:i + k]) % k == 0)\n",
            "def f(s, k):\n    return s[k:] + s[:k]\n",
        ],
    ),
    PromptSpec(
        id="str-lower-k",
        kind="string",
        input_description=(
            "A string s of length between 1 and 100 made only of lowercase English letters, and "
            "an integer k with 0 <= k <= 10^9 (k may be much larger than the length of s)."
        ),
        example_input='s = "abcab", k = 12',
        signature="def f(s: str, k: int):",
        edge=[
            ["a", 0],
            ["z", 10**9],
            ["abc", 1],
            ["abc", 3],
            ["a" * 100, 10**9],
            ["zyx", 26],
            ["hello", 7],
        ],
        gen=_gen_lower_k,
        validate=v_lower_k,
        refs=[
            "def f(s, k):\n    return ''.join(chr((ord(c) - 97 + k) % 26 + 97) for c in s)\n",
            "def f(s, k):\n    k %= len(s)\n    return s[k:] + s[:k]\n",
            "def f(s, k):\n    q, rem = divmod(k, len(s))\n"
            "    return s.count('a') * q + s[:rem].count('a')\n",
            "def f(s, k):\n    return s[k % len(s)]\n",
        ],
    ),
    PromptSpec(
        id="strpair-binary-numbers",
        kind="seq_pair",
        input_description=(
            "Two strings a and b, each of length between 1 and 60, each the binary notation of "
            "a non-negative integer: characters are '0' or '1' and there is no leading zero "
            'unless the string is exactly "0".'
        ),
        example_input='a = "1011", b = "110"',
        signature="def f(a: str, b: str):",
        edge=[
            ["0", "0"],
            ["1", "0"],
            ["0", "1"],
            ["1" * 60, "1"],
            ["101", "101"],
            ["10", "11"],
            ["1" + "0" * 59, "1" * 60],
        ],
        gen=lambda r: [_binary_number(r), _binary_number(r)],
        validate=v_binary_numbers,
        refs=[
            "def f(a, b):\n    return bin(int(a, 2) + int(b, 2))[2:]\n",
            "def f(a, b):\n    return bin(int(a, 2) ^ int(b, 2)).count('1')\n",
            "def f(a, b):\n    return int(a, 2) > int(b, 2)\n",
            "import math\n\ndef f(a, b):\n    return math.gcd(int(a, 2), int(b, 2))\n",
        ],
    ),
    PromptSpec(
        id="strpair-dna",
        kind="seq_pair",
        input_description=(
            "Two strings s and t, each of length between 1 and 100, made only of the uppercase "
            "letters 'A', 'C', 'G' and 'T'. The lengths may differ."
        ),
        example_input='s = "GATTACA", t = "TAC"',
        signature="def f(s: str, t: str):",
        edge=[
            ["A", "A"],
            ["A", "C"],
            ["ACGT", "CG"],
            ["AAAA", "AA"],
            ["G" * 100, "G" * 100],
            ["GATTACA", "TAC"],
            ["C", "ACGT"],
        ],
        gen=_gen_dna_pair,
        validate=v_dna_pair,
        refs=[
            "def f(s, t):\n    return sum(1 for i in range(len(s) - len(t) + 1) "
            "if s[i:i + len(t)] == t)\n",
            "def f(s, t):\n    prev = [0] * (len(t) + 1)\n    for a in s:\n"
            "        cur = [0]\n        for j, b in enumerate(t):\n"
            "            cur.append(prev[j] + 1 if a == b else max(prev[j + 1], cur[j]))\n"
            "        prev = cur\n    return prev[-1]\n",
            "def f(s, t):\n    it = iter(s)\n    return all(c in it for c in t)\n",
            "def f(s, t):\n    return sum(1 for a, b in zip(s, t) if a == b)\n",
        ],
    ),
    PromptSpec(
        id="strpair-text-pattern",
        kind="seq_pair",
        input_description=(
            "A string s of length between 1 and 200 made only of the letters 'a' to 'e', and a "
            "string t of length between 1 and 20 whose characters are letters 'a' to 'e' or the "
            "character '?'. len(t) may exceed len(s)."
        ),
        example_input='s = "abcabdab", t = "a?b"',
        signature="def f(s: str, t: str):",
        edge=[
            ["a", "a"],
            ["a", "?"],
            ["a", "b"],
            ["ab", "???"],
            ["a" * 200, "a" * 20],
            ["abcabdab", "a?b"],
            ["edcba", "e"],
        ],
        gen=_gen_text_pattern,
        validate=v_text_pattern,
        refs=[
            "def f(s, t):\n    m = len(t)\n    return sum(1 for i in range(len(s) - m + 1) "
            "if all(p == '?' or p == c for p, c in zip(t, s[i:i + m])))\n",
            "def f(s, t):\n    m = len(t)\n    for i in range(len(s) - m + 1):\n"
            "        if all(p == '?' or p == c for p, c in zip(t, s[i:i + m])):\n"
            "            return i + 1\n    return 0\n",
            "def f(s, t):\n    it = iter(s)\n    return all(c in it for c in t.replace('?', ''))\n",
            "def f(s, t):\n    return sorted(set(s) - set(t))\n",
        ],
    ),
    PromptSpec(
        id="strpair-decimal-numbers",
        kind="seq_pair",
        input_description=(
            "Two strings x and y, each of length between 1 and 50, each the decimal notation of "
            "a non-negative integer: characters are digits '0' to '9' and there is no leading "
            'zero unless the string is exactly "0". The numbers can be far larger than 64 bits.'
        ),
        example_input='x = "98765", y = "4321"',
        signature="def f(x: str, y: str):",
        edge=[
            ["0", "0"],
            ["1", "9"],
            ["9" * 50, "1"],
            ["9" * 50, "9" * 50],
            ["123", "123"],
            ["1000", "999"],
            ["5", "50"],
        ],
        gen=lambda r: [_decimal_number(r), _decimal_number(r)],
        validate=v_decimal_numbers,
        refs=[
            "def f(x, y):\n    return str(int(x) + int(y))\n",
            "def f(x, y):\n    return int(x) * int(y) % 1000000007\n",
            "def f(x, y):\n    return max(x, y, key=int)\n",
            "def f(x, y):\n    carry = count = 0\n    a, b = x[::-1], y[::-1]\n"
            "    for i in range(max(len(a), len(b))):\n"
            "        d = (int(a[i]) if i < len(a) else 0) + (int(b[i]) if i < len(b) else 0) + carry\n"
            "        carry = d // 10\n        count += carry\n    return count\n",
        ],
    ),
    PromptSpec(
        id="strpair-dates",
        kind="seq_pair",
        input_description=(
            "Two strings s and t, each a valid date of the Gregorian calendar in the format "
            "'YYYY-MM-DD' (four-digit year, two-digit month, two-digit day), with years between "
            "1900 and 2099 inclusive. The dates may be equal and may come in either order."
        ),
        example_input='s = "2024-02-28", t = "2024-03-01"',
        signature="def f(s: str, t: str):",
        edge=[
            ["1900-01-01", "1900-01-01"],
            ["1900-01-01", "2099-12-31"],
            ["2099-12-31", "1900-01-01"],
            ["2000-02-29", "2000-03-01"],
            ["2023-12-31", "2024-01-01"],
            ["1999-02-28", "1999-03-01"],
        ],
        gen=_gen_dates,
        validate=v_dates,
        refs=[
            "import datetime\n\ndef f(s, t):\n"
            "    return abs((datetime.date.fromisoformat(t) - "
            "datetime.date.fromisoformat(s)).days)\n",
            "def f(s, t):\n    return s < t\n",
            "import datetime\n\nDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']\n\n"
            "def f(s, t):\n    return DAYS[datetime.date.fromisoformat(t).weekday()]\n",
            "def f(s, t):\n    return (int(t[:4]) - int(s[:4])) * 12 + int(t[5:7]) - int(s[5:7])\n",
        ],
    ),
]
