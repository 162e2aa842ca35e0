"""Focus on the set-up screen: which cell the arrows, Tab and the mouse point at."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from bluffhouse.scenes.setup.model import MAX_SEATS
from bluffhouse.scenes.setup.seats import cell_rect, seat_cells

if TYPE_CHECKING:
    from bluffhouse.scenes.setup.model import SetupDraft
    from bluffhouse.scenes.setup.options import OptionSteppers
    from bluffhouse.scenes.shell.app import App
    from bluffhouse.scenes.ui.widgets import Button


class SeatFocus:
    """Mixed into SetupScene: rows of focusable cells (seats, add, options, back/start)."""

    focus: str
    # What SetupScene provides:
    app: App
    draft: SetupDraft
    options: OptionSteppers
    add_person: Button
    add_computer: Button
    back_button: Button
    start_button: Button

    def _rows(self) -> list[list[str]]:
        """Focusable cells, row by row, top to bottom."""
        rows = [["opt:hand_size"]]  # the deal, on top of the seats
        rows += [[f"seat:{i}:{c}" for c in seat_cells(s)] for i, s in enumerate(self.draft.seats)]
        if len(self.draft.seats) < MAX_SEATS:
            rows.append(["add:person", "add:computer"])
        rows += [[f"opt:{name}"] for name in self.options.names]
        rows.append(["back", "start"])
        return rows

    def _cells(self) -> list[str]:
        return [cell for row in self._rows() for cell in row]

    def rect_of(self, cell: str) -> pygame.Rect:
        """Where a focusable cell is on screen."""
        if cell.startswith("seat:"):
            _, index, part = cell.split(":")
            return cell_rect(int(index), part, len(self.draft.seats))
        if cell.startswith("opt:"):
            return self.options.steppers[cell[4:]].rect
        return {
            "add:person": self.add_person,
            "add:computer": self.add_computer,
            "back": self.back_button,
            "start": self.start_button,
        }[cell].rect

    def _locate(self) -> tuple[int, int]:
        rows = self._rows()
        for r, row in enumerate(rows):
            if self.focus in row:
                return r, row.index(self.focus)
        self.focus = "start"
        return len(rows) - 1, 1

    def move(self, kind: str) -> None:
        """Arrow keys and Tab: up/down between rows (nearest cell), left/right along a row."""
        rows = self._rows()
        r, c = self._locate()
        before = self.focus
        if kind in ("up", "down"):
            target = rows[(r + (1 if kind == "down" else -1)) % len(rows)]
            if target == ["back", "start"]:
                self.focus = "start"
            elif r == len(rows) - 1:  # Down from Back or Start wraps round to the first seat's name
                self.focus = rows[1][0]  # (the deal above the seats is one Up from there)
            else:
                # Up or down never lands on a seat's × by chance; only a column of ×s leads there.
                if not self.focus.endswith(":remove"):
                    target = [cell for cell in target if not cell.endswith(":remove")] or target
                x = self.rect_of(self.focus).centerx
                self.focus = min(target, key=lambda cell: abs(self.rect_of(cell).centerx - x))
        elif kind in ("left", "right"):
            step = 1 if kind == "right" else -1
            row = rows[r]
            if 0 <= c + step < len(row):
                self.focus = row[c + step]
            elif step > 0 and not self.focus.startswith("opt:") and self.focus not in ("start",):
                y = self.rect_of(self.focus).centery
                options = [f"opt:{n}" for n in self.options.names]
                self.focus = min(options, key=lambda cell: abs(self.rect_of(cell).centery - y))
        elif kind == "tab":
            sections = ["seat:0:name", f"opt:{self.options.names[0]}", "start"]
            now = 2
            if self.focus.startswith(("seat", "add")):
                now = 0
            elif self.focus.startswith("opt"):
                now = 1
            self.focus = sections[(now + 1) % 3]
        if self.focus != before:
            self.app.sound.play("tick")

    def cell_at(self, pos: tuple[int, int]) -> str | None:
        """The focusable cell under the mouse."""
        return next((cell for cell in self._cells() if self.rect_of(cell).collidepoint(pos)), None)
