"""A tour of every screen in every phase, painting each frame, for the language tests.

It visits the menu, the options, every how-to page, both set-ups (with a second person
joining), a solo quick game with the coach to its results, a couch table with a curtain and a
peek, a Kamu match's results between rounds, a duel against the computer (with the coach) to
its results, a two-person duel's every state of the action bar, the phones' join screen, the
pause and a confirm, the story screens (replays, History, Stats, tests/story_tour.py).
tests/recorder.py records what was painted while it goes (and what the translation table gave
out).
"""

from __future__ import annotations

import random
import re
import string
import time

import pygame
import pytest
from kit import Pace
from recorder import ADDRESS, Recorder
from story_tour import story_tour

from bluffhouse.game.duel import Phase
from bluffhouse.game.match import CardMatch
from bluffhouse.game.rules import Rules
from bluffhouse.scenes.duel.scene import DuelScene
from bluffhouse.scenes.howto import CHAPTERS, HowToScene
from bluffhouse.scenes.menu import ITEMS, MenuScene
from bluffhouse.scenes.options import OptionsScene
from bluffhouse.scenes.pause import ConfirmScene, PauseScene
from bluffhouse.scenes.results.cards import ResultsScene
from bluffhouse.scenes.setup.cards import SetupScene
from bluffhouse.scenes.setup.duel import DuelSetupScene
from bluffhouse.scenes.shell.app import App
from bluffhouse.scenes.shell.input import Source
from bluffhouse.scenes.shell.session import GameRecord, GameSetup, SeatSpec, bot_seat
from bluffhouse.scenes.table.flow import TableFlow
from bluffhouse.scenes.table.scene import TableScene
from bluffhouse.scenes.ui import lang, text
from bluffhouse.scenes.ui.keys import key_label
from bluffhouse.scenes.ui.lang import PSEUDO, available_languages

DT = 1 / 20


TOUR = Pace(dt=DT)  # the tour's frames (the app paints each)
press, steps = TOUR.press, TOUR.step


def tour(app: App) -> None:
    """Every screen, in every phase worth painting (the app paints each frame)."""
    app.input.bind(Source("key", pygame.K_c), 0, "challenge")
    menu = app.stack.top
    for index in range(len(ITEMS)):
        menu.menu.focus = index
        steps(app, 2)
    app.stack.push(OptionsScene(app))
    steps(app, 1)
    for _ in OptionsScene(app).keys:
        press(app, pygame.K_DOWN)
    press(app, pygame.K_ESCAPE)
    howto = HowToScene(app)
    app.stack.push(howto)
    steps(app, 1)
    for game, pages in CHAPTERS.items():
        for page in range(len(pages)):
            howto.show(game, page)
            howto.slide.finish()
            steps(app, 2)
    press(app, pygame.K_ESCAPE)
    _setups(app)
    _solo_game(app)
    _couch_table(app)
    _kamu_results(app)
    _duel(app)
    couch_duel(app)
    _phones(app)
    _pause(app)
    story_tour(app)  # the Replay, History, Stats and Hall of Fame screens (tests/story_tour.py)


def _setups(app: App) -> None:
    for game in ("bullets", "kamu"):
        app.stack.push(SetupScene(app, game))
        steps(app, 2)
        press(app, pygame.K_q, pygame.K_w)  # somebody joins: the privacy line, the prompts
        press(app, pygame.K_TAB)
        for _ in range(6):
            press(app, pygame.K_DOWN)
        press(app, pygame.K_ESCAPE, frames=2)
    setup = DuelSetupScene(app)
    app.stack.push(setup)
    steps(app, 2)
    for _ in range(3):
        press(app, pygame.K_UP)
    press(app, pygame.K_RIGHT)  # two people
    for _ in range(9):
        press(app, pygame.K_DOWN)
    press(app, pygame.K_ESCAPE, frames=2)


def _solo_game(app: App) -> None:
    seats = [SeatSpec(lang.t("setup.player_n", n=1), True, challenge_key=key_label(pygame.K_c), coach=True)]
    seats += [bot_seat(s) for s in (1, 2, 3)]
    scene = TableScene(app, GameSetup(Rules.bullets(4, bullets_per_player=1), seats, seed=12))
    app.stack.push(scene)
    rng = random.Random(3)
    for _ in range(int(400 / DT)):
        if isinstance(app.stack.top, ResultsScene):
            steps(app, 10)
            press(app, pygame.K_l)
            steps(app, 30)
            break
        table = scene.table
        if not table.is_over and table.turn == 0 and scene.moment.game.wait_left == 0 and rng.random() < 0.3:
            press(app, pygame.K_SPACE, pygame.K_RETURN)
        elif table.window_open and rng.random() < 0.03:
            press(app, pygame.K_c)
        elif rng.random() < 0.01:
            press(app, pygame.K_l, pygame.K_l)  # the log opens and closes
        else:
            app.step(DT)
    app.stack.reset(MenuScene(app))
    steps(app, 1)


