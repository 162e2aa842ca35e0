"""The app: the window, the clock, the scene stack and the shared services."""

from __future__ import annotations

import logging
import random
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from bluffhouse.scenes.art.printing import Deck
from bluffhouse.scenes.shell.folders import cache_folder
from bluffhouse.scenes.shell.input import Input, Intent
from bluffhouse.scenes.shell.letterbox import LOGICAL_SIZE, Letterbox
from bluffhouse.scenes.shell.messages import Message, Said, said
from bluffhouse.scenes.shell.records import Records
from bluffhouse.scenes.shell.registry import open_scene, service
from bluffhouse.scenes.shell.scene import Scene, SceneStack
from bluffhouse.scenes.shell.settings import DEFAULT_SETTINGS, Settings, settings_path
from bluffhouse.scenes.shell.settings_schema import PACES
from bluffhouse.scenes.shell.toasts import TOAST_FADE, TOAST_TIME, Toast, draw_toasts, toast_layout
from bluffhouse.scenes.shell.warmup import Warmup
from bluffhouse.scenes.ui import kept_files, kept_pictures, lang
from bluffhouse.scenes.ui.anim import Motion
from bluffhouse.scenes.ui.assets import ASSETS, restore_hint
from bluffhouse.scenes.ui.lang import set_language, t
from bluffhouse.scenes.ui.sound import MIXER, Sound

if TYPE_CHECKING:
    from bluffhouse.scenes.shell.privacy import PrivacyAudit

# The smallest window: the picture is scaled down with it, and the smallest words (SMALL, 14 px
# of the 1280x720 picture) must stay at least MIN_TEXT px tall on the screen (bluffhouse.cli's
# --size takes no less; a screen smaller than this is all a window can have there).
MIN_TEXT = 12
MIN_WINDOW = (1120, 630)
MAX_DT = 1 / 20  # a stall of the machine must never swallow a challenge window
FPS = 60
SETTINGS_TOAST_TIME = 7.0  # where a damaged settings file went: long enough to read a path
KEEP_EVERY = 5.0  # seconds of play between two saves of the games being played (off the frame)
QUIT_WRITE = 3.0  # seconds a closing window waits for the last records to be written
ICON_FILE = ASSETS / "icons" / "bluffhouse-64.png"  # SDL takes one size: 64 px is scaled well both ways

log = logging.getLogger(__name__)

__all__ = ["App", "DEFAULT_SETTINGS", "Letterbox", "Settings", "Toast", "settings_path"]


