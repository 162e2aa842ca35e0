"""Minutes a game really takes at normal pace: the table's and the duel's flows stepped at 60 Hz.

    .venv/bin/python tools/length_bench.py [--games N] [--seed S] [--rows quick,kamu_round]

Each game runs the screens' own clockwork without painting: the card table's TableFlow and
TableFx (the deal, the flying cards, the reveal that holds the table, the celebration before
the results) stepped frame by frame as TableScene.update steps them, and the duel's DuelFlow
and Stage as DuelScene.update does. Computer players are the screens' own, with their own
delays. Each person is a stand-in who acts through the same flow calls a key press makes:

- their turn: THINK seconds from the moment their controls come live (after the curtain,
  which they lift LIFT seconds after it asks for them), then the play a medium computer
  player would make — made at once, or held for the end of the minimum window as Enter is;
- a challenge they want (a medium player's judgement) is pressed SHOUT seconds after the
  call, inside the minimum window that exists so that people can;
- the duel's next round: THINK seconds after the verdict has been shown.

A game is timed from the deal to the moment the results screen would open. Each row prints
the median and 90th-percentile minutes and calls (duel: propositions) per game; the last line
is one JSON object keyed by row with median_min, p90_min and calls_median.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from bluffhouse.game.actions import Accept, Challenge, Declare, Play, Propose, Reroll
from bluffhouse.game.bots import make_bot
from bluffhouse.game.duel import Phase
from bluffhouse.game.duel_events import Proposed
from bluffhouse.game.events import CardsPlayed, Challenged
from bluffhouse.game.match import CardMatch, DuelMatch
from bluffhouse.game.rules import QUICK_HAND, SHORT_HAND, Rules
from bluffhouse.scenes.duel.flow import DuelFlow
from bluffhouse.scenes.duel.stage import Stage
from bluffhouse.scenes.shell.privacy import By
from bluffhouse.scenes.shell.session import SeatSpec, bot_seat, quick_rules
from bluffhouse.scenes.shell.settings_schema import PACES
from bluffhouse.scenes.table.flow import TableFlow
from bluffhouse.scenes.table.fx import TableFx
from bluffhouse.scenes.table.layout import anchor_seat, seat_places
from bluffhouse.scenes.table.scene import CELEBRATION
from bluffhouse.scenes.table.seats import bullet_slot
from bluffhouse.scenes.table.sprites import Shown

FRAME = 1 / 60
THINK = 2.5  # seconds a person takes for a decision
SHOUT = 1.5  # seconds from a call to a person's challenge press (the window lasts 2 s or more)
LIFT = 0.5  # seconds from "pass to Ana" to Ana's own key lifting the curtain
MIND = "medium"  # whose judgement a stand-in plays with
LONGEST = 60 * 60.0  # seconds of game time after which a game counts as stuck
GAMES = 200


@dataclass(frozen=True, slots=True)
class Played:
    """One game as the screen played it: seconds from the deal to the results, and its calls."""

    seconds: float  # math.inf: stopped after LONGEST
    calls: int  # the duel: propositions
    people_calls: int = 0  # the calls people made
    challenges: int = 0
    couch: bool = False  # two people or more: curtains between their turns


class Silent:
    """The sound service, without sound."""

    def play(self, *_args, **_kwargs) -> None:
        """Nothing to hear."""


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the table: a game and who sits at it."""

    name: str
    label: str
    game: str  # "bullets", "kamu" or "duel"
    rules: Callable[[], Rules]
    people: int  # the first seats are people, the rest computer players
    level: str = "medium"  # the computer players' level

    def seats(self) -> list[SeatSpec]:
        """People first (with keys of their own), then computer players."""
        players = self.rules().players
        return [
            SeatSpec(f"P{s + 1}", True, challenge_key=f"K{s}", peek_key=f"L{s}")
            if s < self.people
            else bot_seat(s, self.level)
            for s in range(players)
        ]


