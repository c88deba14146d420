"""The Python harness checks a plugin's config schema as the host does: the
same cases as the Go SDK's schema.Schema.Check and the host's conversion
through HCL (sdk/schema/testdata/check.json)."""

import json
import pathlib

import pytest

from swarmhost_plugin import Attribute, Metadata, Schema, Score, Scorer
from swarmhost_plugin._schema_check import SchemaError, check
from swarmhost_plugin.testing import Harness
from swarmhost_plugin.types import Block

FIXTURE = pathlib.Path(__file__).resolve().parents[2] / "schema" / "testdata" / "check.json"
CASES = json.loads(FIXTURE.read_text())["cases"]


def schema_of(d: dict) -> Schema:
    return Schema(
        attributes=[Attribute(a["name"], a.get("type", ""), required=a.get("required", False),
                              default=a.get("default")) for a in d.get("attributes", [])],
        blocks=[Block(b["name"], schema_of(b.get("body", {})), nesting=b.get("nesting") or "single")
                for b in d.get("blocks", [])])


@pytest.mark.parametrize("name", sorted(CASES))
def test_check(name):
    case = CASES[name]
    if not case["error"]:
        check(schema_of(case["schema"]))
        return
    with pytest.raises(SchemaError) as e:
        check(schema_of(case["schema"]))
    assert case["error"] in str(e.value)


class Typo(Scorer):
    def metadata(self):
        return Metadata(name="typo", schema=Schema([Attribute("tolerance", "nubmer")]))

    def score(self, req):
        return Score(value=0)


def test_the_harness_refuses_a_schema_the_host_refuses():
    with pytest.raises(SchemaError, match='the host would refuse the config schema of "typo": attribute "tolerance": '
                                          'type "nubmer": The keyword "nubmer" is not a valid type specification'):
        Harness(Typo())
