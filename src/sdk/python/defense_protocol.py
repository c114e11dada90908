"""Decision protocol for agent-defense-eval, in one dependency-free file (Python 3.8+).

Copy this file next to your defense, then:

    from defense_protocol import serve

    def decide(call, session):
        # call.tool, call.dest, call.args: [arg.name, arg.provenance, arg.text]
        # call.trace: the earlier calls of this run, each with .tool .args .dest .output .read
        # session.id, session.suite, session.prompt (the user's request, or None), session.tools
        if call.dest and session.prompt is not None and call.dest not in session.prompt:
            return "ask", "sends to a destination the user did not name"
        return "allow"                     # or "deny", or (decision, reason), or a dict

    serve(decide, name="my-defense")    # JSON Lines on stdin/stdout (see docs/protocol.md)

`serve_http(decide, name=..., port=8080)` speaks the same messages over HTTP instead. Anything you
print must go to stderr: stdout carries the protocol. docs/sdk.md explains every field.

Protocol 2 (the default) sends sessions: the gate begins each agent run with its suite, the user's
prompt and the suite's tools, then asks about the run's calls with the trace so far, then ends it.
The SDK keeps the sessions: `session` is the same object for every call of a run, and
`session.state` is a dict of your own for that run (dropped at its end). `on_begin(session)` and
`on_end(session)`, when given, are called as a session begins and ends.

A defense that learns (online runs, docs/online.md) passes `on_feedback=fn`: the hello then
declares it, and after each episode is scored the gate may send feedback, which calls
fn(feedback) with feedback.label ("attack_success", "false_positive" or "blocked_attack"),
feedback.call (.tool, .args, .dest: the call it concerns), feedback.prompt, feedback.suite,
feedback.session and feedback.request (that call's request id), before the next episode begins.
Each stream starts a fresh process; `vaccine()` is the path of the file it starts from, or None.

`decide` returns one of:
- "allow", "deny" or "ask" ("ask": the call waits for the user's confirmation);
- a (decision, reason) tuple; the decision may also be True (allow) or False (deny);
- a dict {"decision": ..., "reason": ...} or, as in protocol 1, {"allow": bool, "reason": ...}.

`protocol=1` keeps the first protocol for existing defenses, unchanged: decide(call, info) gets
{"tool", "args": [{"provenance", "text"}], "dest", "context": [str]} and {"scenario", "step"}, and
returns (allow, reason) or {"allow": bool, "reason": str}.

Two capabilities go into the hello, with the protocol's meaning (docs/protocol.md):

- `max_concurrency` (default 64): how many requests the gate may send before reading replies, and
  exactly how many threads decide them. `decide` is therefore called from up to that many threads
  at once (for different sessions, or for one session when stateless); pass `max_concurrency=1`
  when it is not thread-safe (one decision at a time, in order). A stateful defense's sessions
  are interleaved, but each session's calls come one at a time, in order: `session.state` needs
  no lock, anything shared across sessions does.
- `stateless` (default False, as in the protocol): pass `stateless=True` only when every decision
  is a pure function of the request (the call, its trace and the session's suite, prompt and
  tools) — a promise you make, which lets the gate ask each distinct request once and reuse the
  answer. A defense that keeps state across calls, or reads session.id, must leave it False.

When stdin ends, `serve` finishes the decisions in flight and returns; let your program exit then.
The gate waits a few seconds for that before it terminates the defense.
"""

import json
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PROTOCOL_VERSION = 2
PROTOCOL_VERSIONS = (1, 2)
# 64 threads (a few MB) let a 50 ms/decision defense score the action's default corpora, about
# 8,700 requests, in under 10 s (docs/bench.md); at 32 the floor alone was 13.5 s.
DEFAULT_MAX_CONCURRENCY = 64
MAX_CONCURRENCY_LIMIT = 256
DECISIONS = ("allow", "deny", "ask")
# Over HTTP every message is its own POST, so a session's first request can overtake its begin:
# a request for a session not begun yet waits this long for the begin before it is decided anyway.
BEGIN_WAIT_S = 5.0


