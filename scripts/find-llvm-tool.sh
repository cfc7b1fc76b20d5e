#!/usr/bin/env bash
# Prints the path of an LLVM tool of at least a given major version, preferring the versioned
# Debian name (clang-format-16) over the unversioned one. Exit 1 if there is none.
# Usage: scripts/find-llvm-tool.sh TOOL MIN_MAJOR      e.g. scripts/find-llvm-tool.sh clang-tidy 16
set -euo pipefail
tool="$1" min="$2"
for c in "$tool-$min" "$tool-$((min + 1))" "$tool-$((min + 2))" "$tool"; do
  command -v "$c" >/dev/null || continue
  major=$("$c" --version | grep -oE 'version [0-9]+' | head -1 | cut -d' ' -f2)
  if [ -n "$major" ] && [ "$major" -ge "$min" ]; then command -v "$c"; exit 0; fi
done
exit 1
