"""Control of every source of nondeterminism in AgentDyn's tools during a replay.

A recorded run was produced with values that AgentDyn draws at run time. To re-execute its calls
and get the very same tool outputs, each such value is taken from what the run's own log shows
(the "oracle" of the run), and only where the log never shows it, from a fixed fallback:

| source (AgentDyn code)                                         | value in a replay |
|---|---|
| OTPs, ``random.choices`` in shopping_client.send_otp_to_inbox,  | the OTP in the body of the e-mail that the same call creates, as the log shows that e-mail (keyed by inbox and e-mail id); fallback: a digest of the run id and a counter |
|   github_client.send_otp_to_inbox, dynamic_banking_client.send_otp_to_inbox | |
| e-mail timestamps, ``datetime.now()`` in DynamicInbox.receive_email / send_email | the timestamp that the log shows for that e-mail (inbox, id); fallback: the run's ``evaluation_timestamp`` |
| order ids, ``random.randint`` in shopping_client.checkout_selected_cart | the id the log shows for a new order of that product (order history or invoice); fallback: the lowest id the code could draw |
| order/refund dates, ``date.today()`` in shopping_client        | the date of the run's ``evaluation_timestamp`` |
| issue comment time, ``datetime.now()`` in github_client.git_issue | the new comment timestamps the log shows, in ascending order; fallback: ``evaluation_timestamp`` |
| participant order, ``list(set(...))`` in dynamic_calendar_client.Calendar.create_event | the order the log shows for that event id, or, when the logged call failed validation, the positions its error names; fallback: PYTHONHASHSEED=0 |

``install()`` patches the modules once per process; ``use(oracle)`` selects the run.
"""

from __future__ import annotations

import datetime as _dt
import functools
import hashlib
import random as _random
import re
import sys
import types

import yaml

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_OTP_END = re.compile(r"(\d{6})\Z")
_ORDER_ID = re.compile(r"ORDER-\d+")
_INVOICE = re.compile(r"Order ID: (ORDER-\d+)(?:\\n|\n).*?Product ID: ([A-Za-z0-9_-]+)", re.S)
_COMMENT_TS = re.compile(r"'timestamp': '(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)?)'")


def _parse_yaml(text: str):
    try:
        return yaml.load(text, Loader=_LOADER)
    except yaml.YAMLError:
        return None


def _walk(node, visit) -> None:
    if isinstance(node, dict):
        visit(node)
        for v in node.values():
            _walk(v, visit)
    elif isinstance(node, list):
        for v in node:
            _walk(v, visit)


def _as_datetime(v) -> _dt.datetime | None:
    if isinstance(v, _dt.datetime):
        return v
    if isinstance(v, str):
        try:
            return _dt.datetime.fromisoformat(v)
        except ValueError:
            return None
    return None


CONTROL_COUNTS = (
    "comment_timestamp_from_log",
    "comment_timestamp_fallback",
    "email_timestamp_from_log",
    "email_timestamp_fallback",
    "order_date_today",
    "order_id_from_log",
    "order_id_fallback",
    "otp_from_log",
    "otp_fallback",
    "participants_from_log",
    "participants_fallback",
)


@functools.lru_cache(maxsize=4096)
def _facts(text: str) -> tuple:
    """What one logged output shows (cached: the same inbox dump recurs across runs):
    ("email", account, id, timestamp, otp), ("event", id, participants), ("order", order id,
    product id), ("comment", timestamp), in order of appearance."""
    out: list[tuple] = []

    def visit(d: dict) -> None:
        if "id_" in d and "sender" in d and "recipients" in d:
            recipients = d.get("recipients") or []
            account = d.get("sender") if d.get("status") == "sent" else (recipients[0] if recipients else None)
            if account is not None:
                body = d.get("body")
                m = _OTP_END.search(body) if isinstance(body, str) and "OTP" in body else None
                out.append(("email", str(account), str(d["id_"]), _as_datetime(d.get("timestamp")), m.group(1) if m else None))
        elif "id_" in d and "participants" in d and "start_time" in d:
            parts = d.get("participants")
            if isinstance(parts, list):
                out.append(("event", str(d["id_"]), tuple(str(p) for p in parts)))
        if "order_id" in d and "product_id" in d:
            out.append(("order", str(d["order_id"]), str(d["product_id"])))

    if ("id_" in text or "order_id" in text) and (text.startswith("- ") or ":" in text[:40]):
        data = _parse_yaml(text)
        if isinstance(data, (dict, list)):
            _walk(data, visit)
    if "Order ID: ORDER-" in text:
        out.extend(("order", oid, pid) for oid, pid in _INVOICE.findall(text))
    if "'timestamp': '" in text:
        out.extend(("comment", ts) for ts in _COMMENT_TS.findall(text))
    return tuple(out)


