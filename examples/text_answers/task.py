"""Effective diversity of short text answers: V and S without any code.

Three open prompts ("name a prime below 100", ...). An answer is VALID when it
is what the prompt asks for; its SEMANTICS is the normalised answer, so
"7", "7.0" and " 7. " are one answer, and "Red" and "red." are one colour.
The reducer is the one the code task uses; for text only the lexical form
metric is asked for (syntactic and neural stay NaN).

Run it offline::

    inspect eval examples/text_answers/task.py --model effdiv/scripted \\
        -M script=examples/text_answers/script.json
"""

from __future__ import annotations

from inspect_ai import Task, task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.solver import TaskState, generate

from inspect_effdiv import answer_scorer, effective_diversity, normalised_answer

RAINBOW = {"red", "orange", "yellow", "green", "blue", "indigo", "violet"}

PROMPTS = {
    "prime": "Name one prime number below 100.",
    "rainbow": "Name one colour of the rainbow.",
    "multiple_of_7": "Give a two-digit multiple of 7.",
}


def _integer(answer: str) -> int | None:
    text = normalised_answer(answer)
    return int(text) if text is not None and text.lstrip("-").isdigit() else None


def acceptable(answer: str, state: TaskState) -> bool:
    """V: the answer is what the prompt asks for."""
    kind = state.metadata["kind"]
    if kind == "rainbow":
        return normalised_answer(answer) in RAINBOW
    number = _integer(answer)
    if number is None:
        return False
    if kind == "prime":
        return 1 < number < 100 and all(number % d for d in range(2, int(number**0.5) + 1))
    return 10 <= number <= 99 and number % 7 == 0


@task
def open_answers(epochs: int = 5) -> Task:
    """Three prompts, ``epochs`` answers each, read after "Answer:"."""
    dataset = MemoryDataset(
        [
            Sample(
                id=kind,
                input=f'{prompt} Reply with "Answer: " and your answer.',
                metadata={"kind": kind},
            )
            for kind, prompt in PROMPTS.items()
        ]
    )
    return Task(
        dataset=dataset,
        solver=generate(),
        scorer=answer_scorer(validity=acceptable, answer_pattern=r"(?i)answer:\s*([^\n]+)"),
        epochs=epochs,
        epochs_reducer=effective_diversity(form_metrics=("lexical",)),
    )
