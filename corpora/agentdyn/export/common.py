"""Shared constants and helpers of the AgentDyn exporter.

The provenance rule, the argument text and the deterministic gzip are the AgentDojo exporter's own
(imported from ``corpora/agentdojo/export``, never copied, so both corpora label arguments the same
way). Everything here runs without AgentDyn installed except ``setup()`` and ``get_suites()``.
"""

from __future__ import annotations

import collections
import copy
import functools
import hashlib
import json
import os
import sys
import types

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
AGENTDOJO_EXPORT = os.path.join(REPO, "corpora", "agentdojo", "export")


def _load_agentdojo_module(name: str) -> types.ModuleType:
    """Import a module of the AgentDojo exporter by path, under a name of its own (its pack.py
    and ours share a file name)."""
    import importlib.util

    key = f"agentdojo_export_{name}"
    if key in sys.modules:
        return sys.modules[key]
    spec = importlib.util.spec_from_file_location(key, os.path.join(AGENTDOJO_EXPORT, f"{name}.py"))
    module = importlib.util.module_from_spec(spec)
    sys.modules[key] = module
    spec.loader.exec_module(module)
    return module


_ad_export = _load_agentdojo_module("export")
_ad_pack = _load_agentdojo_module("pack")
# the AgentDojo exporter's own provenance rule, argument text and deterministic gzip
label, arg_text, values = _ad_export.label, _ad_export.arg_text, _ad_export.values
gz_bytes, read_gz, sha256 = _ad_pack.gz_bytes, _ad_pack.read_gz, _ad_pack.sha256

BENCHMARK_VERSION = "v1.2.2"
AGENTDOJO_VERSION = "0.1.35"
AGENTDYN_COMMIT = "5353cf7615b135cace8d07c8f12dac53a16b6db3"
AGENTDYN_REPOSITORY = "github.com/SaFo-Lab/AgentDyn"
SOURCE = f"AgentDyn {AGENTDYN_COMMIT[:7]} (AgentDojo {AGENTDOJO_VERSION} fork), benchmark {BENCHMARK_VERSION}"
DYN_SUITES = ("shopping", "github", "dailylife")

# The ten pipelines without a defense (runs/<model>/) and the nine defenses of runs/<model>-<defense>/.
MODELS = (
    "google_gemini-2.5-flash",
    "google_gemini-2.5-pro",
    "gpt-4o-2024-08-06",
    "gpt-4o-mini-2024-07-18",
    "gpt-5-mini-2025-08-07",
    "gpt-5.1-2025-11-13",
    "meta-llama_llama-3.3-70b-instruct",
    "meta_secalign-70B",
    "meta_secalign-8B",
    "qwen_qwen3-235b-a22b-2507",
)
DEFENSES = (
    "camel",
    "drift",
    "piguard_detector",
    "progent",
    "prompt_guard_2_detector",
    "repeat_user_prompt",
    "spotlighting_with_delimiting",
    "tool_filter",
    "transformers_pi_detector",
)

# What a halted run's final assistant message says (see docs/agentdyn.md, "Halted runs").
HALT_MESSAGE = "aborting execution because the defense halted the agent before its next tool call"


