"""serve() in a real process: the handshake line, health, shutdown,
AutoMTLS, stray output and missing dependencies."""

import base64
import gc
import json
import os
import subprocess
import sys
import textwrap
import time

import grpc
import pytest
from cryptography import x509
from cryptography.hazmat.primitives import serialization
from grpc_health.v1 import health_pb2, health_pb2_grpc

from swarmhost_plugin._guard import COOKIE_KEY, COOKIE_VALUE
from swarmhost_plugin._pb.plugin import grpc_controller_pb2, grpc_controller_pb2_grpc
from swarmhost_plugin._pb.swarmhost.v1 import common_pb2, scorer_pb2_grpc
from swarmhost_plugin._serve import negotiate, warm_up
from swarmhost_plugin._tls import generate_cert

PLUGIN = """\
import sys
from swarmhost_plugin import Metadata, Score, Scorer, serve
{before}
class S(Scorer):
    def metadata(self):
        return Metadata(name="s", version="9")
    def score(self, req):
        return Score(value=1.0)
serve(S())
"""


def plugin_file(tmp_path, before=""):
    path = tmp_path / "swarmhost-scorer-s"
    path.write_text(f"#!{sys.executable}\n" + PLUGIN.format(before=textwrap.dedent(before)))
    path.chmod(0o755)
    return str(path)


def launch(path, **env):
    full = {**os.environ, COOKIE_KEY: COOKIE_VALUE, "PLUGIN_PROTOCOL_VERSIONS": "1", **env}
    return subprocess.Popen([path], env=full, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def shutdown(proc, channel):
    grpc_controller_pb2_grpc.GRPCControllerStub(channel).Shutdown(grpc_controller_pb2.Empty())
    assert proc.wait(timeout=10) == 0
    assert proc.stdout.read() == "", "nothing after the handshake line on stdout"


def test_run_by_hand_explains_and_exits_1(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != COOKIE_KEY}
    res = subprocess.run([plugin_file(tmp_path)], env=env, capture_output=True, text=True, timeout=30)
    assert res.returncode == 1
    assert "This is a swarmhost plugin (swarmhost-scorer-s)" in res.stderr and res.stdout == ""


@pytest.mark.parametrize("host,want", [("1", 1), ("1,2", 1), ("2", 1), ("", 1), ("x, 1", 1)])
def test_negotiate(host, want):
    assert negotiate([1], host) == want


def test_negotiate_prefers_the_highest_common():
    assert negotiate([1, 2, 3], "1,2") == 2 and negotiate([2, 3], "1") == 2


def test_handshake_health_metadata_and_shutdown(tmp_path):
    proc = launch(plugin_file(tmp_path, before='print("stray at import")'))
    core, app, network, address, protocol, cert = proc.stdout.readline().rstrip("\n").split("|")
    assert (core, app, network, protocol, cert) == ("1", "1", "unix", "grpc", "")
    channel = grpc.insecure_channel("unix:" + address)
    health = health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(service="plugin"))
    assert health.status == health_pb2.HealthCheckResponse.SERVING
    md = scorer_pb2_grpc.ScorerStub(channel).Metadata(common_pb2.MetadataRequest())
    assert [(p.name, p.version) for p in md.plugins] == [("s", "9")] and list(md.protocol_versions) == [1]
    shutdown(proc, channel)
    assert "stray at import" in proc.stderr.read()


def test_auto_mtls(tmp_path):
    host_key, host_pem, _ = generate_cert()
    proc = launch(plugin_file(tmp_path), PLUGIN_CLIENT_CERT=host_pem.decode())
    fields = proc.stdout.readline().rstrip("\n").split("|")
    der = base64.b64decode(fields[5] + "=" * (-len(fields[5]) % 4))
    assert not fields[5].endswith("=")
    plugin_pem = x509.load_der_x509_certificate(der).public_bytes(serialization.Encoding.PEM)
    creds = grpc.ssl_channel_credentials(root_certificates=plugin_pem, private_key=host_key,
                                         certificate_chain=host_pem)
    channel = grpc.secure_channel("unix:" + fields[3], creds, options=[("grpc.ssl_target_name_override", "localhost")])
    md = scorer_pb2_grpc.ScorerStub(channel).Metadata(common_pb2.MetadataRequest(), timeout=10)
    assert md.plugins[0].name == "s"
    # Without the host's certificate the plugin refuses the connection.
    bare = grpc.secure_channel("unix:" + fields[3], grpc.ssl_channel_credentials(root_certificates=plugin_pem),
                               options=[("grpc.ssl_target_name_override", "localhost")])
    with pytest.raises(grpc.RpcError):
        scorer_pb2_grpc.ScorerStub(bare).Metadata(common_pb2.MetadataRequest(), timeout=5)
    shutdown(proc, channel)