@functools.lru_cache(maxsize=16)
def _initial_facts(initial_text: str) -> tuple[frozenset, frozenset]:
    return frozenset(_ORDER_ID.findall(initial_text)), frozenset(_COMMENT_TS.findall(initial_text))


class Oracle:
    """What one recorded run shows of the values AgentDyn drew at run time."""

    def __init__(self, run_id: str, outputs: list[str], evaluation_timestamp: str, initial_text: str):
        self.run_id = run_id
        self.now = _dt.datetime.fromisoformat(evaluation_timestamp)
        self.today = self.now.date()
        self.email_ts: dict[tuple[str, str], _dt.datetime] = {}
        self.otp: dict[tuple[str, str], str] = {}
        self.participants: dict[str, list[str]] = {}
        self.orders: list[tuple[str, str]] = []  # (order id, product id) of new orders, first appearance order
        known_orders, known_comments = _initial_facts(initial_text)
        comment_ts: set[str] = set()
        seen_orders: set[str] = set()
        for text in outputs:
            for fact in _facts(text):
                kind = fact[0]
                if kind == "email":
                    _, account, id_, ts, otp = fact
                    if ts is not None:
                        self.email_ts.setdefault((account, id_), ts)
                    if otp is not None:
                        self.otp.setdefault((account, id_), otp)
                elif kind == "event":
                    self.participants.setdefault(fact[1], list(fact[2]))
                elif kind == "order":
                    oid, pid = fact[1], fact[2]
                    if oid not in known_orders and oid not in seen_orders:
                        seen_orders.add(oid)
                        self.orders.append((oid, pid))
                else:
                    comment_ts.add(fact[1])
        self.comment_ts = sorted(comment_ts - known_comments)
        self.used_orders: set[str] = set()
        self.n_comments = 0
        self.generated: list[str] = []  # every OTP the tools drew in this run, in order
        # how often each control took a value from the log, and how often it fell back
        self.counts: dict[str, int] = dict.fromkeys(CONTROL_COUNTS, 0)

    def count(self, what: str) -> int:
        self.counts[what] += 1
        return self.counts[what]

    def fallback_otp(self) -> str:
        n = self.count("otp_fallback")
        h = hashlib.sha256(f"{self.run_id}#otp#{n}".encode()).hexdigest()
        return f"{int(h[:12], 16) % 1000000:06d}"


_current: Oracle | None = None


class ControlError(BaseException):
    """A control met a call it was not written for. A BaseException, so that AgentDojo's
    FunctionsRuntime (which turns an Exception into the call's error text) cannot swallow it."""


def _caller():
    """The innermost frame outside this module (the AgentDyn code that called a control)."""
    f = sys._getframe(1)
    while f is not None and f.f_code.co_filename == __file__:
        f = f.f_back
    return f


def _guard(fn):
    import functools

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except ControlError:
            raise
        except Exception as e:  # noqa: BLE001 - a bug in a control, never a tool error
            raise ControlError(f"{fn.__qualname__}: {type(e).__name__}: {e}") from e

    return wrapper


def use(oracle: Oracle | None) -> None:
    global _current
    _current = oracle


def _oracle() -> Oracle:
    if _current is None:
        raise ControlError("controls.use(oracle) was not called before a replay")
    return _current


