"""The one error an engine raises for a move the rules forbid."""


class IllegalAction(ValueError):
    """An action the rules forbid; the message is written for a player to read."""
