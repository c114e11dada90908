"""Injection-slot exporter (docs/injection-slots.md): how any payload renders into the tool outputs.

Usage: python slots.py [path]   (default: agentdojo-v1.2-slots.json)

For every user × injection task pair of the suites, the pair's two runs are replayed the way pairs.py
replays them, with each injected vector's payload replaced by a marker, once with short markers
(world A) and once with long ones (world B). Every output, argument and integer that differs
between the two worlds depends on the payload; everything else is literal. From world A's tool
results (and the instrumented PyYAML dump of them) the exporter writes, per payload-dependent
output, a template: literal text plus occurrences, each a named rendering rule applied to a value
built from environment scalars (slot_render.py). Every template is checked by rendering both worlds
with the pure-Python rules and comparing with AgentDojo's own output text.

The file also records the payloads the committed corpora use (per corpus and scenario), so that the
templates can be checked against the committed outputs (test_slots.py) without AgentDojo.
Serialisation: sort_keys, separators (",", ":"), ensure_ascii, no trailing newline.
"""

from __future__ import annotations

import copy
import hashlib
import json
import re
import sys

import export as common
import pairs as pairs_mod
import slot_render as sr
from transforms import TRANSFORM_NAMES, apply_transform

SOURCE = "AgentDojo v1.2 injection slots"
# Tools that select items by a case-insensitive substring query of text that may hold a payload.
SEARCH_TOOLS = {
    "search_emails": "subject or body",
    "search_files": "content",
    "search_calendar_events": "title or description",
}
_PLACEHOLDER = re.compile(r"\{([A-Za-z0-9_]+)\}")


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def canon(obj) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


class SlotDiscoveryError(Exception):
    pass


# --------------------------------------------------------------------------- environment scalars


def env_templates(suite) -> tuple[dict[str, list], dict[str, str], dict[str, str]]:
    """The double-quoted scalars of the suite's environment text that hold injection placeholders.

    Returns ({env id: raw parts}, {vector: env id}, defaults). Raw parts are literal raw YAML text
    (between the quotes) and {"vector": name}. Identical raw templates share one id.
    """
    import yaml
    from agentdojo.task_suite.task_suite import read_suite_file

    text = read_suite_file(suite.name, "environment.yaml", suite.data_path)
    defaults = suite.get_injection_vector_defaults()
    by_raw: dict[str, str] = {}
    raws: dict[str, list] = {}
    vector_env: dict[str, str] = {}
    for tok in yaml.scan(text, Loader=yaml.SafeLoader):
        if not isinstance(tok, yaml.ScalarToken):
            continue
        raw = text[tok.start_mark.index : tok.end_mark.index]
        names = [m.group(1) for m in _PLACEHOLDER.finditer(raw) if m.group(1) in defaults]
        if not names:
            continue
        if tok.style != '"' or not (raw.startswith('"') and raw.endswith('"')):
            raise SlotDiscoveryError(f"{suite.name}: placeholder outside a double-quoted scalar: {raw[:80]!r}")
        raw = raw[1:-1]
        if raw not in by_raw:
            eid = f"{suite.name}:{len(by_raw)}"
            by_raw[raw] = eid
            parts: list = []
            pos = 0
            for m in _PLACEHOLDER.finditer(raw):
                if m.group(1) not in defaults:
                    continue
                if m.start() > pos:
                    parts.append(raw[pos : m.start()])
                parts.append({"vector": m.group(1)})
                pos = m.end()
            if pos < len(raw):
                parts.append(raw[pos:])
            raws[eid] = parts
        eid = by_raw[raw]
        for name in names:
            if vector_env.setdefault(name, eid) != eid:
                raise SlotDiscoveryError(f"{suite.name}: vector {name} sits in two different scalars")
    missing = sorted(set(defaults) - set(vector_env))
    if missing:
        raise SlotDiscoveryError(f"{suite.name}: vectors without a placeholder: {missing}")
    # the pure-Python rule and PyYAML agree on every scalar with the defaults
    for eid, parts in raws.items():
        raw = "".join(p if isinstance(p, str) else defaults[p["vector"]] for p in parts)
        if sr.yaml_dq(raw) != yaml.safe_load('"' + raw + '"'):
            raise SlotDiscoveryError(f"{eid}: yaml_dq disagrees with PyYAML on the default value")
    return raws, vector_env, defaults


