"""The coach on screen: only for a person who asked, only while their own hand or dice show."""

import re

import pygame
from kit import app_fixture
from watching import drawn, words

from bluffhouse.game.duel import Phase
from bluffhouse.game.rules import Rules
from bluffhouse.scenes.duel.scene import DuelScene, coach_lines
from bluffhouse.scenes.shell.session import GameSetup, SeatSpec, quick_setup
from bluffhouse.scenes.table.scene import TableScene

app = app_fixture(seed=5, mute=False)
__all__ = ["drawn"]  # the fixture (tests/watching.py)


def _table(app, coach: bool, people: int = 1) -> TableScene:
    setup = quick_setup(app)
    for seat in range(people):
        setup.seats[seat] = SeatSpec(f"P{seat}", True, challenge_key="C", coach=coach)
    scene = TableScene(app, setup)
    app.stack.push(scene)
    app.stack.apply()
    return scene


def _open_calls(app, scene, frames=600):
    """Step the game; yield the scene at every frame where another seat's call is open.

    Nobody presses a key here, so the game waits at the first call the person must answer (about
    80 frames in): ten seconds of frames show it many times; 4,000 showed the same call again."""
    for _ in range(frames):
        app.step(1 / 60)
        table = scene.table
        if table.is_over:
            return
        if table.window_open and not scene.moment.holding and scene.fx.reveal is None:
            yield scene


def test_a_coached_person_hears_about_an_open_call(app):
    scene = _table(app, coach=True)
    said = [s.coach.text for s in _open_calls(app, scene) if s.table.last_call.seat != 0]
    assert any(said)
    assert all("%" in line or "impossible" in line for line in said if line)


def test_the_coach_gives_the_experts_read_in_the_players_language(app):
    from bluffhouse.scenes.ui import lang

    scene = _table(app, coach=True)
    said = [s.coach.text for s in _open_calls(app, scene) if s.table.last_call.seat != 0]
    assert any(line and "The expert's read: " in line for line in said)
    lang.set_language("hu")
    try:
        scene.coach.update(None, scene.names)  # quiet: it speaks again, now in Hungarian
        for s in _open_calls(app, scene):
            if s.table.last_call.seat != 0 and s.coach.text and "%" in s.coach.text:
                assert "A mester szerint " in s.coach.text
                break
        else:
            raise AssertionError("no open call to speak about")
    finally:
        lang.set_language("en")


def test_the_coachs_line_is_told_again_in_a_new_language_without_reading_the_call_again(app, monkeypatch):
    from bluffhouse.game.bots.table_expert import ExpertTableBot
    from bluffhouse.scenes.ui import lang

    reads = []
    real = ExpertTableBot.lie_chance
    monkeypatch.setattr(ExpertTableBot, "lie_chance", lambda bot, view: reads.append(view) or real(bot, view))
    scene = _table(app, coach=True)
    scene = next(
        s
        for s in _open_calls(app, scene)
        if s.table.last_call.seat != 0 and s.coach.text and "The expert's read: " in s.coach.text
    )
    english, asked = scene.coach.text, len(reads)
    lang.set_language("fr")
    try:
        french = scene.coach.text  # the same call, no update: put into words as it is drawn
        assert french != english
        last = french.split("\n")[-1]
        assert re.fullmatch("Selon l’expert\u00a0: [0-9]{1,3}\u00a0%", last), last  # the French way
        assert len(reads) == asked  # the expert read the call once: its words were made again
    finally:
        lang.set_language("en")
    assert scene.coach.text == english


def test_nobody_else_hears_the_coach(app):
    scene = _table(app, coach=False)
    said = [s.coach.text for s in _open_calls(app, scene)]
    assert said and all(text is None for text in said)  # open calls were seen, and nothing said


def test_the_coach_is_quiet_behind_the_curtain(app):
    scene = _table(app, coach=True, people=2)
    checked = 0
    for s in _open_calls(app, scene):
        if s.flow.curtain_for() is not None or s.flow.shown_hand() is None:
            assert s.coach.text is None
            checked += 1
    assert checked


