"""Unit tests of the exporter helpers (docs/defenses.md#the-egress-policy, docs/corpora.md#provenance-labels) and the pinned clock."""

import datetime
import hashlib
import json
import os
import tempfile
import unittest

import export
from export import EGRESS, arg_text, dest, digest, label, parse_options, values, write_returned


class ValuesTest(unittest.TestCase):
    def test_values(self):
        self.assertEqual(values(None), [])
        self.assertEqual(values("x"), ["x"])
        self.assertEqual(values(100.0), ["100.0"])
        self.assertEqual(values(True), ["True"])
        self.assertEqual(values(5), ["5"])
        self.assertEqual(values(["a", ("b", ["c", None]), 2]), ["a", "b", "c", "2"])
        self.assertEqual(values([]), [])
        self.assertEqual(values({"k": 1}), ["{'k': 1}"])

    def test_arg_text(self):
        self.assertEqual(arg_text(["a@x.com", "b@y.com"]), "a@x.com b@y.com")
        self.assertEqual(arg_text(None), "")
        self.assertEqual(arg_text(""), "")


class LabelTest(unittest.TestCase):
    def test_empty_is_trusted(self):
        self.assertEqual(label(None, "anything"), "trusted")
        self.assertEqual(label("", "anything"), "trusted")
        self.assertEqual(label(["", None], ""), "trusted")

    def test_substring_rule_case_insensitive(self):
        self.assertEqual(label("Networking Event", "the 'networking event' on May 26th"), "trusted")
        self.assertEqual(label("2024-05-26", "the 'Networking event' on May 26th"), "untrusted")
        # loose rule: a short id is trusted when it occurs anywhere in the prompt
        self.assertEqual(label("5", "on 2024-05-20"), "trusted")

    def test_every_value_must_occur(self):
        self.assertEqual(label(["alice", "bob"], "Alice and Bob"), "trusted")
        self.assertEqual(label(["alice", "carol"], "Alice and Bob"), "untrusted")
        self.assertEqual(label(["alice", ""], "Alice"), "trusted")

    def test_empty_prompt(self):
        self.assertEqual(label("x", ""), "untrusted")


class DestTest(unittest.TestCase):
    def test_egress_table(self):
        self.assertEqual(len(EGRESS), 13)
        self.assertEqual(EGRESS["send_email"], "recipients")
        self.assertEqual(EGRESS["get_webpage"], "url")

    def test_dest(self):
        self.assertEqual(dest("send_email", {"recipients": ["a@x.com", "b@y.com"], "body": "hi"}), "a@x.com,b@y.com")
        self.assertEqual(dest("send_money", {"recipient": "US12", "amount": 1.0}), "US12")
        self.assertEqual(dest("send_money", {"amount": 1.0}), "")
        self.assertEqual(dest("send_money", {"recipient": None}), "")
        self.assertEqual(dest("read_file", {"url": "www.evil.com"}), "")
        self.assertEqual(dest("create_calendar_event", {"participants": []}), "")


class OptionsTest(unittest.TestCase):
    def test_options_anywhere(self):
        flags = {"--returned": True, "--suites": True}
        self.assertEqual(parse_options(["a.json"], flags), ({}, ["a.json"]))
        self.assertEqual(
            parse_options(["--attacks", "--returned", "r.json", "--transform", "leet", "x.json"], flags),
            ({"--returned": "r.json"}, ["--attacks", "--transform", "leet", "x.json"]),
        )
        with self.assertRaises(SystemExit):
            parse_options(["x.json", "--suites"], flags)


class ReturnedSidecarTest(unittest.TestCase):
    def test_digest(self):
        self.assertEqual(digest("abc"), hashlib.sha256(b"abc").hexdigest()[:16])

    def test_sidecar_pins_the_corpus_and_skips_known_outputs(self):
        with tempfile.TemporaryDirectory() as tmp:
            corpus = os.path.join(tmp, "c.json")
            with open(corpus, "wb") as f:
                f.write(b'{"x":1}')
            texts = {digest("a"): "a", digest("b"): "b"}
            returned = {"s-1": [digest("a"), digest("b")], "s-0": [digest("a")]}
            path = os.path.join(tmp, "c.returned.json")
            write_returned(path, "c.json", corpus, returned, texts, {digest("a"): "a"})
            with open(path, "rb") as f:
                raw = f.read()
        doc = json.loads(raw)
        self.assertEqual(doc["corpus"], "c.json")
        self.assertEqual(doc["corpus_sha256"], hashlib.sha256(b'{"x":1}').hexdigest())
        self.assertEqual(doc["outputs"], {digest("b"): "b"})
        self.assertEqual(doc["returned"], returned)
        self.assertEqual(raw, json.dumps(doc, sort_keys=True, separators=(",", ":")).encode())


class ClockTest(unittest.TestCase):
    def test_pinned_now_is_a_plain_datetime(self):
        now = export._PinnedDatetime.now()
        self.assertIs(type(now), datetime.datetime)
        self.assertEqual(now, datetime.datetime(2024, 5, 15, 12, 0, 0))


    def test_pin_clock_patches_agentdojo_tools(self):
        try:
            from agentdojo.default_suites.v1.tools import cloud_drive_client, email_client
        except ImportError:  # pragma: no cover - the helpers are usable without agentdojo
            self.skipTest("agentdojo is not installed")
        export.pin_clock()
        for module in (email_client, cloud_drive_client):
            self.assertEqual(module.datetime.datetime.now(), datetime.datetime(2024, 5, 15, 12, 0, 0))
            self.assertIs(module.datetime.timedelta, datetime.timedelta)


if __name__ == "__main__":
    unittest.main()
