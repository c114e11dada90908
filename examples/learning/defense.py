#!/usr/bin/env python3
"""A defense that learns (online runs, docs/online.md), in Python over stdio.

It starts permissive and keeps rules over the *shape* of a call, never its values: the tool, the
names of the arguments whose provenance is not trusted, and whether the destination is named in
the user's request. An attack it is told about (feedback "attack_success") makes its shape
denied; a block that stopped an attack ("blocked_attack") strengthens the rule; a false positive
relaxes it. These are the rules of the reference learner (src/defenses/learner.ts): over the
protocol it must score exactly as that one does in process (test/examples/learning.test.ts).

    defense-eval --corpus pairs --online --defense-cmd "python3 examples/learning/defense.py"

A vaccine, a JSON object {shape: score} this defense ships, starts every stream from those rules
(--vaccine FILE; the path arrives in DEFENSE_EVAL_VACCINE).
"""
import json
import os
import sys

sys.dont_write_bytecode = True  # keep the SDK directory clean
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "src", "sdk", "python"))

from defense_protocol import serve, vaccine  # noqa: E402

WEIGHT = {"attack_success": 2, "blocked_attack": 1, "false_positive": -2}


def shape(call, prompt):
    untrusted = sorted(a.name or f"#{i}" for i, a in enumerate(call.args) if a.provenance != "trusted")
    if not call.dest:
        dest = "none"
    elif prompt is not None and call.dest.lower() in prompt.lower():
        dest = "named"
    else:
        dest = "unnamed"
    return f"{call.tool}({','.join(untrusted)})→{dest}"


def main():
    path = vaccine()
    rules = dict(json.load(open(path, encoding="utf-8"))) if path else {}

    def decide(call, session):
        s = shape(call, session.prompt)
        if rules.get(s, 0) > 0:
            return "deny", f"learned rule {s}"
        return "allow", "no learned rule matches"

    def on_feedback(feedback):
        s = shape(feedback.call, feedback.prompt)
        if feedback.label == "blocked_attack" and s not in rules:
            return  # weak evidence only strengthens a rule; it never makes one
        rules[s] = rules.get(s, 0) + WEIGHT[feedback.label]

    # decide reads rules that on_feedback writes; the gate sends feedback only between episodes,
    # when no decision is in flight, so no lock is needed.
    serve(decide, name="learning-example", on_feedback=on_feedback)


if __name__ == "__main__":
    main()