# --------------------------------------------------------------------------- instrumented dump


class _Stream:
    def __init__(self):
        self.parts: list[str] = []
        self.pos = 0

    def write(self, data: str) -> None:
        self.parts.append(data)
        self.pos += len(data)

    def flush(self) -> None:
        pass

    def getvalue(self) -> str:
        return "".join(self.parts)


def _recording_dumper():
    import yaml

    class RecordingDumper(yaml.SafeDumper):
        """SafeDumper that records, per scalar, where and how it was written (same bytes)."""

        def __init__(self, stream, **kwargs):
            super().__init__(stream, **kwargs)
            self.ade_stream = stream
            self.ade_scalars: list[dict] = []

        def process_scalar(self):
            rec = {
                "value": self.event.value,
                "tag": self.event.tag,
                "key": bool(self.simple_key_context),
                "flow": self.flow_level,
                "start": self.ade_stream.pos,
                "column": self.column,
                "indent": self.indent or 0,
                "whitespace": self.whitespace,
            }
            if self.analysis is None:
                self.analysis = self.analyze_scalar(self.event.value)
            if self.style is None:
                self.style = self.choose_scalar_style()
            rec["style"] = {"": "plain", "'": "single", '"': "double"}.get(self.style, self.style)
            super().process_scalar()
            rec["end"] = self.ade_stream.pos
            self.ade_scalars.append(rec)

    return RecordingDumper


_DUMPER = None


def dump_recorded(result) -> tuple[str, list[dict]]:
    """tool_result_to_str for a model or list, with the scalars' positions in the unstripped dump."""
    from pydantic import BaseModel

    global _DUMPER
    if _DUMPER is None:
        _DUMPER = _recording_dumper()
    if isinstance(result, BaseModel):
        data = result.model_dump()
    else:
        data = []
        for item in result:
            if type(item) in [str, int]:
                data.append(str(item))
            elif isinstance(item, BaseModel):
                data.append(item.model_dump())
            else:
                raise TypeError("Not valid type for item tool result: " + str(type(item)))
    stream = _Stream()
    dumper = _DUMPER(stream)
    try:
        dumper.open()
        dumper.represent(data)
        dumper.close()
    finally:
        dumper.dispose()
    return stream.getvalue(), dumper.ade_scalars


# --------------------------------------------------------------------------- worlds


def record(runtime, env, call) -> dict:
    """Run one call and keep what its output is made of (immediately: results may be live objects)."""
    from agentdojo.agent_pipeline.tool_execution import tool_result_to_str
    from pydantic import BaseModel

    result, error = runtime.run_function(env, call.function, call.args)
    rec = {"function": call.function, "args": copy.deepcopy(dict(call.args))}
    if error is not None:
        rec.update(kind="error", text=error)
        return rec
    text = tool_result_to_str(result)
    rec["text"] = text
    if isinstance(result, (BaseModel, list)):
        unstripped, scalars = dump_recorded(result)
        if unstripped.strip() != text:
            raise SlotDiscoveryError(f"{call.function}: the recording dumper wrote different bytes")
        rec.update(kind="yaml", unstripped=unstripped, scalars=scalars)
    elif isinstance(result, str):
        rec.update(kind="raw", value=result)
    elif isinstance(result, dict) and all(isinstance(k, str) for k in result):
        rec.update(kind="repr", items=[(k, v if isinstance(v, str) else copy.deepcopy(v)) for k, v in result.items()])
    else:
        rec.update(kind="other")
    return rec


def world(suite, runtime, ut, it, injections: dict[str, str], probes: dict[str, str] | None = None):
    """The pair's run as pairs.py replays it: the user task's ground truth on the injected
    environment, then the injection task's ground truth on the environment it left.

    With ``probes`` (env id -> a marker in that env scalar), every search call (SEARCH_TOOLS) is
    also run, on a copy of the state it sees, with each marker as its query: the env ids whose
    marker it finds are the scalars that call searches (step["searched"])."""
    env = suite.load_and_inject_default_environment(injections)
    steps = []
    n_user = 0
    for task in (ut, it):
        calls = task.ground_truth(copy.deepcopy(env))
        for call in calls:
            searched = None
            if probes is not None and call.function in SEARCH_TOOLS and "query" in call.args:
                searched = []
                for eid, marker in probes.items():
                    probe_args = dict(call.args, query=marker)
                    result, error = runtime.run_function(copy.deepcopy(env), call.function, probe_args)
                    if error is None and result:
                        searched.append(eid)
            rec = record(runtime, env, call)
            if searched is not None:
                rec["searched"] = searched
            steps.append(rec)
        if task is ut:
            n_user = len(steps)
    return steps, n_user


