"""The `vgcore` command line: simulate, play, replay, validate, scenario, bench, cards, schema.

Every command takes `--cards DIR` (repeatable) so that a card designer can try a directory of
card records without packaging a plugin.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from vgcore.agents import AGENTS, check_agent_spec
from vgcore.errors import VgError
from vgcore.plugins import Registry

CARDS_OPTION = click.option(
    "--cards", "card_dirs", multiple=True, type=click.Path(exists=True, file_okay=False),
    help="Extra card directory (cards.yaml, scripts, decks/); repeatable.")


SCENARIOS_OPTION = click.option(
    "--scenarios", "scenario_paths", multiple=True, type=click.Path(exists=True),
    help="Scenario files or directories to count coverage from, besides each card set's "
         "scenarios/ folder; repeatable.")


def registry_for(card_dirs: tuple[str, ...], *, strict: bool = False) -> Registry:
    """The installed plugins plus `--cards`; a plugin that fails to load is one line on
    stderr and the command goes on without it."""
    registry = Registry(card_dirs=card_dirs, strict=strict)
    for message in registry.plugin_errors:
        click.echo(f"error: {message}", err=True)
    return registry


def fail(message: str, code: int = 2) -> None:
    click.echo(f"error: {message}", err=True)
    sys.exit(code)


def guarded(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Turn vgcore's typed errors into a message and a non-zero exit, not a traceback."""
    import functools

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except (VgError, KeyError) as exc:
            fail(str(exc).strip("'\""))

    return wrapper


class LazyGroup(click.Group):
    """A group some of whose commands live in modules imported only when one of them runs
    (or help lists them): `vgcore simulate` should not pay for the host's asyncio and
    WebSocket modules. `lazy` maps a command name to "module:attribute"."""

    def __init__(self, *args: Any, lazy: dict[str, str] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy:
            import importlib

            module, _, attribute = self.lazy[cmd_name].partition(":")
            command: click.Command = getattr(importlib.import_module(module), attribute)
            return command
        return super().get_command(ctx, cmd_name)


@click.group(cls=LazyGroup, lazy={"serve": "vgcore.host.hostcli:serve",
                                  "agent": "vgcore.host.hostcli:agent"})
@click.version_option(package_name="vgcore")
def main() -> None:
    """vgcore: a headless rules engine for Cardfight!! Vanguard."""


def agent_spec(spec: str, option: str) -> str:
    """An agent spec from the command line, checked (`make_agent` would build it)."""
    try:
        return check_agent_spec(spec)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint=option) from None


def resolve_decks(registry: Registry, format_id: str, decks: tuple[str, ...]) -> list[Any]:
    return list(registry.resolve_decks(format_id, decks or None))


# -- simulate ----------------------------------------------------------------------------


@main.command()
@click.option("--format", "format_id", default="premium", show_default=True)
@click.option("--decks", nargs=2, default=None, help="Two deck names or deck files.")
@click.option("--games", default=100, show_default=True, type=click.IntRange(min=1),
              help="Games to play (with --matrix: per pair and seating).")
@click.option("--seed", default=0, show_default=True, type=int)
@click.option("--agents", nargs=2, default=("greedy", "greedy"), show_default=True,
              callback=lambda _c, _p, specs: tuple(agent_spec(s, "--agents") for s in specs),
              help="Agents for seats A and B: " + ", ".join(sorted(AGENTS))
              + ", with options as mcts:iterations=64 or mcts:ms=100 (docs/agents.md).")
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON.")
@click.option("--save", "save_dir", type=click.Path(file_okay=False), default=None,
              help="Save every game as a replay file in this directory.")
@click.option("--lenient", is_flag=True,
              help="Exit 0 even if card scripts failed during the games (still reported).")
@click.option("--workers", default=None, type=click.IntRange(min=1),
              help="Processes to play on (with --backend ray: the local Ray's CPUs); the "
                   "results are the same for any number.  [default: all cores]")
@click.option("--backend", type=click.Choice(["local", "ray"]), default="local",
              show_default=True,
              help="ray: play batches of games as Ray tasks (pip install 'vgcore[ray]').")
@click.option("--address", default=None, metavar="ADDR",
              help="--backend ray: join the Ray cluster at ADDR instead of starting one here.")
