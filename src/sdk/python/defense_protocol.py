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

Two capabilities go into the hello, with the protocol's meaning (docs/protocol.md):

- `max_concurrency` (default 16): how many requests the gate may send before reading replies, and
  exactly how many threads decide them. `decide` is therefore called from up to that many threads
  at once; pass `max_concurrency=1` when it is not thread-safe (one decision at a time, in order).
- `stateless` (default False, as in the protocol): pass `stateless=True` only when every decision
  is a pure function of the call (tool, args, dest, context) — a promise you make, which lets the
  gate ask each distinct call once and reuse the answer. A defense that keeps state across calls
  or looks at `info` must leave it False.

When stdin ends, `serve` finishes the decisions in flight and returns; let your program exit then.
The gate waits a few seconds for that before it terminates the defense.
"""

import json
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PROTOCOL_VERSION = 1
DEFAULT_MAX_CONCURRENCY = 16
MAX_CONCURRENCY_LIMIT = 256


def hello(name, stateless=False, max_concurrency=DEFAULT_MAX_CONCURRENCY):
    if not isinstance(stateless, bool):
        raise TypeError("stateless must be True or False")
    if isinstance(max_concurrency, bool) or not isinstance(max_concurrency, int) or not 1 <= max_concurrency <= MAX_CONCURRENCY_LIMIT:
        raise ValueError(f"max_concurrency must be an integer from 1 to {MAX_CONCURRENCY_LIMIT}, not {max_concurrency!r}")
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


def serve(decide, name, stateless=False, max_concurrency=DEFAULT_MAX_CONCURRENCY, stdin=None, stdout=None, threads=None):
    """Speak the protocol on stdin/stdout until stdin ends.

    Requests are decided by `max_concurrency` threads, the number the hello advertises, and
    replies go out as they complete (out of order, which the protocol allows). With
    max_concurrency=1 they are decided one at a time, in order. An exception in decide ends the
    process with exit code 1 and the traceback on stderr, which the gate reports.

    `threads` is a deprecated alias of max_concurrency (it used to size the pool apart from what
    the hello advertised, so requests queued inside the defense); when given, the smaller of the
    two is used, so decide never runs on more threads than the author allowed.
    """
    if threads is not None:
        max_concurrency = min(max_concurrency, threads)
        print(
            f"defense_protocol: serve(threads=...) is deprecated; using max_concurrency={max_concurrency} "
            "(the number of threads is the concurrency the hello advertises)",
            file=sys.stderr,
            flush=True,
        )
    greeting = hello(name, stateless, max_concurrency)
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

    write(greeting)
    # The gate never has more than max_concurrency requests in flight, so every request it sent
    # has a thread to decide it: none waits in this pool's queue while the per-call timeout runs.
    pool = ThreadPoolExecutor(max_workers=max_concurrency) if max_concurrency > 1 else None
    for line in stdin:
        if not line.strip():
            continue
        if pool:
            pool.submit(handle, line)
        else:
            handle(line)
    if pool:
        pool.shutdown(wait=True)


def serve_http(decide, name, port=8080, host="127.0.0.1", stateless=False, max_concurrency=DEFAULT_MAX_CONCURRENCY):
    """GET answers the hello, POST one request with its reply. Blocks forever.

    Each connection is served on its own thread, so decide may run on up to max_concurrency
    threads at once (the gate keeps no more requests than that in flight).
    """
    greeting = json.dumps(hello(name, stateless, max_concurrency)).encode()

    class Handler(BaseHTTPRequestHandler):
        # Keep-alive: the gate reuses one connection per request in flight instead of opening one
        # per request (every response carries its content-length, as HTTP/1.1 requires).
        protocol_version = "HTTP/1.1"
        # Headers and body are separate writes: without TCP_NODELAY, Nagle's algorithm holds the
        # body back until the client's delayed ACK (~40 ms a request on a kept-alive connection).
        disable_nagle_algorithm = True

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
