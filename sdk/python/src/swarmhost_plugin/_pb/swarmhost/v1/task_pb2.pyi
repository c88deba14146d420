from swarmhost_plugin._pb.swarmhost.v1 import agent_pb2 as _agent_pb2
from swarmhost_plugin._pb.swarmhost.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class TaskRef(_message.Message):
    __slots__ = ("plugin", "ref_json")
    PLUGIN_FIELD_NUMBER: _ClassVar[int]
    REF_JSON_FIELD_NUMBER: _ClassVar[int]
    plugin: str
    ref_json: bytes
    def __init__(self, plugin: _Optional[str] = ..., ref_json: _Optional[bytes] = ...) -> None: ...

class DescribeRequest(_message.Message):
    __slots__ = ("task",)
    TASK_FIELD_NUMBER: _ClassVar[int]
    task: TaskRef
    def __init__(self, task: _Optional[_Union[TaskRef, _Mapping]] = ...) -> None: ...

class DescribeResponse(_message.Message):
    __slots__ = ("description_json", "diagnostics")
    DESCRIPTION_JSON_FIELD_NUMBER: _ClassVar[int]
    DIAGNOSTICS_FIELD_NUMBER: _ClassVar[int]
    description_json: bytes
    diagnostics: _containers.RepeatedCompositeFieldContainer[_common_pb2.Diagnostic]
    def __init__(self, description_json: _Optional[bytes] = ..., diagnostics: _Optional[_Iterable[_Union[_common_pb2.Diagnostic, _Mapping]]] = ...) -> None: ...

class SamplesRequest(_message.Message):
    __slots__ = ("task",)
    TASK_FIELD_NUMBER: _ClassVar[int]
    task: TaskRef
    def __init__(self, task: _Optional[_Union[TaskRef, _Mapping]] = ...) -> None: ...

class SampleRow(_message.Message):
    __slots__ = ("index", "row_json", "error")
    INDEX_FIELD_NUMBER: _ClassVar[int]
    ROW_JSON_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    index: int
    row_json: bytes
    error: str
    def __init__(self, index: _Optional[int] = ..., row_json: _Optional[bytes] = ..., error: _Optional[str] = ...) -> None: ...

class SetupRequest(_message.Message):
    __slots__ = ("task", "index", "sample", "host_broker_id", "host_token")
    TASK_FIELD_NUMBER: _ClassVar[int]
    INDEX_FIELD_NUMBER: _ClassVar[int]
    SAMPLE_FIELD_NUMBER: _ClassVar[int]
    HOST_BROKER_ID_FIELD_NUMBER: _ClassVar[int]
    HOST_TOKEN_FIELD_NUMBER: _ClassVar[int]
    task: TaskRef
    index: int
    sample: _common_pb2.SampleRef
    host_broker_id: int
    host_token: str
    def __init__(self, task: _Optional[_Union[TaskRef, _Mapping]] = ..., index: _Optional[int] = ..., sample: _Optional[_Union[_common_pb2.SampleRef, _Mapping]] = ..., host_broker_id: _Optional[int] = ..., host_token: _Optional[str] = ...) -> None: ...

class SetupResponse(_message.Message):
    __slots__ = ("messages", "metadata_json", "store_json", "tools")
    MESSAGES_FIELD_NUMBER: _ClassVar[int]
    METADATA_JSON_FIELD_NUMBER: _ClassVar[int]
    STORE_JSON_FIELD_NUMBER: _ClassVar[int]
    TOOLS_FIELD_NUMBER: _ClassVar[int]
    messages: _containers.RepeatedCompositeFieldContainer[_common_pb2.ChatMessage]
    metadata_json: bytes
    store_json: bytes
    tools: _containers.RepeatedCompositeFieldContainer[_common_pb2.ToolInfo]
    def __init__(self, messages: _Optional[_Iterable[_Union[_common_pb2.ChatMessage, _Mapping]]] = ..., metadata_json: _Optional[bytes] = ..., store_json: _Optional[bytes] = ..., tools: _Optional[_Iterable[_Union[_common_pb2.ToolInfo, _Mapping]]] = ...) -> None: ...

class ResultsRequest(_message.Message):
    __slots__ = ("task", "scores_json", "samples")
    TASK_FIELD_NUMBER: _ClassVar[int]
    SCORES_JSON_FIELD_NUMBER: _ClassVar[int]
    SAMPLES_FIELD_NUMBER: _ClassVar[int]
    task: TaskRef
    scores_json: bytes
    samples: int
    def __init__(self, task: _Optional[_Union[TaskRef, _Mapping]] = ..., scores_json: _Optional[bytes] = ..., samples: _Optional[int] = ...) -> None: ...

class ResultsResponse(_message.Message):
    __slots__ = ("results_json", "reductions_json")
    RESULTS_JSON_FIELD_NUMBER: _ClassVar[int]
    REDUCTIONS_JSON_FIELD_NUMBER: _ClassVar[int]
    results_json: bytes
    reductions_json: bytes
    def __init__(self, results_json: _Optional[bytes] = ..., reductions_json: _Optional[bytes] = ...) -> None: ...

class EndRequest(_message.Message):
    __slots__ = ("task", "sample")
    TASK_FIELD_NUMBER: _ClassVar[int]
    SAMPLE_FIELD_NUMBER: _ClassVar[int]
    task: TaskRef
    sample: _common_pb2.SampleRef
    def __init__(self, task: _Optional[_Union[TaskRef, _Mapping]] = ..., sample: _Optional[_Union[_common_pb2.SampleRef, _Mapping]] = ...) -> None: ...

class EndResponse(_message.Message):
    __slots__ = ("store_json",)
    STORE_JSON_FIELD_NUMBER: _ClassVar[int]
    store_json: bytes
    def __init__(self, store_json: _Optional[bytes] = ...) -> None: ...

class TaskCallToolRequest(_message.Message):
    __slots__ = ("task", "sample", "member", "call", "host_broker_id", "host_token")
    TASK_FIELD_NUMBER: _ClassVar[int]
    SAMPLE_FIELD_NUMBER: _ClassVar[int]
    MEMBER_FIELD_NUMBER: _ClassVar[int]
    CALL_FIELD_NUMBER: _ClassVar[int]
    HOST_BROKER_ID_FIELD_NUMBER: _ClassVar[int]
    HOST_TOKEN_FIELD_NUMBER: _ClassVar[int]
    task: TaskRef
    sample: _common_pb2.SampleRef
    member: str
    call: _common_pb2.ToolCall
    host_broker_id: int
    host_token: str
    def __init__(self, task: _Optional[_Union[TaskRef, _Mapping]] = ..., sample: _Optional[_Union[_common_pb2.SampleRef, _Mapping]] = ..., member: _Optional[str] = ..., call: _Optional[_Union[_common_pb2.ToolCall, _Mapping]] = ..., host_broker_id: _Optional[int] = ..., host_token: _Optional[str] = ...) -> None: ...
