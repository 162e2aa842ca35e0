"""Keys and pad buttons: which mean what for everybody, which can be a player's, their names."""

from __future__ import annotations

import pygame

from bluffhouse.scenes.ui.lang import t

#: roles whose release matters: holding the peek key shows a hand, letting go hides it
HOLD_ROLES = frozenset({"peek"})

KEY_NAV: dict[int, str] = {
    pygame.K_UP: "up",
    pygame.K_DOWN: "down",
    pygame.K_LEFT: "left",
    pygame.K_RIGHT: "right",
    pygame.K_RETURN: "confirm",
    pygame.K_KP_ENTER: "confirm",
    pygame.K_SPACE: "select",
    pygame.K_BACKSPACE: "backspace",
    pygame.K_ESCAPE: "back",
    pygame.K_TAB: "tab",
    pygame.K_PAGEUP: "page_up",
    pygame.K_PAGEDOWN: "page_down",
    pygame.K_HOME: "home",
    pygame.K_END: "end",
}
DIGIT_KEYS = {getattr(pygame, f"K_{n}"): n for n in range(1, 10)}
GLOBAL_KEYS = {pygame.K_F11: "fullscreen", pygame.K_m: "mute"}
#: letters the game screens give everybody at the table: L opens and closes the game log
SHARED_KEYS = {pygame.K_l: "log"}
#: keys that keep their meaning for everybody and can never be a player's key
RESERVED_KEYS = (set(KEY_NAV) - {pygame.K_KP_ENTER}) | set(DIGIT_KEYS) | set(GLOBAL_KEYS) | set(SHARED_KEYS)
#: the intents of the table's shared letters: a set-up refuses them as somebody's own key
SHARED_PRESSES = frozenset(SHARED_KEYS.values())
#: keys the system tends to swallow or that stick: never offered as a player's key
UNBINDABLE_KEYS = {
    pygame.K_UNKNOWN,
    pygame.K_LALT,
    pygame.K_RALT,
    pygame.K_LGUI,
    pygame.K_RGUI,
    pygame.K_MODE,
    pygame.K_MENU,
    pygame.K_CAPSLOCK,
    pygame.K_NUMLOCKCLEAR,
    pygame.K_SCROLLLOCK,
    pygame.K_PRINTSCREEN,
    pygame.K_PAUSE,
}
# Keys whose names are words of the player's language (app.json, "key.<name>"); the English
# ones the screens write on key caps ("Enter", "Space", "Esc"...) are the same keys.
NAMED_KEYS = (
    "return",
    "escape",
    "backspace",
    "left",
    "right",
    "up",
    "down",
    "space",
    "enter",
    "page up",
    "page down",
    "tab",
    "left shift",
    "right shift",
    "left ctrl",
    "right ctrl",
    "delete",
    "insert",
    "home",
    "end",
)
CAP_NAMES = {
    "Enter": "return",
    "Esc": "escape",
    "⌫": "backspace",
    "Space": "space",
    "Tab": "tab",
    "PgUp": "page up",
    "PgDn": "page down",
    "Num Enter": "enter",
}

# Standard pad buttons (the Xbox layout, which SDL's controller API also reports).
PAD_A, PAD_B, PAD_X, PAD_Y, PAD_LB, PAD_RB, PAD_BACK, PAD_START, PAD_GUIDE = range(9)
PAD_LS, PAD_RS, PAD_LT, PAD_RT = 9, 10, 11, 12
PAD_NAMES = {
    PAD_A: "✕/A",
    PAD_B: "○/B",
    PAD_X: "□/X",
    PAD_Y: "△/Y",
    PAD_LB: "LB",
    PAD_RB: "RB",
    PAD_BACK: "Back",
    PAD_START: "Start",
    PAD_GUIDE: "Guide",
    PAD_LS: "L3",
    PAD_RS: "R3",
    PAD_LT: "LT",
    PAD_RT: "RT",
}
PAD_NAV = {PAD_A: "confirm", PAD_B: "back", PAD_BACK: "back", PAD_START: "back", PAD_Y: "tab"}
RESERVED_PAD = {PAD_BACK, PAD_START, PAD_GUIDE}
# SDL controller button -> standard code; the D-pad comes out as navigation.
CTRL_BUTTONS = {
    0: PAD_A,
    1: PAD_B,
    2: PAD_X,
    3: PAD_Y,
    4: PAD_BACK,
    5: PAD_GUIDE,
    6: PAD_START,
    7: PAD_LS,
    8: PAD_RS,
    9: PAD_LB,
    10: PAD_RB,
}
CTRL_DPAD = {11: "up", 12: "down", 13: "left", 14: "right"}
HAT = {(0, 1): "up", (0, -1): "down", (-1, 0): "left", (1, 0): "right"}
STICK_ON, STICK_OFF = 0.6, 0.35  # hysteresis: one intent per push of the stick


SCANCODE_MASK = 1 << 30  # SDL: keys without a character are 2^30 + their scancode
SCANCODES = 512  # SDL_NUM_SCANCODES
CONTROL_KEYS = frozenset({8, 9, 13, 27, 127})  # Backspace, Tab, Return, Escape, Delete


def _sdl_key_name(key: int) -> str:
    """SDL's own name of a key code, or "" when it has none (never raises)."""
    try:
        return pygame.key.name(key, use_compat=False)
    except (OverflowError, ValueError, TypeError, UnicodeError, pygame.error):
        return ""


def valid_key_code(code: object) -> bool:
    """Whether code is a key code pygame can report: a character's code or 2^30 + a scancode."""
    if type(code) is not int:
        return False
    if code & SCANCODE_MASK and SCANCODE_MASK < code < SCANCODE_MASK + SCANCODES:
        return bool(_sdl_key_name(code))
    if not 0 < code < 0x110000 or 0xD800 <= code < 0xE000:
        return False
    if code not in CONTROL_KEYS and not chr(code).isprintable():
        return False
    return bool(_sdl_key_name(code))


def player_key_code(code: object) -> bool:
    """Whether a key code (from a file, say) may be somebody's own key: a real key, and none
    that everybody uses (the menus' keys, digits, M, F11, the table's L) or the system keeps."""
    return valid_key_code(code) and code not in RESERVED_KEYS and code not in UNBINDABLE_KEYS


def cap_label(label: str) -> str:
    """A key cap's words in the player's language: "Enter", "Space", "Esc" as the screens name
    them become the language's own names; anything else (a letter, "↑↓") stays as it is."""
    raw = CAP_NAMES.get(label)
    if raw is not None:
        return t("key." + raw.replace(" ", "_"))
    parts = label.split(" ")
    if len(parts) == 2 and all(part in CAP_NAMES for part in parts):  # "PgUp PgDn": two keys on one cap
        return t("key.two", a=cap_label(parts[0]), b=cap_label(parts[1]))
    return label


def key_label(key: int) -> str:
    """A readable name for a keyboard key: "Q", "Right Shift", "Num +"."""
    try:
        raw = pygame.key.name(key)
    except (OverflowError, ValueError, TypeError, UnicodeError, pygame.error):
        raw = ""
    if raw in NAMED_KEYS:
        return t("key." + raw.replace(" ", "_"))
    if raw.startswith("[") and raw.endswith("]"):
        return t("key.numpad", name=raw[1:-1])
    if not raw:
        sdl = _sdl_key_name(key)  # e.g. "é" on a French keyboard, which the compat name lacks
        return sdl.upper() if sdl.isprintable() and sdl.strip() else f"#{key}"
    return raw.upper() if len(raw) == 1 else raw.title()