def hello(name, stateless=False, max_concurrency=DEFAULT_MAX_CONCURRENCY, protocol=PROTOCOL_VERSION, learns=False):
    if protocol not in PROTOCOL_VERSIONS or isinstance(protocol, bool):
        raise ValueError(f"protocol must be 1 or 2, not {protocol!r}")
    if not isinstance(stateless, bool):
        raise TypeError("stateless must be True or False")
    if isinstance(max_concurrency, bool) or not isinstance(max_concurrency, int) or not 1 <= max_concurrency <= MAX_CONCURRENCY_LIMIT:
        raise ValueError(f"max_concurrency must be an integer from 1 to {MAX_CONCURRENCY_LIMIT}, not {max_concurrency!r}")
    capabilities = {"stateless": stateless, "max_concurrency": max_concurrency}
    if learns:
        if protocol != 2:
            raise ValueError("a defense that learns (on_feedback) needs protocol 2")
        capabilities["learns"] = True
    return {"protocol": protocol, "name": name, "capabilities": capabilities}


def vaccine():
    """Online runs: the path of the vaccine file this stream starts from, or None (docs/online.md)."""
    import os

    return os.environ.get("DEFENSE_EVAL_VACCINE") or None


# ---------------------------------------------------------------- protocol 1


def answer(decide, request):
    """Protocol 1: one request (a dict) -> its reply (a dict)."""
    info = {"scenario": request.get("scenario", ""), "step": request.get("step", -1)}
    returned = decide(request["call"], info)
    if isinstance(returned, dict):
        allow, reason = returned.get("allow"), returned.get("reason", "")
    else:
        allow, reason = returned
    if not isinstance(allow, bool):
        raise TypeError("decide must return (bool, str) or {'allow': bool, 'reason': str}")
    return {"id": request["id"], "allow": allow, "reason": str(reason)}


# ---------------------------------------------------------------- protocol 2


class Record(dict):
    """A message's object: a dict whose keys are also attributes (call.tool == call["tool"])."""

    __slots__ = ()

    def __getattr__(self, key):
        try:
            return self[key]
        except KeyError:
            raise AttributeError(key) from None


def _arg(a):
    return Record(name=a.get("name", ""), provenance=a.get("provenance", ""), text=a.get("text", ""))


def _call(c, **extra):
    return Record(tool=c["tool"], args=[_arg(a) for a in c.get("args", [])], dest=c.get("dest", ""), **extra)


def parse_call(request):
    """The pending call of a protocol 2 request, with its trace (each step with output and read)."""
    trace = [_call(st, output=st.get("output", ""), read=st.get("read", True)) for st in request.get("trace", [])]
    return _call(request["call"], trace=trace)


class Session:
    """One agent run: what its begin message said, and `state`, a dict of the defense's own."""

    __slots__ = ("id", "suite", "prompt", "tools", "state", "_begun")

    def __init__(self, id, suite="", prompt=None, tools=()):
        self.id = id
        self.suite = suite
        self.prompt = prompt
        self.tools = [Record(t) for t in tools]
        self.state = {}
        self._begun = threading.Event()

    def __getitem__(self, key):
        if key not in ("id", "suite", "prompt", "tools", "state"):
            raise KeyError(key)
        return getattr(self, key)

    def __repr__(self):
        return f"Session(id={self.id!r}, suite={self.suite!r}, prompt={self.prompt!r}, tools=[{len(self.tools)} tools])"


def decision_of(returned):
    """What decide returned -> (decision, reason)."""
    decision, reason = returned, ""
    if isinstance(returned, tuple) and len(returned) == 2:
        decision, reason = returned
    elif isinstance(returned, dict):
        if "decision" in returned:
            decision, reason = returned["decision"], returned.get("reason", "")
        elif "allow" in returned:
            decision, reason = returned["allow"], returned.get("reason", "")
    if decision is True:
        decision = "allow"
    elif decision is False:
        decision = "deny"
    if decision not in DECISIONS:
        raise TypeError(
            'decide must return "allow", "deny" or "ask", a (decision, reason) tuple, or a dict '
            f'{{"decision": ..., "reason": ...}}; it returned {decision!r}'
        )
    return decision, "" if reason is None else str(reason)


