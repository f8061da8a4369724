"""``effdiv/smollm2-135m-instruct``: the bundled SmolLM2 served by Inspect's Hugging Face provider.

Imported only when that model is asked for: it imports torch and transformers.
"""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import Any

from inspect_ai.model import GenerateConfig
from inspect_ai.model._providers.hf import HuggingFaceAPI

from ._smollm2 import converted_model

__all__ = ["BundledSmolLM2"]

#: Default generation budget: an answer with one function is a few hundred tokens,
#: and a batch runs until its longest member stops.
DEFAULT_MAX_TOKENS = 512


class BundledSmolLM2(HuggingFaceAPI):
    """Inspect's ``hf`` provider on the converted bundled model.

    Requests are batched like ``hf/...`` models (up to ``--max-connections``,
    default 32, so a prompt's 32 epochs are generated together). Model
    arguments: ``gguf`` (another GGUF file to convert and serve instead),
    ``cache_dir`` (where conversions are kept), and everything ``hf/`` accepts
    (``device``, ``batch_size``, ...).
    """

    def __init__(
        self,
        model_name: str,
        base_url: str | None = None,
        api_key: str | None = None,
        config: GenerateConfig = GenerateConfig(),  # noqa: B008 - Inspect's own signature
        **model_args: Any,
    ) -> None:
        gguf = model_args.pop("gguf", None)
        cache = model_args.pop("cache_dir", None)
        path = converted_model(Path(gguf) if gguf else None, Path(cache) if cache else None)
        super().__init__(
            model_name=model_name,
            base_url=base_url,
            api_key=api_key,
            config=config,
            model_path=str(path),
            **model_args,
        )
        self.model.generate = shared_prefix_generate(self.model)

    def max_tokens(self) -> int | None:
        return DEFAULT_MAX_TOKENS


def shared_prefix_generate(model: Any) -> Any:
    """``model.generate`` that computes a prompt shared by every row of a batch once.

    A diversity run asks for the same prompt 32 times, and Inspect's batching
    puts those requests in one batch, so a plain ``generate`` runs the same
    prompt through the model 32 times. When every row of ``input_ids`` is the
    same and unpadded, the prompt but its last token is run once, its key-value
    cache is repeated for every row, and ``generate`` continues from there
    (transformers' prefix caching). Greedy outputs are identical to a plain
    ``generate`` (tested); any other batch takes the plain path.
    """
    import torch
    from transformers import DynamicCache

    plain = model.generate
    # transformers 5 renames past_key_values to cache (the old name warns, then goes)
    name = "cache" if "cache" in inspect.signature(model.forward).parameters else "past_key_values"

    def generate(*args: Any, **kwargs: Any) -> Any:
        ids: Any = kwargs.get("input_ids")
        given = "cache" in kwargs or "past_key_values" in kwargs
        if args or given or not _shareable(ids, kwargs.get("attention_mask")):
            return plain(*args, **kwargs)
        cache = DynamicCache(config=model.config)
        with torch.no_grad():
            model(input_ids=ids[:1, :-1], use_cache=True, **{name: cache})
        cache.batch_repeat_interleave(ids.shape[0])
        return plain(**{name: cache}, **kwargs)

    return generate


def _shareable(ids: Any, mask: Any) -> bool:
    """Several identical, unpadded rows of at least two tokens."""
    import torch

    if not isinstance(ids, torch.Tensor) or ids.dim() != 2 or min(ids.shape) < 2:
        return False
    if mask is not None and not bool((mask == 1).all()):
        return False
    return bool((ids == ids[:1]).all())
