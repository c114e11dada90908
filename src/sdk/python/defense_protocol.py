"""Decision protocol v1 for agent-defense-eval, in one dependency-free file (Python 3.8+).

Copy this file next to your defense, then:

    from defense_protocol import serve

    def decide(call, info):
        # call: {"tool", "args": [{"provenance", "text"}], "dest", "context": [str]}
        # info: {"scenario", "step"}
        return True, "looks fine"          # or a dict {"allow": bool, "reason": str}

    serve(decide, name="my-defense")    # JSON Lines on stdin/stdout (see docs/protocol.md)

`serve_http(decide, name=..., port=8080)` speaks the same messages over HTTP instead.
Anything you print must go to stderr: stdout carries the protocol.
"""

import json
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PROTOCOL_VERSION = 1


def hello(name, stateless=True, max_concurrency=16):
    return {
        "protocol": PROTOCOL_VERSION,
        "name": name,
        "capabilities": {"stateless": stateless, "max_concurrency": max_concurrency},
    }


def answer(decide, request):
    """One request (a dict) -> its reply (a dict)."""
    info = {"scenario": request.get("scenario", ""), "step": request.get("step", -1)}
    verdict = decide(request["call"], info)
    if isinstance(verdict, dict):
        allow, reason = verdict.get("allow"), verdict.get("reason", "")
    else:
        allow, reason = verdict
    if not isinstance(allow, bool):
        raise TypeError("decide must return (bool, str) or {'allow': bool, 'reason': str}")
    return {"id": request["id"], "allow": allow, "reason": str(reason)}


def serve(decide, name, stateless=True, max_concurrency=16, threads=1, stdin=None, stdout=None):
    """Speak the protocol on stdin/stdout until stdin ends.

    With threads > 1, requests are decided in a thread pool and replies go out as they complete
    (out of order, which the protocol allows). An exception in decide ends the process with
    exit code 1 and the traceback on stderr, which the gate reports.
    """
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    lock = threading.Lock()

    def write(message):
        with lock:
            stdout.write(json.dumps(message) + "\n")
            stdout.flush()

    def handle(line):
        try:
            write(answer(decide, json.loads(line)))
        except BaseException:  # noqa: BLE001 - any failure must end the run loudly
            import traceback

            traceback.print_exc(file=sys.stderr)
            sys.stderr.flush()
            import os

            os._exit(1)

    write(hello(name, stateless, max_concurrency))
    pool = ThreadPoolExecutor(max_workers=threads) if threads > 1 else None
    for line in stdin:
        if not line.strip():
            continue
        if pool:
            pool.submit(handle, line)
        else:
            handle(line)
    if pool:
        pool.shutdown(wait=True)


def serve_http(decide, name, port=8080, host="127.0.0.1", stateless=True, max_concurrency=16):
    """GET answers the hello, POST one request with its reply. Blocks forever."""
    greeting = json.dumps(hello(name, stateless, max_concurrency)).encode()

    class Handler(BaseHTTPRequestHandler):
        def _send(self, status, body):
            self.send_response(status)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self):  # noqa: N802
            self._send(200, greeting)

        def do_POST(self):  # noqa: N802
            length = int(self.headers.get("content-length", "0"))
            try:
                reply = answer(decide, json.loads(self.rfile.read(length)))
                self._send(200, json.dumps(reply).encode())
            except Exception as e:  # noqa: BLE001
                self._send(500, json.dumps({"error": repr(e)}).encode())

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer((host, port), Handler)
    print(f"listening on http://{host}:{server.server_address[1]}/", file=sys.stderr, flush=True)
    server.serve_forever()
