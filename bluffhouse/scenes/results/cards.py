"""The results of a card game: places, the truth recap, everybody's figures, the match so far."""

from __future__ import annotations

import math
from dataclasses import replace
from functools import partial

import pygame

from bluffhouse.game.match import CardMatch
from bluffhouse.scenes.art.suits import suit_icon
from bluffhouse.scenes.demo import next_demo_art
from bluffhouse.scenes.play.phones import seat_kinds
from bluffhouse.scenes.results.audience import ResultsAudience
from bluffhouse.scenes.results.awards import awards, draw_awards
from bluffhouse.scenes.results.confetti import Confetti
from bluffhouse.scenes.results.phones import ResultsPhones
from bluffhouse.scenes.results.recap import SUIT_H, RecapList, recap_rows, recap_summary
from bluffhouse.scenes.results.tables import (
    HEADER_H,
    draw_match,
    draw_places,
    match_rows,
    place_label,
    place_rows,
)
from bluffhouse.scenes.shell.app import App
from bluffhouse.scenes.shell.input import Intent
from bluffhouse.scenes.shell.registry import open_scene
from bluffhouse.scenes.shell.scene import Scene
from bluffhouse.scenes.shell.session import GameRecord
from bluffhouse.scenes.table.truth import CallTruth, SeatStats
from bluffhouse.scenes.table.words import cards_word
from bluffhouse.scenes.ui.keycaps import draw_hints
from bluffhouse.scenes.ui.lang import t, you_text
from bluffhouse.scenes.ui.names import computer_tags
from bluffhouse.scenes.ui.palette import Palette
from bluffhouse.scenes.ui.text import READ, draw_fitted, draw_text, text_width
from bluffhouse.scenes.ui.theme import draw_backdrop, title_image
from bluffhouse.scenes.ui.widgets import Button, draw_panel

LEFT = pygame.Rect(28, 104, 612, 520)
RIGHT = pygame.Rect(652, 104, 600, 520)
BUTTON_Y = 662
DEMO_ADVANCE = 4.0  # seconds before the attract mode deals the next game


