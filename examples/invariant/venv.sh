#!/usr/bin/env bash
# Create (once) the virtualenv this example runs in, and print its python on stdout.
#
#   bash examples/invariant/venv.sh            # e.g. the action's `install` step
#   "$(bash examples/invariant/venv.sh)" examples/invariant/defense.py
#
# The venv holds the pinned requirements.txt (versions and sha256 hashes) and is cached outside
# the repository, in
# ${XDG_CACHE_HOME:-$HOME/.cache}/agent-defense-eval/invariant-<sha256 of requirements.txt>-py<X.Y>
# (override the interpreter with PYTHON=..., the directory with ADE_INVARIANT_VENV=...). A changed
# requirements.txt gets a new venv; an interrupted install leaves no .complete stamp and is redone.
# Everything but the interpreter's path goes to stderr.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
python="${PYTHON:-python3}"
pyver="$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
req_sha="$(sha256sum "$here/requirements.txt" | cut -c1-16)"
venv="${ADE_INVARIANT_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/agent-defense-eval/invariant-$req_sha-py$pyver}"
if [ ! -f "$venv/.complete" ]; then
  echo "invariant example: creating $venv (Python $pyver)" >&2
  mkdir -p "$(dirname "$venv")"
  rm -rf "$venv"
  "$python" -m venv "$venv"
  # Wheels only (nothing is built here), each checked against its pinned sha256, from pip's index
  # (PyPI unless configured otherwise); no VCS or URL requirements, so nothing comes from GitHub.
  "$venv/bin/python" -m pip install --disable-pip-version-check --no-input -q \
    --only-binary :all: --require-hashes -r "$here/requirements.txt" >&2
  touch "$venv/.complete"
fi
echo "$venv/bin/python"
