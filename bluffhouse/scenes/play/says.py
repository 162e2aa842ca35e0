"""What a game's flow says to the screen (and, through it, to a phone): short messages as
translation keys with their fields, kept until the screen takes them. Both flows say things
this way (scenes/table/flow.py, scenes/duel/flow.py)."""

from __future__ import annotations

from bluffhouse.scenes.shell.messages import Message


class Says:
    """A flow's messages to the screen: posted once each (two presses of one frame say one
    thing), drained by the screen, the first `since` left for later."""

    _messages: list[Message]

    def post(self, message: Message) -> None:
        """Say `message`, unless it waits to be said already."""
        if message not in self._messages:
            self._messages.append(message)

    def drain_messages(self, since: int = 0) -> list[Message]:
        """Short messages for the screen ("Ana has no bullets left"), as translation keys; the first
        `since` stay for later (a phone's press takes only what it caused: see waiting_messages)."""
        messages, self._messages = self._messages[since:], self._messages[:since]
        return messages

    @property
    def waiting_messages(self) -> int:
        """How many messages wait to be said."""
        return len(self._messages)
