"""A typed name settles on its seat: cleaned, told when something of it cannot be shown, never the
same as another seat's; and the set-up's words about names ("Player 3", "waiting for Ana").

The set-up's typing ends here (Enter, an arrow, a click elsewhere). What the game cannot draw
or nobody could see is gone (scenes.ui.names); a name with nothing left goes back to the
seat's default, and says so. A computer player nobody renamed gives its name up to a person
who types it (it takes another computer name); two seats of people, or a renamed computer,
keep apart by a number: the later one is "Ana 2", and the screen says so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bluffhouse.scenes.shell.messages import Message, Said, message
from bluffhouse.scenes.ui.lang import t
from bluffhouse.scenes.ui.names import clean_name, has_hidden, person_key, unique_name

if TYPE_CHECKING:
    from bluffhouse.scenes.setup.model import SetupDraft


def default_person_name(seat: int) -> str:
    """ "Player 3" for a person at seat index 2, in the language of the moment."""
    return t("setup.player_n", n=seat + 1)


def seat_words(draft: SetupDraft, index: int) -> Said:
    """Seat index's name for words said later (a toast): a default "Player 3" kept as words told
    when drawn, so it follows a change of language; any other name as it shows."""
    seat = draft.seats[index]
    if seat.human and (not seat.custom_name or clean_name(seat.name) is None):  # its default
        return message("setup.player_n", n=index + 1)
    return draft.display_name(index)


def waiting_words(kind: str, names: list[str]) -> str | None:
    """ "Waiting for Ana and Ben to press their keys" (kind "join") or their peek keys ("peek");
    None when nobody is missing."""
    if not names:
        return None
    if len(names) == 1:
        return t(f"setup.waiting.{kind}.one", name=names[0])
    return t(f"setup.waiting.{kind}.many", names=t("setup.and", a=", ".join(names[:-1]), b=names[-1]))


def settle_name(draft: SetupDraft, index: int) -> list[Message]:
    """Settle the name typed on seat index; what the screen should say about it."""
    seat = draft.seats[index]
    typed = seat.name
    clean = clean_name(typed)
    if clean is None:
        default = draft.default_name(index)
        seat.name, seat.custom_name = default, False
        return [message("app.name_rejected", name=seat_words(draft, index))] if typed.strip() else []
    said = [message("app.name_trimmed", name=clean)] if has_hidden(typed) else []
    seat.name = clean
    for other_index, other in enumerate(draft.seats):  # a computer's own name gives way
        if (
            other_index != index
            and not other.human
            and not other.custom_name
            and person_key(other.name) == person_key(clean)
        ):
            other.name = draft.default_name(other_index)
    others = {i: draft.display_name(i) for i in range(len(draft.seats)) if i != index}
    unique = unique_name(clean, list(others.values()))
    if unique != clean:
        taken = next(i for i, other in others.items() if person_key(other) == person_key(clean))
        said.append(message("setup.name_taken", taken=seat_words(draft, taken), name=unique))
        seat.name = unique
    return said
