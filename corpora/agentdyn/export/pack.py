"""Packing, byte comparison and the manifest of the AgentDyn corpora (corpora/agentdyn/).

Usage:
  python pack.py write GENERATED_DIR CORPUS_DIR    gzip (AgentDojo's deterministic gzip) or copy every
                                                   file of FILES from GENERATED_DIR into CORPUS_DIR
  python pack.py compare GENERATED_DIR CORPUS_DIR  exit 1 naming each committed file that differs
  python pack.py write-manifest CORPUS_DIR         (re)write CORPUS_DIR/manifest.json
  python pack.py check-manifest CORPUS_DIR         exit 1 when manifest.json does not match the files

The manifest has the schema of corpora/manifest.json (schemaVersion 1, agentdojo, benchmark,
files: per file sha256 and bytes of the uncompressed JSON, gzSha256 of the committed file). For
the two plain .json files (context.json, summary.json) the committed file is the JSON itself, so
their gzSha256 equals their sha256.
"""

from __future__ import annotations

import gzip
import json
import os
import sys

import common
from common import gz_bytes, read_gz, sha256

FILES = [
    "suites.json.gz",
    "outputs.json.gz",
    "ground-truth.json.gz",
    *[f"trajectories/{m}.json.gz" for m in common.MODELS],
    "context.json",
    "summary.json",
]


def generated_name(rel: str) -> str:
    return rel[:-3] if rel.endswith(".gz") else rel


def committed_bytes(path: str) -> bytes:
    if path.endswith(".gz"):
        return read_gz(path)
    with open(path, "rb") as f:
        return f.read()


def first_difference(new: bytes, old: bytes) -> str:
    """Where two corpus files first differ: byte offset, and the first differing run / scenario
    / row / output key when both parse."""
    n = min(len(new), len(old))
    offset = next((i for i in range(n) if new[i] != old[i]), n)
    where = f"first differing byte at offset {offset} (lengths {len(new)} generated, {len(old)} committed)"
    try:
        a, b = json.loads(new), json.loads(old)
    except ValueError as e:
        return f"{where}; not comparable as JSON: {e}"
    for key, ident in (("runs", "id"), ("scenarios", "id"), ("rows", "pipeline")):
        la, lb = a.get(key), b.get(key)
        if isinstance(la, list) and isinstance(lb, list):
            for i in range(max(len(la), len(lb))):
                x = la[i] if i < len(la) else None
                y = lb[i] if i < len(lb) else None
                if x != y:
                    xi = x[ident] if x else "(none)"
                    yi = y[ident] if y else "(none)"
                    ids = xi if xi == yi else f"{xi} (generated) / {yi} (committed)"
                    return f"{where}; first differing {key[:-1]} #{i}: {ids}"
    oa, ob = a.get("outputs"), b.get("outputs")
    if isinstance(oa, dict) and isinstance(ob, dict) and oa != ob:
        keys = sorted(k for k in set(oa) | set(ob) if oa.get(k) != ob.get(k))
        return f"{where}; {len(keys)} differing outputs, first {keys[0]}"
    keys = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
    if keys:
        return f"{where}; differing top-level keys: {', '.join(keys)}"
    return f"{where}; same JSON, different serialisation"


def write(generated: str, corpus: str) -> int:
    for rel in FILES:
        with open(os.path.join(generated, generated_name(rel)), "rb") as f:
            data = f.read()
        dst = os.path.join(corpus, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        tmp = dst + ".tmp"
        with open(tmp, "wb") as f:
            f.write(gz_bytes(data) if rel.endswith(".gz") else data)
        os.replace(tmp, dst)
    print(f"wrote {len(FILES)} files into {corpus}")
    return 0


def compare(generated: str, corpus: str) -> int:
    fail = 0
    for rel in FILES:
        with open(os.path.join(generated, generated_name(rel)), "rb") as f:
            new = f.read()
        path = os.path.join(corpus, rel)
        name = os.path.join("corpora/agentdyn", rel)
        if not os.path.exists(path):
            print(f"FAIL {name}: not committed")
            fail = 1
            continue
        try:
            old = committed_bytes(path)
        except (OSError, EOFError, gzip.BadGzipFile) as e:
            print(f"FAIL {name}: cannot read: {e}")
            fail = 1
            continue
        if new == old:
            print(f"ok   {name}: identical ({len(new)} bytes, sha256 {sha256(new)[:16]}…)")
        else:
            print(f"FAIL {name}: regenerated file differs: {first_difference(new, old)}")
            fail = 1
    return fail


def build_manifest(corpus: str) -> dict:
    files = {}
    for rel in FILES:
        path = os.path.join(corpus, rel)
        with open(path, "rb") as f:
            packed = f.read()
        raw = read_gz(path) if rel.endswith(".gz") else packed
        files[rel] = {"bytes": len(raw), "gzSha256": sha256(packed), "sha256": sha256(raw)}
    return {"agentdojo": common.AGENTDOJO_VERSION, "benchmark": common.BENCHMARK_VERSION, "files": files, "schemaVersion": 1}


def manifest_text(doc: dict) -> str:
    return json.dumps(doc, indent=2, sort_keys=True) + "\n"


def write_manifest(corpus: str) -> int:
    with open(os.path.join(corpus, "manifest.json"), "w", encoding="utf-8", newline="") as f:
        f.write(manifest_text(build_manifest(corpus)))
    print(f"wrote {os.path.join(corpus, 'manifest.json')}")
    return 0


def check_manifest(corpus: str) -> int:
    path = os.path.join(corpus, "manifest.json")
    name = "corpora/agentdyn/manifest.json"
    if not os.path.exists(path):
        print(f"FAIL {name}: missing")
        return 1
    with open(path, encoding="utf-8") as f:
        committed = f.read()
    problems = []
    try:
        doc = json.loads(committed)
    except ValueError as e:
        print(f"FAIL {name}: not JSON: {e}")
        return 1
    entries = doc.get("files", {}) if isinstance(doc, dict) else {}
    for rel in FILES:
        entry, p = entries.get(rel), os.path.join(corpus, rel)
        if entry is None:
            problems.append(f"{rel}: no entry")
        elif not os.path.exists(p):
            problems.append(f"{rel}: file missing")
        else:
            with open(p, "rb") as f:
                packed = f.read()
            raw = read_gz(p) if rel.endswith(".gz") else packed
            if sha256(packed) != entry.get("gzSha256"):
                problems.append(f"{rel}: gzSha256 {sha256(packed)} != manifest {entry.get('gzSha256')}")
            elif sha256(raw) != entry.get("sha256") or len(raw) != entry.get("bytes"):
                problems.append(f"{rel}: uncompressed sha256/bytes differ from the manifest")
    extra = sorted(set(entries) - set(FILES))
    if extra:
        problems.append(f"entries for files that are not corpora: {', '.join(extra)}")
    if not problems and committed != manifest_text(build_manifest(corpus)):
        problems.append("entries match, but the formatting or the top-level fields differ")
    if problems:
        print(f"FAIL {name}: does not match the committed files (fix with verify.sh --write):")
        for p in problems:
            print(f"     {p}")
        return 1
    print(f"ok   {name}: matches the {len(FILES)} committed files")
    return 0


def main(argv: list[str]) -> int:
    if len(argv) == 3 and argv[0] == "write":
        return write(argv[1], argv[2])
    if len(argv) == 3 and argv[0] == "compare":
        return compare(argv[1], argv[2])
    if len(argv) == 2 and argv[0] == "write-manifest":
        return write_manifest(argv[1])
    if len(argv) == 2 and argv[0] == "check-manifest":
        return check_manifest(argv[1])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