@click.option("--batch-size", default=None, type=click.IntRange(min=1),
              help="Games per batch a worker or Ray task plays (default: four batches per "
                   "worker, at most 50 locally and 200 on Ray).")
@click.option("--matrix", is_flag=True,
              help="Play every pair of the decks given as arguments (default: all of the "
                   "format's decks) both ways: the balance report (docs/simulation.md).")
@click.option("--report", "report_dir", type=click.Path(file_okay=False), default=None,
              help="--matrix: write report.json and report.html in this directory.")
@click.argument("matrix_decks", nargs=-1, metavar="[DECK]...")
@CARDS_OPTION
@guarded
def simulate(format_id: str, decks: tuple[str, ...] | None, games: int, seed: int,
             agents: tuple[str, str], as_json: bool, save_dir: str | None, lenient: bool,
             workers: int | None, backend: str, address: str | None, batch_size: int | None,
             matrix: bool, report_dir: str | None, matrix_decks: tuple[str, ...],
             card_dirs: tuple[str, ...]) -> None:
    """Play many games between agents and report win rates.

    A card script that fails during a game ends only its ability and the game goes on; the
    errors are counted, the first few shown with card, file and Lua line, and the exit code
    is 1 if any happened (unless --lenient).

    With --matrix DECK...: every pair of decks both ways, then the win-rate matrix with 95%
    CIs, the first player's advantage, game lengths and per-card statistics (--report DIR
    also writes them as report.json and a self-contained report.html).
    """
    from tqdm import tqdm

    from vgcore.parallel import default_workers

    if matrix_decks and not matrix:
        fail("deck names as arguments go with --matrix (one pair: --decks A B)")
    if report_dir is not None and not matrix:
        fail("--report writes the balance report of --matrix")
    if address is not None and backend != "ray":
        fail("--address is the Ray cluster's: add --backend ray")
    if matrix and (decks or save_dir):
        fail("--matrix takes its decks as arguments and saves no replays "
             "(drop --decks and --save)")
    workers = workers or default_workers()
    registry = registry_for(card_dirs)
    run = {"workers": workers, "backend": backend, "address": address,
           "batch_size": batch_size}
    if matrix:
        simulate_matrix(registry, format_id, matrix_decks, games, seed, agents, as_json,
                        report_dir, lenient, run)
        return
    from vgcore.simulate import simulate as run_simulation

    pair = resolve_decks(registry, format_id, decks or ())
    with tqdm(total=games, unit="game", disable=as_json, file=sys.stderr) as bar:
        report = run_simulation(registry, format_id, pair, games=games, seed=seed,
                                agents=agents, save_dir=Path(save_dir) if save_dir else None,
                                on_progress=bar.update, **run)
    rate, low, high = report.win_rate("A")
    summary = {
        "format": format_id, "decks": [d.name for d in pair], "agents": list(agents),
        "games": report.games, "wins": report.wins,
        "win_rate_A": round(rate, 4), "ci95_A": [round(low, 4), round(high, 4)],
        "avg_turns": round(report.turns / report.games, 2),
        "avg_decisions": round(report.decisions / report.games, 2),
        "games_per_s": round(report.games / report.seconds, 2),
        "script_errors": report.script_errors,
        "limits": report.limits,
        "ms_per_decision": {team: round(report.ms_per_decision(team), 3)
                            for team in sorted(report.thinking)},
    }
    if as_json:
        click.echo(json.dumps(summary))
        end_simulation(report, lenient)
        return
    click.echo(f"{format_id}: A = {pair[0].name} ({agents[0]}), B = {pair[1].name} ({agents[1]})")
    click.echo(f"games {report.games}: A won {report.wins['A']}, B won {report.wins['B']}, "
               f"draws {report.wins['draw']}")
    click.echo(f"A's win rate {rate:.1%} (95% CI {low:.1%} – {high:.1%})")
    click.echo(f"average {summary['avg_turns']} turns and {summary['avg_decisions']} decisions "
               f"per game; {summary['games_per_s']} games/s")
    click.echo("time per decision: " + ", ".join(
        f"{team} {ms:.2f} ms" for team, ms in summary["ms_per_decision"].items()))
    if report.limits:
        ended = ", ".join(f"{reason} {count}" for reason, count in sorted(report.limits.items()))
        click.echo(f"draws by the engine's limits (docs/architecture.md): {ended}")
    end_simulation(report, lenient)


