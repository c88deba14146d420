"""The plugin's side of roster changes (ControllerStartResponse.keeps_roster):
each open session's roster, to which a request's changed entries apply, so
the host sends only the members whose entry changed (a swarm of N members
makes about 3N controller events; whole rosters made that O(N^2))."""

import threading

import grpc

from . import _wire
from .controller import Member

# The refusal of changes for a session this process does not keep (it was
# relaunched): the host then resends the whole roster. The host recognises
# it by this prefix (sdk/rpc/roster_kept.go), so it must not change.
LOST_ROSTER = "roster changes for a session whose roster this process does not keep:"


class KeptRosters:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._sessions: dict[str, tuple[list[Member], dict[str, int]]] = {}

    def start(self, session: str, roster: list[Member]) -> None:
        """Keeps a session's roster."""
        with self._lock:
            self._sessions[session] = (list(roster), {m.name: i for i, m in enumerate(roster)})

    def resolve(self, session: str, roster, changes: bool, context) -> list[Member]:
        """The roster a request stands for: its whole roster (kept from then
        on), or the kept one with the request's changes applied. The list is
        the caller's own; a changed entry is a new Member, so lists handed
        out earlier keep what they held. Entries are shared between calls:
        treat them as read-only."""
        if not changes:
            whole = _wire.roster_from_proto(roster)
            self.start(session, whole)
            return whole
        with self._lock:
            kept = self._sessions.get(session)
            if kept is None:
                context.abort(grpc.StatusCode.FAILED_PRECONDITION, f'{LOST_ROSTER} "{session}"')
            members, index = kept
            for m in _wire.roster_from_proto(roster):
                i = index.get(m.name)
                if i is None:
                    context.abort(grpc.StatusCode.INVALID_ARGUMENT,
                                  f'roster change for "{m.name}", who is not in session "{session}"')
                members[i] = m
            return list(members)

    def end(self, session: str) -> None:
        """Forgets a session."""
        with self._lock:
            self._sessions.pop(session, None)
