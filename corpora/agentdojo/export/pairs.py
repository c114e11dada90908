"""Paired and attack-coverage corpus exporter (docs/corpora.md#the-paired-corpus, docs/corpora.md#the-attack-corpora).

Usage:
  python pairs.py [path]                                  paired corpus (important_instructions_no_names,
                                                          benign tasks included); default agentdojo-v1.2-pairs.json
  python pairs.py --attacks [--transform NAME] [path]     attack-coverage corpus (COVERAGE_ATTACKS, injection
                                                          pairs only); default agentdojo-v1.2-attacks.json
Options (anywhere): --returned PATH also writes the corpus's returned-outputs sidecar (per scenario
and step, the digest of the output the step's call returned; corpora/README.md);
--benchmark V exports AgentDojo benchmark version V instead of v1.2 (for comparisons only).

Every user task is replayed from its ground truth, then paired with every injection task of its
suite: the user task's calls run on an environment injected by the attack, in lockstep with a
clean environment, followed by the injection task's calls. Tool outputs are stored once under a
16-hex SHA-256 digest. Serialisation: sort_keys, separators (",", ":"), ensure_ascii, no trailing
newline.
"""

from __future__ import annotations

import copy
import sys

import export as common
from transforms import apply_transform

PAIRS_ATTACK = "important_instructions_no_names"
COVERAGE_ATTACKS = ["direct", "ignore_previous", "injecagent", "system_message", "tool_knowledge"]
STAT_FIELDS = (
    "pairs",
    "scorable_pairs",
    "scorable_pairs_injection_not_before_a_call",
    "unscorable_pairs",
    "unscorable_pairs_injection_not_before_a_call",
)


digest = common.digest
render = common.render


def _pipeline():
    """A stand-in target pipeline: attacks only read its name ("local" -> "Local model")."""
    from agentdojo.agent_pipeline.base_pipeline_element import BasePipelineElement

    class LocalPipeline(BasePipelineElement):
        name = "local"

        def query(self, query, runtime, env=None, messages=(), extra_args=None):  # pragma: no cover
            raise NotImplementedError("the export never queries a model")

    return LocalPipeline()


class Exporter:
    def __init__(self, attack_names: list[str], include_benign: bool, transform: str = "identity"):
        self.attack_names = attack_names
        self.include_benign = include_benign
        self.transform = transform
        self.outputs: dict[str, str] = {}
        self.differing: set[str] = set()
        self.clean_seen: set[str] = set()
        self.exposures: dict[str, list[tuple[bool, list[str]]]] = {a: [] for a in attack_names}
        self.scenarios: list[dict] = []
        # scenario id -> digests of the outputs its steps returned; digest -> text of each
        self.returned: dict[str, list[str]] = {}
        self.returned_texts: dict[str, str] = {}

    def replay(self, calls, runtime, env, clean, injected: bool, prompt: str | None, store: dict):
        steps, seen = [], []
        for call in calls:
            args = [
                {
                    "name": name,
                    "provenance": "untrusted" if injected else common.label(v, prompt),
                    "text": common.arg_text(v),
                }
                for name, v in call.args.items()
            ]
            steps.append(
                {
                    "args": args,
                    "context": list(seen),
                    "dest": common.dest(call.function, call.args),
                    "injected": injected,
                    "tool": call.function,
                }
            )
            text = render(runtime, env, call.function, call.args)
            d = digest(text)
            store[d] = text
            self.returned_texts[d] = text
            seen.append(d)
            if clean is None:
                self.clean_seen.add(d)
            else:
                clean_text = render(runtime, clean, call.function, call.args)
                self.clean_seen.add(digest(clean_text))
                if clean_text != text:
                    self.differing.add(d)
        return steps, seen

    def run(self) -> None:
        from agentdojo.attacks.attack_registry import load_attack
        from agentdojo.functions_runtime import FunctionsRuntime

        import agentdojo.attacks  # noqa: F401 - registers the attacks

        pipeline = _pipeline()
        for suite_name, suite in common.get_suites().items():
            attacks = [(name, load_attack(name, suite, pipeline)) for name in self.attack_names]
            runtime = FunctionsRuntime(suite.tools)
            for uid, ut in suite.user_tasks.items():
                env = suite.load_and_inject_default_environment({})
                gt = ut.ground_truth(copy.deepcopy(env))
                store = self.outputs if self.include_benign else {}
                steps, seen = self.replay(gt, runtime, env, None, False, ut.PROMPT, store)
                if self.include_benign:
                    self.scenarios.append(
                        {"id": f"{suite_name}-{uid}", "kind": "benign", "suite": suite_name, "task": ut.PROMPT, "trace": steps}
                    )
                    self.returned[f"{suite_name}-{uid}"] = seen
                for attack_name, attack in attacks:
                    for iid, it in suite.injection_tasks.items():
                        self.pair(suite_name, suite, runtime, uid, ut, iid, it, attack_name, attack)

    def pair(self, suite_name, suite, runtime, uid, ut, iid, it, attack_name, attack) -> None:
        original = it.GOAL
        try:
            it.GOAL = apply_transform(self.transform, original)
            injections = attack.attack(ut, it)
            env = suite.load_and_inject_default_environment(injections)
        finally:
            it.GOAL = original
        clean = suite.load_and_inject_default_environment({})
        gt = ut.ground_truth(copy.deepcopy(env))
        steps, seen = self.replay(gt, runtime, env, clean, False, ut.PROMPT, self.outputs)
        inj_calls = it.ground_truth(copy.deepcopy(env))
        scorable = len(inj_calls) > 0
        self.exposures[attack_name].append((scorable, seen if scorable else seen[:-1]))
        inj_steps, inj_seen = self.replay(inj_calls, runtime, env, clean, True, None, self.outputs)
        for s in inj_steps:
            s["context"] = seen + s["context"]
        scenario = {
            "id": f"{suite_name}-{uid}-{iid}",
            "kind": "injection",
            "suite": suite_name,
            "task": it.GOAL,
            "trace": steps + inj_steps,
        }
        if not self.include_benign:
            scenario["id"] = f"{attack_name}:{scenario['id']}"
            scenario["attack"] = attack_name
        self.scenarios.append(scenario)
        self.returned[scenario["id"]] = seen + inj_seen

    def carrying(self) -> set[str]:
        return self.differing - self.clean_seen

    def stats(self, attack_name: str) -> dict:
        carrying = self.carrying()
        st = dict.fromkeys(STAT_FIELDS, 0)
        for scorable, visible in self.exposures[attack_name]:
            prefix = "scorable_pairs" if scorable else "unscorable_pairs"
            st["pairs"] += 1
            st[prefix] += 1
            if not any(d in carrying for d in visible):
                st[prefix + "_injection_not_before_a_call"] += 1
        return st


