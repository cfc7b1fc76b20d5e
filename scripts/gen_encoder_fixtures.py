#!/usr/bin/env python3
"""Generates the encoder parity fixtures (issue 3) with PyTorch + Hugging Face transformers.

Writes, under tests/data/:
  models/<name>/            tiny randomly initialised models (seeded) saved by transformers as
                            safetensors, with their tokenizer files (small enough to commit)
  encoder_expected/<name>.json
                            token ids and pooled vectors (mean/cls/max, last layer and layer 1)
                            for the test sentences, computed one sentence at a time in float32
  encoder_expected/all-MiniLM-L6-v2.json, all-mpnet-base-v2.json
                            the same for the real models (when installed: scripts/install-model.sh [NAME])

Usage: scripts/gen_encoder_fixtures.py [--only NAME ...]
Python: $PYTHON or .venv-ref/bin/python (scripts/setup-pyref.sh) with torch, transformers, sentencepiece, protobuf.
The tiny WordPiece vocabulary is cut from the default model's vocab.txt (install it first with
scripts/install-model.sh); the tiny SentencePiece model and the tiny byte-level BPEs (RoBERTa, GPT-2; trained with
`tokenizers`) are trained on ../shared/data.
"""
import argparse
import json
import os
import random
import shutil
import sys
from pathlib import Path

import torch
import transformers
from transformers import (AutoModel, AutoTokenizer, BertConfig, BertModel, BertTokenizerFast,
                          DistilBertConfig, DistilBertModel, GPT2Config, GPT2Model, MPNetConfig, MPNetModel,
                          RobertaConfig, RobertaModel, XLMRobertaConfig, XLMRobertaModel)

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
MODELS = DATA / "models"
EXPECTED = DATA / "encoder_expected"
SHARED = (ROOT / ".." / "shared" / "data").resolve()
DATA_HOME = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share"))
DEFAULT_MODEL = DATA_HOME / "domainlens" / "models" / "all-MiniLM-L6-v2"
MPNET_MODEL = DATA_HOME / "domainlens" / "models" / "all-mpnet-base-v2"

LONG = " ".join(f"word{i} résumé naïve {i * 7919 % 1000}" for i in range(160))
SENTENCES = [
    "Hello, world!",
    "The quick brown fox jumps over the lazy dog.",
    "Überempfindlichkeitsreaktionen, darunter anaphylaktische Reaktionen.",
    "Café, naïve résumé – déjà vu; Ångström: Øresund.",
    "Le président a déclaré qu'il n'était pas d'accord.",
    "这是一个测试句子。",
    "日本語のテキストと English mixed.",
    "I love pizza 🍕🍕 and emojis 😀!",
    "Version 3.14.159 released on 2024-01-31 at 12:30 (UTC+1).",
    "Call +49 (0)30 123456 or email test@example.com.",
    "   ",
    "",
    "\t  spaces\u00a0and\u3000odd\u2003whitespace\r\n",
    "control\u0000chars\u200b and zero\ufeffwidth",
    "ALL CAPS SENTENCE WITH ÄÖÜ AND İSTANBUL",
    "Hyphenated-words, apostrophes' and \"quotes\" ... ellipsis…",
    "Ελληνικά και русский текст вместе.",
    "supercalifragilisticexpialidocious" * 4,
    "PCI subsystem could not be queried: %1 could not be executed",
    "a",
    LONG,
]
# Byte-level BPE specifics: special tokens inside the text (RoBERTa's <mask> strips the space
# before it), contractions, whitespace runs, Unicode spaces.
BPE_EXTRA = [
    "Text with <s> special </s> tokens <mask> inside.",
    "<|endoftext|>two docs<|endoftext|> joined",
    "It's  double  spaced\n\nand they'll've DON'T 're",
    "tab\tseparated\u00a0nbsp   trailing   ",
    "numbers 1234567 ½ ² ٣ and _under_score__",
]


def seed_all(seed):
    random.seed(seed)
    torch.manual_seed(seed)


