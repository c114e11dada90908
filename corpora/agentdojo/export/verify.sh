#!/usr/bin/env bash
# Regenerate every AgentDojo-derived corpus and data file and check it byte for byte against the
# committed one.
#
#   corpora/agentdojo/export/verify.sh [--write] [--scores DIR] [--jobs N] [--corpora DIR]
#
# 1. creates (or reuses) a virtualenv with the pinned exporter requirements, cached outside the
#    repo in ${XDG_CACHE_HOME:-$HOME/.cache}/agent-defense-eval/venv-<sha256 of requirements.txt>-py<X.Y>
#    (override the interpreter with PYTHON=..., the cache with ADE_VENV_DIR=...);
# 2. runs the Python unit tests of the helpers, transforms, packing and slot rendering rules;
# 3. regenerates, N jobs in parallel (default: number of cores), the ground-truth, paired,
#    attack-coverage and transformed corpora with their returned-outputs sidecars, the suites file,
#    the slots file and the seeds file into a temp dir, and meanwhile runs the data tests
#    (test_data, test_fuzz, test_seeds) on the committed files; compares each regenerated file
#    with the committed corpora/*.json.gz, naming the first differing scenario (or entry) and
#    byte offset on a difference;
# 4. checks corpora/manifest.json against the committed files;
# 5. checks the key sets of the classifier score tables (SCORES_DIR, default: the repo's scores/
#    if present, else ../shared/reference/scores beside the repo; skipped when neither exists).
#
# --write regenerates and (re)writes the committed .gz files and manifest.json, then runs the data
# tests on them and verifies.
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
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d'; exit 0 ;;
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
(cd "$here" && "$py" -m unittest test_export test_transforms test_pack test_slot_render)
echo "unit tests: $(elapsed "$t0") s"

# ---------------------------------------------------------------- 3. regenerate
out="$(mktemp -d "${TMPDIR:-/tmp}/ade-corpora.XXXXXX")"
trap 'rm -rf "$out"' EXIT
mkdir -p "$out/transformed" "$out/logs"

names=(ground-truth pairs attacks framing field_split leet slots seeds)
declare -A files
files[ground-truth]="agentdojo-v1.2.json agentdojo-v1.2.returned.json agentdojo-v1.2-suites.json"
files[pairs]="agentdojo-v1.2-pairs.json agentdojo-v1.2-pairs.returned.json"
files[attacks]="agentdojo-v1.2-attacks.json agentdojo-v1.2-attacks.returned.json"
for t in framing field_split leet; do
  files[$t]="transformed/agentdojo-v1.2-attacks-$t.json transformed/agentdojo-v1.2-attacks-$t.returned.json"
done
files[slots]="agentdojo-v1.2-slots.json"
files[seeds]="agentdojo-v1.2-seeds.json"

# AgentDojo's later benchmark versions change only task checkers: exported under them, the
# ground-truth and paired corpora must equal the committed v1.2 ones but for the version label.
versions=(v1.2.1 v1.2.2)
relabelled=()
declare -A relabel_keys
relabel_keys[agentdojo-v1.2.json]=source
relabel_keys[agentdojo-v1.2-suites.json]=source,benchmark
relabel_keys[agentdojo-v1.2.returned.json]=corpus_sha256
relabel_keys[agentdojo-v1.2-pairs.json]=source
relabel_keys[agentdojo-v1.2-pairs.returned.json]=corpus_sha256
for v in "${versions[@]}"; do
  mkdir -p "$out/$v"
  relabelled+=("ground-truth@$v" "pairs@$v")
  files[ground-truth@$v]="$v/agentdojo-v1.2.json $v/agentdojo-v1.2.returned.json $v/agentdojo-v1.2-suites.json"
  files[pairs@$v]="$v/agentdojo-v1.2-pairs.json $v/agentdojo-v1.2-pairs.returned.json"
done

