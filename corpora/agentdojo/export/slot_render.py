"""Rendering an injection payload into AgentDojo tool outputs without PyYAML (docs/injection-slots.md).

Pure Python, no yaml import: this is the reference the TypeScript port follows, and the tests compare
it with AgentDojo's real render path. A payload goes through two stages:

1. environment stage, rule ``yaml_dq``: AgentDojo substitutes the payload into the suite's environment
   YAML, where every injection placeholder sits inside a double-quoted scalar (AgentDojo dumps the
   environment with a representer that double-quotes every string), then parses the YAML. The value
   the environment gets is the double-quoted scalar's content ``raw`` (the text between the quotes,
   payload included) parsed by :func:`yaml_dq`.
2. output stage: a tool puts that value (possibly between literal text) into its result, and
   ``tool_result_to_str`` turns the result into the output text. Each occurrence is one of
   ``yaml`` (a string scalar written by PyYAML's ``safe_dump``, :func:`yaml_scalar`), ``py_repr``
   (Python ``repr`` of a str, inside ``str(dict)``), ``raw`` (the value itself) or ``len`` (the
   decimal length of the value, a file's ``size``).

Everything else in an output is literal text copied from the template.
"""

from __future__ import annotations

import re

__all__ = [
    "SlotError",
    "yaml_dq",
    "yaml_scalar",
    "yaml_style",
    "py_repr",
    "render_env",
    "render_value",
    "render_output",
    "render_args",
]


class SlotError(ValueError):
    """The payload cannot be rendered: AgentDojo itself would fail (or parse something else)."""


# --------------------------------------------------------------------------- stage 1: yaml_dq

BREAKS = "\r\n\x85\u2028\u2029"
# PyYAML's Reader rejects any character outside this set anywhere in the document.
_NON_PRINTABLE = re.compile("[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_DQ_ESCAPES = {
    "0": "\0",
    "a": "\x07",
    "b": "\x08",
    "t": "\x09",
    "\t": "\x09",
    "n": "\x0a",
    "v": "\x0b",
    "f": "\x0c",
    "r": "\x0d",
    "e": "\x1b",
    " ": " ",
    '"': '"',
    "\\": "\\",
    "/": "/",
    "N": "\x85",
    "_": "\xa0",
    "L": "\u2028",
    "P": "\u2029",
}
_DQ_CODES = {"x": 2, "u": 4, "U": 8}
_HEX = set("0123456789ABCDEFabcdef")


def yaml_dq(raw: str) -> str:
    """The value of a YAML double-quoted scalar whose text between the quotes is ``raw``.

    A port of PyYAML 6.0.3's scanner (``scan_flow_scalar`` and helpers, double-quoted case) and of its
    Reader's character check. Raises SlotError where PyYAML raises, and where ``raw`` would end the
    scalar early (an unescaped ``"``, or a final unescaped backslash that would escape the closing
    quote).
    """
    m = _NON_PRINTABLE.search(raw)
    if m:
        raise SlotError(f"character {m.group()!r} at {m.start()} is not allowed in YAML (PyYAML Reader)")
    n = len(raw)
    out: list[str] = []
    i = 0

    def peek(k: int = 0) -> str:
        j = i + k
        if j < n:
            return raw[j]
        return '"' if j == n else "\n"  # the closing quote, then the end of its line

    def line_break() -> str:
        nonlocal i
        ch = peek()
        if ch in "\r\n\x85":
            i += 2 if raw[i : i + 2] == "\r\n" else 1
            return "\n"
        if ch in "\u2028\u2029":
            i += 1
            return ch
        return ""

    def breaks() -> list[str]:
        nonlocal i
        chunks = []
        while True:
            if raw[i : i + 3] in ("---", "...") and peek(3) in "\0 \t" + BREAKS:
                raise SlotError(f"a line starting with {raw[i:i+3]!r} at {i} is a YAML document separator")
            while peek() in " \t" and i < n:
                i += 1
            if i < n and peek() in BREAKS:
                chunks.append(line_break())
            else:
                return chunks

    def non_spaces() -> None:
        nonlocal i
        while True:
            j = i
            while j < n and raw[j] not in "'\"\\\0 \t" + BREAKS:
                j += 1
            if j > i:
                out.append(raw[i:j])
                i = j
            if i >= n:
                return
            ch = raw[i]
            if ch == "'":
                out.append(ch)
                i += 1
            elif ch == "\\":
                i += 1
                if i >= n:
                    raise SlotError("a final backslash would escape the closing quote")
                ch = raw[i]
                if ch in _DQ_ESCAPES:
                    out.append(_DQ_ESCAPES[ch])
                    i += 1
                elif ch in _DQ_CODES:
                    length = _DQ_CODES[ch]
                    i += 1
                    digits = raw[i : i + length]
                    if len(digits) < length or not set(digits) <= _HEX:
                        raise SlotError(f"escape \\{ch} needs {length} hexadecimal digits at {i}")
                    code = int(digits, 16)
                    if code > 0x10FFFF:
                        raise SlotError(f"escape \\{ch}{digits} is not a code point")
                    out.append(chr(code))
                    i += length
                elif ch in BREAKS:
                    line_break()
                    out.extend(breaks())
                else:
                    raise SlotError(f"unknown escape character {ch!r} at {i}")
            elif ch == '"':
                raise SlotError(f'an unescaped " at {i} ends the scalar early')
            else:
                return

    def spaces() -> None:
        nonlocal i
        j = i
        while j < n and raw[j] in " \t":
            j += 1
        whitespace = raw[i:j]
        i = j
        if i < n and raw[i] in BREAKS:
            lb = line_break()
            brs = breaks()
            if lb != "\n":
                out.append(lb)
            elif not brs:
                out.append(" ")
            out.extend(brs)
        else:
            out.append(whitespace)

    non_spaces()
    while i < n:
        spaces()
        non_spaces()
    return "".join(out)


