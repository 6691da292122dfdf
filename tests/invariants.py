"""State invariants checked after every decision of the random playouts."""

from __future__ import annotations

from vgcore.agents import RandomAgent
from vgcore.decks import DeckList
from vgcore.game import Game
from vgcore.plugins import Registry
from vgcore.types import GC


def check_invariants(game: Game, total_cards: int) -> None:
    st = game.state
    assert len(st.card_ids) == total_cards, "cards appeared or vanished"
    seen: dict[int, tuple[str, str]] = {}
    for seat, player in st.players.items():
        for zone, cards in player.zones.items():
            for uid in cards:
                assert uid not in seen, f"card {uid} is in {seen[uid]} and in {(seat, zone)}"
                seen[uid] = (seat, zone)
            if zone in player.circles:
                assert len(cards) <= 1, f"{seat}.{zone} holds {len(cards)} units"
    assert len(seen) == total_cards, "some card is in no zone"
    for uid, where in seen.items():
        assert st.loc[uid] == where, f"card {uid} is in {where} but recorded at {st.loc[uid]}"
    for seat, player in st.players.items():
        if player.zones[GC]:
            assert st.battle is not None, f"{seat} has guardians outside a battle"
    if st.result is None:
        limit = game.engine.format.damage_to_lose
        for seat, player in st.players.items():
            team = sum(len(st.players[s].zones["damage"]) for s in game.engine.team_members[seat])
            assert team < limit, f"{seat}'s team has {team} damage (loses at {limit}), game goes on"
            assert player.zones["deck"], f"{seat}'s deck is empty and the game goes on"
        d = st.decision
        assert d is not None and d.options, "a running game must be waiting on a decision"
        assert len(set(d.options)) == len(d.options), f"duplicate options in {d.kind}"
    else:
        teams = game.engine.seat_layout.team_ids()
        assert st.result == "draw" or st.result in teams, f"the result {st.result!r} is no team"


def play_checked(registry: Registry, format_id: str, decks: list[DeckList], seed: int, *,
                 created: frozenset[str] = frozenset()) -> Game:
    """One game between uniform random agents, the invariants checked after every decision.

    `created`: ids of cards the game may create while it runs (pseudo-cards such as the gifts
    plugin's quick shield ticket); the card total may grow by those and by nothing else.
    """
    game = registry.new_game(format_id, decks, seed=seed)
    start = len(game.state.card_ids)
    agent = RandomAgent(seed)
    check_invariants(game, start)
    while not game.is_terminal:
        game.apply(agent.choose(game, game.legal_actions()))
        new = game.state.card_ids[start:]
        assert set(new) <= created, f"cards appeared that the game may not create: {new}"
        check_invariants(game, start + len(new))
    return game