class ResultsScene(Scene):
    """Who won, the whole truth of the game, and what next: next round, play again, set-up, menu."""

    takes_phone_presses = True  # a phone seat's "again" is its own press (ResultsPhones)
    audience_shown = True  # the audience watches this screen (scenes/phones/watchers.py)

    def __init__(self, app: App, record: GameRecord[CallTruth, SeatStats]) -> None:
        """record comes from the card table when a game ends."""
        super().__init__(app)
        self.record = record
        self.rules = record.setup.rules
        self.game = self.rules.game.value
        self.names = [seat.name for seat in record.setup.seats]
        self.tags = self._tags()  # after each name in the tables: a computer player's level
        self.you = record.setup.you  # the only person at the table, spoken to as "you"
        self.match = record.match
        self.places = place_rows(record.table)
        self.recap = RecapList(
            pygame.Rect(RIGHT.x + 16, RIGHT.y + 78, RIGHT.w - 28, RIGHT.h - 92),
            recap_rows(record),
            self.names,
            self.you,
        )
        self.age = 0.0
        self._advanced = False
        # the whole game (match) again, face up, once it is over (None: the demo, a match going on)
        self.replay_record = None if record.setup.demo else app.records.finished_record(self.match)
        self.buttons = self._buttons()
        self.focus = 0
        self.phones = ResultsPhones(app.phones, () if record.setup.demo else record.setup.phones)
        self.audience = ResultsAudience(app, record.setup)
        self.confetti = Confetti(record.setup.seed or 0)

    # -- what is shown ------------------------------------------------------------------

    @property
    def phone_seats(self) -> tuple[int, ...]:
        """The phones stay joined and show how the game ended (Play again goes on with them)."""
        return self.record.setup.phones

    @property
    def match_over(self) -> bool:
        """True when no game of the match is left (a lone game is a match of one)."""
        return self.match is None or self.match.is_over

    @property
    def shows_match(self) -> bool:
        """Kamu, or any match of several rounds: the round points and the total."""
        return self.match is not None and (self.rules.rounds > 1 or self.game == "kamu")

    def match_table(self) -> list:
        """The match rows (points per round and total), best first."""
        return match_rows(self.match) if self.match is not None else []

    def title(self, you: int | None = None) -> str:
        """ "Ana wins!", "Ana wins round 2!", "Ana wins the match!", "Ana and Ben share the win!";
        you: the seat spoken to ("You win!"; None: the only person at the table, if any)."""
        you = self.you if you is None else you
        if self.shows_match and self.match_over:
            winners = self.match.winners()
            if len(winners) > 1:
                return t("results.title.shared", names=self._join([self.names[s] for s in winners]))
            return self._wins("results.title.match", winners[0], you)
        if self.shows_match and self.rules.rounds > 1:  # a round of a match: not the match itself
            return self._wins("results.title.round", self.record.table.winner, you, n=self.match.games_played)
        return self._wins("results.title.game", self.record.table.winner, you)

    def _wins(self, key: str, seat: int | None, you: int | None, **fields) -> str:
        name = self.names[seat] if seat is not None else "?"
        return you_text(key, seat is not None and seat == you, name=name, **fields)

    def subtitle(self) -> str:
        """The game, and where the match stands."""
        game = t(f"menu.{self.game}")
        if not self.shows_match:
            return t("results.sub.game", game=game)
        played = self.match.games_played
        if self.match_over:
            return t("results.sub.match_over", game=game, rounds=self.rules.rounds)
        winner = self.record.table.winner
        name = self.names[winner] if winner is not None else "?"
        return you_text(
            "results.sub.round",
            winner is not None and winner == self.you,
            game=game,
            n=played,
            rounds=self.rules.rounds,
            name=name,
        )

    @staticmethod
    def _join(names: list[str]) -> str:
        if len(names) == 1:
            return names[0]
        return t("results.and", a=", ".join(names[:-1]), b=names[-1])

    @property
    def under(self) -> int:
        """Room kept at the foot of the left panel for the audience's best reader (when shown)."""
        return {0: 0, 1: 44}.get(self.audience.lines(LEFT.w - 32), 66)

    def row_step(self) -> int:
        """Row height of the tables: both the places and the match share the left panel."""
        n = len(self.places)
        free = LEFT.h - 60 - HEADER_H - 24 * any(p.shared for p in self.places)
        if self.shows_match:
            free -= 44 + HEADER_H + 10
            n *= 2
        return max(20, min(36, free // max(1, n)))

    def phone_state(self, seat: int) -> dict:
        """What seat's phone shows: the end said to that person, each seat's cards and bullets
        left, the places (or the match's standings), and the words of the first button."""
        final = self.record.table.view(seat)  # only its public counts are sent: no hand
        kinds = seat_kinds(self.record.setup)
        players = [
            {
                "name": name,
                "kind": kinds[s],
                "cards": final.hand_sizes[s],
                "turn": False,
                "bullets": final.bullets[s] if self.rules.uses_bullets else None,
                "away": self.phones.away(s),
            }
            for s, name in enumerate(self.names)
        ]
        if self.shows_match:
            rows = [(r.place, r.shared, r.seat, t("table.points", n=r.total)) for r in self.match_table()]
        else:
            rows = [
                (r.place, r.shared, r.seat, t("results.won") if r.winner else cards_word(r.cards, False))
                for r in self.places
            ]
        lines = [
            t("phone.results.row", place=place_label(place, shared), name=self.names[s], what=what)
            for place, shared, s, what in rows
        ]
        return {
            "game": self.game,
            "title": t(f"menu.{self.game}"),
            "players": players,
            "status": self.title(seat),
            "log": lines,
            "log_title": t("results.match" if self.shows_match else "results.places"),
            "again": self.buttons[0].label if self.buttons else "",
        }

    def awards(self) -> list[tuple[int, str, str]]:
        """A few titles for the players (best bluffer, sharpest eye...): (title, reason)."""
        return awards(self.recap.rows, self.record.stats, self.names)

    # -- what next ----------------------------------------------------------------------

    def _tags(self) -> list[tuple[str, ...]]:
        return [() if spec.human else computer_tags(spec.bot) for spec in self.record.setup.seats]

    @property
    def clickable(self) -> tuple[pygame.Rect, ...]:
        """What next: its buttons."""
        return tuple(button.rect for button in self.buttons)

    def _buttons(self) -> list[Button]:
        if self.record.setup.demo:
            return []
        if not self.match_over:
            specs = [(t("results.next_round"), self.next_round), (t("results.menu"), self.menu)]
        else:
            specs = [
                (t("results.play_again"), self.play_again),
                (t("results.setup"), self.setup),
                (t("results.menu"), self.menu),
            ]
            if self.replay_record is not None:  # last: the keys reach the others as they always did
                specs.append((t("results.replay"), self.replay))
        width = 260 if len(specs) < 4 else 250
        buttons = [Button(label, action, width, 50, size=22) for label, action in specs]
        x = 640 - (len(buttons) - 1) * (width + 40) // 2
        for button in buttons:
            button.rect.center = (x, BUTTON_Y)
            button.markers = False
            x += width + 40
        return buttons

    def next_round(self) -> None:
        """The next game of the match, with the same seats."""
        self.app.sound.play("deal")
        # The same computer players sit down again: what they learnt of each person stays.
        self.app.stack.replace(
            open_scene("table", self.app, self.record.setup, self.match, bots=self.record.bots)
        )

    def play_again(self) -> None:
        """A new match at the same table; the first seat moves one place along."""
        seed = self.app.rng.randrange(2**32)
        setup = replace(self.record.setup, seed=seed)
        players = self.rules.players
        if self.match is not None:
            first = (self.match.first + self.match.games_played) % players
        else:
            first = (self.record.table.first + 1) % players
        self.app.sound.play("deal")
        match = CardMatch(self.rules, seed, first=first)
        self.app.stack.replace(open_scene("table", self.app, self.audience.next_setup(setup), match))

    def replay(self) -> None:
        """The game (the whole match) again with every hand face up (scenes.story.replay)."""
        self.app.sound.play("deal")
        open_scene("replay", self.app, self.replay_record)

    def setup(self) -> None:
        """Back to the set-up of this game, everything as it was."""
        self.app.sound.play("tock")
        self.app.stack.replace(open_scene("card_setup", self.app, self.game, previous=self.record.setup))

    def menu(self) -> None:
        """The main menu."""
        self.app.sound.play("tock")
        self.app.back_to_menu()

    def _leave_match(self) -> None:
        self.app.sound.play("tick")
        question, yes = t("results.leave_question"), t("results.leave_yes")
        self.app.stack.push(open_scene("confirm", self.app, question, yes, self.app.back_to_menu))

    # -- scene --------------------------------------------------------------------------

    def relabel(self) -> None:
        """The language changed: default names, the recap's words and the buttons follow it."""
        self.names[:] = self.record.setup.relabel()
        self.tags = self._tags()
        self.recap.rows = recap_rows(self.record)
        self.buttons = self._buttons()
        self.focus = min(self.focus, max(0, len(self.buttons) - 1))

    def enter(self) -> None:
        """A fanfare for the winner."""
        self.app.sound.play("win")

    def art_wanted(self):
        """The suits of the recap's chips, and the attract mode's next game."""
        suits = sorted({card.suit for call in self.record.truth for card in call.cards if not card.is_joker})
        yield from ((("suit", suit, SUIT_H), "suit", partial(suit_icon, suit, SUIT_H)) for suit in suits)
        if self.record.setup.demo:
            yield from next_demo_art(self.record.setup)

    def update(self, dt: float) -> None:
        """Timers, the recap's scrolling, the phones' end state, and the attract mode's next game."""
        self.age += dt
        self.phones.update(self.phone_state, t("phone.lang"))
        if self.audience.live:  # as a seat's phone sees it, spoken to nobody
            self.audience.update(
                {**self.phone_state(self.record.setup.phones[0]), "status": self.title(-1)},
                again=self.match_over,
            )
        self.recap.update(dt)
        if self.record.setup.demo and self.age >= DEMO_ADVANCE and not self._advanced:
            self._advanced = True  # only once, even if the stack change waits a frame
            self.app.stack.replace(open_scene("next_demo", self.app, self.record.setup))

    def handle(self, intent: Intent) -> bool:
        """←/→ pick a button, ↑/↓ and the wheel scroll the recap, Enter acts, Esc leaves; a phone
        seat's "again" is the first button (Play again, or the match's next round) pressed by that
        person."""
        kind = intent.kind
        if self.buttons and self.phones.handle(intent, self.buttons[0].action):
            return True
        if self.record.setup.demo:
            if kind in ("back", "confirm", "select", "click"):
                self.app.back_to_menu()
                return True
            return False
        if kind == "back":
            self.menu() if self.match_over else self._leave_match()
            return True
        scrolls = {
            "up": -1,
            "down": 1,
            "page_up": -self.recap.visible_rows + 1,
            "page_down": self.recap.visible_rows - 1,
        }
        if kind in scrolls:
            self.recap.scroll(scrolls[kind])
            return True
        if kind in ("home", "end"):
            self.recap.scroll_to(kind == "end")
            return True
        if kind == "wheel":
            self.recap.scroll(-3 * intent.value)
            return True
        if kind in ("left", "right", "tab"):
            step = -1 if kind == "left" else 1
            self.focus = (self.focus + step) % len(self.buttons)
            self.app.sound.play("tick")
            return True
        if kind in ("motion", "click") and intent.pos is not None:
            for index, button in enumerate(self.buttons):
                if button.rect.collidepoint(intent.pos):
                    self.focus = index
                    return button.handle(intent, True) if kind == "click" else True
            return False
        if kind in ("confirm", "select") and self.buttons:
            return self.buttons[self.focus].handle(intent, True)
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Title, places and figures, the match, the recap, the buttons (the suits falling for
        the winner go behind all of it)."""
        draw_backdrop(surface)
        self.confetti.draw(surface, self.age, self.keep_out())
        pop = min(1.0, self.age / 0.5)
        title = title_image(self.title(), 50)
        if pop < 1:
            title = pygame.transform.smoothscale_by(title, 0.6 + 0.4 * pop)
        surface.blit(title, title.get_rect(center=(640, 40)))
        draw_text(surface, self.subtitle(), (640, 82), 19, Palette.CREAM, anchor="center")
        draw_panel(surface, LEFT)
        places = t("results.places")
        if self.shows_match:
            places = t("results.places_round", n=self.match.games_played)
        draw_text(surface, places, (LEFT.x + 20, LEFT.y + 12), 22, Palette.GOLD_LIGHT, True)
        area = pygame.Rect(LEFT.x + 12, LEFT.y + 48, LEFT.w - 24, LEFT.h - 60)
        step = self.row_step()
        bottom = draw_places(surface, area, self.places, self.names, self.record.stats, step, self.tags)
        if self.shows_match:
            y = bottom + 10
            draw_text(surface, t("results.match"), (LEFT.x + 20, y), 22, Palette.GOLD_LIGHT, True)
            box = pygame.Rect(LEFT.x + 12, y + 34, LEFT.w - 24, LEFT.bottom - y - 44 - self.under)
            draw_match(
                surface,
                box,
                self.match_table(),
                self.names,
                self.rules.rounds,
                self.match_over,
                step,
                self.tags,
            )
        else:
            room = pygame.Rect(LEFT.x + 20, bottom + 16, LEFT.w - 40, LEFT.bottom - bottom - 28 - self.under)
            draw_awards(surface, room, self.awards(), self.names, self.you)
        self.audience.draw(surface, (LEFT.centerx, LEFT.bottom - 26), LEFT.w - 32)
        draw_panel(surface, RIGHT)
        draw_text(surface, t("results.truth"), (RIGHT.x + 20, RIGHT.y + 12), 22, Palette.GOLD_LIGHT, True)
        draw_fitted(
            surface,
            recap_summary(self.recap.rows),
            (RIGHT.x + 20, RIGHT.y + 46),
            RIGHT.w - 36,
            READ,
            Palette.CREAM,
        )
        self.recap.draw(surface)
        for index, button in enumerate(self.buttons):
            button.draw(surface, index == self.focus, self.app.time)
        if self.record.setup.demo:
            left = max(0, math.ceil(DEMO_ADVANCE - self.age))
            draw_text(
                surface,
                t("results.demo_next", n=left),
                (640, BUTTON_Y),
                22,
                Palette.GOLD_LIGHT,
                True,
                "center",
            )
            draw_hints(surface, [("Esc", t("hint.back"))], 702)
        else:
            hints = [
                ("←→", t("hint.choose")),
                ("Enter", t("hint.select")),
                ("↑↓", t("results.hint.scroll")),
                ("Esc", t("results.hint.menu")),
            ]
            draw_hints(surface, hints, 702)

    def keep_out(self) -> list[pygame.Rect]:
        """Where the falling suits never show: the panels, the buttons and every line of words
        outside them (decoration never crosses words, issue 18)."""
        title = title_image(self.title(), 50).get_rect(center=(640, 40))
        subtitle = pygame.Rect(0, 0, text_width(self.subtitle(), 19) + 8, 28)
        subtitle.center = (640, 82)
        foot = pygame.Rect(0, BUTTON_Y - 34, 1280, 720 - (BUTTON_Y - 34))  # the buttons and key hints
        return [LEFT, RIGHT, title, subtitle, foot]
