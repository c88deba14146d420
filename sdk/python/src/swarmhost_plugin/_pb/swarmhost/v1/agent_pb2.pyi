from swarmhost_plugin._pb.swarmhost.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class MembersDown(_message.Message):
    __slots__ = ("member", "start", "cancel", "reply")
    MEMBER_FIELD_NUMBER: _ClassVar[int]
    START_FIELD_NUMBER: _ClassVar[int]
    CANCEL_FIELD_NUMBER: _ClassVar[int]
    REPLY_FIELD_NUMBER: _ClassVar[int]
    member: int
    start: RunRequest
    cancel: MemberCancel
    reply: HostReply
    def __init__(self, member: _Optional[int] = ..., start: _Optional[_Union[RunRequest, _Mapping]] = ..., cancel: _Optional[_Union[MemberCancel, _Mapping]] = ..., reply: _Optional[_Union[HostReply, _Mapping]] = ...) -> None: ...

class MemberCancel(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class HostReply(_message.Message):
    __slots__ = ("call", "response", "code", "message")
    CALL_FIELD_NUMBER: _ClassVar[int]
    RESPONSE_FIELD_NUMBER: _ClassVar[int]
    CODE_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    call: int
    response: bytes
    code: int
    message: str
    def __init__(self, call: _Optional[int] = ..., response: _Optional[bytes] = ..., code: _Optional[int] = ..., message: _Optional[str] = ...) -> None: ...

class MembersUp(_message.Message):
    __slots__ = ("member", "call", "cancel_call", "end")
    MEMBER_FIELD_NUMBER: _ClassVar[int]
    CALL_FIELD_NUMBER: _ClassVar[int]
    CANCEL_CALL_FIELD_NUMBER: _ClassVar[int]
    END_FIELD_NUMBER: _ClassVar[int]
    member: int
    call: HostCall
    cancel_call: int
    end: MemberEnd
    def __init__(self, member: _Optional[int] = ..., call: _Optional[_Union[HostCall, _Mapping]] = ..., cancel_call: _Optional[int] = ..., end: _Optional[_Union[MemberEnd, _Mapping]] = ...) -> None: ...

class HostCall(_message.Message):
    __slots__ = ("call", "method", "request")
    CALL_FIELD_NUMBER: _ClassVar[int]
    METHOD_FIELD_NUMBER: _ClassVar[int]
    REQUEST_FIELD_NUMBER: _ClassVar[int]
    call: int
    method: str
    request: bytes
    def __init__(self, call: _Optional[int] = ..., method: _Optional[str] = ..., request: _Optional[bytes] = ...) -> None: ...

class MemberEnd(_message.Message):
    __slots__ = ("response", "code", "message")
    RESPONSE_FIELD_NUMBER: _ClassVar[int]
    CODE_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    response: RunResponse
    code: int
    message: str
    def __init__(self, response: _Optional[_Union[RunResponse, _Mapping]] = ..., code: _Optional[int] = ..., message: _Optional[str] = ...) -> None: ...

class RunRequest(_message.Message):
    __slots__ = ("plugin", "member", "role", "index", "input", "preamble", "config_json", "sample", "metadata_json")
    PLUGIN_FIELD_NUMBER: _ClassVar[int]
    MEMBER_FIELD_NUMBER: _ClassVar[int]
    ROLE_FIELD_NUMBER: _ClassVar[int]
    INDEX_FIELD_NUMBER: _ClassVar[int]
    INPUT_FIELD_NUMBER: _ClassVar[int]
    PREAMBLE_FIELD_NUMBER: _ClassVar[int]
    CONFIG_JSON_FIELD_NUMBER: _ClassVar[int]
    SAMPLE_FIELD_NUMBER: _ClassVar[int]
    METADATA_JSON_FIELD_NUMBER: _ClassVar[int]
    plugin: str
    member: str
    role: str
    index: int
    input: _containers.RepeatedCompositeFieldContainer[_common_pb2.ChatMessage]
    preamble: str
    config_json: bytes
    sample: _common_pb2.SampleRef
    metadata_json: bytes
    def __init__(self, plugin: _Optional[str] = ..., member: _Optional[str] = ..., role: _Optional[str] = ..., index: _Optional[int] = ..., input: _Optional[_Iterable[_Union[_common_pb2.ChatMessage, _Mapping]]] = ..., preamble: _Optional[str] = ..., config_json: _Optional[bytes] = ..., sample: _Optional[_Union[_common_pb2.SampleRef, _Mapping]] = ..., metadata_json: _Optional[bytes] = ...) -> None: ...

class RunResponse(_message.Message):
    __slots__ = ("output",)
    OUTPUT_FIELD_NUMBER: _ClassVar[int]
    output: _common_pb2.ModelOutput
    def __init__(self, output: _Optional[_Union[_common_pb2.ModelOutput, _Mapping]] = ...) -> None: ...

class GenerateRequest(_message.Message):
    __slots__ = ("token", "messages", "tools", "tool_choice", "config_json", "own_notices")
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    MESSAGES_FIELD_NUMBER: _ClassVar[int]
    TOOLS_FIELD_NUMBER: _ClassVar[int]
    TOOL_CHOICE_FIELD_NUMBER: _ClassVar[int]
    CONFIG_JSON_FIELD_NUMBER: _ClassVar[int]
    OWN_NOTICES_FIELD_NUMBER: _ClassVar[int]
    token: str
    messages: _containers.RepeatedCompositeFieldContainer[_common_pb2.ChatMessage]
    tools: _containers.RepeatedCompositeFieldContainer[_common_pb2.ToolInfo]
    tool_choice: str
    config_json: bytes
    own_notices: bool
    def __init__(self, token: _Optional[str] = ..., messages: _Optional[_Iterable[_Union[_common_pb2.ChatMessage, _Mapping]]] = ..., tools: _Optional[_Iterable[_Union[_common_pb2.ToolInfo, _Mapping]]] = ..., tool_choice: _Optional[str] = ..., config_json: _Optional[bytes] = ..., own_notices: _Optional[bool] = ...) -> None: ...

class GenerateResponse(_message.Message):
    __slots__ = ("output", "refused", "notice")
    OUTPUT_FIELD_NUMBER: _ClassVar[int]
    REFUSED_FIELD_NUMBER: _ClassVar[int]
    NOTICE_FIELD_NUMBER: _ClassVar[int]
    output: _common_pb2.ModelOutput
    refused: str
    notice: _common_pb2.ChatMessage
    def __init__(self, output: _Optional[_Union[_common_pb2.ModelOutput, _Mapping]] = ..., refused: _Optional[str] = ..., notice: _Optional[_Union[_common_pb2.ChatMessage, _Mapping]] = ...) -> None: ...

class ListToolsRequest(_message.Message):
    __slots__ = ("token",)
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    token: str
    def __init__(self, token: _Optional[str] = ...) -> None: ...

class ListToolsResponse(_message.Message):
    __slots__ = ("tools",)
    TOOLS_FIELD_NUMBER: _ClassVar[int]
    tools: _containers.RepeatedCompositeFieldContainer[_common_pb2.ToolInfo]
    def __init__(self, tools: _Optional[_Iterable[_Union[_common_pb2.ToolInfo, _Mapping]]] = ...) -> None: ...

class CallToolRequest(_message.Message):
    __slots__ = ("token", "call")
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    CALL_FIELD_NUMBER: _ClassVar[int]
    token: str
    call: _common_pb2.ToolCall
    def __init__(self, token: _Optional[str] = ..., call: _Optional[_Union[_common_pb2.ToolCall, _Mapping]] = ...) -> None: ...

class CallToolResponse(_message.Message):
    __slots__ = ("content", "error", "refused")
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    REFUSED_FIELD_NUMBER: _ClassVar[int]
    content: str
    error: _common_pb2.ToolError
    refused: str
    def __init__(self, content: _Optional[str] = ..., error: _Optional[_Union[_common_pb2.ToolError, _Mapping]] = ..., refused: _Optional[str] = ...) -> None: ...

class SubmitRequest(_message.Message):
    __slots__ = ("token", "answer")
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    ANSWER_FIELD_NUMBER: _ClassVar[int]
    token: str
    answer: str
    def __init__(self, token: _Optional[str] = ..., answer: _Optional[str] = ...) -> None: ...

class SubmitResponse(_message.Message):
    __slots__ = ("checked", "passed", "score")
    CHECKED_FIELD_NUMBER: _ClassVar[int]
    PASSED_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    checked: bool
    passed: bool
    score: _common_pb2.Score
    def __init__(self, checked: _Optional[bool] = ..., passed: _Optional[bool] = ..., score: _Optional[_Union[_common_pb2.Score, _Mapping]] = ...) -> None: ...

class LogRequest(_message.Message):
    __slots__ = ("token", "level", "message", "fields_json")
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    FIELDS_JSON_FIELD_NUMBER: _ClassVar[int]
    token: str
    level: str
    message: str
    fields_json: bytes
    def __init__(self, token: _Optional[str] = ..., level: _Optional[str] = ..., message: _Optional[str] = ..., fields_json: _Optional[bytes] = ...) -> None: ...

class LogResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class BudgetRequest(_message.Message):
    __slots__ = ("token",)
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    token: str
    def __init__(self, token: _Optional[str] = ...) -> None: ...

class BudgetUsage(_message.Message):
    __slots__ = ("cap", "used", "share", "share_used")
    CAP_FIELD_NUMBER: _ClassVar[int]
    USED_FIELD_NUMBER: _ClassVar[int]
    SHARE_FIELD_NUMBER: _ClassVar[int]
    SHARE_USED_FIELD_NUMBER: _ClassVar[int]
    cap: float
    used: float
    share: float
    share_used: float
    def __init__(self, cap: _Optional[float] = ..., used: _Optional[float] = ..., share: _Optional[float] = ..., share_used: _Optional[float] = ...) -> None: ...

class BudgetResponse(_message.Message):
    __slots__ = ("split", "weights", "cost", "tokens", "token_type", "time")
    SPLIT_FIELD_NUMBER: _ClassVar[int]
    WEIGHTS_FIELD_NUMBER: _ClassVar[int]
    COST_FIELD_NUMBER: _ClassVar[int]
    TOKENS_FIELD_NUMBER: _ClassVar[int]
    TOKEN_TYPE_FIELD_NUMBER: _ClassVar[int]
    TIME_FIELD_NUMBER: _ClassVar[int]
    split: str
    weights: _containers.RepeatedScalarFieldContainer[float]
    cost: BudgetUsage
    tokens: BudgetUsage
    token_type: str
    time: BudgetUsage
    def __init__(self, split: _Optional[str] = ..., weights: _Optional[_Iterable[float]] = ..., cost: _Optional[_Union[BudgetUsage, _Mapping]] = ..., tokens: _Optional[_Union[BudgetUsage, _Mapping]] = ..., token_type: _Optional[str] = ..., time: _Optional[_Union[BudgetUsage, _Mapping]] = ...) -> None: ...

class StopSelfRequest(_message.Message):
    __slots__ = ("token", "reason")
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    token: str
    reason: str
    def __init__(self, token: _Optional[str] = ..., reason: _Optional[str] = ...) -> None: ...

class StopSelfResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class RecordToolRequest(_message.Message):
    __slots__ = ("token", "call", "content", "error")
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    CALL_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    token: str
    call: _common_pb2.ToolCall
    content: str
    error: _common_pb2.ToolError
    def __init__(self, token: _Optional[str] = ..., call: _Optional[_Union[_common_pb2.ToolCall, _Mapping]] = ..., content: _Optional[str] = ..., error: _Optional[_Union[_common_pb2.ToolError, _Mapping]] = ...) -> None: ...

class RecordToolResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class TakeNoticeRequest(_message.Message):
    __slots__ = ("token",)
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    token: str
    def __init__(self, token: _Optional[str] = ...) -> None: ...

class TakeNoticeResponse(_message.Message):
    __slots__ = ("notice",)
    NOTICE_FIELD_NUMBER: _ClassVar[int]
    notice: _common_pb2.ChatMessage
    def __init__(self, notice: _Optional[_Union[_common_pb2.ChatMessage, _Mapping]] = ...) -> None: ...

class SandboxNamesRequest(_message.Message):
    __slots__ = ("token",)
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    token: str
    def __init__(self, token: _Optional[str] = ...) -> None: ...

class SandboxNamesResponse(_message.Message):
    __slots__ = ("names",)
    NAMES_FIELD_NUMBER: _ClassVar[int]
    names: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, names: _Optional[_Iterable[str]] = ...) -> None: ...

