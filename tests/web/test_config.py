"""The security settings of `equation-duel serve`, without a server."""

from __future__ import annotations

import pytest

from app.serve.config import ConfigError, ServeConfig, is_loopback, make_config, tokens_match


def test_loopback_needs_no_token_and_other_hosts_get_one() -> None:
    assert make_config("127.0.0.1", 8000, 4, None, None).token is None
    assert make_config("localhost", 8000, 4, None, None).token is None
    assert make_config("::1", 8000, 4, None, None).token is None
    for host in ("0.0.0.0", "::", "192.168.1.20", "duel.example.org"):
        config = make_config(host, 8000, 4, None, None)
        assert config.token is not None and len(config.token) >= 32
        assert config.address().endswith(f"/?token={config.token}")
    first = make_config("0.0.0.0", 8000, 4, None, None).token
    assert first != make_config("0.0.0.0", 8000, 4, None, None).token


def test_a_given_token_is_used_even_on_loopback() -> None:
    config = make_config("127.0.0.1", 8123, 4, None, "my-token-123")
    assert config.address() == "http://127.0.0.1:8123/?token=my-token-123"
    assert config.token_ok("my-token-123")
    assert not config.token_ok("my-token-124")
    assert not config.token_ok(None)
    assert not config.token_ok("")


def test_tokens_compare_in_constant_time_helper() -> None:
    assert tokens_match("abcdefgh", "abcdefgh")
    assert not tokens_match("abcdefg", "abcdefgh")
    assert not tokens_match("ábcdefgh", "abcdefgh")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("127.0.0.1", 70000, 4, None, None), "--port"),
        (("127.0.0.1", 8000, 0, None, None), "--max-sessions"),
        (("127.0.0.1", 8000, 4, "ftp://x", None), "--public-url"),
        (("127.0.0.1", 8000, 4, None, "short"), "--token"),
        (("127.0.0.1", 8000, 4, None, "has space in it"), "--token"),
    ],
)
def test_bad_settings(args: tuple[str, int, int, str | None, str | None], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        make_config(*args)


def test_origins() -> None:
    config = ServeConfig(host="127.0.0.1", port=8000, public_url="https://duel.example.org/play")
    for good in (
        "http://127.0.0.1:8000",
        "http://localhost:8000",
        "http://[::1]:8000",
        "https://duel.example.org",
        "HTTPS://Duel.Example.org:443",
    ):
        assert config.origin_ok(good, "127.0.0.1:8000"), good
    for bad in (
        None,
        "null",
        "",
        "http://127.0.0.1:8001",
        "http://evil.example.com",
        "https://127.0.0.1:8000",
        "http://duel.example.org",
        "file://",
    ):
        assert not config.origin_ok(bad, "127.0.0.1:8000"), bad


def test_origin_on_every_address_must_be_the_host_asked() -> None:
    config = ServeConfig(host="0.0.0.0", port=8000, token="t0ken-t0ken")
    assert config.origin_ok("http://192.168.1.20:8000", "192.168.1.20:8000")
    assert not config.origin_ok("http://evil.example.com", "192.168.1.20:8000")
    assert not config.origin_ok("http://192.168.1.20:8000", None)


def test_a_named_host_is_not_loopback() -> None:
    assert ServeConfig(host="192.168.1.20").allowed_origins == {"http://192.168.1.20:8000"}
    assert is_loopback("127.0.0.2") and not is_loopback("10.0.0.1")