def simulate_matrix(registry: Registry, format_id: str, names: tuple[str, ...], games: int,
                    seed: int, agents: tuple[str, str], as_json: bool, report_dir: str | None,
                    lenient: bool, run: dict[str, Any]) -> None:
    """`vgcore simulate --matrix` (vgcore/balance.py; the page: vgcore/balancehtml.py)."""
    from tqdm import tqdm

    from vgcore.balance import matrix_pairs, run_matrix, write_report

    decks = (resolve_decks(registry, format_id, names) if names
             else registry.decks_for(format_id))
    total = games * len(matrix_pairs(len(decks)))
    with tqdm(total=total, unit="game", disable=as_json, file=sys.stderr) as bar:
        report = run_matrix(registry, format_id, decks, games=games, seed=seed, agents=agents,
                            on_progress=bar.update, **run)
    data = report.as_dict()
    if report_dir is not None:
        written = write_report(data, Path(report_dir))
        if not as_json:
            click.echo(f"wrote {', '.join(str(p) for p in written)}")
    if as_json:
        click.echo(json.dumps(data))
    else:
        for line in report.table():
            click.echo(line)
    end_simulation(report.overall, lenient)


def end_simulation(report: Any, lenient: bool) -> None:
    """Show the card script errors the games survived; exit 1 on any unless `lenient`."""
    if not report.script_errors:
        return
    click.echo(f"{report.script_errors} card script error(s) during the games; the first:",
               err=True)
    for failure in report.first_script_errors:
        click.echo(f"  - {failure}", err=True)
    if not lenient:
        click.echo("error: card scripts failed (use --lenient to accept)", err=True)
        sys.exit(1)


# -- bench -------------------------------------------------------------------------------


@main.command()
@click.option("--format", "format_id", default="premium", show_default=True)
@click.option("--games", default=None, type=click.IntRange(min=1),
              help="Games to play (default 200); with --host, concurrent games (default 100).")
@click.option("--seed", default=0, show_default=True, type=int)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--host", "host_mode", is_flag=True,
              help="Measure the host instead: a `vgcore serve --ws` subprocess and bot clients "
                   "over loopback WebSocket (docs/performance.md, \"Host\").")
@click.option("--answers", default=None, type=click.IntRange(min=1),
              help="--host: answers the bots send in each timed run.  [default: 20000]")
@click.option("--seconds", default=None, type=click.FloatRange(min=0, min_open=True),
              help="--host: time each run for this long instead of a number of answers.")
@click.option("--resume", "resume_games", default=None, type=click.IntRange(min=0),
              help="--host: unfinished games the restarted host resumes (0: skip).  "
                   "[default: 1000]")
@click.option("--think", "think_ms", default=0.0, show_default=True,
              type=click.FloatRange(min=0),
              help="--host: each bot's mean wait before an answer, in ms (0: none; with a "
                   "think time the bots are not paced unless --rate is given).")
@click.option("--rate", default=None, type=click.FloatRange(min=0, min_open=True),
              help="--host: pace all the bots' answers together to this many per second (a "
                   "Poisson stream): the latency at that load, rather than at saturation. "
                   "[default: the budget's 2000, then the vs_agent load once more unpaced]")
@click.option("--saturate", is_flag=True,
              help="--host: no pacing: the bots answer the instant they are asked, so the "
                   "host runs flat out (its latency is then its queue).")
@click.option("--bot-vs-bot/--no-bot-vs-bot", default=True, show_default=True,
              help="--host: also time games whose two seats are both bot connections.")
@click.option("--compression", type=click.Choice(["deflate", "none"]), default="deflate",
              show_default=True,
              help="--host: the bots' WebSocket compression (browsers offer deflate).")
@click.option("--views/--no-views", default=True, show_default=True,
              help="--host: the bots join asking for a view after every change (as frontends "
                   "do), or not (as bots may).")
@click.option("--batch/--no-batch", default=True, show_default=True,
              help="--host: the bots ask for batch messages in hello (one frame for all the "
                   "host says at one moment), or take every message in a frame of its own.")
