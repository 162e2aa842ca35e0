"""Both games' flows in time, traced frame by frame, to tell whether a change moved anything.

    .venv/bin/python tools/flow_trace.py [--out FILE]

Steps 24 games without painting — 12 card tables (Bullets and Kamu with jokers; no people, one
person, two people) and 12 duels (no people, one, two) — at 60 Hz, with the screen sometimes
busy and the people pressing their own and shared keys at set frames: plays and accepts (some
refused, each refusal said on the screen as the screens say it), challenges, peeks, the duel's
declarations, rerolls and propositions. Every frame it
writes what the flow gave the screen (messages, events, staged beats), the taped actions with
their game time, whose view is open and whose controls are live, the curtain, the planned
moves. Run it on two trees and compare: the same file means the same flow in time. Prints the
trace's digest, the taped actions and the frames with messages.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from bluffhouse.game.bots import make_bot
from bluffhouse.game.match import CardMatch, DuelMatch
from bluffhouse.game.rules import Rules
from bluffhouse.scenes.duel.flow import DuelFlow
from bluffhouse.scenes.shell.privacy import By
from bluffhouse.scenes.shell.session import SeatSpec
from bluffhouse.scenes.table.flow import TableFlow

FRAME = 1 / 60


class Tape:
    """The record's calls, written into the trace."""

    def __init__(self, log: list) -> None:
        self.log = log

    def begin(self, engine) -> None:
        self.log.append(("begin",))

    def note(self, action, clock: float) -> None:
        self.log.append(("note", repr(action), round(clock, 9)))

    def leave(self) -> None:
        pass


def seats_of(kinds: str, prefix: str) -> list[SeatSpec]:
    return [
        SeatSpec(f"{prefix}{s}", human=k == "h", challenge_key=str(s), peek_key=f"p{s}")
        for s, k in enumerate(kinds)
    ]


def card_table(seed: int) -> list:
    kinds = "hhbb" if seed % 4 == 0 else "hbbb" if seed % 2 else "bbbb"
    rules = Rules.bullets(4) if seed % 3 else Rules.kamu(players=4, jokers=True)
    bots = {
        s: make_bot(rules.game.value, "medium", s, random.Random(f"{seed}/{s}"))
        for s, k in enumerate(kinds)
        if k == "b"
    }
    table = CardMatch(rules, seed=seed).new_game()
    log: list = []
    flow = TableFlow(table, seats_of(kinds, "S"), bots, random.Random(seed), tape=Tape(log))
    rng = random.Random(seed)
    for i in range(60 * 120):
        presses = [0] if kinds[0] == "h" and i % 97 == 5 else []
        flow.update(FRAME, presses, busy=(i % 50) < 3)
        if kinds[0] == "h" and i % 31 == 0:
            hand = list(table.view(0).hand)
            flow.tell(flow.play(0, hand[: rng.randint(1, 2)] if hand else ["KS"], By.OWN))
            if i % 62 == 0:
                flow.tell(flow.accept(0, By.OWN))
            flow.peek(0, i % 4 == 0)
            if kinds[1] == "h":
                flow.peek(1, i % 3 == 0)
                flow.tell(flow.play(1, list(table.view(1).hand)[:1], By.SHARED if i % 2 else By.OWN))
                flow.tell(flow.play(0, hand[:1], By.SHARED))
        if i % 45 == 0:
            flow.skip()
        log.append(("msg", tuple(repr(m) for m in flow.drain_messages())))
        log.append(("ev", tuple(repr(e) for e in flow.drain_events())))
        log.append(
            (
                "v",
                flow.views.open,
                flow.views.actor,
                flow.shown_hand(),
                flow.peeking,
                sorted(flow.visible_hands()),
            )
        )
        log.append(
            ("t", flow.next_due(), flow.holding, flow.window_progress(), flow.actor(), flow.curtain_for())
        )
        if table.is_over:
            break
    return log


def dice_duel(seed: int) -> list:
    kinds = "hh" if seed % 4 == 0 else "hb" if seed % 2 else "bb"
    bots = {
        s: make_bot("duel", "medium", s, random.Random(f"{seed}/d/{s}"))
        for s, k in enumerate(kinds)
        if k == "b"
    }
    log: list = []
    flow = DuelFlow(
        DuelMatch(Rules.duel(), seed), seats_of(kinds, "D"), bots, random.Random(seed), tape=Tape(log)
    )
    for i in range(60 * 200):
        flow.update(FRAME, busy=(i % 40) < 5)
        if kinds[0] == "h" and i % 23 == 0:
            choice = i // 23 % 5
            if choice == 0:
                flow.tell(flow.declare(0, "satisfied", By.OWN))
            elif choice == 1:
                flow.tell(flow.propose(0, (6, 6, 6, 6, 6) if i % 2 else (1, 2, 2, 3, 4), By.OWN))
            elif choice == 2:
                flow.tell(flow.reroll(0, (4, 0), By.OWN))
            elif choice == 3:
                flow.tell(flow.challenge(0, By.OWN))
            else:
                flow.peek(0, i % 2 == 0, False)
            if kinds[1] == "h":
                flow.peek(1, i % 3 == 0, i % 5 == 0)
                flow.tell(flow.declare(1, "not_satisfied", By.SHARED if i % 2 else By.OWN))
                flow.tell(flow.propose(1, (5, 5, 5, 1, 1), By.SHARED))
                flow.tell(flow.challenge(1, By.OWN if i % 7 else By.OTHER))
        log.append(("msg", tuple(repr(m) for m in flow.drain_messages())))
        log.append(("st", tuple(repr(s) for s in flow.drain_staged())))
        log.append(("v", flow.views.open, flow.views.actor, flow.uncovered, flow.closed_on))
        log.append(("t", flow.thinking, flow.acting(False), flow.curtain_for(False), flow.round_number))
        if flow.duel.is_over and (flow.next_round() is None or flow.finished):
            break
    return log


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", help="write the whole trace here, one entry a line")
    args = parser.parse_args()
    trace = [log for seed in range(12) for log in (card_table(seed), dice_duel(seed))]
    text = repr(trace)
    if args.out:
        Path(args.out).write_text(text.replace("), (", "),\n("), encoding="utf-8")
    notes = sum(1 for log in trace for entry in log if entry[0] == "note")
    said = sum(1 for log in trace for entry in log if entry[0] == "msg" and entry[1])
    print(
        f"trace {hashlib.sha256(text.encode()).hexdigest()[:16]}: {notes} actions taped, "
        f"{said} frames with messages"
    )


if __name__ == "__main__":
    main()
