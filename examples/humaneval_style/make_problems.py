"""Writes problems.jsonl: six small HumanEval-style problems written for this example.

Each problem has a prompt (signature and docstring), its entry point, unit tests
in HumanEval's form (``def check(candidate): assert ...``) and ``test_inputs``:
the unit tests' inputs plus edge cases the docstring leaves open (ties, order,
even lengths, halves, case), where programs that all pass the tests can still
behave differently. Run ``python make_problems.py`` after editing.
"""

from __future__ import annotations

import json
from pathlib import Path

PROBLEMS = [
    {
        "id": "second_largest",
        "entry_point": "second_largest",
        "prompt": 'def second_largest(nums: list[int]) -> int:\n    """Return the second largest number in nums (at least two numbers)."""\n',
        "tests": "def check(candidate):\n    assert candidate([1, 3, 2]) == 2\n    assert candidate([5, 1]) == 1\n    assert candidate([-4, -2, -9]) == -4\n",
        "test_inputs": [[[1, 3, 2]], [[5, 1]], [[-4, -2, -9]], [[3, 3, 1]], [[2, 2]]],
    },
    {
        "id": "dedupe",
        "entry_point": "dedupe",
        "prompt": 'def dedupe(items: list[int]) -> list[int]:\n    """Return the numbers of items without duplicates."""\n',
        "tests": "def check(candidate):\n    assert sorted(candidate([1, 2, 1])) == [1, 2]\n    assert candidate([]) == []\n    assert sorted(candidate([4, 4, 4])) == [4]\n",
        "test_inputs": [[[1, 2, 1]], [[]], [[4, 4, 4]], [[3, 1, 3, 2]], [[9, 8, 7]]],
    },
    {
        "id": "word_count",
        "entry_point": "word_count",
        "prompt": 'def word_count(text: str) -> int:\n    """Return the number of words in text."""\n',
        "tests": "def check(candidate):\n    assert candidate('a b c') == 3\n    assert candidate('hello') == 1\n",
        "test_inputs": [["a b c"], ["hello"], ["a  b"], [""], ["one,two three"], [" lead"]],
    },
    {
        "id": "round_half",
        "entry_point": "round_half",
        "prompt": 'def round_half(x: float) -> int:\n    """Round x to the nearest integer."""\n',
        "tests": "def check(candidate):\n    assert candidate(1.2) == 1\n    assert candidate(2.7) == 3\n    assert candidate(-0.8) == -1\n",
        "test_inputs": [[1.2], [2.7], [-0.8], [2.5], [-1.5], [0.5]],
    },
    {
        "id": "is_palindrome",
        "entry_point": "is_palindrome",
        "prompt": 'def is_palindrome(s: str) -> bool:\n    """Return whether s is a palindrome."""\n',
        "tests": "def check(candidate):\n    assert candidate('aba') is True\n    assert candidate('ab') is False\n    assert candidate('') is True\n",
        "test_inputs": [["aba"], ["ab"], [""], ["Aba"], ["a b a"], ["never odd or even"]],
    },
    {
        "id": "median",
        "entry_point": "median",
        "prompt": 'def median(nums: list[int]) -> float:\n    """Return the median of nums (not empty)."""\n',
        "tests": "def check(candidate):\n    assert candidate([1, 3, 2]) == 2\n    assert candidate([7]) == 7\n",
        "test_inputs": [[[1, 3, 2]], [[7]], [[1, 2, 3, 4]], [[4, 1]], [[5, 5, 6, 9]]],
    },
]


def main() -> None:
    path = Path(__file__).with_name("problems.jsonl")
    path.write_text("".join(json.dumps(p) + "\n" for p in PROBLEMS), encoding="utf-8")
    print(f"wrote {len(PROBLEMS)} problems to {path}")


if __name__ == "__main__":
    main()
