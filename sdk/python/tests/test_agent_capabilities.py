"""An agent's metadata lists the member stream's capability, for host
v0.1.0, which runs members on the stream only when every agent lists it."""

from swarmhost_plugin import Agent, Metadata
from swarmhost_plugin._servicers import AgentServicer
from swarmhost_plugin.agent import CAPABILITY_MEMBER_STREAM


class Own(Agent):
    def metadata(self):
        return Metadata(name="own", capabilities=["mine"])

    def run(self, req):
        return None


def test_every_agent_lists_the_member_stream_once():
    caps = {md.name: md.capabilities for md in AgentServicer([Own()], broker=None).cat.infos}
    assert caps == {"own": ["mine", CAPABILITY_MEMBER_STREAM]}
