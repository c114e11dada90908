"""Reading the authors' run logs from the archive (streamed, never unpacked) or from a directory."""

from __future__ import annotations

import os
import tarfile
from collections.abc import Iterator


def iter_runs(path: str) -> Iterator[tuple[str, bytes]]:
    """Yield (path below runs/, file bytes) for every .json run log, in a fixed order for a
    directory and in archive order for a .tar.xz."""
    if os.path.isdir(path):
        for dirpath, dirnames, files in os.walk(path):
            dirnames.sort()
            for f in sorted(files):
                if f.endswith(".json"):
                    full = os.path.join(dirpath, f)
                    with open(full, "rb") as fh:
                        yield os.path.relpath(full, path).replace(os.sep, "/"), fh.read()
        return
    with tarfile.open(path, "r|xz") as tf:
        for m in tf:
            if not m.isfile() or not m.name.endswith(".json"):
                continue
            name = m.name[2:] if m.name.startswith("./") else m.name
            if not name.startswith("runs/"):
                continue
            f = tf.extractfile(m)
            assert f is not None
            yield name[len("runs/") :], f.read()
