"""The audience at the results (issue 31): the best reader named, and a watcher's seat at Play again.

A results screen keeps one ResultsAudience. Every update it tells the audience how the game
ended (the same public lines the seats' phones get), the best reader of the game (most calls
read right; ties named together; nothing when no vote of the audience was counted), and the
seats a watcher may take at Play again: a computer's seat, once the game (the match) is over.
A watcher's "sit" takes the seat for the next game: the screen says so, the watcher's phone is
given that seat's own link (scenes/phones/hub.py), and Play again seats them there.
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from bluffhouse.scenes.shell.session import GameSetup, SeatSpec
from bluffhouse.scenes.ui.palette import Palette
from bluffhouse.scenes.ui.text import READ, draw_fitted, fit_lines
from bluffhouse.scenes.ui.widgets import draw_panel


class ResultsAudience:
    """The watchers of a finished game: their best reader, and the seats they take at Play again."""

    def __init__(self, app, setup: GameSetup) -> None:
        """app: the App (its phone hub); setup: the game's set-up (its computer seats are free)."""
        self.app = app
        self.setup = setup
        self.taken: dict[int, tuple[int, str]] = {}  # seat -> (watcher's number, name) at Play again
        self.best: str | None = None

    @property
    def live(self) -> bool:
        """Whether this game could have had an audience (its phones' server was up)."""
        return bool(self.setup.phones) and not self.setup.demo and self.app.phones.server is not None

    def free(self) -> list[tuple[int, str]]:
        """The seats a watcher may take at Play again: computers' seats nobody took yet."""
        seats = enumerate(self.setup.seats)
        return [(s, spec.name) for s, spec in seats if not spec.human and s not in self.taken]

    def update(self, public: dict, again: bool) -> None:
        """Tell the watchers how it ended (again: Play again is the screen's next step, so a seat
        may be taken), and take the seats they asked for."""
        if not self.live:
            return
        watchers = self.app.phones.watchers
        free = self.free() if again else []
        hello = {"game": public.get("game", "")}
        watchers.results(public, free, hello)
        self.best = watchers.audience.best()
        for sit in watchers.take_sits():  # the first to ask gets the seat; a seat never taken twice
            if again and sit.seat in dict(self.free()):
                self.taken[sit.seat] = (sit.number, sit.name)
                self.app.phones.seat_watcher(sit.number, sit.name)
                self.app.say("audience.sits", name=sit.name, seat=self.setup.seats[sit.seat].name)

    def next_setup(self, setup: GameSetup) -> GameSetup:
        """The set-up of Play again: each seat a watcher took is theirs, on their phone."""
        if not self.taken:
            return setup
        seats = list(setup.seats)
        for seat, (_, name) in self.taken.items():
            seats[seat] = SeatSpec(name, True, phone=True)
        return replace(setup, seats=seats)

    def draw(
        self, surface: pygame.Surface, center: tuple[int, int], width: int, height: int = 34
    ) -> pygame.Rect | None:
        """The best reader's line in a pill (nothing when the audience voted on no call revealed)."""
        if self.best is None:
            return None
        two = self.lines(width) == 2  # a long line (a tie of long names) wraps rather than being cut
        box = pygame.Rect(0, 0, width, height + 22 * two)
        box.midbottom = (center[0], center[1] + height // 2)
        draw_panel(surface, box, (4, 22, 14, 225), (*Palette.GOLD, 160), 17, 1, shadow=False)
        return draw_fitted(
            surface, self.best, box.center, width - 28, READ, Palette.GOLD_LIGHT, True, "center", max_lines=2
        )

    def lines(self, width: int) -> int:
        """How many lines the best reader's words take in a pill this wide (0: none shown)."""
        if self.best is None:
            return 0
        return len(fit_lines(self.best, width - 28, READ, READ, True, 2, None, -2)[1])
