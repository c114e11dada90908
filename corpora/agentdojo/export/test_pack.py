"""Unit tests of the deterministic packing and the first-difference report."""

import gzip
import json
import unittest

from pack import first_difference, gz_bytes, relabelled_difference


def corpus(*tasks):
    return json.dumps(
        {"scenarios": [{"id": f"s-{i}", "task": t} for i, t in enumerate(tasks)], "source": "x"},
        sort_keys=True,
        separators=(",", ":"),
    ).encode()


class PackTest(unittest.TestCase):
    def test_gzip_is_deterministic_without_name_or_mtime(self):
        data = b"hello " * 1000
        a, b = gz_bytes(data), gz_bytes(data)
        self.assertEqual(a, b)
        self.assertEqual(a[:4], b"\x1f\x8b\x08\x00")  # deflate, no FNAME flag
        self.assertEqual(a[4:8], b"\x00\x00\x00\x00")  # mtime 0
        self.assertEqual(a[8], 2)  # XFL: maximum compression
        self.assertEqual(gzip.decompress(a), data)

    def test_first_difference_names_scenario_and_offset(self):
        old = corpus("a", "b", "c")
        new = corpus("a", "B", "c")
        msg = first_difference(new, old)
        self.assertIn("first differing scenario #1: s-1", msg)
        offset = old.index(b'"b"') + 1
        self.assertIn(f"offset {offset} ", msg)

    def test_first_difference_outside_scenarios(self):
        old = corpus("a")
        new = old.replace(b'"source":"x"', b'"source":"y"')
        self.assertIn("differing top-level keys: source", first_difference(new, old))

    def test_first_difference_names_the_entry_of_a_file_without_scenarios(self):
        def side(x):
            return json.dumps({"corpus": "c", "returned": {"a": ["1"], "b": [x]}}, sort_keys=True).encode()

        msg = first_difference(side("2"), side("3"))
        self.assertIn("differing top-level keys: returned (first differing entry of returned: 'b', 1 in all)", msg)
        self.assertNotIn("scenarios equal", msg)

    def test_first_difference_extra_scenario(self):
        self.assertIn("s-1 (generated) / (none) (committed)", first_difference(corpus("a", "b"), corpus("a")))


class RelabelledTest(unittest.TestCase):
    """verify.sh's check that an export under another benchmark version equals the committed v1.2
    corpus except its label."""

    def test_only_the_label_differs(self):
        old = corpus("a", "b")
        new = old.replace(b'"source":"x"', b'"source":"x v1.2.1"')
        self.assertEqual(relabelled_difference(new, old, ["source"]), (None, {"source": ("x v1.2.1", "x")}))

    def test_indented_files_too(self):
        doc = {"scenarios": [{"id": "s-0"}], "source": "AgentDojo v1.2 task ground truth"}
        old = json.dumps(doc, indent=1, sort_keys=True).encode()
        new = old.replace(b"v1.2 task", b"v1.2.2 task")
        self.assertIsNone(relabelled_difference(new, old, ["source"])[0])

    def test_a_scenario_that_differs_fails_naming_it(self):
        old = corpus("a", "b")
        new = corpus("a", "B").replace(b'"source":"x"', b'"source":"y"')
        why, _ = relabelled_difference(new, old, ["source"])
        self.assertIn("differing top-level keys are [scenarios, source], expected exactly [source]", why)
        self.assertIn("first differing scenario #1: s-1", why)

    def test_the_label_must_differ(self):
        # An export that kept the v1.2 label did not export another version.
        why, _ = relabelled_difference(corpus("a"), corpus("a"), ["source"])
        self.assertIn("differing top-level keys are [], expected exactly [source]", why)

    def test_a_difference_in_serialisation_fails(self):
        old = corpus("a")
        new = json.dumps(json.loads(old.replace(b'"x"', b'"y"')), sort_keys=True).encode()  # ", " and ": "
        why, _ = relabelled_difference(new, old, ["source"])
        self.assertIn("with the committed source put back: first differing byte", why)

    def test_a_label_that_occurs_twice_fails(self):
        doc = {"scenarios": [{"id": "s-0", "source": "y"}], "source": "x"}
        old = json.dumps(doc, sort_keys=True, separators=(",", ":")).encode()
        new = old.replace(b'"source":"x"', b'"source":"y"')
        why, _ = relabelled_difference(new, old, ["source"])
        self.assertIn("source's value does not occur exactly once in the new file", why)


if __name__ == "__main__":
    unittest.main()
