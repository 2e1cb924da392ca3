"""The address a player pastes: the whole command the teacher's screen (or its QR code)
shows, or the address with spaces around its @, is read as its CODE@HOST:PORT; a code
typed with spaces or dashes is still read whole."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from app.online.codes import ALPHABET, parse_address
from app.tui.app import EquationDuelApp
from app.tui.hub_join import HubJoinScreen
from tests.app.tui_support import until
from tests.hub.support import running_hub

codes = st.text(alphabet=ALPHABET, min_size=6, max_size=6)
hosts = st.sampled_from(["127.0.0.1", "hub.school.example", "[::1]", "pc-12"])
ports = st.integers(min_value=1, max_value=65535)
commands = st.sampled_from(["class join", "class watch", "class homework", "join"])
flags = st.sampled_from(["", " --name NAME", " --name Ada --plain", " --tls-ca hub.pem"])


@given(codes, hosts, ports, commands, flags)
def test_the_pasted_command_is_read_as_its_address(
    code: str, host: str, port: int, command: str, tail: str
) -> None:
    address = f"{code}@{host}:{port}"
    expected = parse_address(address, 6)
    assert parse_address(f"equation-duel {command} {address}{tail}", 6) == expected
    assert parse_address(f"  {code} @ {host}:{port} ", 6) == expected
    spaced = f"{code[:3]} {code[3:]}@{host}:{port}"  # (as read aloud: still the code)
    assert parse_address(spaced, 6).host == expected.host


async def test_the_join_form_takes_the_command_pasted(tmp_path: Path) -> None:
    async with running_hub(tmp_path / "hub.sqlite3") as hub:
        app = EquationDuelApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("j")
            assert isinstance(app.screen, HubJoinScreen)
            pasted = f"equation-duel class join {hub.code}@127.0.0.1:{hub.port} --name NAME"
            await pilot.press(*pasted, "tab", *"Ada", "enter")
            await until(pilot, lambda: "ada" in hub.lobby.waiting, "Ada's knock")
