"""``effdiv/smollm2-135m-instruct``: the bundled SmolLM2 served by Inspect's Hugging Face provider.

Imported only when that model is asked for: it imports torch and transformers.
"""

from __future__ import annotations

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

    def max_tokens(self) -> int | None:
        return DEFAULT_MAX_TOKENS