@click.option("--workers", "host_workers", default=2, show_default=True,
              type=click.IntRange(min=1),
              help="--host: the host's worker processes (`serve --workers`; 1: one process, "
                   "as --profile needs).")
@click.option("--profile", "profile_path", default=None, type=click.Path(dir_okay=False),
              help="--host: cProfile the host of the first run into this file (slows it).")
@click.option("--trace", "trace_host", is_flag=True,
              help="--host: where the host's time goes (vgcore/host/trace.py): its phases per "
                   "answer, loop callbacks and collector pauses, and the bots' own.")
@click.option("--neighbour", is_flag=True,
              help="--host: run a busy process (copying memory, at nice 19) beside the "
                   "timed runs: the host's tail under contention (vgcore/host/neighbour.py).")
@click.option("--compare", "compare_rev", default=None, metavar="REV",
              help="Also bench git revision REV of this checkout, alternately with this one, "
                   "and report both medians and the speed-up (docs/performance.md).")
@click.option("--compare-interpreted", is_flag=True,
              help="--compare: run both sides interpreted (VGCORE_PURE=1) rather than compile "
                   "REV as this checkout is compiled: quicker, and it compares the Python "
                   "code only.")
@click.option("--rounds", default=3, show_default=True, type=click.IntRange(min=1),
              help="--compare: benches of each side. --env: timed runs of each figure, the "
                   "best reported (as --startup-runs' figures are), every round beside it.")
@click.option("--startup-runs", type=click.IntRange(min=1),
              help="Fresh processes each start-up figure is the best of (default 3).")
@click.option("--env", "env_mode", is_flag=True,
              help="Measure the learning environment instead (vgcore[ai]): PettingZoo AEC "
                   "steps/s with random legal answers, beside the bare engine's, and the "
                   "bytes of one observation (docs/envs.md).")
@click.option("--steps", default=20_000, show_default=True, type=click.IntRange(min=1),
              help="--env: steps to time.")
@CARDS_OPTION
@guarded
def bench(format_id: str, games: int | None, seed: int, as_json: bool, host_mode: bool,
          answers: int | None, seconds: float | None, resume_games: int | None,
          think_ms: float, rate: float | None, saturate: bool, bot_vs_bot: bool,
          compression: str,
          views: bool, batch: bool, host_workers: int, profile_path: str | None,
          trace_host: bool, neighbour: bool, compare_rev: str | None,
          compare_interpreted: bool, rounds: int,
          startup_runs: int | None,
          env_mode: bool, steps: int, card_dirs: tuple[str, ...]) -> None:
    """Measure decisions/s, time per decision, clone time and memory with random agents.

    With --host: the headless host under load — answers/s, latency from an answer to the next
    decision, MiB per live game, and start-up time with unfinished games to resume. With
    --env: the PettingZoo environment's steps/s and observation size.
    """
    if env_mode:
        bench_env(format_id, steps, seed, rounds, as_json, card_dirs)
        return
    if host_mode:
        if saturate and rate is not None:
            raise click.UsageError("--saturate and --rate exclude each other")
        bench_host(format_id, games or 100, seed, as_json, answers, seconds, resume_games,
                   think_ms, bot_vs_bot, compression, views, profile_path, card_dirs,
                   batch=batch, rate=rate, saturate=saturate, trace=trace_host,
                   workers=host_workers, neighbour=neighbour)
        return
    if compare_rev is not None:
        argv = ["--format", format_id, "--games", str(games or 200), "--seed", str(seed)]
        if startup_runs is not None:  # only when asked: an older revision may not know it
            argv += ["--startup-runs", str(startup_runs)]
        bench_compare(compare_rev, argv, rounds, as_json, interpreted=compare_interpreted)
        return
    from tqdm import tqdm

    from vgcore.bench import bench as run_bench

    registry = registry_for(card_dirs)
    games = games or 200
    from vgcore.bench import set_pairs

    rounds_of_games = 2 + len(set_pairs(registry, format_id))  # vanilla, scripted, each set's
    with tqdm(total=rounds_of_games * games, unit="game", disable=as_json,
              file=sys.stderr) as bar:
        result = run_bench(registry, format_id, games=games, seed=seed, on_game=bar.update)
    from vgcore import __version__, native
    from vgcore.bench import STARTUP_RUNS, startup_times

    startup = startup_times(startup_runs or STARTUP_RUNS)
    echo_figures({"format": format_id, "games": games, "engine_version": __version__,
                  "engine_build": native.install().build, **result.as_dict(),
                  "startup": startup}, as_json)


