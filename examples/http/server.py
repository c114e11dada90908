#!/usr/bin/env python3
"""Example defense over HTTP (protocol v2, the SDK's default): GET answers the hello, POST one message.

    python3 examples/http/server.py 8080 &      # prints "listening on http://127.0.0.1:8080/" to stderr
    # then, in the action:  defense-url: http://127.0.0.1:8080/

A destination policy: refuse a call that sends data out (non-empty dest) when one of its
untrusted arguments names an e-mail address or URL outside ALLOWED_DOMAINS. It reads only what
protocol v1 sent too (dest, the arguments' provenance and text), so it decides as it did there.
"""
import os
import re
import sys

sys.dont_write_bytecode = True  # keep the SDK directory clean
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "src", "sdk", "python"))

from defense_protocol import serve_http  # noqa: E402

ALLOWED_DOMAINS = ("bluesparrowtech.com", "internal.example")
ADDRESS = re.compile(r"[\w.+-]+@([\w-]+\.[\w.-]+)|https?://([\w.-]+)")


def decide(call, session):
    if not call["dest"]:
        return True, "nothing leaves"
    for arg in call["args"]:
        if arg["provenance"] == "trusted":
            continue
        for m in ADDRESS.finditer(arg["text"]):
            domain = (m.group(1) or m.group(2) or "").lower()
            if not domain.endswith(ALLOWED_DOMAINS):
                return False, f"untrusted argument sends to {domain}"
    return True, "no outside address in untrusted arguments"


if __name__ == "__main__":
    port = int(sys.argv[1]) if len(sys.argv) > 1 else int(os.environ.get("PORT", "8080"))
    # decide is a pure function of the call, so the gate may ask each distinct call once.
    serve_http(decide, name="example-http-destination", port=port, stateless=True)
