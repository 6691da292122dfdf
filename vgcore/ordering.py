"""Which pending ability may resolve next (RULES.md §8, DESIGN.md §5).

The pending abilities form a networkx DiGraph whose edges say "must resolve before": the
turn player's before the other players', a trigger's own extra effect before the other
abilities of its check, rule-driven precedence added by plugins (a gift or persona ride before
other ride abilities), and precedence a card declares (`first = true`:
before the other abilities its controller got from the same event). A ready ability has no
pending predecessor. The edges are listed first; the graph is built (and networkx imported —
the import alone costs ~150 ms) only when there are some, since without edges every pending
ability is ready. A cycle is an error naming the abilities involved.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from vgcore.errors import ScriptError

if TYPE_CHECKING:
    import networkx

    from vgcore.game import Game
    from vgcore.types import Seat

Pending = Mapping[str, Any]


def precedence_edges(game: Game) -> list[tuple[int, int, str]]:
    """The "must resolve before" edges among the pending abilities: (before, after, reason)."""
    st = game.state
    pending = st.pending
    order = game.engine.seat_layout.from_first(st.turn_player)
    rank = {seat: i for i, seat in enumerate(order)}
    edges = []
    for a in pending:
        for b in pending:
            if rank[a["seat"]] < rank[b["seat"]]:
                edges.append((a["id"], b["id"], "turn player first"))
            elif (a is not b and a["seat"] == b["seat"] and trigger_effect(a)
                  and not trigger_effect(b)):
                edges.append((a["id"], b["id"], f"{a['card']}'s trigger effect resolves first"))
            elif (a is not b and a["seat"] == b["seat"] and same_event(a, b)
                  and game.ability_for(a).spec.get("first")
                  and not game.ability_for(b).spec.get("first")):
                edges.append((a["id"], b["id"], f"{a['card']} resolves first"))
    for plugin_edges in game.engine.pending_edges(game, pending):
        edges.extend(plugin_edges)
    return edges


def precedence_graph(game: Game,
                     edges: list[tuple[int, int, str]] | None = None) -> networkx.DiGraph:
    """The pending abilities as a DiGraph of `precedence_edges` (each with its reason)."""
    import networkx

    graph = networkx.DiGraph()
    graph.add_nodes_from(pa["id"] for pa in game.state.pending)
    graph.add_edges_from((before, after, {"reason": reason})
                         for before, after, reason in (edges if edges is not None
                                                       else precedence_edges(game)))
    return graph


# Events that announce a trigger's own effect to its card: an ability answering one (the over
# trigger's extra effect, D-SD01-010) is part of that trigger's effect.
TRIGGER_EFFECT_EVENTS = frozenset({"over_trigger"})


def trigger_effect(pa: Pending) -> bool:
    """The ability is the checked card's own trigger effect (its extra effect): it finishes
    before the other abilities the same check triggered (docs/lua-api.md §11.1)."""
    event = pa.get("event")
    return (event is not None and event["kind"] in TRIGGER_EFFECT_EVENTS
            and event.get("uid") == pa["uid"])


def same_event(a: Pending, b: Pending) -> bool:
    """Both abilities were triggered by one event: the same place in the log (events are
    compared by position, not identity, which a JSON round trip does not keep)."""
    ea, eb = a.get("event"), b.get("event")
    return ea is not None and eb is not None and ea["n"] == eb["n"]


def ready(game: Game) -> list[Pending]:
    """Pending abilities with no pending predecessor, in the order they became pending."""
    pending = game.state.pending
    if len(pending) < 2:
        return list(pending)
    edges = precedence_edges(game)
    if not edges:  # nothing waits for anything (one player's abilities of different events)
        return list(pending)
    import networkx

    graph = precedence_graph(game, edges)
    try:
        cycle = networkx.find_cycle(graph)
    except networkx.NetworkXNoCycle:
        cycle = None
    if cycle:
        names = {pa["id"]: f"{pa['card']}:{pa['ab']}" for pa in pending}
        chain = " -> ".join(names[a] for a, _b in cycle)
        raise ScriptError(f"pending abilities must resolve before each other in a cycle: {chain}")
    return [pa for pa in pending if graph.in_degree(pa["id"]) == 0]


def next_chooser(game: Game) -> tuple[Seat, list[Pending]]:
    """The seat that chooses now (the turn player first) and its ready abilities."""
    candidates = ready(game)
    for seat in game.engine.seat_layout.from_first(game.state.turn_player):
        mine = [pa for pa in candidates if pa["seat"] == seat]
        if mine:
            return seat, mine
    raise ScriptError("abilities are pending but none is ready")


def explain(game: Game) -> list[str]:
    """Why each pending ability is or is not offered yet, one line each."""
    pending = game.state.pending
    if not pending:
        return []
    names = {pa["id"]: f"{pa['card']}:{pa['ab']} ({pa['seat']})" for pa in pending}
    if len(pending) < 2:
        return [f"{names[pending[0]['id']]}: ready"]
    graph = precedence_graph(game)
    lines = []
    for pa in pending:
        blockers = [(b, graph.edges[b, pa["id"]]["reason"]) for b in graph.predecessors(pa["id"])]
        if blockers:
            why = "; ".join(f"after {names[b]} ({reason})" for b, reason in blockers)
            lines.append(f"{names[pa['id']]}: waits {why}")
        else:
            lines.append(f"{names[pa['id']]}: ready")
    return lines
