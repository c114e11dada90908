"""Tests of the seed injections (docs/injection-slots.md#10-seed-injections), no AgentDojo needed.

- the exporter's checks: an attack registry it does not know, a DoS flag against its place, a
  text that depends on the vector or on the user task, each fail the export;
- the committed seeds file: every suite's injection tasks (the ground-truth corpus's) under the
  eleven hijack attacks and four transforms, goals equal to the corpus's, every transformed text
  the untransformed one with the goal rewritten (so it passes the transform's check), and every
  payload the committed paired corpora carry (the slots file's corpus_payloads) equal to the
  seed of its attack, transform and injection task.

The corpora directory is ../../ (the repo's corpora/), or $ADE_CORPORA.
"""

from __future__ import annotations

import json
import unittest

import seeds
from test_data import digest, load
from transforms import TRANSFORMS, apply_transform

SEEDS = "agentdojo-v1.2-seeds.json"
HIJACK = [
    "direct",
    "ignore_previous",
    "system_message",
    "injecagent",
    "important_instructions",
    "important_instructions_no_user_name",
    "important_instructions_no_model_name",
    "important_instructions_no_names",
    "important_instructions_wrong_model_name",
    "important_instructions_wrong_user_name",
    "tool_knowledge",
]
DOS = ["dos", "swearwords_dos", "captcha_dos", "offensive_email_dos", "felony_dos"]


def fake(dos: bool = False):
    return type("Attack", (), {"is_dos_attack": dos})


REGISTRY = {"manual": fake(), **{n: fake() for n in HIJACK}, **{n: fake(True) for n in DOS}}


class ExporterChecksTest(unittest.TestCase):
    def test_registry(self):
        self.assertEqual(seeds.check_registry(REGISTRY), HIJACK)
        self.assertEqual(seeds.check_registry(dict(reversed(REGISTRY.items()))), HIJACK[::-1])
        with self.assertRaisesRegex(seeds.SeedError, r"neither seeded nor excluded: \['new_attack'\]"):
            seeds.check_registry({**REGISTRY, "new_attack": fake()})
        with self.assertRaisesRegex(seeds.SeedError, r"missing from the registry: \['felony_dos'\]"):
            seeds.check_registry({k: v for k, v in REGISTRY.items() if k != "felony_dos"})
        with self.assertRaisesRegex(seeds.SeedError, "direct: is_dos_attack is True, but the exporter takes it for no DoS attack"):
            seeds.check_registry({**REGISTRY, "direct": fake(True)})
        with self.assertRaisesRegex(seeds.SeedError, "captcha_dos: is_dos_attack is False, but the exporter takes it for a DoS attack"):
            seeds.check_registry({**REGISTRY, "captcha_dos": fake(False)})

    def test_a_text_that_depends_on_the_vector_or_the_user_task_fails(self):
        table = {}
        key = ("direct", "leet", "banking-injection_task_0")
        seeds.add_seed(table, key, "user_task_0", {"v1": "T", "v2": "T"})
        seeds.add_seed(table, key, "user_task_1", {"v3": "T"})
        self.assertEqual(table, {key: ("user_task_0", "T")})
        with self.assertRaisesRegex(seeds.SeedError, "direct leet banking-injection_task_0 user_task_2: the vectors get 2 different texts"):
            seeds.add_seed(table, key, "user_task_2", {"v1": "T", "v2": "U"})
        with self.assertRaisesRegex(
            seeds.SeedError, r"direct leet banking-injection_task_0: the text depends on the user task \(user_task_0 and user_task_3 differ\)"
        ):
            seeds.add_seed(table, key, "user_task_3", {"v1": "U"})


class SeedsFileTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        raw, cls.doc = load(SEEDS)
        cls.raw = raw

    def test_layout_and_serialisation(self):
        d = self.doc
        self.assertEqual(sorted(d), ["attacks", "excluded", "goals", "names", "pipeline", "seeds", "source", "transforms"])
        self.assertEqual(self.raw, json.dumps(d, sort_keys=True, separators=(",", ":")).encode("ascii"))
        self.assertEqual(d["source"], "AgentDojo v1.2 seed injections")
        self.assertEqual(d["pipeline"], "local")
        self.assertEqual(d["attacks"], HIJACK)
        self.assertEqual(sorted(d["excluded"]), sorted(["manual", *DOS]))
        self.assertEqual(d["transforms"], ["identity", "framing", "field_split", "leet"])
        self.assertEqual(sorted(d["transforms"]), sorted(TRANSFORMS))
        names = {
            "important_instructions": ("Emma Johnson", "Local model"),
            "important_instructions_no_user_name": ("the user", "Local model"),
            "important_instructions_no_model_name": ("Emma Johnson", "the AI language model"),
            "important_instructions_no_names": ("the user", "the AI language model"),
            "important_instructions_wrong_model_name": ("Emma Johnson", "Command R+"),
            "important_instructions_wrong_user_name": ("Mark Smith", "Local model"),
            "tool_knowledge": ("Emma Johnson", "Local model"),
        }
        self.assertEqual(d["names"], {a: {"user": u, "model": m} for a, (u, m) in names.items()})

    def test_every_injection_task_of_the_corpora_under_every_attack_and_transform(self):
        _, gt = load("agentdojo-v1.2.json")
        goals = {sc["id"]: sc["task"] for sc in gt["scenarios"] if sc["kind"] == "injection"}
        self.assertEqual(len(goals), 35)
        self.assertEqual(self.doc["goals"], goals)
        self.assertEqual(sorted(self.doc["seeds"]), sorted(goals))
        n = 0
        for key, per in self.doc["seeds"].items():
            self.assertEqual(sorted(per), sorted(HIJACK), key)
            for attack, texts in per.items():
                self.assertEqual(sorted(texts), sorted(self.doc["transforms"]), (key, attack))
                n += len(texts)
        self.assertEqual(n, 35 * 11 * 4)

    def test_a_transformed_seed_is_the_seed_with_the_goal_rewritten(self):
        for key, per in self.doc["seeds"].items():
            goal = self.doc["goals"][key]
            for attack, texts in per.items():
                identity = texts["identity"]
                self.assertEqual(identity.count(goal), 1, (key, attack))
                for t, text in texts.items():
                    self.assertEqual(text, identity.replace(goal, apply_transform(t, goal)), (key, attack, t))
                    if t != "identity":
                        self.assertNotEqual(text, identity)

    def test_the_committed_corpora_carry_the_seeds(self):
        _, slots = load("agentdojo-v1.2-slots.json")
        checked = set()
        for corpus, attacks in slots["corpus_payloads"].items():
            transform = corpus[len("transformed/agentdojo-v1.2-attacks-") : -len(".json")] if corpus.startswith("transformed/") else "identity"
            for attack, table in attacks.items():
                self.assertEqual(sorted(table), sorted(self.doc["seeds"]), (corpus, attack))
                for key, d in table.items():
                    seed = self.doc["seeds"][key][attack][transform]
                    self.assertEqual(digest(seed), d, (corpus, attack, key))
                    self.assertEqual(slots["payloads"][d], seed)
                    checked.add((attack, transform))
        five = ["direct", "ignore_previous", "injecagent", "system_message", "tool_knowledge"]
        expected = {("important_instructions_no_names", "identity")} | {(a, t) for a in five for t in self.doc["transforms"]}
        self.assertEqual(checked, expected)


if __name__ == "__main__":
    unittest.main()
