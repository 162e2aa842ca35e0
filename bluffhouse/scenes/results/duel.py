"""DuelResultsScene: who won the duel, and the story of every round."""

from __future__ import annotations

from dataclasses import replace

import pygame

from bluffhouse.game.dice import canonical
from bluffhouse.scenes import art
from bluffhouse.scenes.demo import next_demo_art
from bluffhouse.scenes.duel.words import claim_words
from bluffhouse.scenes.play.phones import seat_kinds
from bluffhouse.scenes.results.audience import ResultsAudience
from bluffhouse.scenes.results.phones import ResultsPhones
from bluffhouse.scenes.shell.input import Intent
from bluffhouse.scenes.shell.registry import open_scene
from bluffhouse.scenes.shell.scene import Scene
from bluffhouse.scenes.shell.session import GameSetup
from bluffhouse.scenes.ui.anim import Tween, out_back
from bluffhouse.scenes.ui.keycaps import draw_hints
from bluffhouse.scenes.ui.lang import t, you_text
from bluffhouse.scenes.ui.names import badge_letters, seat_label
from bluffhouse.scenes.ui.palette import Palette
from bluffhouse.scenes.ui.text import READ, draw_fitted, draw_text, fit_lines, fit_size, font, note, render
from bluffhouse.scenes.ui.theme import draw_backdrop, title_image
from bluffhouse.scenes.ui.widgets import Button, Menu, draw_panel

LIST = pygame.Rect(150, 190, 980, 404)
ROW_H = 84  # a round's head, then what happened on two lines (a longer language: a line more each)
DETAIL_STEP = 19
TITLE_W = 1180  # the winner's line shrinks to stay on the screen
DEMO_HOLD = 5.0  # seconds before the attract mode deals its next game
PHONE_ROUNDS = 5  # the last rounds a phone lists, as many lines as its log showed in the game


def round_story(result, names: list[str], you: int | None = None) -> tuple[str, str, bool]:
    """(headline, detail, claim_held) for one round of the match; you: the only person, spoken to."""
    claimant = result.claimant
    challenger = 1 - claimant
    held = result.held  # the engine's verdict, as the round's event told it
    head = you_text(
        "duel.results.row_head", result.winner == you, n=result.number, winner=names[result.winner]
    )
    first = you_text("duel.results.first", result.proposer == you, name=names[result.proposer])
    claimed = "duel.results.claimed" + {claimant: ".you", challenger: ".you_challenged"}.get(you, "")
    claimed = t(
        claimed, claimant=names[claimant], claim=claim_words(result.claim), challenger=names[challenger]
    )
    detail = t(
        "duel.results.row_detail",
        first=first,
        claimed=claimed,
        had=claim_words(result.revealed),
        outcome=t("duel.results.held" if held else "duel.results.bluff"),
    )
    return head, detail, held


