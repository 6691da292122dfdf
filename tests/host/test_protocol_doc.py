"""docs/host-protocol.md and `vgcore schema host` checked against the protocol's own Structs:
every JSON example is a valid message of the direction its section names, every message type
and error code is documented, the limits it states are the code's, and the doc's transcript is
exactly what `python -m vgcore.host.transcript` prints, so it cannot drift."""

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
BOTH_WAYS = CLIENT_TYPES & HOST_TYPES  # none: a type names one direction's message
SCHEMA = protocol.json_schemas()
# A message is checked against its own direction's union.
VALIDATORS = {to_host: Draft202012Validator({"$defs": SCHEMA["$defs"],
                                             "$ref": f"#/$defs/{name}"})
              for to_host, name in ((True, "ClientMessage"), (False, "HostMessage"))}
# The sections whose examples go one way; an example elsewhere goes the way its type does.
DIRECTIONS = {"Client to host": True, "Host to client": False}
REGENERATE = "regenerate it: python -m vgcore.host.transcript --doc docs/host-protocol.md"


def check_message(text: str, *, to_host: bool | None = None) -> dict[str, Any]:
    """`text` decodes as the message its `type` names, in the direction it belongs to (given,
    or the only one its type has), has no field the Struct lacks (a typo would be ignored by
    the decoder), and fits that direction's schema."""
    message = json.loads(text)
    assert isinstance(message, dict) and "type" in message, text[:80]
    kind = message["type"]
    assert kind in CLIENT_TYPES | HOST_TYPES, kind
    if to_host is None:
        assert kind not in BOTH_WAYS, f"{kind} goes both ways: show it under a direction"
        to_host = kind in CLIENT_TYPES
    assert kind in (CLIENT_TYPES if to_host else HOST_TYPES), kind
    decoded = protocol.decode(text) if to_host else protocol.decode_host(text)
    assert decoded.__struct_config__.tag == kind
    assert_known_keys(message, msgspec.to_builtins(decoded))
    VALIDATORS[to_host].validate(message)
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


def examples() -> list[tuple[str, bool | None]]:
    """Every JSON example with its direction: True (client to host), False, or None (a
    section of both, where the type says which)."""
    found = []
    for part in re.split(r"^(?=## )", TEXT, flags=re.M):
        title = part.split("\n", 1)[0].removeprefix("## ")
        for example in re.findall(r"^```json\n(.*?)^```$", part, re.M | re.S):
            found.append((example, DIRECTIONS.get(title)))
    return found


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
    assert len(CLIENT_TYPES) == 12 and len(HOST_TYPES) == 19
    assert sorted(BOTH_WAYS) == []  # no type name is used both ways


def test_schema_host_refuses_a_message_the_host_refuses() -> None:
    schema = json.loads(CliRunner().invoke(main, ["schema", "host"]).output)
    validator = Draft202012Validator(schema)
    assert validator.is_valid({"v": 1, "type": "answer", "game": "g", "decision": 3,
                               "action": "keep"})
    assert not validator.is_valid({"v": 1, "type": "answer", "game": "g", "decision": "3",
                                   "action": "keep"})
    assert not validator.is_valid({"v": 1, "type": "resign", "game": "g"})


# -- the examples ------------------------------------------------------------------------


@pytest.mark.parametrize(("example", "to_host"), [
    pytest.param(example, to_host, id=f"{json.loads(example)['type']}"
                 f"{'' if to_host is None else ' to host' if to_host else ' to client'}")
    for example, to_host in examples()])
def test_every_json_example_in_the_doc_is_a_valid_message(example: str,
                                                          to_host: bool | None) -> None:
    check_message(example, to_host=to_host)


def test_the_doc_shows_and_describes_every_message_type() -> None:
    assert len(examples()) == len(EXAMPLES)
    sent = {json.loads(e)["type"] for e, to_host in examples() if to_host is True}
    told = {json.loads(e)["type"] for e, to_host in examples() if to_host is False}
    assert sent == CLIENT_TYPES and told == HOST_TYPES
    for title, types in (("Client to host", CLIENT_TYPES), ("Host to client", HOST_TYPES)):
        headed = re.findall(r"^### `(\w+)`$", section(title), re.M)
        assert sorted(headed) == sorted(types), title


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
    assert config.join_window_ms == 600_000 and "join_window_ms`, 10 min" in TEXT
    assert f"the last {config.finished_kept} finished games" in TEXT
    assert f"default\n  {config.snapshot_every})" in TEXT
    assert config.max_games_per_connection == 32 and "at most 32 live games" in TEXT
    assert f"{config.max_games:,}".replace(",", " ") in section("Errors")
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
    sent = {line.message["type"] for line in lines if line.direction == transcript.TO_HOST}
    assert sent == CLIENT_TYPES - {"spectate", "leave"}  # the one seat shows all the rest
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