# --------------------------------------------------------------------------- stage 2: yaml (safe_dump scalar)

BEST_WIDTH = 80
_WS0 = "\0 \t\r\n\x85\u2028\u2029"
_LB = "\n\x85\u2028\u2029"

# PyYAML's implicit resolvers (yaml/resolver.py), keyed by first character: a string that one of
# them matches cannot be written plain (it would read back as another type).
_RESOLVERS = [
    ("yYnNtTfFoO", re.compile(r"^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$")),
    (
        "-+0123456789.",
        re.compile(
            r"^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?"
            r"|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$"
        ),
    ),
    (
        "-+0123456789",
        re.compile(
            r"^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+"
            r"|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$"
        ),
    ),
    ("<", re.compile(r"^(?:<<)$")),
    ("~nN", re.compile(r"^(?:~|null|Null|NULL|)$")),
    (
        "0123456789",
        re.compile(
            r"^(?:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]"
            r"|[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?(?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9][0-9]:[0-9][0-9]"
            r"(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?)$"
        ),
    ),
    ("=", re.compile(r"^(?:=)$")),
    ("!&*", re.compile(r"^(?:!|&|\*)$")),
]


def _implicit_plain(value: str) -> bool:
    """True when no implicit resolver claims the value (the empty string resolves to null)."""
    if value == "":
        return False
    first = value[0]
    return not any(first in chars and rx.match(value) for chars, rx in _RESOLVERS)


def _analyze(s: str) -> tuple[bool, bool]:
    """(allow_block_plain, allow_single_quoted) of PyYAML's Emitter.analyze_scalar, allow_unicode off."""
    if not s:
        return True, True
    block_ind = False
    line_breaks = special = False
    leading_space = leading_break = trailing_space = trailing_break = False
    break_space = space_break = False
    if s.startswith("---") or s.startswith("..."):
        block_ind = True
    preceded_ws = True
    followed_ws = len(s) == 1 or s[1] in _WS0
    prev_space = prev_break = False
    last = len(s) - 1
    for index, ch in enumerate(s):
        if index == 0:
            if ch in "#,[]{}&*!|>'\"%@`":
                block_ind = True
            if ch in "?:" and followed_ws:
                block_ind = True
            if ch == "-" and followed_ws:
                block_ind = True
        else:
            if ch == ":" and followed_ws:
                block_ind = True
            if ch == "#" and preceded_ws:
                block_ind = True
        if ch in _LB:
            line_breaks = True
        if not (ch == "\n" or "\x20" <= ch <= "\x7e"):
            special = True  # allow_unicode is off: every other character is special
        if ch == " ":
            if index == 0:
                leading_space = True
            if index == last:
                trailing_space = True
            if prev_break:
                break_space = True
            prev_space, prev_break = True, False
        elif ch in _LB:
            if index == 0:
                leading_break = True
            if index == last:
                trailing_break = True
            if prev_space:
                space_break = True
            prev_space, prev_break = False, True
        else:
            prev_space = prev_break = False
        preceded_ws = ch in _WS0
        followed_ws = index + 2 >= len(s) or s[index + 2] in _WS0
    plain = single = True
    if leading_space or leading_break or trailing_space or trailing_break:
        plain = False
    if break_space:
        plain = single = False
    if space_break or special:
        plain = single = False
    if line_breaks:
        plain = False
    if block_ind:
        plain = False
    return plain, single


