"""Ground-truth corpus exporter (spec §6.1, §6.2) and the helpers the other exporters share.

Usage: python export.py [path]   (default: agentdojo-v1.2.json)

Builds, for every AgentDojo v1.2 suite, one scenario per user task and per injection task from
the task's ``ground_truth`` calls, with a provenance label on every argument. The output bytes are
a contract (they are compared with the committed corpus), so the serialisation is fixed:
``json.dump(indent=1, sort_keys=True)``, default ``ensure_ascii``, no trailing newline.
"""

from __future__ import annotations

import collections
import copy
import datetime as _real_datetime
import functools
import hashlib
import json
import os
import sys
import types

BENCHMARK_VERSION = "v1.2"

# Tool -> name of the argument that names the egress destination (spec §4.1).
EGRESS = {
    "send_money": "recipient",
    "schedule_transaction": "recipient",
    "update_scheduled_transaction": "recipient",
    "send_email": "recipients",
    "share_file": "email",
    "create_calendar_event": "participants",
    "add_calendar_event_participants": "participants",
    "send_direct_message": "recipient",
    "send_channel_message": "channel",
    "invite_user_to_slack": "user_email",
    "add_user_to_channel": "user",
    "post_webpage": "url",
    "get_webpage": "url",
}

FIXED_NOW = _real_datetime.datetime(2024, 5, 15, 12, 0, 0)


# --------------------------------------------------------------------------- determinism


def ensure_hash_seed() -> None:
    """Re-exec the running script with PYTHONHASHSEED=0 unless it already has it.

    Calendar participants come out of Python sets, so their order (and with it the corpus bytes)
    depends on string hashing.
    """
    if os.environ.get("PYTHONHASHSEED") != "0":
        env = dict(os.environ, PYTHONHASHSEED="0")
        sys.stdout.flush()
        sys.stderr.flush()
        os.execve(sys.executable, [sys.executable, *sys.argv], env)


class _PinnedDatetime(_real_datetime.datetime):
    """datetime whose now() is the pinned clock; it returns a plain datetime (PyYAML's safe
    representer only knows the exact datetime type)."""

    @classmethod
    def now(cls, tz=None):  # noqa: D102 - same signature as datetime.now
        if tz is not None:
            return FIXED_NOW.replace(tzinfo=tz)
        return _real_datetime.datetime(
            FIXED_NOW.year, FIXED_NOW.month, FIXED_NOW.day, FIXED_NOW.hour, FIXED_NOW.minute, FIXED_NOW.second
        )


def pin_clock() -> None:
    """Give AgentDojo's email and cloud-drive tools a datetime module with a fixed now()."""
    from agentdojo.default_suites.v1.tools import cloud_drive_client, email_client

    fake = types.ModuleType("datetime")
    fake.__dict__.update({k: v for k, v in _real_datetime.__dict__.items() if not k.startswith("__")})
    fake.datetime = _PinnedDatetime
    for module in (email_client, cloud_drive_client):
        module.datetime = fake


def fast_yaml() -> None:
    """Parse environments with libyaml when PyYAML has it.

    AgentDojo re-parses a suite's whole environment YAML for every (user task, injection task)
    pair; the pure-Python parser makes that most of the export time. libyaml's CSafeLoader uses
    the same SafeConstructor and resolver and only replaces the scanner/parser, so it builds the
    same data (checked for every environment text of every corpus with ADE_CHECK_YAML=1, and by
    the byte-identical reference corpora). The clean environment of a suite (and any text seen again) is
    kept in a small LRU (from its second load on) and deep-copied (plain dicts, lists and scalars, so the copy equals a fresh parse).
    """
    import yaml
    from agentdojo.task_suite import task_suite

    loader = getattr(yaml, "CSafeLoader", None) if getattr(yaml, "__with_libyaml__", False) else None
    check = os.environ.get("ADE_CHECK_YAML") == "1"
    cache: collections.OrderedDict[str, object] = collections.OrderedDict()  # small LRU
    seen: set[bytes] = set()  # digests of texts parsed once; a text is cached when it comes back

    def safe_load(text):
        if not isinstance(text, str):
            return yaml.safe_load(text)
        if text in cache:
            cache.move_to_end(text)
            return copy.deepcopy(cache[text])
        data = yaml.load(text, Loader=loader) if loader is not None else yaml.safe_load(text)
        if check and loader is not None and data != yaml.safe_load(text):
            raise AssertionError("libyaml and the pure-Python loader disagree on an environment text")
        h = hashlib.sha256(text.encode("utf-8")).digest()
        if h in seen:
            cache[text] = copy.deepcopy(data)
            if len(cache) > 16:
                cache.popitem(last=False)
        else:
            seen.add(h)
        return data

    shim = types.ModuleType("yaml")
    shim.__dict__.update(yaml.__dict__)
    shim.safe_load = safe_load
    task_suite.yaml = shim


