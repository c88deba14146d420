"""Tests of the parity harness itself: the diff, the normalisation, the
lists and the docs page that mirrors them. Run by `make parity` before the suite."""

import sys
import tempfile
import unittest
from pathlib import Path

PARITY = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PARITY))

from harness import allow  # noqa: E402
from harness.diff import Difference, diff  # noqa: E402
from harness.parts import PARTS, _sort_runs, normalise  # noqa: E402


class DiffTest(unittest.TestCase):
    def test_kinds(self) -> None:
        cases = {
            "same": ({"a": 1}, {"a": 1}, []),
            "int against float": ({"a": 1.0}, {"a": 1}, [("a", "type")]),
            "null against number": ({"a": None}, {"a": 0}, [("a", "type")]),
            "value": ({"a": "x"}, {"a": "y"}, [("a", "value")]),
            "missing and extra": ({"a": 1}, {"b": 1}, [("a", "missing"), ("b", "extra")]),
            "order": ({"a": 1, "b": 2}, {"b": 2, "a": 1}, [("", "order")]),
            "list lengths": ([1, 2], [1], [("1", "missing")]),
            "nested": ({"m": [{"s": "a"}]}, {"m": [{"s": "b"}]}, [("m.0.s", "value")]),
            "bool is not int": ({"a": True}, {"a": 1}, [("a", "type")]),
        }
        for name, (peer, ours, want) in cases.items():
            with self.subTest(name):
                self.assertEqual(want, [(d.path, d.kind) for d in diff(peer, ours)])


class NormaliseTest(unittest.TestCase):
    def test_volatile_values_keep_their_type(self) -> None:
        got = normalise({"time": 1.5, "id": "x", "first_pass_time": None, "name": "a",
                         "budget": {"time": 60.0}, "caps": {"time": 3.2}, "overshoot": {"time": 0.4, "cost": 1.0}})
        self.assertEqual({"time": "<float>", "id": "<str>", "first_pass_time": None, "name": "a",
                          "budget": {"time": 60.0}, "caps": {"time": "<float>"},
                          "overshoot": {"time": "<float>", "cost": 1.0}}, got)

    def test_member_result_runs_sorted(self) -> None:
        r = lambda m: {"kind": "member_result", "member": m}  # noqa: E731
        got = _sort_runs([r("b"), r("a"), {"kind": "final"}, r("d"), r("c")])
        self.assertEqual([r("a"), r("b"), {"kind": "final"}, r("c"), r("d")], got)


class ListsTest(unittest.TestCase):
    def write(self, text: str) -> Path:
        f = Path(tempfile.mkdtemp()) / "list.toml"
        f.write_text(text)
        return f

    def test_matching(self) -> None:
        [e] = allow.load(self.write('[[difference]]\nid = "x"\nreason = "r"\nscenarios = ["cap_*"]\n'
                                    'part = "*"\npaths = ["members.*.status"]\nkinds = ["value"]\n'), {"result"})
        hit = Difference("members.1.status", "value", "")
        self.assertTrue(e.matches("cap_tokens", "result", hit))
        self.assertFalse(e.matches("other", "result", hit))
        self.assertFalse(e.matches("cap_tokens", "result", Difference("members.1.status", "type", "")))
        self.assertFalse(e.matches("cap_tokens", "result", Difference("final.member", "value", "")))

    def test_entry_without_part_covers_nothing(self) -> None:
        [e] = allow.load(self.write('[[difference]]\nid = "x"\nreason = "r"\n'), {"result"})
        self.assertFalse(e.matches("s", "result", Difference("", "value", "")))

    def test_bad_lists(self) -> None:
        cases = {
            "no reason": '[[difference]]\nid = "x"\n',
            "unknown key": '[[difference]]\nid = "x"\nreason = "r"\npath = "a"\n',
            "unknown part": '[[difference]]\nid = "x"\nreason = "r"\npart = "nope"\n',
            "unknown kind": '[[difference]]\nid = "x"\nreason = "r"\npart = "result"\nkinds = ["moved"]\n',
            "repeated id": '[[difference]]\nid = "x"\nreason = "r"\n[[difference]]\nid = "x"\nreason = "r"\n',
        }
        for name, text in cases.items():
            with self.subTest(name), self.assertRaises(allow.ListError):
                allow.load(self.write(text), {"result"})


class MirrorTest(unittest.TestCase):
    def test_docs_cover_the_allowlist(self) -> None:
        # every part the suite compares (run.py's columns), so entries scoped to a part load too
        entries = allow.load(PARITY / "allowlist.toml", {*PARTS, "analysis", "run", "*"})
        page = (PARITY.parent / allow.DOCS_PAGE).read_text()
        self.assertEqual([], allow.check_docs(entries, page))

    def test_missing_bullet_is_reported(self) -> None:
        entries = [allow.Entry(id="a", reason="r"), allow.Entry(id="b", reason="r")]
        page = "# Differences from Inspect Swarm\n\n- **a**: x\n- **c**: y\n\n## Next\n- b: not a bullet\n"
        self.assertEqual([f"allow-list entry 'b' is not in {allow.DOCS_PAGE}: run `make docs`"],
                         allow.check_docs(entries, page))

    def test_docs_may_list_more_in_any_order(self) -> None:
        # c is a difference the suite cannot observe: docs only, no entry
        entries = [allow.Entry(id="a", reason="r"), allow.Entry(id="b", reason="r")]
        page = "# Differences from Inspect Swarm\n\n- **b**: x\n- **c**: y\n\n### Outside\n\n- **a**: z\n"
        self.assertEqual([], allow.check_docs(entries, page))

    def test_another_page_is_an_error(self) -> None:
        with self.assertRaises(allow.ListError):
            allow.check_docs([], "# Something else\n")


if __name__ == "__main__":
    unittest.main()
