#!/usr/bin/env bash
# Installs what the log viewer test (host/e2e/viewer_e2e_test.go) needs and
# prints, one per line: the chromium binary, then the node_modules folder
# holding playwright-core. Chromium comes from Debian (apt-get), since
# playwright's own browser download cannot be used here; playwright-core
# (no browser download) from npm into .tools/viewer, pinned below.
# Exit 3 with the reason on stderr when either cannot be installed.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="$root/.tools/viewer"
playwright=1.65.1
if command -v flock >/dev/null; then mkdir -p "$root/.tools"; exec 9>"$root/.tools/viewer.lock"; flock 9; fi
chromium="$(command -v chromium || true)"
if [ -z "$chromium" ]; then
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
    echo "scripts/viewer-deps.sh: chromium is not installed and apt-get cannot install it (not root, or no apt-get)" >&2
    exit 3
  fi
  log="$(mktemp)"
  if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } >"$log" 2>&1; then
    tail -20 "$log" >&2
    echo "scripts/viewer-deps.sh: apt-get could not install chromium" >&2
    exit 3
  fi
  rm -f "$log"
  chromium="$(command -v chromium)"
fi
if [ ! -f "$dir/node_modules/playwright-core/package.json" ] || \
   ! grep -q "\"version\": \"$playwright\"" "$dir/node_modules/playwright-core/package.json"; then
  if ! command -v npm >/dev/null; then
    echo "scripts/viewer-deps.sh: npm is not installed, so playwright-core cannot be" >&2
    exit 3
  fi
  mkdir -p "$dir"
  if ! (cd "$dir" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --silent --no-audit --no-fund \
      --prefix "$dir" "playwright-core@$playwright" >&2); then
    echo "scripts/viewer-deps.sh: npm could not install playwright-core@$playwright" >&2
    exit 3
  fi
fi
echo "$chromium"
echo "$dir/node_modules"
[ "${1:-}" = npm ] || exit 0
src="$root/host/e2e/testdata/viewer/npm"
app="$root/.tools/npm-viewer"
want="$(cd "$src" && cat package.json package-lock.json main.jsx index.html | sha256sum | cut -d' ' -f1)"
if [ "$(cat "$app/.sha256" 2>/dev/null)" != "$want" ]; then
  rm -rf "$app" && mkdir -p "$app/site"
  cp "$src/package.json" "$src/package-lock.json" "$src/main.jsx" "$app/"
  if ! (cd "$app" && npm ci --silent --no-audit --no-fund >&2); then
    echo "scripts/viewer-deps.sh: npm ci could not install host/e2e/testdata/viewer/npm" >&2
    exit 3
  fi
  (cd "$app" && node_modules/.bin/esbuild main.jsx --bundle --format=esm --jsx=automatic \
    --loader:.woff=file --loader:.woff2=file --loader:.ttf=file --loader:.svg=file --loader:.png=file \
    --outdir=site --log-level=warning >&2)
  cp "$src/index.html" "$app/site/"
  echo "$want" > "$app/.sha256"
fi
echo "$app/site"