def replies(lines: list[transcript.Line], type: str) -> list[tuple[dict[str, Any],
                                                                  list[dict[str, Any]]]]:
    """Each request of `type` with the messages that arrived after it, up to the next
    request."""
    out: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []
    for line in lines:
        if line.direction == transcript.TO_HOST:
            out.append((line.message, []))
        else:
            out[-1][1].append(line.message)
    return [(request, after) for request, after in out if request["type"] == type]


def test_the_transcript_hint_is_an_option_of_the_pending_decision_and_changes_nothing(
        lines: list[transcript.Line]) -> None:
    [(request, after)] = replies(lines, "hint")
    [hint] = after
    assert hint["type"] == "suggestion" and hint["re"] == request["id"]
    [legal] = [after[0] for asked, after in replies(lines, "get") if asked["what"] == "legal"]
    pending = legal["decision"]
    assert hint["decision"] == pending["id"] and hint["action"] in pending["options"]
    later = [m for m in replies(lines, "answer") if m[0]["decision"] == pending["id"]]
    assert later[-1][1][0]["type"] == "accepted"  # still pending after the hint


def test_the_transcript_concede_ends_the_game_then_is_answered_ok(
        lines: list[transcript.Line]) -> None:
    [(request, after)] = replies(lines, "concede")
    assert [m["type"] for m in after[-3:]] == ["view", "game_over", "ok"]
    assert after[-1]["re"] == request["id"]
    assert after[0]["type"] == "event" and after[0]["event"]["kind"] == "game_over"


def test_the_transcript_resume_of_the_finished_game_is_its_end_again(
        lines: list[transcript.Line]) -> None:
    [(request, after)] = replies(lines, "resume")
    joined, over = after[0], after[-1]
    assert joined["type"] == "joined" and joined["re"] == request["id"]
    assert joined["decision"] is None and joined["seq"] == request["after"]
    assert "log" not in joined["view"] and joined["view"]["result"] == "B"
    assert not any(m["type"] == "event" for m in after)
    assert [m["type"] for m in after[1:-1]] == ["clock", "clock"]
    assert not any(m["running"] for m in after[1:-1])
    [(_, first_end)] = replies(lines, "concede")
    assert over == next(m for m in first_end if m["type"] == "game_over")


def test_the_transcript_replays_verify_with_the_hashes_of_get_replay(
        lines: list[transcript.Line], tmp_path: Path) -> None:
    received = [line.message for line in lines if line.direction == transcript.TO_CLIENT]
    over = next(m for m in received if m["type"] == "game_over")
    assert (over["result"], over["reason"]) == ("B", "concede")
    assert over["replay"]["hashes"] == [] and over["replay"]["final_hash"]
    fetched = next(m for m in received if m["type"] == "replay")["replay"]
    assert len(fetched["hashes"]) == len(fetched["answers"]) == len(over["replay"]["answers"])
    assert {**fetched, "hashes": []} == over["replay"]
    for name, replay in (("fetched", fetched), ("game_over", over["replay"])):
        (tmp_path / f"{name}.json").write_text(json.dumps(replay), encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", "--verify", str(tmp_path / "fetched.json")])
    assert result.exit_code == 0, result.output
    assert "result: B (concede)" in result.output and "(verified)" in result.output
    refused = CliRunner().invoke(main, ["replay", "--verify", str(tmp_path / "game_over.json")])
    assert refused.exit_code != 0 and "nothing to verify" in refused.output
    replayed = CliRunner().invoke(main, ["replay", str(tmp_path / "game_over.json")])
    assert replayed.exit_code == 0 and "result: B (concede)" in replayed.output


def test_doc_option_rewrites_only_the_transcript_block(tmp_path: Path) -> None:
    before, shown, after = transcript.doc_parts(TEXT)
    path = tmp_path / "host-protocol.md"
    path.write_text(before + "stale\n" + after, encoding="utf-8")
    transcript.write_doc(path, shown)
    assert path.read_text(encoding="utf-8") == TEXT
