"""Deterministic gzip packing, the corpus manifest, and byte comparison with the committed corpora.

Usage:
  python pack.py gz SRC.json DST.json.gz          gzip level 9, mtime 0, no file name (like gzip -n -9)
  python pack.py compare NEW.json COMMITTED.gz    exit 1 naming the first differing scenario and byte
  python pack.py compare-relabelled KEY[,KEY...] WHAT NEW.json COMMITTED.gz
                                                  exit 0 when NEW differs from COMMITTED exactly in the
                                                  string values of those top-level keys (each differs;
                                                  with the committed values put back, the bytes are
                                                  identical); WHAT names NEW in the report line
  python pack.py write-manifest CORPORA_DIR       (re)write CORPORA_DIR/manifest.json
  python pack.py check-manifest CORPORA_DIR       exit 1 when manifest.json does not match the files

The manifest records, per committed .gz (path relative to CORPORA_DIR), the sha256 and length of
the uncompressed bytes and the sha256 of the .gz file itself.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import os
import sys

AGENTDOJO_VERSION = "0.1.35"
BENCHMARK = "v1.2"
CORPORA = [
    "agentdojo-v1.2.json.gz",
    "agentdojo-v1.2-pairs.json.gz",
    "agentdojo-v1.2-attacks.json.gz",
    "transformed/agentdojo-v1.2-attacks-framing.json.gz",
    "transformed/agentdojo-v1.2-attacks-field_split.json.gz",
    "transformed/agentdojo-v1.2-attacks-leet.json.gz",
]
# Protocol v2 data beside them: one returned-outputs sidecar per corpus, the suites file, the slots;
# and the adaptive attacker's seed injections.
FILES = CORPORA + [c.replace(".json.gz", ".returned.json.gz") for c in CORPORA] + [
    "agentdojo-v1.2-suites.json.gz",
    "agentdojo-v1.2-slots.json.gz",
    "agentdojo-v1.2-seeds.json.gz",
]


def shown(path: str) -> str:
    """The path relative to the working directory when it is below it."""
    rel = os.path.relpath(path)
    return path if rel.startswith("..") else rel


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def gz_bytes(data: bytes) -> bytes:
    buf = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buf, compresslevel=9, mtime=0) as f:
        f.write(data)
    return buf.getvalue()


def gz(src: str, dst: str) -> None:
    with open(src, "rb") as f:
        data = f.read()
    os.makedirs(os.path.dirname(os.path.abspath(dst)), exist_ok=True)
    tmp = dst + ".tmp"
    with open(tmp, "wb") as f:
        f.write(gz_bytes(data))
    os.replace(tmp, dst)


def read_gz(path: str) -> bytes:
    with gzip.open(path, "rb") as f:
        return f.read()


def first_difference(new: bytes, old: bytes) -> str:
    """Describe where two corpus files first differ: byte offset and scenario id."""
    n = min(len(new), len(old))
    offset = next((i for i in range(n) if new[i] != old[i]), n)
    where = f"first differing byte at offset {offset} (lengths {len(new)} generated, {len(old)} committed)"
    try:
        a, b = json.loads(new), json.loads(old)
    except ValueError as e:
        return f"{where}; not comparable as JSON: {e}"
    sa, sb = a.get("scenarios", []), b.get("scenarios", [])
    for i in range(max(len(sa), len(sb))):
        x = sa[i] if i < len(sa) else None
        y = sb[i] if i < len(sb) else None
        if x != y:
            xid = x["id"] if x else "(none)"
            yid = y["id"] if y else "(none)"
            ids = xid if xid == yid else f"{xid} (generated) / {yid} (committed)"
            return f"{where}; first differing scenario #{i}: {ids}"
    keys = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
    if keys:
        detail = ""
        x, y = a.get(keys[0]), b.get(keys[0])
        if isinstance(x, dict) and isinstance(y, dict):
            sub = sorted(k for k in set(x) | set(y) if x.get(k) != y.get(k))
            detail = f" (first differing entry of {keys[0]}: {sub[0]!r}, {len(sub)} in all)"
        what = "scenarios equal, differing" if sa or sb else "differing"
        return f"{where}; {what} top-level keys: {', '.join(keys)}{detail}"
    return f"{where}; same JSON, different serialisation"


def compare(new_path: str, committed_gz: str) -> int:
    name = shown(committed_gz)
    with open(new_path, "rb") as f:
        new = f.read()
    if not os.path.exists(committed_gz):
        print(f"FAIL {name}: not committed")
        return 1
    try:
        old = read_gz(committed_gz)
    except (OSError, EOFError, gzip.BadGzipFile) as e:
        print(f"FAIL {name}: cannot decompress: {e}")
        return 1
    if new == old:
        print(f"ok   {name}: identical ({len(new)} bytes, sha256 {sha256(new)})")
        return 0
    print(f"FAIL {name}: regenerated corpus differs: {first_difference(new, old)}")
    return 1


def relabelled_difference(new: bytes, old: bytes, keys: list[str]) -> tuple[str | None, dict]:
    """Check that NEW is OLD with other string values at exactly these top-level keys.

    Returns (None, {key: (new value, old value)}) when it is, else (why not, {}). Byte for byte:
    each key's `"key":value` (or `"key": value`) occurs once in NEW, and putting OLD's value there
    gives OLD's bytes exactly."""
    try:
        a, b = json.loads(new), json.loads(old)
    except ValueError as e:
        return f"not comparable as JSON: {e}", {}
    if not isinstance(a, dict) or not isinstance(b, dict):
        return "not JSON objects", {}
    differing = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
    if differing != sorted(keys):
        where = first_difference(new, old)
        return f"differing top-level keys are [{', '.join(differing)}], expected exactly [{', '.join(sorted(keys))}]; {where}", {}
    values = {}
    restored = new
    for k in keys:
        x, y = a[k], b[k]
        if not isinstance(x, str) or not isinstance(y, str):
            return f"{k} is not a string in both files", {}
        pairs = [((json.dumps(k) + sep + json.dumps(x)).encode(), (json.dumps(k) + sep + json.dumps(y)).encode()) for sep in (":", ": ")]
        if sum(restored.count(n) for n, _ in pairs) != 1:
            return f"{k}'s value does not occur exactly once in the new file", {}
        needle, put_back = next(p for p in pairs if p[0] in restored)
        restored = restored.replace(needle, put_back)
        values[k] = (x, y)
    if restored != old:
        return f"with the committed {', '.join(keys)} put back: {first_difference(restored, old)}", {}
    return None, values