# --------------------------------------------------------------------------- OTPs and order ids


def _otp_recipient(frame) -> tuple[object, str] | None:
    """The (email_database, recipient address) of the OTP e-mail that send_otp_to_inbox is about
    to send, computed exactly as the calling send_otp_to_inbox computes it; None if it sends none."""
    module = frame.f_globals.get("__name__", "")
    loc = frame.f_locals
    db = loc.get("email_database")
    if module.endswith("shopping_client"):
        sp = loc["shopping_platform"]
        acct = frame.f_globals["get_shopping_platform_account_instance"](sp, username=sp.current_account_username)
        if isinstance(acct, str):
            return None
        return db, acct.user_info.email
    if module.endswith("github_client"):
        gp = loc["github_platform"]
        try:
            acct = frame.f_globals["get_github_platform_account_instance"](gp, email_address=gp.current_account_email)
        except ValueError:
            return None
        if acct is None:
            return None
        return db, acct.email
    if module.endswith("dynamic_banking_client"):
        bank = loc["bank_database"]
        acct = frame.f_globals["get_bank_account_instance"](bank, account_number=bank.current_account)
        if isinstance(acct, str):
            return None
        return db, db.current_account
    raise ControlError(f"random.choices called from an unexpected place: {module}.{frame.f_code.co_name}")


class ReplayRandom:
    """Stands in for the ``random`` module inside AgentDyn's tool modules."""

    def __init__(self):
        self._rng = _random.Random(0)

    @_guard
    def choices(self, population, weights=None, *, cum_weights=None, k=1):
        frame = _caller()
        if frame.f_code.co_name != "send_otp_to_inbox" or population != "0123456789" or k != 6:
            raise ControlError(f"unexpected random.choices call in {frame.f_code.co_name}")
        o = _oracle()
        target = _otp_recipient(frame)
        otp = None
        if target is not None:
            db, recipient = target
            inbox = db.get_inbox_by_email(recipient)
            next_id = str(inbox._get_next_id()) if inbox is not None else "1"
            otp = o.otp.get((str(recipient), next_id))
        if otp is None:
            otp = o.fallback_otp()
        else:
            o.count("otp_from_log")
        o.generated.append(otp)
        return list(otp)

    @_guard
    def randint(self, a, b):
        frame = _caller()
        if frame.f_code.co_name != "checkout_selected_cart":
            raise ControlError(f"unexpected random.randint call in {frame.f_code.co_name}")
        o = _oracle()
        pid = frame.f_locals["cart_product"].product_id
        for oid, p in o.orders:
            if p == pid and oid not in o.used_orders and a <= int(oid.split("-")[1]) <= b:
                o.used_orders.add(oid)
                o.count("order_id_from_log")
                return int(oid.split("-")[1])
        n = o.count("order_id_fallback")
        return min(a + n - 1, b)

    def __getattr__(self, name):  # anything else: a fixed-seed generator (not used by AgentDyn's tools)
        return getattr(self._rng, name)


# --------------------------------------------------------------------------- clocks


class _ClockDatetime(_dt.datetime):
    @classmethod
    def now(cls, tz=None):
        frame = _caller()
        if tz is not None:
            raise ControlError("datetime.now(tz) is not controlled")
        o = _oracle()
        if frame.f_code.co_name == "git_issue":
            i = o.n_comments
            o.n_comments += 1
            if i < len(o.comment_ts):
                o.count("comment_timestamp_from_log")
                return _dt.datetime.fromisoformat(o.comment_ts[i])
            o.count("comment_timestamp_fallback")
        return _dt.datetime(o.now.year, o.now.month, o.now.day, o.now.hour, o.now.minute, o.now.second)


class _ClockDate(_dt.date):
    @classmethod
    def today(cls):
        o = _oracle()
        o.count("order_date_today")
        return _dt.date(o.today.year, o.today.month, o.today.day)


def _clock_module() -> types.ModuleType:
    fake = types.ModuleType("datetime")
    fake.__dict__.update({k: v for k, v in _dt.__dict__.items() if not k.startswith("__")})
    fake.datetime = _ClockDatetime
    fake.date = _ClockDate
    return fake


