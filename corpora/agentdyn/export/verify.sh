#!/usr/bin/env bash
# Regenerate every AgentDyn corpus (corpora/agentdyn/) from the AgentDyn snapshot and the authors'
# run logs, and check it byte for byte against the committed files.
#
#   corpora/agentdyn/export/verify.sh [--write] [--jobs N] [--corpus DIR]
#
# Source: $AGENTDYN_SRC, either
#   - a folder with agentdyn-src-5353cf7.tar.xz, agentdyn-runs-5353cf7.tar.xz and SHA256SUMS
#     (both archives are checked against SHA256SUMS and against the sums pinned below), or
#   - a folder with src/agentdojo/ and runs/ (e.g. a clone of github.com/SaFo-Lab/AgentDyn at
#     5353cf7615b135cace8d07c8f12dac53a16b6db3).
# Default: the first shared/agentdyn with the two archives found upward from the repository
# (../shared/agentdyn beside the project), else above the local repository this one was cloned
# from (a fresh CI clone elsewhere). No source: a loud failure, unless AGENTDYN_OPTIONAL=1
# (then it says so and exits 0).
#
# 1. creates (or reuses) a virtualenv with export/requirements.txt, cached outside the repo in
#    ${XDG_CACHE_HOME:-$HOME/.cache}/agent-defense-eval/venv-agentdyn-<sha256 of requirements.txt>-py<X.Y>
#    (PYTHON=... picks the interpreter, ADE_AGENTDYN_VENV_DIR=... the folder). AgentDyn is not
#    installed into it: its src/ goes on PYTHONPATH (its package is also named agentdojo);
# 2. runs the Python unit tests;
# 3. regenerates every file into a temp dir (build.py: the runs archive is streamed, the ten
#    models are replayed in N processes, default: number of cores);
# 4. compares each with the committed corpora/agentdyn file, checks manifest.json, and checks that
#    summary.json and the generated tables of docs/agentdyn.md are what the committed files give.
# --write rewrites the committed files, manifest.json and those tables, then checks.
# --corpus DIR compares with DIR instead of corpora/agentdyn (to test that a corrupted copy fails).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../../.." && pwd)"
corpus="$repo/corpora/agentdyn"
write=0
jobs="$(nproc 2>/dev/null || echo 2)"

# the archives as published in shared/agentdyn (SOURCE.md)
src_archive="agentdyn-src-5353cf7.tar.xz"
runs_archive="agentdyn-runs-5353cf7.tar.xz"
src_sha="1ecaef11040f608ac82576608becdcec2b419714d9b4ca245a09e68f4b3ab693"
runs_sha="87b5e6e2c77eba33aa8a3d88cf3c762add9e2f533826f4525b5c2d57ce67df02"
commit="5353cf7615b135cace8d07c8f12dac53a16b6db3"

while [ $# -gt 0 ]; do
  case "$1" in
    --write) write=1 ;;
    --jobs) jobs="$2"; shift ;;
    --corpus) corpus="$(cd "$2" && pwd)"; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d'; exit 0 ;;
    *) echo "verify.sh: unknown argument $1" >&2; exit 2 ;;
  esac
  shift
done

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
t_start="$(now)"

# ---------------------------------------------------------------- 0. the AgentDyn source
no_source() {
  echo "==================================================================================" >&2
  echo "AgentDyn verify: NO SOURCE. $1" >&2
  echo "Set AGENTDYN_SRC to a folder with $src_archive, $runs_archive and SHA256SUMS," >&2
  echo "or to a folder with src/agentdojo/ and runs/ (AgentDyn at $commit)." >&2
  echo "==================================================================================" >&2
  if [ "${AGENTDYN_OPTIONAL:-0}" = 1 ]; then
    echo "AgentDyn verify: skipped (AGENTDYN_OPTIONAL=1): the AgentDyn corpora were NOT checked" >&2
    exit 0
  fi
  exit 1
}

src="${AGENTDYN_SRC:-}"
if [ -z "$src" ]; then
  d="$repo"
  while :; do
    if [ -f "$d/shared/agentdyn/$src_archive" ] && [ -f "$d/shared/agentdyn/$runs_archive" ]; then
      src="$d/shared/agentdyn"; break
    fi
    [ "$d" = / ] && break
    d="$(dirname "$d")"
  done
  # A clone (CI clones the repository afresh) looks beside the repository it was cloned from too.
  if [ -z "$src" ] && origin="$(git -C "$repo" remote get-url origin 2>/dev/null)" && [ -d "$origin" ]; then
    d="$(cd "$origin" && pwd)"
    while :; do
      if [ -f "$d/shared/agentdyn/$src_archive" ] && [ -f "$d/shared/agentdyn/$runs_archive" ]; then
        src="$d/shared/agentdyn"; break
      fi
      [ "$d" = / ] && break
      d="$(dirname "$d")"
    done
  fi
  [ -n "$src" ] || no_source "No shared/agentdyn with the two archives above $repo (or above the repository it was cloned from), and AGENTDYN_SRC is not set."
