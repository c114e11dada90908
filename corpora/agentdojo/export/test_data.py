"""Data tests of the committed protocol-v2 files against the committed corpora (no AgentDojo needed).

- returned sidecars: pinned to their corpus, one digest per step, every text available, and
  returned[i] is the last context digest of step i+1 (corpora/README.md);
- suites file: tools and prompts for every suite and user task of the corpora;
- slots file: every payload of every committed pair scenario (six attacks, identity and three
  transforms), rendered through the slots with the pure-Python rules, gives the committed outputs
  byte for byte, every output carrying an injection is covered, payload-dependent arguments render
  to the committed argument texts, and the search constraints hold.

The corpora directory is ../../ (the repo's corpora/), or $ADE_CORPORA.
"""

from __future__ import annotations

import collections
import gzip
import hashlib
import json
import os
import unittest

import slot_render as sr

HERE = os.path.dirname(os.path.abspath(__file__))
CORPORA = os.environ.get("ADE_CORPORA") or os.path.normpath(os.path.join(HERE, "..", ".."))
TRANSFORMS = ["framing", "field_split", "leet"]
BASES = ["agentdojo-v1.2.json", "agentdojo-v1.2-pairs.json", "agentdojo-v1.2-attacks.json"] + [
    f"transformed/agentdojo-v1.2-attacks-{t}.json" for t in TRANSFORMS
]
PAIRED = BASES[1:]
EGRESS = None  # filled from the corpora


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


_cache: dict[str, tuple[bytes, object]] = {}


def load(rel: str):
    """(uncompressed bytes, parsed JSON) of corpora/<rel>.gz, cached for the test run."""
    if rel not in _cache:
        with gzip.open(os.path.join(CORPORA, rel + ".gz"), "rb") as f:
            raw = f.read()
        _cache[rel] = (raw, json.loads(raw))
    return _cache[rel]


def returned_name(base: str) -> str:
    return base[: -len(".json")] + ".returned.json"


def values(v) -> list[str]:
    if v is None:
        return []
    if isinstance(v, (list, tuple)):
        out: list[str] = []
        for x in v:
            out.extend(values(x))
        return out
    return [str(v)]


class ReturnedTest(unittest.TestCase):
    def test_sidecars_are_pinned_and_complete(self):
        for base in BASES:
            raw, corpus = load(base)
            _, side = load(returned_name(base))
            with self.subTest(base=base):
                self.assertEqual(side["corpus"], base)
                self.assertEqual(side["corpus_sha256"], hashlib.sha256(raw).hexdigest())
                self.assertEqual(sorted(side), ["corpus", "corpus_sha256", "outputs", "returned"])
                known = corpus.get("outputs", {})
                self.assertFalse(set(side["outputs"]) & set(known), "sidecar repeats corpus outputs")
                ids = [sc["id"] for sc in corpus["scenarios"]]
                self.assertEqual(sorted(side["returned"]), sorted(ids))
                texts = {**known, **side["outputs"]}
                used = set()
                for sc in corpus["scenarios"]:
                    ret = side["returned"][sc["id"]]
                    self.assertEqual(len(ret), len(sc["trace"]), sc["id"])
                    for d in ret:
                        self.assertIn(d, texts)
                        used.add(d)
                self.assertEqual(set(side["outputs"]), used - set(known))
                for d, t in side["outputs"].items():
                    self.assertEqual(digest(t), d)

    def test_returned_is_the_next_steps_last_context_digest(self):
        """returned[i] == trace[i+1].context[-1] for every step but the last, in every paired corpus
        (user-task steps, the first injection step, and injection steps); the contexts hold nothing
        else: trace[k].context == returned[:k]."""
        for base in PAIRED:
            _, corpus = load(base)
            _, side = load(returned_name(base))
            checked = 0
            for sc in corpus["scenarios"]:
                ret = side["returned"][sc["id"]]
                tr = sc["trace"]
                for k, step in enumerate(tr):
                    self.assertEqual(step["context"], ret[:k], (base, sc["id"], k))
                    if k:
                        checked += 1
            with self.subTest(base=base):
                self.assertGreater(checked, 0)

    def test_ground_truth_user_tasks_return_what_the_benign_pairs_return(self):
        _, gt = load(returned_name(BASES[0]))
        _, pairs = load(BASES[1])
        _, side = load(returned_name(BASES[1]))
        benign = [sc["id"] for sc in pairs["scenarios"] if sc["kind"] == "benign"]
        self.assertEqual(len(benign), 97)
        for sid in benign:
            self.assertEqual(gt["returned"][sid], side["returned"][sid], sid)


