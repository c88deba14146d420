"""The Task gRPC service (sdk/proto/swarmhost/v1/task.proto) over this
package: Describe, Samples, Setup, Results, End and CallTool for the
Inspect tasks the host names by TaskRef. A failure the user can fix is a diagnostic
(Describe) or a gRPC error whose message says what and where.
"""

from __future__ import annotations

import json
import traceback
from typing import Any

import grpc

from swarmhost_plugin import Diagnostic, Metadata, Schema, _wire
from swarmhost_plugin._pb.swarmhost.v1 import common_pb2, task_pb2, task_pb2_grpc

from . import chain, describe, samples, scoring, setup, taskhost, tasks, toolcall
from .offline import DownloadError
from .spec import TaskNotFound, TaskRef

PLUGIN_NAME = "inspect"
"""The task plugin's name: `task { inspect = "…" }` uses it."""


def ref_of(req_task: Any) -> TaskRef:
    return TaskRef.from_json(json.loads(req_task.ref_json or b"{}"))


def load_error(e: BaseException) -> Diagnostic:
    """A diagnostic for a task that could not be loaded."""
    if isinstance(e, TaskNotFound):
        return Diagnostic("Not an Inspect task", str(e))
    if isinstance(e, DownloadError):
        return Diagnostic("The task's data cannot be downloaded", str(e))
    tb = traceback.extract_tb(e.__traceback__)
    where = f" ({tb[-1].filename}:{tb[-1].lineno})" if tb else ""
    return Diagnostic("The Inspect task could not be made", f"{type(e).__name__}: {e}{where}")


class TaskService(task_pb2_grpc.TaskServicer):
    """The Task service; registered by serve() through add_to_server."""

    broker: Any = None
    """The plugin's broker, through which a request's TaskHost is dialled."""

    def add_to_server(self, server: Any, broker: Any) -> None:
        self.broker = broker
        task_pb2_grpc.add_TaskServicer_to_server(self, server)

    def metadata(self) -> Metadata:
        return Metadata(name=PLUGIN_NAME, version="0.1.0", description="an Inspect task, unchanged",
                        schema=Schema(attributes=[]))

    def Metadata(self, request, context):  # noqa: N802
        return common_pb2.MetadataResponse(plugins=[_wire.info_to_proto(self.metadata())], protocol_versions=[1])

    def ValidateConfig(self, request, context):  # noqa: N802
        return common_pb2.ValidateConfigResponse()

    def Describe(self, request, context):  # noqa: N802
        try:
            loaded = tasks.task(ref_of(request.task))
            doc = describe.describe(loaded)
        except Exception as e:  # noqa: BLE001 - reported to the user as a diagnostic
            return task_pb2.DescribeResponse(diagnostics=_wire.diags_to_proto([load_error(e)]))
        return task_pb2.DescribeResponse(description_json=_wire.dumps(doc))

    def Samples(self, request, context):  # noqa: N802
        loaded = self._loaded(request.task, context)
        from inspect_ai._eval.task.util import task_run_dir
        for row in samples.rows(loaded.task, task_run_dir(loaded.task)):
            if not context.is_active():
                return
            yield task_pb2.SampleRow(index=row.index, row_json=_wire.dumps(row.row) if row.row else b"",
                                     error=row.error)

    def Setup(self, request, context):  # noqa: N802
        ref = ref_of(request.task)
        try:
            host = taskhost.of(self.broker, request.host_broker_id, request.host_token)
            res = setup.run_setup(ref, request.index, request.sample.id, request.sample.epoch or 1, host)
        except chain.CannotSplit as e:
            context.abort(grpc.StatusCode.FAILED_PRECONDITION, f"the task's solver cannot take a swarm: {e}")
        except Exception as e:  # noqa: BLE001
            context.abort(grpc.StatusCode.UNKNOWN, f"setup of sample {request.sample.id}: {type(e).__name__}: {e}")
        from swarmhost_inspect.convert import to_sdk_message
        return task_pb2.SetupResponse(messages=_wire.messages_to_proto([to_sdk_message(m) for m in res.messages]),
                                      metadata_json=_wire.dumps(res.metadata), store_json=_wire.dumps(res.store),
                                      tools=_wire.tools_to_proto(res.tools))

    def Results(self, request, context):  # noqa: N802
        try:
            res, reductions = scoring.results(ref_of(request.task), request.samples,
                                              _wire.loads(request.scores_json, []))
        except Exception as e:  # noqa: BLE001
            context.abort(grpc.StatusCode.UNKNOWN, f"the task's metrics: {type(e).__name__}: {e}")
        return task_pb2.ResultsResponse(results_json=_wire.dumps(res), reductions_json=_wire.dumps(reductions))

    def End(self, request, context):  # noqa: N802
        store = setup.end(ref_of(request.task), request.sample.id, request.sample.epoch or 1)
        return task_pb2.EndResponse(store_json=_wire.dumps(store))

    def CallTool(self, request, context):  # noqa: N802
        from swarmhost_plugin._pb.swarmhost.v1 import agent_pb2, common_pb2 as common
        call = _wire.tool_call_from_proto(request.call)
        try:
            content, err = toolcall.call_tool(ref_of(request.task), request.sample.id, request.sample.epoch or 1,
                                              request.member, call,
                                              taskhost.of(self.broker, request.host_broker_id, request.host_token))
        except toolcall.UnknownTool as e:
            return agent_pb2.CallToolResponse(error=common.ToolError(type="unknown", message=str(e)))
        except Exception as e:  # noqa: BLE001
            context.abort(grpc.StatusCode.UNKNOWN, f"the task's tool {call.function} for sample {request.sample.id}: "
                                                   f"{type(e).__name__}: {e}")
        resp = agent_pb2.CallToolResponse(content=content)
        if err is not None:
            resp.error.CopyFrom(common.ToolError(type=err[0], message=err[1]))
        return resp

    def _loaded(self, req_task: Any, context: Any) -> Any:
        try:
            return tasks.task(ref_of(req_task))
        except Exception as e:  # noqa: BLE001
            d = load_error(e)
            context.abort(grpc.StatusCode.FAILED_PRECONDITION, f"{d.summary}: {d.detail}")