fi
[ -d "$src" ] || no_source "AGENTDYN_SRC=$src is not a folder."
src="$(cd "$src" && pwd)"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/ade-agentdyn.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

if [ -f "$src/$src_archive" ] && [ -f "$src/$runs_archive" ]; then
  [ -f "$src/SHA256SUMS" ] || no_source "$src has the archives but no SHA256SUMS."
  (cd "$src" && grep -E " \*?($src_archive|$runs_archive)\$" SHA256SUMS | sha256sum -c --quiet -) \
    || { echo "FAIL AgentDyn source: the archives in $src do not match its SHA256SUMS" >&2; exit 1; }
  for pair in "$src_archive $src_sha" "$runs_archive $runs_sha"; do
    set -- $pair
    got="$(sha256sum "$src/$1" | cut -d' ' -f1)"
    [ "$got" = "$2" ] || { echo "FAIL AgentDyn source: $1 has sha256 $got, verify.sh pins $2" >&2; exit 1; }
  done
  mkdir -p "$tmp/agentdyn"
  tar -xJf "$src/$src_archive" -C "$tmp/agentdyn"
  pysrc="$tmp/agentdyn/src"
  runs="$src/$runs_archive"
  echo "source: $src (archives match SHA256SUMS and the pinned sums)"
elif [ -d "$src/src/agentdojo" ] && [ -d "$src/runs" ]; then
  pysrc="$src/src"
  runs="$src/runs"
  if head="$(git -C "$src" rev-parse HEAD 2>/dev/null)" && [ "$head" != "$commit" ]; then
    echo "source: WARNING: $src is at commit $head, the corpora pin $commit" >&2
  fi
  echo "source: $src (src/ and runs/ folders)"
else
  no_source "$src has neither the two archives nor src/agentdojo/ and runs/."
fi

# ---------------------------------------------------------------- 1. virtualenv
python="${PYTHON:-python3}"
pyver="$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
req_sha="$(sha256sum "$here/requirements.txt" | cut -d' ' -f1)"
venv="${ADE_AGENTDYN_VENV_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/agent-defense-eval/venv-agentdyn-$req_sha-py$pyver}"
if [ ! -f "$venv/.complete" ]; then
  t0="$(now)"
  echo "venv: creating $venv (Python $pyver)"
  mkdir -p "$(dirname "$venv")"
  rm -rf "$venv"   # an interrupted earlier install leaves no .complete stamp
  "$python" -m venv "$venv"
  "$venv/bin/python" -m pip install --disable-pip-version-check --no-input -q -r "$here/requirements.txt"
  touch "$venv/.complete"
  echo "venv: ready in $(elapsed "$t0") s"
else
  echo "venv: reusing $venv"
fi
py="$venv/bin/python"
export PYTHONPATH="$pysrc"
export PYTHONHASHSEED=0
"$py" -c 'import yaml; assert yaml.__with_libyaml__' 2>/dev/null \
  || echo "venv: warning: PyYAML has no libyaml; regeneration will be several times slower"

# ---------------------------------------------------------------- 2. unit tests
t0="$(now)"
(cd "$here" && "$py" -m unittest test_agentdyn) || { echo "verify: FAILED (unit tests)"; exit 1; }
echo "unit tests: $(elapsed "$t0") s"

# ---------------------------------------------------------------- 3. regenerate
t0="$(now)"
(cd "$here" && "$py" build.py --runs "$runs" --jobs "$jobs" "$tmp/out") || { echo "verify: FAILED (exporter error)"; exit 1; }
echo "regenerated in $(elapsed "$t0") s wall ($jobs jobs)"

fail=0
if [ "$write" = 1 ]; then
  "$py" "$here/pack.py" write "$tmp/out" "$corpus"
  "$py" "$here/pack.py" write-manifest "$corpus"
  "$py" "$here/tables.py" --write "$corpus" "$repo/docs/agentdyn.md"
fi

# ---------------------------------------------------------------- 4. compare + manifest + summary
"$py" "$here/pack.py" compare "$tmp/out" "$corpus" || fail=1
"$py" "$here/pack.py" check-manifest "$corpus" || fail=1
"$py" "$here/summary.py" "$corpus" || fail=1
"$py" "$here/tables.py" "$corpus" "$repo/docs/agentdyn.md" || fail=1

echo "verify: total $(elapsed "$t_start") s"
if [ "$fail" != 0 ]; then echo "verify: FAILED"; exit 1; fi
echo "verify: OK"
