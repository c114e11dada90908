#!/usr/bin/env python3
"""A defense that asks the user (protocol v2's "ask"), in Python over stdio.

A call that sends something out to a destination the user's prompt does not contain waits for the
user's confirmation; everything else is allowed. The user is asked once per destination and run:
the session's state remembers what was confirmed, and a later call to the same destination goes
through. (The gate scores a benign task that needed confirmations as kept with confirmations, and
reads an ask in an injected run as the user declining.)

    defense: python3 examples/ask/defense.py
"""
import os
import sys

sys.dont_write_bytecode = True  # keep the SDK directory clean
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "src", "sdk", "python"))

from defense_protocol import serve  # noqa: E402


def on_begin(session):
    session.state["confirmed"] = set()


def decide(call, session):
    if not call.dest:
        return "allow", "nothing leaves"
    prompt = (session.prompt or "").lower()
    unnamed = [d.strip() for d in call.dest.split(",") if d.strip() and d.strip().lower() not in prompt]
    new = [d for d in unnamed if d not in session.state["confirmed"]]
    if not new:
        return "allow", "the user named the destination, or confirmed it earlier in this run"
    # The gate goes on as if the user confirmed: so does this run's memory.
    session.state["confirmed"].update(new)
    return "ask", f"{call.tool} sends to {', '.join(new)}, which the request does not name"


if __name__ == "__main__":
    # Not stateless: a decision depends on what was confirmed earlier in the session. Each
    # session's calls come one at a time, so session.state needs no lock.
    serve(decide, name="example-ask-unnamed-destination", on_begin=on_begin)
