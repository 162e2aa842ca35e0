"""DuelFlow in time: a computer player thinks while the show plays and answers once it is over."""

import random

from bluffhouse.game.match import DuelMatch
from bluffhouse.game.rules import Rules
from bluffhouse.scenes.duel.flow import BOT_THINK, DuelFlow
from bluffhouse.scenes.shell.session import SeatSpec, bot_seat

FRAME = 1 / 60


class Counting:
    """A medium computer player that counts its decisions."""

    def __init__(self, seat):
        from bluffhouse.game.bots import make_bot

        self.bot, self.decisions = make_bot("duel", "medium", seat, random.Random(seat)), 0

    def choose(self, view):
        self.decisions += 1
        return self.bot.choose(view)


def computers():
    seats = [bot_seat(0), bot_seat(1)]
    bots = {0: Counting(0), 1: Counting(1)}
    return DuelFlow(DuelMatch(Rules.duel(), 5), seats, bots, random.Random(3)), bots


def test_a_computer_player_thinks_while_the_show_plays_and_answers_as_it_ends():
    flow, bots = computers()
    flow.drain_staged()
    for _ in range(round(BOT_THINK[1] / FRAME) + 10):  # longer than any think: the show still plays
        flow.update(FRAME, busy=True)
    assert sum(b.decisions for b in bots.values()) == 0  # never before the show has shown it all
    assert flow.thinking is not None and flow.bot_wait <= 0
    flow.update(FRAME, busy=False)  # the show ends: the answer comes in the same frame
    assert sum(b.decisions for b in bots.values()) == 1 and flow.drain_staged()


def test_a_computer_player_still_thinks_its_whole_time_when_the_show_is_short():
    flow, bots = computers()
    flow.drain_staged()
    waited = 0.0
    while sum(b.decisions for b in bots.values()) == 0:
        flow.update(FRAME, busy=False)
        waited += FRAME
        assert waited < BOT_THINK[1] + 2 * FRAME
    assert waited >= BOT_THINK[0] - FRAME


def test_a_person_on_turn_is_never_played_for():
    seats = [SeatSpec("Ana", True), bot_seat(1)]
    bot = Counting(1)
    flow = DuelFlow(DuelMatch(Rules.duel(), 5), seats, {1: bot}, random.Random(3))
    while flow.duel.turn == 1 and bot.decisions < 20:
        flow.update(FRAME)
    assert flow.duel.turn == 0
    before = bot.decisions
    for _ in range(600):
        flow.update(FRAME, busy=True)
        flow.update(FRAME)
    assert bot.decisions == before and flow.thinking is None
