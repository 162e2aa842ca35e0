"""The app shell: the scene stack, the frame, settings, toasts, and the shared helpers."""

import json
import time

import pygame
import pytest

from bluffhouse.scenes.shell.app import MAX_DT, App, Letterbox, Settings
from bluffhouse.scenes.shell.input import Intent
from bluffhouse.scenes.shell.scene import Scene, SceneStack
from bluffhouse.scenes.ui import anim
from bluffhouse.scenes.ui.lang import Translator, preferred_language, t
from bluffhouse.scenes.ui.sound import EFFECTS, Sound
from bluffhouse.scenes.ui.text import draw_wrapped, font, wrap


def said_all(messages):
    """Messages kept as words, in the current language."""
    return [m.text() for m in messages]


class Recorder(Scene):
    """A scene that writes down everything that happens to it."""

    def __init__(self, app, name, log, transparent=False, on_intent=None):
        super().__init__(app)
        self.label, self.log, self.transparent, self.on_intent = name, log, transparent, on_intent
        self.dts = []

    @property
    def name(self):
        return self.label

    def handle(self, intent):
        self.log.append((self.label, "handle", intent.kind))
        if self.on_intent:
            self.on_intent(intent)
        return True

    def update(self, dt):
        self.dts.append(dt)

    def draw(self, surface):
        self.log.append((self.label, "draw"))

    def enter(self):
        self.log.append((self.label, "enter"))

    def exit(self):
        self.log.append((self.label, "exit"))

    def pause(self):
        self.log.append((self.label, "pause"))

    def resume(self):
        self.log.append((self.label, "resume"))


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("BLUFFHOUSE_SETTINGS", str(tmp_path / "settings.json"))
    app = App(seed=1)
    pygame.event.clear()
    yield app
    pygame.event.clear()


def post_key(k, mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod))


@pytest.mark.draws
def test_push_is_applied_at_the_end_of_the_frame(app):
    log = []
    base = Recorder(app, "base", log)
    app.stack.push(base)
    app.stack.apply()
    over = Recorder(app, "over", log)
    base.on_intent = lambda intent: app.stack.push(over)
    post_key(pygame.K_RETURN)
    log.clear()
    app.step(1 / 60)
    # the push waited until after this frame's update and draw
    assert log == [("base", "handle", "confirm"), ("base", "draw"), ("base", "pause"), ("over", "enter")]
    assert app.stack.top is over
    assert base.dts == [1 / 60] and over.dts == []


def test_pop_and_replace_and_reset(app):
    log = []
    a, b, c, d = (Recorder(app, n, log) for n in "abcd")
    app.stack.push(a)
    app.stack.push(b)
    app.stack.apply()
    app.stack.pop()
    assert app.stack.top is b  # still queued
    app.stack.apply()
    assert app.stack.top is a and log[-2:] == [("b", "exit"), ("a", "resume")]
    app.stack.replace(c)
    app.stack.apply()
    assert app.stack.scenes == [c] and log[-2:] == [("a", "exit"), ("c", "enter")]
    app.stack.push(a)
    app.stack.reset(d)
    app.stack.apply()
    assert app.stack.scenes == [d]
    assert app.scenes_visited >= {"a", "b", "c", "d"}


def test_intents_after_a_stack_change_go_to_the_new_top_next_frame(app):
    log = []
    base = Recorder(app, "base", log)
    over = Recorder(app, "over", log)
    base.on_intent = lambda intent: app.stack.push(over)
    app.stack.push(base)
    app.stack.apply()
    post_key(pygame.K_ESCAPE)
    post_key(pygame.K_ESCAPE)  # a second Esc in the same frame must not push twice
    app.step(1 / 60)
    app.step(1 / 60)
    handled = [entry for entry in log if entry[1] == "handle"]
    assert handled == [("base", "handle", "back"), ("over", "handle", "back")]
    assert app.stack.scenes == [base, over]


@pytest.mark.draws
def test_a_transparent_overlay_draws_the_scene_below_first(app):
    log = []
    app.stack.push(Recorder(app, "game", log))
    app.stack.push(Recorder(app, "pause", log, transparent=True))
    app.stack.apply()
    log.clear()
    app.step(1 / 60)
    assert [e for e in log if e[1] == "draw"] == [("game", "draw"), ("pause", "draw")]


@pytest.mark.draws
def test_an_opaque_scene_hides_what_is_below(app):
    log = []
    app.stack.push(Recorder(app, "game", log))
    app.stack.push(Recorder(app, "help", log))
    app.stack.push(Recorder(app, "confirm", log, transparent=True))
    app.stack.apply()
    log.clear()
    app.step(1 / 60)
    assert [e for e in log if e[1] == "draw"] == [("help", "draw"), ("confirm", "draw")]