class Sessions:
    """The sessions in progress, and protocol 2's messages handled against them (thread-safe)."""

    def __init__(self, decide, on_begin=None, on_end=None, begin_wait_s=0.0, on_feedback=None):
        self.decide = decide
        self.on_begin = on_begin
        self.on_end = on_end
        self.on_feedback = on_feedback
        self.begin_wait_s = begin_wait_s
        self.lock = threading.Condition()
        self.open = {}
        self.in_flight = {}  # session id -> requests entered and not yet answered

    def _get(self, sid):
        s = self.open.get(sid)
        if s is None:
            s = self.open[sid] = Session(sid)
        return s

    def begin(self, m):
        with self.lock:
            s = self._get(m["session"])
        s.suite, s.prompt, s.tools = m.get("suite", ""), m.get("prompt"), [Record(t) for t in m.get("tools", [])]
        if self.on_begin:
            self.on_begin(s)
        s._begun.set()

    def end(self, m):
        sid = m["session"]
        with self.lock:
            # The gate ends a session after its last reply; a client that does not still gets them first.
            self.lock.wait_for(lambda: not self.in_flight.get(sid))
            s = self.open.pop(sid, None)
        if s is not None and self.on_end:
            self.on_end(s)

    def enter(self, m):
        """Count a request in before it is decided (on the thread that reads the messages, in order)."""
        with self.lock:
            self.in_flight[m["session"]] = self.in_flight.get(m["session"], 0) + 1
            return self._get(m["session"])

    def request(self, m, session=None):
        s = session or self.enter(m)
        try:
            if not s._begun.is_set():
                s._begun.wait(self.begin_wait_s)
            decision, reason = decision_of(self.decide(parse_call(m), s))
            return {"id": m["id"], "decision": decision, "reason": reason}
        finally:
            with self.lock:
                left = self.in_flight[m["session"]] - 1
                if left:
                    self.in_flight[m["session"]] = left
                else:
                    del self.in_flight[m["session"]]
                self.lock.notify_all()

    def feedback(self, m):
        """Online runs: feedback on a call of an ended episode, before the next episode begins."""
        if self.on_feedback is None:
            raise ValueError("feedback sent to a defense that does not learn (no on_feedback)")
        self.on_feedback(
            Record(
                label=m["label"],
                session=m["session"],
                request=m["request"],
                suite=m.get("suite", ""),
                prompt=m.get("prompt"),
                call=_call(m["call"]),
            )
        )

    def handle(self, m):
        """One message -> its reply (a request's), or None (begin, end and feedback have none)."""
        kind = m.get("type") if isinstance(m, dict) else None
        if kind == "begin":
            return self.begin(m)
        if kind == "end":
            return self.end(m)
        if kind == "feedback":
            return self.feedback(m)
        if kind == "request":
            return self.request(m)
        raise ValueError(f"not a protocol 2 message: {json.dumps(m)[:200]}")


# ---------------------------------------------------------------- serving


