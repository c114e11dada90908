"""Replay of one recorded AgentDyn run in the rebuilt environment (docs/agentdyn.md, "Replay").

``replay(doc, ...)`` re-executes every recorded tool call with AgentDojo's own ToolsExecutor in
the environment that AgentDojo's benchmark would have built for the run, checks each replayed
output against the logged one, and scores the run as if the agent had halted before call k, for
every k = 0..n, with the suite's own checkers (``TaskSuite._check_task_result``, exactly as
``TaskSuite.run_task_with_pipeline`` calls them). It returns the exported run, or raises
``Excluded`` with a cause.
"""

from __future__ import annotations

import json

import common
import controls
from egress import dest

EXCLUSION_CAUSES = {
    "unlabelled": "the log has no utility/security labels (saved before the run was scored)",
    "api_error": "the run ended with an API error: its labels were set by the benchmark's exception handler, not by the checkers",
    "log_tool_results": "the log's tool results do not pair with its tool calls",
    "model_output_none": "the last assistant message has no content: AgentDojo then re-queries the agent (up to 3 times) on the same, already changed environment, and the log keeps only the last attempt",
    "task_not_in_snapshot": "the user or injection task is not in the snapshot's suite",
    "injections_not_in_snapshot": "the log injects a vector that the snapshot's suite does not have",
    "tool_removed": "the agent called a tool that the snapshot's suite no longer offers, and the log shows that it ran (the suite had it when the run was made)",
    "output_differs": "a replayed tool output differs from the logged one: the environment data changed after the run, or an attempt that the log does not keep (AgentDojo's retry loop) had already changed the environment",
    "labels_differ": "every output replays, but the suite's checkers do not reproduce the logged utility/security",
    "checker_error": "a suite checker raised an exception on the final replayed state (the logged run was scored, so its checker did not)",
}


class Excluded(Exception):
    def __init__(self, cause: str, detail: str = ""):
        assert cause in EXCLUSION_CAUSES, cause
        super().__init__(f"{cause}: {detail}")
        self.cause = cause
        self.detail = detail


def text_of(content) -> str:
    """AgentDojo's get_text_content_as_str on a logged content value."""
    from agentdojo.types import get_text_content_as_str

    if content is None:
        return ""
    if isinstance(content, str):
        return content
    return get_text_content_as_str(content)


def returned_text(content_text: str, error: str | None) -> str:
    """What the agent was given for a call: the error when there is one, else the output (the
    convention of AgentDojo's LLM adapters, e.g. ``message["error"] or content``)."""
    return error if error is not None else content_text


def run_id(doc: dict) -> str:
    return f"{doc['suite_name']}/{doc['user_task_id']}/{doc['attack_type'] or 'none'}/{doc['injection_task_id'] or 'none'}"


def parse_calls(messages: list[dict]) -> list[dict]:
    """Every proposed tool call in order, each with its turn, the number of calls whose results the
    agent had read when proposing it, and its logged result (None when it was never executed)."""
    calls: list[dict] = []
    pending: list[dict] = []
    turn = -1
    for m in messages:
        role = m["role"]
        if role == "assistant":
            if pending:
                raise Excluded("log_tool_results", f"{len(pending)} call(s) of turn {turn} have no result before the next turn")
            tcs = m.get("tool_calls") or []
            if not tcs:
                continue
            turn += 1
            read = [i for i, c in enumerate(calls) if c["result"] is not None]
            for tc in tcs:
                c = {"call": tc, "turn": turn, "read": read, "result": None}
                calls.append(c)
                pending.append(c)
        elif role == "tool":
            if not pending:
                raise Excluded("log_tool_results", "a tool result without a pending call")
            c = pending.pop(0)
            tc = m.get("tool_call") or {}
            cid = m.get("tool_call_id")
            if (cid and c["call"].get("id") and cid != c["call"]["id"]) or tc.get("function", c["call"]["function"]) != c["call"]["function"]:
                raise Excluded("log_tool_results", f"result {cid} does not match call {c['call'].get('id')}")
            c["result"] = {"content": text_of(m.get("content")), "error": m.get("error")}
            if tc and tc.get("args") != c["call"].get("args"):
                raise Excluded("log_tool_results", "a tool result's call has other arguments than the proposed call")
    # calls left pending: proposed in the last turn and never executed (ToolsExecutionLoop's max_iters)
    return calls


class EnvCache:
    """Builds each run's injected environment with the suite's own
    ``load_and_inject_default_environment`` (parsing is fast: common.fast_yaml). Nothing is
    reused between runs: every run gets a freshly built environment, as in the benchmark."""

    def get(self, suite, injections: dict):
        return suite.load_and_inject_default_environment(injections)


def initial_text(suite) -> str:
    from agentdojo.task_suite.task_suite import read_suite_file

    return read_suite_file(suite.name, "environment.yaml", suite.data_path)


def _function_call(tc: dict):
    from agentdojo.functions_runtime import FunctionCall

    return FunctionCall.model_validate(tc)


def execute(runtime, env, tc: dict) -> tuple[str, str | None]:
    """Run one call through AgentDojo's ToolsExecutor; return (content text, error)."""
    from agentdojo.agent_pipeline.tool_execution import ToolsExecutor

    call = _function_call(json.loads(json.dumps(tc)))
    msg = {"role": "assistant", "content": None, "tool_calls": [call]}
    _, _, _, out, _ = ToolsExecutor().query("", runtime, env, [msg], {})
    res = out[-1]
    return text_of(res["content"]), res["error"]


