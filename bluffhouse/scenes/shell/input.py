"""The one reader of pygame's event queue: keyboards, the mouse, gamepads and phones become Intents."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from types import ModuleType

import pygame

from bluffhouse.scenes.ui.intents import Intent as Intent  # the screens' words too
from bluffhouse.scenes.ui.intents import Press
from bluffhouse.scenes.ui.intents import Source as Source
from bluffhouse.scenes.ui.keys import (
    CTRL_BUTTONS,
    CTRL_DPAD,
    DIGIT_KEYS,
    GLOBAL_KEYS,
    HAT,
    HOLD_ROLES,
    KEY_NAV,
    PAD_LB,
    PAD_LT,
    PAD_NAMES,
    PAD_NAV,
    PAD_RB,
    PAD_RT,
    RESERVED_KEYS,
    RESERVED_PAD,
    SHARED_KEYS,
    STICK_OFF,
    STICK_ON,
    UNBINDABLE_KEYS,
    key_label,
)
from bluffhouse.scenes.ui.lang import t


def controllers() -> ModuleType | None:
    """SDL's game-controller API, which gives every known pad the same button layout: imported
    and started when a pad is plugged in (or found at start), not before: most evenings have no
    pad, and the window's first frame waits for neither. None where pygame has none."""
    global _controllers
    if isinstance(_controllers, bool):  # (False: not looked for yet)
        try:
            _controllers = import_module("pygame._sdl2.controller")
        except ImportError:  # pragma: no cover - older pygame builds
            _controllers = None
    if _controllers is not None:
        try:
            _controllers.init()  # (again after a pygame.quit(): it does nothing when started)
        except pygame.error:
            return None
    return _controllers


_controllers: ModuleType | bool | None = False  # False: not looked for yet
#: a phone's press, posted by the phone server's thread (scenes.phones.hub): event.press
PHONE_PRESS = pygame.event.custom_type()
#: what each well-formed phone press means; "challenge" is the very intent a challenge key makes
PHONE_KINDS = {
    "challenge": "challenge",
    "play": "phone_play",
    "accept": "phone_accept",
    "declare": "phone_declare",
    "reroll": "phone_reroll",
    "propose": "phone_propose",
    "next": "phone_next",
    "again": "phone_again",
}


@dataclass(slots=True)
class Pad:
    """A connected gamepad."""

    number: int  # 1, 2, … as shown to people
    device: object | None = None  # the open Joystick or Controller, kept alive
    standard: bool = False  # opened through SDL's controller API


