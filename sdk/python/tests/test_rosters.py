"""Sessions on the plugin side: the SDK keeps each session's Session and
roster, so the host may send only the entries that changed."""

import grpc
import pytest

from swarmhost_plugin import Controller, Member, Metadata, Session, StartResponse
from swarmhost_plugin._pb.swarmhost.v1 import controller_pb2
from swarmhost_plugin._wire import roster_to_proto
from swarmhost_plugin import Submission
from swarmhost_plugin._sessions import SESSION_LOST
from swarmhost_plugin.testing import Harness, PluginError


class Seen(Controller, Session):
    """Records the roster of every call, then reverses the list it got; it
    is its own session, and counts the sessions closed."""

    def __init__(self):
        self.rosters = []
        self.closed = 0

    def metadata(self):
        return Metadata(name="seen", version="1.0.0")

    def start(self, req):
        self.rosters.append([(m.name, m.state) for m in req.roster])
        req.roster.reverse()
        return StartResponse(session=self)

    def event(self, req):
        self.rosters.append([(m.name, m.state) for m in req.roster])
        req.roster.reverse()
        return []

    def choose(self, req):
        self.rosters.append([(m.name, m.state) for m in req.roster])
        return None

    def close(self):
        self.closed += 1


def roster(*states):
    return [Member(name=f"m-{i}", agent="x", index=i, state=s) for i, s in enumerate(states, 1)]


def event(session, members, changes):
    return controller_pb2.ControllerEventRequest(plugin="seen", session=session, config_json=b"{}",
                                                 event=controller_pb2.SwarmEvent(kind="member_started"),
                                                 roster=roster_to_proto(members), roster_changes=changes)


@pytest.fixture
def seen():
    impl = Seen()
    with Harness(impl) as h:
        yield impl, h._controller


def start(stub, session="s"):
    return stub.Start(controller_pb2.ControllerStartRequest(plugin="seen", session=session, config_json=b"{}",
                                                            roster=roster_to_proto(roster("pending", "pending"))))


def test_changes_apply_to_the_kept_roster(seen):
    impl, stub = seen
    start(stub)
    stub.Event(event("s", [Member(name="m-2", agent="x", index=2, state="running")], True))
    stub.Event(event("s", [], True))
    stub.Choose(controller_pb2.ChooseRequest(plugin="seen", session="s", config_json=b"{}", roster_changes=True,
                                             roster=roster_to_proto([Member(name="m-1", agent="x", index=1,
                                                                            state="ended")])))
    assert impl.rosters == [
        [("m-1", "pending"), ("m-2", "pending")],
        [("m-1", "pending"), ("m-2", "running")],
        [("m-1", "pending"), ("m-2", "running")],
        [("m-1", "ended"), ("m-2", "running")],
    ]


def test_a_whole_roster_replaces_the_kept_one(seen):
    impl, stub = seen
    start(stub)
    stub.Event(event("s", roster("ended", "ended"), False))
    stub.Event(event("s", [], True))
    assert impl.rosters[-1] == [("m-1", "ended"), ("m-2", "ended")]


def test_a_session_not_open_is_refused_by_its_code(seen):
    impl, stub = seen
    start(stub)
    stub.End(controller_pb2.ControllerEndRequest(plugin="seen", session="s"))
    stub.End(controller_pb2.ControllerEndRequest(plugin="seen", session="s"))
    assert impl.closed == 1
    for changes in (True, False):
        with pytest.raises(grpc.RpcError) as e:
            stub.Event(event("s", roster("running", "pending"), changes))
        assert e.value.code() == SESSION_LOST


def test_an_author_error_never_has_the_session_lost_code(seen):
    impl, stub = seen
    start(stub)
    impl.event = lambda req: (_ for _ in ()).throw(RuntimeError("mine"))
    with pytest.raises(grpc.RpcError) as e:
        stub.Event(event("s", [], True))
    assert e.value.code() != SESSION_LOST and "mine" in e.value.details()


class NoSession(Controller):
    def metadata(self):
        return Metadata(name="seen")

    def start(self, req):
        return StartResponse()


class EventsOnly(Session):
    pass


class OnlyEvents(NoSession):
    def start(self, req):
        return StartResponse(session=EventsOnly())


def test_start_without_a_session_is_an_error():
    with Harness(NoSession()) as h:
        with pytest.raises(PluginError, match="returned no session"):
            h.start(roster=roster("pending"))


def test_a_session_without_choose_never_chooses():
    with Harness(OnlyEvents()) as h:
        h.start(roster=roster("pending"))
        assert h.choose(submissions=[Submission(member="m-1", answer="x")], roster=roster("ended")).member == ""


def test_a_change_for_a_stranger_is_invalid(seen):
    _, stub = seen
    start(stub)
    with pytest.raises(grpc.RpcError) as e:
        stub.Event(event("s", [Member(name="nobody", state="running")], True))
    assert e.value.code() == grpc.StatusCode.INVALID_ARGUMENT
