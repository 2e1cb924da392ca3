"""With --tls-cert and --tls-key the link is encrypted; a guest trusting that certificate
joins, one trusting nothing else cannot. (Soak set: it makes a certificate.)"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.online.procs import Proc, host


@pytest.mark.soak
def test_an_encrypted_host_is_joined_with_its_certificate(tmp_path: Path) -> None:
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "ec",
            "-pkeyopt",
            "ec_paramgen_curve:P-256",
            "-nodes",
            "-keyout",
            str(key),
            "-out",
            str(cert),
            "-days",
            "1",
            "-subj",
            "/CN=127.0.0.1",
            "-addext",
            "subjectAltName=IP:127.0.0.1",
        ],
        check=True,
        capture_output=True,
        timeout=30,
    )
    hosting, address = host(
        "fifty", tmp_path / "host", "--tls-cert", str(cert), "--tls-key", str(key)
    )
    try:
        hosting.wait_for("encrypted (TLS")
        plain = Proc(["join", address, "--plain"], tmp_path / "plain")
        assert plain.finish() == 1
        assert "cannot join" in plain.output()
        guest = Proc(
            ["join", address, "--plain", "--name", "Bob", "--tls-ca", str(cert)], tmp_path / "guest"
        )
        hosting.wait_for("Bob joined.")
        guest.wait_for("Joined the game against Ada")
        guest.stop()
    finally:
        hosting.stop()
