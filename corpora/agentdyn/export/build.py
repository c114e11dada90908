"""Regenerate every AgentDyn corpus file (docs/agentdyn.md) into OUTDIR, uncompressed.

Usage: python build.py --runs RUNS OUTDIR [--jobs N] [--models M1,M2,...]

RUNS is the authors' runs archive (agentdyn-runs-*.tar.xz, streamed) or a runs/ directory. The
AgentDyn source must be importable as ``agentdojo`` (verify.sh puts its src/ on PYTHONPATH).
Writes OUTDIR/{suites.json, outputs.json, ground-truth.json, context.json, summary.json,
trajectories/<model>.json}; pack.py gzips the .json.gz ones.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time

import common

_RAW: dict[str, list[tuple[str, bytes]]] = {}  # model -> [(path below runs/, bytes)], shared by fork


def _natural(run_id: str):
    suite, ut, attack, it = run_id.split("/")
    num = lambda s: int(s.rsplit("_", 1)[1]) if s != "none" else -1  # noqa: E731
    return (common.DYN_SUITES.index(suite), num(ut), attack, num(it))


def export_model(model: str) -> tuple[str, dict, dict[str, str], float]:
    import replay

    t0 = time.time()
    cache = replay.EnvCache()
    outputs: dict[str, str] = {}
    stats: dict[str, int] = {}
    runs, excluded, skipped = [], {}, {}
    for rel, data in sorted(_RAW[model]):
        doc = json.loads(data)
        if doc["suite_name"] not in common.DYN_SUITES:
            continue
        rid = replay.run_id(doc)
        if doc["user_task_id"].startswith("injection_task"):
            skipped.setdefault("injection_task_only", []).append(rid)
            continue
        local: dict[str, str] = {}
        try:
            runs.append(replay.replay(doc, cache, local, stats))
        except replay.Excluded as e:
            excluded.setdefault(e.cause, []).append(rid)
            continue
        outputs.update(local)
    runs.sort(key=lambda r: _natural(r["id"]))
    out = {
        "agentdyn_commit": common.AGENTDYN_COMMIT,
        "benchmark_version": common.BENCHMARK_VERSION,
        "diagnostics": dict(sorted(stats.items())),
        "excluded": {c: sorted(ids, key=_natural) for c, ids in sorted(excluded.items())},
        "halt_message": common.HALT_MESSAGE,
        "model": model,
        "runs": runs,
        "skipped": {c: sorted(ids, key=_natural) for c, ids in sorted(skipped.items())},
        "source": common.SOURCE,
    }
    return model, out, outputs, time.time() - t0


def export_ground_truth() -> tuple[str, dict, dict, float]:
    import ground_truth

    t0 = time.time()
    return "ground-truth", ground_truth.build(), {}, time.time() - t0


def _task(name: str):
    return export_ground_truth() if name == "ground-truth" else export_model(name)


def tool_schema(tool) -> dict:
    """A tool as AgentDojo describes it to a model (openai_llm._function_to_openai)."""
    return {"description": tool.description, "name": tool.name, "parameters": tool.parameters.model_json_schema()}


def suites_document() -> dict:
    import egress

    suites = {}
    for name in common.DYN_SUITES:
        suite = common.get_suites()[name]
        order = lambda kv: int(kv[0].rsplit("_", 1)[1])  # noqa: E731
        tools = [tool_schema(t) for t in suite.tools]
        suites[name] = {
            "egress": [row for row in egress.policy_table() if row["tool"] in {t.name for t in suite.tools}],
            "injection_tasks": {k: t.GOAL for k, t in sorted(suite.injection_tasks.items(), key=order)},
            "tools": tools,
            "user_tasks": {k: t.PROMPT for k, t in sorted(suite.user_tasks.items(), key=order)},
        }
    return {
        "agentdojo": common.AGENTDOJO_VERSION,
        "agentdyn_commit": common.AGENTDYN_COMMIT,
        "agentdyn_repository": common.AGENTDYN_REPOSITORY,
        "benchmark_version": common.BENCHMARK_VERSION,
        "egress_tools": egress.egress_tools(),
        "halt_message": common.HALT_MESSAGE,
        "source": common.SOURCE,
        "suites": suites,
    }


def write(path: str, text: str) -> None:
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(text)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", required=True)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--models", default=",".join(common.MODELS))
    ap.add_argument("out")
    args = ap.parse_args(argv)
    common.setup()
    import controls
    from context import Context
    from summary import summarize

    controls.install()
    models = [m for m in args.models.split(",") if m]
    t0 = time.time()
    ctx = Context()
    n_files = 0
    for rel, data in __import__("runs_source").iter_runs(args.runs):
        pipeline = rel.split("/", 1)[0]
        doc = json.loads(data)
        ctx.add(pipeline, doc)
        n_files += 1
        if pipeline in models:
            _RAW.setdefault(pipeline, []).append((rel, data))
    print(f"read {n_files} run logs in {time.time() - t0:.1f} s", flush=True)
    missing = [m for m in models if m not in _RAW]
    if missing:
        print(f"no run logs for {', '.join(missing)}", file=sys.stderr)
        return 1

    # longest first so the workers stay busy
    tasks = sorted(models, key=lambda m: -sum(len(d) for _, d in _RAW[m])) + ["ground-truth"]
    trajectories, outputs = {}, {}
    ground = None
    with multiprocessing.get_context("fork").Pool(max(1, args.jobs)) as pool:
        for name, doc, outs, secs in pool.imap_unordered(_task, tasks):
            print(f"exported {name} in {secs:.1f} s", flush=True)
            if name == "ground-truth":
                ground = doc
                continue
            trajectories[name] = doc
            for d, text in outs.items():
                if outputs.setdefault(d, text) != text:
                    raise RuntimeError(f"16-hex digest collision: {d}")
    _RAW.clear()

    out = args.out
    write(os.path.join(out, "suites.json"), common.dumps_compact(suites_document()))
    write(
        os.path.join(out, "outputs.json"),
        common.dumps_compact(
            {
                "agentdyn_commit": common.AGENTDYN_COMMIT,
                "benchmark_version": common.BENCHMARK_VERSION,
                "outputs": outputs,
                "source": common.SOURCE,
            }
        ),
    )
    for m, doc in trajectories.items():
        write(os.path.join(out, "trajectories", f"{m}.json"), common.dumps_compact(doc))
    write(os.path.join(out, "ground-truth.json"), common.dumps_pretty(ground))
    context_doc = ctx.document()
    write(os.path.join(out, "context.json"), common.dumps_pretty(context_doc) + "\n")
    # the summary is computed from the documents exactly as they are committed
    parsed = {m: json.loads(common.dumps_compact(d)) for m, d in trajectories.items()}
    summary = summarize(parsed, json.loads(common.dumps_pretty(context_doc)), json.loads(common.dumps_pretty(ground)))
    write(os.path.join(out, "summary.json"), common.dumps_pretty(summary) + "\n")
    print(f"wrote {len(trajectories)} trajectory corpora, {len(outputs)} outputs in {time.time() - t0:.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
