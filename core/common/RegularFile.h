#pragma once
// Input files named by the user (corpora, model weights, tokenizer and shard files) must be
// regular files: a FIFO, a terminal, a socket or a device would block the job forever on
// open() or read() without ever polling its CancelToken, or stream without end (issue #23,
// class 7). checkRegularFile decides from stat() (which does not block on a FIFO);
// openRegularFile opens with O_NONBLOCK (so a FIFO without a writer cannot block the open),
// checks the descriptor with fstat, then clears O_NONBLOCK for ordinary reads.
#include <string>
#include <string_view>

#include "common/Error.h"

namespace dl {

// Fails naming `what` and the path when it is missing, a folder or not a regular file.
Status checkRegularFile(const std::string& path, std::string_view what);
// A read-only descriptor (O_CLOEXEC) on a regular file; the caller closes it.
Expected<int> openRegularFile(const std::string& path, std::string_view what);

}  // namespace dl
