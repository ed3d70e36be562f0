#!/bin/sh
# Rewrites README.md's key table from the commands table (src/app/logic/commands.cpp), as
# `dungen-viz --keys` prints it: the block between its marker comments is replaced, the rest of
# the README is left as it is. A unit test (AppKeyList.ReadmeKeyTableIsTheCommandsTable) fails
# until this is run after a key or its words change.
#   bash scripts/readme-keys.sh [path/to/dungen-viz]     (default build/dungen-viz)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
viz=${1:-$root/build/dungen-viz}
table=$(mktemp)
trap 'rm -f "$table" "$table.md"' EXIT
"$viz" --keys > "$table"
begin=$(head -n 1 "$table")
end=$(tail -n 1 "$table")
grep -qxF "$begin" "$root/README.md" || { echo "README.md has no line $begin" >&2; exit 1; }
# Up to the begin marker, the table, then what follows the end marker.
awk -v begin="$begin" -v end="$end" -v table="$table" '
  $0 == begin { while ((getline line < table) > 0) print line; skip = 1; next }
  skip && $0 == end { skip = 0; next }
  !skip { print }
' "$root/README.md" > "$table.md"
cat "$table.md" > "$root/README.md"