def test_only_the_top_scene_updates_unless_it_lets_the_one_below_run(app):
    log = []
    game, over = Recorder(app, "game", log), Recorder(app, "over", log, transparent=True)
    app.stack.push(game)
    app.stack.push(over)
    app.stack.apply()
    app.step(0.01)
    assert game.dts == [] and over.dts == [0.01]
    over.updates_below = True
    app.step(0.01)
    assert game.dts == [0.01]


def test_dt_is_capped_so_a_stall_never_skips_a_challenge_window(app):
    scene = Recorder(app, "s", [])
    app.stack.push(scene)
    app.stack.apply()
    app.step(5.0)
    app.step(-1.0)
    app.step(0.02)
    assert scene.dts == [MAX_DT, 0.0, 0.02]
    assert MAX_DT == pytest.approx(1 / 20)
    assert app.time == pytest.approx(MAX_DT + 0.02)


def test_window_close_quits_and_an_empty_stack_ends_the_app(app):
    app.stack.push(Recorder(app, "s", []))
    app.stack.apply()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(1 / 60)
    assert not app.running
    app.running = True
    app.stack.pop()
    app.step(1 / 60)
    assert not app.running


def test_m_mutes_and_the_choice_is_saved(app, tmp_path):
    app.stack.push(Recorder(app, "s", []))
    app.stack.apply()
    post_key(pygame.K_m)
    app.step(1 / 60)
    assert app.sound.muted
    assert app.settings.pending  # not written on the frame: once the choice settles, off the frame
    deadline = time.monotonic() + 10
    while app.settings.pending and time.monotonic() < deadline:
        time.sleep(0.02)
    assert json.loads((tmp_path / "settings.json").read_text())["muted"] is True
    assert any("Sound off" in toast.text for toast in app.toasts)


def test_f11_under_the_dummy_driver_does_not_crash(app):
    app.stack.push(Recorder(app, "s", []))
    app.stack.apply()
    post_key(pygame.K_F11)
    app.step(1 / 60)
    assert app.running


def test_a_corrupt_settings_file_gives_defaults_and_a_toast(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    path.write_text("{ this is not json", encoding="utf-8")
    monkeypatch.setenv("BLUFFHOUSE_SETTINGS", str(path))
    app = App()
    assert app.settings["muted"] is False and app.settings["volume"] == 0.8
    backup = app.settings.backup
    assert backup is not None and backup.read_text(encoding="utf-8") == "{ this is not json"
    assert [toast.text for toast in app.toasts] == [t("app.settings_damaged", path=str(backup))]
    app.settings["muted"] = True  # saving over the broken file works
    app.settings.flush()
    assert json.loads(path.read_text())["muted"] is True


def test_settings_drop_values_of_the_wrong_type_and_keep_new_keys(tmp_path):
    path = tmp_path / "s.json"
    original = json.dumps({"muted": "yes", "volume": 1, "last_players": 5})
    path.write_text(original, encoding="utf-8")
    settings = Settings(path)
    assert settings["muted"] is False
    assert settings["volume"] == 1
    assert settings["last_players"] == 5  # a key of a newer version is kept as it is
    assert said_all(settings.messages) == [t("app.settings_reset", keys="muted", path=str(settings.backup))]
    assert settings.backup.read_text(encoding="utf-8") == original
    assert json.loads(path.read_text()) == {**settings.data}
    path.write_text("[1, 2]", encoding="utf-8")
    again = Settings(path)
    assert said_all(again.messages) == [t("app.settings_damaged", path=str(again.backup))]


def test_settings_that_cannot_be_saved_say_so_once(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    settings = Settings(blocker / "sub" / "settings.json")  # a folder inside a file
    settings["muted"] = True
    settings.flush()
    settings["volume"] = 0.5
    settings.flush()
    assert settings["muted"] is True
    assert said_all(settings.messages) == [t("app.settings_unsaved")]


def test_toasts_fade_out_after_about_two_seconds(app):
    app.stack.push(Recorder(app, "s", []))
    app.stack.apply()
    app.toast("Hello")
    app.toast("Hello")  # the same message is not stacked twice
    assert len(app.toasts) == 1
    for _ in range(40):
        app.step(0.05)
    assert app.toasts == [] or app.toasts[0].age > 1.9
    for _ in range(20):
        app.step(0.05)
    assert app.toasts == []


def test_letterbox_fits_the_picture_and_maps_back():
    wide = Letterbox((1920, 1080))
    assert wide.rect == pygame.Rect(0, 0, 1920, 1080)
    tall = Letterbox((1280, 1000))
    assert tall.rect == pygame.Rect(0, 140, 1280, 720)
    assert tall.to_logical((10, 150)) == (10, 10)
    assert tall.to_logical((10, 100)) is None


def test_the_picture_is_scaled_into_a_resized_window(app):
    pygame.display.set_mode((800, 800), pygame.RESIZABLE)
    log = []
    app.stack.push(Recorder(app, "s", log))
    app.stack.apply()
    app.step(1 / 60)
    assert app.letterbox.rect == pygame.Rect(0, 175, 800, 450)


def test_scene_text_entry_follows_the_top_scene(app):
    class Typing(Scene):
        wants_text = True

    app.stack.push(Typing(app))
    app.stack.apply()
    app.step(1 / 60)
    assert app.input.text_entry
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="é"))
    app.stack.pop()
    app.step(1 / 60)


