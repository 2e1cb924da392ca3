"""A stranger that opens a connection to an encrypted host and never starts the TLS
handshake is closed after the deadline of an unfinished request, not asyncio's own 60
seconds (issue 36). The certificate is a test's own, made once for 127.0.0.1."""

from __future__ import annotations

import asyncio
import ssl
from pathlib import Path

import pytest

from app.online import host_strangers
from app.online.host_link import HostLink
from tests.online.test_crowd import closed

TLS = Path(__file__).parent / "tls"


async def test_a_tls_handshake_that_never_comes_is_closed_after_the_deadline(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(host_strangers, "REQUEST_SECONDS", 0.3)
    tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    tls.load_cert_chain(TLS / "cert.pem", TLS / "key.pem")
    link = HostLink("abc-def-ghj-kmn-pqr", "Ada", tls=tls, seats={2: ("abc-def-ghj-kmn-pqr", None)})
    port = await link.start()
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        assert await closed(reader)  # (the read waits 5 s at most; asyncio's own is 60)
        writer.close()
        trusting = ssl.create_default_context(cafile=TLS / "cert.pem")
        reader, writer = await asyncio.open_connection("127.0.0.1", port, ssl=trusting)
        writer.write(b"GET /nothing HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        assert (await asyncio.wait_for(reader.read(), 5)).startswith(b"HTTP/1.1 404")
        writer.close()
    finally:
        await link.stop()
