"""Lists of strings in structured formats, and data with lists of (typed) queries."""

from __future__ import annotations

import random
from typing import Any

from ..spec import PromptSpec
from ._common import DNA, LOWER, _int_in, _list_of, _str_over, _word


def _size(r: random.Random, hi: int) -> int:
    """A size in 1..hi: often small, sometimes maximal."""
    roll = r.random()
    if roll < 0.35:
        return r.randint(1, min(hi, 6))
    if roll < 0.5:
        return hi
    return r.randint(1, hi)


# -- generators ---------------------------------------------------------------


def _gen_binary_rows(r: random.Random) -> list[Any]:
    n, width = _size(r, 100), r.randint(1, 20)
    p = r.choice([0.1, 0.5, 0.9])
    pool = ["".join("1" if r.random() < p else "0" for _ in range(width)) for _ in range(3)]
    if r.random() < 0.4:
        return [[r.choice(pool) for _ in range(n)]]
    return [["".join("1" if r.random() < p else "0" for _ in range(width)) for _ in range(n)]]


def _gen_words_target(r: random.Random) -> list[Any]:
    alphabet = r.choice(["ab", "abc", LOWER])
    n = r.randint(1, 30)
    words: list[str] = []
    for _ in range(4 * n):
        w = _word(r, 1, r.choice([2, 3, 8]), alphabet)
        if w not in words:
            words.append(w)
        if len(words) == n:
            break
    if r.random() < 0.5:
        t = "".join(r.choice(words) for _ in range(r.randint(1, 30)))[:100]
    else:
        t = _word(r, 1, 100, alphabet)
    return [words, t]


def _gen_clock(r: random.Random) -> list[Any]:
    n = _size(r, 100)
    hours = list(range(24)) if r.random() < 0.6 else [r.randint(0, 23) for _ in range(2)]
    return [[f"{r.choice(hours):02d}:{r.randint(0, 59):02d}" for _ in range(n)]]


def _balanced(r: random.Random, pairs: int) -> str:
    out, opened, closed = [], 0, 0
    while closed < pairs:
        if opened < pairs and (opened == closed or r.random() < 0.5):
            out.append("(")
            opened += 1
        else:
            out.append(")")
            closed += 1
    return "".join(out)


def _gen_brackets(r: random.Random) -> list[Any]:
    n = _size(r, 50)
    regime = r.random()
    if regime < 0.3:
        return [[_balanced(r, r.randint(1, 20)) for _ in range(n)]]
    if regime < 0.6:
        return [
            [
                _balanced(r, r.randint(1, 20)) if r.random() < 0.5 else _word(r, 1, 40, "()")
                for _ in range(n)
            ]
        ]
    return [[_word(r, 1, r.choice([4, 40]), "()") for _ in range(n)]]


def _gen_dna(r: random.Random) -> list[Any]:
    n = _size(r, 100)
    hi = r.choice([2, 3, 20])
    if r.random() < 0.3:
        prefix = _word(r, 1, 4, DNA)
        return [[prefix + _word(r, 0, min(hi, 20 - len(prefix)), DNA) for _ in range(n)]]
    return [[_word(r, 1, hi, DNA) for _ in range(n)]]


def _gen_versions(r: random.Random) -> list[Any]:
    n = _size(r, 100)
    top = r.choice([2, 10, 999])
    out = []
    for _ in range(n):
        parts = [r.randint(0, top) for _ in range(r.randint(1, 4))]
        if r.random() < 0.2:
            parts = parts[:1] + [0] * r.randint(0, 3)
        out.append(".".join(map(str, parts)))
    return [out]


def _gen_sentences(r: random.Random) -> list[Any]:
    n = _size(r, 50)
    vocab = [_word(r, 1, 8) for _ in range(r.choice([3, 10, 200]))]
    return [[" ".join(r.choice(vocab) for _ in range(r.randint(1, 10))) for _ in range(n)]]


def _gen_point_update(r: random.Random) -> list[Any]:
    n = _size(r, 100)
    arr = [r.randint(-1000, 1000) for _ in range(n)]
    share = r.choice([0.2, 0.5, 0.8])
    queries = []
    for _ in range(r.randint(1, 100)):
        if r.random() < share:
            queries.append([1, r.randint(1, n), r.randint(-1000, 1000)])
        else:
            queries.append([2, *sorted([r.randint(1, n), r.randint(1, n)])])
    return [arr, queries]


def _gen_substrings(r: random.Random) -> list[Any]:
    s = _word(r, 1, 100, r.choice(["a", "ab", "abc", LOWER]))
    n = len(s)
    queries = []
    for _ in range(r.randint(1, 100)):
        lo = r.randint(1, n)
        queries.append([lo, r.randint(lo, min(n, lo + r.choice([2, 5, 100])))])
    return [s, queries]


