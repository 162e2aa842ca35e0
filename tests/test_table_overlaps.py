"""Nothing the table tells is hidden by what it draws over it (issue 23, playtest q2-a3, s19): the
verdict stamp, in every language, stays off the pile's count chip, the set-aside count and the
challenged call's caption; that caption sits under the turned cards, where no seat's "Liar!"
from the top of the table reaches."""

import pygame
import pytest

from bluffhouse.scenes.table import middle
from bluffhouse.scenes.table.layout import seat_places
from bluffhouse.scenes.ui.lang import set_language, t
from bluffhouse.scenes.ui.text import READ, font

LANGUAGES = ("en", "es", "fr", "hu")


@pytest.fixture
def language():
    pygame.display.init()
    pygame.font.init()
    yield set_language
    set_language("en")


def solid(rect: pygame.Rect) -> tuple[pygame.mask.Mask, tuple[int, int]]:
    return pygame.mask.Mask(rect.size, fill=True), rect.topleft


def covers(image: pygame.Surface, centre, rect: pygame.Rect) -> bool:
    at = image.get_rect(center=centre)
    mask, topleft = solid(rect)
    return (
        image.get_bounding_rect().move(at.topleft).colliderect(rect)
        and pygame.mask.from_surface(image).overlap(mask, (topleft[0] - at.x, topleft[1] - at.y)) is not None
    )


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("kind", ["lie", "true"])
@pytest.mark.parametrize("cards", [1, 2, 4])
def test_the_stamp_leaves_the_set_aside_count_in_view(language, code, kind, cards):
    language(code)  # (a long language's word shrinks: HAZUGSÁG covered "26 félretéve")
    aside = font(READ).size(t("table.set_aside", n=26))
    label = pygame.Rect(0, 0, *aside)
    label.midtop = (middle.SET_ASIDE_SPOT[0], middle.SET_ASIDE_SPOT[1] + 30)
    assert not covers(middle.stamp_image(kind), middle.stamp_centre(cards), label)


def test_the_counts_and_the_caption_are_drawn_over_the_reveal(monkeypatch):
    """The stamp lands over the cards; the pile's count chip, the set-aside count and the call's
    caption are drawn after it, so it never hides them."""
    from kit import challenged_frames

    from bluffhouse.scenes.table import paint

    raw = []
    monkeypatch.setattr("kit.tables.looks", lambda frame: raw.append(frame) or frame)
    challenged_frames("KH 9S", ["AS AH 2S 5S", "KH KD 3S 9S", "3H 4S 4H 7C"])
    frame = next(f for f in raw if f.reveal is not None)
    order = []
    for name in ("draw_reveal", "draw_pile_marks", "draw_pile"):
        real = getattr(paint, name)

        def traced(*args, real=real, name=name, **kwargs):
            order.append(name)
            return real(*args, **kwargs)

        monkeypatch.setattr(paint, name, traced)
    paint.paint_table(frame, pygame.Surface((1280, 720)))
    assert order == ["draw_pile", "draw_reveal", "draw_pile_marks"]


@pytest.mark.parametrize("players", range(2, 9))
def test_the_caption_is_below_every_seats_panel(players):
    top = max(place.rect.bottom for place in seat_places(players, 0) if place.rect.centery < middle.CENTRE[1])
    assert middle.CAPTION_AT[1] - 12 > top + 40  # a top seat's bubble hangs at most 40 px under it


def test_a_curtain_toast_leaves_when_the_curtain_lifts_and_none_covers_a_hand(tmp_path, monkeypatch):
    """Playtest j31, j9: "only Zsófi's key lifts it" stayed over the cards just opened, and a toast
    covered the hand and its owner's panel."""
    from kit import TABLE, new_app, start_table, table_people

    from bluffhouse.game.rules import Rules
    from bluffhouse.game.table import Table
    from bluffhouse.scenes.shell.toasts import toast_layout
    from bluffhouse.scenes.table.layout import HAND_RECT
    from bluffhouse.scenes.table.scene import TableScene

    app = new_app(tmp_path, monkeypatch, seed=1, data=True)
    rules = Rules.bullets(4)
    table = Table.from_hands(rules, ["AS AH 2S 5S", "2H 2D 3S 9S", "3H 4S 4H 7C", "3D 4D 8S 8H"])
    press, run_until = TABLE.press, TABLE.run_until
    scene = start_table(app, TableScene(app, table_people(app, rules), table=table))
    run_until(app, lambda: scene.moment.curtain == 0 and not scene.fx.busy)
    press(app, pygame.K_RETURN)  # a shared key at the curtain: it says whose key lifts it
    own_key = [toast.text for toast in app.toasts]
    assert own_key
    press(app, pygame.K_w)  # Ana's own key: her cards are up; what the curtain said has gone
    assert scene.moment.game.shown_hand == 0
    assert not [toast for toast in app.toasts if toast.text in own_key]
    press(app, pygame.K_q)  # her challenge key with nothing to challenge: said while her hand is shown
    for _ in range(10):  # (risen into place)
        app.step(1 / 30)
    placed = toast_layout(app.toasts, scene.toast_top, scene.toast_foot, scene.toast_clear, (1280, 720))
    boxes = [box for box, _ in placed]
    assert boxes and not [box for box in boxes if box.colliderect(HAND_RECT)]
    pygame.event.clear()


@pytest.mark.draws
def test_the_pauses_key_help_has_its_own_ground(tmp_path, monkeypatch):
    """Playtest j35: the pause's key help sat on the curtain's words below it."""
    from bluffhouse.scenes.menu import MenuScene
    from bluffhouse.scenes.pause import PauseScene
    from bluffhouse.scenes.screens import register_all
    from bluffhouse.scenes.shell.app import App

    monkeypatch.setenv("BLUFFHOUSE_SETTINGS", str(tmp_path / "settings.json"))
    register_all()
    app = App(seed=1, home=MenuScene, mute=True)
    surface = pygame.Surface((1280, 720))
    surface.fill((255, 255, 255))  # the brightest words the game could have there
    PauseScene(app, "kamu").draw(surface)
    assert max(surface.get_at((20, 688))[:3]) < 40  # left of the hints, on their band
