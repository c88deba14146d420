from swarmhost_plugin._pb.swarmhost.v1 import agent_pb2 as _agent_pb2
from swarmhost_plugin._pb.swarmhost.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class MetricsRequest(_message.Message):
    __slots__ = ("plugin", "config_json")
    PLUGIN_FIELD_NUMBER: _ClassVar[int]
    CONFIG_JSON_FIELD_NUMBER: _ClassVar[int]
    plugin: str
    config_json: bytes
    def __init__(self, plugin: _Optional[str] = ..., config_json: _Optional[bytes] = ...) -> None: ...

class MetricsResponse(_message.Message):
    __slots__ = ("metrics_json", "diagnostics")
    METRICS_JSON_FIELD_NUMBER: _ClassVar[int]
    DIAGNOSTICS_FIELD_NUMBER: _ClassVar[int]
    metrics_json: bytes
    diagnostics: _containers.RepeatedCompositeFieldContainer[_common_pb2.Diagnostic]
    def __init__(self, metrics_json: _Optional[bytes] = ..., diagnostics: _Optional[_Iterable[_Union[_common_pb2.Diagnostic, _Mapping]]] = ...) -> None: ...

class MetricSample(_message.Message):
    __slots__ = ("score", "sample_id", "sample_metadata_json")
    SCORE_FIELD_NUMBER: _ClassVar[int]
    SAMPLE_ID_FIELD_NUMBER: _ClassVar[int]
    SAMPLE_METADATA_JSON_FIELD_NUMBER: _ClassVar[int]
    score: _common_pb2.Score
    sample_id: str
    sample_metadata_json: bytes
    def __init__(self, score: _Optional[_Union[_common_pb2.Score, _Mapping]] = ..., sample_id: _Optional[str] = ..., sample_metadata_json: _Optional[bytes] = ...) -> None: ...

class ComputeMetricRequest(_message.Message):
    __slots__ = ("plugin", "config_json", "metric", "options_json", "samples")
    PLUGIN_FIELD_NUMBER: _ClassVar[int]
    CONFIG_JSON_FIELD_NUMBER: _ClassVar[int]
    METRIC_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_JSON_FIELD_NUMBER: _ClassVar[int]
    SAMPLES_FIELD_NUMBER: _ClassVar[int]
    plugin: str
    config_json: bytes
    metric: str
    options_json: bytes
    samples: _containers.RepeatedCompositeFieldContainer[MetricSample]
    def __init__(self, plugin: _Optional[str] = ..., config_json: _Optional[bytes] = ..., metric: _Optional[str] = ..., options_json: _Optional[bytes] = ..., samples: _Optional[_Iterable[_Union[MetricSample, _Mapping]]] = ...) -> None: ...

class MetricNumber(_message.Message):
    __slots__ = ("value", "none")
    VALUE_FIELD_NUMBER: _ClassVar[int]
    NONE_FIELD_NUMBER: _ClassVar[int]
    value: float
    none: bool
    def __init__(self, value: _Optional[float] = ..., none: _Optional[bool] = ...) -> None: ...

class NamedMetricNumber(_message.Message):
    __slots__ = ("name", "number")
    NAME_FIELD_NUMBER: _ClassVar[int]
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    name: str
    number: MetricNumber
    def __init__(self, name: _Optional[str] = ..., number: _Optional[_Union[MetricNumber, _Mapping]] = ...) -> None: ...

class MetricEntries(_message.Message):
    __slots__ = ("entries",)
    ENTRIES_FIELD_NUMBER: _ClassVar[int]
    entries: _containers.RepeatedCompositeFieldContainer[NamedMetricNumber]
    def __init__(self, entries: _Optional[_Iterable[_Union[NamedMetricNumber, _Mapping]]] = ...) -> None: ...

class MetricList(_message.Message):
    __slots__ = ("items",)
    ITEMS_FIELD_NUMBER: _ClassVar[int]
    items: _containers.RepeatedCompositeFieldContainer[MetricNumber]
    def __init__(self, items: _Optional[_Iterable[_Union[MetricNumber, _Mapping]]] = ...) -> None: ...

class ComputeMetricResponse(_message.Message):
    __slots__ = ("scalar", "dict", "list")
    SCALAR_FIELD_NUMBER: _ClassVar[int]
    DICT_FIELD_NUMBER: _ClassVar[int]
    LIST_FIELD_NUMBER: _ClassVar[int]
    scalar: float
    dict: MetricEntries
    list: MetricList
    def __init__(self, scalar: _Optional[float] = ..., dict: _Optional[_Union[MetricEntries, _Mapping]] = ..., list: _Optional[_Union[MetricList, _Mapping]] = ...) -> None: ...