def serve(
    decide,
    name,
    stateless=False,
    max_concurrency=DEFAULT_MAX_CONCURRENCY,
    stdin=None,
    stdout=None,
    threads=None,
    protocol=PROTOCOL_VERSION,
    on_begin=None,
    on_end=None,
    on_feedback=None,
):
    """Speak the protocol on stdin/stdout until stdin ends.

    Requests are decided by `max_concurrency` threads, the number the hello advertises, and
    replies go out as they complete (out of order, which the protocol allows). With
    max_concurrency=1 they are decided one at a time, in order. Begin and end messages are handled
    as they are read, on the reading thread, so on_begin has returned before any request of its
    session is decided. An exception in decide (or a hook) ends the process with exit code 1 and
    the traceback on stderr, which the gate reports.

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
    greeting = hello(name, stateless, max_concurrency, protocol, learns=on_feedback is not None)
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    lock = threading.Lock()
    sessions = Sessions(decide, on_begin, on_end, on_feedback=on_feedback) if protocol == 2 else None

    def write(message):
        with lock:
            stdout.write(json.dumps(message) + "\n")
            stdout.flush()

    def fatal():
        import os
        import traceback

        traceback.print_exc(file=sys.stderr)
        sys.stderr.flush()
        os._exit(1)

    def handle(message, session=None):
        try:
            write(sessions.request(message, session) if sessions else answer(decide, message))
        except BaseException:  # noqa: BLE001 - any failure must end the run loudly
            fatal()

    write(greeting)
    # The gate never has more than max_concurrency requests in flight, so every request it sent
    # has a thread to decide it: none waits in this pool's queue while the per-call timeout runs.
    pool = ThreadPoolExecutor(max_workers=max_concurrency) if max_concurrency > 1 else None
    for line in stdin:
        if not line.strip():
            continue
        session = None
        try:
            message = json.loads(line)
            if sessions and message.get("type") != "request":
                sessions.handle(message)  # begin, end or feedback: no reply, handled in order
                continue
            if sessions:
                session = sessions.enter(message)
        except BaseException:  # noqa: BLE001
            fatal()
        if pool:
            pool.submit(handle, message, session)
        else:
            handle(message, session)
    if pool:
        pool.shutdown(wait=True)


def serve_http(
    decide,
    name,
    port=8080,
    host="127.0.0.1",
    stateless=False,
    max_concurrency=DEFAULT_MAX_CONCURRENCY,
    protocol=PROTOCOL_VERSION,
    on_begin=None,
    on_end=None,
    on_feedback=None,
):
    """GET answers the hello, POST one message (a request gets its reply; begin and end 204). Blocks forever.

    Each connection is served on its own thread, so decide may run on up to max_concurrency
    threads at once (the gate keeps no more requests than that in flight). A message that is not
    one gets 400, a decide that raises 500 (which fails the gate's run).
    """
    greeting = json.dumps(hello(name, stateless, max_concurrency, protocol, learns=on_feedback is not None)).encode()
    sessions = Sessions(decide, on_begin, on_end, begin_wait_s=BEGIN_WAIT_S, on_feedback=on_feedback) if protocol == 2 else None

    class Handler(BaseHTTPRequestHandler):
        # Keep-alive: the gate reuses one connection per request in flight instead of opening one
        # per request (every response carries its content-length, as HTTP/1.1 requires).
        protocol_version = "HTTP/1.1"
        # Headers and body are separate writes: without TCP_NODELAY, Nagle's algorithm holds the
        # body back until the client's delayed ACK (~40 ms a request on a kept-alive connection).
        disable_nagle_algorithm = True

        def _send(self, status, body=None):
            self.send_response(status)
            if body is None:
                self.end_headers()
                return
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self):  # noqa: N802
            self._send(200, greeting)

        def do_POST(self):  # noqa: N802
            length = int(self.headers.get("content-length", "0"))
            body = self.rfile.read(length)
            if not sessions:  # protocol 1, as it always was: any failure is a 500
                try:
                    return self._send(200, json.dumps(answer(decide, json.loads(body))).encode())
                except Exception as e:  # noqa: BLE001
                    return self._send(500, json.dumps({"error": repr(e)}).encode())
            try:
                message = json.loads(body)
                if not isinstance(message, dict) or message.get("type") not in ("begin", "request", "end", "feedback"):
                    raise ValueError("not a protocol 2 message")
            except ValueError as e:
                return self._send(400, json.dumps({"error": repr(e)}).encode())
            try:
                reply = sessions.handle(message)
            except Exception as e:  # noqa: BLE001
                return self._send(500, json.dumps({"error": repr(e)}).encode())
            if reply is None:
                self._send(204)
            else:
                self._send(200, json.dumps(reply).encode())

        def log_message(self, *args):
            pass

    class Server(ThreadingHTTPServer):
        # The gate opens a connection per message in flight: up to max_concurrency requests plus
        # the begins and ends beside them. The default listen backlog (5) drops the connections
        # past it, and the kernel retries them only after a second or more (so a request can miss
        # its per-call timeout).
        request_queue_size = 4 * MAX_CONCURRENCY_LIMIT
        daemon_threads = True

    server = Server((host, port), Handler)
    print(f"listening on http://{host}:{server.server_address[1]}/", file=sys.stderr, flush=True)
    server.serve_forever()
