"""How the French cards are printed, as the player chose (Options) and as their language writes
them: the four-colour deck and each index. Light on purpose: the menu and the app read it before
any card is drawn (the card art itself is imported after the first frame)."""

from __future__ import annotations

from bluffhouse.scenes.ui.lang import has_text, t


class Deck:
    """The player's choice of French deck (Options): four colours or the usual two."""

    four_colour = False


def index_label(rank: str) -> str:
    """A French card's index as the language prints it: "K" in English, "R" (roi) in French,
    "B" (bubi) for the jack in Hungarian."""
    key = f"table.symbol.french.{rank}"
    return t(key) if has_text(key) else rank
