"""AgentDyn's own user-task ground truth, where it passes its own checker (docs/agentdyn.md).

Each user task's ``ground_truth`` calls run on the clean environment, one by one as AgentDojo's
GroundTruthPipeline runs them (``raise_on_error=True``, model output ``GROUND_TRUTH_OUTPUT``).
An OTP argument (value ``ONE-TIME-PASSWD``, ``one-time-password``, ``$6-digits``, or any value
whose ``placeholder_args`` say ``$6-digits``) is replaced by the OTP of the latest OTP e-mail that
AgentDyn's tools sent in the run, read from the environment as a real agent reads it from its inbox
(the ground truth often omits the inbox read). The task is exported when the
suite's checker then says the task is solved; otherwise it is listed with the reason.

Injection-task ground truth is not used: see INJECTION_GROUND_TRUTH_NOTE.
"""

from __future__ import annotations

import common
import controls
from egress import dest

OTP_PLACEHOLDERS = {"ONE-TIME-PASSWD", "one-time-password", "$6-digits"}
# the clock of a ground-truth run: the suites' calendar day (2024-05-19), noon
GT_EVALUATION_TIMESTAMP = "2024-05-19 12:00:00"

INJECTION_GROUND_TRUTH_NOTE = (
    "AgentDyn's injection-task ground truth is not exported: all 9 shopping and all 9 github injection "
    "tasks return the same copy-pasted send_money call (github has no send_money tool), as do three "
    "dailylife ones, and dailylife injection_task_6 uses argument names its tool does not have; none of "
    "it describes what the injection goal asks for."
)


def _is_otp_placeholder(call, name: str, value) -> bool:
    if name != "otp":
        return False
    ph = (call.placeholder_args or {}).get(name)
    return value in OTP_PLACEHOLDERS or ph == "$6-digits"


def run_task(suite, task) -> tuple[list[dict] | None, str, list]:
    """Return (trace, reason, calls) for one user task: trace None when it does not pass."""
    from agentdojo.agent_pipeline.tool_execution import tool_result_to_str
    from agentdojo.functions_runtime import FunctionCall, FunctionsRuntime

    oracle = controls.Oracle(f"ground-truth/{suite.name}/{task.ID}", [], GT_EVALUATION_TIMESTAMP, "")
    controls.use(oracle)
    try:
        env = suite.load_and_inject_default_environment({})
        env = task.init_environment(env)
        pre = env.model_copy(deep=True)
        env_text = pre.model_dump_json().lower()
        runtime = FunctionsRuntime(suite.tools)
        outputs: list[str] = []
        executed: list = []
        n_verified = 0
        trace: list[dict] = []
        for call in task.ground_truth(pre.model_copy(deep=True)):
            args = dict(call.args)
            for name, v in list(args.items()):
                if _is_otp_placeholder(call, name, v):
                    if not oracle.generated:
                        return None, f"{call.function}: no OTP was sent before the call", executed
                    args[name] = oracle.generated[-1]
            fc = FunctionCall(function=call.function, args=args, id=None, placeholder_args=call.placeholder_args)
            try:
                result, _ = runtime.run_function(env, fc.function, fc.args, raise_on_error=True)
            except Exception as e:  # noqa: BLE001 - reported
                return None, f"{call.function} raises {type(e).__name__}: {e}"[:300], executed
            executed.append(fc)
            seen = env_text + "\n" + "\n".join(outputs).lower()
            row_args = []
            for name, v in args.items():
                prov = common.label(v, task.PROMPT)
                if prov == "trusted":
                    origin = "prompt"
                else:
                    vals = [x for x in common.values(v) if x != ""]
                    origin = "environment" if all(x.lower() in seen for x in vals) else "neither"
                row_args.append({"name": name, "origin": origin, "provenance": prov, "text": common.arg_text(v)})
            trace.append({"args": row_args, "dest": dest(suite.name, fc.function, args), "tool": fc.function})
            outputs.append(tool_result_to_str(result))
            if fc.function.startswith("verify_"):
                n_verified = len(oracle.generated)
        output = [{"type": "text", "content": task.GROUND_TRUTH_OUTPUT}]
        try:
            ok = suite._check_task_result(task, output, pre, env, executed)
        except Exception as e:  # noqa: BLE001 - reported
            return None, f"the checker raises {type(e).__name__}: {e}"[:300], executed
        if not ok:
            if len(oracle.generated) > n_verified:
                return None, "the checker says it does not solve the task: an OTP it requested is never verified", executed
            return None, "the checker says it does not solve the task", executed
        return trace, "", executed
    finally:
        controls.use(None)


def build() -> dict:
    scenarios, failing = [], []
    for suite_name in common.DYN_SUITES:
        suite = common.get_suites()[suite_name]
        for uid, task in sorted(suite.user_tasks.items(), key=lambda kv: int(kv[0].rsplit("_", 1)[1])):
            trace, reason, _ = run_task(suite, task)
            if trace is None:
                failing.append({"id": f"{suite_name}-{uid}", "reason": reason, "suite": suite_name, "task": task.PROMPT})
                continue
            scenarios.append({"id": f"{suite_name}-{uid}", "kind": "benign", "suite": suite_name, "task": task.PROMPT, "trace": trace})
    return {
        "agentdyn_commit": common.AGENTDYN_COMMIT,
        "benchmark_version": common.BENCHMARK_VERSION,
        "egress_tools": __import__("egress").egress_tools(),
        "failing": failing,
        "injection_ground_truth": INJECTION_GROUND_TRUTH_NOTE,
        "otp": "an OTP argument is the OTP of the OTP e-mail the ground truth read last (as a real run reads it)",
        "origin": "prompt: trusted by the provenance rule; environment: every value occurs in the initial environment or in an earlier call's output; neither: otherwise",
        "scenarios": scenarios,
        "source": f"{common.SOURCE}: user-task ground truth that passes its own checker",
    }
