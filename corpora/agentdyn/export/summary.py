"""Figures of docs/agentdyn.md, computed only from the committed files (so any test can redo it).

Usage: python summary.py CORPUS_DIR        print whether CORPUS_DIR/summary.json is what the
                                           committed trajectories, context and ground truth give

``summarize(trajectories, context, ground_truth)`` takes the parsed documents.
"""

from __future__ import annotations

import gzip
import json
import os
import sys

import common


def rate(num: int, den: int) -> float | None:
    return round(num / den, 4) if den else None


def _kind_of(run_id: str) -> str:
    parts = run_id.split("/")
    return "benign" if parts[2] == "none" else "attacked"


def _block() -> dict:
    return {"attacked": {}, "benign": {"runs": 0, "utility_true": 0}}


def _add(block: dict, run: dict) -> None:
    final = run["outcomes"][-1]
    if run["kind"] == "benign":
        block["benign"]["runs"] += 1
        block["benign"]["utility_true"] += final["utility"]
    else:
        a = block["attacked"].setdefault(run["attack"], {"runs": 0, "security_true": 0, "utility_true": 0})
        a["runs"] += 1
        a["security_true"] += final["security"]
        a["utility_true"] += final["utility"]


def _rates(block: dict) -> dict:
    b = block["benign"]
    b["utility"] = rate(b["utility_true"], b["runs"])
    for a in block["attacked"].values():
        a["asr"] = rate(a["security_true"], a["runs"])
        a["utility"] = rate(a["utility_true"], a["runs"])
    return block


def summarize_model(doc: dict) -> dict:
    runs = doc["runs"]
    excluded = doc["excluded"]
    skipped = doc["skipped"]
    logs = {"attacked": 0, "benign": 0, "injection_task_only": sum(len(v) for v in skipped.values())}
    for r in runs:
        logs[r["kind"]] += 1
    for ids in excluded.values():
        for i in ids:
            logs[_kind_of(i)] += 1
    logs["total"] = logs["attacked"] + logs["benign"] + logs["injection_task_only"]
    exported = _block()
    per_suite: dict[str, dict] = {}
    k0 = {"security_true": 0, "utility_true": 0}
    calls = 0
    for r in runs:
        _add(exported, r)
        _add(per_suite.setdefault(r["suite"], _block()), r)
        k0["utility_true"] += r["outcomes"][0]["utility"]
        k0["security_true"] += bool(r["outcomes"][0]["security"])
        calls += len(r["calls"])
    excl_suite: dict[str, dict[str, int]] = {}
    for cause, ids in excluded.items():
        for i in ids:
            s = excl_suite.setdefault(i.split("/")[0], {})
            s[cause] = s.get(cause, 0) + 1
    suites = {}
    for s in common.DYN_SUITES:
        blk = _rates(per_suite.get(s, _block()))
        blk["excluded"] = dict(sorted(excl_suite.get(s, {}).items()))
        suites[s] = blk
    return {
        "calls": calls,
        "excluded": {c: len(ids) for c, ids in sorted(excluded.items())},
        "excluded_total": sum(len(ids) for ids in excluded.values()),
        "exported": _rates(exported),
        "exported_total": len(runs),
        "halt_before_first_call": k0,
        "logs": logs,
        "suites": suites,
    }


def summarize(trajectories: dict[str, dict], context: dict, ground_truth: dict) -> dict:
    models = {m: summarize_model(trajectories[m]) for m in sorted(trajectories)}
    totals = {"calls": 0, "excluded": {}, "exported": 0, "logs": 0}
    for s in models.values():
        totals["calls"] += s["calls"]
        totals["exported"] += s["exported_total"]
        totals["logs"] += s["logs"]["total"]
        for c, n in s["excluded"].items():
            totals["excluded"][c] = totals["excluded"].get(c, 0) + n
    totals["excluded"] = dict(sorted(totals["excluded"].items()))
    gt = {
        "failing": [f["id"] for f in ground_truth["failing"]],
        "passing": [s["id"] for s in ground_truth["scenarios"]],
    }
    gt["n_failing"], gt["n_passing"] = len(gt["failing"]), len(gt["passing"])
    return {
        "agentdyn_commit": common.AGENTDYN_COMMIT,
        "benchmark_version": common.BENCHMARK_VERSION,
        "context": [
            {
                "asr": {a: v["asr"] for a, v in sorted(row["attacked"].items())},
                "benign_utility": row["benign"]["utility"],
                "defense": row["defense"],
                "model": row["model"],
                "utility_under_attack": {a: v["utility"] for a, v in sorted(row["attacked"].items())},
            }
            for row in context["rows"]
        ],
        "ground_truth": gt,
        "measurement": "exported: replayed runs, the suite checkers' labels at k = n (equal to the logged labels); context: the authors' logged labels of every run",
        "models": models,
        "source": common.SOURCE,
        "totals": totals,
    }


def load_committed(corpus_dir: str) -> tuple[dict, dict, dict]:
    with open(os.path.join(corpus_dir, "manifest.json"), encoding="utf-8") as f:
        files = json.load(f)["files"]
    traj = {}
    for rel in files:
        if rel.startswith("trajectories/"):
            with gzip.open(os.path.join(corpus_dir, rel), "rt", encoding="utf-8") as f:
                doc = json.load(f)
            traj[doc["model"]] = doc
    with open(os.path.join(corpus_dir, "context.json"), encoding="utf-8") as f:
        context = json.load(f)
    with gzip.open(os.path.join(corpus_dir, "ground-truth.json.gz"), "rt", encoding="utf-8") as f:
        gt = json.load(f)
    return traj, context, gt


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    corpus = argv[0]
    expected = common.dumps_pretty(summarize(*load_committed(corpus))) + "\n"
    with open(os.path.join(corpus, "summary.json"), encoding="utf-8") as f:
        committed = f.read()
    if committed != expected:
        print(f"FAIL {corpus}/summary.json: not what the committed trajectories, context and ground truth give")
        return 1
    print(f"ok   {corpus}/summary.json: recomputed from the committed corpora")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
