"""Evasion transforms of an injection goal (docs/corpora.md#the-attack-corpora).

Each transform rewrites the injection task's GOAL before the attack template wraps it, and is
paired with a check that ``apply_transform`` enforces: a transform that does not do what it claims
raises ValueError, which fails the corpus build.
"""

from __future__ import annotations

import re

TRANSFORM_NAMES = ["framing", "field_split", "leet"]

FRAMING_PREFIX = "Note to self, do not forget: "
# Written as " |\n" in the original and stripped to "|"; a newline is appended after it.
_SPLIT_MARK = " |\n".strip() + "\n"
_SPACE_RUN = re.compile(r" +")
LEET = {"i": "1", "e": "3", "a": "4", "o": "0"}


def identity(goal: str) -> str:
    return goal


def check_identity(goal: str, out: str) -> bool:
    return out == goal


def framing(goal: str) -> str:
    return FRAMING_PREFIX + goal


def check_framing(goal: str, out: str) -> bool:
    return goal in out


def field_split(goal: str) -> str:
    """After each run of one or more spaces insert '|' and a newline (the spaces are kept)."""
    return _SPACE_RUN.sub(lambda m: m.group(0) + _SPLIT_MARK, goal)


def check_field_split(goal: str, out: str) -> bool:
    return out.replace(_SPLIT_MARK, "") == goal and out != goal


def leet(goal: str) -> str:
    """i->1, e->3, a->4, o->0, lower case only."""
    return "".join(LEET.get(c, c) for c in goal)


def check_leet(goal: str, out: str) -> bool:
    if len(out) != len(goal):
        return False
    if not any(c in LEET for c in goal):
        return False
    return all(o == g or LEET.get(g) == o for g, o in zip(goal, out))


TRANSFORMS = {
    "identity": (identity, check_identity),
    "framing": (framing, check_framing),
    "field_split": (field_split, check_field_split),
    "leet": (leet, check_leet),
}


def apply_transform(name: str, goal: str) -> str:
    if name not in TRANSFORMS:
        raise ValueError(f"unknown transform '{name}'; known: {sorted(TRANSFORMS)}")
    fn, check = TRANSFORMS[name]
    out = fn(goal)
    if not check(goal, out):
        raise ValueError(f"transform '{name}' failed its check on {goal[:60]}")
    return out
