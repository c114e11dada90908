"""Write slot-vectors.json: test vectors of the slot rendering rules for the TypeScript port.

Usage: python make_slot_vectors.py [path]   (default: slot-vectors.json beside this script)

Every expected result comes from the real libraries (PyYAML 6.0.3's SafeLoader and SafeDumper,
CPython's repr), not from slot_render.py; the script fails if slot_render.py disagrees on any
vector. The only exception is the documented restriction of rule yaml_dq: a raw text with an
unescaped double quote is an error for the rule (PyYAML would end the scalar there and parse what
follows as more YAML).

Layout: {"source", "yaml_dq": [{"raw", "value"} | {"raw", "error": true}],
"yaml": [{"value", "column", "indent", "style", "text"}], "py_repr": [{"value", "text"}]}.
Serialisation: indent=1, sort_keys, ensure_ascii, trailing newline.
"""

from __future__ import annotations

import json
import os
import random
import sys

import yaml

import slot_cases
import slot_render as sr
from slots import _recording_dumper, _Stream

HERE = os.path.dirname(os.path.abspath(__file__))
SEED = 20240515

# raw contexts like the environment's: a folded double-quoted scalar around the payload
CONTEXTS = [
    ("", ""),
    ("Introductory meeting with the clients. ", ""),
    ("Industry networking event to meet and connect with professionals.\\\n      \\ ", ""),
    ("External_", ""),
    ("", "\\n\\n\\\n      Best\\\n      \\ regards,"),
    ("USA", "\\n\\nBest\\\n      \\ regards,\\nYour landlord"),
    ("order accordingly.", "\\nBest regards,\\nYour landlord"),
    ("5. ", "\\n"),
    ("a \\\n  ", " \\\n  b"),
]


def real_dq(raw: str):
    try:
        return True, yaml.load('"' + raw + '"', Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return False, None


def rule_dq(raw: str):
    try:
        return True, sr.yaml_dq(raw)
    except sr.SlotError as e:
        return False, str(e)


def dump_spans(data):
    dumper_cls = _recording_dumper()
    stream = _Stream()
    d = dumper_cls(stream)
    try:
        d.open()
        d.represent(data)
        d.close()
    finally:
        d.dispose()
    text = stream.getvalue()
    return [(s, text[s["start"] : s["end"]]) for s in d.ade_scalars]


def placements(value: str, rng: random.Random):
    """A few structures putting ``value`` at different columns and indents."""
    key = "k" * rng.randint(1, 14)
    yield {key: value}
    yield [value]
    yield {"a": {key: value}}
    yield [{"id_": "1", key: value}]
    yield {"participants": [value]}
    yield {"a": [{"b": {key: value}}]}


def main(argv: list[str]) -> int:
    path = argv[0] if argv else os.path.join(HERE, "slot-vectors.json")
    rng = random.Random(SEED)
    payloads = list(slot_cases.TRICKY)
    for cls in slot_cases.CLASSES:
        payloads += [slot_cases.random_payload(rng, cls) for _ in range(12)]

    dq, seen_raw = [], set()
    values: list[str] = []
    for n, p in enumerate(payloads):
        prefix, suffix = CONTEXTS[n % len(CONTEXTS)] if n % 3 else ("", "")
        raw = prefix + p + suffix
        if raw in seen_raw or len(raw) > 600:
            continue
        seen_raw.add(raw)
        ok_rule, v_rule = rule_dq(raw)
        if not ok_rule and "unescaped" in v_rule:
            dq.append({"raw": raw, "error": True})
            continue
        ok_real, v_real = real_dq(raw)
        if ok_real != ok_rule or (ok_real and v_real != v_rule):
            raise SystemExit(f"slot_render.yaml_dq disagrees with PyYAML on {raw!r}: {v_rule!r} vs {v_real!r}")
        if ok_real:
            dq.append({"raw": raw, "value": v_real})
            values.append(v_real)
        else:
            dq.append({"raw": raw, "error": True})

    values += [p for p in slot_cases.TRICKY if '"' not in p]
    ys, seen_y = [], set()
    for v in values:
        for data in placements(v, rng):
            for s, span in dump_spans(data):
                if s["key"] or s["value"] != v or not s["tag"].endswith(":str"):
                    continue
                key = (v, s["column"] + 1, s["indent"])
                if key in seen_y:
                    continue
                seen_y.add(key)
                text = span[1:]
                mine = sr.yaml_scalar(v, s["column"] + 1, s["indent"])
                if not span.startswith(" ") or mine != text or sr.yaml_style(v) != s["style"]:
                    raise SystemExit(f"slot_render.yaml_scalar disagrees with PyYAML on {key!r}: {mine!r} vs {text!r}")
                ys.append({"value": v, "column": s["column"] + 1, "indent": s["indent"], "style": s["style"], "text": text})
            if len([y for y in ys if y["value"] == v]) >= 2:
                break

    reprs, seen_r = [], set()
    for v in values + ["it's", 'say "hi"', "both ' and \"", "tab\there", "\x00\x1f\x7f\x80\x9f", "\u00ad\u200b\u2028\ufeff\U0001F600\U000E0001"]:
        if v in seen_r:
            continue
        seen_r.add(v)
        if sr.py_repr(v) != repr(v):
            raise SystemExit(f"slot_render.py_repr disagrees with repr on {v!r}")
        reprs.append({"value": v, "text": repr(v)})

    doc = {
        "source": "slot rendering rule vectors (docs/injection-slots.md), from PyYAML 6.0.3 and CPython "
        f"{sys.version_info[0]}.{sys.version_info[1]}, seed {SEED}",
        "yaml_dq": dq,
        "yaml": ys,
        "py_repr": reprs,
    }
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        json.dump(doc, f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"wrote {path}: {len(dq)} yaml_dq, {len(ys)} yaml, {len(reprs)} py_repr vectors")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
