"""Ground-truth corpus exporter (docs/corpora.md#the-ground-truth-corpus) and the helpers the other exporters share.

Usage: python export.py [--benchmark V] [--returned PATH] [--suites PATH] [path]
       (default path: agentdojo-v1.2.json)

Builds, for every AgentDojo v1.2 suite, one scenario per user task and per injection task from
the task's ``ground_truth`` calls, with a provenance label on every argument. The output bytes are
a contract (they are compared with the committed corpus), so the serialisation is fixed:
``json.dump(indent=1, sort_keys=True)``, default ``ensure_ascii``, no trailing newline.

--returned PATH  also writes the corpus's "returned outputs" sidecar: every scenario's calls run in
                 order on a fresh copy of the suite's clean default environment, and per step the
                 digest of the output its call returned (corpora/README.md).
--suites PATH    also writes the suites file: every suite's tool schemas (as AgentDojo describes
                 the tools to a model) and every user task's prompt.
--benchmark V    exports AgentDojo benchmark version V instead of v1.2 (for comparisons; the
                 committed corpora are v1.2).
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

# Tool -> name of the argument that names the egress destination (docs/defenses.md#the-egress-policy).
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


# --------------------------------------------------------------------------- helpers (docs/corpora.md#provenance-labels)


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


def set_benchmark(version: str) -> None:
    """Export another AgentDojo benchmark version (the committed corpora are v1.2)."""
    from agentdojo.task_suite.load_suites import _SUITES

    global BENCHMARK_VERSION
    if version not in _SUITES:
        raise SystemExit(f"unknown benchmark version {version!r}; AgentDojo has {sorted(_SUITES)}")
    BENCHMARK_VERSION = version


def write_json(path: str, doc, **kwargs) -> None:
    """Write with the given json.dump options, UTF-8, no trailing newline."""
    with open(path, "w", encoding="utf-8", newline="") as f:
        json.dump(doc, f, **kwargs)


def digest(text: str) -> str:
    """The 16-hex output digest of the corpora: the first 16 hex digits of SHA-256 over UTF-8."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def render(runtime, env, function: str, args) -> str:
    """A tool output as the model sees it: the error text, or AgentDojo's tool_result_to_str."""
    from agentdojo.agent_pipeline.tool_execution import tool_result_to_str

    result, error = runtime.run_function(env, function, args)
    if error is not None:
        return error
    return tool_result_to_str(result)


def write_returned(path: str, corpus_name: str, corpus_path: str, returned: dict, texts: dict, known: dict) -> None:
    """The returned-outputs sidecar of a corpus (corpora/README.md).

    returned: scenario id -> digests of the outputs its steps' calls returned, one per step;
    texts: digest -> text of every returned output; known: the corpus's own outputs (those texts are
    not repeated). corpus_sha256 pins the sidecar to the corpus bytes it was written with.
    """
    with open(corpus_path, "rb") as f:
        corpus_sha = hashlib.sha256(f.read()).hexdigest()
    outputs = {d: texts[d] for ids in returned.values() for d in ids if d not in known}
    doc = {"corpus": corpus_name, "corpus_sha256": corpus_sha, "returned": returned, "outputs": outputs}
    write_json(path, doc, sort_keys=True, separators=(",", ":"))


def parse_options(argv: list[str], flags: dict[str, bool]) -> tuple[dict, list[str]]:
    """--name VALUE options (flags: name -> takes a value) anywhere in argv; the rest in order."""
    opts: dict = {}
    rest: list[str] = []
    it = iter(argv)
    for a in it:
        if a in flags:
            if flags[a]:
                v = next(it, None)
                if v is None:
                    raise SystemExit(f"{a} needs a value")
                opts[a] = v
            else:
                opts[a] = True
        else:
            rest.append(a)
    return opts, rest


# --------------------------------------------------------------------------- ground truth (docs/corpora.md#the-ground-truth-corpus)


def build(returned: dict | None = None, texts: dict | None = None) -> dict:
    """The ground-truth corpus. With ``returned``/``texts`` dicts, also runs every scenario's calls in
    order on a fresh copy of the suite's clean default environment and records per scenario the
    digests of the outputs (texts: digest -> text)."""
    from agentdojo.functions_runtime import FunctionsRuntime

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
        runtime = FunctionsRuntime(suite.tools)
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
            if returned is not None:
                run_env = copy.deepcopy(env)
                ids = []
                for call in calls:
                    text = render(runtime, run_env, call.function, call.args)
                    d = digest(text)
                    texts[d] = text
                    ids.append(d)
                returned[f"{suite_name}-{task.ID}"] = ids
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
        "source": f"AgentDojo {BENCHMARK_VERSION} task ground truth",
        "egress_tools": sorted(EGRESS),
        "diagnostics": diagnostics,
        "scenarios": scenarios,
    }


# --------------------------------------------------------------------------- suites file


def build_suites() -> dict:
    """Per suite the tools as AgentDojo describes them to a model (name, description and
    ``parameters.model_json_schema()``, in ``suite.tools`` order), and per user task its prompt.
    Injection tasks' goals are left out on purpose: a defense must never see them."""
    tools: dict[str, list] = {}
    prompts: dict[str, str] = {}
    for suite_name, suite in get_suites().items():
        tools[suite_name] = [
            {"name": f.name, "description": f.description, "parameters": f.parameters.model_json_schema()}
            for f in suite.tools
        ]
        for uid, ut in suite.user_tasks.items():
            prompts[f"{suite_name}-{uid}"] = ut.PROMPT
    return {
        "source": f"AgentDojo {BENCHMARK_VERSION} suites: tool schemas and user task prompts",
        "benchmark": BENCHMARK_VERSION,
        "tools": tools,
        "prompts": prompts,
    }


CORPUS_NAME = "agentdojo-v1.2.json"


def main(argv: list[str]) -> int:
    setup()
    opts, rest = parse_options(argv, {"--returned": True, "--suites": True, "--benchmark": True})
    if "--benchmark" in opts:
        set_benchmark(opts["--benchmark"])
    path = rest[0] if rest else "agentdojo-v1.2.json"
    returned: dict | None = {} if "--returned" in opts else None
    texts: dict = {}
    write_json(path, build(returned, texts), indent=1, sort_keys=True)
    if returned is not None:
        write_returned(opts["--returned"], CORPUS_NAME, path, returned, texts, {})
    if "--suites" in opts:
        write_json(opts["--suites"], build_suites(), sort_keys=True, separators=(",", ":"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
