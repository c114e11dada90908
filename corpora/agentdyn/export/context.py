"""Context rows: the authors' own end-to-end results, from their logged labels (context.json).

One row per logged pipeline (model x defense, "none" for the undefended ones): attacked runs per
attack with how many have security true (the injection goal was met) and utility true, benign
runs with utility true, and the injection-task-only runs. Only the three AgentDyn suites are
counted; a few logs of other suites (travel) are counted apart. Nothing is replayed here: these are
the labels AgentDyn's benchmark wrote when the authors ran each pipeline live.
"""

from __future__ import annotations

import common
from summary import rate

MEASUREMENT = (
    "live end to end, measured by AgentDyn's authors: the utility/security labels their benchmark wrote "
    "into each run log when they ran the pipeline (with its defense) against live models. A different "
    "measurement from the trajectory corpora, which replay the undefended runs and score every halt point."
)


class Context:
    def __init__(self):
        self.rows: dict[str, dict] = {}

    def add(self, pipeline: str, doc: dict) -> None:
        model, defense = common.split_pipeline(pipeline)
        row = self.rows.get(pipeline)
        if row is None:
            row = self.rows[pipeline] = {
                "attacked": {},
                "benign": {"runs": 0, "utility_true": 0},
                "defense": defense,
                "errors": 0,
                "injection_task_only": {"runs": 0, "utility_true": 0},
                "model": model,
                "other_suites": {},
                "pipeline": pipeline,
                "unlabelled": 0,
            }
        suite = doc["suite_name"]
        if suite not in common.DYN_SUITES:
            row["other_suites"][suite] = row["other_suites"].get(suite, 0) + 1
            return
        if "utility" not in doc or "security" not in doc:
            row["unlabelled"] += 1  # the logger saved the run before the benchmark labelled it
            return
        row["errors"] += bool(doc.get("error"))
        if doc["user_task_id"].startswith("injection_task"):
            row["injection_task_only"]["runs"] += 1
            row["injection_task_only"]["utility_true"] += bool(doc["utility"])
        elif doc["injection_task_id"] is None:
            row["benign"]["runs"] += 1
            row["benign"]["utility_true"] += bool(doc["utility"])
        else:
            a = row["attacked"].setdefault(doc["attack_type"], {"runs": 0, "security_true": 0, "utility_true": 0})
            a["runs"] += 1
            a["security_true"] += bool(doc["security"])
            a["utility_true"] += bool(doc["utility"])

    def document(self) -> dict:
        rows = []
        for pipeline in sorted(self.rows, key=lambda p: (common.split_pipeline(p)[0], common.split_pipeline(p)[1] != "none", p)):
            row = self.rows[pipeline]
            row["benign"]["utility"] = rate(row["benign"]["utility_true"], row["benign"]["runs"])
            row["injection_task_only"]["utility"] = rate(row["injection_task_only"]["utility_true"], row["injection_task_only"]["runs"])
            for a in row["attacked"].values():
                a["asr"] = rate(a["security_true"], a["runs"])
                a["utility"] = rate(a["utility_true"], a["runs"])
            rows.append(row)
        return {
            "agentdyn_commit": common.AGENTDYN_COMMIT,
            "benchmark_version": common.BENCHMARK_VERSION,
            "fields": {
                "asr": "attacked runs with security true / attacked runs (security true: the injection task's goal was met)",
                "errors": "runs that ended with an API error (the benchmark then sets utility false, security true)",
                "unlabelled": "logs without utility/security (saved before the run was labelled); not counted anywhere else",
                "utility": "runs with utility true / runs",
            },
            "measurement": MEASUREMENT,
            "rows": rows,
            "source": common.SOURCE,
        }
