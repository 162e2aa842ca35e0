"""TableFlow: the card table in time — the challenge window, bots' delays, tie-breaks, privacy."""

import inspect
import random

import pytest

from bluffhouse.game.actions import Accept, Play
from bluffhouse.game.bots import TABLE_BOTS
from bluffhouse.game.events import CardsRevealed, Challenged, FakoExposed, Won
from bluffhouse.game.rules import Rules
from bluffhouse.game.table import Table
from bluffhouse.scenes.shell.privacy import By
from bluffhouse.scenes.shell.session import SeatSpec
from bluffhouse.scenes.table.flow import BOT_CHALLENGE_DELAY, BOT_LEAD_DELAY, TableFlow
from bluffhouse.scenes.table.reveal_timing import READ, reveal_hold

FRAME = 1 / 60


class Doubter:
    """A computer player that challenges every call it may and plays its first card."""

    def __init__(self, seat, challenge=True):
        self.seat, self.challenge = seat, challenge

    def choose(self, view):
        if view.must_answer:
            return Accept(self.seat)
        return Play(self.seat, view.hand[:1])

    def wants_challenge(self, view):
        return self.challenge and view.can_challenge


def people(n):
    return [SeatSpec(f"P{s}", human=True, challenge_key=str(s)) for s in range(n)]


def seats(kinds):
    """'hbhb' -> people (h) and computer players (b)."""
    return [SeatSpec(f"{'P' if k == 'h' else 'B'}{s}", human=k == "h") for s, k in enumerate(kinds)]


def keys(flow):
    return [m.key for m in flow.drain_messages()]


def run(flow, seconds, presses=()):
    """Advance the flow frame by frame; presses go in with the first frame."""
    frames = round(seconds / FRAME)
    for i in range(frames):
        flow.update(FRAME, presses if i == 0 else ())


def small_table(first=0, bullets=None, rules=None):
    rules = rules or Rules.bullets(4)
    hands = ["AS AH 2S 5S", "2H 2D 3S 9S", "3H 4S 4H 7C", "4D 8S 8H KS"]
    return Table.from_hands(rules, hands, first=first, bullets=bullets)


# ---------------------------------------------------------------- the minimum window


def test_the_minimum_window_blocks_an_early_play_with_a_message_and_allows_it_after():
    table = small_table()
    flow = TableFlow(table, people(4), {}, random.Random(1), min_window=2.0)
    assert flow.play(0, table.hand(0)[:2], By.OWN)
    assert flow.window_progress() == 1.0
    before = table.clone()
    pressed = flow.play(1, table.hand(1)[:1], By.OWN)
    assert not pressed and table == before and pressed.refusal.key == "table.msg.window_open"
    run(flow, 1.5)
    pressed = flow.play(1, table.hand(1)[:1], By.OWN)
    assert 0.0 < flow.window_progress() < 0.3 and not pressed
    assert pressed.refusal.key == "table.msg.window_open"
    run(flow, 0.55)
    assert flow.window_progress() == 0.0
    assert flow.play(1, table.hand(1)[:1], By.OWN)
    assert table.last_call.seat == 1 and table.hand_size(1) == 3


def test_a_person_cannot_play_out_of_turn():
    table = small_table()
    flow = TableFlow(table, people(4), {}, random.Random(1))
    pressed = flow.play(2, table.hand(2)[:1], By.OWN)
    assert not pressed and table.last_call is None
    said = pressed.refusal
    assert said.key == "refusal.not_your_turn" and said.fields == {"seat": "P2", "turn": "P0"}


def test_a_bot_whose_turn_it_is_waits_for_the_minimum_window_too():
    table = small_table()
    flow = TableFlow(
        table,
        seats("hbbb"),
        {s: Doubter(s, challenge=False) for s in (1, 2, 3)},
        random.Random(5),
        min_window=2.0,
    )
    flow.play(0, table.hand(0)[:1], By.OWN)
    waited = 0.0
    while table.last_call.seat == 0:
        flow.update(FRAME)
        waited += FRAME
        assert waited < 4
    assert 2.0 <= waited <= 2.2 and table.last_call.seat == 1


