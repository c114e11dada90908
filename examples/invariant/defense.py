#!/usr/bin/env python3
"""Invariant Guardrails as an agent-defense-eval defense (protocol v2, stdio).

Each request is mapped to the trace Invariant's analyzer reads, in OpenAI's message format: the
user's prompt as a user message, every earlier call of the run as an assistant tool call (its
arguments by name) followed by the tool message with the output it returned, then the pending
call. Invariant links each output to the call that produced it by its tool_call_id, so a policy
can ask which tool an output came from (`tool_call(out).function.name`) and follow values from
an output to a later call (`(out: ToolOutput) -> (call: ToolCall)`) or from one call to a later
one (`(read: ToolCall) -> (call: ToolCall)`, with what `read` returned as `input.outputs[read.id]`).
An output the agent had not read when it proposed the pending call (`read: false`) is left out: it
cannot have steered it.

The policy (policy.iv) runs in Invariant's local analyzer: no network, no API key. Any violation
that involves the pending call denies it, with the policy's message as the reason.

    install: bash examples/invariant/venv.sh
    defense: "$(bash examples/invariant/venv.sh)" examples/invariant/defense.py
"""
import os
import sys
import threading

sys.dont_write_bytecode = True  # keep the SDK directory clean
here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "..", "src", "sdk", "python"))

from defense_protocol import serve  # noqa: E402

# The analyzer stops a check after 100 evaluation steps by default; a flow rule's steps grow with
# (outputs × calls) of the trace, and the corpora's longest runs need more.
os.environ.setdefault("INVARIANT_MAX_ITERATIONS", "100000")
from invariant.analyzer import LocalPolicy  # noqa: E402

with open(os.environ.get("INVARIANT_POLICY", os.path.join(here, "policy.iv"))) as f:
    POLICY = f.read()

# The analyzer is pure Python (one core under the GIL, so threads would not decide faster) and
# keeps per-evaluation state on the policy object: one policy, parsed once (~0.3 s), used by one
# thread at a time. A few requests in flight still hide the pipe's latency.
POLICY_LOCK = threading.Lock()
PARSED = LocalPolicy.from_string(POLICY)
MAX_CONCURRENCY = 4


def arguments(call):
    return {a.name or f"arg{k}": a.text for k, a in enumerate(call.args)}


def tool_call(call, call_id):
    return {"id": call_id, "type": "function", "function": {"name": call.tool, "arguments": arguments(call)}}


def to_invariant(call, session):
    """The protocol v2 request as Invariant's trace: (past events, the pending event)."""
    past = []
    if session.prompt is not None:
        past.append({"role": "user", "content": session.prompt})
    for i, step in enumerate(call.trace):
        past.append({"role": "assistant", "content": None, "tool_calls": [tool_call(step, f"call_{i}")]})
        if step.read:
            past.append({"role": "tool", "tool_call_id": f"call_{i}", "content": step.output})
    pending = {"role": "assistant", "content": None, "tool_calls": [tool_call(call, "pending")]}
    return past, [pending]


def outputs(call):
    """What each earlier call returned, by its id in the trace: the policy's `input.outputs`."""
    return {f"call_{i}": step.output for i, step in enumerate(call.trace) if step.read}


def describe(error):
    """The violation's message, with the tool whose output or call it traced the pending call to."""
    text = error.args[0] if error.args else "policy violation"
    kwargs = getattr(error, "kwargs", {})
    source = kwargs.get("read") or getattr(kwargs.get("out"), "_tool_call", None)
    producer = getattr(source, "function", None)
    return f"{text} ({producer.name})" if producer is not None else text


def decide(call, session):
    past, pending = to_invariant(call, session)
    with POLICY_LOCK:
        result = PARSED.analyze_pending(past, pending, prompt=session.prompt or "", outputs=outputs(call))
    if result.errors:
        return "deny", "; ".join(sorted({describe(e) for e in result.errors}))
    return "allow", "no policy violation"


if __name__ == "__main__":
    # The analysis is a pure function of the request (the trace and the session's prompt).
    serve(decide, name="example-invariant-guardrails", stateless=True, max_concurrency=MAX_CONCURRENCY)
