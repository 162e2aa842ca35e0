"""The Scene base class and the scene stack whose changes wait for the end of the frame."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from bluffhouse.scenes.art.kinds import Wanted
    from bluffhouse.scenes.shell.app import App
    from bluffhouse.scenes.shell.input import Intent


class Scene:
    """One screen. Override what you need; draw() must never change state."""

    #: overlays (pause, curtain, help) set this: the scene below is drawn first
    transparent: bool = False
    #: set on an overlay that should let the scene below keep animating under it
    updates_below: bool = False
    #: set on a scene whose draw() first covers every pixel (a felt): the app skips clearing
    opaque: bool = False
    #: a screen a phone's press acts on (the games); on any other (a question, the pause) the app
    #: tells that phone its press did not count
    takes_phone_presses: bool = False

    def __init__(self, app: App) -> None:
        """Keep the app: its input, sound, settings, toast and stack."""
        self.app = app

    @property
    def phone_seats(self) -> tuple[int, ...]:
        """The seats played on phones (scenes.phones): while any scene on the stack has some, the
        phone server stays up; once none has, it stops."""
        return ()

    @property
    def name(self) -> str:
        """Short name for logs and the run summary: MenuScene -> "menu"."""
        name = type(self).__name__
        return (name[: -len("Scene")] if name.endswith("Scene") and name != "Scene" else name).lower()

    @property
    def wants_text(self) -> bool:
        """True while typing should arrive as "text" intents (a name field has the focus)."""
        return False

    @property
    def toast_top(self) -> int | None:
        """Where short messages go: None at the foot of the screen (rising), else the y their
        first one starts at (going down), when the foot holds something they must not cover."""
        return None

    @property
    def toast_foot(self) -> int | None:
        """With toast_top None: the y short messages rise from (None: the foot of the screen)."""
        return None

    @property
    def toast_clear(self) -> tuple[pygame.Rect, ...]:
        """What short messages must never cover (a phone's status): one that would waits unseen."""
        return ()

    @property
    def clickable(self) -> tuple[pygame.Rect, ...]:
        """Where this screen's buttons and rows are: short messages never cover one (they go
        elsewhere, or wait). A screen with a Menu (self.menu) has its widgets'; others say theirs."""
        from bluffhouse.scenes.ui.widgets import Menu  # (the shell's scenes need no widgets otherwise)

        menu = getattr(self, "menu", None)
        return tuple(widget.rect for widget in menu.widgets) if isinstance(menu, Menu) else ()

    def handle(self, intent: Intent) -> bool:
        """React to one intent; True when it was consumed."""
        return False

    def update(self, dt: float) -> None:
        """Advance animations and timers by dt seconds (already capped by the app)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw onto the 1280×720 logical surface."""

    def enter(self) -> None:
        """Called when the scene becomes part of the stack."""

    def exit(self) -> None:
        """Called when the scene leaves the stack."""

    def pause(self) -> None:
        """Called when another scene is pushed on top of this one."""

    def resume(self) -> None:
        """Called when the scene above this one is popped."""

    def relabel(self) -> None:
        """The language changed: words kept from earlier (button labels) are made again."""

    def art_wanted(self) -> Iterable[Wanted]:
        """The art this screen (and the one likely after it) will draw, most urgent first, as
        (key, kind, build) pieces for the warm-up queue (scenes/shell/warmup.py). Overlays want
        nothing, and the queue keeps what the screen under them wanted."""
        return ()


class SceneStack:
    """Scenes on top of each other; push/pop/replace/reset are applied by apply()."""

    def __init__(self, on_enter: Callable[[Scene], None] | None = None) -> None:
        """An empty stack; on_enter is told of every scene that enters."""
        self.scenes: list[Scene] = []
        self.pending: list[tuple[str, Scene | None]] = []
        self.on_enter = on_enter

    @property
    def top(self) -> Scene | None:
        """The scene that receives intents, or None when the stack is empty."""
        return self.scenes[-1] if self.scenes else None

    def __len__(self) -> int:
        """How many scenes are on the stack now (pending changes not counted)."""
        return len(self.scenes)

    def __contains__(self, scene: object) -> bool:
        """Whether scene is on the stack now."""
        return scene in self.scenes

    def push(self, scene: Scene) -> None:
        """Put scene on top at the end of the frame; the old top is paused."""
        self.pending.append(("push", scene))

    def pop(self) -> None:
        """Remove the top scene at the end of the frame; the one below resumes."""
        self.pending.append(("pop", None))

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for scene at the end of the frame."""
        self.pending.append(("replace", scene))

    def reset(self, scene: Scene) -> None:
        """Clear the whole stack and start again from scene at the end of the frame."""
        self.pending.append(("reset", scene))

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: the top and everything under transparent ones."""
        first = len(self.scenes) - 1
        while first > 0 and self.scenes[first].transparent:
            first -= 1
        return self.scenes[max(first, 0) :]

    def updating(self) -> list[Scene]:
        """The scenes to update, top first: the top and those an overlay lets run."""
        out: list[Scene] = []
        for scene in reversed(self.scenes):
            out.append(scene)
            if not scene.updates_below:
                break
        return out

    def apply(self) -> bool:
        """Carry out the queued changes in order; True when anything changed."""
        changed = bool(self.pending)
        while self.pending:
            op, scene = self.pending.pop(0)
            if op == "push":
                if self.scenes:
                    self.scenes[-1].pause()
                self._enter(scene)
            elif op == "pop":
                if self.scenes:
                    self.scenes.pop().exit()
                    if self.scenes:
                        self.scenes[-1].resume()
            elif op == "replace":
                if self.scenes:
                    self.scenes.pop().exit()
                self._enter(scene)
            elif op == "reset":
                while self.scenes:
                    self.scenes.pop().exit()
                self._enter(scene)
        return changed

    def _enter(self, scene: Scene | None) -> None:
        assert scene is not None
        self.scenes.append(scene)
        scene.enter()
        if self.on_enter is not None:
            self.on_enter(scene)
