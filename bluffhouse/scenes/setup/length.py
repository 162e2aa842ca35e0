"""How long a card game at a table will take: the set-up's "about 4 min", from measured games.

Nothing here is a guess. `tools/length_bench.py --fit` measures two things and writes them to
scenes/setup/length_data.py: how many calls a game takes (by game, jokers, players and hand
size: games between medium computer players) and what a call costs in seconds at each pace
(a computer player's, a person's alone at the table, a person's behind a couch curtain, and
a challenge's verdict), fitted on whole games of the table's own flow stepped at 60 Hz.
"""

from __future__ import annotations

from bluffhouse.game.rules import ALL_CARDS, GameKind, Rules
from bluffhouse.scenes.setup.length_data import CALLS, SECONDS


def _calls(rules: Rules) -> tuple[float, float]:
    """(median calls of a game, challenges per call) for the table of `rules`, or for the
    nearest table measured (a hand the set-up does not offer, such as the tournament's --hand 6)."""
    game, jokers = rules.game.value, rules.jokers and rules.game is GameKind.KAMU
    found = CALLS.get((game, jokers, rules.players, rules.hand_size))
    if found is not None:
        return found
    each, seeds = rules.dealt_each, rules.but(hand_size=ALL_CARDS).dealt_each

    def distance(key: tuple) -> tuple:
        g, j, n, hand = key
        return (g != game, j != jokers, abs(n - rules.players), abs((hand or seeds) - each))

    return CALLS[min(CALLS, key=distance)]


def _seconds(pace: float) -> tuple[float, ...]:
    """The seconds of each part of a game at the measured pace nearest to `pace`."""
    return SECONDS[min(SECONDS, key=lambda measured: abs(measured - pace))]


def game_seconds(rules: Rules, people: int, pace: float = 1.0) -> float:
    """Seconds a game of `rules` takes, deal to results, with `people` people at the table
    (the others computer players); a match of several games (rules.rounds) takes them all."""
    calls, challenge_share = _calls(rules)
    bot, solo, couch, verdict, start = _seconds(pace)
    share = min(max(people, 0), rules.players) / rules.players
    person = couch if people >= 2 else solo
    one = calls * ((1.0 - share) * bot + share * person + challenge_share * verdict) + start
    return one * rules.rounds


def about_minutes(rules: Rules, people: int, pace: float = 1.0) -> int:
    """The set-up's "about N min": whole minutes, at least 1."""
    return max(1, round(game_seconds(rules, people, pace) / 60))