ROWS: dict[str, Row] = {
    row.name: row
    for row in (
        Row(
            "quick",
            f"the menu's Quick game: you + 3 medium, Bullets, {QUICK_HAND} cards each",
            "bullets",
            quick_rules,
            1,
        ),
        Row(
            "bullets_full", "Bullets, 4 people, the seed's full deal", "bullets", lambda: Rules.bullets(4), 4
        ),
        Row(
            "bullets_short",
            f"Bullets, 4 people, {SHORT_HAND} cards each",
            "bullets",
            lambda: Rules.bullets(4, hand_size=SHORT_HAND),
            4,
        ),
        Row(
            "kamu_round",
            f"a Kamu round at the set-up's table: you + 3 medium, {QUICK_HAND} cards each",
            "kamu",
            lambda: Rules.kamu(4, rounds=1, hand_size=QUICK_HAND),
            1,
        ),
        Row("duel_match", "a dice duel to 3: you against a medium computer", "duel", Rules.duel, 1),
    )
}
# More tables, measured only when asked for (--rows): what the set-up's estimate rests on.
EXTRA: dict[str, Row] = {
    row.name: row
    for row in (
        Row(
            "quick_full",
            "the Quick game's table with the seed's full deal",
            "bullets",
            lambda: Rules.bullets(4),
            1,
        ),
        Row(
            "couch3_short",
            f"Bullets, 3 people + 1 medium, {SHORT_HAND} cards each",
            "bullets",
            lambda: Rules.bullets(4, hand_size=SHORT_HAND),
            3,
        ),
        Row(
            "kamu_full",
            "a Kamu round, you + 3 medium, the seed's even deal",
            "kamu",
            lambda: Rules.kamu(4, rounds=1),
            1,
        ),
        Row(
            "kamu_short",
            f"a Kamu round, you + 3 medium, {SHORT_HAND} cards each",
            "kamu",
            lambda: Rules.kamu(4, rounds=1, hand_size=SHORT_HAND),
            1,
        ),
        Row(
            "kamu_jokers",
            "a Kamu round with the jokers, you + 3 medium",
            "kamu",
            lambda: Rules.kamu(4, rounds=1, jokers=True),
            1,
        ),
        Row(
            "computers",
            "Bullets, 4 medium computer players, the full deal",
            "bullets",
            lambda: Rules.bullets(4),
            0,
        ),
    )
}


# ---------------------------------------------------------------------- the card table


class TablePeople:
    """Stand-ins for the people at a card table, acting through the flow as their keys do."""

    def __init__(self, flow: TableFlow, seed: int) -> None:
        self.flow = flow
        self.minds = {
            s: make_bot(flow.table.rules.game.value, MIND, s, random.Random(f"{seed}/mind/{s}"))
            for s in flow.humans
        }
        self.live_since: float | None = None
        self.curtain_since: float | None = None
        self.shouts: list[tuple[float, int, int]] = []  # (when, seat, history size at the call)

    def heard(self, events: list, clock: float) -> None:
        """A new call: each person who may challenge it decides whether they will."""
        if not any(type(e) is CardsPlayed for e in events):
            return
        table, flow = self.flow.table, self.flow
        self.shouts.clear()
        if not table.window_open:
            return
        opened = flow.window_opened_at if flow.window_opened_at is not None else clock
        for seat, mind in self.minds.items():
            if table.can_challenge(seat) and mind.wants_challenge(table.view(seat)):
                self.shouts.append((opened + SHOUT, seat, table.history_size))

    def presses(self, clock: float) -> list[int]:
        """The challenge keys pressed in this frame."""
        due = [s for s in self.shouts if s[0] <= clock]
        if not due:
            return []
        self.shouts = [s for s in self.shouts if s[0] > clock]
        table = self.flow.table
        return [seat for _, seat, size in due if size == table.history_size and table.can_challenge(seat)]

    def act(self, clock: float) -> None:
        """The person on turn lifts their curtain, thinks, then plays (or lets a call stand)."""
        flow, table = self.flow, self.flow.table
        seat = table.turn
        if table.is_over or seat not in self.minds:
            self.live_since = self.curtain_since = None
            return
        if flow.curtain_for() == seat:
            self.live_since = None
            if self.curtain_since is None:
                self.curtain_since = clock
            elif clock - self.curtain_since >= LIFT:
                flow.peek(seat, True)
                flow.peek(seat, False)
            return
        self.curtain_since = None
        if flow.views.actor != seat or flow.held is not None:
            self.live_since = None
            return
        if self.live_since is None:
            self.live_since = clock
        if clock - self.live_since < THINK:
            return
        self.live_since = None
        action = self.minds[seat].choose(table.view(seat))
        cards = action.cards if isinstance(action, Play) else None
        if flow.window_wait() > 0 and not flow.holding:
            flow.hold(seat, cards, By.SHARED)  # Enter during the window: made when it ends
        elif isinstance(action, Accept):
            flow.accept(seat, By.SHARED)
        else:
            flow.play(seat, cards, By.SHARED)


