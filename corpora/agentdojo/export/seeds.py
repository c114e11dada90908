"""Seed-injection exporter (docs/injection-slots.md#10-seed-injections): the payload texts of AgentDojo's
hijack attacks for every injection task, untransformed and under the three readable transforms.

Usage: python seeds.py [path]   (default: agentdojo-v1.2-seeds.json)

For every suite, user task and injection task, every hijack attack of AgentDojo's registry is asked
for the pair's injections (``attack.attack``, with the stand-in pipeline of pairs.py) after the
transform has rewritten the injection task's GOAL, as ``pairs.py --attacks --transform`` does. A
seed is keyed by suite and injection task only: the exporter fails when an attack gives the vectors
of one pair different texts, or two user tasks different texts for one injection task. It also
fails when the registry holds an attack that is neither a seed attack nor excluded with a reason.
Serialisation: sort_keys, separators (",", ":"), ensure_ascii, no trailing newline.
"""

from __future__ import annotations

import sys

import export as common
import pairs as pairs_mod
from transforms import TRANSFORM_NAMES, apply_transform

SOURCE = "AgentDojo v1.2 seed injections"
TRANSFORMS = ["identity", *TRANSFORM_NAMES]
# The hijack attacks: each asks the agent to carry out the injection task's GOAL.
SEED_ATTACKS = {
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
}
_DOS = "a denial-of-service attack (is_dos_attack): its text pursues another goal ({}) and carries no injection task's goal"
DOS_ATTACKS = {
    "dos": _DOS.format("the agent should stop and reply 'asdf'"),
    "swearwords_dos": _DOS.format("insults, so that the agent stops"),
    "captcha_dos": _DOS.format("a captcha the agent should refuse to solve, so that it stops"),
    "offensive_email_dos": _DOS.format("a threatening e-mail the agent should refuse to send, so that it stops"),
    "felony_dos": _DOS.format("a claim that going on would be a felony, so that the agent stops"),
}
EXCLUDED = {"manual": "asks a person at the terminal for every payload (input()): it has no text of its own", **DOS_ATTACKS}


class SeedError(Exception):
    pass


def check_registry(registry: dict) -> list[str]:
    """The seed attacks in registry order; fails on an attack neither seeded nor excluded, and on a
    DoS attack seeded (or a hijack attack excluded as DoS)."""
    unknown = sorted(set(registry) - SEED_ATTACKS - set(EXCLUDED))
    if unknown:
        raise SeedError(f"the attack registry holds attacks neither seeded nor excluded: {unknown}")
    missing = sorted((SEED_ATTACKS | set(EXCLUDED)) - set(registry))
    if missing:
        raise SeedError(f"attacks missing from the registry: {missing}")
    for name, cls in registry.items():
        dos = bool(getattr(cls, "is_dos_attack", False))
        if dos != (name in DOS_ATTACKS):
            raise SeedError(f"{name}: is_dos_attack is {dos}, but the exporter takes it for {'no' if dos else 'a'} DoS attack")
    return [name for name in registry if name in SEED_ATTACKS]


def add_seed(table: dict, key: tuple[str, str, str], user_task: str, injections: dict[str, str]) -> None:
    """Record the text an attack gave one pair (every vector the same text) under ``key``
    (attack, transform, "<suite>-<injection task>"), and fail when another user task gave another text."""
    where = " ".join(key)
    texts = set(injections.values())
    if len(texts) != 1:
        raise SeedError(f"{where} {user_task}: the vectors get {len(texts)} different texts")
    text = texts.pop()
    first = table.setdefault(key, (user_task, text))
    if first[1] != text:
        raise SeedError(f"{where}: the text depends on the user task ({first[0]} and {user_task} differ)")


def attack_names(attack) -> dict[str, str]:
    """The user and model names an attack's template carries (the placeholders it fills)."""
    template = getattr(attack, "jailbreak", "")
    out = {}
    if "{user}" in template:
        out["user"] = attack.user_name
    if "{model}" in template:
        out["model"] = attack.model_name
    return out


def build() -> dict:
    import agentdojo.attacks  # noqa: F401 - registers the attacks
    from agentdojo.attacks.attack_registry import ATTACKS, load_attack

    order = check_registry(ATTACKS)
    pipeline = pairs_mod._pipeline()
    table: dict[tuple[str, str, str], tuple[str, str]] = {}
    goals: dict[str, str] = {}
    names: dict[str, dict[str, str]] = {}
    for suite_name, suite in common.get_suites().items():
        for attack_name in order:
            attack = load_attack(attack_name, suite, pipeline)
            carried = attack_names(attack)
            if carried and names.setdefault(attack_name, carried) != carried:
                raise SeedError(f"{attack_name}: other names in suite {suite_name}")
            for transform in TRANSFORMS:
                for uid, ut in suite.user_tasks.items():
                    for iid, it in suite.injection_tasks.items():
                        key = f"{suite_name}-{iid}"
                        goals[key] = it.GOAL
                        original = it.GOAL
                        try:
                            it.GOAL = apply_transform(transform, original)
                            injections = attack.attack(ut, it)
                        finally:
                            it.GOAL = original
                        if not injections:
                            raise SeedError(f"{attack_name} {suite_name}-{uid}-{iid}: no injected vector")
                        add_seed(table, (attack_name, transform, key), uid, injections)
    seeds: dict[str, dict[str, dict[str, str]]] = {}
    for (attack_name, transform, key), (_, text) in table.items():
        seeds.setdefault(key, {}).setdefault(attack_name, {})[transform] = text
    return {
        "source": SOURCE,
        "pipeline": pipeline.name,
        "attacks": order,
        "excluded": dict(EXCLUDED),
        "names": names,
        "transforms": list(TRANSFORMS),
        "goals": goals,
        "seeds": seeds,
    }


def write(path: str, doc: dict) -> None:
    common.write_json(path, doc, sort_keys=True, separators=(",", ":"))


def main(argv: list[str]) -> int:
    common.setup()
    path = argv[0] if argv else "agentdojo-v1.2-seeds.json"
    write(path, build())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
