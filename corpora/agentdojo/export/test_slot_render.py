"""Unit tests of the slot rendering rules (slot_render.py, docs/injection-slots.md).

The rules themselves never import yaml; the component fuzz tests here compare them with PyYAML's
SafeLoader/CSafeLoader, SafeDumper and CPython's repr (skipped when PyYAML is missing).
"""

import json
import os
import random
import unittest

import slot_cases
import slot_render as sr

HERE = os.path.dirname(os.path.abspath(__file__))

try:
    import yaml
except ImportError:  # pragma: no cover - the rules are usable without PyYAML
    yaml = None


class YamlDqTest(unittest.TestCase):
    def test_plain_text_and_folding(self):
        self.assertEqual(sr.yaml_dq("abc"), "abc")
        self.assertEqual(sr.yaml_dq("a\nb"), "a b")  # one line break folds to a space
        self.assertEqual(sr.yaml_dq("a\n\nb"), "a\nb")  # n breaks give n-1 newlines
        self.assertEqual(sr.yaml_dq("a\n\n\nb"), "a\n\nb")
        self.assertEqual(sr.yaml_dq("a   \n   b"), "a b")  # spaces around a break are dropped
        self.assertEqual(sr.yaml_dq("a\t\n\tb"), "a b")
        self.assertEqual(sr.yaml_dq("\n\n\nx\n\n\n"), "\n\nx\n\n")
        self.assertEqual(sr.yaml_dq(" a "), " a ")
        self.assertEqual(sr.yaml_dq("a\r\nb"), "a b")
        self.assertEqual(sr.yaml_dq("a\rb"), "a b")
        self.assertEqual(sr.yaml_dq("a\x85b"), "a b")
        self.assertEqual(sr.yaml_dq("a\u2028b"), "a\u2028b")  # kept as itself
        self.assertEqual(sr.yaml_dq("a \u2028\u2028b"), "a\u2028\u2028b")
        self.assertEqual(sr.yaml_dq("it's 'quoted'"), "it's 'quoted'")

    def test_escapes_and_escaped_breaks(self):
        self.assertEqual(sr.yaml_dq(r"a\nb\tc\\d\"e\/f\ g"), 'a\nb\tc\\d"e/f g')
        self.assertEqual(sr.yaml_dq(r"\x41\u00e9\U0001F600"), "A\u00e9\U0001F600")
        self.assertEqual(sr.yaml_dq("fold\\\n      \\ ed"), "fold ed")  # the environment's own folding
        self.assertEqual(sr.yaml_dq("fold\\\n      ed"), "folded")
        self.assertEqual(sr.yaml_dq(r"\_\N\L\P\0\a\b\v\f\r\e"), "\xa0\x85\u2028\u2029\0\x07\x08\x0b\x0c\r\x1b")

    def test_errors(self):
        for raw in ['a"b', "end\\", r"\q", r"\x4", r"\x4g", "a\n---\nb", "a\n... b", "nul\x00", "bell\x07", "\ufffe"]:
            with self.subTest(raw=raw), self.assertRaises(sr.SlotError):
                sr.yaml_dq(raw)
        # not separators: indented, or not followed by whitespace
        self.assertEqual(sr.yaml_dq("a\n  ---\nb"), "a --- b")
        self.assertEqual(sr.yaml_dq("a\n---x"), "a ---x")
        self.assertEqual(sr.yaml_dq("a\n---"), "a ---")  # followed by the closing quote


class YamlScalarTest(unittest.TestCase):
    def test_styles(self):
        self.assertEqual(sr.yaml_style("Pizza party"), "plain")
        for v in ["", "yes", "No", "null", "~", "123", "0x1F", "1.5", ".inf", "2024-05-15", "<<", "=", "!"]:
            self.assertEqual(sr.yaml_style(v), "single", v)
        for v in ["- x", "? x", ": x", "#x", "a #b", "a: b", "x ", " x", "---", "...x", "{x", "'x", "%x", "@x", "`x"]:
            self.assertEqual(sr.yaml_style(v), "single", v)
        for v in ["a:b", "a#b", "-x", "x-", "a,b", "a]b", "a'b", "1.5.6", "yes!", "null x"]:
            self.assertEqual(sr.yaml_style(v), "plain", v)
        for v in ["a\nb", "\nx", "x\n", "a\n\nb"]:
            self.assertEqual(sr.yaml_style(v), "single", repr(v))
        for v in ["a \nb", "a\tb", "caf\u00e9", "x\x85", "a\u2028b", "\ufeff"]:
            self.assertEqual(sr.yaml_style(v), "double", repr(v))
        self.assertEqual(sr.yaml_style("a\n b"), "double")  # a space after a break

    def test_writers(self):
        self.assertEqual(sr.yaml_scalar("Pizza party", 11, 2), "Pizza party")
        self.assertEqual(sr.yaml_scalar("it's", 11, 2), "it's")  # a quote inside is plain
        self.assertEqual(sr.yaml_scalar("'q'", 11, 2), "'''q'''")
        self.assertEqual(sr.yaml_scalar("", 11, 2), "''")
        self.assertEqual(sr.yaml_scalar("a\nb", 2, 4), "'a\n\n    b'")
        self.assertEqual(sr.yaml_scalar("a \nb", 2, 4), '"a \\nb"')
        self.assertEqual(sr.yaml_scalar("caf\u00e9 \U0001F600\t\xa0", 0, 2), '"caf\\xE9 \\U0001F600\\t\\_"')
        words = " ".join(["word"] * 30)
        self.assertEqual(sr.yaml_scalar(words, 11, 4), (" ".join(["word"] * 15) + "\n    " + " ".join(["word"] * 15)))
        # double-quoted folding escapes the line end and a leading space of the continuation
        self.assertEqual(
            sr.yaml_scalar("x" * 70 + " \n" + " y" * 10, 9, 2),  # as in safe_dump({"kkkkkkk": ...})
            '"' + "x" * 70 + " \\n\\\n  \\ y y y y y y y y y y\"",
        )