@_guard
def _fix_email(inbox, email) -> None:
    o = _oracle()
    ts = o.email_ts.get((str(inbox.account_email), str(email.id_)))
    o.count("email_timestamp_from_log" if ts is not None else "email_timestamp_fallback")
    email.timestamp = ts if ts is not None else _dt.datetime(o.now.year, o.now.month, o.now.day, o.now.hour, o.now.minute, o.now.second)


_PARTICIPANT_ERROR = re.compile(r"^participants\.(\d+)\n.*?input_value='((?:[^'\\]|\\.)*)'", re.M | re.S)
_CALENDAR_ERROR = re.compile(r"validation errors? for CalendarEvent\n")
_current_call_output: str | None = None


def use_call(logged_output: str | None) -> None:
    """The logged output of the call being replayed (a control may read it)."""
    global _current_call_output
    _current_call_output = logged_output


def _participant_order(unique: list, event_id: str) -> list | None:
    """The order of an event's deduplicated participants as the log shows it: from the event
    as rendered anywhere in the log, or, when the logged call failed validation, from the
    positions its error names (``participants.N ... input_value='x'``)."""
    o = _oracle()
    recorded = o.participants.get(str(event_id))
    if recorded is not None and sorted(map(str, recorded)) == sorted(map(str, unique)):
        return list(recorded)
    text = _current_call_output or ""
    head = _CALENDAR_ERROR.search(text)
    if head is not None:
        pinned = {}
        for m in _PARTICIPANT_ERROR.finditer(text[head.end() :]):
            pinned[int(m.group(1))] = m.group(2)
        rest = [p for p in unique if p not in pinned.values()]
        if pinned and len(rest) + len(pinned) == len(unique) and max(pinned) < len(unique):
            order, it = [], iter(rest)
            for i in range(len(unique)):
                order.append(pinned[i] if i in pinned else next(it))
            return order
    return None


_builtin_set = set


def _calendar_set(iterable=()):
    """``set`` as dynamic_calendar_client sees it: a real set, except in Calendar.create_event's
    ``list(set(participants))``, where it yields the participants in the log's order (fallback:
    the real set's order, fixed by PYTHONHASHSEED=0)."""
    frame = _caller()
    if frame.f_code.co_name != "create_event" or "id_" not in frame.f_locals:
        return _builtin_set(iterable)
    try:
        unique = list(_builtin_set(iterable))
        order = _participant_order(unique, frame.f_locals["id_"])
    except ControlError:
        raise
    except Exception as e:  # noqa: BLE001 - a bug in the control
        raise ControlError(f"_calendar_set: {type(e).__name__}: {e}") from e
    o = _oracle()
    if order is None:
        o.count("participants_fallback")
        return unique
    o.count("participants_from_log")
    return order


_installed = False


def install() -> None:
    """Patch AgentDyn's tool modules (idempotent)."""
    global _installed
    if _installed:
        return
    from agentdojo.default_suites.v1.tools import (
        dynamic_banking_client,
        dynamic_calendar_client,
        dynamic_email_client,
        github_client,
        shopping_client,
    )

    rnd = ReplayRandom()
    for m in (shopping_client, github_client, dynamic_banking_client):
        m.random = rnd
    clock = _clock_module()
    for m in (dynamic_email_client, shopping_client, github_client):
        m.datetime = clock

    inbox_cls = dynamic_email_client.DynamicInbox
    orig_receive, orig_send = inbox_cls.receive_email, inbox_cls.send_email

    def receive_email(self, *args, **kwargs):
        email = orig_receive(self, *args, **kwargs)
        _fix_email(self, email)
        return email

    def send_email(self, *args, **kwargs):
        email = orig_send(self, *args, **kwargs)
        _fix_email(self, email)
        return email

    inbox_cls.receive_email = receive_email
    inbox_cls.send_email = send_email

    dynamic_calendar_client.set = _calendar_set
    _installed = True
