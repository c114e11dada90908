"""Seeded end-to-end fuzz of the slots against AgentDojo's real render path (docs/injection-slots.md).

Each case takes a pair of the committed slots file, draws a random payload per injected vector
(slot_cases.random_payload; classes safe, nonascii, control, backslash, dquote), and runs the pair
the way the exporter does, with AgentDojo's own environment loading (``yaml.safe_load``, the
pure-Python PyYAML loader: no libyaml shim here): the user task's ground truth, then the injection
task's, each output through ``tool_result_to_str``. It compares every step's output and every
payload-dependent argument with what the slots render with the pure-Python rules; a step whose
template is literal text must also give the committed paired corpus's output when the payload
selects the same search variant as the corpus's own payload.

Outcomes per case: ``agree``; ``both_fail`` (the rules raise SlotError and AgentDojo raises too);
``restricted`` (the rules raise for a documented restriction, an unescaped double quote, while
AgentDojo parses something else); anything else fails the test. Payloads that contain a pair's
search query select the pair's matching search variant like any other.
ADE_E2E_N sets the number of cases (default 150), ADE_E2E_SEED the seed.
"""

from __future__ import annotations

import collections
import copy
import os
import random
import sys
import unittest

import slot_cases
import slot_render as sr
from test_data import digest, load, returned_name, values

N = int(os.environ.get("ADE_E2E_N", "150"))
SEED = int(os.environ.get("ADE_E2E_SEED", "7"))
CLASS_WEIGHTS = [("safe", 6), ("nonascii", 2), ("control", 1), ("backslash", 1), ("dquote", 1)]

try:
    import agentdojo  # noqa: F401
except ImportError:  # pragma: no cover
    agentdojo = None


def real_run(suite, runtime, ut, it, assignment):
    """(outputs, calls) of the pair's two runs on the environment injected with ``assignment``."""
    from agentdojo.agent_pipeline.tool_execution import tool_result_to_str

    env = suite.load_and_inject_default_environment(assignment)
    outs, calls = [], []
    for task in (ut, it):
        gt = task.ground_truth(copy.deepcopy(env))
        for call in gt:
            result, error = runtime.run_function(env, call.function, call.args)
            outs.append(error if error is not None else tool_result_to_str(result))
            calls.append(call)
    return outs, calls