def test_missing_dependency_names_module_interpreter_and_fix(tmp_path):
    proc = launch(plugin_file(tmp_path, before="import no_such_module_xyz"))
    out, err = proc.communicate(timeout=30)
    assert proc.returncode != 0 and out == ""
    line = next(json.loads(l) for l in err.splitlines() if l.startswith("{"))
    assert line["@level"] == "error" and line["python_module"] == "no_such_module_xyz"
    # The plugin's interpreter (this one, from its #! line) reports its path normalised.
    assert f"{os.path.normpath(sys.executable)} -m pip install no-such-module-xyz" in line["@message"]
    assert "swarmhost-scorer-s" in line["@message"] and "Traceback" in err


def test_prints_after_the_handshake_never_reach_stdout(tmp_path):
    before = """
        import threading, time
        threading.Timer(0.3, lambda: print("late print", flush=True)).start()
    """
    proc = launch(plugin_file(tmp_path, before=before))
    address = proc.stdout.readline().split("|")[3]
    channel = grpc.insecure_channel("unix:" + address)
    time.sleep(0.6)
    shutdown(proc, channel)
    assert "late print" in proc.stderr.read()


def test_multiplexed_handshake_serves_over_the_one_connection(tmp_path):
    """With PLUGIN_MULTIPLEX_GRPC the handshake line has a seventh field and
    the plugin's gRPC server answers on yamux streams of one connection."""
    import asyncio
    import socket

    from swarmhost_plugin import _aio
    from swarmhost_plugin._yamux import Session

    proc = launch(plugin_file(tmp_path), PLUGIN_MULTIPLEX_GRPC="true")
    fields = proc.stdout.readline().rstrip("\n").split("|")
    assert len(fields) == 7 and fields[6] == "true", fields
    address, local = fields[3], str(tmp_path / "fwd.sock")

    async def forward():
        r, w = await asyncio.open_unix_connection(fields[3])
        session = Session(r, w, client=True)

        async def handle(reader, writer):
            stream = await session.open()
            await _aio.join(reader, writer, stream, stream)

        await asyncio.start_unix_server(handle, path=local)

    _aio.run(forward())
    channel = grpc.insecure_channel("unix:" + local)
    health = health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(service="plugin"), timeout=20)
    assert health.status == health_pb2.HealthCheckResponse.SERVING
    with pytest.raises(ConnectionRefusedError):  # the first connection was the only one
        s = socket.socket(socket.AF_UNIX)
        try:
            s.connect(address)
            s.settimeout(10)
            if s.recv(1) == b"":
                raise ConnectionRefusedError
        finally:
            s.close()
    shutdown(proc, channel)


def test_unused_tls_key_never_reaches_children(tmp_path):
    """The host hands every plugin a one-time key pair in
    SWARMHOST_PLUGIN_TLS, which this SDK does not use: serve() removes it
    from the environment, so no process the plugin starts inherits it."""
    path = tmp_path / "swarmhost-scorer-s"
    path.write_text(f"#!{sys.executable}\n" + textwrap.dedent("""\
        import subprocess, sys
        from swarmhost_plugin import Metadata, Scorer, serve
        CHILD = "import os; print(os.environ.get('SWARMHOST_PLUGIN_TLS', 'absent'))"
        class S(Scorer):
            def metadata(self):
                child = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True)
                return Metadata(name="s", version="9", description=child.stdout.strip())
        serve(S())
    """))
    path.chmod(0o755)
    proc = launch(str(path), SWARMHOST_PLUGIN_TLS="-----BEGIN EC PRIVATE KEY-----\nsecret\n")
    address = proc.stdout.readline().split("|")[3]
    channel = grpc.insecure_channel("unix:" + address)
    md = scorer_pb2_grpc.ScorerStub(channel).Metadata(common_pb2.MetadataRequest(), timeout=10)
    assert md.plugins[0].description == "absent"
    shutdown(proc, channel)


@pytest.mark.parametrize("enabled,fails,pause", [(True, False, True), (False, False, True), (True, True, True),
                                                 (True, False, False)],
                         ids=["collector on", "collector off", "warm-up raises", "on a thread: not paused"])
def test_warm_up_pauses_the_collector_and_freezes_what_it_made(enabled, fails, pause):
    """The warm-up runs with the collector paused (but for a warm-up on a
    thread beside the serving: pause=False); afterwards what it made is
    frozen (out of every collection, and of gc.get_objects()) and the
    collector is as it was, even when the warm-up raised."""
    seen = {}

    def warm():
        seen["collecting"] = gc.isenabled()
        seen["made"] = [[i] for i in range(100)]
        if fails:
            raise RuntimeError("warm-up failed")

    was = gc.isenabled()
    gc.enable() if enabled else gc.disable()
    try:
        before = gc.get_freeze_count()
        if fails:
            with pytest.raises(RuntimeError):
                warm_up(warm, pause)
        else:
            warm_up(warm, pause)
        assert seen["collecting"] is (enabled and not pause)
        assert gc.get_freeze_count() >= before + len(seen["made"])
        made = {id(o) for o in seen["made"]}
        assert not any(id(o) in made for o in gc.get_objects()), "frozen objects are in no generation"
        assert gc.isenabled() is enabled
    finally:
        gc.unfreeze()
        gc.enable() if was else gc.disable()
