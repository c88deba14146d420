package wire

import (
	"encoding/json"

	"github.com/swarmhost/swarmhost/sdk/agent"
	pb "github.com/swarmhost/swarmhost/sdk/internal/pluginpb"
)

// RunRequestToProto is a member's start for the named agent, as the host
// sends it; req.Host does not travel (the member's host calls come back
// on the member stream or over the broker).
func RunRequestToProto(name string, req agent.RunRequest) *pb.RunRequest {
	return &pb.RunRequest{Plugin: name, Member: req.Member, Role: req.Role, Index: int32(req.Index),
		Input: MessagesToProto(req.Input), Preamble: req.Preamble, ConfigJson: req.Config.JSON(),
		Sample: SampleRefToProto(req.Sample), MetadataJson: metadataToJSON(req.Metadata)}
}

// RunRequestFromProto is the member's RunRequest, with host as its Host.
func RunRequestFromProto(req *pb.RunRequest, host agent.Host) agent.RunRequest {
	return agent.RunRequest{
		Member: req.Member, Role: req.Role, Index: int(req.Index),
		Input: MessagesFromProto(req.Input), Preamble: req.Preamble,
		Config: ConfigFromProto(req.ConfigJson), Sample: SampleRefFromProto(req.Sample),
		Metadata: metadataFromJSON(req.MetadataJson), Host: host,
	}
}

// metadataToJSON encodes a sample's metadata; none (or what JSON cannot
// hold, which a dataset row never has) is empty.
func metadataToJSON(md map[string]any) []byte {
	if len(md) == 0 {
		return nil
	}
	b, err := json.Marshal(md)
	if err != nil {
		return nil
	}
	return b
}

// metadataFromJSON decodes a sample's metadata; empty or not an object is nil.
func metadataFromJSON(b []byte) map[string]any {
	if len(b) == 0 {
		return nil
	}
	var md map[string]any
	if json.Unmarshal(b, &md) != nil {
		return nil
	}
	return md
}

// BudgetToProto converts a member's view of the budget.
func BudgetToProto(b agent.Budget) *pb.BudgetResponse {
	return &pb.BudgetResponse{Split: b.Split, Weights: b.Weights, Cost: usageToProto(b.Cost),
		Tokens: usageToProto(b.Tokens), TokenType: b.TokenType, Time: usageToProto(b.Time)}
}

// BudgetFromProto converts a member's view of the budget.
func BudgetFromProto(resp *pb.BudgetResponse) agent.Budget {
	return agent.Budget{Split: resp.Split, Weights: resp.Weights, Cost: usageFromProto(resp.Cost),
		Tokens: usageFromProto(resp.Tokens), TokenType: resp.TokenType, Time: usageFromProto(resp.Time)}
}

func usageToProto(u *agent.BudgetUsage) *pb.BudgetUsage {
	if u == nil {
		return nil
	}
	return &pb.BudgetUsage{Cap: u.Cap, Used: u.Used, Share: u.Share, ShareUsed: u.ShareUsed}
}

func usageFromProto(u *pb.BudgetUsage) *agent.BudgetUsage {
	if u == nil {
		return nil
	}
	return &agent.BudgetUsage{Cap: u.Cap, Used: u.Used, Share: u.Share, ShareUsed: u.ShareUsed}
}