@unittest.skipIf(agentdojo is None, "agentdojo is not installed")
class EndToEndFuzzTest(unittest.TestCase):
    def test_random_payloads_render_like_agentdojo(self):
        if os.environ.get("PYTHONHASHSEED") != "0":
            self.fail("run with PYTHONHASHSEED=0 (calendar participants come out of Python sets)")
        import export
        from agentdojo.functions_runtime import FunctionsRuntime

        export.pin_clock()
        export.memo_email()
        _, slots = load("agentdojo-v1.2-slots.json")
        _, pairs_side = load(returned_name("agentdojo-v1.2-pairs.json"))
        suites = export.get_suites()
        runtimes = {name: FunctionsRuntime(s.tools) for name, s in suites.items()}

        # every template and every argument template is exercised: cases cycle over them
        by_template = collections.defaultdict(list)
        for pid, entry in slots["pairs"].items():
            for variant in entry["variants"].values():
                for tid in variant["returned"]:
                    if any(isinstance(p, dict) for p in slots["templates"][tid]):
                        by_template[tid].append(pid)
                if "args" in variant:
                    by_template["args"].append(pid)
            if "search" in entry:
                by_template["search"].append(pid)
        keys = sorted(by_template)
        pair_payloads = slots["corpus_payloads"]["agentdojo-v1.2-pairs.json"]["important_instructions_no_names"]

        def env_values_of(pid, assignment):
            sdoc = slots["suites"][pid.split("-")[0]]
            eids = {sdoc["vector_env"][v] for v in slots["pairs"][pid]["vectors"]}
            return {eid: sr.render_env(slots["env"][eid], assignment, sdoc["defaults"]) for eid in eids}

        def key_of(pid, env_values):
            entries = slots["pairs"][pid].get("search", [])
            return "".join("1" if e["query"].lower() in env_values[e["env"]].lower() else "0" for e in entries)

        def committed_key(pid):
            """The search key of the paired corpus's own payload for this pair."""
            suite, _, iid = pid.split("-")
            payload = slots["payloads"][pair_payloads[f"{suite}-{iid}"]]
            return key_of(pid, env_values_of(pid, {v: payload for v in slots["pairs"][pid]["vectors"]}))

        rng = random.Random(SEED)
        classes = [c for c, w in CLASS_WEIGHTS for _ in range(w)]
        outcomes = collections.Counter()
        styles = collections.Counter()
        problems = []
        for n in range(N):
            pid = rng.choice(by_template[keys[n % len(keys)]])
            entry = slots["pairs"][pid]
            suite_name, uid, iid = pid.split("-")
            cls = rng.choice(classes)
            assignment = {v: slot_cases.random_payload(rng, cls) for v in entry["vectors"]}
            if entry.get("search") and rng.random() < 0.5:  # make the payload select a search variant
                e = rng.choice(entry["search"])
                v = rng.choice([v for v in entry["vectors"] if slots["suites"][suite_name]["vector_env"][v] == e["env"]])
                q = rng.choice([e["query"], e["query"].upper(), e["query"].lower()])
                k = rng.randint(0, len(assignment[v]))
                assignment[v] = assignment[v][:k] + q + assignment[v][k:]
            try:
                env_values = env_values_of(pid, assignment)
                rule_error = None
            except sr.SlotError as e:
                rule_error = e
            suite = suites[suite_name]
            try:
                outs, calls = real_run(suite, runtimes[suite_name], suite.user_tasks[uid], suite.injection_tasks[iid], assignment)
                real_error = None
            except Exception as e:  # noqa: BLE001 - any failure of AgentDojo's own path
                real_error = e
            if rule_error is not None:
                if real_error is not None:
                    outcomes[(cls, "both_fail")] += 1
                elif "unescaped" in str(rule_error):
                    outcomes[(cls, "restricted")] += 1
                else:
                    problems.append((pid, cls, assignment, f"rules fail ({rule_error}), AgentDojo renders"))
                continue
            if real_error is not None:
                problems.append((pid, cls, assignment, f"rules render, AgentDojo fails: {real_error!r}"))
                continue
            key = key_of(pid, env_values)
            variant = entry["variants"].get(key)
            bad = None
            if variant is None:
                problems.append((pid, cls, assignment, f"no variant for search key {key}"))
                continue
            if "1" in key:
                outcomes[(cls, "search_variant")] += 1
            if len(outs) != len(variant["returned"]):
                bad = "the trace length differs"
            for i, tid in enumerate(variant["returned"]):
                if bad:
                    break
                parts = slots["templates"][tid]
                if all(isinstance(p, str) for p in parts) and key == committed_key(pid):
                    if digest(outs[i]) != pairs_side["returned"][pid][i]:
                        bad = f"step {i}: a payload-independent output is not the paired corpus's"
                mine = sr.render_output(slots["templates"][tid], env_values)
                if mine != outs[i]:
                    bad = f"step {i}: template {tid} renders other text"
                for p in slots["templates"][tid]:
                    if isinstance(p, dict) and p["rule"] == "yaml":
                        styles[sr.yaml_style(sr.render_value(p["value"], env_values))] += 1
            for i, t in enumerate(variant.get("args") or []):
                if bad or t is None:
                    continue
                for name, value in sr.render_args(t, env_values).items():
                    if values(value) != values(calls[i].args[name]):
                        bad = f"step {i}: argument {name} renders other text"
            if bad:
                problems.append((pid, cls, assignment, bad))
            else:
                outcomes[(cls, "agree")] += 1
        summary = ", ".join(f"{c}/{o} {k}" for (c, o), k in sorted(outcomes.items()))
        print(f"\nend-to-end fuzz, {N} cases, seed {SEED}: {summary}; yaml styles {dict(styles)}", file=sys.stderr)
        for pid, cls, assignment, why in problems[:5]:
            print(f"  {pid} [{cls}] {why}: {assignment!r}"[:600], file=sys.stderr)
        self.assertEqual(problems, [], f"{len(problems)} cases render differently from AgentDojo")
        self.assertGreater(sum(k for (c, o), k in outcomes.items() if o == "agree"), N // 2)


if __name__ == "__main__":
    unittest.main()