def echo_figures(data: dict[str, Any], as_json: bool) -> None:
    """A bench's figures: one JSON object, or a line each (a nested group indented)."""
    if as_json:
        click.echo(json.dumps(data))
        return
    for key, value in data.items():
        if isinstance(value, dict):
            click.echo(f"{key}:")
            for inner, item in value.items():
                if isinstance(item, dict):  # a labelled group of figures on one line
                    item = "  ".join(f"{k} {v}" for k, v in item.items())
                click.echo(f"{inner:>24}: {item}")
        else:
            click.echo(f"{key:>24}: {value}")


def bench_env(format_id: str, steps: int, seed: int, rounds: int, as_json: bool,
              card_dirs: tuple[str, ...]) -> None:
    """`vgcore bench --env` (vgcore/envs/bench.py)."""
    try:
        from vgcore.envs.bench import env_bench
    except ImportError as exc:
        raise click.ClickException(f"--env needs the AI extra: pip install 'vgcore[ai]' "
                                   f"({exc})") from None
    figures = env_bench(registry_for(card_dirs), format_id, steps=steps, seed=seed,
                        rounds=rounds)
    echo_figures({"format": format_id, **figures}, as_json)


def bench_compare(rev: str, argv: list[str], rounds: int, as_json: bool, *,
                  interpreted: bool = False) -> None:
    """`vgcore bench --compare REV` (vgcore/benchcompare.py)."""
    from vgcore.benchcompare import compare

    result = compare(rev, argv, rounds, on_run=lambda name, i: None if as_json else click.echo(
        f"... round {i}: {name}", err=True), interpreted=interpreted,
        on_note=lambda note: click.echo(f"... {note}", err=True))
    if as_json:
        click.echo(json.dumps(result))
        return
    builds = result["builds"]
    click.echo(f"{'':>22}  {'this checkout':>14}  {rev:>14}  speed-up")
    click.echo(f"{'build':>22}  {builds['this'] or '?':>14}  {builds['other'] or '?':>14}")
    for key, row in result["figures"].items():
        click.echo(f"{key:>22}  {row['this']:>14,.3f}  {row['other']:>14,.3f}  "
                   f"{row['speedup']}x")


def bench_host(format_id: str, games: int, seed: int, as_json: bool, answers: int | None,
               seconds: float | None, resume_games: int | None, think_ms: float,
               bot_vs_bot: bool, compression: str, views: bool, profile_path: str | None,
               card_dirs: tuple[str, ...], *, batch: bool = True,
               rate: float | None = None, saturate: bool = False, trace: bool = False,
               workers: int = 2, neighbour: bool = False) -> None:
    """`vgcore bench --host` (vgcore/host/bench.py). Unless told otherwise (--rate, --think,
    --saturate), the bots are paced at the budget's load and the vs_agent load is then timed
    unpaced too (another host), so that one run judges every promise of the budget."""
    if profile_path and workers > 1:
        click.echo("... --profile follows one process: the host runs as one (--workers 1)",
                   err=True)
        workers = 1
    from pathlib import Path

    from vgcore.host.bench import BUDGET, DEFAULT_ANSWERS, DEFAULT_RESUME, Options
    from vgcore.host.bench import bench_host as run_host_bench

    budget_load = rate is None and not saturate and think_ms == 0
    if budget_load:
        rate = BUDGET.rate
    options = Options(format_id=format_id, games=games,
                      answers=answers if answers is not None else DEFAULT_ANSWERS,
                      seconds=seconds,
                      resume=resume_games if resume_games is not None else DEFAULT_RESUME,
                      think_ms=think_ms, rate=rate, bot_vs_bot=bot_vs_bot, seed=seed,
                      compression=None if compression == "none" else compression, views=views,
                      batch=batch, card_dirs=card_dirs, trace=trace,
                      workers=workers, neighbour=neighbour, capacity=budget_load,
                      profile=Path(profile_path).resolve() if profile_path else None)
    result = run_host_bench(options, on_phase=lambda text: None if as_json else click.echo(
        f"... {text}", err=True))
    echo_figures(result.as_dict(), as_json)