# --------------------------------------------------------------------------- templates from two worlds


class Pair:
    """Template construction for one pair: env values of both worlds and value decomposition."""

    def __init__(self, pid, raws, vector_env, defaults, vectors, markers_a, markers_b):
        import yaml

        self.pid = pid
        self.env_ids = sorted({vector_env[v] for v in vectors}, key=lambda e: int(e.split(":")[1]))
        self.values_a = {}
        self.values_b = {}
        for eid in self.env_ids:
            for values, markers in ((self.values_a, markers_a), (self.values_b, markers_b)):
                raw = "".join(p if isinstance(p, str) else markers.get(p["vector"], defaults[p["vector"]]) for p in raws[eid])
                value = sr.yaml_dq(raw)
                if value != yaml.safe_load('"' + raw + '"'):
                    raise SlotDiscoveryError(f"{pid}: yaml_dq disagrees with PyYAML on {eid}")
                values[eid] = value
        self.marker_rx = re.compile("|".join(re.escape(markers_a[v]) for v in vectors))
        self.vector_of = {markers_a[v]: v for v in vectors}
        self.vector_env = vector_env

    def value(self, a: str, b: str, where: str) -> list:
        """Decompose world A's string into literals and env values; check it against world B."""
        parts: list = []
        pos = 0
        for m in self.marker_rx.finditer(a):
            if m.start() < pos:
                continue  # inside an env value already taken
            eid = self.vector_env[self.vector_of[m.group()]]
            ev = self.values_a[eid]
            # the occurrence of the env value that covers this marker
            found = -1
            k = a.find(ev, max(pos, m.end() - len(ev)))
            while k != -1 and k <= m.start():
                if k + len(ev) >= m.end():
                    found = k
                    break
                k = a.find(ev, k + 1)
            if found < 0:
                raise SlotDiscoveryError(f"{self.pid} {where}: a payload occurs without its whole environment value")
            if found > pos:
                parts.append(a[pos:found])
            parts.append({"env": eid})
            pos = found + len(ev)
        if pos < len(a):
            parts.append(a[pos:])
        for p in parts:
            if isinstance(p, str) and self.marker_rx.search(p):
                raise SlotDiscoveryError(f"{self.pid} {where}: a marker left in literal text")
        if sr.render_value(parts, self.values_b) != b:
            raise SlotDiscoveryError(f"{self.pid} {where}: the value template does not give world B's value")
        return parts

    def output(self, ra: dict, rb: dict, where: str):
        """The output template of one step, or None when the output does not depend on the payload."""
        if ra["kind"] != rb["kind"]:
            raise SlotDiscoveryError(f"{self.pid} {where}: output kind differs between worlds")
        if ra["text"] == rb["text"]:
            if self.marker_rx.search(ra["text"]):
                raise SlotDiscoveryError(f"{self.pid} {where}: marker in a payload-independent output")
            return None
        kind = ra["kind"]
        if kind == "yaml":
            parts = self._yaml(ra, rb, where)
        elif kind == "raw":
            parts = [{"rule": "raw", "value": self.value(ra["value"], rb["value"], where)}]
        elif kind == "repr":
            parts = self._repr(ra, rb, where)
        else:
            raise SlotDiscoveryError(f"{self.pid} {where}: payload-dependent output of kind {kind}")
        parts = _merge(parts)
        for rec, values in ((ra, self.values_a), (rb, self.values_b)):
            if sr.render_output(parts, values) != rec["text"]:
                raise SlotDiscoveryError(f"{self.pid} {where}: template does not reproduce the output")
        return parts

    def _yaml(self, ra, rb, where):
        sa, sb = ra["scalars"], rb["scalars"]
        if len(sa) != len(sb):
            raise SlotDiscoveryError(f"{self.pid} {where}: dumps have different shapes")
        text = ra["unstripped"]
        if text[:1].isspace():
            raise SlotDiscoveryError(f"{self.pid} {where}: dump starts with whitespace")
        parts: list = []
        pos = 0
        strings = []  # (index into parts, value template, len A, len B)
        pending_len = []
        for x, y in zip(sa, sb):
            if x["value"] == y["value"]:
                continue
            if x["key"] or x["flow"] or x["tag"] != y["tag"]:
                raise SlotDiscoveryError(f"{self.pid} {where}: payload in a key or flow scalar")
            span = text[x["start"] : x["end"]]
            if x["whitespace"] or not span.startswith(" "):
                raise SlotDiscoveryError(f"{self.pid} {where}: scalar without its separating space")
            parts.append(text[pos : x["start"] + 1])
            pos = x["end"]
            if x["tag"] == "tag:yaml.org,2002:str":
                vt = self.value(x["value"], y["value"], where)
                occ = {"rule": "yaml", "column": x["column"] + 1, "indent": x["indent"], "value": vt}
                strings.append((vt, len(x["value"]), len(y["value"])))
            elif x["tag"] == "tag:yaml.org,2002:int":
                occ = {"rule": "len", "value": None}
                pending_len.append((occ, int(x["value"]), int(y["value"]), len(strings)))
            else:
                raise SlotDiscoveryError(f"{self.pid} {where}: payload-dependent {x['tag']} scalar")
            parts.append(occ)
        parts.append(text[pos:])
        for occ, la, lb, before in pending_len:
            cands = [vt for vt, xa, xb in strings if (xa, xb) == (la, lb)]
            if not cands:
                raise SlotDiscoveryError(f"{self.pid} {where}: a payload-dependent integer that is no length")
            # the nearest string before it (a file's content comes before its size)
            near = [vt for vt, xa, xb in strings[:before] if (xa, xb) == (la, lb)]
            occ["value"] = (near or cands)[-1]
        if isinstance(parts[-1], str):
            parts[-1] = parts[-1].rstrip()
        return parts

    def _repr(self, ra, rb, where):
        ia, ib = ra["items"], rb["items"]
        if [k for k, _ in ia] != [k for k, _ in ib]:
            raise SlotDiscoveryError(f"{self.pid} {where}: dict keys depend on the payload")
        parts: list = ["{"]
        for n, ((k, va), (_, vb)) in enumerate(zip(ia, ib)):
            if self.marker_rx.search(k):
                raise SlotDiscoveryError(f"{self.pid} {where}: payload in a dict key")
            parts.append((", " if n else "") + repr(k) + ": ")
            if va == vb:
                parts.append(repr(va))
            elif isinstance(va, str) and isinstance(vb, str):
                parts.append({"rule": "py_repr", "value": self.value(va, vb, where)})
            else:
                raise SlotDiscoveryError(f"{self.pid} {where}: non-str dict value depends on the payload")
        parts.append("}")
        if sr.render_output(_merge(parts), self.values_a) != ra["text"]:
            raise SlotDiscoveryError(f"{self.pid} {where}: str(dict) is not the repr of its items")
        return parts

    def args(self, ra, rb, where):
        """Templates of the arguments that depend on the payload, or None."""
        if ra["function"] != rb["function"] or list(ra["args"]) != list(rb["args"]):
            raise SlotDiscoveryError(f"{self.pid} {where}: the call depends on the payload")
        out = {}
        for name, va in ra["args"].items():
            vb = rb["args"][name]
            if va == vb:
                if self.marker_rx.search(canon(va)):
                    raise SlotDiscoveryError(f"{self.pid} {where}: marker in a payload-independent argument")
                continue
            if isinstance(va, str) and isinstance(vb, str):
                out[name] = self.value(va, vb, f"{where} arg {name}")
            elif isinstance(va, list) and isinstance(vb, list) and len(va) == len(vb):
                if not all(isinstance(x, str) for x in va + vb):
                    raise SlotDiscoveryError(f"{self.pid} {where}: non-str list argument depends on the payload")
                out[name] = [
                    self.value(x, y, f"{where} arg {name}") if x != y else [x] if x else [] for x, y in zip(va, vb)
                ]
            else:
                raise SlotDiscoveryError(f"{self.pid} {where}: argument {name} depends on the payload")
        return out or None


