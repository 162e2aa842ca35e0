"""Games for the story screens' tests: records of every kind, stored where the app looks, and
finished matches whose tapes the app holds (as a results screen finds them)."""

from __future__ import annotations

import random

import kit
from records_games import play

from bluffhouse.game.bots import TABLE_BOTS, make_bot
from bluffhouse.game.match import CardMatch, DuelMatch
from bluffhouse.game.records.record import Seat, SeatKind
from bluffhouse.game.records.store import Store
from bluffhouse.game.rules import Rules
from bluffhouse.scenes.shell.app import App
from bluffhouse.scenes.shell.session import GameSetup, SeatSpec, bot_seat
from bluffhouse.scenes.table.flow import TableFlow

NAMES = ("Ana", "Ben", "Csilla", "Dani")


def record_of(game: str, seed: int = 3, people: int = 4):
    """A finished record: Bullets or Kamu at four seats, or a duel match (bots play every seat)."""
    if game == "duel":
        rules, seats = (
            Rules.duel(points_to_win=2),
            [Seat("Ana", SeatKind.PERSON), Seat("Hugo", SeatKind.COMPUTER, "hard")],
        )
    else:
        rules = Rules.bullets(4) if game == "bullets" else Rules.kamu(4, jokers=True, rounds=2)
        seats = [
            Seat(NAMES[s], SeatKind.PERSON) if s < people else Seat("Feri", SeatKind.COMPUTER, "easy")
            for s in range(4)
        ]
    return play(seed, rules, leave_chance=0, bots="sensible", seats=seats).record


def new_app(tmp_path, monkeypatch) -> App:
    """An app with its own settings and data folder, the menu shown (the story tests' seed)."""
    return kit.new_app(tmp_path, monkeypatch, seed=5, data=True)


def store_games(app, records) -> list[int]:
    """Store records in the app's database (as its writer thread would); their row ids."""
    with Store.open(app.records.path) as store:
        return [store.save(record) for record in records]


def finished_card_match(app, rules: Rules, seed: int = 1, to_end: bool = True):
    """A card match played to its end by computer players through the real flow, taped by the
    app's records service as the table screen tapes it (to_end False: only its first game);
    (setup, match, table, flow)."""
    seats = [SeatSpec("Ana", True, challenge_key="Q")] + [bot_seat(s) for s in range(1, rules.players)]
    setup = GameSetup(rules, seats, seed=seed)
    match = CardMatch(rules, seed)
    tape = app.records.tape_for(setup, match)
    while True:
        table = match.new_game()
        bots = {s: TABLE_BOTS["sensible"](s, random.Random(seed * 10 + s)) for s in range(rules.players)}
        flow = TableFlow(table, setup.seats, bots, random.Random(seed), tape=tape)
        while not table.is_over:
            flow.update(0.05)
        match.record(table)
        if match.is_over or not to_end:
            return setup, match, table, flow


def finished_duel_match(app, seed: int = 2):
    """A duel match between two computer players, taped as the duel screen tapes it."""
    rules = Rules.duel(points_to_win=2)
    setup = GameSetup(rules, [SeatSpec("Ana", True, challenge_key="Q"), bot_seat(1, "hard")], seed=seed)
    match = DuelMatch(rules, seed)
    tape = app.records.tape_for(setup, match)
    bots = [make_bot("duel", "sensible", s, random.Random(s)) for s in (0, 1)]
    while not match.is_over:
        duel = match.new_round()
        tape.begin(duel)
        clock = 0.0
        while duel.phase != "over":
            action = bots[duel.turn].choose(duel.view(duel.turn))
            duel.apply(action)
            clock += 1.0
            tape.note(action, clock)
        match.record(duel)
    return setup, match
