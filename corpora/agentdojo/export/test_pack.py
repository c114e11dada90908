"""Unit tests of the deterministic packing and the first-difference report."""

import gzip
import json
import unittest

from pack import first_difference, gz_bytes


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


if __name__ == "__main__":
    unittest.main()
