"""A randomly initialised RoBERTa with its own tokenizer, for offline neural checks.

No code model ships on PyPI and tests must not download, so the tests and the
neural benchmark build a small RoBERTa with random weights and a byte-level
BPE tokenizer trained on a few local text files. code-bert-score accepts the
directory as ``model_type`` (pass ``num_layers``). Needs the ``neural`` extra.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

__all__ = ["build_random_roberta"]


def build_random_roberta(
    directory: Path,
    corpus: Sequence[Path],
    *,
    layers: int = 4,
    hidden: int = 64,
    heads: int = 4,
    vocab_size: int = 600,
    max_length: int = 512,
    embedding_rows: int | None = None,
    seed: int = 0,
) -> Path:
    """Write a random RoBERTa model and tokenizer to ``directory`` and return it.

    Args:
        directory: Output directory (created).
        corpus: Text files the byte-level BPE tokenizer is trained on.
        layers: Hidden layers.
        hidden: Width (a CodeBERT-sized model is 12 layers x 768, 12 heads).
        heads: Attention heads.
        vocab_size: Target BPE vocabulary size.
        max_length: The tokenizer's ``model_max_length``; longer inputs are
            embedded in overlapping windows by code-bert-score.
        embedding_rows: Rows of the token embedding matrix when larger than the
            trained vocabulary (50265 gives CodeBERT's parameter count, and so
            its loading cost; the extra rows are never looked up).
        seed: Seed of the weight initialisation.
    """
    import torch
    from tokenizers import ByteLevelBPETokenizer
    from transformers import RobertaConfig, RobertaModel, RobertaTokenizerFast

    directory.mkdir(parents=True, exist_ok=True)
    bpe = ByteLevelBPETokenizer()
    bpe.train(
        [str(path) for path in corpus],
        vocab_size=vocab_size,
        min_frequency=2,
        special_tokens=["<s>", "<pad>", "</s>", "<unk>", "<mask>"],
        show_progress=False,
    )
    bpe.save_model(str(directory))
    # from_pretrained reads vocab.json + merges.txt under transformers 4 and 5 alike
    tokenizer = RobertaTokenizerFast.from_pretrained(str(directory), model_max_length=max_length)
    tokenizer.save_pretrained(str(directory))
    config = RobertaConfig(
        vocab_size=max(len(tokenizer), embedding_rows or 0),
        hidden_size=hidden,
        num_hidden_layers=layers,
        num_attention_heads=heads,
        intermediate_size=4 * hidden,
        max_position_embeddings=max_length + 2,
        pad_token_id=tokenizer.pad_token_id,
        bos_token_id=tokenizer.bos_token_id,
        eos_token_id=tokenizer.eos_token_id,
    )
    torch.manual_seed(seed)
    RobertaModel(config, add_pooling_layer=False).save_pretrained(str(directory))
    return directory
