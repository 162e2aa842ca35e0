"""A language switch re-renders everything (issue 23): nothing of the old language stays drawn.

Each screen is put in a phase with words on it (a game's log, speech bubbles, banners, toasts,
default seat names) in the pseudo language, whose every text is marked ⟦…⟧; then the language
is switched as the Options switch it, and every line painted afterwards is read: none may carry
the marks. The tables' words are drawn again in the new language, and what the screens kept
(the log, the toasts, the bubbles, "Player 1") is told again. A second test switches a game
from Spanish to French and finds every painted line among the French table's texts, names and
signs.
"""

from __future__ import annotations

import random
import re

import kit
import pygame
import pytest

from bluffhouse.game.bots import DUEL_BOTS
from bluffhouse.game.duel import Phase
from bluffhouse.game.match import DuelMatch
from bluffhouse.game.rules import Rules
from bluffhouse.scenes.duel.scene import DuelScene
from bluffhouse.scenes.howto import HowToScene
from bluffhouse.scenes.menu import MenuScene
from bluffhouse.scenes.options import OptionsScene
from bluffhouse.scenes.pause import PauseScene
from bluffhouse.scenes.results.cards import ResultsScene
from bluffhouse.scenes.results.duel import DuelResultsScene
from bluffhouse.scenes.setup.cards import SetupScene
from bluffhouse.scenes.setup.duel import DuelSetupScene
from bluffhouse.scenes.shell.app import App
from bluffhouse.scenes.shell.input import Source
from bluffhouse.scenes.shell.messages import Named, message, said
from bluffhouse.scenes.shell.registry import open_scene
from bluffhouse.scenes.shell.session import GameSetup, SeatSpec, bot_seat
from bluffhouse.scenes.table.scene import TableScene
from bluffhouse.scenes.ui import lang, text, theme
from bluffhouse.scenes.ui.lang import PSEUDO_CLOSE, PSEUDO_OPEN

DT = 1 / 20
pytestmark = pytest.mark.draws


class Painted:
    """Every line of text painted while on: fonts' render_line, caches emptied at the start so
    that a line kept in a cache is painted (and seen) again."""

    def __init__(self, monkeypatch) -> None:
        self.lines: list[str] = []
        self.given: set[str] = set()
        self.on = False
        real_line, real_call = text.render_line, lang.Translator.__call__

        def line(face, words, colour):
            if self.on:
                self.lines.append(words)
            return real_line(face, words, colour)

        def call(translator, key, **fmt):
            out = real_call(translator, key, **fmt)
            if self.on:
                self.given.add(out.casefold())
            return out

        for module in (text, theme):
            monkeypatch.setattr(module, "render_line", line)
        monkeypatch.setattr(lang.Translator, "__call__", call)

    def start(self) -> None:
        self.lines.clear()
        self.given.clear()
        self.on = True
        text.render.cache_clear()
        theme.title_image.cache_clear()

    def stale(self) -> list[str]:
        return sorted({line for line in self.lines if PSEUDO_OPEN in line or PSEUDO_CLOSE in line})


PACE = kit.Pace(dt=DT, draw=False)  # unpainted frames unless a test asks for painted ones
press, steps = PACE.press, PACE.step


def person(number: int, challenge: str = "C", peek: str | None = None) -> SeatSpec:
    """A person nobody named: "Player <number>" in the language of the moment."""
    return SeatSpec(
        lang.t("setup.player_n", n=number), True, challenge_key=challenge, peek_key=peek, number=number
    )


def solo_table(app: App, game: str = "bullets") -> TableScene:
    rules = Rules.kamu(3, jokers=True) if game == "kamu" else Rules.bullets(4, bullets_per_player=1)
    seats = [person(1)] + [bot_seat(s) for s in range(1, rules.players)]
    scene = TableScene(app, GameSetup(rules, seats, seed=12))
    app.stack.push(scene)
    app.input.bind(Source("key", pygame.K_c), 0, "challenge")
    rng = random.Random(3)
    for _ in range(600):  # play until the log has lines and a call is on the table
        table = scene.table
        if len(scene.log) >= 8 and scene.fx.call_note is not None:
            break
        if not table.is_over and table.turn == 0 and scene.moment.game.wait_left == 0:
            press(app, pygame.K_SPACE)
            press(app, pygame.K_RETURN)
        elif table.window_open and rng.random() < 0.05:
            press(app, pygame.K_c)
        else:
            app.step(DT, draw=False)
    scene.log_open = True
    app.say("refusal.no_cards")  # a toast kept as words
    # a flow's toast with a seat's name, as the scene says the flow's messages
    app.toast(Named(message("refusal.no_bullets", seat=scene.names[0]), scene.names))
    steps(app, 2)
    return scene


def couch_table(app: App) -> TableScene:
    for seat, (challenge, peek) in enumerate(((pygame.K_q, pygame.K_w), (pygame.K_o, pygame.K_p))):
        app.input.bind(Source("key", challenge), seat, "challenge")
        app.input.bind(Source("key", peek), seat, "peek")
    seats = [person(1, "Q", "W"), person(2, "O", "P"), bot_seat(2)]
    scene = TableScene(app, GameSetup(Rules.kamu(3, jokers=True), seats, seed=5))
    app.stack.push(scene)
    steps(app, 80)
    press(app, pygame.K_RETURN)  # a shared key at the curtain: a toast says whose key lifts it
    return scene


