"""The Python harness completes configs as the host does: the same cases as
the Go SDK's schema.Schema.Complete (sdk/schema/testdata/complete.json)."""

import json
import pathlib

import pytest

from swarmhost_plugin._complete import complete
from swarmhost_plugin.types import Attribute, Block, Schema

FIXTURE = pathlib.Path(__file__).resolve().parents[2] / "schema" / "testdata" / "complete.json"
CASES = json.loads(FIXTURE.read_text())


def schema_of(d: dict) -> Schema:
    return Schema(
        attributes=[Attribute(a["name"], a.get("type", "any"), required=a.get("required", False),
                              default=a.get("default")) for a in d.get("attributes", [])],
        blocks=[Block(b["name"], schema_of(b.get("body", {})), nesting=b.get("nesting", "single"))
                for b in d.get("blocks", [])])


@pytest.mark.parametrize("name", sorted(CASES["cases"]))
def test_complete(name):
    case = CASES["cases"][name]
    assert complete(schema_of(case["schema"]), case["config"]) == case["want"]


@pytest.mark.parametrize("name", sorted(CASES["errors"]))
def test_complete_errors(name):
    case = CASES["errors"][name]
    with pytest.raises(ValueError, match=case["error"].replace("[", r"\[")):
        complete(schema_of(case["schema"]), case["config"])


def test_complete_does_not_change_the_callers_config():
    config = {"one": {}}
    s = Schema(blocks=[Block("one", Schema([Attribute("v", "number", default=1)]))])
    assert complete(s, config) == {"one": {"v": 1}}
    assert config == {"one": {}}