def _gen_union(r: random.Random) -> list[Any]:
    n = _size(r, 100)
    share = r.choice([0.2, 0.5, 0.8])
    queries = [
        [1 if r.random() < share else 2, r.randint(1, n), r.randint(1, n)]
        for _ in range(r.randint(1, 100))
    ]
    return [n, queries]


def _gen_stack_ops(r: random.Random) -> list[Any]:
    top = r.choice([10, 10**9])
    values = [r.randint(1, top) for _ in range(r.randint(0, 50))]
    share = r.choice([0.3, 0.5, 0.7])
    queries = [
        [1, r.randint(1, top)] if r.random() < share else [2] for _ in range(r.randint(1, 100))
    ]
    return [values, queries]


def _gen_tree_pairs(r: random.Random) -> list[Any]:
    n = r.randint(2, r.choice([6, 100]))
    shape = r.random()
    if shape < 0.2:
        parents = list(range(1, n))
    elif shape < 0.3:
        parents = [1] * (n - 1)
    elif shape < 0.6:
        parents = [r.randint(max(1, i - 2), i + 1) for i in range(n - 1)]
    else:
        parents = [r.randint(1, i + 1) for i in range(n - 1)]
    queries = [[r.randint(1, n), r.randint(1, n)] for _ in range(r.randint(1, 100))]
    return [parents, queries]


def _gen_grid_rect(r: random.Random) -> list[Any]:
    h, w = _size(r, 20), _size(r, 20)
    lo = r.choice([-100, -5, 0])
    matrix = [[r.randint(lo, 100 if lo != -5 else 5) for _ in range(w)] for _ in range(h)]
    queries = []
    for _ in range(r.randint(1, 100)):
        r1, r2 = sorted([r.randint(1, h), r.randint(1, h)])
        c1, c2 = sorted([r.randint(1, w), r.randint(1, w)])
        queries.append([r1, c1, r2, c2])
    return [matrix, queries]


# -- validators ---------------------------------------------------------------


def v_binary_rows(a: Any) -> None:
    _list_of(a, 1, 100, "a")
    width = len(a[0]) if isinstance(a[0], str) else -1
    for s in a:
        _str_over(s, 1, 20, "01", "a[i]")
        assert len(s) == width, "all strings must have the same length"


def v_words_target(words: Any, t: Any) -> None:
    _list_of(words, 1, 30, "words")
    for w in words:
        _str_over(w, 1, 8, LOWER, "words[i]")
    assert len(set(words)) == len(words), "words must be distinct"
    _str_over(t, 1, 100, LOWER, "t")


def v_clock(items: Any) -> None:
    _list_of(items, 1, 100, "items")
    for s in items:
        assert isinstance(s, str) and len(s) == 5 and s[2] == ":", "items are 'HH:MM' strings"
        assert s[:2].isdigit() and s[3:].isdigit() and s.isascii(), "HH and MM must be digits"
        assert int(s[:2]) <= 23 and int(s[3:]) <= 59, f"{s} is not a valid time"


def v_brackets(strs: Any) -> None:
    _list_of(strs, 1, 50, "strs")
    for s in strs:
        _str_over(s, 1, 40, "()", "strs[i]")


def v_dna(words: Any) -> None:
    _list_of(words, 1, 100, "words")
    for w in words:
        _str_over(w, 1, 20, DNA, "words[i]")


def v_versions(tokens: Any) -> None:
    _list_of(tokens, 1, 100, "tokens")
    for s in tokens:
        assert isinstance(s, str), "tokens[i] must be a string"
        parts = s.split(".")
        assert 1 <= len(parts) <= 4, f"{s!r} must have 1..4 dot-separated numbers"
        for p in parts:
            assert p.isascii() and p.isdigit(), f"{s!r} has a part that is not a number"
            assert p == "0" or p[0] != "0", f"{s!r} has a leading zero"
            assert int(p) <= 999, f"{s!r} has a number above 999"


def v_sentences(lines: Any) -> None:
    _list_of(lines, 1, 50, "lines")
    for s in lines:
        assert isinstance(s, str), "lines[i] must be a string"
        words = s.split(" ")
        assert 1 <= len(words) <= 10, "each line has 1..10 words"
        for w in words:
            _str_over(w, 1, 8, LOWER, "word")


