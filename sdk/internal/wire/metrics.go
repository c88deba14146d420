package wire

import (
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// MetricSamplesToProto converts the samples a metric reads.
func MetricSamplesToProto(ss []scorer.MetricSample) []*pb.MetricSample {
	out := make([]*pb.MetricSample, len(ss))
	for i, s := range ss {
		out[i] = &pb.MetricSample{Score: ScoreToProto(s.Score), SampleId: s.SampleID,
			SampleMetadataJson: marshalJSON(s.SampleMetadata)}
	}
	return out
}

// MetricSamplesFromProto converts the samples a metric reads.
func MetricSamplesFromProto(ps []*pb.MetricSample) []scorer.MetricSample {
	out := make([]scorer.MetricSample, len(ps))
	for i, p := range ps {
		out[i] = scorer.MetricSample{Score: ScoreFromProto(p.GetScore()), SampleID: p.GetSampleId(),
			SampleMetadata: unmarshalMap(p.GetSampleMetadataJson())}
	}
	return out
}

// MetricValueToProto converts a metric's value.
func MetricValueToProto(v scorer.MetricValue) *pb.ComputeMetricResponse {
	switch {
	case v.Dict != nil:
		d := &pb.MetricEntries{}
		for _, nv := range v.Dict {
			d.Entries = append(d.Entries, &pb.NamedMetricNumber{Name: nv.Name, Number: metricNumber(nv.Value)})
		}
		return &pb.ComputeMetricResponse{Value: &pb.ComputeMetricResponse_Dict{Dict: d}}
	case v.List != nil:
		l := &pb.MetricList{}
		for _, x := range v.List {
			l.Items = append(l.Items, metricNumber(x))
		}
		return &pb.ComputeMetricResponse{Value: &pb.ComputeMetricResponse_List{List: l}}
	case v.Scalar != nil:
		return &pb.ComputeMetricResponse{Value: &pb.ComputeMetricResponse_Scalar{Scalar: *v.Scalar}}
	}
	return &pb.ComputeMetricResponse{}
}

// MetricValueFromProto converts a metric's value; a response with none
// gives the zero MetricValue.
func MetricValueFromProto(p *pb.ComputeMetricResponse) scorer.MetricValue {
	switch v := p.GetValue().(type) {
	case *pb.ComputeMetricResponse_Scalar:
		x := v.Scalar
		return scorer.MetricValue{Scalar: &x}
	case *pb.ComputeMetricResponse_Dict:
		out := scorer.MetricValue{Dict: []scorer.NamedNumber{}}
		for _, e := range v.Dict.GetEntries() {
			out.Dict = append(out.Dict, scorer.NamedNumber{Name: e.GetName(), Value: fromMetricNumber(e.GetNumber())})
		}
		return out
	case *pb.ComputeMetricResponse_List:
		out := scorer.MetricValue{List: []*float64{}}
		for _, n := range v.List.GetItems() {
			out.List = append(out.List, fromMetricNumber(n))
		}
		return out
	}
	return scorer.MetricValue{}
}

func metricNumber(v *float64) *pb.MetricNumber {
	if v == nil {
		return &pb.MetricNumber{None: true}
	}
	return &pb.MetricNumber{Value: *v}
}

func fromMetricNumber(n *pb.MetricNumber) *float64 {
	if n == nil || n.None {
		return nil
	}
	v := n.Value
	return &v
}

// OptionsToJSON encodes a metric's options.
func OptionsToJSON(opts map[string]any) []byte { return marshalJSON(opts) }

// OptionsFromJSON decodes a metric's options; bad input gives nil.
func OptionsFromJSON(b []byte) map[string]any { return unmarshalMap(b) }
