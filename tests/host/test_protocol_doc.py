"""docs/host-protocol.md and `vgcore schema host` checked against the protocol's own Structs:
every JSON example is a valid message, every message type and error code is documented, and the
doc's transcript is exactly what `python -m vgcore.host.transcript` prints, so it cannot drift."""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import msgspec
import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator

from vgcore.cli import main
from vgcore.host import protocol, transcript

DOC = Path(__file__).parents[2] / "docs" / "host-protocol.md"
TEXT = DOC.read_text(encoding="utf-8")
EXAMPLES = re.findall(r"^```json\n(.*?)^```$", TEXT, re.M | re.S)
CLIENT_TYPES = set(protocol.client_types())
HOST_TYPES = set(protocol.host_types())
VALIDATOR = Draft202012Validator(protocol.json_schemas())
REGENERATE = "regenerate it: python -m vgcore.host.transcript --doc docs/host-protocol.md"


def check_message(text: str, *, to_host: bool | None = None) -> dict[str, Any]:
    """`text` decodes as the message its `type` names, in the direction it belongs to, has no
    field the Struct lacks (a typo would be ignored by the decoder), and fits the schema."""
    message = json.loads(text)
    assert isinstance(message, dict) and "type" in message, text[:80]
    client = message["type"] in CLIENT_TYPES
    assert client or message["type"] in HOST_TYPES, message["type"]
    if to_host is not None:
        assert client == to_host, message["type"]
    decoded = protocol.decode(text) if client else protocol.decode_host(text)
    assert decoded.__struct_config__.tag == message["type"]
    assert_known_keys(message, msgspec.to_builtins(decoded))
    VALIDATOR.validate(message)
    return message


def assert_known_keys(shown: Any, decoded: Any, path: str = "$") -> None:
    if isinstance(shown, dict) and isinstance(decoded, dict):
        for key, value in shown.items():
            assert key in decoded, f"{path}.{key} is not a field of the message"
            assert_known_keys(value, decoded[key], f"{path}.{key}")
    elif isinstance(shown, list) and isinstance(decoded, list):
        for i, (a, b) in enumerate(zip(shown, decoded, strict=True)):
            assert_known_keys(a, b, f"{path}[{i}]")


def section(title: str) -> str:
    start = TEXT.index(f"\n## {title}\n")
    end = TEXT.find("\n## ", start + 1)
    return TEXT[start:end]


# -- vgcore schema host ------------------------------------------------------------------


def test_schema_host_prints_a_draft_2020_12_schema_of_every_message() -> None:
    result = CliRunner().invoke(main, ["schema", "host"])
    assert result.exit_code == 0, result.output
    schema = json.loads(result.output)
    Draft202012Validator.check_schema(schema)
    assert schema == json.loads(json.dumps(protocol.json_schemas()))
    defs = schema["$defs"]
    assert set(defs["ClientMessage"]["discriminator"]["mapping"]) == CLIENT_TYPES
    assert set(defs["HostMessage"]["discriminator"]["mapping"]) == HOST_TYPES
    assert len(CLIENT_TYPES) == 11 and len(HOST_TYPES) == 16


def test_schema_host_refuses_a_message_the_host_refuses() -> None:
    schema = json.loads(CliRunner().invoke(main, ["schema", "host"]).output)
    validator = Draft202012Validator(schema)
    assert validator.is_valid({"v": 1, "type": "answer", "game": "g", "decision": 3,
                               "action": "keep"})
    assert not validator.is_valid({"v": 1, "type": "answer", "game": "g", "decision": "3",
                                   "action": "keep"})
    assert not validator.is_valid({"v": 1, "type": "resign", "game": "g"})


# -- the examples ------------------------------------------------------------------------


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: json.loads(e)["type"])
def test_every_json_example_in_the_doc_is_a_valid_message(example: str) -> None:
    check_message(example)


def test_the_doc_shows_and_describes_every_message_type() -> None:
    shown = {json.loads(example)["type"] for example in EXAMPLES}
    assert shown == CLIENT_TYPES | HOST_TYPES
    headed = set(re.findall(r"^### `(\w+)`$", TEXT, re.M))
    assert headed == CLIENT_TYPES | HOST_TYPES


