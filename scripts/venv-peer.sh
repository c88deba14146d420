#!/usr/bin/env bash
# Creates (or reuses) the peer virtualenv at .venv-peer (Inspect Swarm 0.1.0 and inspect_ai
# 0.3.285, for the log comparison tests) with the
# packages in scripts/requirements-peer.txt, and prints its python path.
# The venv is rebuilt only when the requirements change (their sha256 is
# stored in .venv-peer/.requirements.sha256); pip's own cache makes rebuilds fast.
# Exit 3 (with a message on stderr) when PyPI cannot be reached, so callers
# can skip with a clear reason.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
venv="$root/.venv-peer"
req="$root/scripts/requirements-peer.txt"
want="$(sha256sum "$req" | cut -d' ' -f1)"
# Test packages run in parallel: one builds the venv while the others wait.
if command -v flock >/dev/null; then exec 9>"${TMPDIR:-/tmp}/swarmhost-venv-peer-$(id -u).lock"; flock 9; fi
if [ -x "$venv/bin/python" ] && [ "$(cat "$venv/.requirements.sha256" 2>/dev/null)" = "$want" ]; then
  echo "$venv/bin/python"
  exit 0
fi
python3 -m venv "$venv" >&2
cd "$root"  # requirements name local paths (-e sdk/python) relative to the repository root
if ! "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$req" >&2; then
  if ! "$venv/bin/pip" download --quiet --no-deps -d /tmp/swarmhost-pip-probe pip >/dev/null 2>&1; then
    echo "scripts/venv-peer.sh: PyPI cannot be reached; the log comparison tests are skipped" >&2
    exit 3
  fi
  echo "scripts/venv-peer.sh: pip install failed" >&2
  exit 1
fi
echo "$want" > "$venv/.requirements.sha256"
echo "$venv/bin/python"
