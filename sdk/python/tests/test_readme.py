"""The README's Python scorer works as printed."""

import pathlib
import re

from swarmhost_plugin.testing import Harness

README = pathlib.Path(__file__).resolve().parents[3] / "README.md"


def readme_scorer():
    block = re.search(r"## Plugins in Python.*?```python\n(.*?)```", README.read_text(), re.S).group(1)
    assert len(block.splitlines()) < 30
    namespace = {"__name__": "readme"}
    exec(compile(block, "README.md", "exec"), namespace)
    return namespace["ExactText"]()


def test_readme_scorer():
    with Harness(readme_scorer()) as h:
        assert h.score(output=" Paris\n", target="Paris").score.value == "C"
        assert h.score(output="paris", target="Paris").score.value == "I"
        assert h.score(output="paris", target="Paris", config={"ignore_case": True}).score.value == "C"


def readme_suite_tests():
    """The README's suite-level test module (after the scorer)."""
    return re.search(r"## Plugins in Python.*?```python\n.*?```.*?```python\n(.*?)```", README.read_text(), re.S).group(1)


def test_readme_suite_tests(swarmhost_bin, tmp_path, monkeypatch):
    scorer = re.search(r"## Plugins in Python.*?```python\n(.*?)```", README.read_text(), re.S).group(1)
    plugin = tmp_path / "swarmhost-scorer-exact-text"
    plugin.write_text(scorer)
    plugin.chmod(0o755)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SWARMHOST_BIN", swarmhost_bin)
    namespace = {"__name__": "readme_suite"}
    exec(compile(readme_suite_tests(), "README.md", "exec"), namespace)
    tests = [f for n, f in namespace.items() if n.startswith("test_")]
    assert len(tests) == 2
    for test in tests:
        test()
