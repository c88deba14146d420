from swarmhost_plugin._pb.swarmhost.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class RosterMember(_message.Message):
    __slots__ = ("name", "role", "agent", "index", "state", "status")
    NAME_FIELD_NUMBER: _ClassVar[int]
    ROLE_FIELD_NUMBER: _ClassVar[int]
    AGENT_FIELD_NUMBER: _ClassVar[int]
    INDEX_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    name: str
    role: str
    agent: str
    index: int
    state: str
    status: str
    def __init__(self, name: _Optional[str] = ..., role: _Optional[str] = ..., agent: _Optional[str] = ..., index: _Optional[int] = ..., state: _Optional[str] = ..., status: _Optional[str] = ...) -> None: ...

class Action(_message.Message):
    __slots__ = ("kind", "member", "input", "reason")
    class Kind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        KIND_UNSPECIFIED: _ClassVar[Action.Kind]
        KIND_START: _ClassVar[Action.Kind]
        KIND_STOP: _ClassVar[Action.Kind]
        KIND_CHOOSE: _ClassVar[Action.Kind]
    KIND_UNSPECIFIED: Action.Kind
    KIND_START: Action.Kind
    KIND_STOP: Action.Kind
    KIND_CHOOSE: Action.Kind
    KIND_FIELD_NUMBER: _ClassVar[int]
    MEMBER_FIELD_NUMBER: _ClassVar[int]
    INPUT_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    kind: Action.Kind
    member: str
    input: str
    reason: str
    def __init__(self, kind: _Optional[_Union[Action.Kind, str]] = ..., member: _Optional[str] = ..., input: _Optional[str] = ..., reason: _Optional[str] = ...) -> None: ...

class ControllerStartRequest(_message.Message):
    __slots__ = ("plugin", "session", "config_json", "roster", "sample")
    PLUGIN_FIELD_NUMBER: _ClassVar[int]
    SESSION_FIELD_NUMBER: _ClassVar[int]
    CONFIG_JSON_FIELD_NUMBER: _ClassVar[int]
    ROSTER_FIELD_NUMBER: _ClassVar[int]
    SAMPLE_FIELD_NUMBER: _ClassVar[int]
    plugin: str
    session: str
    config_json: bytes
    roster: _containers.RepeatedCompositeFieldContainer[RosterMember]
    sample: _common_pb2.SampleRef
    def __init__(self, plugin: _Optional[str] = ..., session: _Optional[str] = ..., config_json: _Optional[bytes] = ..., roster: _Optional[_Iterable[_Union[RosterMember, _Mapping]]] = ..., sample: _Optional[_Union[_common_pb2.SampleRef, _Mapping]] = ...) -> None: ...

class ControllerStartResponse(_message.Message):
    __slots__ = ("actions", "final_mode", "answers", "never_chooses", "handles_refusals")
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    FINAL_MODE_FIELD_NUMBER: _ClassVar[int]
    ANSWERS_FIELD_NUMBER: _ClassVar[int]
    NEVER_CHOOSES_FIELD_NUMBER: _ClassVar[int]
    HANDLES_REFUSALS_FIELD_NUMBER: _ClassVar[int]
    actions: _containers.RepeatedCompositeFieldContainer[Action]
    final_mode: str
    answers: bool
    never_chooses: bool
    handles_refusals: bool
    def __init__(self, actions: _Optional[_Iterable[_Union[Action, _Mapping]]] = ..., final_mode: _Optional[str] = ..., answers: _Optional[bool] = ..., never_chooses: _Optional[bool] = ..., handles_refusals: _Optional[bool] = ...) -> None: ...

class GateVerdict(_message.Message):
    __slots__ = ("checked", "passed")
    CHECKED_FIELD_NUMBER: _ClassVar[int]
    PASSED_FIELD_NUMBER: _ClassVar[int]
    checked: bool
    passed: bool
    def __init__(self, checked: _Optional[bool] = ..., passed: _Optional[bool] = ...) -> None: ...

