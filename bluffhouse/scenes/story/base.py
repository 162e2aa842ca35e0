"""What the History and Stats screens share: the records database, opened while they are shown.

A database that cannot be opened (damaged and moved aside, locked, unwritable, newer) or that
fails a question is said in one line on the screen itself (and once as a toast by the app's
Records service); the screen stays usable (Esc goes back) and the game stays playable.
"""

from __future__ import annotations

from bluffhouse.game.records.schema import StoreProblem
from bluffhouse.scenes.shell.scene import Scene
from bluffhouse.scenes.ui.lang import t


class StoreScene(Scene):
    """A screen that asks the records database questions; `problem` is its one line of trouble."""

    def __init__(self, app) -> None:
        """Open the database (on this thread: sqlite connections stay in their thread)."""
        super().__init__(app)
        self.store = app.records.open_store()
        self.problem = "" if self.store is not None else t("story.db.unavailable")

    def ask(self, question, *args, default=None):
        """store.<question>(*args) (or question(store, *args) for a function of scenes.story.pages),
        or `default` with the trouble said on the screen."""
        if self.store is None:
            return default
        try:
            if callable(question):
                return question(self.store, *args)
            return getattr(self.store, question)(*args)
        except StoreProblem:
            self.problem = t("story.db.unavailable")
            self.store.close()
            self.store = None
            return default

    def exit(self) -> None:
        """Close the database as the screen goes."""
        if self.store is not None:
            self.store.close()
            self.store = None
