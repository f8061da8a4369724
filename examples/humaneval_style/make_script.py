"""Writes script.json: the scripted model's answers for ``effdiv/scripted``.

Every problem gets five completions, replayed in order (epoch e answers with
completion (e - 1) % 5): A and E are correct and behave the same on every
test input (E is written differently), B is correct but differs from A on an
edge case, C fails the unit tests, D has no code. With 10 epochs each
completion appears twice, so on every problem: 6 of 10 pass the tests, and the
correct ones form 2 semantic classes of sizes 4 (A, E) and 2 (B).
"""

from __future__ import annotations

import json
from pathlib import Path


def block(code: str) -> str:
    return f"Here is my solution.\n\n```python\n{code}```\n"


NO_CODE = "I am not sure how to solve this."

SCRIPT = {
    "second_largest": [
        "def second_largest(nums):\n    return sorted(nums)[-2]\n",
        "def second_largest(nums):\n    return sorted(set(nums))[-2]\n",
        "def second_largest(nums):\n    return max(nums)\n",
        None,
        "def second_largest(nums: list[int]) -> int:\n    ordered = sorted(nums, reverse=True)\n    return ordered[1]\n",
    ],
    "dedupe": [
        "def dedupe(items):\n    seen = []\n    for x in items:\n        if x not in seen:\n            seen.append(x)\n    return seen\n",
        "def dedupe(items):\n    return sorted(set(items))\n",
        "def dedupe(items):\n    return items\n",
        None,
        "def dedupe(items: list[int]) -> list[int]:\n    return list(dict.fromkeys(items))\n",
    ],
    "word_count": [
        "def word_count(text):\n    return len(text.split())\n",
        "def word_count(text):\n    return len(text.split(' '))\n",
        "def word_count(text):\n    return len(text)\n",
        None,
        "def word_count(text: str) -> int:\n    words = [w for w in text.split() if w]\n    return len(words)\n",
    ],
    "round_half": [
        "def round_half(x):\n    return round(x)\n",
        "import math\n\ndef round_half(x):\n    return math.floor(x + 0.5)\n",
        "def round_half(x):\n    return int(x)\n",
        None,
        "def round_half(x: float) -> int:\n    return int(round(x))\n",
    ],
    "is_palindrome": [
        "def is_palindrome(s):\n    return s == s[::-1]\n",
        "def is_palindrome(s):\n    t = ''.join(c.lower() for c in s if c.isalnum())\n    return t == t[::-1]\n",
        "def is_palindrome(s):\n    return len(s) % 2 == 1\n",
        None,
        "def is_palindrome(s: str) -> bool:\n    return all(s[i] == s[-1 - i] for i in range(len(s) // 2))\n",
    ],
    "median": [
        "def median(nums):\n    s = sorted(nums)\n    n = len(s)\n    if n % 2:\n        return s[n // 2]\n    return (s[n // 2 - 1] + s[n // 2]) / 2\n",
        "def median(nums):\n    return sorted(nums)[len(nums) // 2]\n",
        "def median(nums):\n    return sum(nums) / len(nums) + 1\n",
        None,
        "import statistics\n\ndef median(nums: list[int]) -> float:\n    return statistics.median(nums)\n",
    ],
}


def main() -> None:
    samples = {
        sid: [NO_CODE if code is None else block(code) for code in codes]
        for sid, codes in SCRIPT.items()
    }
    path = Path(__file__).with_name("script.json")
    path.write_text(json.dumps({"samples": samples}, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
