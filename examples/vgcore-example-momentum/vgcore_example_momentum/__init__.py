"""Momentum: each vanguard gets +1000 power per card in its owner's damage zone."""

from pathlib import Path

from vgcore import hookimpl


def momentum(game, uid, stat):
    """+1000 power per damage to a vanguard (read whenever power is read)."""
    if stat != "power" or game.state.loc[uid][1] != "VC":
        return 0
    seat = game.state.loc[uid][0]
    return 1000 * len(game.state.players[seat].zones["damage"])


@hookimpl
def vgcore_continuous_modifiers(fmt):
    return [momentum]


@hookimpl
def vgcore_formats():                      # a format that enables the plugin
    return [Path(__file__).parent / "formats" / "momentum.yaml"]
