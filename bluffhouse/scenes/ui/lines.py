"""One line of text to pixels, whatever it holds: characters SDL_ttf refuses are made safe, and
right-to-left words (a name in Hebrew or Arabic) are drawn in reading order, each run by a face
set to its direction and script (scenes.ui.bidi finds the runs). scenes.ui.text draws through
render_line and gives the faces (a face carries `source`, how to make its right-to-left twin)."""

from __future__ import annotations

from functools import lru_cache

import pygame

from bluffhouse.scenes.ui.bidi import has_rtl, script_of, visual_runs

RGB = tuple[int, int, int]
Color = RGB | tuple[int, int, int, int]


@lru_cache(maxsize=64)
def _rtl_face(source: tuple[str | None, int, bool], script: str) -> pygame.font.Font:
    """The same face set to draw right to left, shaped as script (Arabic letters join)."""
    path, size, bold = source
    face = pygame.font.Font(path, size)
    face.bold = bold and path is None
    try:
        face.set_direction(pygame.DIRECTION_RTL)
        face.set_script(script)
    except (pygame.error, AttributeError, ValueError):
        pass  # an SDL_ttf without HarfBuzz: the run is still drawn in reading order below
    return face


def drawable(text: str) -> str:
    """text as SDL_ttf accepts it: without NUL characters and with lone surrogates as "?"."""
    if "\x00" in text:
        text = text.replace("\x00", "")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = text.encode("utf-8", "replace").decode("utf-8")
    return text


def render_line(face: pygame.font.Font, text: str, color: Color) -> pygame.Surface:
    """face.render(text) that never raises: text that draws nothing gives a 1-pixel-wide surface.
    Right-to-left words (a name in Hebrew or Arabic) are drawn in reading order (scenes.ui.bidi)."""
    text = drawable(text)
    if has_rtl(text):
        return _render_runs(face, visual_runs(text), color)
    return _render_plain(face, text, color)


def _render_plain(face: pygame.font.Font, text: str, color: Color) -> pygame.Surface:
    try:
        return face.render(text, True, color[:3])
    except pygame.error:  # "Text has zero width": only invisible characters
        return pygame.Surface((1, face.get_height()), pygame.SRCALPHA)


def _render_runs(face: pygame.font.Font, runs: list[tuple[str, bool]], color: Color) -> pygame.Surface:
    """Runs drawn side by side, left to right; a right-to-left run by the face's RTL twin."""
    source = getattr(face, "source", None)
    images = []
    for run, rtl in runs:
        if rtl and source is not None:
            images.append(_render_plain(_rtl_face(source, script_of(run)), run, color))
        else:
            images.append(_render_plain(face, run[::-1] if rtl else run, color))
    out = pygame.Surface((max(1, sum(i.get_width() for i in images)), face.get_height()), pygame.SRCALPHA)
    x = 0
    for image in images:
        out.blit(image, (x, 0))
        x += image.get_width()
    return out