class SwarmEvent(_message.Message):
    __slots__ = ("kind", "member", "time", "answer", "gate", "status")
    KIND_FIELD_NUMBER: _ClassVar[int]
    MEMBER_FIELD_NUMBER: _ClassVar[int]
    TIME_FIELD_NUMBER: _ClassVar[int]
    ANSWER_FIELD_NUMBER: _ClassVar[int]
    GATE_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    kind: str
    member: str
    time: float
    answer: str
    gate: GateVerdict
    status: str
    def __init__(self, kind: _Optional[str] = ..., member: _Optional[str] = ..., time: _Optional[float] = ..., answer: _Optional[str] = ..., gate: _Optional[_Union[GateVerdict, _Mapping]] = ..., status: _Optional[str] = ...) -> None: ...

class ControllerEventRequest(_message.Message):
    __slots__ = ("plugin", "session", "event", "roster", "config_json", "roster_changes")
    PLUGIN_FIELD_NUMBER: _ClassVar[int]
    SESSION_FIELD_NUMBER: _ClassVar[int]
    EVENT_FIELD_NUMBER: _ClassVar[int]
    ROSTER_FIELD_NUMBER: _ClassVar[int]
    CONFIG_JSON_FIELD_NUMBER: _ClassVar[int]
    ROSTER_CHANGES_FIELD_NUMBER: _ClassVar[int]
    plugin: str
    session: str
    event: SwarmEvent
    roster: _containers.RepeatedCompositeFieldContainer[RosterMember]
    config_json: bytes
    roster_changes: bool
    def __init__(self, plugin: _Optional[str] = ..., session: _Optional[str] = ..., event: _Optional[_Union[SwarmEvent, _Mapping]] = ..., roster: _Optional[_Iterable[_Union[RosterMember, _Mapping]]] = ..., config_json: _Optional[bytes] = ..., roster_changes: _Optional[bool] = ...) -> None: ...

class ControllerEventResponse(_message.Message):
    __slots__ = ("actions",)
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    actions: _containers.RepeatedCompositeFieldContainer[Action]
    def __init__(self, actions: _Optional[_Iterable[_Union[Action, _Mapping]]] = ...) -> None: ...

class ControllerEventsRequest(_message.Message):
    __slots__ = ("plugin", "session", "events", "roster", "config_json", "roster_changes", "event_timeout")
    PLUGIN_FIELD_NUMBER: _ClassVar[int]
    SESSION_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    ROSTER_FIELD_NUMBER: _ClassVar[int]
    CONFIG_JSON_FIELD_NUMBER: _ClassVar[int]
    ROSTER_CHANGES_FIELD_NUMBER: _ClassVar[int]
    EVENT_TIMEOUT_FIELD_NUMBER: _ClassVar[int]
    plugin: str
    session: str
    events: _containers.RepeatedCompositeFieldContainer[SwarmEvent]
    roster: _containers.RepeatedCompositeFieldContainer[RosterMember]
    config_json: bytes
    roster_changes: bool
    event_timeout: float
    def __init__(self, plugin: _Optional[str] = ..., session: _Optional[str] = ..., events: _Optional[_Iterable[_Union[SwarmEvent, _Mapping]]] = ..., roster: _Optional[_Iterable[_Union[RosterMember, _Mapping]]] = ..., config_json: _Optional[bytes] = ..., roster_changes: _Optional[bool] = ..., event_timeout: _Optional[float] = ...) -> None: ...

class Submission(_message.Message):
    __slots__ = ("member", "time", "answer", "gate")
    MEMBER_FIELD_NUMBER: _ClassVar[int]
    TIME_FIELD_NUMBER: _ClassVar[int]
    ANSWER_FIELD_NUMBER: _ClassVar[int]
    GATE_FIELD_NUMBER: _ClassVar[int]
    member: str
    time: float
    answer: str
    gate: GateVerdict
    def __init__(self, member: _Optional[str] = ..., time: _Optional[float] = ..., answer: _Optional[str] = ..., gate: _Optional[_Union[GateVerdict, _Mapping]] = ...) -> None: ...

class ChooseRequest(_message.Message):
    __slots__ = ("plugin", "session", "submissions", "roster", "config_json", "roster_changes")
    PLUGIN_FIELD_NUMBER: _ClassVar[int]
    SESSION_FIELD_NUMBER: _ClassVar[int]
    SUBMISSIONS_FIELD_NUMBER: _ClassVar[int]
    ROSTER_FIELD_NUMBER: _ClassVar[int]
    CONFIG_JSON_FIELD_NUMBER: _ClassVar[int]
    ROSTER_CHANGES_FIELD_NUMBER: _ClassVar[int]
    plugin: str
    session: str
    submissions: _containers.RepeatedCompositeFieldContainer[Submission]
    roster: _containers.RepeatedCompositeFieldContainer[RosterMember]
    config_json: bytes
    roster_changes: bool
    def __init__(self, plugin: _Optional[str] = ..., session: _Optional[str] = ..., submissions: _Optional[_Iterable[_Union[Submission, _Mapping]]] = ..., roster: _Optional[_Iterable[_Union[RosterMember, _Mapping]]] = ..., config_json: _Optional[bytes] = ..., roster_changes: _Optional[bool] = ...) -> None: ...