def replay(doc: dict, env_cache: EnvCache, outputs: dict[str, str], stats: dict | None = None) -> dict:
    """Replay one logged benign or attacked run. Adds the returned texts to ``outputs`` and counts
    in ``stats`` the halt points whose checker raised (scored as not met)."""
    if stats is None:
        stats = {}
    stats.setdefault("checker_errors_as_false", 0)
    from agentdojo.functions_runtime import FunctionsRuntime

    rid = run_id(doc)
    if "utility" not in doc or "security" not in doc:
        raise Excluded("unlabelled")
    if doc.get("error"):
        raise Excluded("api_error", str(doc["error"])[:200])
    suite = common.get_suites()[doc["suite_name"]]
    uid, iid = doc["user_task_id"], doc["injection_task_id"]
    if uid not in suite.user_tasks or (iid is not None and iid not in suite.injection_tasks):
        raise Excluded("task_not_in_snapshot", f"{uid} / {iid}")
    user_task = suite.user_tasks[uid]
    injection_task = suite.injection_tasks[iid] if iid is not None else None
    messages = doc["messages"]
    if messages and isinstance(messages[0].get("content"), str):
        from agentdojo.benchmark import convert_old_messages_format

        messages = convert_old_messages_format(messages)
    calls = parse_calls(messages)

    from agentdojo.task_suite.task_suite import functions_stack_trace_from_messages, model_output_from_messages

    recorded_output = model_output_from_messages(messages)
    if recorded_output is None:
        raise Excluded("model_output_none")
    recorded_trace = [_function_call(tc) for tc in functions_stack_trace_from_messages(messages)]
    if len(recorded_trace) != len(calls):
        raise Excluded("log_tool_results", "trace and calls differ in length")

    logged_texts = [returned_text(c["result"]["content"], c["result"]["error"]) for c in calls if c["result"] is not None]
    oracle = controls.Oracle(rid, logged_texts, doc["evaluation_timestamp"], initial_text(suite))
    controls.use(oracle)
    try:
        try:
            env = env_cache.get(suite, doc["injections"])
        except ValueError as e:
            raise Excluded("injections_not_in_snapshot", str(e)[:200]) from e
        env = user_task.init_environment(env)
        pre = env.model_copy(deep=True)
        runtime = FunctionsRuntime(suite.tools)
        tool_names = {t.name for t in suite.tools}
        halt_output = [{"type": "text", "content": common.HALT_MESSAGE}]

        def one(task, output, trace, final):
            try:
                return bool(suite._check_task_result(task, output, pre, env, trace))
            except Exception as e:  # noqa: BLE001
                if final:
                    raise Excluded("checker_error", f"{type(e).__name__}: {e}"[:200]) from e
                stats["checker_errors_as_false"] += 1  # a halted state the checker cannot read: not met
                return False

        def check(output, trace, final=False):
            u = one(user_task, output, trace, final)
            s = one(injection_task, output, trace, final) if injection_task is not None else None
            return {"security": s, "utility": u}

        outcomes = []
        out_calls = []
        for k, c in enumerate(calls):
            outcomes.append(check(halt_output, recorded_trace[:k]))
            tc = c["call"]
            args = tc.get("args") or {}
            entry = {
                "args": [
                    {"name": name, "provenance": common.label(v, user_task.PROMPT), "text": common.arg_text(v)}
                    for name, v in args.items()
                ],
                "dest": dest(doc["suite_name"], tc["function"], args),
                "read": c["read"],
                "returned": None,
                "tool": tc["function"],
            }
            if c["result"] is not None:
                rec = c["result"]
                controls.use_call(returned_text(rec["content"], rec["error"]))
                content, error = execute(runtime, env, tc)
                controls.use_call(None)
                if (content, error) != (rec["content"], rec["error"]):
                    if tc["function"] not in tool_names and not (rec["error"] or "").startswith("Invalid tool"):
                        raise Excluded("tool_removed", f"call {k}: {tc['function']}")
                    raise Excluded("output_differs", f"call {k}: {tc['function']}")
                text = returned_text(content, error)
                d = common.digest(text)
                prev = outputs.setdefault(d, text)
                if prev != text:
                    raise RuntimeError(f"16-hex digest collision: {d}")
                entry["returned"] = d
            out_calls.append(entry)
        final = check(recorded_output, recorded_trace, final=True)
        outcomes.append(final)
        recorded = {"security": bool(doc["security"]) if injection_task is not None else None, "utility": bool(doc["utility"])}
        if final != recorded:
            raise Excluded("labels_differ", f"replayed {final}, logged {recorded}")
        for key, n in oracle.counts.items():
            stats[key] = stats.get(key, 0) + n
    finally:
        controls.use(None)
        controls.use_call(None)
    return {
        "attack": doc["attack_type"] if iid is not None else None,
        "calls": out_calls,
        "id": rid,
        "injection_task": iid,
        "kind": "attacked" if iid is not None else "benign",
        "outcomes": outcomes,
        "recorded": recorded,
        "suite": doc["suite_name"],
        "user_task": uid,
    }