@pytest.mark.parametrize("seed", range(6))
def test_a_computer_player_leads_soon_after_the_verdict_it_waited_for(seed):
    # Seat 1 (a computer player) calls aces with 2H, seat 0 doubts it and wins: seat 0 leads.
    table = small_table(first=1)
    flow = TableFlow(
        table,
        seats("bbhb"),
        {0: Doubter(0), 1: Doubter(1, False), 3: Doubter(3, False)},
        random.Random(seed),
        min_window=2.0,
    )
    run(flow, 3.0)  # seat 1 plays its first card for twos; seat 0 doubts it
    events = flow.drain_events()
    assert any(isinstance(e, Challenged) for e in events)
    assert flow.holding and not table.window_open
    lead, hold = table.turn, flow.wait_left()
    assert lead == 0  # "the winner of the challenge leads the next turn": a computer player
    waited = 0.0
    while table.turn == lead and table.last_call.seat != lead:
        flow.update(FRAME)
        waited += FRAME
        assert waited < 6
    # The verdict stays for its whole hold; then a short beat, not a whole turn's delay.
    assert hold + BOT_LEAD_DELAY[0] - FRAME <= waited <= hold + BOT_LEAD_DELAY[1] + 2 * FRAME


def test_a_computer_player_never_leads_over_a_verdict_still_on_screen():
    table = small_table(first=1)
    flow = TableFlow(
        table,
        seats("bbhb"),
        {0: Doubter(0), 1: Doubter(1, False), 3: Doubter(3, False)},
        random.Random(2),
        min_window=2.0,
    )
    run(flow, 3.0)  # seat 1's call is doubted by seat 0, who wins and leads
    assert table.turn == 0 and not table.window_open
    for _ in range(round(6.0 / FRAME)):  # the screen still shows the reveal (busy): no lead
        flow.update(FRAME, busy=True)
    assert table.turn == 0 and table.last_call.seat == 1
    flow.update(FRAME, busy=False)  # the reveal has gone: the lead was due long ago
    assert table.last_call.seat == 0


def test_the_first_call_of_a_game_of_computer_players_comes_after_a_short_beat():
    table = small_table(first=1)
    flow = TableFlow(table, seats("hbbb"), {s: Doubter(s, False) for s in (1, 2, 3)}, random.Random(1))
    waited = 0.0
    while table.last_call is None:
        flow.update(FRAME)
        waited += FRAME
        assert waited < 3
    assert BOT_LEAD_DELAY[0] - FRAME <= waited <= BOT_LEAD_DELAY[1] + 2 * FRAME


# ---------------------------------------------------------------- bots doubt like people


@pytest.mark.parametrize("seed", range(12))
def test_bots_never_challenge_in_the_same_frame_as_the_call(seed):
    table = small_table()
    bots = {s: Doubter(s) for s in (1, 2, 3)}
    flow = TableFlow(table, seats("hbbb"), bots, random.Random(seed))
    flow.play(0, ["2S"], By.OWN)  # a lie: every bot would love to catch it
    flow.drain_events()
    flow.update(FRAME)
    assert table.window_open and not any(isinstance(e, Challenged) for e in flow.drain_events())
    waited = FRAME
    while table.window_open:
        flow.update(FRAME)
        waited += FRAME
        assert waited < 3
    assert BOT_CHALLENGE_DELAY[0] <= waited <= BOT_CHALLENGE_DELAY[1] + 2 * FRAME
    challenge = next(e for e in flow.drain_events() if isinstance(e, Challenged))
    assert challenge.caller == 0 and challenge.challenger in (1, 2, 3)


# ---------------------------------------------------------------- same-frame presses


@pytest.mark.parametrize("order", [(3, 0), (0, 3)])
def test_two_people_pressing_in_the_same_frame_give_one_challenge_to_the_closest_after_the_caller(order):
    table = small_table(first=1)
    flow = TableFlow(table, people(4), {}, random.Random(2))
    flow.play(1, ["2H", "9S"], By.OWN)  # seat 1 lies
    flow.drain_events()
    flow.update(FRAME, presses=order)
    events = flow.drain_events()
    challenges = [e for e in events if isinstance(e, Challenged)]
    # 1 -> 2 -> 3 -> 0: seat 3 sits closer after the caller
    assert challenges == [Challenged(3, 1, held=False, bait=False)]
    assert table.bullets(3) == 3 and table.bullets(0) == 3  # 3's bullet came back, 0 spent none
    assert table.hand_size(1) == 2 + 2 and table.turn == 3  # the liar picked up, the winner leads
    assert flow.truth[-1].challenged_by == 3 and flow.truth[-1].caught