# -- helpers shared by every scene ----------------------------------------------------


def test_translation_falls_back_to_english_and_never_crashes():
    assert preferred_language([]) == "en"
    assert preferred_language([{"language": "xx", "country": None}]) == "en"
    english = Translator("xx")
    assert english.language == "en"
    assert english("menu.quit") == "Quit"
    assert english("no.such.key") == "no.such.key"
    assert english("app.pad_added", pad="Kamu").startswith("Kamu")  # fields are filled in
    assert english("app.pad_added") == english.english["app.pad_added"]  # missing field


def test_the_font_has_the_suits_and_hungarian_letters():
    pygame.init()
    face = font(24)
    for ch in "♠♥♦♣őű":
        assert face.metrics(ch)[0] is not None
    assert font(24) is face


def test_wrap_keeps_lines_within_the_width():
    pygame.init()
    text = "Anyone but the caller may challenge the last call with their own key. " * 3
    lines = wrap(text, 300, 20)
    assert len(lines) > 3 and all(font(20).size(line)[0] <= 300 for line in lines)
    surface = pygame.Surface((400, 400))
    assert draw_wrapped(surface, text, pygame.Rect(0, 0, 300, 10), 20) > 60


def test_tween_eases_and_can_be_skipped():
    tween = anim.Tween(0.0, 100.0, 1.0, anim.linear, delay=0.5)
    tween.update(0.5)
    assert tween.value == 0.0
    tween.update(0.5)
    assert tween.value == pytest.approx(50.0)
    tween.finish()
    assert tween.done and tween.value == 100.0
    pos = anim.Tween((0, 0), (10, 20), 1.0, anim.out_cubic)
    pos.update(1.0)
    assert pos.value == (10, 20)
    for ease in (
        anim.in_quad,
        anim.out_quad,
        anim.in_out_quad,
        anim.out_cubic,
        anim.in_out_cubic,
        anim.out_back,
        anim.out_elastic,
        anim.out_bounce,
    ):
        assert ease(0.0) == pytest.approx(0.0, abs=1e-9) and ease(1.0) == pytest.approx(1.0)


def test_timeline_runs_calls_in_order_and_skip_runs_each_once():
    calls = []
    timeline = anim.Timeline()
    slide = timeline.add(anim.Tween(0.0, 1.0, 0.5))
    timeline.call(lambda: calls.append("landed"))
    flip = timeline.add(anim.Tween(0.0, 180.0, 0.3))
    timeline.call(lambda: calls.append("flipped"))
    timeline.update(0.6)
    assert slide.done and calls == ["landed"] and not flip.done
    timeline.skip()
    timeline.skip()
    assert flip.value == 180.0 and calls == ["landed", "flipped"] and timeline.done


def test_every_sound_is_made_and_play_never_crashes(app):
    sound = Sound({"muted": False})
    assert set(EFFECTS) <= set(sound.sounds) or not sound.enabled
    for name in [*EFFECTS, "liar", "nonsense"]:
        sound.play(name)
    sound.toggle_mute()
    assert sound.muted and sound.settings["muted"] is True
    sound.play("slap")


def test_the_stack_alone_without_an_app():
    stack = SceneStack()
    assert stack.top is None and stack.visible() == [] and not stack.apply()
    scene = Scene.__new__(Scene)
    stack.push(scene)
    assert stack.apply() and stack.top is scene and len(stack) == 1
    assert Intent("confirm").player is None


def test_the_picture_is_made_only_when_it_is_drawn_on(app):
    assert not app.picture_made  # a window that never draws writes no 1280×720 picture
    picture = app.surface
    assert picture is app.picture and app.surface is picture and picture.get_size() == (1280, 720)
    assert picture.get_bitsize() == app.window.get_bitsize()  # the window's own format
    app.step(1 / 60, draw=True)
    assert app.surface is app.window  # a window of the picture's size is drawn on directly
