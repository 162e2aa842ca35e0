"""Random games taped as they are played, for the record tests: every game, every player count,
house rules varied, duels included, some left before their end. Each comes with the snapshot of
its engine at every step, to compare a replay against."""

from __future__ import annotations

import random
from dataclasses import dataclass

from bluffhouse.game.actions import Challenge
from bluffhouse.game.bots import make_bot
from bluffhouse.game.bots.table_runner import next_bot_action
from bluffhouse.game.match import CardMatch, DuelMatch
from bluffhouse.game.records.record import Record, Seat, SeatKind
from bluffhouse.game.records.tape import Tape
from bluffhouse.game.rules import LeadAfterChallenge, Opening, RankAfterChallenge, Rules, WhoMayChallenge

MOVES_CAP = 3000  # a game of random bots longer than this is left (a record holds at most 5000)


GAMES = ("bullets", "kamu", "duel")


def spread(seed: int) -> tuple[str, int]:
    """The game and player count of game number `seed`: every game, every count, in turn."""
    game = GAMES[seed % 3]
    return game, 2 if game == "duel" else 2 + (seed // 3) % 7


def random_rules(rng: random.Random, game: str | None = None, players: int | None = None) -> Rules:
    """Rules of one of the three games with its house rules drawn at random."""
    game = game or rng.choice(GAMES)
    if game == "duel":
        return Rules.duel(points_to_win=rng.randint(1, 3), opening=rng.choice(list(Opening)))
    players = players or rng.randint(2, 8)
    common = dict(
        who_may_challenge=rng.choice(list(WhoMayChallenge)),
        bullets_per_player=rng.choice((0, 1, 2, 3, 3, 5)),
        rounds=rng.choice((1, 1, 2, 3)),
        rank_after_challenge=rng.choice(list(RankAfterChallenge)),
        lead_after_challenge=rng.choice(list(LeadAfterChallenge)),
    )
    if game == "kamu":
        return Rules.kamu(players, jokers=rng.random() < 0.7, **common)
    return Rules.bullets(
        players,
        jokers=rng.random() < 0.2,
        decks=rng.choice((1, 1, 2)),
        deal_evenly=rng.random() < 0.3,
        **common,
    )


def random_seats(rng: random.Random, players: int) -> list[Seat]:
    kinds = list(SeatKind)
    seats = []
    for s in range(players):
        kind = rng.choice(kinds)
        level = rng.choice(("easy", "medium", "hard")) if kind is SeatKind.COMPUTER else None
        name = rng.choice(("Ana", "ben", " Ana ", "Zoé", "Dani", "Emma")) + str(s % 3)
        seats.append(Seat(name, kind, level))
    return seats


@dataclass
class Taped:
    """A game played by random bots, its record and the engine's snapshot at every step."""

    record: Record
    snapshots: list[list[tuple]]  # per game: the snapshot at its deal and after every move
    saves: int  # how many times the tape handed a record to be stored


def play(
    seed: int,
    rules: Rules | None = None,
    leave_chance: float = 0.1,
    bots: str = "random",
    cap: int = MOVES_CAP,
    seats: list[Seat] | None = None,
) -> Taped:
    """One game, Kamu match or duel match between bots of kind `bots`, taped; a game longer than
    `cap` moves is left there."""
    rng = random.Random(seed)
    rules = rules or random_rules(rng, *spread(seed))
    saved: list[Record] = []
    seats = seats or random_seats(rng, rules.players)
    tape = Tape(rules, seats, saved.append, started=1_700_000_000 + seed, uid=f"g{seed}")  # reproducible
    leave_at = rng.randint(1, 400) if rng.random() < leave_chance else None
    players = [
        make_bot(rules.game.value, bots, s, random.Random(rng.randrange(2**32))) for s in range(rules.players)
    ]
    duel = rules.game.value == "duel"
    match = DuelMatch(rules, rng.randrange(2**32)) if duel else CardMatch(rules, rng.randrange(2**32))
    snapshots: list[list[tuple]] = []
    clock, moves = 0.0, 0
    while not match.is_over:
        engine = match.new_round() if duel else match.new_game()
        assert tape.begin(engine)
        shots = [engine.snapshot()]
        snapshots.append(shots)
        game_moves = 0
        while not (engine.phase == "over" if duel else engine.is_over):
            if moves == leave_at or game_moves >= cap:
                tape.leave()
                return Taped(saved[-1], snapshots, len(saved))
            if duel:
                action = players[engine.turn].choose(engine.view(engine.turn))
            else:
                action = next_bot_action(engine, players)
                if isinstance(action, Challenge) and rng.random() < 0.3:
                    action = Challenge(engine.first_challenger(range(rules.players)))
            engine.apply(action)
            clock += rng.choice((0.0, 0.4, 1.25, 3.0))
            tape.note(action, clock)
            shots.append(engine.snapshot())
            moves += 1
            game_moves += 1
        match.record(engine)
        clock = 0.0
    return Taped(saved[-1], snapshots, len(saved))
