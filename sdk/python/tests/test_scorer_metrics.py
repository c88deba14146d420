"""A scorer's own metrics through the servicer (the Go SDK's
scorer.WithMetrics): the capability, Metrics and ComputeMetric."""

import json

import grpc
import pytest

from swarmhost_plugin import Metadata, Score, Scorer
from swarmhost_plugin._pb.swarmhost.v1 import common_pb2, scorer_pb2
from swarmhost_plugin._servicers import ScorerServicer
from swarmhost_plugin.scorer import CAPABILITY_METRICS


class Aborted(Exception):
    pass


class Context:
    """The part of grpc's ServicerContext the servicer uses."""

    def abort(self, code, details):
        raise Aborted(code, details)


class Plain(Scorer):
    def metadata(self):
        return Metadata(name="plain")

    def score(self, req):
        return Score(value=1)


class Own(Scorer):
    def metadata(self):
        return Metadata(name="own")

    def score(self, req):
        return Score(value=1)

    def metrics(self, config):
        return [{"name": "mine/total", "options": {"k": config.get("k", 1)}}]

    def compute_metric(self, config, metric, options, samples):
        if metric == "mine/bounds":
            return {"lower": 0.0, "upper": None}
        if metric == "mine/list":
            return [1, None]
        return sum(s.score.value for s in samples) * options["k"] + len(
            [s for s in samples if s.sample_metadata.get("group") == "g"])


@pytest.fixture
def servicer():
    return ScorerServicer([Plain(), Own()], broker=None)


def test_only_a_scorer_with_metrics_lists_the_capability(servicer):
    caps = {md.name: md.capabilities for md in servicer.cat.infos}
    assert CAPABILITY_METRICS in caps["own"] and CAPABILITY_METRICS not in caps["plain"]


def test_metrics_and_compute(servicer):
    ctx = Context()
    out = servicer.Metrics(scorer_pb2.MetricsRequest(plugin="own", config_json=b'{"k": 3}'), ctx)
    assert json.loads(out.metrics_json) == [{"name": "mine/total", "options": {"k": 3}}]
    samples = [scorer_pb2.MetricSample(score=common_pb2.Score(value_json=b"2"), sample_id="a",
                                       sample_metadata_json=b'{"group": "g"}'),
               scorer_pb2.MetricSample(score=common_pb2.Score(value_json=b"1.5"), sample_id="b")]
    req = scorer_pb2.ComputeMetricRequest(plugin="own", metric="mine/total", options_json=b'{"k": 2}', samples=samples)
    assert servicer.ComputeMetric(req, ctx).scalar == 8.0
    req.metric = "mine/bounds"
    d = servicer.ComputeMetric(req, ctx).dict.entries
    assert [(e.name, e.number.none) for e in d] == [("lower", False), ("upper", True)]
    req.metric = "mine/list"
    items = servicer.ComputeMetric(req, ctx).list.items
    assert [(i.value, i.none) for i in items] == [(1.0, False), (0.0, True)]


def test_a_scorer_without_metrics_is_unimplemented(servicer):
    with pytest.raises(Aborted) as e:
        servicer.Metrics(scorer_pb2.MetricsRequest(plugin="plain"), Context())
    assert e.value.args[0] == grpc.StatusCode.UNIMPLEMENTED
