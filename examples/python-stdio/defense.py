#!/usr/bin/env python3
"""Example defense in Python, over stdio (protocol v2, the SDK's default).

A provenance policy: a call that sends data somewhere (non-empty dest) may only carry trusted
arguments. It reads only the call's dest and its arguments' provenance, which protocol v1 sent
too, so it decides exactly as it did there (and returns v1's (allow, reason), which the SDK still
accepts). Score it with the action:

    - uses: <owner>/agent-defense-eval@v1
      with:
        defense: python3 examples/python-stdio/defense.py

The protocol helper is the single file src/sdk/python/defense_protocol.py: copy it next to your
defense, or put its directory on sys.path as below.
"""
import os
import sys

sys.dont_write_bytecode = True  # keep the SDK directory clean
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "src", "sdk", "python"))

from defense_protocol import serve  # noqa: E402


def decide(call, session):
    if call["dest"]:
        for arg in call["args"]:
            if arg["provenance"] != "trusted":
                return False, f"{arg['provenance']} data may not leave through {call['tool']}"
    return True, "no untrusted data leaves"


if __name__ == "__main__":
    # decide is a pure function of the call, so the gate may ask each distinct call once.
    serve(decide, name="example-python-provenance", stateless=True)