def yaml_style(value: str) -> str:
    """The style safe_dump picks for a str mapping value or sequence item in block context:
    'plain', 'single' or 'double'."""
    plain, single = _analyze(value)
    if plain and _implicit_plain(value):
        return "plain"
    return "single" if single else "double"


class _Writer:
    """The state of PyYAML's Emitter that its scalar writers use."""

    def __init__(self, column: int, indent: int):
        self.parts: list[str] = []
        self.column = column
        self.indent = indent
        self.whitespace = False
        self.indention = False

    def write(self, data: str) -> None:
        self.column += len(data)
        self.parts.append(data)

    def line_break(self, data: str = "\n") -> None:
        self.whitespace = True
        self.indention = True
        self.column = 0
        self.parts.append(data)

    def write_indent(self) -> None:
        indent = self.indent
        if not self.indention or self.column > indent or (self.column == indent and not self.whitespace):
            self.line_break()
        if self.column < indent:
            self.whitespace = True
            self.parts.append(" " * (indent - self.column))
            self.column = indent

    def plain(self, text: str) -> None:
        spaces = breaks = False
        start = end = 0
        n = len(text)
        while end <= n:
            ch = text[end] if end < n else None
            if spaces:
                if ch != " ":
                    if start + 1 == end and self.column > BEST_WIDTH:
                        self.write_indent()
                        self.whitespace = False
                        self.indention = False
                    else:
                        self.write(text[start:end])
                    start = end
            elif breaks:  # never reached: plain is not chosen for values with line breaks
                if ch is None or ch not in _LB:
                    if text[start] == "\n":
                        self.line_break()
                    for br in text[start:end]:
                        self.line_break("\n" if br == "\n" else br)
                    self.write_indent()
                    self.whitespace = False
                    self.indention = False
                    start = end
            else:
                if ch is None or ch in " " + _LB:
                    self.write(text[start:end])
                    start = end
            if ch is not None:
                spaces = ch == " "
                breaks = ch in _LB
            end += 1

    def single(self, text: str) -> None:
        self.write("'")
        spaces = breaks = False
        start = end = 0
        n = len(text)
        while end <= n:
            ch = text[end] if end < n else None
            if spaces:
                if ch is None or ch != " ":
                    if start + 1 == end and self.column > BEST_WIDTH and start != 0 and end != n:
                        self.write_indent()
                    else:
                        self.write(text[start:end])
                    start = end
            elif breaks:
                if ch is None or ch not in _LB:
                    if text[start] == "\n":
                        self.line_break()
                    for br in text[start:end]:
                        self.line_break("\n" if br == "\n" else br)
                    self.write_indent()
                    start = end
            else:
                if ch is None or ch in " " + _LB or ch == "'":
                    if start < end:
                        self.write(text[start:end])
                        start = end
            if ch == "'":
                self.write("''")
                start = end + 1
            if ch is not None:
                spaces = ch == " "
                breaks = ch in _LB
            end += 1
        self.write("'")

    _ESC = {
        "\0": "0",
        "\x07": "a",
        "\x08": "b",
        "\x09": "t",
        "\x0a": "n",
        "\x0b": "v",
        "\x0c": "f",
        "\x0d": "r",
        "\x1b": "e",
        '"': '"',
        "\\": "\\",
        "\x85": "N",
        "\xa0": "_",
        "\u2028": "L",
        "\u2029": "P",
    }

    def double(self, text: str) -> None:
        self.write('"')
        start = end = 0
        n = len(text)
        while end <= n:
            ch = text[end] if end < n else None
            if ch is None or ch in '"\\\x85\u2028\u2029\ufeff' or not ("\x20" <= ch <= "\x7e"):
                if start < end:
                    self.write(text[start:end])
                    start = end
                if ch is not None:
                    if ch in self._ESC:
                        data = "\\" + self._ESC[ch]
                    elif ch <= "\xff":
                        data = "\\x%02X" % ord(ch)
                    elif ch <= "\uffff":
                        data = "\\u%04X" % ord(ch)
                    else:
                        data = "\\U%08X" % ord(ch)
                    self.write(data)
                    start = end + 1
            if 0 < end < n - 1 and (ch == " " or start >= end) and self.column + (end - start) > BEST_WIDTH:
                data = text[start:end] + "\\"
                if start < end:
                    start = end
                self.write(data)
                self.write_indent()
                self.whitespace = False
                self.indention = False
                if text[start] == " ":
                    self.write("\\")
            end += 1
        self.write('"')