def test_duel_coach_lines_need_a_claim_and_speak_in_numbers():
    from bluffhouse.game.coach import Advice

    assert coach_lines(None, ["A", "B"], 0) is None
    assert coach_lines(Advice("opening_claim", 1.0, "x", {}), ["A", "B"], 0) is None
    lines = coach_lines(
        Advice("reach", 0.5, "x", {"reach": 0.5, "claim_true": 0.25, "rerolls": 2, "target": 3}),
        ["A", "B"],
        0,
    )
    assert lines is not None and "50%" in lines[0] and "B" in lines[1] and "25%" in lines[1]


def test_duel_coach_speaks_only_to_the_coached_person_on_their_turn(app):
    seats = [SeatSpec("Ana", True, challenge_key="C", coach=True), SeatSpec("Ben", False, bot="medium")]
    scene = DuelScene(app, GameSetup(Rules.duel(), seats, seed=3))
    app.stack.push(scene)
    app.stack.apply()
    spoke = False
    for _ in range(3000):
        app.step(1 / 60)
        duel = scene.duel
        if scene.coach_text:
            assert scene.frame.acting == 0 and duel.phase is Phase.BIDDING and duel.claim is not None
            spoke = True
            break
        if scene.frame.acting == 0 and duel.phase is Phase.OPENING:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1"))
        elif scene.frame.acting == 0 and duel.phase is Phase.BIDDING:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    assert spoke


def test_the_coachs_panel_is_painted_with_its_lines_at_the_table(app, drawn):
    scene = _table(app, coach=True)
    said = next(s.coach.text for s in _open_calls(app, scene) if s.table.last_call.seat != 0 and s.coach.text)
    app.step(1 / 60, draw=True)  # the scene tests step without painting: this frame is painted
    painted = words(drawn)
    assert "Coach" in painted  # its panel's label, then each sentence on lines of its own
    assert " ".join(painted).replace(" ", "").count(said.split("\n")[-1].replace(" ", "")) == 1


def test_the_duel_coachs_panel_is_painted_on_the_coached_persons_side(app, drawn):
    seats = [SeatSpec("Ana", True, challenge_key="C", coach=True), SeatSpec("Ben", False, bot="medium")]
    scene = DuelScene(app, GameSetup(Rules.duel(), seats, seed=3))
    app.stack.push(scene)
    app.stack.apply()
    for _ in range(3000):
        app.step(1 / 60)
        if scene.coach_text:
            break
        if scene.frame.acting == 0 and scene.frame.duel.phase is Phase.OPENING:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1"))
        elif scene.frame.acting == 0 and scene.frame.duel.phase is Phase.BIDDING:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    assert scene.coach_text
    app.step(1 / 60, draw=True)  # the scene tests step without painting: this frame is painted
    label = next(d for d in drawn if d.words == "Coach")
    assert any(d.words == "· Ana" and d.rect.y == label.rect.y for d in drawn)  # whose coach, beside it
    below = [d for d in drawn if d.rect.top > label.rect.top and d.rect.left == label.rect.left]
    assert below  # the coach's lines under its label


def test_the_coachs_sentences_for_an_impossible_last_card():
    from bluffhouse.game.actions import Play
    from bluffhouse.game.cards import parse_cards
    from bluffhouse.game.table import Table
    from bluffhouse.scenes.table.coach import coach_text

    names = ["You", "Ben", "Ada"]
    table = Table.from_hands(Rules.bullets(3), ["7S 7H 7D 7C", "KD", "5C 9D"], first=1, rank="7")
    assert coach_text(table.view(0), names) is None  # nothing called yet: nothing to say
    table.apply(Play(1, parse_cards("KD")))  # Ben's last card, "one seven": you hold all four
    first, second = coach_text(table.view(0), names).split("\n")  # two sentences, a line each
    assert first == "Ben played their last cards."
    assert second.startswith("Ben's one seven is impossible: you can place 4 of the 4 ")
    assert "expert" not in second  # no expert's read beside a certainty
