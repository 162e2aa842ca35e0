"""What a computer player is, to whoever seats one: it is asked with its seat's view, nothing else."""

from __future__ import annotations

from typing import Protocol

from bluffhouse.game.actions import DuelAction, TableAction
from bluffhouse.game.duel_view import DuelView
from bluffhouse.game.table_view import TableView


class TablePlayer(Protocol):
    """A computer player at the card table (every level, the baselines and the expert)."""

    def choose(self, view: TableView) -> TableAction:
        """Its move on its turn: a play, or Accept / Challenge when it must answer."""
        ...

    def wants_challenge(self, view: TableView) -> bool:
        """Whether it challenges the open last call (asked while it may)."""
        ...


class DuelPlayer(Protocol):
    """A computer player of the dice duel (every level, the baselines and the expert)."""

    def choose(self, view: DuelView) -> DuelAction:
        """Its move on its turn."""
        ...
