"""The screen tour's recorder: what the translation table gave out and what was painted, with
the size and role of every line (the size record), lines drawn past their surface, lines drawn
over each other, and decoration drawn over words."""

from __future__ import annotations

import re

from bluffhouse.scenes.shell.app import App
from bluffhouse.scenes.shell.scene import SceneStack
from bluffhouse.scenes.ui import lang, text, theme

SIGNS = " ●·•★☆♛‹›❮❯←→↑↓♠♥♦♣"

# What may be drawn as an aside (SMALL and up, under READ): words nobody needs to play. Every
# other painted line is READ or bigger (issue 18: hints, the curtain, the coach, the logs, the
# truth recap and key hints are all read from a sofa).
ASIDE_KEYS = re.compile(r"^(results\.col\..*|results\.cpu_level|table\.cpu|table\.you|menu\.version)$")
# A phone seat's join address (no words in it), whole or broken before its path on a narrow card.
ADDRESS = re.compile(r"^(?:[\w.:\[\]-]+/p/[\w-]+|(?:[\w-]+(?:\.[\w-]+)+|\[[\w:]+\]):\d+|/p/[\w-]+)$")


class Recorder:
    """What the translation table gave out, and what was painted: every line with its size and
    role (the size record), lines drawn past their surface, lines that collide, and decoration
    drawn over words."""

    def __init__(self, monkeypatch) -> None:
        self.given: set[str] = set()
        self.given_by: dict[str, set[str]] = {}  # key -> every text it gave
        self.painted: list[str] = []
        self.outside: set[str] = set()  # lines that ran off what they were drawn on
        # the size record: (screen, role, size, words) -> times drawn
        self.sizes: dict[tuple[str, str, int, str], int] = {}
        self.collisions: dict[tuple[str, str, str], int] = {}  # (screen, words, words) -> frames
        self.crossed: dict[tuple[str, str], int] = {}  # (screen, words) a decoration crossed
        self.caps: set[str] = set()  # the names on key caps: keys, not words ("F11", "Enter")
        self.screen = self.layer_names = "?"
        self.groups: dict[int, list] = {}  # per surface drawn on in this scene's turn: Drawn
        real_call = lang.Translator.__call__

        def call(translator, key, **fmt):
            out = real_call(translator, key, **fmt)
            self.given.add(out)
            self.given_by.setdefault(key, set()).add(out)
            return out

        monkeypatch.setattr(lang.Translator, "__call__", call)
        real_line = text.render_line

        def line(face, words, colour):
            self.painted.append(words)
            return real_line(face, words, colour)

        # (not the art's own lettering: a card's printed names are part of the card, as on the
        # table: "Ász", "Fakó" stay what the deck prints in every language)
        for module in (text, theme):
            monkeypatch.setattr(module, "render_line", line)
        text.render.cache_clear()
        theme.title_image.cache_clear()
        monkeypatch.setattr(text, "WATCHERS", [self.watch])
        real_draw, real_visible = App.draw, SceneStack.visible

        def draw(app):
            self.groups.clear()
            self.screen = "toasts"
            return real_draw(app)

        def visible(stack):
            scenes = real_visible(stack)
            self.layer_names = "+".join(scene.name for scene in scenes)
            for scene in scenes:
                if "draw" not in vars(scene):  # each scene's turn starts a layer of its own
                    scene.draw = self.wrap_turn(scene, scene.draw)
            return scenes

        monkeypatch.setattr(App, "draw", draw)
        monkeypatch.setattr(SceneStack, "visible", visible)

    def wrap_turn(self, scene, draw):
        def drawn_in_turn(surface):
            self.groups.clear()
            names = self.layer_names
            self.screen = names if names.endswith(scene.name) else f"{names} ({scene.name})"
            draw(surface)
            self.groups.clear()
            self.screen = "toasts"

        return drawn_in_turn

    def watch(self, drawn: text.Drawn) -> None:
        """Every line drawn: its size, its edges, what it runs into on its surface."""
        if drawn.role == "cover":
            group = self.groups.get(id(drawn.surface), [])
            group[:] = [other for other in group if not other.ink.colliderect(drawn.rect)]
            return
        words = drawn.words
        seen = drawn.ink.clip(drawn.surface.get_clip())  # a scrolled list clips its rows
        if not seen.w or not seen.h:
            return
        drawn = text.Drawn(drawn.surface, drawn.words, drawn.rect, drawn.size, drawn.role, seen)
        if drawn.role == "cap":
            self.caps.add(words)
        if words.strip():
            key = (self.screen, drawn.role, drawn.size, words)
            self.sizes[key] = self.sizes.get(key, 0) + 1
        inside = drawn.surface.get_rect().inflate(2, 2).contains(drawn.rect.inflate(-4, -4))
        if words.strip() and drawn.role != "decor" and not inside:
            self.outside.add(words)
        if not words.strip():
            return
        group = self.groups.setdefault(id(drawn.surface), [])
        ink = drawn.ink.inflate(-2, -2)  # touching is not crossing
        for other in group:
            if other.surface is not drawn.surface or not ink.colliderect(other.ink.inflate(-2, -2)):
                continue
            if drawn.role == "decor" or other.role == "decor":
                if drawn.role != other.role:
                    crossed = other.words if drawn.role == "decor" else words
                    self.crossed[(self.screen, crossed)] = self.crossed.get((self.screen, crossed), 0) + 1
                continue
            pair = (self.screen, *sorted((other.words, words)))
            self.collisions[pair] = self.collisions.get(pair, 0) + 1
        group.append(drawn)

    def explained(self, line: str) -> bool:
        """Whether a painted line came from the table: a whole text or a wrapped part of one,
        in capitals or not, with a sign before it ("● Ana to play")."""
        words = line.strip(SIGNS).casefold()
        return not words or any(words in given.casefold() for given in self.given)

    def aside_allowed(self, line: str) -> bool:
        """Whether a line may be small: it comes from a text nobody needs to play (ASIDE_KEYS)."""
        words = line.strip(SIGNS).casefold()
        if ADDRESS.match(line.strip()):
            return True
        return bool(words) and any(
            words in given.casefold()
            for key, gave in self.given_by.items()
            if ASIDE_KEYS.match(key)
            for given in gave
        )

    def too_small(self) -> list[tuple[str, str, int, str]]:
        """Every line of the size record under its minimum: READ for words to read, SMALL for
        asides (only words nobody needs to play) and key caps."""
        out = []
        for screen, role, size, words in self.sizes:
            if role in ("decor",):
                continue
            least = text.READ if role == "line" else text.SMALL
            if size < least or (role == "aside" and not self.aside_allowed(words)):
                out.append((screen, role, size, words))
        return sorted(out)

    def record(self) -> str:
        """The size record as lines of text: size, role, screen, words; smallest first."""
        rows = sorted(self.sizes, key=lambda row: (row[2], row[1], row[0], row[3]))
        return "\n".join(f"{size:3d} {role:6s} {screen:28s} {words!r}" for screen, role, size, words in rows)