def v_point_update(arr: Any, queries: Any) -> None:
    _list_of(arr, 1, 100, "arr")
    for x in arr:
        _int_in(x, -1000, 1000, "arr[i]")
    _list_of(queries, 1, 100, "queries")
    n = len(arr)
    for q in queries:
        assert isinstance(q, list) and len(q) == 3, "queries are [t, a, b] triples"
        _int_in(q[0], 1, 2, "t")
        if q[0] == 1:
            _int_in(q[1], 1, n, "i")
            _int_in(q[2], -1000, 1000, "x")
        else:
            _int_in(q[1], 1, n, "l")
            _int_in(q[2], 1, n, "r")
            assert q[1] <= q[2], "l <= r"


def v_substrings(s: Any, queries: Any) -> None:
    _str_over(s, 1, 100, LOWER, "s")
    _list_of(queries, 1, 100, "queries")
    for q in queries:
        assert isinstance(q, list) and len(q) == 2, "queries are [l, r] pairs"
        _int_in(q[0], 1, len(s), "l")
        _int_in(q[1], 1, len(s), "r")
        assert q[0] <= q[1], "l <= r"


def v_union(n: Any, queries: Any) -> None:
    _int_in(n, 1, 100, "n")
    _list_of(queries, 1, 100, "queries")
    for q in queries:
        assert isinstance(q, list) and len(q) == 3, "queries are [t, u, v] triples"
        _int_in(q[0], 1, 2, "t")
        _int_in(q[1], 1, n, "u")
        _int_in(q[2], 1, n, "v")


def v_stack_ops(values: Any, queries: Any) -> None:
    _list_of(values, 0, 50, "values")
    for x in values:
        _int_in(x, 1, 10**9, "values[i]")
    _list_of(queries, 1, 100, "queries")
    for q in queries:
        assert isinstance(q, list) and len(q) in (1, 2), "queries are [1, x] or [2]"
        _int_in(q[0], 1, 2, "t")
        if q[0] == 1:
            assert len(q) == 2, "a query of type 1 is [1, x]"
            _int_in(q[1], 1, 10**9, "x")
        else:
            assert len(q) == 1, "a query of type 2 is [2]"


def v_tree_pairs(parents: Any, queries: Any) -> None:
    _list_of(parents, 1, 99, "parents")
    for i, p in enumerate(parents):
        _int_in(p, 1, i + 1, f"parents[{i}]")
    n = len(parents) + 1
    _list_of(queries, 1, 100, "queries")
    for q in queries:
        assert isinstance(q, list) and len(q) == 2, "queries are [u, v] pairs"
        _int_in(q[0], 1, n, "u")
        _int_in(q[1], 1, n, "v")


def v_grid_rect(matrix: Any, queries: Any) -> None:
    _list_of(matrix, 1, 20, "matrix")
    width = len(matrix[0]) if isinstance(matrix[0], list) else -1
    assert 1 <= width <= 20, "rows must have 1..20 values"
    for row in matrix:
        assert isinstance(row, list) and len(row) == width, "rows must be lists of equal length"
        for x in row:
            _int_in(x, -100, 100, "matrix[i][j]")
    _list_of(queries, 1, 100, "queries")
    for q in queries:
        assert isinstance(q, list) and len(q) == 4, "queries are [r1, c1, r2, c2]"
        _int_in(q[0], 1, len(matrix), "r1")
        _int_in(q[1], 1, width, "c1")
        _int_in(q[2], 1, len(matrix), "r2")
        _int_in(q[3], 1, width, "c2")
        assert q[0] <= q[2] and q[1] <= q[3], "r1 <= r2 and c1 <= c2"


