"""go-plugin's AutoMTLS for a Python plugin.

The host generates a one-time certificate, passes it in PLUGIN_CLIENT_CERT
and expects the plugin to answer with its own (base64 DER, unpadded, in
field 6 of the handshake line); each side then requires the other's
certificate, on the plugin's listener and on every brokered connection.

grpcio's TLS (BoringSSL) cannot take part with go-plugin's own hosts: their
certificate is ECDSA P-521 (swarmhost's host makes a P-256 one; the
forwarding below serves both), and BoringSSL neither offers nor accepts the TLS 1.3 signature
algorithm that needs (ecdsa_secp521r1_sha512), so the host's client never
sends its certificate and the handshake fails. Python's own ssl module
(OpenSSL) has no such gap, so TLS is terminated here, in-process:

* serve: a TLS listener on the advertised socket forwards each connection,
  decrypted, to the gRPC server on a unix socket in a private (0700)
  directory;
* dial: a private unix socket whose connections are forwarded over TLS to
  the host's brokered listener; the gRPC channel dials the private socket.

Under go-plugin's broker multiplexing (swarmhost_plugin._mux) TLS runs per
stream instead, with the same two contexts (server_context, client_context).

The forwarding runs on the SDK's shared asyncio loop (swarmhost_plugin._aio).
"""

from __future__ import annotations

import asyncio
import base64
import datetime
import os
import ssl
import tempfile

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from . import _aio

_CHUNK = _aio.CHUNK


def generate_cert() -> tuple[bytes, bytes, bytes]:
    """A self-signed certificate for "localhost" like go-plugin's
    (CA, server and client auth), on P-256: (key PEM, cert PEM, cert DER)."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost"),
                      x509.NameAttribute(NameOID.ORGANIZATION_NAME, "swarmhost")])
    now = datetime.datetime.now(datetime.timezone.utc)
    usage = x509.KeyUsage(digital_signature=True, key_encipherment=True, key_agreement=True, key_cert_sign=True,
                          content_commitment=False, data_encipherment=False, crl_sign=False,
                          encipher_only=False, decipher_only=False)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(seconds=30))
            .not_valid_after(now + datetime.timedelta(days=30 * 365))
            .add_extension(x509.SubjectAlternativeName([x509.DNSName("localhost")]), critical=False)
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .add_extension(usage, critical=True)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH, ExtendedKeyUsageOID.CLIENT_AUTH]),
                           critical=False)
            .sign(key, hashes.SHA256()))
    key_pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                serialization.NoEncryption())
    return key_pem, cert.public_bytes(serialization.Encoding.PEM), cert.public_bytes(serialization.Encoding.DER)


class AutoMTLS:
    """The plugin's half of AutoMTLS: its certificate, and TLS forwarding
    for the listener and for brokered dials."""

    def __init__(self, host_cert_pem: str, private_dir: str) -> None:
        key_pem, cert_pem, der = generate_cert()
        self.handshake_cert = base64.b64encode(der).decode().rstrip("=")
        self._dir = private_dir
        certfile, keyfile = os.path.join(private_dir, "cert.pem"), os.path.join(private_dir, "key.pem")
        for path, data in [(certfile, cert_pem), (keyfile, key_pem)]:
            with open(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as f:
                f.write(data)
        self.server_context = self._context(ssl.PROTOCOL_TLS_SERVER, certfile, keyfile, host_cert_pem)
        """Accepts the host's connections: requires the host's certificate."""
        self.client_context = self._context(ssl.PROTOCOL_TLS_CLIENT, certfile, keyfile, host_cert_pem)
        """Dials the host: presents ours, verifies the host's."""

    @staticmethod
    def _context(protocol: int, certfile: str, keyfile: str, peer_pem: str) -> ssl.SSLContext:
        ctx = ssl.SSLContext(protocol)
        ctx.minimum_version = ssl.TLSVersion.TLSv1_2
        ctx.load_cert_chain(certfile, keyfile)
        ctx.load_verify_locations(cadata=peer_pem)
        ctx.verify_mode = ssl.CERT_REQUIRED
        ctx.set_alpn_protocols(["h2"])
        return ctx

    def serve(self, public_path: str, backend_path: str) -> None:
        """Accepts TLS on public_path and forwards to backend_path."""
        async def handle(reader, writer):
            try:
                b_reader, b_writer = await asyncio.open_unix_connection(backend_path, limit=_CHUNK)
            except OSError:
                writer.close()
                return
            await _join(reader, writer, b_reader, b_writer)

        async def start():
            return await asyncio.start_unix_server(handle, path=public_path, ssl=self.server_context, limit=_CHUNK)

        _aio.run(start())

    def dial(self, network: str, address: str) -> str:
        """Returns a private unix socket path whose connections reach
        network/address over TLS, verified against the host's certificate."""
        local = tempfile.mktemp(prefix="dial-", suffix=".sock", dir=self._dir)

        async def handle(reader, writer):
            try:
                if network == "unix":
                    t_reader, t_writer = await asyncio.open_unix_connection(
                        address, ssl=self.client_context, server_hostname="localhost", limit=_CHUNK)
                else:
                    host, _, port = address.rpartition(":")
                    t_reader, t_writer = await asyncio.open_connection(
                        host.strip("[]"), int(port), ssl=self.client_context, server_hostname="localhost", limit=_CHUNK)
            except (OSError, ssl.SSLError):
                writer.close()
                return
            await _join(reader, writer, t_reader, t_writer)

        async def start():
            return await asyncio.start_unix_server(handle, path=local, limit=_CHUNK)

        _aio.run(start())
        return local


async def _join(r1, w1, r2, w2) -> None:
    """Copies both ways until either side closes, then closes both."""
    await _aio.join(r1, w1, r2, w2)