def _merge(parts: list) -> list:
    """Join adjacent literals and drop empty ones."""
    out: list = []
    for p in parts:
        if isinstance(p, str):
            if not p:
                continue
            if out and isinstance(out[-1], str):
                out[-1] += p
                continue
        out.append(p)
    return out


# --------------------------------------------------------------------------- the export


def markers(vectors: list[str], world_b: bool, extra: dict[str, str] | None = None) -> dict[str, str]:
    """Alphanumeric markers, so they read back unchanged from the YAML and match no search query;
    different lengths in the two worlds, so every length that depends on them differs. ``extra``
    (vector -> text) is appended to a vector's marker (search queries, for the variants)."""
    out = {}
    for i, v in enumerate(vectors):
        out[v] = f"ZQ{i:03d}" + ("B" * 12 if world_b else "A") + (extra or {}).get(v, "")
    return out


CORPORA = [("agentdojo-v1.2-pairs.json", [pairs_mod.PAIRS_ATTACK], "identity")]
CORPORA.append(("agentdojo-v1.2-attacks.json", pairs_mod.COVERAGE_ATTACKS, "identity"))
CORPORA += [(f"transformed/agentdojo-v1.2-attacks-{t}.json", pairs_mod.COVERAGE_ATTACKS, t) for t in TRANSFORM_NAMES]


