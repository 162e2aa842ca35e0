"""Drive a card table with bots until the game ends (for simulations and tests)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bluffhouse.game.actions import Challenge, TableAction
from bluffhouse.game.bots.players import TablePlayer
from bluffhouse.game.events import TableEvent
from bluffhouse.game.table import Table


def next_bot_action(table: Table, bots: Sequence[TablePlayer]) -> TableAction:
    """The next action of a table of bots (one per seat), asked only what their seats may see.

    While a call may be challenged, every seat that can is asked `wants_challenge`; the
    engine's tie-break picks one among those who want to. Otherwise the turn's bot chooses.
    """
    if table.window_open:
        wanting = [
            s
            for s in range(table.players)
            if table.can_challenge(s) and bots[s].wants_challenge(table.view(s))
        ]
        first = table.first_challenger(wanting)
        if first is not None:
            return Challenge(first)
    seat = table.turn
    if seat is None:
        raise ValueError("the game is over: nobody is to act")
    return bots[seat].choose(table.view(seat))


def run_table(
    table: Table,
    bots: Sequence[TablePlayer],
    after: Callable[[Table, TableAction, list[TableEvent]], None] | None = None,
    max_actions: int = 20_000,
) -> int:
    """Play `table` to the end with one bot per seat; returns the number of actions applied.

    `after(table, action, events)` is called after every action.
    """
    actions = 0
    while not table.is_over:
        if actions >= max_actions:
            raise RuntimeError(f"no winner after {max_actions} actions")
        action = next_bot_action(table, bots)
        events = table.apply(action)
        actions += 1
        if after is not None:
            after(table, action, events)
    return actions
