"""Correctness-gated diversity on a small HumanEval-style task.

Six problems written for this example (``problems.jsonl``; ``make_problems.py``
writes it). A generation is VALID when its function passes the problem's unit
tests (HumanEval's ``check(candidate)``); its SEMANTICS is its outputs on the
problem's ``test_inputs``, which add edge cases the docstring leaves open, so
two correct solutions count as different when they behave differently there.
The reducer reports pass@k beside the effective semantic diversity among
correct solutions.

Run it offline::

    inspect eval examples/humaneval_style/task.py --model effdiv/scripted \\
        -M script=examples/humaneval_style/script.json
    inspect eval examples/humaneval_style/task.py --model effdiv/smollm2-135m-instruct \\
        --temperature 1.0 --max-tokens 256

The only inspect_effdiv parts are the scorer and the reducer (three lines in
``mini_humaneval``); the dataset, prompt and solver are plain Inspect.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from inspect_ai import Epochs, Task, task
from inspect_ai.dataset import Sample, json_dataset
from inspect_ai.solver import generate, prompt_template

from inspect_effdiv import effective_diversity, execution_scorer, passes_tests

PROBLEMS = Path(__file__).with_name("problems.jsonl")

TEMPLATE = """Complete this Python function. Answer with the whole function in one \
```python code block.

```python
{prompt}```"""


def record_to_sample(record: dict[str, Any]) -> Sample:
    """One problem: the prompt is its signature and docstring."""
    return Sample(
        id=record["id"],
        input=record["prompt"],
        metadata={
            "entry_point": record["entry_point"],
            "tests": record["tests"],
            "test_inputs": record["test_inputs"],
        },
    )


@task
def mini_humaneval(epochs: int = 10, at_k: str = "1,5,10", sandbox: str = "bwrap") -> Task:
    """Six problems, ``epochs`` samples each; pass@k and unique@k for each k in ``at_k``.

    ``sandbox``: where programs run: ``bwrap`` (inspect_effdiv's isolated
    sandbox), ``docker``, or ``local`` (no isolation; trusted code only).
    """
    ks = tuple(int(k) for k in str(at_k).split(",") if k.strip())
    return Task(
        dataset=json_dataset(str(PROBLEMS), sample_fields=record_to_sample),
        solver=[prompt_template(TEMPLATE), generate()],
        scorer=execution_scorer(validity=passes_tests(), entry_point_key="entry_point"),
        epochs=Epochs(epochs, effective_diversity(neural_model="none", at_k=ks)),
        sandbox=sandbox,
    )
