"""The docs' Python scorer (docs/guides/python-plugins.md) and its suite-level
tests (docs/guides/testing-plugins.md) work as printed."""

import pathlib
import re

from swarmhost_plugin.testing import Harness

DOCS = pathlib.Path(__file__).resolve().parents[3] / "docs" / "guides"
PLUGINS_PAGE = DOCS / "python-plugins.md"
TESTING_PAGE = DOCS / "testing-plugins.md"


def first_python_block(page: pathlib.Path, after: str) -> str:
    """The first ```python block of page after the heading `after`."""
    return re.search(after + r".*?```python\n(.*?)```", page.read_text(), re.S).group(1)


def scorer_source() -> str:
    return first_python_block(PLUGINS_PAGE, r"## A scorer")


def readme_scorer():
    block = scorer_source()
    assert len(block.splitlines()) < 30
    namespace = {"__name__": "readme"}
    exec(compile(block, str(PLUGINS_PAGE), "exec"), namespace)
    return namespace["ExactText"]()


def test_readme_scorer():
    with Harness(readme_scorer()) as h:
        assert h.score(output=" Paris\n", target="Paris").score.value == "C"
        assert h.score(output="paris", target="Paris").score.value == "I"
        assert h.score(output="paris", target="Paris", config={"ignore_case": True}).score.value == "C"


def readme_suite_tests():
    """The testing guide's suite-level test module."""
    return first_python_block(TESTING_PAGE, r"## Python")


def test_readme_suite_tests(swarmhost_bin, tmp_path, monkeypatch):
    plugin = tmp_path / "swarmhost-scorer-exact-text"
    plugin.write_text(scorer_source())
    plugin.chmod(0o755)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SWARMHOST_BIN", swarmhost_bin)
    namespace = {"__name__": "readme_suite"}
    exec(compile(readme_suite_tests(), str(TESTING_PAGE), "exec"), namespace)
    tests = [f for n, f in namespace.items() if n.startswith("test_")]
    assert len(tests) == 2
    for test in tests:
        test()