def memo_email() -> None:
    """Memoise pydantic's email validation, a pure function of the address string.

    Every environment load validates each e-mail address of the suite again through
    email-validator, which was about 40% of the export time.
    """
    from pydantic import networks

    if getattr(networks.validate_email, "_ade_memo", False):
        return
    memo = functools.lru_cache(maxsize=None)(networks.validate_email)
    memo._ade_memo = True
    networks.validate_email = memo


def setup() -> None:
    """Everything a regeneration needs before AgentDojo runs a tool."""
    ensure_hash_seed()
    pin_clock()
    fast_yaml()
    memo_email()


# --------------------------------------------------------------------------- helpers (§6.1)


def values(v) -> list[str]:
    """Flatten an argument value into strings: None -> [], list/tuple -> recursive, else str(v)."""
    if v is None:
        return []
    if isinstance(v, (list, tuple)):
        out: list[str] = []
        for item in v:
            out.extend(values(item))
        return out
    return [str(v)]


def label(v, prompt: str) -> str:
    """'trusted' if every non-empty value (lower-cased) is a substring of the prompt (lower-cased),
    or if there is no non-empty value; otherwise 'untrusted'."""
    vals = [x for x in values(v) if x != ""]
    if not vals:
        return "trusted"
    p = prompt.lower()
    return "trusted" if all(x.lower() in p for x in vals) else "untrusted"


def arg_text(v) -> str:
    return " ".join(values(v))


def dest(tool: str, args) -> str:
    """The egress destination of a call: the named argument's values joined with ','."""
    name = EGRESS.get(tool)
    if name is None or name not in args or args[name] is None:
        return ""
    return ",".join(values(args[name]))


def get_suites():
    from agentdojo.task_suite.load_suites import get_suites as _get_suites

    return _get_suites(BENCHMARK_VERSION)


def write_json(path: str, doc, **kwargs) -> None:
    """Write with the given json.dump options, UTF-8, no trailing newline."""
    with open(path, "w", encoding="utf-8", newline="") as f:
        json.dump(doc, f, **kwargs)


# --------------------------------------------------------------------------- ground truth (§6.2)


def build() -> dict:
    diagnostics = {
        "benign_untrusted_args": 0,
        "tasks_skipped": 0,
        "untrusted_in_environment": 0,
        "untrusted_in_neither": 0,
    }
    scenarios = []
    for suite_name, suite in get_suites().items():
        env = suite.load_and_inject_default_environment({})
        env_text = env.model_dump_json().lower()
        tasks = [("benign", t) for t in suite.user_tasks.values()]
        tasks += [("injection", t) for t in suite.injection_tasks.values()]
        for kind, task in tasks:
            benign = kind == "benign"
            try:
                calls = task.ground_truth(copy.deepcopy(env))
            except Exception:  # noqa: BLE001 - counted, as the original does (0 in practice)
                diagnostics["tasks_skipped"] += 1
                continue
            prompt = task.PROMPT if benign else ""
            trace = []
            for call in calls:
                args = []
                for name, v in call.args.items():
                    prov = label(v, prompt)
                    if prov == "trusted":
                        origin = "prompt"
                    else:
                        vals = [x for x in values(v) if x != ""]
                        origin = "environment" if all(x.lower() in env_text for x in vals) else "neither"
                        if benign:
                            diagnostics["benign_untrusted_args"] += 1
                            diagnostics["untrusted_in_" + origin] += 1
                    args.append({"name": name, "origin": origin, "provenance": prov, "text": arg_text(v)})
                trace.append({"args": args, "dest": dest(call.function, call.args), "tool": call.function})
            scenarios.append(
                {
                    "id": f"{suite_name}-{task.ID}",
                    "kind": kind,
                    "suite": suite_name,
                    "task": task.PROMPT if benign else task.GOAL,
                    "trace": trace,
                }
            )
    return {
        "source": "AgentDojo v1.2 task ground truth",
        "egress_tools": sorted(EGRESS),
        "diagnostics": diagnostics,
        "scenarios": scenarios,
    }


def main(argv: list[str]) -> int:
    setup()
    path = argv[0] if argv else "agentdojo-v1.2.json"
    write_json(path, build(), indent=1, sort_keys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
