"""The plugin's side of sessions: for each open session, the Session its
controller's start() returned and the session's roster, from start to end.
The host sends only the roster entries that changed (roster_changes in a
request); they apply to the kept roster (a swarm of N members makes
about 3N controller events; whole rosters made that O(N^2))."""

import threading
from dataclasses import dataclass

import grpc

from . import _wire
from .controller import Member

# The status of a call for a session this process does not have open (it
# was relaunched, or the session ended). The host knows it by the code
# alone (the Go SDK's protocol.SessionLostCode): no other error
# of the controller servicer has it (author errors are INTERNAL).
SESSION_LOST = grpc.StatusCode.FAILED_PRECONDITION


@dataclass
class _Open:
    session: object
    members: list[Member]
    index: dict[str, int]


class OpenSessions:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._open: dict[str, _Open] = {}

    def start(self, session_id: str, session, roster: list[Member]) -> None:
        """Opens a session with its first roster."""
        with self._lock:
            self._open[session_id] = _Open(session, list(roster), {m.name: i for i, m in enumerate(roster)})

    def resolve(self, session_id: str, roster, changes: bool, context):
        """The session and the roster a request stands for: its whole roster
        (kept from then on), or the kept one with the request's changes
        applied. The list is the caller's own; a changed entry is a new
        Member, so lists handed out earlier keep what they held. Entries are
        shared between calls: treat them as read-only."""
        with self._lock:
            kept = self._open.get(session_id)
        if kept is None:
            context.abort(SESSION_LOST, f'session "{session_id}" is not open in this controller process')
        members = _wire.roster_from_proto(roster)
        if not changes:
            kept.members, kept.index = list(members), {m.name: i for i, m in enumerate(members)}
            return kept.session, members
        for m in members:
            i = kept.index.get(m.name)
            if i is None:
                context.abort(grpc.StatusCode.INVALID_ARGUMENT,
                              f'roster change for "{m.name}", who is not in session "{session_id}"')
            kept.members[i] = m
        return kept.session, list(kept.members)

    def end(self, session_id: str):
        """Forgets a session and returns its Session (None when none was open)."""
        with self._lock:
            kept = self._open.pop(session_id, None)
        return kept.session if kept else None