def corpus_payloads(pipeline, vectors_of: dict[str, list[str]]):
    """The payloads of the committed corpora: {corpus: {attack: {"<suite>-<injection task>": digest}}}
    and {digest: text}. AgentDojo's attacks give every injected vector of a pair the same payload,
    which depends on the attack, the (transformed) goal and the suite only; both facts are checked."""
    from agentdojo.attacks.attack_registry import load_attack

    texts: dict[str, str] = {}
    out: dict[str, dict[str, dict[str, str]]] = {}
    for name, attack_names, transform in CORPORA:
        per = out.setdefault(name, {})
        for attack_name in attack_names:
            table = per.setdefault(attack_name, {})
            for suite_name, suite in common.get_suites().items():
                attack = load_attack(attack_name, suite, pipeline)
                for uid, ut in suite.user_tasks.items():
                    for iid, it in suite.injection_tasks.items():
                        original = it.GOAL
                        try:
                            it.GOAL = apply_transform(transform, original)
                            injections = attack.attack(ut, it)
                        finally:
                            it.GOAL = original
                        if sorted(injections) != sorted(vectors_of[f"{suite_name}-{uid}"]):
                            raise SlotDiscoveryError(f"{attack_name} {suite_name}-{uid}: other injected vectors")
                        values = set(injections.values())
                        if len(values) != 1:
                            raise SlotDiscoveryError(f"{attack_name} {suite_name}-{uid}-{iid}: vectors get different payloads")
                        text = values.pop()
                        d = digest(text)
                        texts[d] = text
                        if table.setdefault(f"{suite_name}-{iid}", d) != d:
                            raise SlotDiscoveryError(f"{attack_name} {suite_name}-{iid}: the payload depends on the user task")
    return texts, out


def variant(pid, suite, runtime, ut, it, vectors, raws, vector_env, defaults, templates, extra=None, probe=False):
    """Templates of one pair in one search variant: (pair, returned, args, searched per step, n_user)."""
    ma, mb = markers(vectors, False, extra), markers(vectors, True, extra)
    pair = Pair(pid, raws, vector_env, defaults, vectors, ma, mb)
    probes = None
    if probe:
        probes = {eid: ma[next(v for v in vectors if vector_env[v] == eid)] for eid in pair.env_ids}
    wa, na = world(suite, runtime, ut, it, ma, probes)
    wb, nb = world(suite, runtime, ut, it, mb)
    if na != nb or len(wa) != len(wb):
        raise SlotDiscoveryError(f"{pid}: the trace depends on the payload")
    returned, args = [], []
    for i, (ra, rb) in enumerate(zip(wa, wb)):
        where = f"step {i} {ra['function']}"
        args.append(pair.args(ra, rb, where))
        parts = pair.output(ra, rb, where)
        if parts is None:  # does not depend on the payload: a template of literal text only
            parts = [ra["text"]] if ra["text"] else []
        tid = digest(canon(parts))
        if templates.setdefault(tid, parts) != parts:
            raise SlotDiscoveryError(f"template digest collision {tid}")
        returned.append(tid)
    return pair, returned, args, wa, na