def _couch_table(app: App) -> None:
    for seat, (challenge, peek) in enumerate(((pygame.K_q, pygame.K_w), (pygame.K_o, pygame.K_p))):
        app.input.bind(Source("key", challenge), seat, "challenge")
        app.input.bind(Source("key", peek), seat, "peek")
    seats = [
        SeatSpec("Ana", True, challenge_key="Q", peek_key="W"),
        SeatSpec("Ben", True, challenge_key="O", peek_key="P"),
        bot_seat(2),
    ]
    scene = TableScene(app, GameSetup(Rules.kamu(3, jokers=True), seats, seed=5))
    app.stack.push(scene)
    steps(app, 80)
    press(app, pygame.K_RETURN)  # a shared key at the curtain: it says whose key lifts it
    turn = scene.moment.turn
    press(app, (pygame.K_w, pygame.K_p)[turn])
    steps(app, 10)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=(pygame.K_p, pygame.K_w)[turn], mod=0))
    steps(app, 5)  # the other one peeks
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=(pygame.K_p, pygame.K_w)[turn], mod=0))
    steps(app, 5)
    app.stack.reset(MenuScene(app))
    steps(app, 1)


def _kamu_results(app: App) -> None:
    from bluffhouse.game.bots import TABLE_BOTS

    rules = Rules.kamu(players=3, jokers=True)
    seats = [SeatSpec("Ana", True, challenge_key="Q"), bot_seat(1), bot_seat(2)]
    setup = GameSetup(rules, seats, seed=3)
    match = CardMatch(rules, seed=3)
    for _ in range(2):  # between rounds, then the match over
        table = match.new_game()
        bots = {s: TABLE_BOTS["sensible"](s, random.Random(s)) for s in range(3)}
        flow = TableFlow(table, setup.seats, bots, random.Random(3))
        while not table.is_over:
            flow.update(0.05)
        match.record(table)
        app.stack.push(ResultsScene(app, GameRecord(setup, match, table, flow.truth, flow.stats)))
        steps(app, 30)
        for _ in range(6):
            press(app, pygame.K_DOWN)
        app.stack.reset(MenuScene(app))
        steps(app, 1)


def _duel(app: App) -> None:
    """Against the computer, with the coach: the opening, proposing, rerolls, answering, the
    computer thinking, verdicts, to the results."""
    seats = [
        SeatSpec(lang.t("setup.player_n", n=1), True, challenge_key=key_label(pygame.K_c), coach=True),
        bot_seat(1, "medium"),
    ]
    scene = DuelScene(app, GameSetup(Rules.duel(points_to_win=2), seats, seed=8))
    app.stack.push(scene)
    steps(app, 1)
    for frame in range(int(400 / DT)):
        if app.stack.top is not scene:
            steps(app, 30)
            break
        duel = scene.duel
        if scene.frame.acting == 0 and not scene.views.guarded() and frame % 6 == 0:
            if duel.phase is Phase.OPENING:
                press(app, pygame.K_1)
            elif duel.may_challenge and duel.claim is not None and frame % 18 == 0:
                press(app, pygame.K_c)
            elif duel.may_reroll and frame % 12 == 0:
                press(app, pygame.K_1, pygame.K_SPACE)
            else:
                press(app, pygame.K_n, pygame.K_RETURN)
        elif duel.phase is Phase.OVER and not scene.frame.stage.busy and frame % 20 == 0:
            press(app, pygame.K_RETURN)
        else:
            app.step(DT)
    app.stack.reset(MenuScene(app))
    steps(app, 1)