class Input:
    """Polls events once a frame and turns them into intents, in order."""

    def __init__(self, to_logical: Callable[[tuple[int, int]], tuple[int, int] | None] | None = None):
        """to_logical maps window pixels to the 1280×720 surface (None: off the picture)."""
        self.to_logical = to_logical or (lambda pos: pos)
        self.bindings: dict[Source, tuple[int, str]] = {}
        self.pads: dict[int, Pad] = {}
        self.held: set[Source] = set()
        self.mouse_player: int | None = None  # whose clicks the mouse makes, if anyone's
        self.capturing = False
        self.capture_reserved = False
        self._text_entry = False
        self._stick: dict[tuple[int, int], str | None] = {}
        self._mouse_at: tuple[int, int] | None = None

    # -- bindings ----------------------------------------------------------------------

    def bind(self, source: Source, player: int, role: str) -> None:
        """Make source the player's key for role ("challenge", "peek"); one key per role."""
        self.bindings = {s: b for s, b in self.bindings.items() if b != (player, role)}
        self.bindings[source] = (player, role)

    def unbind(self, source: Source) -> None:
        """Forget what source was bound to."""
        self.bindings.pop(source, None)

    def unbind_player(self, player: int) -> None:
        """Forget every key of player."""
        self.bindings = {s: b for s, b in self.bindings.items() if b[0] != player}

    def binding(self, source: Source) -> tuple[int, str] | None:
        """(player, role) of source, or None when it belongs to nobody."""
        return self.bindings.get(source)

    def source_of(self, player: int, role: str) -> Source | None:
        """The key or button bound to the player's role."""
        return next((s for s, owner in self.bindings.items() if owner == (player, role)), None)

    def is_held(self, player: int, role: str) -> bool:
        """Whether the player is holding the key of role right now (e.g. peek)."""
        source = self.source_of(player, role)
        return source is not None and source in self.held

    def name(self, source: Source) -> str:
        """How to show source to people: "Q", "Pad 2 ✕/A"."""
        if source.device == "key":
            return key_label(source.code)
        pad = self.pads.get(source.pad) if source.pad is not None else None
        number = pad.number if pad else "?"
        button = PAD_NAMES.get(source.code, t("input.button", n=source.code + 1))
        return t("input.pad_button", n=number, button=button)

    def bindable(self, source: Source) -> bool:
        """Whether source may be a player's key (navigation keys and Esc may not)."""
        if source.device == "key":
            return source.code not in RESERVED_KEYS and source.code not in UNBINDABLE_KEYS
        return source.code not in RESERVED_PAD

    def capture_next(self, reserved: bool = False) -> None:
        """Deliver the next press of a bindable key or button as one "capture" intent.

        Esc and the other reserved keys keep working; with reserved=True a pad's ✕/A
        and ○/B are captured too (they are bindable, but otherwise navigate).
        """
        self.capturing = True
        self.capture_reserved = reserved

    def cancel_capture(self) -> None:
        """Stop waiting for a key to capture."""
        self.capturing = False

    @property
    def text_entry(self) -> bool:
        """Whether typing produces "text" intents (and letter keys stop being keys)."""
        return self._text_entry

    @text_entry.setter
    def text_entry(self, on: bool) -> None:
        if on == self._text_entry:
            return
        self._text_entry = on
        try:
            pygame.key.start_text_input() if on else pygame.key.stop_text_input()
        except pygame.error:
            pass

    # -- polling -----------------------------------------------------------------------

    def poll(self) -> list[Intent]:
        """Every intent of this frame, in the order the events came."""
        out: list[Intent] = []
        for event in pygame.event.get():
            self.translate(event, out)
        return out

    def translate(self, event: pygame.event.Event, out: list[Intent]) -> None:
        """Append the intents one event means to out."""
        kind = event.type
        if kind == pygame.QUIT:
            out.append(Intent("quit"))
        elif kind == pygame.KEYDOWN:
            self._key_down(event, out)
        elif kind == pygame.KEYUP:
            self._release(Source("key", getattr(event, "key", 0)), out)
        elif kind == pygame.TEXTINPUT:
            if self._text_entry and (text := getattr(event, "text", None)):
                out.append(Intent("text", text=text))
        elif kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            self._mouse(event, out)
        elif kind == pygame.MOUSEWHEEL:
            y = getattr(event, "y", 0)
            if y:
                out.append(Intent("wheel", self.mouse_player, value=1 if y > 0 else -1))
        elif kind == pygame.DROPFILE and type(getattr(event, "file", None)) is str and event.file:
            out.append(Intent("drop", text=event.file))  # a replay file dropped on the window
        elif kind == pygame.WINDOWFOCUSLOST:
            for source in list(self.held):  # a key let go in another window never comes back
                self._release(source, out)
            out.append(Intent("focus_lost"))
        elif kind in (pygame.JOYDEVICEADDED, pygame.JOYDEVICEREMOVED):
            self._pad_device(event, out)
        elif kind == PHONE_PRESS:
            self._phone(event, out)
        else:
            self._pad_event(event, out)

    def _key_down(self, event: pygame.event.Event, out: list[Intent]) -> None:
        key = getattr(event, "key", 0)
        mods = getattr(event, "mod", 0)
        source = Source("key", key)
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and mods & pygame.KMOD_ALT:
            out.append(Intent("fullscreen"))
            return
        if self.capturing and self.bindable(source):
            self.capturing = False
            out.append(self._captured(source))
            return
        if self._text_entry and (key not in KEY_NAV or key == pygame.K_SPACE) and key != pygame.K_F11:
            return  # the character arrives as a TEXTINPUT event
        if self._press(source, out):
            return
        if key in KEY_NAV:
            value = -1 if key == pygame.K_TAB and mods & pygame.KMOD_SHIFT else 1
            out.append(Intent(KEY_NAV[key], source=source, device=key_label(key), value=value))
        elif key in DIGIT_KEYS:
            out.append(Intent("digit", source=source, device=key_label(key), value=DIGIT_KEYS[key]))
        elif key in GLOBAL_KEYS:
            out.append(Intent(GLOBAL_KEYS[key], source=source, device=key_label(key)))
        elif key in SHARED_KEYS:
            out.append(Intent(SHARED_KEYS[key], source=source, device=key_label(key)))
        elif self.bindable(source):
            out.append(Intent("unbound_key", source=source, device=key_label(key)))

    def _captured(self, source: Source) -> Intent:
        owner = self.bindings.get(source)
        return Intent("capture", owner[0] if owner else None, source, self.name(source))

    def _press(self, source: Source, out: list[Intent]) -> bool:
        """A bound key or button went down: its role's intent. False when unbound."""
        owner = self.bindings.get(source)
        if owner is None:
            return False
        player, role = owner
        if role in HOLD_ROLES and source in self.held:
            return True  # a repeat of a key already held
        self.held.add(source)
        out.append(Intent(role, player, source, self.name(source)))
        return True

    def _release(self, source: Source, out: list[Intent]) -> None:
        if source not in self.held:
            return
        self.held.discard(source)
        owner = self.bindings.get(source)
        if owner is not None and owner[1] in HOLD_ROLES:
            out.append(Intent(owner[1] + "_end", owner[0], source, self.name(source)))

    def _mouse(self, event: pygame.event.Event, out: list[Intent]) -> None:
        pos = self.to_logical(tuple(getattr(event, "pos", (0, 0))))
        if pos is None:
            return  # on the black bars around the picture
        button = getattr(event, "button", 0)
        if event.type == pygame.MOUSEMOTION:
            first, self._mouse_at = self._mouse_at is None, pos
            if first:
                return  # a window opening under a still mouse is not someone pointing
            if out and out[-1].kind == "motion":
                out.pop()  # only the latest position of a frame matters
            out.append(Intent("motion", self.mouse_player, pos=pos))
        elif button in (1, 3):
            kind = {1: "click", 3: "right_click"}[button]
            if event.type == pygame.MOUSEBUTTONUP:
                kind = "click_end" if button == 1 else ""
            if kind:
                out.append(Intent(kind, self.mouse_player, pos=pos, value=button))

    # -- phones ------------------------------------------------------------------------

    @staticmethod
    def _phone(event: pygame.event.Event, out: list[Intent]) -> None:
        """A phone's press (already checked where it entered): an intent of its own seat.

        A phone is its person's own device, so its press is theirs as a key of their own is.
        """
        press = getattr(event, "press", None)
        if type(press) is not Press or type(press.seat) is not int or press.kind not in PHONE_KINDS:
            return
        out.append(
            Intent(
                PHONE_KINDS[press.kind],
                press.seat,
                Source("phone", press.seat),
                t("input.phone"),
                text=press.text,
                args=tuple(press.args),
            )
        )

    # -- gamepads ----------------------------------------------------------------------

    def _pad(self, instance_id: int) -> Pad:
        if instance_id not in self.pads:
            used = {p.number for p in self.pads.values()}
            number = next(n for n in range(1, len(used) + 2) if n not in used)
            self.pads[instance_id] = Pad(number)
        return self.pads[instance_id]

    def _pad_device(self, event: pygame.event.Event, out: list[Intent]) -> None:
        if event.type == pygame.JOYDEVICEADDED:
            device, standard, iid = self._open_pad(getattr(event, "device_index", 0))
            iid = getattr(event, "instance_id", None) if iid is None else iid
            if iid is None or iid in self.pads:
                return
            pad = self._pad(iid)
            pad.device, pad.standard = device, standard
            out.append(Intent("pad_added", self._pad_owner(iid), device=self._pad_label(pad)))
        else:
            gone: int = getattr(event, "instance_id", -1)  # (-1: no pad's)
            if (lost := self.pads.get(gone)) is None:
                return
            for source in [s for s in self.held if s.pad == gone]:
                self._release(source, out)
            out.append(Intent("pad_removed", self._pad_owner(gone), device=self._pad_label(lost)))
            del self.pads[gone]

    @staticmethod
    def _open_pad(index: int) -> tuple[object | None, bool, int | None]:
        try:
            api = controllers()
            if api is not None and api.is_controller(index):
                pad = api.Controller(index)
                return pad, True, pad.as_joystick().get_instance_id()
            stick = pygame.joystick.Joystick(index)
            return stick, False, stick.get_instance_id()
        except (pygame.error, IndexError, ValueError):
            return None, False, None

    @staticmethod
    def _pad_label(pad: Pad) -> str:
        return t("input.pad", n=pad.number)

    def _pad_owner(self, iid: int) -> int | None:
        owners = {player for s, (player, _) in self.bindings.items() if s.pad == iid}
        return owners.pop() if len(owners) == 1 else None

    def _pad_event(self, event: pygame.event.Event, out: list[Intent]) -> None:
        iid = getattr(event, "instance_id", None)
        if iid is None:
            return
        kind = event.type
        standard = self.pads[iid].standard if iid in self.pads else False
        if kind in (pygame.JOYBUTTONDOWN, pygame.JOYBUTTONUP) and not standard:
            self._pad_button(iid, event.button, kind == pygame.JOYBUTTONDOWN, out)
        elif kind == pygame.JOYHATMOTION and not standard:
            direction = HAT.get(tuple(getattr(event, "value", (0, 0))))
            if direction:
                self._pad_nav(iid, direction, out)
        elif kind == pygame.JOYAXISMOTION and not standard and event.axis in (0, 1):
            self._pad_stick(iid, event.axis, event.value, out)
        elif kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
            down = kind == pygame.CONTROLLERBUTTONDOWN
            if event.button in CTRL_DPAD:
                if down:
                    self._pad_nav(iid, CTRL_DPAD[event.button], out)
            elif event.button in CTRL_BUTTONS:
                self._pad_button(iid, CTRL_BUTTONS[event.button], down, out)
        elif kind == pygame.CONTROLLERAXISMOTION:
            value = event.value / 32767
            if event.axis in (0, 1):
                self._pad_stick(iid, event.axis, value, out)
            elif event.axis in (4, 5):  # the triggers work as buttons LT and RT
                code = PAD_LT if event.axis == 4 else PAD_RT
                pressed = Source("pad", code, iid) in self.held
                if value > STICK_ON and not pressed:
                    self._pad_button(iid, code, True, out)
                elif value < STICK_OFF and pressed:
                    self._pad_button(iid, code, False, out)

    def _pad_button(self, iid: int, code: int, down: bool, out: list[Intent]) -> None:
        self._pad(iid)  # a pad seen for the first time gets its number
        source = Source("pad", code, iid)
        if not down:
            self._release(source, out)
            return
        if self.capturing and self.bindable(source) and (self.capture_reserved or code not in PAD_NAV):
            self.capturing = False
            out.append(self._captured(source))
            return
        if self._press(source, out):
            return
        if code in PAD_NAV:
            out.append(Intent(PAD_NAV[code], self._pad_owner(iid), source, self.name(source)))
        elif code in (PAD_LB, PAD_RB):
            kind = "page_up" if code == PAD_LB else "page_down"
            out.append(Intent(kind, self._pad_owner(iid), source, self.name(source)))
        elif self.bindable(source):
            out.append(Intent("unbound_key", self._pad_owner(iid), source, self.name(source)))

    def _pad_nav(self, iid: int, direction: str, out: list[Intent]) -> None:
        pad = self._pad(iid)
        out.append(Intent(direction, self._pad_owner(iid), device=self._pad_label(pad)))

    def _pad_stick(self, iid: int, axis: int, value: float, out: list[Intent]) -> None:
        state = self._stick.get((iid, axis))
        if abs(value) < STICK_OFF:
            self._stick[(iid, axis)] = None
        elif abs(value) > STICK_ON and state is None:
            direction = ("left", "right") if axis == 0 else ("up", "down")
            self._stick[(iid, axis)] = direction[value > 0]
            self._pad_nav(iid, direction[value > 0], out)
