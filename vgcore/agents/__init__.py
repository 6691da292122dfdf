"""Agents that answer decisions: `random` (uniform) and `greedy` (simple heuristics)."""

from __future__ import annotations

from collections.abc import Callable

from vgcore.agents.base import Agent
from vgcore.agents.greedy import GreedyAgent
from vgcore.agents.random import RandomAgent

AGENTS: dict[str, Callable[[int], Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
}


def make_agent(name: str, seed: int = 0) -> Agent:
    try:
        return AGENTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown agent {name!r}; known: {', '.join(sorted(AGENTS))}") from None


__all__ = ["AGENTS", "Agent", "GreedyAgent", "RandomAgent", "make_agent"]
