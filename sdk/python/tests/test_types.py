"""The constants of states, statuses, event kinds and final modes, and the
optional choose()."""

import pytest

from swarmhost_plugin import (ChooseResponse, Controller, EventKind, FinalMode, MemberState, Metadata, Session,
                              StartResponse, Status, member_limit)
from swarmhost_plugin._pb.swarmhost.v1 import controller_pb2
from swarmhost_plugin.controller import FINAL_LAST
from swarmhost_plugin.testing import Harness


@pytest.mark.parametrize("member, wire", [
    (MemberState.PENDING, "pending"), (MemberState.RUNNING, "running"), (MemberState.ENDED, "ended"),
    (Status.SUBMITTED, "submitted"), (Status.SWARM_CAP, "swarm_cap"), (Status.MEMBER_LIMIT_CUSTOM, "member_limit:custom"),
    (EventKind.MEMBER_STARTED, "member_started"), (EventKind.SUBMISSION, "submission"),
    (EventKind.MEMBER_ENDED, "member_ended"), (FinalMode.FIRST, "first"), (FinalMode.LAST, "last"),
])
def test_constants_are_the_wire_strings(member, wire):
    assert member == wire and str(member) == wire and f"{member}" == wire
    assert type(member)(wire) is member


@pytest.mark.parametrize("status, kind", [
    ("member_limit:token", "token"), (Status.MEMBER_LIMIT_CUSTOM, "custom"), (Status.SUBMITTED, None), ("", None),
])
def test_member_limit(status, kind):
    assert member_limit(status) == kind


class Last(Controller):
    """Asks for answers and lets the final rule pick: its sessions have no
    choose()."""

    def metadata(self):
        return Metadata(name="last", version="1.0.0")

    def start(self, req):
        return StartResponse(session=self.session(), final_mode=FinalMode.LAST, answers=True)

    def session(self):
        return Session()


class PickySession(Session):
    """Chooses the first submission."""

    def choose(self, req):
        return ChooseResponse(member=req.submissions[0].member, reason="first")


class Picky(Last):
    def metadata(self):
        return Metadata(name="picky", version="1.0.0")

    def session(self):
        return PickySession()


@pytest.mark.parametrize("impl, want_never", [(Last(), True), (Picky(), False)])
def test_start_tells_the_host_whether_the_session_chooses(impl, want_never):
    with Harness(impl) as h:
        resp = h._controller.Start(controller_pb2.ControllerStartRequest(
            plugin=impl.metadata().name, session="s", config_json=b"{}"))
    assert resp.never_chooses is want_never
    assert resp.final_mode == FINAL_LAST == "last"