def table_game(rules: Rules, seats: list[SeatSpec], seed: int, pace: float = 1.0) -> Played:
    """One card game as the table screen plays it."""
    match = CardMatch(rules, seed=seed)
    table = match.new_game()
    bots = {
        s: make_bot(rules.game.value, spec.bot, s, random.Random(f"{seed}/bot/{s}/1"))
        for s, spec in enumerate(seats)
        if not spec.human
    }
    flow = TableFlow(table, seats, bots, random.Random(f"{seed}/flow/1"))
    flow.pace = pace
    n = rules.players
    places = seat_places(n, anchor_seat(flow.humans, n))
    shown = Shown(
        table.pile_size, [table.hand_size(s) for s in range(n)], [table.bullets(s) for s in range(n)]
    )
    you = flow.humans[0] if len(flow.humans) == 1 else None
    fx = TableFx(
        rules,
        [spec.name for spec in seats],
        places,
        Silent(),
        shown,
        lambda seat, i: bullet_slot(places[seat], i, rules.bullets_per_player),
        flow.shown_hand,
        you,
    )
    people = TablePeople(flow, seed)
    fx.on_events(flow.drain_events())
    clock, calls, people_calls, challenges = 0.0, 0, 0, 0
    while clock < LONGEST:
        presses = people.presses(flow.clock)
        if fx.dealing:  # TableScene.update: game time waits for the deal
            flow.update(0.0, presses, busy=True)
        elif not table.is_over or presses:
            flow.update(FRAME, presses, busy=fx.reveal is not None)
        fx.update(FRAME * pace)
        events = flow.drain_events()
        flow.drain_messages()
        if events:
            for event in events:
                if type(event) is CardsPlayed:
                    calls += 1
                    people_calls += event.seat in people.minds
                challenges += type(event) is Challenged
            fx.on_events(events)
            people.heard(events, flow.clock)
        clock += FRAME
        if table.is_over:  # TableScene._check_end: the win is shown, then the celebration
            if fx.winner is None and not fx.busy:
                fx.winner = table.winner
            if fx.winner is not None and fx.celebration >= CELEBRATION:
                return Played(clock, calls, people_calls, challenges, len(people.minds) >= 2)
        else:
            people.act(flow.clock)
    return Played(math.inf, calls)


# ---------------------------------------------------------------------- the dice duel


def duel_match(rules: Rules, seats: list[SeatSpec], seed: int, pace: float = 1.0) -> Played:
    """One duel match as the duel screen plays it (its calls are the propositions)."""
    match = DuelMatch(rules, seed)
    bots = {
        s: make_bot("duel", spec.bot, s, random.Random(f"{seed}/duel/bot/{s}"))
        for s, spec in enumerate(seats)
        if not spec.human
    }
    flow = DuelFlow(match, seats, bots, random.Random(f"{seed}/duel/timing"))
    flow.pace = pace
    names = [spec.name for spec in seats]
    minds = {s: make_bot("duel", MIND, s, random.Random(f"{seed}/mind/{s}")) for s in flow.humans}
    stage = Stage(names, Silent().play, flow.humans[0] if len(flow.humans) == 1 else None)
    clock, propositions, ready = 0.0, 0, None
    while clock < LONGEST:
        stage.update(FRAME * pace)
        flow.update(FRAME, stage.busy)
        for staged in flow.drain_staged():  # DuelScene.absorb
            if staged.new_round:
                stage = Stage(names, Silent().play, flow.humans[0] if len(flow.humans) == 1 else None)
                stage.play(staged.events, dice=staged.dice)
                continue
            propositions += sum(type(e) is Proposed for e in staged.events)
            stage.play(
                list(staged.events),
                positions=staged.positions,
                dice=staged.dice,
                claim=staged.claim,
                match_over=staged.match_over,
            )
        flow.drain_messages()
        clock += FRAME
        duel = flow.duel
        over = duel.phase is Phase.OVER and not stage.busy
        seat = flow.acting(stage.busy)
        if not over and (seat is None or seat not in minds):
            ready = None
            continue
        ready = clock if ready is None else ready
        if clock - ready < THINK:
            continue
        ready = None
        if over:  # the person read the verdict and presses for the next round
            if flow.next_round() == "results":
                return Played(clock, propositions)
            continue
        action = minds[seat].choose(duel.view(seat))
        if isinstance(action, Declare):
            flow.declare(seat, action.mood, By.SHARED)
        elif isinstance(action, Reroll):
            flow.reroll(seat, action.keep, By.SHARED)
        elif isinstance(action, Propose):
            flow.propose(seat, action.dice, By.SHARED)
        elif isinstance(action, Challenge):
            flow.challenge(seat, By.SHARED)
    return Played(math.inf, propositions)


