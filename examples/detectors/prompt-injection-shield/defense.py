#!/usr/bin/env python3
"""prompt-injection-shield-py as an agent-defense-eval defense (protocol v2, stdio, stateless).

prompt-injection-shield-py 0.1.0 (PyPI, MIT; Python port of the npm package
@mukundakatta/prompt-injection-shield) scans one text with five weighted regex rules
(ignore_instructions 0.95, secret_exfiltration 0.9, role_override 0.75, hidden_instruction 0.7,
tool_abuse 0.55) and calls it unsafe when the clipped sum of the matched weights reaches the
threshold (default 0.7). Standard library only: no model, no network.

The mapping: a call is denied when the detector flags (`scan(text).safe is False`, at its default
threshold) any text the call exposes to the agent or carries out of it:
  - every output the agent had read when it proposed the call (`trace[i].output` where
    `trace[i].read`): an injection reaches the agent through what it reads;
  - every argument text of the call (`call.args[j].text`): what the agent was steered to send.
The prompt, the tool names and the destinations are not scanned (the user's text, and no prose);
an output the agent had not read yet (`read: false`) cannot have steered the call. The library has
one setting, the threshold: `ADE_PIS_THRESHOLD` overrides the default 0.7.

    install: bash examples/detectors/prompt-injection-shield/venv.sh
    defense: "$(bash examples/detectors/prompt-injection-shield/venv.sh)" examples/detectors/prompt-injection-shield/defense.py
"""
import os
import sys
from functools import lru_cache

sys.dont_write_bytecode = True  # keep the SDK directory clean
here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "..", "..", "src", "sdk", "python"))

from defense_protocol import serve  # noqa: E402
from prompt_injection_shield import DEFAULT_THRESHOLD, scan  # noqa: E402

THRESHOLD = float(os.environ.get("ADE_PIS_THRESHOLD", DEFAULT_THRESHOLD))


@lru_cache(maxsize=50_000)
def findings(text):
    """The rules that matched, when the text is unsafe; () when it is safe. The same outputs recur in every request of a run."""
    r = scan(text, threshold=THRESHOLD)
    return () if r.safe else tuple(f.type for f in r.findings)


def decide(call, session):
    texts = [(f"{s.tool}'s output", s.output) for s in call.trace if s.read]
    texts += [(f"argument {a.name or j}", a.text) for j, a in enumerate(call.args)]
    for where, text in texts:
        hit = findings(text)
        if hit:
            return "deny", f"prompt-injection-shield: {', '.join(hit)} in {where}"
    return "allow", "prompt-injection-shield: nothing flagged"


if __name__ == "__main__":
    # A pure function of the request. The scan is pure Python (one core under the GIL): a few
    # requests in flight only hide the pipe's latency.
    serve(decide, name="example-prompt-injection-shield", stateless=True, max_concurrency=8)