def test_the_doc_explains_every_error_code_in_order() -> None:
    rows = re.findall(r"^\| `(\w+)` \|", section("Errors"), re.M)
    assert rows == list(protocol.ERROR_CODES)


def test_the_doc_states_the_limits_the_code_has() -> None:
    from vgcore.host.room import MAX_RESUME_EVENTS
    from vgcore.host.service import HostConfig

    config = HostConfig()
    assert protocol.MAX_MESSAGE == 64 * 1024 and "64 KiB" in TEXT
    assert f"More than {MAX_RESUME_EVENTS} events behind" in TEXT
    assert config.reconnect_window_ms == 120_000 and "120 s" in TEXT
    assert f"default\n  {config.snapshot_every})" in TEXT
    assert config.max_games_per_connection == 32 and "at most 32 games" in TEXT
    assert protocol.PROTOCOL == 1 and protocol.PROTOCOLS == (1, 1)


# -- the transcript ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def lines() -> list[transcript.Line]:
    return asyncio.run(transcript.record())


def test_the_doc_transcript_is_what_the_module_prints(lines: list[transcript.Line]) -> None:
    printed = subprocess.run([sys.executable, "-m", "vgcore.host.transcript"],
                             capture_output=True, text=True, check=True, timeout=300).stdout
    assert printed == transcript.transcript(lines)  # another process, another run: the same
    _before, shown, _after = transcript.doc_parts(TEXT)
    assert shown == printed, REGENERATE


def test_every_message_of_the_transcript_is_valid(lines: list[transcript.Line]) -> None:
    for line in lines:
        check_message(json.dumps(line.message), to_host=line.direction == transcript.TO_HOST)
    printed = transcript.transcript(lines).splitlines()
    assert len(printed) == len(lines)
    for text, line in zip(printed, lines, strict=True):
        assert text.startswith(f"{line.direction} {{")


def test_the_transcript_hides_the_game_id_tokens_and_times(lines: list[transcript.Line]) -> None:
    created = next(line.message for line in lines if line.message["type"] == "created")
    printed = transcript.transcript(lines)
    secrets = [created["game"], *created["tokens"].values()]
    assert all(secret not in printed for secret in secrets)
    assert '"game":"<game>"' in printed and '"token":"<token A>"' in printed
    assert '"created":"<created>"' in printed and "<engine version>" in printed


def test_the_transcript_retry_is_acknowledged_and_applied_once(
        lines: list[transcript.Line]) -> None:
    received = [line.message for line in lines if line.direction == transcript.TO_CLIENT]
    accepted = [m["decision"] for m in received if m["type"] == "accepted"]
    assert accepted[0] == accepted[1]
    own_answers = [m for m in received if m["type"] == "event"
                   and m["event"]["kind"] == "decision" and m["event"]["seat"] == "A"
                   and not m["event"]["forced"]]
    assert len(own_answers) == transcript.ANSWERS == len(set(accepted))
    illegal = next(m for m in received if m["type"] == "error")
    assert illegal["code"] == "illegal_action" and illegal["legal"]


def test_the_transcript_game_over_replay_verifies(lines: list[transcript.Line],
                                                  tmp_path: Path) -> None:
    received = [line.message for line in lines if line.direction == transcript.TO_CLIENT]
    over = next(m for m in received if m["type"] == "game_over")
    assert (over["result"], over["reason"]) == ("B", "concede")
    assert next(m for m in received if m["type"] == "replay")["replay"] == over["replay"]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(over["replay"]), encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", "--verify", str(path)])
    assert result.exit_code == 0, result.output
    assert "verified" in result.output


def test_doc_option_rewrites_only_the_transcript_block(tmp_path: Path) -> None:
    before, shown, after = transcript.doc_parts(TEXT)
    path = tmp_path / "host-protocol.md"
    path.write_text(before + "stale\n" + after, encoding="utf-8")
    transcript.write_doc(path, shown)
    assert path.read_text(encoding="utf-8") == TEXT