class DuelResultsScene(Scene):
    """The match winner, the round-by-round story, Play again or Menu."""

    takes_phone_presses = True  # a phone seat's "again" is its own press (ResultsPhones)
    audience_shown = True  # the audience watches this screen (scenes/phones/watchers.py)

    def __init__(self, app, setup: GameSetup, match) -> None:
        """setup: the duel's set-up (Play again reuses it); match: the finished DuelMatch."""
        super().__init__(app)
        self.setup, self.match = setup, match
        self.names = [spec.name for spec in setup.seats]
        self.labels = self._labels()  # the names as shown: a computer player with its level
        self.scroll = max(0, len(match.results) - LIST.h // ROW_H)
        # the whole match again, face up, once it is over (None for the demo or an untaped match)
        self.replay_record = None if setup.demo else app.records.finished_record(match)
        self.again = Button(t("duel.results.again"), self.play_again, width=300)
        self.leave = Button(t("duel.results.menu"), self.to_menu, width=300)
        buttons = [self.again, self.leave]
        if self.replay_record is not None:  # last: the keys reach the others as they always did
            buttons.append(Button(t("results.replay"), self.replay, width=300))
        self.menu = Menu(buttons, sound=app.sound)
        for index, button in enumerate(buttons):
            button.rect.center = (640 + round((index - (len(buttons) - 1) / 2) * 320), 648)
            button.markers = False
        self.intro = Tween(0.0, 1.0, 0.7, out_back)
        self.hold = 0.0
        self.phones = ResultsPhones(app.phones, () if setup.demo else setup.phones)
        self.audience = ResultsAudience(app, setup)

    def _labels(self) -> list[str]:
        return [seat_label(spec.name, None if spec.human else spec.bot) for spec in self.setup.seats]

    def relabel(self) -> None:
        """The language changed: default names and the buttons follow it."""
        self.names[:] = self.setup.relabel()
        self.labels = self._labels()
        self.again.label, self.leave.label = t("duel.results.again"), t("duel.results.menu")

    @property
    def phone_seats(self) -> tuple[int, ...]:
        """The phones stay joined and show how the match ended (Play again goes on with them)."""
        return self.setup.phones

    def phone_state(self, seat: int) -> dict:
        """What seat's phone shows: the match's end said to that person, the score, each round."""
        winner = self.match.winner if self.match.winner is not None else 0
        kinds = seat_kinds(self.setup)
        players = [
            {
                "name": self.names[s],
                "kind": kinds[s],
                "score": self.match.scores[s],
                "away": self.phones.away(s),
                "turn": False,
            }
            for s in (0, 1)
        ]
        rounds = [round_story(result, self.names, seat)[0] for result in self.match.results]
        return {
            "game": "duel",
            "title": t("menu.duel"),
            "players": players,
            "status": you_text("duel.results.title", winner == seat, name=self.names[winner]),
            "log_title": t("results.match"),
            "log": rounds[-PHONE_ROUNDS:],
            "again": t("duel.results.again"),
        }

    def enter(self) -> None:
        """A fanfare for the winner."""
        self.intro = Tween(0.0, 1.0, 0.7, out_back)

    def art_wanted(self):
        """The attract mode's next game, warmed while the results show."""
        return next_demo_art(self.setup) if self.setup.demo else ()

    def play_again(self) -> None:
        """A new match with the same players and options."""
        self.app.sound.play("deal")
        setup = replace(
            self.setup,
            seats=list(self.setup.seats),
            seed=self.app.rng.randrange(2**32),
            options=dict(self.setup.options),
        )
        self.app.stack.replace(open_scene("duel_game", self.app, self.audience.next_setup(setup)))

    def replay(self) -> None:
        """The match again with both cups lifted (scenes.story.replay)."""
        self.app.sound.play("deal")
        open_scene("replay", self.app, self.replay_record)

    def to_menu(self) -> None:
        """Back to the main menu."""
        self.app.sound.play("tock")
        self.app.back_to_menu()

    def handle(self, intent: Intent) -> bool:
        """←/→ (or ↑/↓ on the buttons) choose, Enter acts; the wheel scrolls the story; a phone
        seat's "again" is Play again pressed by that person."""
        self.intro.finish()
        if self.phones.handle(intent, self.play_again):
            return True
        if self.setup.demo:
            if intent.kind in ("back", "confirm", "select", "click"):
                self.app.back_to_menu()
                return True
            return False
        if intent.kind == "back":
            self.to_menu()
            return True
        if intent.kind in ("wheel", "page_up", "page_down"):
            delta = -intent.value if intent.kind == "wheel" else (-3 if intent.kind == "page_up" else 3)
            most = max(0, len(self.match.results) - LIST.h // ROW_H)
            self.scroll = max(0, min(most, self.scroll + delta))
            return True
        if intent.kind in ("left", "right"):
            intent = Intent("up" if intent.kind == "left" else "down")
        return self.menu.handle(intent)

    def update(self, dt: float) -> None:
        """The title pops in; the phones hear how the match ended; the attract mode moves on by itself."""
        self.intro.update(dt)
        self.phones.update(self.phone_state, t("phone.lang"))
        if self.audience.live:  # as a seat's phone sees it, the winner named for everybody
            winner = self.match.winner if self.match.winner is not None else 0
            status = t("duel.results.title", name=self.names[winner])
            self.audience.update({**self.phone_state(self.setup.phones[0]), "status": status}, again=True)
        if self.setup.demo:
            self.hold += dt
            if self.hold >= DEMO_HOLD:
                self.hold = -1e9  # only once, even if the stack change waits a frame
                self.app.stack.replace(open_scene("next_demo", self.app, self.setup))

    def draw(self, surface: pygame.Surface) -> None:
        """Title, the final score, the rounds, the buttons."""
        draw_backdrop(surface)
        winner = self.match.winner if self.match.winner is not None else 0
        k = float(self.intro.value)
        words = you_text("duel.results.title", winner == self.setup.you, name=self.names[winner])
        title = title_image(words, fit_size(words, TITLE_W, 60, 30, True))
        if k < 1:
            title = pygame.transform.smoothscale_by(title, max(0.1, 0.5 + 0.5 * k))
        surface.blit(title, title.get_rect(center=(640, 62)))
        scores = self.match.scores
        for seat, x in ((0, 520), (1, 760)):
            badge = art.seat_badge(seat, badge_letters(self.names[seat]), 52, seat == winner)
            surface.blit(badge, badge.get_rect(center=(x, 138)))
            draw_text(
                surface,
                self.labels[seat],
                (x + (-40 if seat == 0 else 40), 138),
                24,
                Palette.CREAM,
                True,
                "midright" if seat == 0 else "midleft",
            )
        score = f"{scores[0]} – {scores[1]}"
        draw_text(surface, score, (640, 138), 40, Palette.GOLD_LIGHT, True, "center")
        draw_panel(surface, LIST.inflate(24, 16), (6, 28, 18, 210))
        clip = surface.get_clip()
        surface.set_clip(LIST)
        y = LIST.y
        for result in self.match.results[self.scroll :]:
            if y >= LIST.bottom:
                break
            y += self._row(surface, result, y)
        surface.set_clip(clip)
        self.audience.draw(surface, (640, LIST.y - 8), 760, 30)  # on the rounds' top edge, under the score
        self.menu.draw(surface, self.app.time)
        draw_hints(
            surface,
            [("←→", t("hint.choose")), ("Enter", t("hint.select")), ("Esc", t("results.hint.menu"))],
            698,
        )

    def _row(self, surface: pygame.Surface, result, y: int) -> int:
        """One round: its head, its verdict's chip, what happened, the dice; returns its height."""
        head, detail, held = round_story(result, self.names, self.setup.you)
        _, lines = fit_lines(detail, LIST.w - 222, READ, READ, False, 5)
        height = ROW_H + DETAIL_STEP * max(0, len(lines) - 2)
        colour = (44, 150, 80) if held else (200, 40, 40)
        shown = draw_text(surface, head, (LIST.x + 16, y + 21), 20, Palette.CREAM, True, "midleft")
        word = t("duel.stamp.held" if held else "duel.stamp.bluff")
        label = render(word, READ, Palette.CREAM, True, None)
        chip = label.get_rect(midleft=(shown.right + 22, y + 22)).inflate(16, 6)
        pygame.draw.rect(surface, colour, chip, border_radius=chip.h // 2)
        at = label.get_rect(center=chip.center)
        surface.blit(label, at)
        note(surface, word, at, READ, image=label)
        draw_fitted(
            surface,
            detail,
            (LIST.x + 16, y + 36),
            LIST.w - 222,
            READ,
            Palette.CREAM_DIM,
            max_lines=5,
            gap=DETAIL_STEP - font(READ).get_linesize(),
        )
        places = range(LIST.right - 186, LIST.right, 36)
        for face, x in zip(canonical(result.revealed), places, strict=False):
            surface.blit(art.die_face(face, 30), (x, y + 24))
        rule = y + height - 3
        pygame.draw.line(surface, Palette.GOLD_DARK, (LIST.x, rule), (LIST.right, rule), 1)
        return height