def couch_duel(app: App) -> None:
    """Two people: the curtain, then every state of the action bar — the opening's answers,
    each kind of hand in the builder with its parts, the shortcuts, the focus on each chip, a
    refusal in the builder and in the rerolls, the first proposition, answering a claim with one
    too low, five aces that leave only the challenge, the verdict."""
    for seat, (challenge, peek) in enumerate(((pygame.K_q, pygame.K_w), (pygame.K_o, pygame.K_p))):
        app.input.bind(Source("key", challenge), seat, "challenge")
        app.input.bind(Source("key", peek), seat, "peek")
    seats = [
        SeatSpec("Ana", True, challenge_key="Q", peek_key="W"),
        SeatSpec("Ben", True, challenge_key="O", peek_key="P"),
    ]
    scene = DuelScene(app, GameSetup(Rules.duel(), seats, seed=4))
    app.stack.push(scene)
    steps(app, 1)
    peeks, challenges = (pygame.K_w, pygame.K_p), (pygame.K_q, pygame.K_o)
    script = [_first_proposition, _answer_too_low, _must_challenge]
    for _ in range(3000):
        if app.stack.top is not scene or not script:
            break
        duel = scene.duel
        if scene.frame.stage.busy:
            app.step(DT)
        elif scene.frame.curtain_for is not None:
            steps(app, 2)
            press(app, pygame.K_RETURN)  # a shared key at the curtain: it says whose key lifts it
            press(app, peeks[scene.frame.curtain_for], frames=3)
        elif duel.phase is Phase.OVER:
            steps(app, 10)
            break
        elif scene.frame.acting is None or scene.views.guarded():
            app.step(DT)
        elif duel.phase is Phase.OPENING:
            steps(app, 3)
            press(app, pygame.K_RIGHT, pygame.K_1)
        else:
            script.pop(0)(app, scene, challenges[scene.frame.acting])
    app.stack.reset(MenuScene(app))
    steps(app, 1)


def _builder_key(app: App, scene, action: str, frames: int = 3) -> None:
    press(app, scene.controls.keys[action], frames=frames)


def _first_proposition(app: App, scene, challenge: int) -> None:
    press(app, pygame.K_SPACE, frames=3)  # no reroll before the first claim: said in the rerolls
    for kind in range(8):  # every kind of hand, each with its parts
        _builder_key(app, scene, f"kind{kind}")
        for face in (1, 6):
            _builder_key(app, scene, f"face.{face}")
    _builder_key(app, scene, "face.6")  # a face another part holds: refused in the builder
    for action in ("mine", "lowest", "kind1"):
        _builder_key(app, scene, action)
    for arrow in (pygame.K_UP, pygame.K_LEFT, pygame.K_LEFT, pygame.K_DOWN, pygame.K_LEFT, pygame.K_UP):
        press(app, arrow, frames=2)  # the focus on chips and faces
    _builder_key(app, scene, "kind5")  # a full house, proposed
    press(app, pygame.K_RETURN, frames=3)


def _answer_too_low(app: App, scene, challenge: int) -> None:
    press(app, pygame.K_1, pygame.K_2, frames=2)
    _builder_key(app, scene, "kind0")  # one pair is lower than the full house: struck, and why
    press(app, pygame.K_RETURN, frames=3)
    press(app, pygame.K_END, pygame.K_RETURN, frames=3)  # five aces: nothing is left above it


def _must_challenge(app: App, scene, challenge: int) -> None:
    steps(app, 4)
    press(app, challenge, frames=3)


def _phones(app: App) -> None:
    """The join screen (codes, addresses, a phone in and its "New phone"), the question before a
    new code, a table with phone seats on the TV (one phone away and the room asked what to do,
    another device asking for a seat), and the Phones screen over the game from the pause."""
    from phones import Phones

    from bluffhouse.scenes.phones.join import PhoneJoinScene
    from bluffhouse.scenes.seat_away import AwayOfferScene

    seats = [SeatSpec("Ana", True, phone=True), bot_seat(1), SeatSpec("Csilla", True, phone=True)]
    setup = GameSetup(Rules.kamu(players=3), seats, seed=3)
    app.stack.push(PhoneJoinScene(app, setup, "table"))
    until(app, lambda: app.phones.phase != "starting")  # the server starts on its own thread
    steps(app, 5)
    phones = Phones()
    try:
        ana = phones.connect(0, app.phones.url(0))
        until(app, lambda: app.phones.connected(0))
        steps(app, 3)
        press(app, pygame.K_RIGHT, pygame.K_RETURN)  # Ana's card: New phone, asked first
        steps(app, 3)
        press(app, pygame.K_ESCAPE)
        press(app, pygame.K_LEFT, pygame.K_RETURN)  # Start: the table waits for Csilla's phone
        steps(app, 60)
        phones.call(ana.ws.close())  # Ana's phone goes away
        until(app, lambda: app.phones.status(0) == "away")
        steps(app, 30)
        game = app.stack.top
        app.stack.push(AwayOfferScene(app, game, 0))  # the room is asked what to do meanwhile
        steps(app, 40)  # (past the moments in which no press answers it)
        press(app, pygame.K_DOWN, pygame.K_DOWN, pygame.K_RETURN)  # Ana plays here: her keys first
        steps(app, 3)
        press(app, pygame.K_ESCAPE)  # not now: back to the three choices
        press(app, pygame.K_ESCAPE)  # wait
        asker = Phones()
        try:
            asker.connect(0, app.phones.url(0))  # another device asks, and shows its code
            until(app, lambda: app.stack.top.name == "moveseat")
            steps(app, 3)
            press(app, pygame.K_ESCAPE)
        finally:
            asker.close()
        press(app, pygame.K_ESCAPE)  # the pause, with Phones
        app.stack.push(PhoneJoinScene(app, setup, None))
        steps(app, 3)
    finally:
        phones.close()
    app.phones.close()
    app.back_to_menu()
    steps(app, 3)