def test_a_press_without_bullets_changes_nothing_and_says_so():
    table = small_table(first=1, bullets=[0, 3, 3, 3])
    flow = TableFlow(table, people(4), {}, random.Random(2))
    flow.play(1, ["2H"], By.OWN)
    flow.drain_events()
    before = table.clone()
    flow.update(FRAME, presses=[0])
    assert table == before and flow.drain_events() == []
    messages = flow.drain_messages()
    assert [(m.key, m.fields, m.about) for m in messages] == [("refusal.no_bullets", {"seat": "P0"}, 0)]


def test_presses_outside_a_window_or_by_the_caller_change_nothing_and_say_so():
    table = small_table()
    flow = TableFlow(table, people(4), {}, random.Random(2))
    before = table.clone()
    flow.update(FRAME, presses=[2])  # no call has been made
    assert table == before and keys(flow) == ["refusal.no_call"]
    flow.play(0, ["AS"], By.OWN)
    before = table.clone()
    flow.update(FRAME, presses=[0])  # the caller
    assert table == before and keys(flow) == ["refusal.own_call"]


def test_a_press_while_the_verdict_is_shown_is_refused_and_skip_ends_the_hold():
    table = small_table(first=1)
    flow = TableFlow(table, people(4), {}, random.Random(2))
    flow.play(1, ["2H", "9S"], By.OWN)
    flow.update(FRAME, presses=[2])
    assert flow.holding and abs(flow.wait_left() - reveal_hold(2)) < 0.05
    assert reveal_hold(2) > READ >= 3.5  # the two cards are read before the table moves on
    pressed = flow.play(2, table.hand(2)[:1], By.OWN)
    assert not pressed and pressed.refusal.key == "table.msg.wait_verdict"
    flow.skip()
    assert not flow.holding and flow.play(2, table.hand(2)[:1], By.OWN)


def test_a_fako_turned_up_delays_the_window_of_the_call_that_follows():
    rules = Rules.kamu(2, jokers=True)
    table = Table.from_hands(rules, ["*F 7P", "8P 8T 9Z"], first=0)
    flow = TableFlow(table, people(2), {}, random.Random(2), min_window=2.0)
    flow.play(0, ["*F"], By.OWN)
    run(flow, 2.1)
    assert flow.play(1, ["8P"], By.OWN)
    events = flow.drain_events()
    assert any(isinstance(e, FakoExposed) for e in events) and flow.holding
    assert flow.window_progress() == 1.0  # the window starts only after the Fakó was shown
    assert flow.truth[0].fako_exposed and not flow.truth[0].got_away


# ---------------------------------------------------------------- privacy: the curtain


def test_with_two_people_a_curtain_waits_for_the_person_whose_turn_it_is():
    table = small_table()
    flow = TableFlow(table, seats("hbhb"), {1: Doubter(1, False), 3: Doubter(3, False)}, random.Random(3))
    assert flow.curtain_for() == 0 and flow.shown_hand() is None and flow.visible_hands() == set()
    assert not flow.unveil(2)  # only the person the curtain waits for may lift it
    assert flow.unveil(0) and flow.curtain_for() is None and flow.shown_hand() == 0
    flow.peek(2, True)  # one private view at a time, never swapped away from the person on turn
    flow.peek(1, True)  # a computer player has nothing to peek with
    assert flow.visible_hands() == {0} and flow.peeking is None and flow.curtain_for() is None
    assert [m.key for m in flow.drain_messages()] == ["table.msg.hand_open"]  # it says whose hand
    flow.peek(2, False)
    assert flow.visible_hands() == {0}
    flow.peek(0, True)  # Ana's own key puts her curtain back
    flow.peek(0, False)
    assert flow.visible_hands() == set() and flow.curtain_for() == 0
    flow.peek(2, True)  # now Cleo may glance; Ana's lift waits while Cleo holds her key
    flow.peek(0, True)
    assert flow.visible_hands() == {2} and flow.curtain_for() == 0
    assert [m.key for m in flow.drain_messages()] == ["table.msg.let_go"]
    flow.peek(2, False)  # Cleo lets go: Ana, still holding her key, lifts her curtain
    assert flow.visible_hands() == {0} and flow.curtain_for() is None
    flow.peek(0, False)
    assert flow.visible_hands() == {0}  # a lifted curtain stays up for the turn
    assert flow.play(0, ["AS"], By.OWN)
    assert flow.curtain_for() is None and flow.shown_hand() is None  # a bot's turn: no hand
    run(flow, 4.5)
    assert table.turn == 2 and flow.curtain_for() == 2 and flow.shown_hand() is None