job_args() { # name -> the python arguments of that job
  local o="$out"
  case "$1" in
    ground-truth) echo "export.py --returned $o/agentdojo-v1.2.returned.json --suites $o/agentdojo-v1.2-suites.json $o/agentdojo-v1.2.json" ;;
    pairs) echo "pairs.py --returned $o/agentdojo-v1.2-pairs.returned.json $o/agentdojo-v1.2-pairs.json" ;;
    attacks) echo "pairs.py --attacks --returned $o/agentdojo-v1.2-attacks.returned.json $o/agentdojo-v1.2-attacks.json" ;;
    framing|field_split|leet)
      echo "pairs.py --attacks --transform $1 --returned $o/transformed/agentdojo-v1.2-attacks-$1.returned.json $o/transformed/agentdojo-v1.2-attacks-$1.json" ;;
    slots) echo "slots.py $o/agentdojo-v1.2-slots.json" ;;
    seeds) echo "seeds.py $o/agentdojo-v1.2-seeds.json" ;;
    data-tests) echo "-m unittest test_data test_fuzz test_seeds" ;;
    ground-truth@*) local v="${1#*@}"
      echo "export.py --benchmark $v --returned $o/$v/agentdojo-v1.2.returned.json --suites $o/$v/agentdojo-v1.2-suites.json $o/$v/agentdojo-v1.2.json" ;;
    pairs@*) local v="${1#*@}"
      echo "pairs.py --benchmark $v --returned $o/$v/agentdojo-v1.2-pairs.returned.json $o/$v/agentdojo-v1.2-pairs.json" ;;
  esac
}

run_one() { # name
  local name="$1" t0 rc=0
  t0="$(now)"
  # shellcheck disable=SC2046 # job_args holds the script and its flags (temp paths have no spaces)
  (cd "$here" && PYTHONHASHSEED=0 ADE_CORPORA="$corpora" "$py" $(job_args "$name")) >"$out/logs/$name.log" 2>&1 || rc=$?
  echo "$rc $(elapsed "$t0")" >"$out/logs/$name.status"
}

report_tests() { # status of the data-tests job; 1 on failure
  local rc secs
  read -r rc secs <"$out/logs/data-tests.status"
  if [ "$rc" != 0 ]; then
    echo "FAIL data tests after $secs s:"
    tail -n 30 "$out/logs/data-tests.log" | sed 's/^/     /'
    return 1
  fi
  echo "data tests: $(grep -E '^Ran [0-9]+ tests' "$out/logs/data-tests.log" | head -1) ($secs s)"
}

t0="$(now)"
# longest first so the cores stay busy; the data tests read the committed files, so they run
# meanwhile, except in --write mode (after the write)
order=(attacks framing field_split leet slots data-tests pairs pairs@v1.2.1 pairs@v1.2.2 seeds ground-truth ground-truth@v1.2.1 ground-truth@v1.2.2)
[ "$write" = 1 ] && order=(attacks framing field_split leet slots pairs pairs@v1.2.1 pairs@v1.2.2 seeds ground-truth ground-truth@v1.2.1 ground-truth@v1.2.2)
running=0
for name in "${order[@]}"; do
  if [ "$running" -ge "$jobs" ]; then wait -n || true; running=$((running - 1)); fi
  run_one "$name" &
  running=$((running + 1))
done
wait
echo "regenerated ${#names[@]} jobs' files and ${#relabelled[@]} other versions' in $(elapsed "$t0") s wall ($jobs jobs)"

fail=0
for name in "${names[@]}" "${relabelled[@]}"; do
  read -r rc secs <"$out/logs/$name.status"
  if [ "$rc" != 0 ]; then
    echo "FAIL $name: exporter exited $rc after $secs s:"
    tail -n 20 "$out/logs/$name.log" | sed 's/^/     /'
    fail=1
    continue
  fi
  for f in ${files[$name]}; do
    printf 'file %-13s %7.1f s  %10d bytes  %s\n' "$name" "$secs" "$(stat -c %s "$out/$f")" "$f"
  done
done
[ "$fail" = 0 ] || { echo "verify: FAILED (exporter error)"; exit 1; }
if [ "$write" = 0 ]; then report_tests || fail=1; fi

# ---------------------------------------------------------------- write mode
if [ "$write" = 1 ]; then
  for name in "${names[@]}"; do
    for f in ${files[$name]}; do
      "$py" "$here/pack.py" gz "$out/$f" "$corpora/$f.gz"
    done
  done
  "$py" "$here/pack.py" write-manifest "$corpora"
  run_one data-tests
  report_tests || fail=1
fi

# ---------------------------------------------------------------- 4. compare + manifest
for name in "${names[@]}"; do
  for f in ${files[$name]}; do
    "$py" "$here/pack.py" compare "$out/$f" "$corpora/$f.gz" || fail=1
  done
done
"$py" "$here/pack.py" check-manifest "$corpora" || fail=1
for name in "${relabelled[@]}"; do
  for f in ${files[$name]}; do
    "$py" "$here/pack.py" compare-relabelled "${relabel_keys[${f#*/}]}" "the ${name#*@} export" "$out/$f" "$corpora/${f#*/}.gz" || fail=1
  done
done

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
