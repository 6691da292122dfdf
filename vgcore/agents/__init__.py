"""Agents that answer decisions: `random` (uniform), `greedy` (simple heuristics) and `mcts`
(determinized search over greedy rollouts).

An agent is named by a spec: its name, optionally with options after a colon
(`mcts:iterations=64,horizon=1`); `make_agent(spec, seed)` builds one. Only agents listed in
`OPTIONS` take options.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from vgcore.agents.base import Agent
from vgcore.agents.greedy import GreedyAgent
from vgcore.agents.mcts import MctsAgent
from vgcore.agents.random import RandomAgent

AGENTS: dict[str, Callable[[int], Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "mcts": MctsAgent,
}

#: Agents that take options in their spec: name → (seed, options) → agent.
OPTIONS: dict[str, Callable[[int, Mapping[str, str]], Agent]] = {
    "mcts": MctsAgent.from_options,
}

#: The longest agent spec accepted (specs come from command lines and host messages).
MAX_SPEC = 200


def parse_agent_spec(spec: str) -> tuple[str, dict[str, str]]:
    """`name` or `name:key=value,key=value` → (name, options); a malformed spec or an unknown
    name raises ValueError saying what is accepted."""
    if not isinstance(spec, str) or not spec or len(spec) > MAX_SPEC:
        raise ValueError(f"an agent spec is a name of at most {MAX_SPEC} characters, "
                         f"got {spec!r:.80}")
    name, _, rest = spec.partition(":")
    if name not in AGENTS:
        raise ValueError(f"unknown agent {name!r}; known: {', '.join(sorted(AGENTS))}")
    options: dict[str, str] = {}
    if rest:
        if name not in OPTIONS:
            raise ValueError(f"agent {name!r} takes no options (got {rest!r})")
        for item in rest.split(","):
            key, eq, value = item.partition("=")
            if not eq or not key or not value:
                raise ValueError(f"agent option {item!r} is not key=value (in {spec!r})")
            if key in options:
                raise ValueError(f"agent option {key!r} given twice (in {spec!r})")
            options[key] = value
    return name, options


def make_agent(spec: str, seed: int = 0) -> Agent:
    """An agent from its spec (`greedy`, `mcts`, `mcts:ms=100`), seeded."""
    name, options = parse_agent_spec(spec)
    if options:
        return OPTIONS[name](seed, options)
    return AGENTS[name](seed)


def check_agent_spec(spec: str) -> str:
    """The spec itself if `make_agent` would accept it; else ValueError naming the problem."""
    make_agent(spec, 0)
    return spec


def is_agent(spec: str) -> bool:
    """Whether `make_agent` accepts the spec."""
    try:
        check_agent_spec(spec)
    except ValueError:
        return False
    return True


__all__ = ["AGENTS", "Agent", "GreedyAgent", "MctsAgent", "RandomAgent", "check_agent_spec",
           "is_agent", "make_agent", "parse_agent_spec"]