class App:
    """Owns the window and the stack; step(dt) is one frame, run() the real loop."""

    #: whether step() paints a picture by default (tests of logic turn it off, see conftest)
    draws_frames = True

    def __init__(
        self,
        size: tuple[int, int] = LOGICAL_SIZE,
        fullscreen: bool | None = None,
        mute: bool = False,
        seed: int | None = None,
        demo: bool = False,
        settings_file: Path | None = None,
        home: Callable[[App], Scene] | None = None,
    ) -> None:
        """Open the window and start the services; home builds the main menu."""
        pygame.mixer.pre_init(*MIXER)
        pygame.init()
        self.settings = Settings(settings_file)
        kept_pictures.keep_in(cache_folder())  # the felts drawn once, read at later starts
        set_language(self.settings.get("language") or None)
        self.language_version = lang.version  # the screens' words are in this language
        self.apply_preferences()
        pygame.display.set_caption(t("app.title"))
        _set_icon()
        self.window = pygame.display.set_mode(size, pygame.RESIZABLE)
        _keep_readable()
        # The picture for a window of another size, made at its first use: a fresh 1280×720
        # surface is 3.7 MB written (~3 ms), and most windows of the tests never draw.
        self._picture: pygame.Surface | None = None
        self._surface: pygame.Surface | None = None  # what the scenes draw on: see surface
        self.letterbox = Letterbox(self.window.get_size())
        self.clock = pygame.time.Clock()
        self.input = Input(self._to_logical)
        self._audit: PrivacyAudit | None = None  # see audit
        self.sound = Sound(self.settings)
        self.warmup = Warmup()  # modules and art the screens will use, made in the frames' spare time
        self.warmup.want(self.sound.warm_jobs(), lasting=True)  # the effects, after the first frame
        # phone seats: a server on its own thread, only while one is played; a service the
        # composition root hands the shell (scenes/screens.py), so the shell imports no phone code;
        # made at its first use (see phones): the first frame loads no phone code either
        self._phones: Any = None
        self.records = Records()  # every game remembered: taped, then stored by a thread of its own
        if mute:
            self.sound.muted = True  # for this run only: --mute does not change the setting
        self.seed = seed if seed is not None else random.randrange(2**31)
        self.rng = random.Random(self.seed)
        self.demo = demo
        self.home = home
        self.stack = SceneStack(on_enter=self._entered)
        self.toasts: list[Toast] = []
        self.running = True
        self.time = 0.0  # game time: the sum of the capped dts
        self._next_keep = KEEP_EVERY  # when the games being played are next saved as far as they went
        self.frames = 0
        self.games_finished = 0  # scenes add one when a game ends
        self.scenes_visited: set[str] = set()
        self._deferred: list[Intent] = []
        self._scaled: pygame.Surface | None = None
        self._flush_settings_messages()
        if fullscreen or (fullscreen is None and self.settings.get("fullscreen")):
            self.toggle_fullscreen(remember=False)

    @property
    def audit(self) -> PrivacyAudit:
        """Every face-up draw of a hidden hand or cup, for the tests: made when a screen first
        draws one (the menu draws none)."""
        if self._audit is None:
            from bluffhouse.scenes.shell.privacy import PrivacyAudit

            self._audit = PrivacyAudit()
        return self._audit

    @property
    def phones(self) -> Any:
        """The evening's phone hub (the "phones" service), made the first time a screen asks for
        it (the warm-up has imported its module by then)."""
        if self._phones is None:
            self._phones = service("phones")
        return self._phones

    @property
    def picture(self) -> pygame.Surface:
        """The 1280×720 picture a window of another size shows scaled (in the window's format)."""
        if self._picture is None:
            self._picture = pygame.Surface(LOGICAL_SIZE).convert()
        return self._picture

    @property
    def picture_made(self) -> bool:
        """Whether the picture was made yet (a window that never draws makes none)."""
        return self._picture is not None

    @property
    def surface(self) -> pygame.Surface:
        """What the scenes draw on this frame: the window itself when it is 1280×720, else the
        picture (the picture until the first frame is drawn)."""
        return self.picture if self._surface is None else self._surface

    # -- services ----------------------------------------------------------------------

    def toast(self, words: Said, seconds: float = TOAST_TIME) -> None:
        """Show a short message over everything for about two seconds (or seconds); words kept
        as a Message are told in the language of the moment they are drawn."""
        text = said(words)
        for toast in self.toasts:
            if toast.words == words or toast.text == text:
                toast.age = 0.0
                return
        self.toasts.append(Toast(words, time=seconds))
        del self.toasts[:-3]

    def say(self, key: str, **fields: object) -> None:
        """toast() of a translation key and its fields: Message(key, fields), told when drawn."""
        self.toast(Message(key, tuple(fields.items())))

    def quit(self) -> None:
        """Stop the app after this frame (phones are told the game is over; a game being played
        is kept as left)."""
        self.running = False
        self.records.leave_all()
        self.records.flush(QUIT_WRITE)  # written before the display is touched again: a window
        if self._phones is not None:  # a hub never made has no phone to tell
            self._phones.close()  # closed as its display goes away still keeps the game

    def back_to_menu(self) -> None:
        """Leave whatever is going on and show the main menu (a game being played is kept as left)."""
        self.records.leave_all()
        if self.home is None:
            self.quit()
        else:
            self.stack.reset(self.home(self))

    def open_dropped(self, path: str) -> None:
        """A file dropped on the window: its replay opens, unless a game is being played (a replay
        shows every hand, and nothing may open one over a live game) — then one line says so."""
        if self.records.playing():
            self.say("story.drop.busy")
            return
        open_scene("replay_file", self, path)  # pushes the replay, or says in one line why not

    def toggle_fullscreen(self, remember: bool = True) -> None:
        """Switch between window and full screen; says so when the system refuses."""
        try:
            pygame.display.toggle_fullscreen()
        except pygame.error:
            self.say("app.no_fullscreen")
            return
        self.window = pygame.display.get_surface() or self.window
        if remember:
            self.settings["fullscreen"] = not self.settings.get("fullscreen", False)

    @property
    def pace(self) -> float:
        """How fast animations and computer players go (Options: relaxed, normal, fast)."""
        return PACES.get(self.settings.get("pace", "normal"), 1.0)

    def apply_preferences(self) -> None:
        """Follow the Options that act everywhere: reduced motion, the four-colour deck."""
        Motion.reduced = bool(self.settings.get("reduced_motion", False))
        Deck.four_colour = bool(self.settings.get("four_colour", False))

    def change_language(self, language: str) -> None:
        """Switch every screen's words at once and remember the choice ("" for the system's)."""
        self.settings["language"] = language
        set_language(language or None)
        pygame.display.set_caption(t("app.title"))

    def toggle_mute(self) -> None:
        """Sound off or on, remembered in the settings."""
        self.sound.toggle_mute()
        self.say("app.muted" if self.sound.muted else "app.unmuted")

    # -- the frame ---------------------------------------------------------------------

    def step(self, dt: float, draw: bool | None = None) -> None:
        """One frame: intents to the top scene, update(dt capped), draw, then stack changes.

        draw=False steps the game without painting a picture (logic tests); None follows
        the app's draws_frames (True in the game).
        """
        started = time.perf_counter()
        dt = min(max(dt, 0.0), MAX_DT)
        self.window = pygame.display.get_surface() or self.window
        self.letterbox = Letterbox(self.window.get_size())
        self._follow_language()
        top = self.stack.top
        self.input.text_entry = top is not None and top.wants_text
        intents, self._deferred = self._deferred + self.input.poll(), []
        for index, intent in enumerate(intents):
            if self._global(intent):
                continue
            top = self.stack.top
            if top is not None and not top.takes_phone_presses and _from_phone(intent):
                self.phones.unheard(intent.player)  # a question or the pause is up: that phone is told
            elif top is not None:
                top.handle(intent)
            if self.stack.pending:  # the rest of the frame's intents go to the new top
                self._deferred = intents[index + 1 :]
                break
        self._follow_language()  # a language chosen this frame is drawn this frame
        for scene in self.stack.updating():
            scene.update(dt)
        for toast in self.toasts:
            toast.age += dt
        self.toasts = [toast for toast in self.toasts if toast.age < toast.time + TOAST_FADE]
        self.time += dt
        if self.time >= self._next_keep:  # every game alike is kept as far as it went
            self._next_keep = self.time + KEEP_EVERY
            self.records.keep_playing()
        if self.draws_frames if draw is None else draw:
            self.draw()
            self.warmup.run(started)  # art the screen will need, in what is left of the frame
        self._flush_settings_messages()
        self.stack.apply()
        if self._phones is not None:  # no hub made yet: no phone, no news
            self._phones.tick(self)
        if not self.stack.scenes:
            self.running = False
        self.frames += 1

    def _follow_language(self) -> None:
        if lang.version != self.language_version:  # the Options switched the language
            self.language_version = lang.version
            for scene in self.stack.scenes:
                scene.relabel()

    def draw(self) -> None:
        """Draw the visible scenes and the toasts, then show the picture in the window."""
        # A window of exactly the logical size is drawn on directly: one full-screen copy less
        # a frame (~1.5 ms of memory traffic on a busy machine).
        self._surface = self.window if self.window.get_size() == LOGICAL_SIZE else self.picture
        visible = self.stack.visible()
        if not (visible and visible[0].opaque):
            self.surface.fill((0, 0, 0))
        for scene in visible:
            scene.draw(self.surface)
        self._draw_toasts(self.surface)
        self.present()

    def present(self) -> None:
        """Scale the logical picture into the window, letterboxed, and flip."""
        rect = self.letterbox.rect
        if self.surface is self.window:
            pass  # drawn in place
        elif rect.size == LOGICAL_SIZE:
            self.window.blit(self.surface, rect)
        else:
            if self._scaled is None or self._scaled.get_size() != rect.size:
                self._scaled = pygame.Surface(rect.size).convert()
            pygame.transform.smoothscale(self.surface, rect.size, self._scaled)
            self.window.fill((0, 0, 0))
            self.window.blit(self._scaled, rect)
        pygame.display.flip()

    def run(self, first_frame_shown: Callable[[], None] | None = None) -> None:
        """The real loop: Clock.tick gives dt until the app quits; first_frame_shown is called
        once the first frame is on the screen."""
        self.clock.tick(FPS)
        while self.running:
            self.step(self.clock.tick(FPS) / 1000)
            if first_frame_shown is not None:
                first_frame_shown()
                first_frame_shown = None
        if self._phones is not None:
            self._phones.close(wait=1.0)
        self.settings.flush()  # a change still settling is written before the window goes
        self.records.flush()  # the last game's record is written before the window goes
        pygame.quit()

    # -- inside ------------------------------------------------------------------------

    def _global(self, intent: Intent) -> bool:
        """Intents the app answers itself, whatever the scene."""
        if intent.kind == "quit":
            self.quit()
        elif intent.kind == "mute":
            self.toggle_mute()
        elif intent.kind == "fullscreen":
            self.toggle_fullscreen()
        elif intent.kind == "drop":
            self.open_dropped(intent.text)
        elif intent.kind in ("pad_added", "pad_removed"):
            key = "app.pad_added" if intent.kind == "pad_added" else "app.pad_removed"
            self.say(key, pad=intent.device)
            return False  # the scene may care too (a player's pad gone)
        else:
            return False
        return True

    def _to_logical(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        return self.letterbox.to_logical(pos)

    def _entered(self, scene: Scene) -> None:
        self.scenes_visited.add(scene.name)
        self.warmup.ahead(scene)

    def _flush_settings_messages(self) -> None:
        for message in self.settings.drain_messages() + self.records.drain_messages():
            self.toast(message, SETTINGS_TOAST_TIME)

    def toast_rects(self) -> list[pygame.Rect]:
        """Where each toast is drawn this frame, newest first."""
        return [box for box, _ in self._toast_layout()]

    def _toast_layout(self) -> list[tuple[pygame.Rect, list[str]]]:
        if not self.toasts:
            return []  # (every frame: nothing to place, no screen asked where its buttons are)
        scene = self.stack.top
        if scene is None:
            return toast_layout(self.toasts, None, None, (), LOGICAL_SIZE)
        clear = (*scene.toast_clear, *scene.clickable)  # a phone's status, the screen's buttons
        return toast_layout(self.toasts, scene.toast_top, scene.toast_foot, clear, LOGICAL_SIZE)

    def _draw_toasts(self, surface: pygame.Surface) -> None:
        draw_toasts(surface, self.toasts, self._toast_layout())


def _from_phone(intent: Intent) -> bool:
    """Whether an intent is a phone's press."""
    return intent.source is not None and intent.source.device == "phone"


def _keep_readable() -> None:
    """The window may not be made smaller than MIN_WINDOW (or the screen, if it is smaller)."""
    try:
        with warnings.catch_warnings():  # (pygame-ce would rather the window drew itself: it does not)
            warnings.simplefilter("ignore", DeprecationWarning)
            window = pygame.Window.from_display_module()
        screens = pygame.display.get_desktop_sizes() or [MIN_WINDOW]
        window.minimum_size = (min(MIN_WINDOW[0], screens[0][0]), min(MIN_WINDOW[1], screens[0][1]))
    except (pygame.error, AttributeError, ValueError) as error:  # an old SDL, a driver without windows
        log.info("bluffhouse: no smallest window size (%s)", error)


def _set_icon() -> None:
    """The game's icon on the window (tools/make_icon.py draws it); a damaged file leaves the
    system's own icon and says so in one line."""
    try:
        pygame.display.set_icon(kept_files.made_from(ICON_FILE, pygame.image.load))
    except (pygame.error, OSError) as error:  # a missing or damaged file; the dummy driver
        log.warning("bluffhouse: no window icon (%s); %s", error, restore_hint(ICON_FILE))
