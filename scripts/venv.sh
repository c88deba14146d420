#!/usr/bin/env bash
# Creates (or reuses) the project's Python virtualenv with the packages in
# scripts/requirements-test.txt, and prints its python path.
#
# The Inspect version matrix (README, "Python plugins"): requirements-test.txt
# pins the newest inspect_ai the project supports, installed into .venv. With
# SWARMHOST_INSPECT_VERSION=V (a version from scripts/inspect-versions.txt, or
# "oldest" / "newest") the same packages with inspect_ai==V go into
# .venv-inspect-V instead; the Go tests then run the Python plugins with it
# (host/cli sets SWARMHOST_PYTHON), and `make test` runs the bridge tests
# once more that way on the oldest supported version.
#
# scripts/venv-from.sh builds it: rebuilt only when the requirements change,
# exit 3 (with a message on stderr) when PyPI cannot be reached, so callers
# can skip with a clear reason.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
req="$root/scripts/requirements-test.txt"
versions="$root/scripts/inspect-versions.txt"
newest="$(grep -v '^#' "$versions" | head -1)"
oldest="$(grep -v '^#' "$versions" | tail -1)"
version="${SWARMHOST_INSPECT_VERSION:-}"
case "$version" in
  oldest) version="$oldest" ;;
  newest) version="$newest" ;;
esac
venv="$root/.venv"
if [ -n "$version" ] && [ "$version" != "$newest" ]; then
  if ! grep -qx "$version" "$versions"; then
    echo "scripts/venv.sh: SWARMHOST_INSPECT_VERSION=$version is not a supported inspect_ai version" \
      "(scripts/inspect-versions.txt: $(grep -v '^#' "$versions" | tr '\n' ' '))" >&2
    exit 1
  fi
  venv="$root/.venv-inspect-$version"
  tmp="$(mktemp)"
  trap 'rm -f "$tmp"' EXIT
  sed "s/^inspect_ai==.*/inspect_ai==$version/" "$req" >"$tmp"
  req="$tmp"
fi
"$root/scripts/venv-from.sh" "$venv" "$req" "Python tests are skipped"