def test_with_one_person_their_hand_is_simply_shown():
    table = small_table(first=1)
    flow = TableFlow(table, seats("bbhb"), {s: Doubter(s, False) for s in (0, 1, 3)}, random.Random(3))
    assert flow.curtain_for() is None and flow.shown_hand() == 2 and flow.visible_hands() == {2}


# ---------------------------------------------------------------- whole games


def bot_game(rules, seed, kind="sensible"):
    table = Table.deal(rules, seed)
    bots = {s: TABLE_BOTS[kind](s, random.Random(seed * 10 + s)) for s in range(rules.players)}
    specs = [SeatSpec(f"B{s}", human=False) for s in range(rules.players)]
    flow = TableFlow(table, specs, bots, random.Random(seed))
    events = list(flow.drain_events())
    for _ in range(200_000):
        if table.is_over:
            break
        flow.update(0.05)
        flow.skip()
        events += flow.drain_events()
    return table, flow, events


@pytest.mark.parametrize(
    "rules",
    [Rules.bullets(4), Rules.kamu(4, jokers=True), Rules.bullets(3)],
    ids=["bullets", "kamu-jokers", "bullets-3"],
)
def test_a_whole_bot_game_ends_with_figures_that_match_the_truth_recap(rules):
    table, flow, events = bot_game(rules, seed=4)
    assert table.is_over and isinstance(events[-1], Won)
    truth, stats = flow.truth, flow.stats
    reveals = [e for e in events if isinstance(e, CardsRevealed)]
    assert sum(c.challenged_by is not None for c in truth) == len(reveals) > 0
    for seat, figures in enumerate(stats):
        mine = [c for c in truth if c.seat == seat]
        assert figures.calls == len(mine)
        assert figures.lies == sum(c.lie for c in mine)
        assert figures.lies_caught == sum(c.caught for c in mine)
        theirs = [c for c in truth if c.challenged_by == seat]
        assert figures.challenges_right == sum(c.caught for c in theirs)
        assert figures.challenges_wrong == len(theirs) - figures.challenges_right
    # every revealed call shows exactly the cards the recap says were played
    revealed = [c for c in truth if c.challenged_by is not None]
    assert [tuple(e.cards) for e in reveals] == [tuple(c.cards) for c in revealed]
    assert [not e.truthful for e in reveals] == [c.caught for c in revealed]


def test_the_flow_is_deterministic_for_a_seed():
    first = bot_game(Rules.bullets(4), seed=9)[2]
    again = bot_game(Rules.bullets(4), seed=9)[2]
    assert first == again


def test_a_press_that_does_not_say_whose_it_was_counts_as_a_shared_key():
    """The one By default of every press (the flows', the duel screen's): a press that does not say
    whose it was acts only as a shared key would, for the person whose own view is open once their
    controls are live; nothing acts for a person who did not press a key of their own."""
    table = small_table()
    flow = TableFlow(table, seats("hbhb"), {1: Doubter(1, False), 3: Doubter(3, False)}, random.Random(3))
    assert not flow.play(0, ["AS"]) and table.history_size == 0  # her curtain is down
    assert flow.unveil(0)  # her own key lifts it...
    assert not flow.play(0, ["AS"]) and table.history_size == 0  # ...her controls are not live yet
    run(flow, 0.5)
    assert flow.play(0, ["AS"]) and table.history_size == 1


def test_every_press_of_both_games_defaults_to_a_shared_key():
    from bluffhouse.scenes.duel.flow import DuelFlow
    from bluffhouse.scenes.duel.scene import DuelScene
    from bluffhouse.scenes.play.flow import GameFlow

    presses = [
        GameFlow.press,
        TableFlow.play,
        TableFlow.accept,
        TableFlow.hold,
        DuelFlow.declare,
        DuelFlow.reroll,
        DuelFlow.propose,
        DuelFlow.challenge,
        DuelScene.declare,
        DuelScene.reroll,
        DuelScene.propose,
        DuelScene.challenge,
    ]
    assert {inspect.signature(press).parameters["by"].default for press in presses} == {By.SHARED}