class PyReprTest(unittest.TestCase):
    def test_repr(self):
        for v in ["", "it's", 'say "hi"', "both ' and \"", "a\\b", "t\tn\nr\r", "\x00\x1f\x7f\x80\x9f\xa0\xad",
                  "caf\u00e9 \u4e2d \U0001F600", "\u200b\u2028\ufeff\U000E0001\ud800"]:
            self.assertEqual(sr.py_repr(v), repr(v), repr(v))


class VectorsTest(unittest.TestCase):
    """slot-vectors.json: what the TypeScript port is tested against."""

    @classmethod
    def setUpClass(cls):
        with open(os.path.join(HERE, "slot-vectors.json"), encoding="utf-8") as f:
            cls.vectors = json.load(f)

    def test_counts(self):
        v = self.vectors
        self.assertGreaterEqual(len(v["yaml_dq"]), 100)
        self.assertGreaterEqual(len(v["yaml"]), 200)
        self.assertGreaterEqual(len(v["py_repr"]), 100)
        self.assertEqual({y["style"] for y in v["yaml"]}, {"plain", "single", "double"})

    def test_rules_reproduce_the_vectors(self):
        for x in self.vectors["yaml_dq"]:
            if x.get("error"):
                with self.assertRaises(sr.SlotError, msg=repr(x["raw"])):
                    sr.yaml_dq(x["raw"])
            else:
                self.assertEqual(sr.yaml_dq(x["raw"]), x["value"], repr(x["raw"]))
        for x in self.vectors["yaml"]:
            self.assertEqual(sr.yaml_style(x["value"]), x["style"], repr(x["value"]))
            self.assertEqual(sr.yaml_scalar(x["value"], x["column"], x["indent"]), x["text"], repr(x["value"]))
        for x in self.vectors["py_repr"]:
            self.assertEqual(sr.py_repr(x["value"]), x["text"])

    @unittest.skipIf(yaml is None, "PyYAML is not installed")
    def test_vectors_are_pyyaml(self):
        for x in self.vectors["yaml_dq"]:
            if not x.get("error"):
                self.assertEqual(yaml.load('"' + x["raw"] + '"', Loader=yaml.SafeLoader), x["value"])
            elif '"' not in x["raw"].replace('\\"', ""):
                with self.assertRaises(yaml.YAMLError):
                    yaml.load('"' + x["raw"] + '"', Loader=yaml.SafeLoader)
        for x in self.vectors["py_repr"]:
            self.assertEqual(repr(x["value"]), x["text"])


@unittest.skipIf(yaml is None, "PyYAML is not installed")
class ComponentFuzzTest(unittest.TestCase):
    """Seeded random payloads, each rule against the library it ports."""

    N = int(os.environ.get("ADE_FUZZ_N", "1500"))

    def test_yaml_dq_against_pyyaml(self):
        rng = random.Random(1)
        contexts = [("", ""), ("Introductory meeting with the clients. ", ""), ("USA", "\\n\\nBest\\\n      \\ regards,"),
                    ("professionals.\\\n      \\ ", "")]
        loaders = [yaml.SafeLoader] + ([yaml.CSafeLoader] if getattr(yaml, "__with_libyaml__", False) else [])
        for n in range(self.N):
            cls = slot_cases.CLASSES[n % len(slot_cases.CLASSES)]
            pre, post = contexts[n % len(contexts)]
            raw = pre + slot_cases.random_payload(rng, cls) + post
            try:
                mine = sr.yaml_dq(raw)
            except sr.SlotError as e:
                mine = e
            for loader in loaders:
                try:
                    real = yaml.load('"' + raw + '"', Loader=loader)
                except yaml.YAMLError as e:
                    real = e
                if isinstance(mine, sr.SlotError):
                    if "unescaped" not in str(mine):  # a " is a documented restriction: PyYAML parses on
                        self.assertIsInstance(real, yaml.YAMLError, (loader.__name__, raw))
                else:
                    self.assertEqual(mine, real, (loader.__name__, raw))

    def test_yaml_scalar_against_safe_dump(self):
        from slots import _recording_dumper, _Stream

        dumper_cls = _recording_dumper()
        rng = random.Random(2)
        for n in range(self.N):
            cls = ["safe", "nonascii", "control"][n % 3]
            v = slot_cases.random_payload(rng, cls)
            key = "k" * rng.randint(1, 14)
            data = [{key: v}, [v], {"a": {key: v}}, {"a": [{"b": v}]}][n % 4]
            stream = _Stream()
            d = dumper_cls(stream)
            d.open()
            d.represent(data)
            d.close()
            d.dispose()
            text = stream.getvalue()
            s = next(s for s in d.ade_scalars if not s["key"] and s["value"] == v)
            span = text[s["start"] : s["end"]]
            self.assertEqual(" " + sr.yaml_scalar(v, s["column"] + 1, s["indent"]), span, repr(v))
            self.assertEqual(sr.yaml_style(v), s["style"])

    def test_py_repr_against_repr(self):
        rng = random.Random(3)
        for n in range(self.N):
            v = slot_cases.random_payload(rng, slot_cases.CLASSES[n % len(slot_cases.CLASSES)])
            self.assertEqual(sr.py_repr(v), repr(v))


if __name__ == "__main__":
    unittest.main()