def duel(app: App) -> DuelScene:
    seats = [person(1), bot_seat(1, "medium")]
    scene = DuelScene(app, GameSetup(Rules.duel(points_to_win=2), seats, seed=8))
    app.stack.push(scene)
    app.input.bind(Source("key", pygame.K_c), 0, "challenge")
    for _ in range(400):  # into the bidding, with words in the log and a bubble up
        if scene.frame.duel.phase is Phase.BIDDING and len(scene.stage.show.told) >= 3:
            break
        if scene.frame.acting == 0 and not scene.frame.stage.busy and scene.frame.duel.phase is Phase.OPENING:
            press(app, pygame.K_1)
        elif scene.frame.acting == 0 and not scene.frame.stage.busy:
            press(app, pygame.K_x)
            press(app, pygame.K_RETURN)
        else:
            app.step(DT, draw=False)
    steps(app, 2)
    return scene


def card_results(app: App) -> None:
    scene = solo_table(app)
    scene.log_open = False
    for _ in range(4000):
        if isinstance(app.stack.top, ResultsScene):
            break
        table = scene.table
        if not table.is_over and table.turn == 0 and scene.moment.game.wait_left == 0:
            press(app, pygame.K_SPACE)
            press(app, pygame.K_RETURN)
        else:
            app.step(DT, draw=False)
    assert isinstance(app.stack.top, ResultsScene)
    steps(app, 30)


def duel_results(app: App) -> None:
    match = DuelMatch(Rules.duel(points_to_win=2), seed=5)
    bots = [DUEL_BOTS["sensible"](s, random.Random(s)) for s in range(2)]
    while not match.is_over:
        round_ = match.new_round()
        while round_.phase != "over":
            round_.apply(bots[round_.turn].choose(round_.view(round_.turn)))
        match.record(round_)
    setup = GameSetup(Rules.duel(points_to_win=2), [person(1), bot_seat(1)], seed=5)
    app.stack.push(DuelResultsScene(app, setup, match))
    steps(app, 10)


def couch_duel(app: App) -> None:
    seats = [person(1, "Q", "W"), person(2, "O", "P")]
    scene = DuelScene(app, GameSetup(Rules.duel(), seats, seed=4))
    app.stack.push(scene)
    steps(app, 90)
    press(app, pygame.K_RETURN)  # the curtain's toast: whose key lifts it


def paused(app: App) -> None:
    solo_table(app).log_open = False
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)


def replay(app: App) -> None:
    from story_helpers import record_of

    from bluffhouse.game.records.check import check
    from bluffhouse.scenes.story.replay import ReplayScene

    scene = ReplayScene(app, check(record_of("bullets"), 16))
    app.stack.push(scene)
    steps(app, 2)
    press(app, pygame.K_RIGHT)  # a move on, its words beside it
    press(app, pygame.K_s)  # shared as a file: the toast says where


def history(app: App) -> None:
    app.stack.push(open_scene("history", app))
    steps(app, 2)


SCREENS = {
    "menu": lambda app: None,
    "options": lambda app: app.stack.push(OptionsScene(app)),
    "howto": lambda app: app.stack.push(HowToScene(app)),
    "setup": lambda app: (
        app.stack.push(SetupScene(app, "bullets")),
        steps(app, 2),
        press(app, pygame.K_q),
        press(app, pygame.K_w),
    ),
    "duel_setup": lambda app: app.stack.push(DuelSetupScene(app)),
    "table": solo_table,
    "kamu_table": lambda app: solo_table(app, "kamu"),
    "couch_table": couch_table,
    "duel": duel,
    "couch_duel": couch_duel,
    "duel_results": duel_results,
    "card_results": card_results,
    "pause": paused,
    "replay": replay,
    "history": history,
}


def start(monkeypatch, tmp_path, language: str) -> tuple[App, Painted]:
    monkeypatch.setenv("BLUFFHOUSE_SETTINGS", str(tmp_path / "settings.json"))
    painted = Painted(monkeypatch)
    lang.set_language(language)
    app = App(seed=5, home=MenuScene, mute=True)
    lang.set_language(language)  # (the pseudo language is for tests: the settings refuse it)
    app.stack.push(MenuScene(app))
    app.stack.apply()
    pygame.event.clear()
    return app, painted


@pytest.fixture(autouse=True)
def _english_after():
    yield
    lang.set_language("en")


def switch_and_paint(app: App, painted: Painted, language: str, frames: int = 3) -> None:
    """The switch the Options make, then a few painted frames, read from the first one."""
    app.change_language(language)
    painted.start()
    steps(app, frames, draw=True)


