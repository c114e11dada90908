#!/usr/bin/env bash
# Regenerate every AgentDojo-derived corpus and check it byte for byte against the committed one.
#
#   corpora/agentdojo/export/verify.sh [--write] [--scores DIR] [--jobs N] [--corpora DIR]
#
# 1. creates (or reuses) a virtualenv with the pinned exporter requirements, cached outside the
#    repo in ${XDG_CACHE_HOME:-$HOME/.cache}/agent-defense-eval/venv-<sha256 of requirements.txt>-py<X.Y>
#    (override the interpreter with PYTHON=..., the cache with ADE_VENV_DIR=...);
# 2. runs the Python unit tests of the helpers and transforms;
# 3. regenerates the ground-truth, paired, attack-coverage and transformed corpora into a temp dir
#    (N jobs in parallel, default: number of cores) and compares each with the committed
#    corpora/*.json.gz, naming the first differing scenario and byte offset on a difference;
# 4. checks corpora/manifest.json against the committed files;
# 5. checks the key sets of the classifier score tables (SCORES_DIR, default: the repo's scores/
#    if present, else ../shared/reference/scores beside the repo; skipped when neither exists).
#
# --write regenerates and (re)writes the committed .gz files and manifest.json, then verifies.
# --corpora DIR compares with the corpora in DIR instead of the repo's corpora/ (for testing
# that a corrupted copy fails).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../../.." && pwd)"
corpora="$repo/corpora"
write=0
scores=""
jobs="$(nproc 2>/dev/null || echo 2)"

while [ $# -gt 0 ]; do
  case "$1" in
    --write) write=1 ;;
    --scores) scores="$2"; shift ;;
    --jobs) jobs="$2"; shift ;;
    --corpora) corpora="$(cd "$2" && pwd)"; shift ;;
    -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
    *) echo "verify.sh: unknown argument $1" >&2; exit 2 ;;
  esac
  shift
done

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
t_start="$(now)"

# ---------------------------------------------------------------- 1. virtualenv
python="${PYTHON:-python3}"
pyver="$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
req_sha="$(sha256sum "$here/requirements.txt" | cut -d' ' -f1)"
venv="${ADE_VENV_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/agent-defense-eval/venv-$req_sha-py$pyver}"
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
"$py" -c 'import agentdojo, yaml; assert yaml.__with_libyaml__, "PyYAML without libyaml (slow path)"' 2>/dev/null \
  || echo "venv: warning: PyYAML has no libyaml; regeneration will be several times slower"

# ---------------------------------------------------------------- 2. unit tests
t0="$(now)"
(cd "$here" && "$py" -m unittest test_export test_transforms test_pack)
echo "unit tests: $(elapsed "$t0") s"

# ---------------------------------------------------------------- 3. regenerate
out="$(mktemp -d "${TMPDIR:-/tmp}/ade-corpora.XXXXXX")"
trap 'rm -rf "$out"' EXIT
mkdir -p "$out/transformed" "$out/logs"

names=(ground-truth pairs attacks framing field_split leet)
declare -A file cmd
file[ground-truth]="agentdojo-v1.2.json";  cmd[ground-truth]="export.py"
file[pairs]="agentdojo-v1.2-pairs.json";    cmd[pairs]="pairs.py"
file[attacks]="agentdojo-v1.2-attacks.json"; cmd[attacks]="pairs.py --attacks"
for t in framing field_split leet; do
  file[$t]="transformed/agentdojo-v1.2-attacks-$t.json"; cmd[$t]="pairs.py --attacks --transform $t"
done

run_one() { # name
  local name="$1" t0 rc=0
  t0="$(now)"
  # shellcheck disable=SC2086 # cmd holds the script and its flags
  (cd "$here" && PYTHONHASHSEED=0 "$py" ${cmd[$name]} "$out/${file[$name]}") >"$out/logs/$name.log" 2>&1 || rc=$?
  echo "$rc $(elapsed "$t0")" >"$out/logs/$name.status"
}

t0="$(now)"
# longest first so the two cores stay busy
order=(attacks framing field_split leet pairs ground-truth)
running=0
for name in "${order[@]}"; do
  if [ "$running" -ge "$jobs" ]; then wait -n || true; running=$((running - 1)); fi
  run_one "$name" &
  running=$((running + 1))
done
wait
echo "regenerated ${#names[@]} corpora in $(elapsed "$t0") s wall ($jobs jobs)"

fail=0
for name in "${names[@]}"; do
  read -r rc secs <"$out/logs/$name.status"
  if [ "$rc" != 0 ]; then
    echo "FAIL $name: exporter exited $rc after $secs s:"
    tail -n 20 "$out/logs/$name.log" | sed 's/^/     /'
    fail=1
    continue
  fi
  printf 'corpus %-13s %7.1f s  %10d bytes\n' "$name" "$secs" "$(stat -c %s "$out/${file[$name]}")"
done
[ "$fail" = 0 ] || { echo "verify: FAILED (exporter error)"; exit 1; }

# ---------------------------------------------------------------- write mode
if [ "$write" = 1 ]; then
  for name in "${names[@]}"; do
    "$py" "$here/pack.py" gz "$out/${file[$name]}" "$corpora/${file[$name]}.gz"
  done
  "$py" "$here/pack.py" write-manifest "$corpora"
fi

# ---------------------------------------------------------------- 4. compare + manifest
for name in "${names[@]}"; do
  "$py" "$here/pack.py" compare "$out/${file[$name]}" "$corpora/${file[$name]}.gz" || fail=1
done
"$py" "$here/pack.py" check-manifest "$corpora" || fail=1

# ---------------------------------------------------------------- 5. score-table key sets
if [ -z "$scores" ]; then
  if [ -d "$repo/scores" ]; then scores="$repo/scores"
  elif [ -d "$repo/../shared/reference/scores" ]; then scores="$(cd "$repo/../shared/reference/scores" && pwd)"
  fi
fi
if [ -n "$scores" ]; then
  "$py" "$here/check_keys.py" "$scores" "$out" || fail=1
else
  echo "key sets: skipped (no scores/ in the repo and no ../shared/reference/scores)"
fi

echo "verify: total $(elapsed "$t_start") s"
if [ "$fail" != 0 ]; then echo "verify: FAILED"; exit 1; fi
echo "verify: OK"