def until(app: App, condition, seconds: float = 10.0) -> None:
    """Paint frames until condition() (something on another thread: the server, a phone)."""
    end = time.monotonic() + seconds
    while not condition() and time.monotonic() < end:
        steps(app, 1)
        time.sleep(0.01)


def _pause(app: App) -> None:
    seats = [SeatSpec("Ana", True, challenge_key="C")] + [bot_seat(s) for s in (1, 2)]
    app.stack.push(TableScene(app, GameSetup(Rules.bullets(3), seats, seed=2)))
    steps(app, 5)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    for _ in range(5):
        press(app, pygame.K_DOWN)
    app.stack.push(ConfirmScene(app, lang.t("pause.quit_question"), lang.t("pause.quit_yes"), app.quit))
    steps(app, 3)
    app.stack.reset(MenuScene(app))
    steps(app, 1)


# -- the tour in every language: what the language tests share ----------------------------------

LANGUAGES = [code for code in ("es", "fr", "hu") if code in available_languages()]
# Painted lines that need no translation: names of computer players and of the tests'
# people, numbers and signs, card indices, single letters and key caps.
KEY_RANGE = re.compile(r"^[A-Z0-9]–[A-Z0-9]$")  # a row of keys on one cap: "Q–I", "1–5"
NEUTRAL = re.compile(r"^[\s\d.,:;·×+\-–—%/()|#…↑↓←→⌫♠♥♦♣★☆♛●‹›❮❯✕○□△'\"!?¿¡=<>]*$")
NAMES = {
    "Ana",
    "Ben",
    "Csilla",
    "Dani",
    "Emma",
    "Feri",
    "Gabi",
    "Hugo",
    "Bluffhouse",
    *lang.LANGUAGE_NAMES.values(),
}  # a language is named in its own words


@pytest.fixture
def language_of(request):
    def switch(code):
        lang.set_language(code)
        if code not in (PSEUDO, "en") and lang.language() != code:
            pytest.skip(f"{code} is not installed")

    yield switch
    lang.set_language("en")


def toured(language, tmp_path, monkeypatch, language_of, parts=None) -> Recorder:
    """The screen tour (or some of its parts) painted in a language, with what it drew."""
    monkeypatch.setenv("BLUFFHOUSE_SETTINGS", str(tmp_path / "settings.json"))
    recorder = Recorder(monkeypatch)
    language_of(language)
    app = App(seed=5, home=MenuScene, mute=True)
    language_of(language)
    app.stack.push(MenuScene(app))
    app.stack.apply()
    pygame.event.clear()
    if parts is None:
        tour(app)
    else:
        for part in parts:
            part(app)
    return recorder


def assert_translated_and_fits(recorder: Recorder, least_lines: int) -> None:
    """Every painted line from the table, none cut, none past its edge or over another line,
    none under its size, no decoration over words."""
    painted = [line for line in recorder.painted if line.strip()]
    assert len(painted) > least_lines  # the tour painted the screens it is about
    hard_coded = sorted(
        {
            line
            for line in painted
            if not recorder.explained(line)
            and "…" not in line
            and not NEUTRAL.match(line)
            and line.strip() not in NAMES
            and not (len(line.strip()) <= 2 and line.strip()[0] in string.ascii_letters)
            and not KEY_RANGE.match(line)
            and not ADDRESS.match(line)
            and line not in recorder.caps
        }
    )  # (a key cap's name is a key, not words)
    assert hard_coded == [], f"painted without the translation table: {hard_coded[:20]}"
    names = NAMES | {lang.t("setup.player_n", n=n) for n in range(1, 9)}  # a name is data: a long one is cut
    cut = sorted(
        {
            line
            for line in painted
            if "…" in line
            and not recorder.explained(line)
            and not any(name.startswith(line.rstrip("…").rstrip()) for name in names)
        }
    )
    assert cut == [], f"cut to fit: {cut[:20]}"
    too_wide = sorted({line for line in painted if text.font(12).size(line)[0] > 1280})
    assert too_wide == []
    assert sorted(recorder.outside) == [], "drawn past the edge of the screen (or of its panel's layer)"
    assert recorder.too_small() == [], "under the smallest size (screen, role, size, words)"
    assert sorted(recorder.collisions) == [], "lines drawn over each other (screen, words, words)"
    assert sorted(recorder.crossed) == [], "decoration drawn over words (screen, words)"