def digest(text: str) -> str:
    """The 16-hex SHA-256 prefix that names a tool output (as in the AgentDojo corpora)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def split_pipeline(name: str) -> tuple[str, str]:
    """'gpt-4o-2024-08-06-drift' -> ('gpt-4o-2024-08-06', 'drift'); a bare model -> (model, 'none')."""
    if name in MODELS:
        return name, "none"
    for d in DEFENSES:
        if name.endswith("-" + d):
            return name[: -len(d) - 1], d
    return name, "unknown"


def dumps_compact(doc) -> str:
    return json.dumps(doc, sort_keys=True, separators=(",", ":"))


def dumps_pretty(doc) -> str:
    return json.dumps(doc, sort_keys=True, indent=1)


# --------------------------------------------------------------------------- AgentDyn runtime setup


def ensure_hash_seed() -> None:
    """Re-exec with PYTHONHASHSEED=0 (calendar participants come out of a Python set)."""
    if os.environ.get("PYTHONHASHSEED") != "0":
        env = dict(os.environ, PYTHONHASHSEED="0")
        sys.stdout.flush()
        sys.stderr.flush()
        os.execve(sys.executable, [sys.executable, *sys.argv], env)


def fast_yaml() -> None:
    """Parse environment YAML with libyaml's CSafeLoader (same constructor and resolver as
    yaml.safe_load, about 10x faster). A text seen a second time (the clean environment, the
    injection vectors) is kept in a small LRU and deep-copied from then on. Set ADE_CHECK_YAML=1 to
    parse every text both ways and fail on a disagreement."""
    import yaml
    from agentdojo.task_suite import task_suite

    if getattr(task_suite.yaml, "_ade_fast", False):
        return
    loader = getattr(yaml, "CSafeLoader", None) if getattr(yaml, "__with_libyaml__", False) else None
    check = os.environ.get("ADE_CHECK_YAML") == "1"
    cache: collections.OrderedDict[str, object] = collections.OrderedDict()
    seen: set[bytes] = set()

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
            if len(cache) > 8:
                cache.popitem(last=False)
        else:
            seen.add(h)
        return data

    shim = types.ModuleType("yaml")
    shim.__dict__.update(yaml.__dict__)
    shim.safe_load = safe_load
    shim._ade_fast = True
    task_suite.yaml = shim


_TOP_LEVEL = None


def split_top_level(template: str) -> list[str]:
    """Split an environment YAML template (block style, as read_suite_file dumps it) at its
    top-level keys: a line that starts in column 0, and not with "- " (yaml.dump writes a
    top-level key's list items in column 0) or "#", begins a block."""
    import re

    global _TOP_LEVEL
    if _TOP_LEVEL is None:
        _TOP_LEVEL = re.compile(r"(?m)^(?=[^\s#-])")
    return [b for b in _TOP_LEVEL.split(template) if b]


def fast_env() -> None:
    """Build injected environments block by block.

    TaskSuite.load_and_inject_default_environment formats the whole environment template with
    the injections and parses the result. Here the template is split at its top-level keys
    first; each block is formatted and parsed on its own (a placeholder never spans blocks, and
    a block-style top-level mapping is the union of its keys' one-key mappings), and a parsed
    block is cached by its text, so a run parses only the blocks its injections change. The
    merged data is validated by the suite's environment type exactly as before. ADE_CHECK_YAML=1
    builds every environment both ways and fails on any difference.
    """
    import yaml
    from agentdojo.task_suite import task_suite as ts

    if getattr(ts.TaskSuite.load_and_inject_default_environment, "_ade_fast", False):
        return
    loader = getattr(yaml, "CSafeLoader", None) if getattr(yaml, "__with_libyaml__", False) else yaml.SafeLoader
    check = os.environ.get("ADE_CHECK_YAML") == "1"
    original = ts.TaskSuite.load_and_inject_default_environment
    blocks_of: dict[str, list[str]] = {}
    cache: collections.OrderedDict[str, dict] = collections.OrderedDict()

    def parse_block(text: str) -> dict:
        hit = cache.get(text)
        if hit is not None:
            cache.move_to_end(text)
            return copy.deepcopy(hit)
        data = yaml.load(text, Loader=loader)
        if not isinstance(data, dict) or len(data) != 1:
            raise ValueError("an environment block is not a one-key mapping")
        cache[text] = copy.deepcopy(data)
        if len(cache) > 256:
            cache.popitem(last=False)
        return data

    def load_and_inject_default_environment(self, injections):
        environment_text = ts.read_suite_file(self.name, "environment.yaml", self.data_path)
        injection_vector_defaults = self.get_injection_vector_defaults()
        injections_with_defaults = dict(injection_vector_defaults, **injections)
        ts.validate_injections(injections, injection_vector_defaults)
        blocks = blocks_of.get(environment_text)
        if blocks is None:
            blocks = blocks_of[environment_text] = split_top_level(environment_text)
        data: dict = {}
        for block in blocks:
            part = parse_block(block.format(**injections_with_defaults))
            (key,) = part
            if key in data:
                raise ValueError(f"duplicate top-level key {key}")
            data[key] = part[key]
        environment = self.environment_type.model_validate(data)
        if check:
            reference = original(self, injections)
            if reference.model_dump() != environment.model_dump():
                raise AssertionError(f"block-wise and whole environment differ ({self.name})")
        return environment

    load_and_inject_default_environment._ade_fast = True
    ts.TaskSuite.load_and_inject_default_environment = load_and_inject_default_environment


def memo_email() -> None:
    """Memoise pydantic's e-mail validation (a pure function of the address)."""
    from pydantic import networks

    if getattr(networks.validate_email, "_ade_memo", False):
        return
    memo = functools.lru_cache(maxsize=None)(networks.validate_email)
    memo._ade_memo = True
    networks.validate_email = memo


@functools.lru_cache(maxsize=None)
def get_suites():
    from agentdojo.task_suite.load_suites import get_suites as _get_suites

    return _get_suites(BENCHMARK_VERSION)


def check_agentdyn() -> None:
    """Fail clearly when the agentdojo on sys.path is PyPI's and not the AgentDyn snapshot."""
    import agentdojo

    suites = get_suites()
    missing = [s for s in DYN_SUITES if s not in suites]
    if missing:
        raise SystemExit(
            f"the agentdojo package at {os.path.dirname(agentdojo.__file__)} has no {', '.join(missing)} suite: "
            "it is not the AgentDyn snapshot (put AgentDyn's src/ on PYTHONPATH)"
        )


def setup() -> None:
    ensure_hash_seed()
    fast_yaml()
    fast_env()
    memo_email()
    check_agentdyn()
