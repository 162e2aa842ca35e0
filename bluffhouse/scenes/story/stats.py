"""The Stats screen: one person's figures in one game, the computer players by level, the Hall of Fame.

←/→ go through the people (most games first), then the computer players, then the Hall of
Fame; Tab changes the game. Each is one question to the database (a name's stats: a few
milliseconds with 10,000 stored games, tools/records_bench.py "stats_*").
"""

from __future__ import annotations

import pygame

from bluffhouse.game.cards import parse_card
from bluffhouse.game.dice import Category
from bluffhouse.game.records.queries import GAMES, Fame, Stats
from bluffhouse.game.records.record import person_key
from bluffhouse.game.rules import Rules
from bluffhouse.scenes.duel.words import category_name, claim_words
from bluffhouse.scenes.shell.input import Intent
from bluffhouse.scenes.story.base import StoreScene
from bluffhouse.scenes.story.moments import dice_text, percent
from bluffhouse.scenes.story.pages import person_page
from bluffhouse.scenes.table.words import call_words, card_text, rank_word
from bluffhouse.scenes.ui.keycaps import draw_hints
from bluffhouse.scenes.ui.lang import has_text, t
from bluffhouse.scenes.ui.palette import Palette
from bluffhouse.scenes.ui.text import draw_fitted, draw_text
from bluffhouse.scenes.ui.theme import draw_backdrop
from bluffhouse.scenes.ui.widgets import draw_panel

COMPUTERS, FAME = "@computers", "@fame"
PANEL = pygame.Rect(90, 140, 1100, 500)
DECKS = {"bullets": Rules.bullets(), "kamu": Rules.kamu()}


def boldest_text(game: str, detail: dict | None) -> str:
    """The boldest lie that passed, in words: the call and the cards, or the claim and the dice."""
    if not detail:
        return t("story.stats.none")
    try:
        if "claim" in detail:
            claim = tuple(int(c) for c in detail["claim"])
            held = tuple(int(c) for c in detail.get("held", ""))
            return t("story.stats.bold_dice", claim=claim_words(claim), held=dice_text(held))
        cards = [parse_card(code) for code in detail.get("cards", "").split()]
        rules = DECKS.get(game, DECKS["bullets"])
        return t(
            "story.stats.bold_cards",
            call=call_words(rules, len(cards), detail["rank"]),
            cards=", ".join(card_text(card) for card in cards),
        )
    except (KeyError, ValueError, TypeError):  # a row changed by hand: shown as nothing
        return t("story.stats.none")


def favourite_text(game: str, favourite: str | None) -> str:
    """The rank played most (the duel: the kind of hand proposed most)."""
    if not favourite:
        return t("story.stats.none")
    try:
        if game == "duel":
            return category_name(Category[favourite.upper()])
        return rank_word(DECKS.get(game, DECKS["bullets"]), favourite, 2)
    except (KeyError, ValueError):
        return t("story.stats.none")


def figure_lines(stats: Stats) -> list[tuple[str, str]]:
    """(what, how much) of one person's (or level's) figures, as the screen lists them."""
    lies_of = "story.stats.lies_of_duel" if stats.game == "duel" else "story.stats.lies_of"  # proposals
    # what the favourite counts (game.records.figures): cards really played; the duel's hands proposed
    favourite = "story.stats.favourite_duel" if stats.game == "duel" else "story.stats.favourite"
    return [
        (t("story.stats.games"), str(stats.games)),
        (t("story.stats.wins"), t("story.stats.of", part=stats.wins, share=percent(stats.win_share))),
        (t("story.stats.lies"), t(lies_of, n=stats.lies, calls=stats.calls, share=percent(stats.lie_share))),
        (
            t("story.stats.passed"),
            t("story.stats.of", part=stats.lies_passed, share=percent(stats.passed_share)),
        ),
        (t("story.stats.caught"), str(stats.caught)),
        (t("story.stats.challenges"), str(stats.challenges)),
        (
            t("story.stats.challenges_won"),
            t("story.stats.of", part=stats.challenges_won, share=percent(stats.eye)),
        ),
        (t("story.stats.wrongly_accused"), str(stats.wrongly_accused)),
        (t("story.stats.boldest"), boldest_text(stats.game, stats.boldest)),
        (t(favourite), favourite_text(stats.game, stats.favourite)),
    ]