def switched_on(screen: str, monkeypatch, tmp_path) -> None:
    """The screen put in its phase in the pseudo language, switched to French, painted, read."""
    app, painted = start(monkeypatch, tmp_path, lang.PSEUDO)
    SCREENS[screen](app)
    app.stack.apply()
    steps(app, 1, draw=True)
    switch_and_paint(app, painted, "fr")
    assert painted.lines, "the screen painted nothing"
    assert painted.stale() == [], f"{screen}: still in the old language after the switch"


@pytest.mark.heavy
@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_no_line_of_the_old_language_stays_after_a_switch_on_any_screen(screen, monkeypatch, tmp_path):
    switched_on(screen, monkeypatch, tmp_path)


@pytest.mark.parametrize("screen", ["duel_setup", "duel_results"])
def test_a_switch_on_the_duels_set_up_or_results_leaves_no_old_line(screen, monkeypatch, tmp_path):
    """Fast siblings of the tour above on two of its cheapest screens (the card set-up's is the
    key toasts' test below, a game's the pause test): each makes its words again."""
    switched_on(screen, monkeypatch, tmp_path)


def test_a_game_switched_under_the_pause_shows_no_old_line(monkeypatch, tmp_path):
    """The fast sibling, as a person does it: Esc, Options, Français, back, back to the game."""
    app, painted = start(monkeypatch, tmp_path, lang.PSEUDO)
    scene = couch_table(app)
    press(app, pygame.K_ESCAPE)
    app.stack.push(OptionsScene(app))
    app.stack.apply()
    switch_and_paint(app, painted, "fr", frames=1)  # the table under the pause, and the Options
    press(app, pygame.K_ESCAPE, draw=True)
    press(app, pygame.K_ESCAPE, draw=True)
    steps(app, 2, draw=True)
    assert app.stack.top is scene
    assert painted.stale() == []
    assert scene.names[:2] == ["Joueur 1", "Joueur 2"]  # default names follow the language
    assert any("Joueur 1" in line for line in painted.lines)


PLAIN = re.compile(r"^[\s\d.,:;·×+\-–—%/()|#…↑↓←→⌫♠♥♦♣★☆♛●‹›❮❯✕○□△'\"!?¿¡=<>]*$")
NAMES = {"Ana", "Ben", "Csilla", "Dani", "Emma", "Feri", "Gabi", "Hugo", "Bluffhouse"}


def test_a_game_switched_from_spanish_to_french_draws_only_french(monkeypatch, tmp_path):
    app, painted = start(monkeypatch, tmp_path, "es")
    scene = solo_table(app, "kamu")
    assert scene.names[0] == "Jugador 1"
    switch_and_paint(app, painted, "fr")
    unexplained = sorted(
        {
            line
            for line in painted.lines
            if line.strip()
            and not PLAIN.match(line)
            and line.strip() not in NAMES
            and not any(line.strip(" ●·•").casefold() in given for given in painted.given)
            and len(line.strip()) > 2
        }
    )
    assert unexplained == [], f"drawn after the switch but not French: {unexplained[:10]}"
    assert not any("Jugador" in line for line in painted.lines)


def test_the_set_ups_key_toasts_and_the_hands_refusals_are_told_again_after_a_switch(monkeypatch, tmp_path):
    """Toasts of the card set-up's keys (scenes.setup.keys), the duel set-up's (duel_keys) and the
    table's hand (scenes.table.controls) are kept as words: a switch tells them, names included,
    in the new language."""
    app, _ = start(monkeypatch, tmp_path, lang.PSEUDO)
    kept = []
    app.stack.push(SetupScene(app, "bullets"))
    app.stack.apply()
    press(app, pygame.K_q)  # a newcomer takes the first computer player's seat: "Player 2 takes…"
    press(app, pygame.K_c)  # C for their peek key? it is Player 1's challenge key
    kept += [toast.words for toast in app.toasts]
    app.toasts.clear()
    app.stack.push(DuelSetupScene(app))
    app.stack.apply()
    steps(app, 2)  # (the remembered keys are bound as it enters)
    press(app, pygame.K_k)  # against the computer, the one person has their key already
    kept += [toast.words for toast in app.toasts]
    app.toasts.clear()
    rules = Rules.bullets(3)
    table = TableScene(app, GameSetup(rules, [person(1)] + [bot_seat(s) for s in (1, 2)], seed=1))
    app.stack.push(table)
    app.stack.apply()
    for _ in range(200):  # the deal, then the person's lead
        if not table.fx.dealing and table.table.turn == 0 and table.flow.wait_left() == 0:
            break
        app.step(DT, draw=False)
    press(app, pygame.K_RETURN)  # Enter with no card picked
    kept += [toast.words for toast in app.toasts]
    assert len(kept) == 4 and not any(isinstance(words, str) for words in kept)
    before = [said(words) for words in kept]
    assert all(PSEUDO_OPEN in text for text in before)
    app.change_language("fr")
    after = [said(words) for words in kept]
    assert after == [
        lang.t("setup.takes_seat", name="Joueur 2", old="Ben"),
        lang.t("setup.key_taken", button="C", name="Joueur 1", role=lang.t("setup.role.challenge")),
        lang.t("duel.setup.toast.all_keyed"),
        lang.t("refusal.no_cards"),
    ]
