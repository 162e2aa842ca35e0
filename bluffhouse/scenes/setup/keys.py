"""People's own keys at the card set-up: press a free key and it is yours (no pygame here).

A mixin of SetupScene (which provides app, draft, flash, capture, backup and _changed): a
newcomer's first key joins the table as their challenge key and their next one becomes their
peek key; Enter or a click on a seat's keys takes that seat's next key instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bluffhouse.scenes.setup.naming import seat_words
from bluffhouse.scenes.shell.input import Source
from bluffhouse.scenes.shell.messages import message

if TYPE_CHECKING:
    from bluffhouse.scenes.setup.model import SetupDraft
    from bluffhouse.scenes.shell.app import App


class KeyCapture:
    """Taking people's keys at the set-up, and what a taken one says."""

    # What SetupScene provides:
    app: App
    draft: SetupDraft
    capture: tuple[int, str] | None  # (seat, role) waiting for its key
    backup: tuple[Source | None, Source | None] | None  # the seat's keys before a new challenge key
    flash: dict[int, float]  # seat -> how lit it still is (1 to 0)

    if TYPE_CHECKING:

        def sync_bindings(self) -> None: ...

        def _changed(self) -> None: ...

    def begin_capture(self, index: int, role: str) -> None:
        """Wait for the next free key or button: it becomes seat index's key for role."""
        self.cancel_capture()  # a seat interrupted half-way gets its old keys back
        if role == "challenge":
            seat = self.draft.seats[index]
            self.backup = (seat.challenge, seat.peek)
            seat.challenge = seat.peek = None
            self.sync_bindings()
        self.capture = (index, role)
        self.app.input.capture_next(reserved=True)

    def cancel_capture(self) -> None:
        """Stop waiting; a seat interrupted before its challenge key gets its old keys back."""
        if self.capture is None:
            return
        index, role = self.capture
        if role == "challenge" and self.backup is not None and index < len(self.draft.seats):
            seat = self.draft.seats[index]
            seat.challenge, seat.peek = self.backup
        self.capture = self.backup = None
        self.app.input.cancel_capture()
        self.sync_bindings()

    def captured(self, source: Source, label: str) -> None:
        """A key or button was pressed while waiting: take it, or say why not."""
        if self.capture is None:
            return
        index, role = self.capture
        owner = self.draft.owner(source)
        if owner is not None:
            holder, owned_role = owner
            key = "setup.key_yours" if holder == index else "setup.key_taken"
            self.app.say(
                key,
                button=label,
                name=seat_words(self.draft, holder),
                role=message(f"setup.role.{owned_role}"),
            )
            self.app.sound.play("doubt")
            self.app.input.capture_next(reserved=True)
            return
        seat = self.draft.seats[index]
        if role == "challenge":
            seat.challenge = source
            self.capture, self.backup = (index, "peek"), None
            self.app.input.capture_next(reserved=True)
        else:
            seat.peek = source
            self.capture = None
        self.flash[index] = 1.0
        self.app.sound.play("click")
        self.sync_bindings()

    def newcomer(self, source: Source, label: str) -> None:
        """Somebody pressed a free key: they join the table with it as their challenge key."""
        if self.draft.owner(source) is not None:
            return
        place = self.draft.seat_for_newcomer(source)
        if place is None:
            self.app.say("setup.table_full")
            return
        index, replaced = place
        seat = self.draft.seats[index]
        if replaced is not None and replaced != seat.name:
            self.app.say("setup.takes_seat", name=seat_words(self.draft, index), old=replaced)
        if seat.challenge is None:
            seat.challenge = source
        self._changed()
        self.flash[index] = 1.0
        self.app.sound.play("click")
        if seat.peek is None:  # (a person back on their kept seat has their peek key already)
            self.capture = (index, "peek")
            self.app.input.capture_next(reserved=True)
