"""Check the corpora against the key sets of published classifier score tables (docs/corpora.md#score-tables).

A score table maps sha256(text) of every text the classifier defense needs to a score. The texts a
corpus needs are, for every step of every scenario, the text of each context output it read and,
when the step has at least one argument, its argument texts joined with "\\n". The attack and
transformed tables also cover the benign tasks of the paired corpus.

Usage:
  python check_keys.py SCORES_DIR [CORPORA_DIR]

SCORES_DIR holds pairs/, attacks/ and transformed/ tables (any of them may be missing).
CORPORA_DIR (default: the repo's corpora/) holds agentdojo-v1.2-pairs.json[.gz],
agentdojo-v1.2-attacks.json[.gz] and transformed/agentdojo-v1.2-attacks-<t>.json[.gz].
Prints one line per table with the counts, and the first few differing texts; exits 1 on any
difference and 2 when a needed corpus is missing.
"""

from __future__ import annotations

import glob
import gzip
import hashlib
import json
import os
import sys

TRANSFORMS = ["framing", "field_split", "leet"]
SHOW = 5


def key(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def load_json(path: str):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rb") as f:
        return json.loads(f.read().decode("utf-8"))


def find(corpora_dir: str, rel: str) -> str | None:
    for candidate in (os.path.join(corpora_dir, rel), os.path.join(corpora_dir, rel + ".gz")):
        if os.path.exists(candidate):
            return candidate
    return None


def needed_texts(corpus: dict, benign_only: bool = False) -> dict[str, str]:
    outputs = corpus["outputs"]
    texts: dict[str, str] = {}
    for sc in corpus["scenarios"]:
        if benign_only and sc["kind"] != "benign":
            continue
        for step in sc["trace"]:
            for d in step["context"]:
                t = outputs[d]
                texts[key(t)] = t
            if step["args"]:
                t = "\n".join(a["text"] for a in step["args"])
                texts[key(t)] = t
    return texts


def compare(name: str, texts: dict[str, str], table_path: str) -> bool:
    table = load_json(table_path)["scores"]
    need, have = set(texts), set(table)
    missing = sorted(need - have)
    extra = sorted(have - need)
    ok = not missing and not extra
    print(
        f"{'ok  ' if ok else 'FAIL'} {name}: {os.path.relpath(table_path)}: needed {len(need)}, "
        f"table {len(have)}, common {len(need & have)}, missing from table {len(missing)}, "
        f"not needed {len(extra)}"
    )
    for k in missing[:SHOW]:
        print(f"     missing {k}: {texts[k][:160]!r}")
    for k in extra[:SHOW]:
        print(f"     not needed {k}")
    return ok


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if argv else 2
    scores_dir = argv[0]
    here = os.path.dirname(os.path.abspath(__file__))
    corpora_dir = argv[1] if len(argv) > 1 else os.path.normpath(os.path.join(here, "..", ".."))
    pairs_path = find(corpora_dir, "agentdojo-v1.2-pairs.json")
    if pairs_path is None:
        print(f"no paired corpus in {corpora_dir}", file=sys.stderr)
        return 2
    pairs = load_json(pairs_path)
    benign = needed_texts(pairs, benign_only=True)
    ok = True
    checked = 0

    for table in sorted(glob.glob(os.path.join(scores_dir, "pairs", "*.json"))):
        ok &= compare("pairs", needed_texts(pairs), table)
        checked += 1

    groups = [("attacks", "agentdojo-v1.2-attacks.json", sorted(glob.glob(os.path.join(scores_dir, "attacks", "*.json"))))]
    for t in TRANSFORMS:
        tables = sorted(glob.glob(os.path.join(scores_dir, "transformed", f"*-{t}.json")))
        groups.append((t, f"transformed/agentdojo-v1.2-attacks-{t}.json", tables))
    for name, rel, tables in groups:
        if not tables:
            continue
        path = find(corpora_dir, rel)
        if path is None:
            print(f"FAIL {name}: no corpus {rel}[.gz] in {corpora_dir}")
            ok = False
            continue
        texts = needed_texts(load_json(path))
        texts.update(benign)
        for table in tables:
            ok &= compare(name, texts, table)
            checked += 1

    if checked == 0:
        print(f"no score tables found under {scores_dir}", file=sys.stderr)
        return 2
    print(f"key sets: {checked} tables checked, {'all match' if ok else 'DIFFERENCES'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
