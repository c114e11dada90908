#!/usr/bin/env bash
# Create (once) the virtualenv this example runs in, and print its python on stdout.
#
#   bash examples/detectors/prompt-injection-shield/venv.sh            # e.g. the action's `install` step
#   "$(bash examples/detectors/prompt-injection-shield/venv.sh)" examples/detectors/prompt-injection-shield/defense.py
#
# The venv holds the hash-pinned requirements.txt and is cached outside the repository, in
# ${XDG_CACHE_HOME:-$HOME/.cache}/agent-defense-eval/prompt-injection-shield-<sha256 of requirements.txt>-py<X.Y>
# (override the interpreter with PYTHON=..., the directory with ADE_PIS_VENV=...). A changed
# requirements.txt gets a new venv; an interrupted install leaves no .complete stamp and is redone.
# Everything but the interpreter's path goes to stderr.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
python="${PYTHON:-python3}"
pyver="$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
req_sha="$(sha256sum "$here/requirements.txt" | cut -c1-16)"
venv="${ADE_PIS_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/agent-defense-eval/prompt-injection-shield-$req_sha-py$pyver}"
if [ ! -f "$venv/.complete" ]; then
  echo "prompt-injection-shield example: creating $venv (Python $pyver)" >&2
  mkdir -p "$(dirname "$venv")"
  rm -rf "$venv"
  "$python" -m venv "$venv"
  "$venv/bin/python" -m pip install --disable-pip-version-check --no-input -q --only-binary :all: --require-hashes -r "$here/requirements.txt" >&2
  touch "$venv/.complete"
fi
echo "$venv/bin/python"