# ---------------------------------------------------------------------- figures


def percentile(values: list[float], q: float) -> float:
    """The nearest-rank q-th percentile (0-100) of values."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


def run_row(row: Row, games: int, seed: int, pace: float = 1.0) -> dict:
    """Play `games` games of a row; its figures (minutes and calls)."""
    rules, seats = row.rules(), row.seats()
    master = random.Random(f"{seed}/{row.name}")
    play = duel_match if row.game == "duel" else table_game
    minutes, calls, stuck = [], [], 0
    for _ in range(games):
        played = play(rules, seats, master.randrange(2**32), pace)
        if math.isinf(played.seconds):
            stuck += 1
            continue
        minutes.append(played.seconds / 60)
        calls.append(played.calls)
    if not minutes:
        return {"median_min": None, "p90_min": None, "calls_median": None, "games": 0, "stuck": stuck}
    return {
        "median_min": round(percentile(minutes, 50), 2),
        "p90_min": round(percentile(minutes, 90), 2),
        "calls_median": percentile(calls, 50),
        "calls_p90": percentile(calls, 90),
        "games": len(minutes),
        "stuck": stuck,
    }


def estimate(row: Row, pace: float) -> str:
    """What the set-up says this card table will take (scenes/setup/length.py), for comparison."""
    if row.game == "duel":
        return ""
    from bluffhouse.scenes.setup.length import game_seconds

    return f"set-up says {game_seconds(row.rules(), row.people, pace) / 60:.1f}  "


def main(argv: list[str] | None = None) -> int:
    """Run the rows and print their figures; the last line is JSON."""
    parser = argparse.ArgumentParser(prog="tools/length_bench.py", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=GAMES, help=f"games per row (default {GAMES})")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--rows",
        default=",".join(ROWS),
        help="comma-separated rows (default: all of the first five): " + ", ".join([*ROWS, *EXTRA]),
    )
    parser.add_argument("--pace", choices=tuple(PACES), default="normal")
    parser.add_argument(
        "--fit",
        action="store_true",
        help="measure the set-up's length estimate anew (scenes/setup/length_data.py)",
    )
    args = parser.parse_args(argv)
    if args.fit:
        import length_fit

        return length_fit.main(args.games, args.seed)
    names = [name.strip() for name in args.rows.split(",") if name.strip()]
    every = {**ROWS, **EXTRA}
    unknown = [name for name in names if name not in every]
    if unknown:
        parser.error(f"unknown row {unknown[0]!r}: choose from {', '.join(every)}")
    if args.games < 1:
        parser.error("--games must be at least 1")
    pace = PACES[args.pace]
    print(
        f"length of a game at {args.pace} pace: {args.games} games a row, seed {args.seed}; people think "
        f"{THINK:g} s a decision, challenge {SHOUT:g} s after a call, lift a curtain in {LIFT:g} s"
    )
    figures = {}
    for name in names:
        row = every[name]
        start = time.perf_counter()
        result = figures[name] = run_row(row, args.games, args.seed, pace)
        unit = "propositions" if row.game == "duel" else "calls"
        took = time.perf_counter() - start
        if result["games"]:
            print(
                f"  {name:<14} median {result['median_min']:5.2f} min  p90 {result['p90_min']:5.2f} min  "
                f"{unit} median {result['calls_median']:g} (p90 {result['calls_p90']:g})  "
                f"{estimate(row, pace)}[{row.label}; {result['games']} games, {took:.0f} s]"
            )
        else:
            print(f"  {name:<14} no game finished [{row.label}]")
        if result["stuck"]:
            print(f"  {'':<14} {result['stuck']} game(s) stopped after {LONGEST / 60:g} min")
    print(
        json.dumps(
            {
                name: {k: figures[name][k] for k in ("median_min", "p90_min", "calls_median")}
                for name in names
            },
            separators=(",", ":"),
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
