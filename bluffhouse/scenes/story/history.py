"""The History screen: past games, newest first, a page at a time; open, share or delete one.

Only one page of games is asked of the database at a time (with the count of all that match):
it opens in a few milliseconds with 10,000 stored games (tools/records_bench.py, "history").
Tab changes the game shown, ←/→ the person, ↑/↓ the game chosen, PgUp/PgDn the page, Enter
opens its replay, S exports it, Backspace deletes it (after a question), T shows the stats; a
pad's ✕/A, △/Y, d-pad, LB/RB, □/X (share), LT (delete) and RT (stats) do the same.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pygame

from bluffhouse.game.records.queries import GAMES, HistoryRow
from bluffhouse.game.records.record import Refused
from bluffhouse.game.records.schema import StoreProblem
from bluffhouse.scenes.shell.input import Intent
from bluffhouse.scenes.shell.messages import message
from bluffhouse.scenes.shell.registry import NEEDS, open_scene
from bluffhouse.scenes.shell.settings import shown_path
from bluffhouse.scenes.shell.warmup import imports
from bluffhouse.scenes.story import share
from bluffhouse.scenes.story.art_wanted import replay_jobs
from bluffhouse.scenes.story.base import StoreScene
from bluffhouse.scenes.story.pages import PAGE, history_page
from bluffhouse.scenes.story.replay import open_replay
from bluffhouse.scenes.ui.dates import duration, full_date, when
from bluffhouse.scenes.ui.keycaps import draw_hints
from bluffhouse.scenes.ui.keys import PAD_LT, PAD_RT, PAD_X
from bluffhouse.scenes.ui.lang import t
from bluffhouse.scenes.ui.names import seat_label
from bluffhouse.scenes.ui.palette import Palette
from bluffhouse.scenes.ui.text import draw_fitted
from bluffhouse.scenes.ui.theme import draw_backdrop
from bluffhouse.scenes.ui.widgets import draw_button, draw_panel

if TYPE_CHECKING:
    from bluffhouse.scenes.art.kinds import Wanted

TABLE = pygame.Rect(40, 140, 1200, 420)
ROW_H = 46
HEAD_H = 40
COLUMNS = (
    ("date", 0, 180),
    ("game", 190, 175),
    ("people", 375, 360),
    ("winner", 745, 190),
    ("length", 945, 205),
)
# (the Stats button has room for its label on one line in every language: "Estadísticas y Salón
# de la Fama" wrapped, cramped, in 300 px)
CHIPS = {
    "game": pygame.Rect(40, 82, 300, 44),
    "name": pygame.Rect(356, 82, 300, 44),
    "stats": pygame.Rect(800, 82, 440, 44),
}


class HistoryScene(StoreScene):
    """Past games: filter by game and by person, open a replay, share or delete a game."""

    def __init__(self, app, game: str | None = None, name: str | None = None) -> None:
        """game: one of bullets/kamu/duel (None: all); name: one person's games (None: everyone's)."""
        super().__init__(app)
        self.game = game if game in GAMES else None
        self.people: list[str] = []
        self.person = name
        self.page = 0
        self.focus = 0
        self.hover: str | None = None  # the button under the mouse: lit instead of the game chosen
        self.rows: list[HistoryRow] = []
        self.total = 0
        self.replay_wanted: tuple[str, tuple[str, ...]] | None = None  # whose replay's art is wanted
        self.load(people=True)
        # What has no intent of its own, by keyboard letter and by pad button: a pad reaches
        # everything a keyboard does (✕/A opens, △/Y the game, the d-pad, LB/RB the pages).
        self.letters = {
            ("key", pygame.K_s): self.share_chosen,
            ("key", pygame.K_t): self.stats,
            ("key", pygame.K_DELETE): self.ask_delete,
            ("pad", PAD_X): self.share_chosen,
            ("pad", PAD_LT): self.ask_delete,
            ("pad", PAD_RT): self.stats,
        }

    # -- the page -------------------------------------------------------------------------

    @property
    def pages(self) -> int:
        """How many pages the games that match fill (at least one)."""
        return max(1, math.ceil(self.total / PAGE))

    def load(self, people: bool = False) -> None:
        """Ask for the page shown and how many games match (people: who played, too)."""
        if people:
            found = self.ask(history_page, self.game, self.person, self.page)
            if found is not None:
                self.people, self.total, self.rows = list(found.people), found.total, list(found.rows)
        else:
            self.total = self.ask("count", self.game, self.person, default=0)
            self.page = max(0, min(self.page, self.pages - 1))
            self.rows = self.ask("history", self.game, self.person, PAGE, self.page * PAGE, default=[])
        self.focus = max(0, min(self.focus, len(self.rows) - 1))

    def turn_page(self, delta: int) -> None:
        """The next or previous page."""
        page = max(0, min(self.pages - 1, self.page + delta))
        if page != self.page:
            self.page, self.focus = page, 0
            self.load()
            self.app.sound.play("flip", 0.5)

    def filter_game(self, delta: int = 1) -> None:
        """All games, then each game in turn."""
        choices = (None, *GAMES)
        self.game = choices[(choices.index(self.game) + delta) % len(choices)]
        self.page = self.focus = 0
        self.load()
        self.app.sound.play("tick")

    def filter_name(self, delta: int = 1) -> None:
        """Everyone, then each person who played, most games first."""
        choices = [None, *self.people]
        index = choices.index(self.person) if self.person in choices else 0
        self.person = choices[(index + delta) % len(choices)]
        self.page = self.focus = 0
        self.load()
        self.app.sound.play("tick")

    @property
    def clickable(self) -> tuple[pygame.Rect, ...]:
        """The filters, the Stats button and the games' rows."""
        return (*CHIPS.values(), TABLE)

    @property
    def chosen(self) -> HistoryRow | None:
        """The game the keys have chosen (none once the database is lost)."""
        return self.rows[self.focus] if self.rows and not self.problem else None

    # -- ahead of need -------------------------------------------------------------------

    def art_wanted(self) -> list[Wanted]:
        """The Stats' modules and the Replay of the game chosen, one key away: its cards (or dice)
        at the Replay's sizes."""
        self.replay_wanted = None
        return [*imports(NEEDS.get("stats", ())), *self.replay_art()]

    def replay_art(self) -> Iterator[Wanted]:
        """What the Replay of the game chosen draws, if it is not wanted already."""
        row = self.chosen
        game = None if row is None else (row.game, tuple(seat.name for seat in row.seats))
        if game is None or game == self.replay_wanted:
            return iter(())
        self.replay_wanted = game
        return replay_jobs(*game)

    def update(self, dt: float) -> None:
        """Another game chosen (another game, other seats): its Replay's art is wanted too."""
        self.app.warmup.want(self.replay_art())

    # -- what it does ---------------------------------------------------------------------

    def open_chosen(self) -> None:
        """The chosen game's replay (a damaged one says why, in one line)."""
        row = self.chosen
        if row is None or self.store is None:
            return
        try:
            story = self.store.open_replay(row.id)
        except Refused as refused:
            self.app.toast(share.refused_line(refused), 5.0)
            return
        except StoreProblem:  # a database that fails under us (locked, gone): one line
            self.app.say("story.db.unavailable")
            return
        self.app.sound.play("deal")
        open_replay(self.app, story)

    def share_chosen(self) -> None:
        """Export the chosen game as a file and say where."""
        row = self.chosen
        if row is None or self.store is None:
            return
        try:
            share.replays_folder().mkdir(parents=True, exist_ok=True)
            path = self.store.export(row.id, share.replays_folder())
        except Refused as refused:
            self.app.toast(share.refused_line(refused), 5.0)
            return
        except StoreProblem:
            self.app.say("story.db.unavailable")
            return
        except OSError as error:
            self.app.toast(share.failed_line(share.replays_folder(), error), 6.0)
            return
        self.app.toast(message("story.share.done", path=shown_path(path)), 6.0)

    def ask_delete(self) -> None:
        """Delete the chosen game, once the question is answered yes."""
        row = self.chosen
        if row is None:
            return
        self.app.sound.play("tick")
        question = t("story.history.delete_question", date=full_date(row.started))
        self.app.stack.push(
            open_scene(
                "confirm", self.app, question, t("story.history.delete_yes"), lambda: self.delete(row.id)
            )
        )

    def delete(self, game_id: int) -> bool:
        """Forget one stored game; True when it was there."""
        gone = bool(self.ask("delete", game_id, default=False))
        if gone:
            self.app.say("story.history.deleted")
        self.load(people=True)
        return gone

    def stats(self) -> None:
        """The Stats screen, of the person shown (or of the chosen game's first person), in the game
        chosen (or the one they played last)."""
        name = self.person
        if name is None and self.chosen is not None:
            name = next((seat.name for seat in self.chosen.seats if seat.kind != "computer"), None)
        self.app.sound.play("deal")
        self.app.stack.push(open_scene("stats", self.app, name, self.game))  # None: their last game

    def handle(self, intent: Intent) -> bool:
        """Keys, pad, wheel and mouse (see the module docstring)."""
        kind = intent.kind
        if kind in ("back", "right_click"):
            self.app.sound.play("tock")
            self.app.stack.pop()
        elif kind == "motion" and intent.pos is not None:
            return self._point(intent.pos)
        elif kind in ("up", "down"):
            self.hover = None
            if self.rows:
                self.focus = (self.focus + (1 if kind == "down" else -1)) % len(self.rows)
                self.app.sound.play("tick")
        elif kind in ("page_up", "page_down") or kind == "wheel":
            self.turn_page(-1 if kind == "page_up" or (kind == "wheel" and intent.value > 0) else 1)
        elif kind == "tab":
            self.filter_game(-1 if intent.value < 0 else 1)
        elif kind in ("left", "right"):
            self.filter_name(-1 if kind == "left" else 1)
        elif kind in ("confirm", "select"):
            self.open_chosen()
        elif kind == "backspace":
            self.ask_delete()
        elif (
            kind == "unbound_key"
            and intent.source is not None
            and (intent.source.device, intent.source.code) in self.letters
        ):
            self.letters[intent.source.device, intent.source.code]()
        elif kind == "click" and intent.pos is not None:
            return self._click(intent.pos)
        else:
            return False
        return True

    def _point(self, pos: tuple[int, int]) -> bool:
        """The mouse over a button lights it (and not the game chosen); over a game, chooses it."""
        self.hover = next((key for key, rect in CHIPS.items() if rect.collidepoint(pos)), None)
        for index in range(len(self.rows)):
            if self.row_rect(index).collidepoint(pos):
                self.focus = index
        return True

    def _click(self, pos: tuple[int, int]) -> bool:
        actions = {"game": self.filter_game, "name": self.filter_name, "stats": self.stats}
        for key, rect in CHIPS.items():
            if rect.collidepoint(pos):
                actions[key]()
                return True
        for index in range(len(self.rows)):
            if self.row_rect(index).collidepoint(pos):
                if index == self.focus:
                    self.open_chosen()  # a second click on the chosen game opens it
                self.focus = index
                return True
        return False

    # -- drawing --------------------------------------------------------------------------

    @staticmethod
    def row_rect(index: int) -> pygame.Rect:
        """Where the page's game number index is drawn (and clicked)."""
        return pygame.Rect(TABLE.x + 8, TABLE.y + HEAD_H + 6 + index * ROW_H, TABLE.w - 16, ROW_H - 4)

    def cells(self, row: HistoryRow) -> dict[str, str]:
        """The words of one game's row."""
        if row.damaged:
            return {
                "date": when(row.started),
                "game": t(f"menu.{row.game}") if row.game else "?",
                "people": t("story.history.damaged"),
                "winner": "",
                "length": "",
            }
        winner = ", ".join(row.winners) if row.winners else t("story.history.left")
        people = ", ".join(
            seat_label(seat.name, seat.level if seat.kind == "computer" else None) for seat in row.seats
        )
        return {
            "date": when(row.started),
            "game": t(f"menu.{row.game}"),
            "people": people,
            "winner": winner,
            "length": duration(row.length),
        }

    def draw(self, surface: pygame.Surface) -> None:
        """The title, the filters, a page of games, where the page is, the key hints."""
        draw_backdrop(surface)
        draw_fitted(
            surface,
            t("story.history.title"),
            (640, 36),
            1000,
            34,
            Palette.GOLD_LIGHT,
            True,
            "center",
            smallest=22,
        )
        game = t(f"menu.{self.game}") if self.game else t("story.history.all_games")
        labels = {
            "game": t("story.history.filter_game", game=game),
            "name": t("story.history.filter_name", name=self.person)
            if self.person
            else t("story.history.everyone"),
            "stats": t("story.history.stats"),
        }
        for key, rect in CHIPS.items():  # one thing lit at a time: the game chosen, or the button pointed at
            draw_button(surface, rect, labels[key], focused=key == self.hover, size=19, smallest=18)
        draw_panel(surface, TABLE)
        for key, x, width in COLUMNS:
            draw_fitted(
                surface,
                t(f"story.history.col.{key}"),
                (TABLE.x + 20 + x, TABLE.y + 12),
                width,
                18,
                Palette.GOLD_LIGHT,
                True,
                smallest=18,
            )
        if self.problem or not self.rows:  # (the database gone: what it showed is not trusted)
            line = self.problem or (
                t("story.history.none_found") if self.game or self.person else t("story.history.empty")
            )
            draw_fitted(
                surface,
                line,
                TABLE.center,
                TABLE.w - 80,
                22,
                Palette.CREAM,
                anchor="center",
                smallest=18,
                max_lines=2,
            )
        for index, row in enumerate(() if self.problem else self.rows):
            rect = self.row_rect(index)
            chosen = index == self.focus and self.hover is None
            if chosen:
                pygame.draw.rect(surface, Palette.GOLD_DARK, rect, border_radius=10)
            cells = self.cells(row)
            for key, x, width in COLUMNS:
                colour = (
                    Palette.RED_LIGHT
                    if row.damaged and key == "people"
                    else Palette.WHITE
                    if chosen
                    else Palette.CREAM
                )
                draw_fitted(
                    surface,
                    cells[key],
                    (TABLE.x + 20 + x, rect.centery),
                    width,
                    19,
                    colour,
                    key == "game",
                    "midleft",
                    smallest=18,
                    max_lines=2,
                    height=rect.h,
                )
        where = t("story.history.page", page=self.page + 1, pages=self.pages, n=self.total)
        draw_fitted(
            surface,
            where,
            (640, TABLE.bottom + 20),
            1000,
            18,
            Palette.CREAM_DIM,
            anchor="center",
            smallest=18,
        )
        draw_hints(surface, self.hints(), 690)

    def hints(self) -> list[tuple[str, str]]:
        """The key help: the pad's buttons while a pad is connected, else the keyboard's keys."""
        pad = bool(self.app.input.pads)
        return [
            ("✕/A" if pad else "Enter", t("story.hint.watch")),
            ("△/Y" if pad else "Tab", t("story.hint.game")),
            ("←→", t("story.hint.person")),
            ("LB RB" if pad else "PgUp PgDn", t("hint.page")),
            ("□/X" if pad else "S", t("story.hint.share")),
            ("LT" if pad else "⌫", t("story.hint.delete")),
            ("RT" if pad else "T", t("story.hint.stats")),
            ("○/B" if pad else "Esc", t("hint.back")),
        ]