# -- validate ----------------------------------------------------------------------------


@main.command()
@click.argument("deck_files", nargs=-1, type=click.Path(exists=True, dir_okay=False))
@click.option("--format", "format_id", default=None, help="Format for deck files that name none.")
@SCENARIOS_OPTION
@click.option("--set", "sets", multiple=True,
              help="Report coverage for this set only (repeatable); everything is still checked.")
@click.option("--strict-coverage", is_flag=True,
              help="Count coverage warnings (cards with skills and no scenario) as problems.")
@CARDS_OPTION
def validate(deck_files: tuple[str, ...], format_id: str | None,
             scenario_paths: tuple[str, ...], sets: tuple[str, ...], strict_coverage: bool,
             card_dirs: tuple[str, ...]) -> None:
    """Check card sets, formats, decks and scripts; list every problem and exit non-zero on any.

    Every ability of every card script is also run once on strict smoke boards, and one strict
    game is played per format with its default decks (vgcore/smoke.py says what that
    guarantees), so that a runtime error in a rarely used ability is found here. Also warns
    about every card with skills that no scenario covers (`covers:` keys of the scenario
    files in each set's scenarios/ folder and in --scenarios paths).
    """
    from vgcore.validate import validate_all

    # Not registry_for: validate lists plugins that failed to load among its problems.
    problems = validate_all(Registry(card_dirs=card_dirs), deck_files, format_id, echo=click.echo,
                            scenario_paths=scenario_paths, coverage_sets=sets,
                            strict_coverage=strict_coverage)
    if problems:
        click.echo(f"{problems} problem(s) found", err=True)
        sys.exit(1)
    click.echo("all valid")


# -- play --------------------------------------------------------------------------------


@main.command()
@click.option("--format", "format_id", default="premium", show_default=True)
@click.option("--decks", nargs=2, default=None,
              help="Your deck (your team's at a tag fight) and the agents' deck.")
@click.option("--seat", default=None,
              help="Your seat: A or B (A1, B1, A2, B2 at a tag fight); default the first.")
@click.option("--agent", default="greedy", show_default=True,
              callback=lambda _c, _p, spec: agent_spec(spec, "--agent"),
              help="The agents' spec: " + ", ".join(sorted(AGENTS)) + " (mcts:ms=100…).")
@click.option("--seed", default=0, show_default=True, type=int)
@click.option("--save", "save_path", type=click.Path(dir_okay=False), default=None,
              help="Save the game as a replay file when it ends.")
@click.option("--connect", "url", default=None, metavar="URL",
              help="Play on a host (vgcore serve --ws); the game lives there.")
@click.option("--game", "game_id", default=None,
              help="With --connect: join this game again (with --token).")
@click.option("--token", default=None, help="With --connect --game: the seat's token.")
@CARDS_OPTION
@guarded
def play(format_id: str, decks: tuple[str, ...] | None, seat: str | None, agent: str, seed: int,
         save_path: str | None, url: str | None, game_id: str | None, token: str | None,
         card_dirs: tuple[str, ...]) -> None:
    """Play against an agent (agents at a tag fight) in the terminal, here or on a host.

    Answer by number or by action string; `help` lists what you can type, `quit` or Ctrl-D
    stops (saving the replay with --save).
    """
    if url is not None:
        from vgcore.host.hostcli import play_connected

        code = play_connected(url, format_id, decks or (), seat, agent, seed, game=game_id,
                              token=token, save_path=save_path, card_dirs=card_dirs)
        if code:
            sys.exit(code)
        return
    from vgcore.terminal import play_terminal

    registry = registry_for(card_dirs)
    pair = resolve_decks(registry, format_id, decks or ())
    code = play_terminal(registry, format_id, pair, seat, agent, seed, save_path)
    if code:
        sys.exit(code)


# -- replay ------------------------------------------------------------------------------