class Sample(_message.Message):
    __slots__ = ("id", "epoch", "input", "target", "choices", "metadata_json")
    ID_FIELD_NUMBER: _ClassVar[int]
    EPOCH_FIELD_NUMBER: _ClassVar[int]
    INPUT_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    CHOICES_FIELD_NUMBER: _ClassVar[int]
    METADATA_JSON_FIELD_NUMBER: _ClassVar[int]
    id: str
    epoch: int
    input: _containers.RepeatedCompositeFieldContainer[_common_pb2.ChatMessage]
    target: _containers.RepeatedScalarFieldContainer[str]
    choices: _containers.RepeatedScalarFieldContainer[str]
    metadata_json: bytes
    def __init__(self, id: _Optional[str] = ..., epoch: _Optional[int] = ..., input: _Optional[_Iterable[_Union[_common_pb2.ChatMessage, _Mapping]]] = ..., target: _Optional[_Iterable[str]] = ..., choices: _Optional[_Iterable[str]] = ..., metadata_json: _Optional[bytes] = ...) -> None: ...

class ScoreRequest(_message.Message):
    __slots__ = ("plugin", "config_json", "sample", "output", "messages", "record_json", "store_json", "host_broker_id", "host_token", "sandboxes")
    PLUGIN_FIELD_NUMBER: _ClassVar[int]
    CONFIG_JSON_FIELD_NUMBER: _ClassVar[int]
    SAMPLE_FIELD_NUMBER: _ClassVar[int]
    OUTPUT_FIELD_NUMBER: _ClassVar[int]
    MESSAGES_FIELD_NUMBER: _ClassVar[int]
    RECORD_JSON_FIELD_NUMBER: _ClassVar[int]
    STORE_JSON_FIELD_NUMBER: _ClassVar[int]
    HOST_BROKER_ID_FIELD_NUMBER: _ClassVar[int]
    HOST_TOKEN_FIELD_NUMBER: _ClassVar[int]
    SANDBOXES_FIELD_NUMBER: _ClassVar[int]
    plugin: str
    config_json: bytes
    sample: Sample
    output: _common_pb2.ModelOutput
    messages: _containers.RepeatedCompositeFieldContainer[_common_pb2.ChatMessage]
    record_json: bytes
    store_json: bytes
    host_broker_id: int
    host_token: str
    sandboxes: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, plugin: _Optional[str] = ..., config_json: _Optional[bytes] = ..., sample: _Optional[_Union[Sample, _Mapping]] = ..., output: _Optional[_Union[_common_pb2.ModelOutput, _Mapping]] = ..., messages: _Optional[_Iterable[_Union[_common_pb2.ChatMessage, _Mapping]]] = ..., record_json: _Optional[bytes] = ..., store_json: _Optional[bytes] = ..., host_broker_id: _Optional[int] = ..., host_token: _Optional[str] = ..., sandboxes: _Optional[_Iterable[str]] = ...) -> None: ...

class ScoreResponse(_message.Message):
    __slots__ = ("score", "diagnostics")
    SCORE_FIELD_NUMBER: _ClassVar[int]
    DIAGNOSTICS_FIELD_NUMBER: _ClassVar[int]
    score: _common_pb2.Score
    diagnostics: _containers.RepeatedCompositeFieldContainer[_common_pb2.Diagnostic]
    def __init__(self, score: _Optional[_Union[_common_pb2.Score, _Mapping]] = ..., diagnostics: _Optional[_Iterable[_Union[_common_pb2.Diagnostic, _Mapping]]] = ...) -> None: ...

class ReadFileRequest(_message.Message):
    __slots__ = ("token", "sandbox", "path")
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    SANDBOX_FIELD_NUMBER: _ClassVar[int]
    PATH_FIELD_NUMBER: _ClassVar[int]
    token: str
    sandbox: str
    path: str
    def __init__(self, token: _Optional[str] = ..., sandbox: _Optional[str] = ..., path: _Optional[str] = ...) -> None: ...

class ReadFileResponse(_message.Message):
    __slots__ = ("content",)
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    content: bytes
    def __init__(self, content: _Optional[bytes] = ...) -> None: ...

class ListFilesRequest(_message.Message):
    __slots__ = ("token", "sandbox", "dir")
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    SANDBOX_FIELD_NUMBER: _ClassVar[int]
    DIR_FIELD_NUMBER: _ClassVar[int]
    token: str
    sandbox: str
    dir: str
    def __init__(self, token: _Optional[str] = ..., sandbox: _Optional[str] = ..., dir: _Optional[str] = ...) -> None: ...

class ListFilesResponse(_message.Message):
    __slots__ = ("paths",)
    PATHS_FIELD_NUMBER: _ClassVar[int]
    paths: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, paths: _Optional[_Iterable[str]] = ...) -> None: ...

class ExecRequest(_message.Message):
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

class ExecResponse(_message.Message):
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
