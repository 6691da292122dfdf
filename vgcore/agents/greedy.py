"""A greedy agent: rides up, legions when it may, fills its field sensibly, attacks where it can
hit, guards to live.

It reads only what its seat's view would show (its own hand and the public board), so it is
a fair opponent in `vgcore play` and a stronger baseline than `random` in simulations.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from vgcore.battle import CALL_GUARDIANS
from vgcore.rng import Pcg32
from vgcore.types import FRONT, VC, Zone

if TYPE_CHECKING:
    from vgcore.decisions import Action
    from vgcore.game import Game
    from vgcore.types import Seat


class GreedyAgent:
    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Pcg32(seed, stream=11)

    def choose(self, game: Game, options: list[Action]) -> Action:
        d = game.decision
        assert d is not None
        pick = getattr(self, f"_{d.kind.replace('-', '_')}", None)
        choice = pick(game, d.seat, options) if pick is not None else None
        return choice if choice is not None else options[0]

    # -- set-up and ride -------------------------------------------------------------------

    def _mulligan(self, game: Game, seat: Seat, options: list[Action]) -> Action | None:
        """Keep one card of each grade 1–3 and the triggers; redraw the rest, one card per
        answer (the cards picked so far are still in the hand until `keep`)."""
        d = game.decision
        assert d is not None
        hand = [game.engine.db[game.state.card_ids[u]]
                for u in game.state.players[seat].zones[Zone.HAND]]
        kept: Counter[int] = Counter()
        back: Counter[str] = Counter()
        for card in sorted(hand, key=lambda c: c.grade or 0):
            grade = card.grade or 0
            if grade == 0 or kept[grade] == 0:
                kept[grade] += 1
            else:
                back[card.id] += 1
        back.subtract(Counter(d.data.get("picked", ())))
        for a in options:
            if a.verb == "mulligan" and back[a.args[0]] > 0:
                return a
        return next(a for a in options if a.verb == "keep")

    def _ride(self, game: Game, seat: Seat, options: list[Action]) -> Action | None:
        db = game.engine.db

        def score(a: Action) -> tuple[int, int]:
            if a.verb == "ride-deck":
                return (db[a.args[0]].grade or 0, -self._keep_value(game, a.args[1]))
            if a.verb == "ride":
                return (db[a.args[0]].grade or 0, -1)
            return (-1, 0)

        return max(options, key=score)

    # -- main phase ------------------------------------------------------------------------

    def _main(self, game: Game, seat: Seat, options: list[Action]) -> Action | None:
        # Legion (plugin `legion`, RULES.md §12) whenever it is offered: the offer already
        # holds every requirement, and the pair's summed power is worth 4 cards of the drop.
        legion = next((a for a in options if a.verb == "legion"), None)
        if legion is not None:
            return legion
        db = game.engine.db
        layout = game.state.players[seat].circles
        best: tuple[int, Action] | None = None
        for a in options:
            if a.verb != "call":
                continue
            card = db[a.args[0]]
            circle = a.args[1]
            if card.trigger or card.sentinel or game.unit_at(seat, circle) is not None:
                continue
            row = layout[circle][0]
            value = (card.power or 0) if row == FRONT else (
                (card.power or 0) if card.skill == "boost" else -1)
            front = game.unit_at(seat, circle) if row == FRONT else None
            if row != FRONT and front is None and not self._has_front_partner(game, seat, circle):
                value -= 3000
            if value > 0 and (best is None or value > best[0]):
                best = (value, a)
        if best is not None and len(game.state.players[seat].zones[Zone.HAND]) > 2:
            return best[1]
        return next((a for a in options if a.verb == "battle"), None)

    def _has_front_partner(self, game: Game, seat: Seat, circle: str) -> bool:
        partner = game.column_partner(seat, circle)
        return partner is not None and game.unit_at(seat, partner) is not None

    # -- battle ----------------------------------------------------------------------------

    def _attack(self, game: Game, seat: Seat, options: list[Action]) -> Action | None:
        attacks = [a for a in options if a.verb == "attack"]
        if not attacks:
            return None

        def score(a: Action) -> tuple[int, int, int]:
            attacker = game.unit_at(seat, a.args[0])
            foe, circle = a.args[1].split(".", 1)
            target = game.unit_at(foe, circle)
            assert attacker is not None and target is not None
            margin = game.power(attacker) + self._boost_power(game, seat, a.args[0]) \
                - game.power(target)
            # rear-guards first (the vanguard's drive checks help them), the vanguard last
            return (int(margin >= 0), int(circle == VC), int(a.args[0] != VC))

        return max(attacks, key=score)

    def _boost_power(self, game: Game, seat: Seat, circle: str) -> int:
        back = game.behind(seat, circle)
        uid = game.unit_at(seat, back) if back else None
        if uid is None or game.state.rested[uid] or game.card(uid).skill != "boost":
            return 0
        return game.power(uid)

    def _boost(self, game: Game, seat: Seat, options: list[Action]) -> Action | None:
        return next((a for a in options if a.verb == "boost"), None)

    def _guard(self, game: Game, seat: Seat, options: list[Action]) -> Action | None:
        """Guard a vanguard attack that would hit when damage is high; never over-guard."""
        return self._guard_with(game, seat, options, "guard")

    def _tag_guard(self, game: Game, seat: Seat, options: list[Action]) -> Action | None:
        """Tag fight: guard the teammate's vanguard the same way, from this seat's hand."""
        return self._guard_with(game, seat, options, "tag-guard")

    def _guard_with(self, game: Game, seat: Seat, options: list[Action],
                    verb: str) -> Action | None:
        battle = game.state.battle
        assert battle is not None
        done = next((a for a in options if a.verb == "done"), None)
        if done is None:  # picking guardians to call together (battle.GUARD_IN_TWOS)
            return next((a for a in options if a.verb == CALL_GUARDIANS), options[0])
        if battle["target_circle"] != VC:
            return done
        # the team's damage (a duel: the player's own), three short of losing
        if game.team_damage(seat) < game.engine.format.damage_to_lose - 3:
            return done
        need = game.power(battle["attacker"]) - game.power(battle["target"]) + 1
        if need <= 0:
            return done
        db = game.engine.db
        shields = [(db[a.args[0]].shield or 0, a) for a in options if a.verb == verb]
        shields += [(game.shield(u), a) for a in options if a.verb == "intercept"
                    for u in [game.unit_at(seat, a.args[0])] if u is not None]
        shields = [s for s in shields if s[0] > 0]
        if not shields:
            return done
        enough = [s for s in shields if s[0] >= need]
        return (min(enough, key=lambda s: s[0]) if enough else max(shields, key=lambda s: s[0]))[1]

    def _trigger(self, game: Game, seat: Seat, options: list[Action]) -> Action | None:
        battle = game.state.battle
        attacking = battle is not None and battle["attacker_seat"] == seat

        def score(a: Action) -> int:
            circle = a.args[0]
            uid = game.unit_at(seat, circle)
            standing = uid is not None and not game.state.rested[uid]
            if not attacking:
                return 3 if circle == VC else 0
            if a.verb == "critical":
                return 3 if battle and circle == battle["attacker_circle"] else 0
            if a.verb == "stand":
                return 2 if not standing and game.state.players[seat].circles[circle][0] == FRONT \
                    else 0
            in_front = game.state.players[seat].circles[circle][0] == FRONT
            return 2 if standing and in_front else (1 if battle
                                                    and circle == battle["attacker_circle"] else 0)

        return max(options, key=score)

    def _choose(self, game: Game, seat: Seat, options: list[Action]) -> Action | None:
        """Take as many as allowed (effects mostly help their controller): pick on while a
        pick is offered."""
        return next((a for a in options if a.verb == "choose"), None)

    def _stride_cost(self, game: Game, seat: Seat, options: list[Action]) -> Action | None:
        """Pay a stride with as few and as little useful cards as will do: stop (`done`) as
        soon as it is allowed; else the smallest grade that completes the total, or failing
        that the highest grade (grade 0 cards only when nothing else is offered)."""
        d = game.decision
        assert d is not None
        done = next((a for a in options if a.verb == "done"), None)
        if done is not None:
            return done
        picks = [a for a in options if a.verb == "choose"]
        if not picks:
            return None
        db = game.engine.db
        short = d.data.get("need", 0) - d.data.get("total", 0)

        def grade(a: Action) -> int:
            return db[a.args[0]].grade or 0

        enough = [a for a in picks if grade(a) >= short > 0]
        if enough:
            return min(enough, key=lambda a: (grade(a), self._keep_value(game, a.args[0])))
        return max(picks, key=lambda a: (grade(a), -self._keep_value(game, a.args[0])))

    def _cost(self, game: Game, seat: Seat, options: list[Action]) -> Action | None:
        return next((a for a in options if a.verb == "pay"), None)

    def _may(self, game: Game, seat: Seat, options: list[Action]) -> Action | None:
        return next((a for a in options if a.verb == "yes"), None)

    def _heal(self, game: Game, seat: Seat, options: list[Action]) -> Action | None:
        return next((a for a in options if a.args and a.args[0].endswith("/down")), options[0])

    @staticmethod
    def _keep_value(game: Game, card_id: str) -> int:
        card = game.engine.db[card_id]
        return 2 if card.trigger else (card.grade or 0)