class SuitesTest(unittest.TestCase):
    def test_tools_and_prompts(self):
        _, suites = load("agentdojo-v1.2-suites.json")
        _, gt = load(BASES[0])
        self.assertEqual(sorted(suites), ["benchmark", "prompts", "source", "tools"])
        self.assertEqual(suites["benchmark"], "v1.2")
        benign = {sc["id"]: sc for sc in gt["scenarios"] if sc["kind"] == "benign"}
        self.assertEqual(sorted(suites["prompts"]), sorted(benign))
        for sid, sc in benign.items():
            self.assertEqual(suites["prompts"][sid], sc["task"])
        goals = {sc["task"] for sc in gt["scenarios"] if sc["kind"] == "injection"}
        self.assertFalse(goals & set(suites["prompts"].values()), "an injection goal is shown as a prompt")
        self.assertEqual(list(suites["tools"]), sorted(suites["tools"]))  # sort_keys
        for suite, tools in suites["tools"].items():
            names = [t["name"] for t in tools]
            self.assertEqual(len(names), len(set(names)))
            for t in tools:
                self.assertEqual(sorted(t), ["description", "name", "parameters"])
                self.assertEqual(t["parameters"]["type"], "object")
            used = {st["tool"] for sc in gt["scenarios"] if sc["suite"] == suite for st in sc["trace"]}
            self.assertLessEqual(used, set(names), suite)


class SlotsTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        _, cls.slots = load("agentdojo-v1.2-slots.json")
        cls.memo_env: dict = {}
        cls.memo_out: dict = {}
        cls.memo_scalar: dict = {}

    def env_values(self, pid: str, assignment: dict[str, str]) -> dict[str, str]:
        suite = pid.split("-", 1)[0]
        sdoc = self.slots["suites"][suite]
        out = {}
        for v in self.slots["pairs"][pid]["vectors"]:
            eid = sdoc["vector_env"][v]
            key = (eid, tuple(sorted(assignment.items())))
            if key not in self.memo_env:
                self.memo_env[key] = sr.render_env(self.slots["env"][eid], assignment, sdoc["defaults"])
            out[eid] = self.memo_env[key]
        return out

    def variant(self, pid: str, env_values: dict[str, str]) -> dict:
        """The pair's templates for these env values: its search key picks the variant."""
        entry = self.slots["pairs"][pid]
        key = "".join("1" if e["query"].lower() in env_values[e["env"]].lower() else "0" for e in entry.get("search", []))
        self.assertIn(key, entry["variants"], f"{pid}: no variant for search key {key}")
        return entry["variants"][key]

    def scenarios(self, base: str):
        """(scenario, pair id, payload text) of every injection scenario of a paired corpus."""
        _, corpus = load(base)
        table = self.slots["corpus_payloads"][base]
        for sc in corpus["scenarios"]:
            if sc["kind"] != "injection":
                continue
            attack, _, pid = sc["id"].rpartition(":")
            attack = attack or corpus["attack"]
            iid = pid.rsplit("-", 1)[1]
            yield sc, pid, self.slots["payloads"][table[attack][f"{sc['suite']}-{iid}"]]

    def test_layout(self):
        s = self.slots
        self.assertEqual(
            sorted(s), ["corpus_payloads", "env", "pairs", "payloads", "rules", "source", "suites", "templates"]
        )
        self.assertEqual(s["rules"], ["yaml_dq", "yaml", "py_repr", "raw", "len"])
        self.assertEqual(sorted(s["corpus_payloads"]), sorted(PAIRED))
        _, pairs = load(BASES[1])
        traces = {sc["id"]: sc["trace"] for sc in pairs["scenarios"] if sc["kind"] == "injection"}
        self.assertEqual(sorted(s["pairs"]), sorted(traces))
        for pid, entry in s["pairs"].items():
            self.assertEqual(sorted(entry), sorted(["vectors", "user_steps", "variants"] + (["search"] if "search" in entry else [])))
            self.assertEqual(sum(not st["injected"] for st in traces[pid]), entry["user_steps"], pid)
            n = len(entry.get("search", []))
            self.assertIn("0" * n, entry["variants"], pid)
            for key, variant in entry["variants"].items():
                self.assertEqual(len(key), n)
                self.assertEqual(len(variant["returned"]), len(traces[pid]), pid)
                if "args" in variant:
                    self.assertEqual(len(variant["args"]), len(traces[pid]), pid)
                for tid in variant["returned"]:
                    self.assertIn(tid, s["templates"])
        for d, text in s["payloads"].items():
            self.assertEqual(digest(text), d)

    def test_every_committed_payload_renders_the_committed_outputs(self):
        stats = collections.Counter()
        for base in PAIRED:
            _, corpus = load(base)
            _, side = load(returned_name(base))
            texts = {**corpus["outputs"], **side["outputs"]}
            carrying = set(corpus["outputs_carrying_injection"])
            covered = set()
            for sc, pid, payload in self.scenarios(base):
                entry = self.slots["pairs"][pid]
                ret = side["returned"][sc["id"]]
                assignment = {v: payload for v in entry["vectors"]}
                env_values = self.env_values(pid, assignment)
                variant = self.variant(pid, env_values)
                stats["key " + ("0" if "1" not in "".join(str(int(e["query"].lower() in env_values[e["env"]].lower())) for e in entry.get("search", [])) else "1")] += 1
                self.assertEqual(len(variant["returned"]), len(ret), sc["id"])
                for i, tid in enumerate(variant["returned"]):
                    if all(isinstance(p, str) for p in self.slots["templates"][tid]):
                        self.assertNotIn(ret[i], carrying, f"{base} {sc['id']} step {i}: carrying output of literal text")
                    key = (tid, payload)
                    if key not in self.memo_out:
                        self.memo_out[key] = sr.render_output(self.slots["templates"][tid], env_values, self.memo_scalar)
                        stats["rendered"] += 1
                    text = self.memo_out[key]
                    if digest(text) != ret[i] or texts[ret[i]] != text:
                        self.fail(f"{base} {sc['id']} step {i}: template {tid} renders other bytes than output {ret[i]}")
                    stats["occurrences"] += 1
                    covered.add(ret[i])
            with self.subTest(base=base):
                self.assertEqual(carrying - covered, set(), "carrying outputs no template renders")
        self.assertGreater(stats["key 1"], 0, "no committed payload selects a search variant")

    def test_payload_dependent_arguments_render_the_committed_arguments(self):
        n = 0
        for base in PAIRED:
            for sc, pid, payload in self.scenarios(base):
                entry = self.slots["pairs"][pid]
                env_values = self.env_values(pid, {v: payload for v in entry["vectors"]})
                variant = self.variant(pid, env_values)
                for i, t in enumerate(variant.get("args", [])):
                    if t is None:
                        continue
                    rendered = sr.render_args(t, env_values)
                    by_name = {a["name"]: a["text"] for a in sc["trace"][i]["args"]}
                    for name, value in rendered.items():
                        self.assertEqual(" ".join(values(value)), by_name[name], (base, sc["id"], i, name))
                        n += 1
        self.assertGreater(n, 0)

    def test_search_entries(self):
        """Each entry is a search step of the pair whose query is not already in the text around
        the payload (the marker variant has key 0...0)."""
        for pid, entry in self.slots["pairs"].items():
            for e in entry.get("search", []):
                self.assertIn(e["env"], [self.slots["suites"][pid.split("-")[0]]["vector_env"][v] for v in entry["vectors"]])
                self.assertEqual(e["query"], e["query"].strip())
                self.assertLess(e["step"], len(entry["variants"]["0" * len(entry["search"])]["returned"]))


if __name__ == "__main__":
    unittest.main()
