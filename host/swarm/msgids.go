package swarm

import (
	"crypto/sha256"
	"encoding/json"
	"sync"

	"github.com/swarmhost/swarmhost/host/internal/shortid"
	"github.com/swarmhost/swarmhost/sdk/model"
)

// idPool gives the messages of one sample's members their ids. Inspect
// reads two messages with the same content as one message whatever their
// ids (its log pools model inputs by content), so a message new to the
// sample gets a new id and one that another member already sent (the same
// system prompt, the same follow-up) gets that message's id: each distinct
// message of the sample has one id, as its readers see it. It keeps a
// digest per distinct message, not the message. Safe for concurrent use.
type idPool struct {
	mu  sync.Mutex
	ids map[[sha256.Size]byte]string
}

func newIDPool() *idPool { return &idPool{ids: map[[sha256.Size]byte]string{}} }

// assign gives each message without an id the id of its content.
func (p *idPool) assign(msgs []model.Message) {
	for i := range msgs {
		if msgs[i].ID == "" {
			msgs[i].ID = p.idOf(msgs[i])
		}
	}
}

// idOf is the id of m's content (m has no id), new when the content is.
func (p *idPool) idOf(m model.Message) string {
	if p == nil {
		return shortid.New()
	}
	raw, err := json.Marshal(m)
	if err != nil {
		return shortid.New()
	}
	key := sha256.Sum256(raw)
	p.mu.Lock()
	defer p.mu.Unlock()
	id, ok := p.ids[key]
	if !ok {
		id = shortid.New()
		p.ids[key] = id
	}
	return id
}