def yaml_scalar(value: str, column: int, indent: int) -> str:
    """The text PyYAML's safe_dump (default width 80, allow_unicode off) writes for the str ``value``
    as a block mapping value or block sequence item, the first character written at ``column``
    (the single separating space after ``:`` or ``-`` is not part of it), continuation lines
    indented by ``indent``."""
    w = _Writer(column, indent)
    style = yaml_style(value)
    if style == "plain":
        w.plain(value)
    elif style == "single":
        w.single(value)
    else:
        w.double(value)
    return "".join(w.parts)


# --------------------------------------------------------------------------- stage 2: py_repr


def py_repr(value: str) -> str:
    """CPython's repr() of a str (what str(dict) writes for a str key or value)."""
    quote = '"' if ("'" in value and '"' not in value) else "'"
    out = [quote]
    for ch in value:
        if ch == quote or ch == "\\":
            out.append("\\" + ch)
        elif ch == "\t":
            out.append("\\t")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\r":
            out.append("\\r")
        elif ch < " " or ch == "\x7f":
            out.append("\\x%02x" % ord(ch))
        elif ch < "\x7f" or ch.isprintable():
            out.append(ch)
        elif ch <= "\xff":
            out.append("\\x%02x" % ord(ch))
        elif ch <= "\uffff":
            out.append("\\u%04x" % ord(ch))
        else:
            out.append("\\U%08x" % ord(ch))
    out.append(quote)
    return "".join(out)


# --------------------------------------------------------------------------- templates


def render_env(raw_parts: list, assignment: dict[str, str], defaults: dict[str, str]) -> str:
    """Value of one environment scalar: its raw parts (literal raw text, or {"vector": name}) with each
    vector replaced by its payload (or the suite's default for that vector), parsed by yaml_dq."""
    raw = "".join(p if isinstance(p, str) else assignment.get(p["vector"], defaults[p["vector"]]) for p in raw_parts)
    return yaml_dq(raw)


def render_value(parts: list, env_values: dict[str, str]) -> str:
    """A value template: literal strings and {"env": id} references, concatenated."""
    return "".join(p if isinstance(p, str) else env_values[p["env"]] for p in parts)


def render_output(parts: list, env_values: dict[str, str], memo: dict | None = None) -> str:
    """An output template: literal strings and {"rule", "value", ...} occurrences, concatenated."""
    out = []
    for p in parts:
        if isinstance(p, str):
            out.append(p)
            continue
        value = render_value(p["value"], env_values)
        rule = p["rule"]
        if rule == "yaml":
            key = (value, p["column"], p["indent"])
            if memo is not None and key in memo:
                text = memo[key]
            else:
                text = yaml_scalar(value, p["column"], p["indent"])
                if memo is not None:
                    memo[key] = text
            out.append(text)
        elif rule == "py_repr":
            out.append(py_repr(value))
        elif rule == "raw":
            out.append(value)
        elif rule == "len":
            out.append(str(len(value)))
        else:
            raise ValueError(f"unknown rule {rule!r}")
    return "".join(out)


def render_args(arg_templates: dict, env_values: dict[str, str]) -> dict:
    """Argument values of a step whose arguments depend on the payload: {name: value template} ->
    {name: str}; a list-valued argument has a list of value templates."""
    out = {}
    for name, t in arg_templates.items():
        if t and isinstance(t[0], list):
            out[name] = [render_value(x, env_values) for x in t]
        else:
            out[name] = render_value(t, env_values)
    return out