def cut_wordpiece_vocab(n_regular=2400):
    """Specials + every single character the test sentences need + the first n_regular
    entries of the default model's vocab + the pieces it uses for the test sentences."""
    vocab_path = DEFAULT_MODEL / "vocab.txt"
    if not vocab_path.exists():
        sys.exit(f"{vocab_path} is missing: run scripts/install-model.sh first")
    full = vocab_path.read_text(encoding="utf-8").split("\n")
    if full and full[-1] == "":
        full.pop()
    tok = BertTokenizerFast.from_pretrained(str(DEFAULT_MODEL))
    keep = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
    seen = set(keep)
    wanted = [t for t in full[999:999 + n_regular]]  # skip the [unusedN] block
    for s in SENTENCES[:-1]:
        wanted += tok.tokenize(s)
    # a few cased / accented whole words so that the cased tokenizer has something to match
    wanted += ["Hello", "The", "Café", "ALL", "CAPS", "Ü", "Ä", "Ö", "É", "##É", "İ"]
    for t in wanted:
        if t not in seen:
            seen.add(t)
            keep.append(t)
    return keep


def write_vocab(path, vocab):
    path.write_text("\n".join(vocab) + "\n", encoding="utf-8")


def train_spm(workdir, vocab_size=800):
    import sentencepiece as spm
    lines = []
    for f in sorted(SHARED.glob("llm-dom-ad-*-test/*")):
        with open(f, encoding="utf-8") as fh:
            lines += [ln.strip() for _, ln in zip(range(150), fh)]
    lines += SENTENCES[:-1]
    corpus = workdir / "spm_corpus.txt"
    corpus.write_text("\n".join(lines) + "\n", encoding="utf-8")
    prefix = workdir / "sentencepiece.bpe"
    spm.SentencePieceTrainer.train(
        input=str(corpus), model_prefix=str(prefix), vocab_size=vocab_size, model_type="unigram",
        character_coverage=0.9995, seed_sentencepiece_size=20000, num_threads=1,
        normalization_rule_name="nmt_nfkc", unk_id=0, bos_id=1, eos_id=2, pad_id=-1,  # XLM-R layout
        minloglevel=2)
    return Path(str(prefix) + ".model")


def shared_lines(per_file=150):
    lines = []
    for f in sorted(SHARED.glob("llm-dom-ad-*-test/*")):
        with open(f, encoding="utf-8") as fh:
            lines += [ln.strip() for _, ln in zip(range(per_file), fh)]
    return lines


def train_byte_bpe(specials, add_prefix_space, vocab_size=1000):
    """A byte-level BPE trained with HF tokenizers on a slice of ../shared/data."""
    from tokenizers import Tokenizer, models, pre_tokenizers, decoders, trainers
    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=add_prefix_space)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=vocab_size, special_tokens=specials, show_progress=False,
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet())
    tok.train_from_iterator(shared_lines() + SENTENCES[:-1], trainer=trainer)
    return tok


def make_mpnet(name, dtype):
    """MPNet with all-mpnet-base-v2's token layout: <s> <pad> </s> <unk> first, <mask> last."""
    out = MODELS / name
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    vocab = ["<s>", "<pad>", "</s>", "<unk>"] + cut_wordpiece_vocab() + ["<mask>"]
    write_vocab(out / "vocab.txt", vocab)
    from transformers import MPNetTokenizerFast
    tok = MPNetTokenizerFast(vocab={t: i for i, t in enumerate(vocab)}, do_lower_case=True, model_max_length=512,
                             unk_token="[UNK]")
    tok.save_pretrained(out)
    write_vocab(out / "vocab.txt", vocab)
    cfg = MPNetConfig(vocab_size=len(vocab), hidden_size=32, num_hidden_layers=2, num_attention_heads=4,
                      intermediate_size=64, max_position_embeddings=514, relative_attention_num_buckets=32,
                      pad_token_id=1, bos_token_id=0, eos_token_id=2, layer_norm_eps=1e-5)
    seed_all(2468)
    model = MPNetModel(cfg, add_pooling_layer=False)
    randomize_layernorms(model)
    with torch.no_grad():  # a visible relative bias (the default init is small)
        model.encoder.relative_attention_bias.weight.normal_(0, 1.0)
    save_model(model, out, dtype)
    return out


