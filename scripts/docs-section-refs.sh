#!/usr/bin/env bash
# Points the code's section references at the documents in docs/ (backend/src/docs.spec.ts checks they resolve):
#   "spec §5" → "docs/specification.md §5", "design §6" → "docs/design.md §6", and a bare "§3" that opens a
#   line's references ("the spec's Asset (§3)") → "docs/specification.md §3"; "§5, §8" after a named document stay
#   as they are (they cite the same document). Then Biome formats the files it touched (a longer reference can
#   push a line past the width, or widen a Markdown table). Idempotent: run it again after merging comments written
#   the old way.
set -euo pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C.UTF-8
# docs.spec.ts is left alone: it is the check, and its own text and patterns speak of § in general.
mapfile -d '' files < <(grep -rlZ '§' backend/src frontend/src frontend/e2e | grep -zv '^backend/src/docs.spec.ts$')
[ ${#files[@]} -gt 0 ] || exit 0
sed -E -i \
  -e 's/\b[Ss]pec §/docs\/specification.md §/g' \
  -e 's/\b[Dd]esign §/docs\/design.md §/g' \
  -e '/§/{/^[^§]*\.md §/!s/§/docs\/specification.md §/}' \
  "${files[@]}"
mapfile -t changed < <(git diff --name-only -- "${files[@]}")
[ ${#changed[@]} -gt 0 ] || exit 0
node node_modules/@biomejs/biome/bin/biome format --write --no-errors-on-unmatched "${changed[@]}" >/dev/null