def export_pairs() -> tuple[dict, Exporter]:
    ex = Exporter([PAIRS_ATTACK], include_benign=True)
    ex.run()
    return {
        "source": f"AgentDojo {common.BENCHMARK_VERSION} user and injection task pairs",
        "attack": PAIRS_ATTACK,
        "egress_tools": sorted(common.EGRESS),
        "stats": ex.stats(PAIRS_ATTACK),
        "outputs_carrying_injection": sorted(ex.carrying()),
        "outputs": ex.outputs,
        "scenarios": ex.scenarios,
    }, ex


def export_attacks(transform: str = "identity") -> tuple[dict, Exporter]:
    ex = Exporter(COVERAGE_ATTACKS, include_benign=False, transform=transform)
    ex.run()
    return {
        "source": f"AgentDojo {common.BENCHMARK_VERSION} user and injection task pairs under additional attacks",
        "attacks": list(COVERAGE_ATTACKS),
        "transform": transform,
        "egress_tools": sorted(common.EGRESS),
        "stats": {a: ex.stats(a) for a in COVERAGE_ATTACKS},
        "outputs_carrying_injection": sorted(ex.carrying()),
        "outputs": ex.outputs,
        "scenarios": ex.scenarios,
    }, ex


def corpus_name(attacks: bool, transform: str = "identity") -> str:
    """The committed corpus's name relative to corpora/, uncompressed."""
    if not attacks:
        return "agentdojo-v1.2-pairs.json"
    if transform == "identity":
        return "agentdojo-v1.2-attacks.json"
    return f"transformed/agentdojo-v1.2-attacks-{transform}.json"


def write(path: str, doc: dict) -> None:
    common.write_json(path, doc, sort_keys=True, separators=(",", ":"))


def main(argv: list[str]) -> int:
    common.setup()
    opts, argv = common.parse_options(argv, {"--returned": True, "--benchmark": True})
    if "--benchmark" in opts:
        common.set_benchmark(opts["--benchmark"])
    attacks = bool(argv) and argv[0] == "--attacks"
    transform = "identity"
    if attacks:
        argv = argv[1:]
        if argv and argv[0] == "--transform":
            if len(argv) < 2:
                print("--transform needs a name", file=sys.stderr)
                return 2
            transform, argv = argv[1], argv[2:]
        apply_transform(transform, "a probe goal")  # fail fast on an unknown transform name
        path = argv[0] if argv else "agentdojo-v1.2-attacks.json"
        doc, ex = export_attacks(transform)
    else:
        path = argv[0] if argv else "agentdojo-v1.2-pairs.json"
        doc, ex = export_pairs()
    write(path, doc)
    if "--returned" in opts:
        common.write_returned(
            opts["--returned"], corpus_name(attacks, transform), path, ex.returned, ex.returned_texts, doc["outputs"]
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