def compare_relabelled(keys: list[str], what: str, new_path: str, committed_gz: str) -> int:
    name = shown(committed_gz)
    with open(new_path, "rb") as f:
        new = f.read()
    try:
        old = read_gz(committed_gz)
    except (OSError, EOFError, gzip.BadGzipFile) as e:
        print(f"FAIL {name}: cannot read: {e}")
        return 1
    why, values = relabelled_difference(new, old, keys)
    if why is not None:
        print(f"FAIL {name}: {what} differs from it beyond {', '.join(keys)}: {why}")
        return 1
    shown_values = "; ".join(f"{k} {x!r} (committed {y!r})" for k, (x, y) in values.items())
    print(f"ok   {name}: {what} is identical except {shown_values}")
    return 0


def build_manifest(corpora_dir: str) -> dict:
    files = {}
    for rel in FILES:
        path = os.path.join(corpora_dir, rel)
        with open(path, "rb") as f:
            packed = f.read()
        raw = read_gz(path)
        files[rel] = {"bytes": len(raw), "gzSha256": sha256(packed), "sha256": sha256(raw)}
    return {"agentdojo": AGENTDOJO_VERSION, "benchmark": BENCHMARK, "files": files, "schemaVersion": 1}


def manifest_text(doc: dict) -> str:
    return json.dumps(doc, indent=2, sort_keys=True) + "\n"


def write_manifest(corpora_dir: str) -> int:
    text = manifest_text(build_manifest(corpora_dir))
    with open(os.path.join(corpora_dir, "manifest.json"), "w", encoding="utf-8", newline="") as f:
        f.write(text)
    print(f"wrote {os.path.join(corpora_dir, 'manifest.json')}")
    return 0


def check_manifest(corpora_dir: str) -> int:
    path = shown(os.path.join(corpora_dir, "manifest.json"))
    if not os.path.exists(path):
        print(f"FAIL {path}: missing")
        return 1
    with open(path, encoding="utf-8") as f:
        committed = f.read()
    try:
        doc = json.loads(committed)
    except ValueError as e:
        print(f"FAIL {path}: not JSON: {e}")
        return 1
    entries = doc.get("files", {}) if isinstance(doc, dict) else {}
    problems = []
    for rel in FILES:
        gz_path = os.path.join(corpora_dir, rel)
        entry = entries.get(rel)
        if entry is None:
            problems.append(f"{rel}: no entry")
            continue
        if not os.path.exists(gz_path):
            problems.append(f"{rel}: file missing")
            continue
        with open(gz_path, "rb") as f:
            packed = f.read()
        if sha256(packed) != entry.get("gzSha256"):
            problems.append(f"{rel}: gzSha256 {sha256(packed)} != manifest {entry.get('gzSha256')}")
            continue
        raw = read_gz(gz_path)
        if sha256(raw) != entry.get("sha256") or len(raw) != entry.get("bytes"):
            problems.append(f"{rel}: uncompressed sha256/bytes differ from the manifest")
    if not problems:
        expected = manifest_text(build_manifest(corpora_dir))
        if committed != expected:
            problems.append("entries match, but the formatting or the top-level fields differ")
    if problems:
        print(f"FAIL {path}: does not match the committed files (fix with verify.sh --write):")
        for p in problems:
            print(f"     {p}")
        return 1
    print(f"ok   {path}: matches the {len(FILES)} committed files")
    return 0


def main(argv: list[str]) -> int:
    if len(argv) == 3 and argv[0] == "gz":
        gz(argv[1], argv[2])
        return 0
    if len(argv) == 3 and argv[0] == "compare":
        return compare(argv[1], argv[2])
    if len(argv) == 5 and argv[0] == "compare-relabelled":
        return compare_relabelled(argv[1].split(","), argv[2], argv[3], argv[4])
    if len(argv) == 2 and argv[0] == "write-manifest":
        return write_manifest(argv[1])
    if len(argv) == 2 and argv[0] == "check-manifest":
        return check_manifest(argv[1])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