def make_roberta(name, dtype):
    """RoBERTa with a byte-level BPE (tokenizer.json only, add_prefix_space on)."""
    from tokenizers import processors
    from transformers import RobertaTokenizerFast
    out = MODELS / name
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    bpe = train_byte_bpe(["<s>", "<pad>", "</s>", "<unk>", "<mask>"], add_prefix_space=True)
    bpe.post_processor = processors.RobertaProcessing(("</s>", 2), ("<s>", 0), add_prefix_space=True)
    tok = RobertaTokenizerFast(tokenizer_object=bpe, add_prefix_space=True, model_max_length=512,
                               bos_token="<s>", eos_token="</s>", sep_token="</s>", cls_token="<s>",
                               unk_token="<unk>", pad_token="<pad>", mask_token="<mask>")
    tok.save_pretrained(out)
    for f in ("vocab.json", "merges.txt"):  # exercise the tokenizer.json path
        (out / f).unlink(missing_ok=True)
    cfg = RobertaConfig(vocab_size=len(tok), hidden_size=32, num_hidden_layers=2, num_attention_heads=4,
                        intermediate_size=64, max_position_embeddings=514, type_vocab_size=1, pad_token_id=1,
                        bos_token_id=0, eos_token_id=2, layer_norm_eps=1e-5)
    seed_all(1357)
    model = RobertaModel(cfg, add_pooling_layer=False)
    randomize_layernorms(model)
    save_model(model, out, dtype)
    return out


def make_gpt2(name, dtype):
    """GPT-2 with a byte-level BPE given as vocab.json + merges.txt only (the slow files)."""
    out = MODELS / name
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    bpe = train_byte_bpe(["<|endoftext|>"], add_prefix_space=False)
    bpe.model.save(str(out))  # vocab.json + merges.txt
    cfgj = {"tokenizer_class": "GPT2Tokenizer", "add_prefix_space": False, "model_max_length": 512,
            "bos_token": "<|endoftext|>", "eos_token": "<|endoftext|>", "unk_token": "<|endoftext|>"}
    (out / "tokenizer_config.json").write_text(json.dumps(cfgj, indent=1) + "\n", encoding="utf-8")
    vocab_size = len(json.loads((out / "vocab.json").read_text(encoding="utf-8")))
    cfg = GPT2Config(vocab_size=vocab_size, n_embd=32, n_layer=2, n_head=4, n_positions=512,
                     bos_token_id=0, eos_token_id=0, layer_norm_epsilon=1e-5, activation_function="gelu_new",
                     initializer_range=0.5)  # O(1) residual stream, so that 1e-4 on layer 1 means something
    seed_all(9753)
    model = GPT2Model(cfg)
    randomize_layernorms(model)
    save_model(model, out, dtype)
    return out


def save_model(model, out, dtype):
    model = model.to(dtype)
    model.save_pretrained(out, safe_serialization=True)


def make_bert(name, dtype, lowercase, act="gelu"):
    out = MODELS / name
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    vocab = cut_wordpiece_vocab()
    write_vocab(out / "vocab.txt", vocab)
    tok = BertTokenizerFast(vocab={t: i for i, t in enumerate(vocab)}, do_lower_case=lowercase,
                            model_max_length=512)
    tok.save_pretrained(out)
    write_vocab(out / "vocab.txt", vocab)  # keep the exact vocab.txt beside tokenizer.json
    cfg = BertConfig(vocab_size=len(vocab), hidden_size=32, num_hidden_layers=2, num_attention_heads=4,
                     intermediate_size=64, max_position_embeddings=512, type_vocab_size=2,
                     hidden_act=act, layer_norm_eps=1e-12)
    seed_all(1234)
    model = BertModel(cfg, add_pooling_layer=False)
    randomize_layernorms(model)
    save_model(model, out, dtype)
    return out


