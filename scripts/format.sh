#!/usr/bin/env bash
# Checks or applies the house format (.clang-format) with clang-format 16 (scripts/setup.sh
# installs clang-format-16; an older clang-format formats some constructs differently).
# Usage:
#   scripts/format.sh [--check] [FILE...]   lists the files that differ and exits 1 if any do
#   scripts/format.sh --fix [FILE...]       rewrites them in place
#   scripts/format.sh --changed [BASE]      --check, but only on the lines changed since BASE
#                                           (default: main), as `git clang-format --diff` does
# Without FILEs: every tracked C++ source (.cpp, .h) of the repository.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"

fmt=$("$ROOT/scripts/find-llvm-tool.sh" clang-format 16) ||
  { echo "format: clang-format >= 16 not found (scripts/setup.sh installs clang-format-16)" >&2; exit 2; }

mode=check
case "${1:-}" in
  --check) shift ;;
  --fix) mode=fix; shift ;;
  --changed) mode=changed; shift ;;
  -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
esac

if [ "$mode" = changed ]; then
  base="${1:-main}"
  out=$(git clang-format --binary "$fmt" --diff "$base" -- '*.cpp' '*.h' 2>&1) || true
  case "$out" in
    ""|*"no modified files to format"*|*"clang-format did not modify any files"*) echo "format: the lines changed since $base are formatted"; exit 0 ;;
  esac
  printf '%s\n' "$out"
  echo "format: the lines above changed since $base are not formatted (scripts/format.sh --fix FILE)" >&2
  exit 1
fi

if [ $# -gt 0 ]; then files=("$@"); else mapfile -t files < <(git ls-files '*.cpp' '*.h'); fi

if [ "$mode" = fix ]; then
  printf '%s\0' "${files[@]}" | xargs -0 -n 50 "$fmt" -i
  exit 0
fi

bad=()
# All at once, nproc processes of 40 files; only when some differ, one by one to name them.
if printf '%s\0' "${files[@]}" | xargs -0 -P "$(nproc)" -n 40 "$fmt" --dry-run --Werror >/dev/null 2>&1; then
  echo "format: ${#files[@]} files formatted"
  exit 0
fi
for f in "${files[@]}"; do
  "$fmt" --dry-run --Werror "$f" >/dev/null 2>&1 || bad+=("$f")
done
if [ ${#bad[@]} -gt 0 ]; then
  printf 'format: not formatted: %s\n' "${bad[@]}" >&2
  echo "format: ${#bad[@]} of ${#files[@]} files differ from .clang-format (scripts/format.sh --fix FILE...)" >&2
  exit 1
fi
echo "format: ${#files[@]} files formatted"