def fame_line(fame: Fame, game: str | None) -> str:
    """What a title of the Hall of Fame was won with."""
    if fame.title == "boldest_lie":
        return boldest_text(game or "bullets", fame.detail)
    if fame.out_of:
        return t(f"story.fame.{fame.title}.by", n=fame.value, out_of=fame.out_of, share=percent(fame.share))
    return t(f"story.fame.{fame.title}.by", n=fame.value)


class StatsScene(StoreScene):
    """A person's figures per game, the computer players, the all-time Hall of Fame."""

    def __init__(self, app, name: str | None = None, game: str | None = None) -> None:
        """name: the person shown first (None: the one with most games); game: bullets/kamu/duel
        (None: the game that person played last — a night of duels opens on the duel)."""
        super().__init__(app)
        self.game: str | None = game if game in GAMES else None
        people, self.game, self.figures = self.ask(
            person_page, name, self.game, default=((), self.game or "bullets", None)
        )
        self.people: list[str] = list(people)
        self.subjects = [*self.people, COMPUTERS, FAME]
        wanted = person_key(name or "")
        self.index = next((i for i, person in enumerate(self.people) if person_key(person) == wanted), 0)
        if not self.people or (name is not None and not any(person_key(p) == wanted for p in self.people)):
            self.load()  # somebody who never played: the first person's figures (or the computers')

    @property
    def subject(self) -> str:
        """A person's name, COMPUTERS or FAME."""
        return self.subjects[self.index]

    def load(self) -> None:
        """Ask for what is shown."""
        if self.subject == FAME:
            self.figures = self.ask("hall_of_fame", self.game, default=[])
        else:
            if self.game is None:
                self.game = "bullets"  # a person's figures are per game
            if self.subject == COMPUTERS:
                self.figures = self.ask("levels", self.game, default=[])
            else:
                self.figures = self.ask("stats", self.subject, self.game)

    def turn(self, delta: int) -> None:
        """The next person (then the computer players, then the Hall of Fame); a person who never
        played the game shown is shown in the game they played last."""
        self.index = (self.index + delta) % len(self.subjects)
        self.load()
        if self.figures is None and self.subject not in (COMPUTERS, FAME):
            last = self.ask("last_game", self.subject)
            if last is not None and last != self.game:
                self.game = last
                self.load()
        self.app.sound.play("flip", 0.5)

    def change_game(self, delta: int = 1) -> None:
        """The next game (the Hall of Fame has all games together too)."""
        choices = (None, *GAMES) if self.subject == FAME else GAMES
        index = choices.index(self.game) if self.game in choices else 0
        self.game = choices[(index + delta) % len(choices)]
        self.load()
        self.app.sound.play("tick")

    def handle(self, intent: Intent) -> bool:
        """←/→ who, Tab (or ↑/↓) the game, Esc back."""
        kind = intent.kind
        if kind in ("back", "right_click"):
            self.app.sound.play("tock")
            self.app.stack.pop()
        elif kind in ("left", "right", "page_up", "page_down"):
            self.turn(-1 if kind in ("left", "page_up") else 1)
        elif kind in ("tab", "up", "down"):
            self.change_game(-1 if kind == "up" or (kind == "tab" and intent.value < 0) else 1)
        elif kind in ("click", "wheel") and (intent.pos is not None or kind == "wheel"):
            ahead = intent.pos[0] >= 640 if kind == "click" and intent.pos is not None else intent.value < 0
            self.turn(1 if ahead else -1)
        else:
            return False
        return True

    # -- drawing --------------------------------------------------------------------------

    def heading(self) -> str:
        """Whose figures, in which game."""
        game = t(f"menu.{self.game}") if self.game else t("story.history.all_games")
        if self.subject == FAME:
            return t("story.fame.title", game=game)
        if self.subject == COMPUTERS:
            return t("story.stats.computers", game=game)
        return t("story.stats.person", name=self.subject, game=game)

    def draw(self, surface: pygame.Surface) -> None:
        """The title, whose figures, the figures, the key hints."""
        draw_backdrop(surface)
        draw_fitted(
            surface,
            t("story.stats.title"),
            (640, 36),
            1000,
            34,
            Palette.GOLD_LIGHT,
            True,
            "center",
            smallest=22,
        )
        draw_fitted(
            surface,
            "❮  " + self.heading() + "  ❯",
            (640, 100),
            1100,
            26,
            Palette.WHITE,
            True,
            "center",
            smallest=18,
        )
        draw_panel(surface, PANEL)
        if self.problem:
            self._line(surface, self.problem)
        elif self.subject == FAME:
            self._fame(surface)
        elif self.subject == COMPUTERS:
            self._levels(surface)
        elif self.figures is None:
            self._line(surface, t("story.stats.never", name=self.subject))
        else:
            self._figures(surface, figure_lines(self.figures))
        draw_hints(
            surface,
            [("←→", t("story.hint.person")), ("Tab", t("story.hint.game")), ("Esc", t("hint.back"))],
            690,
        )

    @staticmethod
    def _line(surface: pygame.Surface, line: str) -> None:
        draw_fitted(
            surface,
            line,
            PANEL.center,
            PANEL.w - 80,
            22,
            Palette.CREAM,
            anchor="center",
            smallest=18,
            max_lines=2,
        )

    @staticmethod
    def _figures(surface: pygame.Surface, lines: list[tuple[str, str]]) -> None:
        step = (PANEL.h - 30) // len(lines)
        for row, (what, value) in enumerate(lines):
            y = PANEL.y + 15 + row * step + step // 2
            draw_fitted(
                surface, what, (PANEL.x + 40, y), 440, 21, Palette.GOLD_LIGHT, anchor="midleft", smallest=18
            )
            draw_fitted(
                surface,
                value,
                (PANEL.x + 500, y),
                PANEL.w - 540,
                22,
                Palette.CREAM,
                True,
                "midleft",
                smallest=18,
                max_lines=2,
                height=step,
            )

    def _levels(self, surface: pygame.Surface) -> None:
        if not self.figures:
            self._line(surface, t("story.stats.no_computers"))
            return
        columns = (("level", 0), ("games", 200), ("wins", 370), ("lies", 540), ("passed", 710), ("eye", 880))
        for key, x in columns:
            draw_fitted(
                surface,
                t(f"story.stats.col.{key}"),
                (PANEL.x + 40 + x, PANEL.y + 20),
                164,
                18,
                Palette.GOLD_LIGHT,
                True,
                smallest=18,
            )
        for row, stats in enumerate(self.figures[:9]):
            y = PANEL.y + 80 + row * 46
            level = f"setup.level.{stats.name}"
            values = (
                t(level) if has_text(level) else stats.name,
                str(stats.games),
                percent(stats.win_share),
                percent(stats.lie_share),
                percent(stats.passed_share),
                percent(stats.eye),
            )
            for (key, x), value in zip(columns, values, strict=True):
                draw_fitted(
                    surface,
                    value,
                    (PANEL.x + 40 + x, y),
                    160,
                    21,
                    Palette.CREAM,
                    key == "level",
                    "midleft",
                    smallest=18,
                )

    def _fame(self, surface: pygame.Surface) -> None:
        if not self.figures:
            self._line(surface, t("story.fame.empty"))
            return
        step = min(80, (PANEL.h - 30) // len(self.figures))
        for row, fame in enumerate(self.figures):
            y = PANEL.y + 20 + row * step
            draw_text(surface, "♛", (PANEL.x + 44, y + 14), 28, Palette.GOLD, anchor="center")
            draw_fitted(
                surface,
                t(f"story.fame.{fame.title}"),
                (PANEL.x + 70, y),
                370,
                24,
                Palette.GOLD_LIGHT,
                True,
                smallest=18,
            )
            draw_fitted(surface, fame.name, (PANEL.x + 460, y), 260, 24, Palette.WHITE, True, smallest=18)
            draw_fitted(
                surface,
                fame_line(fame, self.game),
                (PANEL.x + 70, y + 34),
                PANEL.w - 110,
                19,
                Palette.CREAM,
                smallest=18,
            )