def make_distilbert(name, dtype):
    out = MODELS / name
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    vocab = cut_wordpiece_vocab()
    write_vocab(out / "vocab.txt", vocab)
    tok = BertTokenizerFast(vocab={t: i for i, t in enumerate(vocab)}, do_lower_case=True, model_max_length=512)
    tok.save_pretrained(out)
    write_vocab(out / "vocab.txt", vocab)
    cfg = DistilBertConfig(vocab_size=len(vocab), dim=32, n_layers=2, n_heads=4, hidden_dim=64,
                           max_position_embeddings=512, activation="gelu")
    seed_all(4321)
    model = DistilBertModel(cfg)
    randomize_layernorms(model)
    save_model(model, out, dtype)
    return out


def make_xlmr(name, dtype, arch):
    out = MODELS / name
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    work = MODELS / (name + ".tmp")
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir()
    spm_model = train_spm(work)
    from transformers import XLMRobertaTokenizer
    tok = XLMRobertaTokenizer.from_pretrained(str(work), model_max_length=512)  # converts the .model
    tok.save_pretrained(out)
    shutil.copy(spm_model, out / "sentencepiece.bpe.model")
    shutil.rmtree(work)
    vocab_size = len(tok)
    if arch == "xlm-roberta":
        cfg = XLMRobertaConfig(vocab_size=vocab_size, hidden_size=32, num_hidden_layers=2,
                               num_attention_heads=4, intermediate_size=64, max_position_embeddings=514,
                               type_vocab_size=1, pad_token_id=1, bos_token_id=0, eos_token_id=2,
                               layer_norm_eps=1e-5)
        seed_all(777)
        model = XLMRobertaModel(cfg, add_pooling_layer=False)
    else:  # a BERT model with an XLM-R tokenizer (multilingual-E5 style)
        cfg = BertConfig(vocab_size=vocab_size, hidden_size=32, num_hidden_layers=2, num_attention_heads=4,
                         intermediate_size=64, max_position_embeddings=512, type_vocab_size=2,
                         pad_token_id=1, layer_norm_eps=1e-12)
        seed_all(888)
        model = BertModel(cfg, add_pooling_layer=False)
    randomize_layernorms(model)
    save_model(model, out, dtype)
    return out


def randomize_layernorms(model):
    # Fresh LayerNorms are identity; perturb them so that a mixed-up weight/bias would show.
    with torch.no_grad():
        for mod in model.modules():
            if isinstance(mod, torch.nn.LayerNorm):
                mod.weight.add_(torch.randn_like(mod.weight) * 0.2)
                mod.bias.add_(torch.randn_like(mod.bias) * 0.2)


def pooled(hidden, mask):
    m = mask.unsqueeze(-1).to(hidden.dtype)
    mean = (hidden * m).sum(1) / m.sum(1).clamp(min=1e-9)
    cls = hidden[:, 0]
    mx = hidden.masked_fill(m == 0, -1e9).max(1).values
    return mean, cls, mx


def round_list(t):
    return [float(f"{x:.7g}") for x in t.tolist()]


def expected_for(model_dir, name, max_length=512, keep_vectors=("mean", "cls", "max", "mean_l1", "mean_norm"),
                 sentences=SENTENCES):
    tok = AutoTokenizer.from_pretrained(model_dir)
    model = AutoModel.from_pretrained(model_dir, dtype=torch.float32, attn_implementation="eager")
    model.eval()
    records = []
    with torch.inference_mode():
        for s in sentences:
            enc = tok(s, truncation=True, max_length=max_length, return_tensors="pt")
            full = tok(s, truncation=False)["input_ids"]
            if enc["input_ids"].shape[1] == 0:
                # GPT-2 adds no special tokens: an empty sentence has no token at all, which
                # transformers cannot run; DomainLens pools it to the zero vector.
                dim = model.config.hidden_size
                rec = {"text": s, "ids": [], "truncated": False}
                for k in keep_vectors:
                    rec[k] = [0.0] * dim
                records.append(rec)
                continue
            out = model(input_ids=enc["input_ids"], attention_mask=enc["attention_mask"], output_hidden_states=True)
            hs = out.hidden_states
            mean, cls, mx = pooled(hs[-1], enc["attention_mask"])
            mean1, _, _ = pooled(hs[1], enc["attention_mask"])
            rec = {"text": s, "ids": enc["input_ids"][0].tolist(), "truncated": len(full) > max_length}
            vecs = {"mean": mean[0], "cls": cls[0], "max": mx[0], "mean_l1": mean1[0],
                    "mean_norm": torch.nn.functional.normalize(mean, dim=-1)[0]}
            for k in keep_vectors:
                rec[k] = round_list(vecs[k])
            records.append(rec)
    doc = {
        "model": name,
        "generator": "scripts/gen_encoder_fixtures.py",
        "transformers": transformers.__version__,
        "torch": torch.__version__,
        "max_length": max_length,
        "layers": model.config.num_hidden_layers if hasattr(model.config, "num_hidden_layers") else model.config.n_layers,
        "sentences": records,
    }
    EXPECTED.mkdir(parents=True, exist_ok=True)
    (EXPECTED / f"{name}.json").write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {EXPECTED / (name + '.json')}")