class ChooseResponse(_message.Message):
    __slots__ = ("member", "reason")
    MEMBER_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    member: str
    reason: str
    def __init__(self, member: _Optional[str] = ..., reason: _Optional[str] = ...) -> None: ...

class ControllerEndRequest(_message.Message):
    __slots__ = ("plugin", "session")
    PLUGIN_FIELD_NUMBER: _ClassVar[int]
    SESSION_FIELD_NUMBER: _ClassVar[int]
    plugin: str
    session: str
    def __init__(self, plugin: _Optional[str] = ..., session: _Optional[str] = ...) -> None: ...

class ControllerEndResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ActionRefusal(_message.Message):
    __slots__ = ("action", "cause", "message", "members", "state", "status", "chosen")
    class Cause(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        CAUSE_UNSPECIFIED: _ClassVar[ActionRefusal.Cause]
        CAUSE_UNKNOWN_MEMBER: _ClassVar[ActionRefusal.Cause]
        CAUSE_STARTED_TWICE: _ClassVar[ActionRefusal.Cause]
        CAUSE_NOT_SUBMITTED: _ClassVar[ActionRefusal.Cause]
        CAUSE_CHOSE_TWICE: _ClassVar[ActionRefusal.Cause]
    CAUSE_UNSPECIFIED: ActionRefusal.Cause
    CAUSE_UNKNOWN_MEMBER: ActionRefusal.Cause
    CAUSE_STARTED_TWICE: ActionRefusal.Cause
    CAUSE_NOT_SUBMITTED: ActionRefusal.Cause
    CAUSE_CHOSE_TWICE: ActionRefusal.Cause
    ACTION_FIELD_NUMBER: _ClassVar[int]
    CAUSE_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    MEMBERS_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    CHOSEN_FIELD_NUMBER: _ClassVar[int]
    action: Action
    cause: ActionRefusal.Cause
    message: str
    members: _containers.RepeatedScalarFieldContainer[str]
    state: str
    status: str
    chosen: str
    def __init__(self, action: _Optional[_Union[Action, _Mapping]] = ..., cause: _Optional[_Union[ActionRefusal.Cause, str]] = ..., message: _Optional[str] = ..., members: _Optional[_Iterable[str]] = ..., state: _Optional[str] = ..., status: _Optional[str] = ..., chosen: _Optional[str] = ...) -> None: ...

class ControllerRefusedRequest(_message.Message):
    __slots__ = ("plugin", "session", "refusal", "not_applied", "roster", "config_json", "roster_changes")
    PLUGIN_FIELD_NUMBER: _ClassVar[int]
    SESSION_FIELD_NUMBER: _ClassVar[int]
    REFUSAL_FIELD_NUMBER: _ClassVar[int]
    NOT_APPLIED_FIELD_NUMBER: _ClassVar[int]
    ROSTER_FIELD_NUMBER: _ClassVar[int]
    CONFIG_JSON_FIELD_NUMBER: _ClassVar[int]
    ROSTER_CHANGES_FIELD_NUMBER: _ClassVar[int]
    plugin: str
    session: str
    refusal: ActionRefusal
    not_applied: _containers.RepeatedCompositeFieldContainer[Action]
    roster: _containers.RepeatedCompositeFieldContainer[RosterMember]
    config_json: bytes
    roster_changes: bool
    def __init__(self, plugin: _Optional[str] = ..., session: _Optional[str] = ..., refusal: _Optional[_Union[ActionRefusal, _Mapping]] = ..., not_applied: _Optional[_Iterable[_Union[Action, _Mapping]]] = ..., roster: _Optional[_Iterable[_Union[RosterMember, _Mapping]]] = ..., config_json: _Optional[bytes] = ..., roster_changes: _Optional[bool] = ...) -> None: ...
