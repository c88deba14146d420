package wire

import (
	"math"

	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
	"github.com/swarmhost/swarmhost/sdk/scorer"
)

// nanJSON is a NaN score value on the wire: the bare token Python's json
// module reads and writes (standard JSON has no NaN).
const nanJSON = `NaN`

// ScoreToProto converts a score; NaN and ±Inf, in the value and in the
// metadata, survive the trip as bare tokens.
func ScoreToProto(s scorer.Score) *pb.Score {
	value := marshalJSON(s.Value)
	if f, ok := s.Value.(float64); ok && math.IsNaN(f) {
		value = []byte(nanJSON)
	}
	return &pb.Score{ValueJson: value, Answer: s.Answer, Explanation: s.Explanation,
		MetadataJson: marshalJSON(s.Metadata)}
}

// ScoreFromProto converts a score; nil gives an unscored (NaN) score.
func ScoreFromProto(p *pb.Score) scorer.Score {
	if p == nil {
		return scorer.Unscored()
	}
	s := scorer.Score{Answer: p.Answer, Explanation: p.Explanation, Metadata: unmarshalMap(p.MetadataJson)}
	switch {
	case string(p.ValueJson) == nanJSON || len(p.ValueJson) == 0:
		s.Value = math.NaN()
	default:
		s.Value, _ = unmarshalAny(p.ValueJson)
	}
	return s
}