def pair_entry(pid, suite, runtime, ut, it, vectors, raws, vector_env, defaults, templates) -> dict:
    """The pair's slots: its vectors, its search entries, and per search key its templates.

    A search call selects an item when its query (lower-cased) occurs in the item's text: a payload
    that contains the query can add an item to the output. The search entries are the (search step,
    env scalar) combinations where that can happen: the call searches the scalar (probe), and the
    scalar's text around the payload does not already contain the query. A pair's key has one
    character per entry, "1" when the query occurs in the scalar's value, else "0"; the variants
    are built for every subset of entries (marker payloads with the queries appended)."""
    pair, returned, args, wa, na = variant(pid, suite, runtime, ut, it, vectors, raws, vector_env, defaults, templates, probe=True)
    entries = []
    for i, ra in enumerate(wa):
        for eid in ra.get("searched", []):
            q = ra["args"]["query"]
            if not isinstance(q, str) or q != q.strip() or '"' in q or "\\" in q:
                raise SlotDiscoveryError(f"{pid} step {i}: a search query the variants cannot carry: {q!r}")
            if q.lower() in pair.values_a[eid].lower():
                continue  # the text around the payload already matches: any payload keeps it selected
            entries.append({"step": i, "query": q, "env": eid})
    variants = {}

    def key_of(values):
        return "".join("1" if e["query"].lower() in values[e["env"]].lower() else "0" for e in entries)

    def store(key, returned, args):
        v = {"returned": returned}
        if any(a is not None for a in args):
            v["args"] = args
        if variants.setdefault(key, v) != v:
            raise SlotDiscoveryError(f"{pid}: two variants for search key {key}")

    store(key_of(pair.values_a), returned, args)
    for mask in range(1, 2 ** len(entries)):
        chosen = [e for b, e in enumerate(entries) if mask >> b & 1]
        extra = {}
        for v in vectors:
            qs = [e["query"] for e in chosen if e["env"] == vector_env[v]]
            if qs and v == next(x for x in vectors if vector_env[x] == vector_env[v]):
                extra[v] = "".join(" " + q for q in qs)
        p2, returned, args, _, _ = variant(pid, suite, runtime, ut, it, vectors, raws, vector_env, defaults, templates, extra)
        key = key_of(p2.values_a)
        if key != key_of(p2.values_b):
            raise SlotDiscoveryError(f"{pid}: the search key differs between the worlds")
        store(key, returned, args)
    entry = {"vectors": list(vectors), "user_steps": na, "variants": variants}
    if entries:
        entry["search"] = entries
    return entry


def build() -> dict:
    import agentdojo.attacks  # noqa: F401 - registers the attacks
    from agentdojo.attacks.attack_registry import load_attack
    from agentdojo.functions_runtime import FunctionsRuntime

    pipeline = pairs_mod._pipeline()
    env_doc: dict[str, dict] = {}
    suites_doc: dict[str, dict] = {}
    templates: dict[str, list] = {}
    pairs_doc: dict[str, dict] = {}
    for suite_name, suite in common.get_suites().items():
        raws, vector_env, defaults = env_templates(suite)
        suites_doc[suite_name] = {"defaults": defaults, "vector_env": vector_env}
        for eid, parts in raws.items():
            env_doc[eid] = parts
        runtime = FunctionsRuntime(suite.tools)
        probe = load_attack(pairs_mod.PAIRS_ATTACK, suite, pipeline)
        for uid, ut in suite.user_tasks.items():
            vectors = probe.get_injection_candidates(ut)
            for iid, it in suite.injection_tasks.items():
                pid = f"{suite_name}-{uid}-{iid}"
                pairs_doc[pid] = pair_entry(pid, suite, runtime, ut, it, vectors, raws, vector_env, defaults, templates)
    vectors_of = {}
    for pid, entry in pairs_doc.items():
        vectors_of[pid.rsplit("-", 1)[0]] = entry["vectors"]
    payloads, corpus_doc = corpus_payloads(pipeline, vectors_of)
    return {
        "source": SOURCE,
        "rules": ["yaml_dq", "yaml", "py_repr", "raw", "len"],
        "suites": suites_doc,
        "env": env_doc,
        "templates": templates,
        "pairs": pairs_doc,
        "payloads": payloads,
        "corpus_payloads": corpus_doc,
    }


def write(path: str, doc: dict) -> None:
    common.write_json(path, doc, sort_keys=True, separators=(",", ":"))


def main(argv: list[str]) -> int:
    common.setup()
    path = argv[0] if argv else "agentdojo-v1.2-slots.json"
    write(path, build())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