def check_sentence_transformers(model_dir, name):
    """The default model's normalised mean vectors must equal sentence-transformers' output."""
    try:
        from sentence_transformers import SentenceTransformer
    except ImportError:
        return
    st = SentenceTransformer(str(model_dir), device="cpu")
    st.max_seq_length = 512
    doc = json.loads((EXPECTED / f"{name}.json").read_text(encoding="utf-8"))
    vecs = st.encode(SENTENCES, batch_size=4, convert_to_tensor=True)
    ours = torch.tensor([r["mean_norm"] for r in doc["sentences"]])
    diff = (vecs - ours).abs().max().item()
    print(f"{name}: sentence-transformers vs fixture max-abs diff {diff:.2e}")
    assert diff < 1e-4, diff


TINY = {
    "bert-tiny": lambda: make_bert("bert-tiny", torch.float32, lowercase=True),
    "bert-cased-tiny": lambda: make_bert("bert-cased-tiny", torch.float16, lowercase=False, act="gelu_new"),
    "distilbert-tiny": lambda: make_distilbert("distilbert-tiny", torch.float16),
    "mpnet-tiny": lambda: make_mpnet("mpnet-tiny", torch.float32),
    "roberta-tiny": lambda: make_roberta("roberta-tiny", torch.float32),
    "gpt2-tiny": lambda: make_gpt2("gpt2-tiny", torch.float32),
    "xlm-roberta-tiny": lambda: make_xlmr("xlm-roberta-tiny", torch.bfloat16, "xlm-roberta"),
    "bert-spm-tiny": lambda: make_xlmr("bert-spm-tiny", torch.float32, "bert"),
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", nargs="*", default=None)
    args = ap.parse_args()
    names = args.only or list(TINY) + ["all-MiniLM-L6-v2", "all-mpnet-base-v2"]
    for name in names:
        if name == "all-mpnet-base-v2":
            if not (MPNET_MODEL / "model.safetensors").exists():
                print(f"skipping {name}: not installed in {MPNET_MODEL}")
                continue
            expected_for(str(MPNET_MODEL), name, keep_vectors=("mean", "mean_l1", "mean_norm"))
            check_sentence_transformers(MPNET_MODEL, name)
            continue
        if name == "all-MiniLM-L6-v2":
            if not (DEFAULT_MODEL / "model.safetensors").exists():
                print(f"skipping {name}: not installed in {DEFAULT_MODEL}")
                continue
            expected_for(str(DEFAULT_MODEL), name, keep_vectors=("mean", "cls", "max", "mean_l1", "mean_norm"))
            check_sentence_transformers(DEFAULT_MODEL, name)
            continue
        out = TINY[name]()
        if name == "gpt2-tiny":  # mean pooling over the real tokens, as for GPT-2 in the paper
            expected_for(str(out), name, keep_vectors=("mean", "mean_l1", "mean_norm"), sentences=SENTENCES + BPE_EXTRA)
        elif name == "roberta-tiny":
            expected_for(str(out), name, sentences=SENTENCES + BPE_EXTRA)
        else:
            expected_for(str(out), name)


if __name__ == "__main__":
    main()