PROMPTS = [
    PromptSpec(
        id="words-binary-rows",
        kind="str_list",
        input_description=(
            "A list a of N strings, 1 <= N <= 100. All strings have the same length L, "
            "1 <= L <= 20, and consist only of the characters '0' and '1'. Strings may repeat."
        ),
        example_input='a = ["0110", "1010", "0110"]',
        signature="def f(a: list[str]):",
        edge=[
            [["0"]],
            [["1"]],
            [["0", "1"]],
            [["1" * 20] * 100],
            [["01", "10"]],
            [["000", "111", "000"]],
            [["0011", "0101", "0110", "1001"]],
        ],
        gen=_gen_binary_rows,
        validate=v_binary_rows,
        refs=[
            "def f(a):\n    return len(set(a))\n",
            "def f(a):\n    vals = [int(s, 2) for s in a]\n    best = 0\n"
            "    for i in range(len(vals)):\n        for j in range(i + 1, len(vals)):\n"
            "            best = max(best, bin(vals[i] ^ vals[j]).count('1'))\n    return best\n",
            "def f(a):\n    n = len(a)\n"
            "    return ''.join('1' if 2 * sum(s[j] == '1' for s in a) >= n else '0' "
            "for j in range(len(a[0])))\n",
            "def f(a):\n    return sum(int(s, 2) for s in a)\n",
        ],
    ),
    PromptSpec(
        id="words-dictionary-and-text",
        kind="str_list",
        input_description=(
            "A list words of N distinct strings, 1 <= N <= 30, each of length 1 to 8 made of "
            "lowercase English letters, and a string t of length 1 to 100 made of lowercase "
            "English letters."
        ),
        example_input='words = ["ab", "a", "ba"], t = "abab"',
        signature="def f(words: list[str], t: str):",
        edge=[
            [["a"], "a"],
            [["a"], "b"],
            [["a", "aa"], "aaaa"],
            [["abcdefgh"], "abcdefgh" * 12],
            [["b", "ab", "abc"], "abcab"],
            [["zz", "z", "zzz"], "zzzzzzz"],
            [["x", "y"], "z" * 100],
        ],
        gen=_gen_words_target,
        validate=v_words_target,
        refs=[
            "def f(words, t):\n    n = len(t)\n    ok = [True] + [False] * n\n"
            "    for i in range(1, n + 1):\n"
            "        ok[i] = any(len(w) <= i and ok[i - len(w)] and t[i - len(w):i] == w "
            "for w in words)\n    return ok[n]\n",
            "def f(words, t):\n    n = len(t)\n    ways = [1] + [0] * n\n"
            "    for i in range(1, n + 1):\n        for w in words:\n"
            "            if len(w) <= i and t[i - len(w):i] == w:\n"
            "                ways[i] = (ways[i] + ways[i - len(w)]) % 1000000007\n"
            "    return ways[n]\n",
            "def f(words, t):\n    return sum(1 for w in words if w in t)\n",
            "def f(words, t):\n    total = 0\n    for w in words:\n"
            "        for i in range(len(t) - len(w) + 1):\n"
            "            if t.startswith(w, i):\n                total += 1\n    return total\n",
        ],
    ),
    PromptSpec(
        id="words-clock-times",
        kind="str_list",
        input_description=(
            'A list items of N strings, 1 <= N <= 100, each a time of day written as "HH:MM" '
            "with exactly two digits for the hours (00 to 23) and two for the minutes (00 to "
            "59). Times may repeat and are in no particular order."
        ),
        example_input='items = ["23:59", "00:00", "12:30"]',
        signature="def f(items: list[str]):",
        edge=[
            [["00:00"]],
            [["23:59"]],
            [["00:00", "23:59"]],
            [["12:30"] * 5],
            [["01:00", "02:00", "03:00"]],
            [["23:00", "22:00", "21:00"]],
            [["09:05", "09:50"]],
        ],
        gen=_gen_clock,
        validate=v_clock,
        refs=[
            "def f(items):\n    m = sorted(int(s[:2]) * 60 + int(s[3:]) for s in items)\n"
            "    gaps = [b - a for a, b in zip(m, m[1:])] + [1440 - m[-1] + m[0]]\n"
            "    return min(gaps)\n",
            "def f(items):\n    return sorted(items)\n",
            "def f(items):\n    m = [int(s[:2]) * 60 + int(s[3:]) for s in items]\n"
            "    return max(m) - min(m)\n",
            "def f(items):\n    return len({s[:2] for s in items})\n",
        ],
    ),
    PromptSpec(
        id="words-bracket-strings",
        kind="str_list",
        input_description=(
            "A list strs of N strings, 1 <= N <= 50, each of length 1 to 40 made only of the "
            "characters '(' and ')'."
        ),
        example_input='strs = ["(())", ")(", "()("]',
        signature="def f(strs: list[str]):",
        edge=[
            [["("]],
            [[")"]],
            [["()"]],
            [[")("]],
            [["(" * 40, ")" * 40]],
            [["()()", "(())", "((()))"]],
            [["(()", "())", ")()("]],
        ],
        gen=_gen_brackets,
        validate=v_brackets,
        refs=[
            "def f(strs):\n    def ok(s):\n        d = 0\n        for c in s:\n"
            "            d += 1 if c == '(' else -1\n            if d < 0:\n"
            "                return False\n        return d == 0\n"
            "    return sum(1 for s in strs if ok(s))\n",
            "def f(strs):\n    d = 0\n    for c in ''.join(strs):\n"
            "        d += 1 if c == '(' else -1\n        if d < 0:\n            return False\n"
            "    return d == 0\n",
            "def f(strs):\n    best = 0\n    for s in strs:\n        d = 0\n        for c in s:\n"
            "            d = d + 1 if c == '(' else max(0, d - 1)\n"
            "            best = max(best, d)\n    return best\n",
            "def f(strs):\n    best = 0\n    for s in strs:\n        stack = [-1]\n"
            "        for i, c in enumerate(s):\n            if c == '(':\n"
            "                stack.append(i)\n            else:\n                stack.pop()\n"
            "                if stack:\n                    best = max(best, i - stack[-1])\n"
            "                else:\n                    stack.append(i)\n    return best\n",
        ],
    ),
    PromptSpec(
        id="words-dna-strings",
        kind="str_list",
        input_description=(
            "A list words of N strings, 1 <= N <= 100, each of length 1 to 20 made only of the "
            "uppercase letters 'A', 'C', 'G' and 'T'. Strings may repeat."
        ),
        example_input='words = ["ACGT", "GA", "TTC", "GA"]',
        signature="def f(words: list[str]):",
        edge=[
            [["A"]],
            [["G"]],
            [["A", "T"]],
            [["ACGT", "ACGT"]],
            [["C" * 20] * 100],
            [["AC", "GT", "CA", "TG"]],
            [["AAAA", "AAC", "AG"]],
        ],
        gen=_gen_dna,
        validate=v_dna,
        refs=[
            "def f(words):\n    return sum(w.count('G') + w.count('C') for w in words)\n",
            "def f(words):\n    counts = {}\n    for w in words:\n"
            "        counts[w] = counts.get(w, 0) + 1\n"
            "    return min(counts, key=lambda w: (-counts[w], w))\n",
            "def f(words):\n    prefix = words[0]\n    for w in words[1:]:\n"
            "        while not w.startswith(prefix):\n            prefix = prefix[:-1]\n"
            "    return prefix\n",
            "def f(words):\n    comp = {'A': 'T', 'T': 'A', 'C': 'G', 'G': 'C'}\n    total = 0\n"
            "    for i in range(len(words)):\n"
            "        rc = ''.join(comp[c] for c in reversed(words[i]))\n"
            "        for j in range(i + 1, len(words)):\n            if words[j] == rc:\n"
            "                total += 1\n    return total\n",
        ],
    ),
    PromptSpec(
        id="words-dotted-versions",
        kind="str_list",
        input_description=(
            "A list tokens of N strings, 1 <= N <= 100. Each string is 1 to 4 non-negative "
            'integers joined by single dots, for example "1.10.3", "0" or "2.0"; each '
            "integer is between 0 and 999 and is written without leading zeros. Strings may "
            "repeat."
        ),
        example_input='tokens = ["1.10", "1.2.3", "0.9", "1.10.0"]',
        signature="def f(tokens: list[str]):",
        edge=[
            [["0"]],
            [["999.999.999.999"]],
            [["1", "1.0", "1.0.0"]],
            [["0.1", "0.2", "0.10"]],
            [["3.0", "2.0", "1.0"]],
            [["7.7"] * 4],
            [["1.2", "1.10", "10.1", "2"]],
        ],
        gen=_gen_versions,
        validate=v_versions,
        refs=[
            "def f(tokens):\n    return sorted(tokens, key=lambda s: tuple(map(int, s.split('.'))))\n",
            "def f(tokens):\n    return max(tokens, key=lambda s: tuple(map(int, s.split('.'))))\n",
            "def f(tokens):\n    seen = set()\n    for s in tokens:\n"
            "        parts = list(map(int, s.split('.')))\n"
            "        while len(parts) > 1 and parts[-1] == 0:\n            parts.pop()\n"
            "        seen.add(tuple(parts))\n    return len(seen)\n",
            "def f(tokens):\n    return sum(int(p) for s in tokens for p in s.split('.'))\n",
        ],
    ),
    PromptSpec(
        id="words-sentence-lines",
        kind="str_list",
        input_description=(
            "A list lines of N strings, 1 <= N <= 50. Each string consists of 1 to 10 words "
            "separated by single spaces, with no leading or trailing space; each word has 1 to 8 "
            "lowercase English letters. Lines and words may repeat."
        ),
        example_input='lines = ["the cat sat", "a cat", "the end"]',
        signature="def f(lines: list[str]):",
        edge=[
            [["a"]],
            [["a a"]],
            [["x y z", "z y x"]],
            [[" ".join(["abcdefgh"] * 10)] * 50],
            [["one", "two words", "and three words"]],
            [["b a", "a b", "c"]],
        ],
        gen=_gen_sentences,
        validate=v_sentences,
        refs=[
            "def f(lines):\n    return sum(len(s.split()) for s in lines)\n",
            "def f(lines):\n    counts = {}\n    for s in lines:\n        for w in s.split():\n"
            "            counts[w] = counts.get(w, 0) + 1\n"
            "    return min(counts, key=lambda w: (-counts[w], w))\n",
            "def f(lines):\n    return [len(s.split()) for s in lines]\n",
            "def f(lines):\n    return len({w for s in lines for w in s.split()})\n",
        ],
    ),
    PromptSpec(
        id="query-typed-point-range",
        kind="queries",
        input_description=(
            "A list arr of N integers, 1 <= N <= 100, each between -1000 and 1000, and a list of "
            "Q queries, 1 <= Q <= 100, each a list of three integers: either [1, i, x] with "
            "1 <= i <= N and -1000 <= x <= 1000, or [2, l, r] with 1 <= l <= r <= N. Indices are "
            "1-based."
        ),
        example_input="arr = [4, -2, 7], queries = [[2, 1, 3], [1, 2, 5], [2, 2, 3]]",
        signature="def f(arr: list[int], queries: list[list[int]]):",
        edge=[
            [[0], [[2, 1, 1]]],
            [[-1000], [[1, 1, 1000], [2, 1, 1]]],
            [[1, 2, 3], [[1, 1, 5]]],
            [[3, 2, 1], [[2, 1, 3], [1, 3, -1000], [2, 2, 3]]],
            [[1000] * 100, [[2, 1, 100], [1, 50, -1000], [2, 1, 100]]],
            [[5, -5], [[1, 1, 5], [1, 2, 5], [2, 1, 2]]],
        ],
        gen=_gen_point_update,
        validate=v_point_update,
        refs=[
            "def f(arr, queries):\n    a = list(arr)\n    out = []\n    for t, x, y in queries:\n"
            "        if t == 1:\n            a[x - 1] = y\n        else:\n"
            "            out.append(sum(a[x - 1:y]))\n    return out\n",
            "def f(arr, queries):\n    a = list(arr)\n    out = []\n    for t, x, y in queries:\n"
            "        if t == 1:\n            a[x - 1] += y\n        else:\n"
            "            out.append(min(a[x - 1:y]))\n    return out\n",
            "def f(arr, queries):\n    a = list(arr)\n    for t, x, y in queries:\n"
            "        if t == 1:\n            a[x - 1] = y\n    return a\n",
            "def f(arr, queries):\n    a = list(arr)\n    out = []\n    for t, x, y in queries:\n"
            "        if t == 1:\n            a[x - 1] = y\n        else:\n"
            "            out.append(max(a[x - 1:y]))\n    return out\n",
        ],
    ),
    PromptSpec(
        id="query-substring-ranges",
        kind="queries",
        input_description=(
            "A string s of length N, 1 <= N <= 100, made of lowercase English letters, and a "
            "list of Q queries, 1 <= Q <= 100, each a pair [l, r] of 1-based positions with "
            "1 <= l <= r <= N."
        ),
        example_input='s = "abacaba", queries = [[1, 3], [2, 5], [4, 4]]',
        signature="def f(s: str, queries: list[list[int]]):",
        edge=[
            ["a", [[1, 1]]],
            ["z", [[1, 1], [1, 1]]],
            ["ab", [[1, 2], [2, 2]]],
            ["racecar", [[1, 7], [2, 6], [1, 3]]],
            ["a" * 100, [[1, 100], [50, 60]]],
            ["zyxwvu", [[1, 6], [3, 4]]],
            ["aeiouxyz", [[1, 8], [5, 8], [1, 5]]],
        ],
        gen=_gen_substrings,
        validate=v_substrings,
        refs=[
            "def f(s, queries):\n    return [s[l - 1:r] == s[l - 1:r][::-1] for l, r in queries]\n",
            "def f(s, queries):\n    return [len(set(s[l - 1:r])) for l, r in queries]\n",
            "def f(s, queries):\n    out = []\n    for l, r in queries:\n        t = s[l - 1:r]\n"
            "        out.append(min(set(t), key=lambda c: (-t.count(c), c)))\n    return out\n",
            "def f(s, queries):\n"
            "    return [sum(c in 'aeiou' for c in s[l - 1:r]) for l, r in queries]\n",
        ],
    ),
    PromptSpec(
        id="query-online-pairs",
        kind="queries",
        input_description=(
            "An integer n, 1 <= n <= 100, and a list of Q queries, 1 <= Q <= 100, each a list "
            "[t, u, v] of three integers with t equal to 1 or 2 and 1 <= u, v <= n (u may equal "
            "v; queries may repeat)."
        ),
        example_input="n = 5, queries = [[1, 1, 2], [2, 1, 3], [1, 2, 3], [2, 1, 3]]",
        signature="def f(n: int, queries: list[list[int]]):",
        edge=[
            [1, [[2, 1, 1]]],
            [1, [[1, 1, 1]]],
            [2, [[2, 1, 2], [1, 1, 2], [2, 2, 1]]],
            [100, [[1, i, i + 1] for i in range(1, 100)] + [[2, 1, 100]]],
            [3, [[1, 1, 2], [1, 2, 3], [1, 3, 1]]],
            [4, [[2, 1, 2], [2, 3, 4], [1, 4, 4]]],
        ],
        gen=_gen_union,
        validate=v_union,
        refs=[
            "def f(n, queries):\n    p = list(range(n + 1))\n    def find(x):\n"
            "        while p[x] != x:\n            p[x] = p[p[x]]\n            x = p[x]\n"
            "        return x\n    out = []\n    for t, u, v in queries:\n        if t == 1:\n"
            "            p[find(u)] = find(v)\n        else:\n"
            "            out.append(find(u) == find(v))\n    return out\n",
            "def f(n, queries):\n    p = list(range(n + 1))\n    def find(x):\n"
            "        while p[x] != x:\n            x = p[x]\n        return x\n"
            "    for t, u, v in queries:\n        if t == 1:\n            p[find(u)] = find(v)\n"
            "    return len({find(x) for x in range(1, n + 1)})\n",
            "def f(n, queries):\n    p = list(range(n + 1))\n    size = [1] * (n + 1)\n"
            "    def find(x):\n        while p[x] != x:\n            x = p[x]\n        return x\n"
            "    out = []\n    for t, u, v in queries:\n        a, b = find(u), find(v)\n"
            "        if t == 1:\n            if a != b:\n                p[a] = b\n"
            "                size[b] += size[a]\n        else:\n            out.append(size[a])\n"
            "    return out\n",
        ],
    ),
    PromptSpec(
        id="query-push-pop",
        kind="queries",
        input_description=(
            "A list values of N integers, 0 <= N <= 50, each between 1 and 10^9, and a list of Q "
            "queries, 1 <= Q <= 100; each query is either a pair [1, x] with 1 <= x <= 10^9 or "
            "the one-element list [2]."
        ),
        example_input="values = [3, 8], queries = [[1, 5], [2], [2], [1, 1], [2]]",
        signature="def f(values: list[int], queries: list[list[int]]):",
        edge=[
            [[], [[2]]],
            [[], [[1, 1]]],
            [[10**9], [[2], [2]]],
            [[1, 2, 3], [[2], [2], [2]]],
            [[5] * 50, [[1, 5], [2]]],
            [[3, 2, 1], [[1, 7], [2], [1, 4], [2], [2]]],
            [[], [[1, 2], [1, 9], [1, 4], [2], [2]]],
        ],
        gen=_gen_stack_ops,
        validate=v_stack_ops,
        refs=[
            "def f(values, queries):\n    st = list(values)\n    out = []\n    for q in queries:\n"
            "        if q[0] == 1:\n            st.append(q[1])\n        else:\n"
            "            out.append(st.pop() if st else -1)\n    return out\n",
            "from collections import deque\n\ndef f(values, queries):\n    dq = deque(values)\n"
            "    out = []\n    for q in queries:\n        if q[0] == 1:\n            dq.append(q[1])\n"
            "        else:\n            out.append(dq.popleft() if dq else -1)\n    return out\n",
            "def f(values, queries):\n    st = list(values)\n    for q in queries:\n"
            "        if q[0] == 1:\n            st.append(q[1])\n        elif st:\n            st.pop()\n"
            "    return sum(st)\n",
            "import heapq\n\ndef f(values, queries):\n    h = list(values)\n    heapq.heapify(h)\n"
            "    out = []\n    for q in queries:\n        if q[0] == 1:\n"
            "            heapq.heappush(h, q[1])\n        else:\n"
            "            out.append(heapq.heappop(h) if h else -1)\n    return out\n",
        ],
    ),
    PromptSpec(
        id="query-parent-array-pairs",
        kind="queries",
        input_description=(
            "A rooted tree with n vertices numbered 1..n, 2 <= n <= 100, rooted at vertex 1, "
            "given as a list parents of n - 1 integers: parents[i] (0-based i) is the parent of "
            "vertex i + 2, and 1 <= parents[i] <= i + 1. Then a list of Q queries, "
            "1 <= Q <= 100, each a pair [u, v] with 1 <= u, v <= n (u may equal v)."
        ),
        example_input="parents = [1, 1, 2, 2], queries = [[4, 5], [3, 4], [1, 1]]",
        signature="def f(parents: list[int], queries: list[list[int]]):",
        edge=[
            [[1], [[1, 2]]],
            [[1], [[2, 2], [2, 1]]],
            [[1, 2, 3, 4], [[5, 1], [3, 5], [2, 4]]],
            [[1, 1, 1, 1], [[2, 3], [5, 1], [4, 4]]],
            [list(range(1, 100)), [[100, 1], [1, 100], [50, 51]]],
            [[1, 1, 2, 2, 3, 3], [[4, 5], [4, 7], [6, 3]]],
        ],
        gen=_gen_tree_pairs,
        validate=v_tree_pairs,
        refs=[
            "def f(parents, queries):\n    par = [0, 0] + parents\n    depth = [0] * len(par)\n"
            "    for v in range(2, len(par)):\n        depth[v] = depth[par[v]] + 1\n"
            "    out = []\n    for u, v in queries:\n        while depth[u] > depth[v]:\n"
            "            u = par[u]\n        while depth[v] > depth[u]:\n            v = par[v]\n"
            "        while u != v:\n            u, v = par[u], par[v]\n        out.append(u)\n"
            "    return out\n",
            "def f(parents, queries):\n    par = [0, 0] + parents\n    depth = [0] * len(par)\n"
            "    for v in range(2, len(par)):\n        depth[v] = depth[par[v]] + 1\n"
            "    out = []\n    for u, v in queries:\n        a, b = u, v\n"
            "        while depth[a] > depth[b]:\n            a = par[a]\n"
            "        while depth[b] > depth[a]:\n            b = par[b]\n        while a != b:\n"
            "            a, b = par[a], par[b]\n"
            "        out.append(depth[u] + depth[v] - 2 * depth[a])\n    return out\n",
            "def f(parents, queries):\n    par = [0, 0] + parents\n    out = []\n"
            "    for u, v in queries:\n        x = v\n        while x and x != u:\n"
            "            x = par[x]\n        out.append(x == u)\n    return out\n",
            "def f(parents, queries):\n    par = [0, 0] + parents\n    depth = [0] * len(par)\n"
            "    for v in range(2, len(par)):\n        depth[v] = depth[par[v]] + 1\n"
            "    return sum(depth[u] + depth[v] for u, v in queries)\n",
        ],
    ),
    PromptSpec(
        id="query-matrix-rectangles",
        kind="queries",
        input_description=(
            "A matrix of H rows and W columns, 1 <= H, W <= 20, given as a list of H lists of W "
            "integers, each between -100 and 100, and a list of Q queries, 1 <= Q <= 100, each "
            "a list [r1, c1, r2, c2] of 1-based indices with 1 <= r1 <= r2 <= H and "
            "1 <= c1 <= c2 <= W."
        ),
        example_input="matrix = [[1, -2, 3], [4, 5, -6]], queries = [[1, 1, 2, 2], [2, 3, 2, 3]]",
        signature="def f(matrix: list[list[int]], queries: list[list[int]]):",
        edge=[
            [[[0]], [[1, 1, 1, 1]]],
            [[[-100]], [[1, 1, 1, 1], [1, 1, 1, 1]]],
            [[[100] * 20] * 20, [[1, 1, 20, 20]]],
            [[[1, 2], [3, 4]], [[1, 1, 1, 2], [1, 2, 2, 2], [2, 1, 2, 2]]],
            [[[-1, -2, -3]], [[1, 1, 1, 3], [1, 2, 1, 2]]],
            [[[5], [-5], [5]], [[1, 1, 3, 1], [2, 1, 3, 1]]],
        ],
        gen=_gen_grid_rect,
        validate=v_grid_rect,
        refs=[
            "def f(matrix, queries):\n"
            "    return [sum(sum(row[c1 - 1:c2]) for row in matrix[r1 - 1:r2]) "
            "for r1, c1, r2, c2 in queries]\n",
            "def f(matrix, queries):\n"
            "    return [max(max(row[c1 - 1:c2]) for row in matrix[r1 - 1:r2]) "
            "for r1, c1, r2, c2 in queries]\n",
            "def f(matrix, queries):\n    out = []\n    for r1, c1, r2, c2 in queries:\n"
            "        out.append(sum(x < 0 for row in matrix[r1 - 1:r2] for x in row[c1 - 1:c2]))\n"
            "    return out\n",
            "def f(matrix, queries):\n"
            "    return sum((r2 - r1 + 1) * (c2 - c1 + 1) for r1, c1, r2, c2 in queries)\n",
        ],
    ),
]
