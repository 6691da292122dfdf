"""The everyday run (`python3 -m pytest`, the README's command) leaves out the tests marked
`system` or `hostile`; an `-m` expression or named paths run them (tests/README.md). CI runs
them with its second command, so a slip here would hide them from CI: the choice is checked
on the hook's own inputs."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from tests.conftest import LEFT_OUT, is_everyday_run, leave_out_of_everyday_run


class Item:
    def __init__(self, name: str, *marks: str) -> None:
        self.name, self.marks = name, marks

    def get_closest_marker(self, name: str) -> Any:
        return getattr(pytest.mark, name).mark if name in self.marks else None


class Config:
    def __init__(self, markexpr: str, source: pytest.Config.ArgsSource) -> None:
        self.option = SimpleNamespace(markexpr=markexpr)
        self.args_source = source
        self.deselected: list[Item] = []
        self.hook = SimpleNamespace(pytest_deselected=lambda items: self.deselected.extend(items))


def items() -> list[Item]:
    return [Item("rule"), Item("browser", "system"), Item("fuzz", "hostile"),
            Item("sample", "full"), Item("both", "system", "full")]


def test_the_everyday_run_leaves_out_system_and_hostile_tests() -> None:
    config = Config("", pytest.Config.ArgsSource.TESTPATHS)
    run = items()
    assert is_everyday_run(config)  # type: ignore[arg-type]
    leave_out_of_everyday_run(config, run)  # type: ignore[arg-type]
    assert [i.name for i in run] == ["rule", "sample"]
    assert [i.name for i in config.deselected] == ["browser", "fuzz", "both"]
    assert set(LEFT_OUT) == {"system", "hostile"}


@pytest.mark.parametrize(("markexpr", "source"), [
    ("system or hostile", pytest.Config.ArgsSource.TESTPATHS),  # CI's second command
    ("full or system or hostile", pytest.Config.ArgsSource.TESTPATHS),
    ("", pytest.Config.ArgsSource.ARGS),  # python3 -m pytest tests/web
])
def test_a_marker_expression_or_named_paths_run_everything_they_select(
        markexpr: str, source: pytest.Config.ArgsSource) -> None:
    config = Config(markexpr, source)
    run = items()
    leave_out_of_everyday_run(config, run)  # type: ignore[arg-type]
    assert len(run) == 5 and config.deselected == []