class SandboxExecRequest(_message.Message):
    __slots__ = ("token", "sandbox", "command", "input", "timeout_seconds", "env")
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    SANDBOX_FIELD_NUMBER: _ClassVar[int]
    COMMAND_FIELD_NUMBER: _ClassVar[int]
    INPUT_FIELD_NUMBER: _ClassVar[int]
    TIMEOUT_SECONDS_FIELD_NUMBER: _ClassVar[int]
    ENV_FIELD_NUMBER: _ClassVar[int]
    token: str
    sandbox: str
    command: _containers.RepeatedScalarFieldContainer[str]
    input: str
    timeout_seconds: float
    env: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, token: _Optional[str] = ..., sandbox: _Optional[str] = ..., command: _Optional[_Iterable[str]] = ..., input: _Optional[str] = ..., timeout_seconds: _Optional[float] = ..., env: _Optional[_Iterable[str]] = ...) -> None: ...

class SandboxExecResponse(_message.Message):
    __slots__ = ("exit_code", "stdout", "stderr", "timed_out")
    EXIT_CODE_FIELD_NUMBER: _ClassVar[int]
    STDOUT_FIELD_NUMBER: _ClassVar[int]
    STDERR_FIELD_NUMBER: _ClassVar[int]
    TIMED_OUT_FIELD_NUMBER: _ClassVar[int]
    exit_code: int
    stdout: str
    stderr: str
    timed_out: bool
    def __init__(self, exit_code: _Optional[int] = ..., stdout: _Optional[str] = ..., stderr: _Optional[str] = ..., timed_out: _Optional[bool] = ...) -> None: ...

class SandboxReadFileRequest(_message.Message):
    __slots__ = ("token", "sandbox", "path")
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    SANDBOX_FIELD_NUMBER: _ClassVar[int]
    PATH_FIELD_NUMBER: _ClassVar[int]
    token: str
    sandbox: str
    path: str
    def __init__(self, token: _Optional[str] = ..., sandbox: _Optional[str] = ..., path: _Optional[str] = ...) -> None: ...

class SandboxReadFileResponse(_message.Message):
    __slots__ = ("content",)
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    content: bytes
    def __init__(self, content: _Optional[bytes] = ...) -> None: ...

class SandboxWriteFileRequest(_message.Message):
    __slots__ = ("token", "sandbox", "path", "content")
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    SANDBOX_FIELD_NUMBER: _ClassVar[int]
    PATH_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    token: str
    sandbox: str
    path: str
    content: bytes
    def __init__(self, token: _Optional[str] = ..., sandbox: _Optional[str] = ..., path: _Optional[str] = ..., content: _Optional[bytes] = ...) -> None: ...

class SandboxWriteFileResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...
