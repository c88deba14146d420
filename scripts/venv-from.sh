#!/usr/bin/env bash
# Usage: scripts/venv-from.sh VENV REQUIREMENTS [WHAT]
# Creates (or reuses) the virtualenv VENV (a path, relative to the repository root unless absolute)
# with the packages of the requirements file REQUIREMENTS, and prints its python path. It serves the
# project's virtualenvs besides .venv (scripts/venv.sh, which picks an inspect_ai version and then
# calls this script):
#   scripts/venv-from.sh .venv-tasks scripts/requirements-tasks.txt   # `make venv-tasks`: Inspect tasks
#   scripts/venv-from.sh .venv-peer scripts/requirements-peer.txt     # `make venv-peer`: Inspect Swarm 0.1.0
# The venv is rebuilt only when the requirements change (their sha256 is stored in
# VENV/.requirements.sha256); pip's own cache makes rebuilds fast. Exit 3 (with a message on stderr
# ending in WHAT, e.g. "the log comparison tests are skipped") when PyPI cannot be reached, so callers
# can skip with a clear reason.
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: scripts/venv-from.sh VENV REQUIREMENTS [WHAT]" >&2
  exit 2
fi
root="$(cd "$(dirname "$0")/.." && pwd)"
case "$1" in /*) venv="$1" ;; *) venv="$root/$1" ;; esac
case "$2" in /*) req="$2" ;; *) req="$root/$2" ;; esac
what="${3:-the tests that need it are skipped}"
if [ ! -f "$req" ]; then
  echo "scripts/venv-from.sh: no requirements file $req" >&2
  exit 2
fi
want="$(sha256sum "$req" | cut -d' ' -f1)"
# Test packages run in parallel: one builds the venv while the others wait.
if command -v flock >/dev/null; then
  exec 9>"${TMPDIR:-/tmp}/swarmhost-venv-$(basename "$venv")-$(id -u).lock"
  flock 9
fi
if [ -x "$venv/bin/python" ] && [ "$(cat "$venv/.requirements.sha256" 2>/dev/null)" = "$want" ]; then
  echo "$venv/bin/python"
  exit 0
fi
python3 -m venv "$venv" >&2
cd "$root"  # requirements name local paths (-e sdk/python) relative to the repository root
if ! "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$req" >&2; then
  if ! "$venv/bin/pip" download --quiet --no-deps -d /tmp/swarmhost-pip-probe pip >/dev/null 2>&1; then
    echo "scripts/venv-from.sh $1: PyPI cannot be reached; $what" >&2
    exit 3
  fi
  echo "scripts/venv-from.sh $1: pip install failed" >&2
  exit 1
fi
echo "$want" > "$venv/.requirements.sha256"
echo "$venv/bin/python"
