"""pymender: a Python controller that starts a member on no roster
("ghost") and handles the refusal: it starts the roster's first member
instead, and chooses its submission with the refusal's text as the reason,
so the record shows what the plugin was told (host/e2e python_e2e_test.go).
The test prepends a shebang naming the venv's python."""

from swarmhost_plugin import Action, Controller, Metadata, RefusalCause, Session, StartResponse, serve


class Run(Session):
    def __init__(self):
        self.told = ""

    def event(self, req):
        if req.event.kind == "member_ended" and req.event.status == "submitted":
            return [Action.choose(req.event.member, self.told)]
        return []

    def refused(self, req):
        if req.error.cause is not RefusalCause.UNKNOWN_MEMBER:
            raise req.error
        self.told = str(req.error)
        return [Action.start(req.roster[0].name)] + req.not_applied


class PyMender(Controller):
    def metadata(self):
        return Metadata(name="pymender", version="1.0.0")

    def start(self, req):
        return StartResponse(session=Run(), actions=[Action.start("ghost")])


if __name__ == "__main__":
    serve(PyMender())