@main.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--verify", is_flag=True, help="Compare the state hash at every decision.")
@click.option("--print", "print_log", is_flag=True, help="Print every answer as it replays.")
@CARDS_OPTION
@guarded
def replay(file: str, verify: bool, print_log: bool, card_dirs: tuple[str, ...]) -> None:
    """Re-run a replay file (format, decks, seed, answers)."""
    from vgcore import replay as replays

    rep = replays.Replay.load(file)
    registry = registry_for(card_dirs)

    def show(game: Any, answer: str) -> None:
        d = game.decision
        click.echo(f"turn {game.state.turn} {d.seat} {d.kind}: {answer}")

    game = replays.run(registry, rep, verify=verify, on_step=show if print_log else None)
    click.echo(f"result: {game.result} ({game.result_reason}) after {len(rep.answers)} answers"
               + (" (verified)" if verify else ""))


# -- scenario ----------------------------------------------------------------------------


@main.group()
def scenario() -> None:
    """Scenario files (*.scenario.yaml)."""


@scenario.command("run")
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True))
@CARDS_OPTION
@guarded
def scenario_run(files: tuple[str, ...], card_dirs: tuple[str, ...]) -> None:
    """Run scenario files strictly (a card script error fails the scenario); one line per
    scenario, then `N passed, M failed`; non-zero exit if any failed.

    The cards scenarios sit beside are found too: the set directory (with a cards.yaml) a
    file is in, and the `vgcore_card_dirs` of its project's pyproject.toml.
    """
    from vgcore.testing.discovery import card_dirs_beside, installed_set_dirs
    from vgcore.testing.scenario import run_files

    paths = [str(p) for f in files for p in (sorted(Path(f).rglob("*.scenario.yaml"))
                                             if Path(f).is_dir() else [Path(f)])]
    registry = registry_for(card_dirs, strict=True)
    extra = card_dirs_beside(paths, installed_set_dirs(registry), card_dirs)
    if extra:
        registry = Registry(card_dirs=[*card_dirs, *extra], strict=True)
    sys.exit(run_files(paths, registry=registry))


# -- cards ------------------------------------------------------------------------------


@main.command()
@click.option("--set", "sets", multiple=True, help="Only the cards of this set; repeatable.")
@click.option("--coverage", "show_coverage", is_flag=True,
              help="Per card with skills: abilities, scripted, scenarios per ability.")
@SCENARIOS_OPTION
@click.option("--json", "as_json", is_flag=True, help="Print the list as JSON.")
@CARDS_OPTION
@guarded
def cards(sets: tuple[str, ...], show_coverage: bool, scenario_paths: tuple[str, ...],
          as_json: bool, card_dirs: tuple[str, ...]) -> None:
    """List the cards of the installed sets, or with --coverage what scenarios test of them."""
    from vgcore import coverage as cov

    registry = registry_for(card_dirs)
    unknown = [s for s in sets if s not in registry.db.sets()]
    if unknown:
        fail(f"unknown set {unknown[0]!r}; sets: {', '.join(registry.db.sets())}")
    if show_coverage:
        report = cov.coverage(registry, scenario_paths)
        lines = ([json.dumps(cov.coverage_json(report, sets), indent=2)] if as_json
                 else cov.coverage_table(report, sets))
    elif as_json:
        lines = [json.dumps([{"set": c.set, "id": c.id, "name": c.name, "grade": c.grade,
                              "kind": c.kind, "scripted": c.script is not None}
                             for c in registry.db.values() if not sets or c.set in sets],
                            indent=2)]
    else:
        lines = cov.cards_table(registry, sets)
    for line in lines:
        click.echo(line)


# -- schema -----------------------------------------------------------------------------


@main.command()
@click.argument("name", type=click.Choice(["card", "deck", "format", "scenario", "host"]))
@CARDS_OPTION
@guarded
def schema(name: str, card_dirs: tuple[str, ...]) -> None:
    """Print the JSON Schema of a card file, deck, format or scenario file (for editors), or
    of every message of the host protocol (`host`, docs/host-protocol.md).

    The card and scenario schemas include the card fields and kinds of installed plugins.
    """
    from vgcore import schemas

    if name == "host":  # the protocol's own Structs, the ones the host validates with
        from vgcore.host.protocol import json_schemas

        click.echo(schemas.dump(json_schemas()), nl=False)
        return
    registry = registry_for(card_dirs)
    click.echo(schemas.dump(schemas.build(name, extra_fields=registry.card_fields,
                                          extra_kinds=registry.card_kinds)), nl=False)


if __name__ == "__main__":
    main()
