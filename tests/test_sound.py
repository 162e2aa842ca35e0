"""The shipped sound effects: what tools/make_sounds.py makes, loaded by the mixer, licensed."""

import importlib.util
import wave
from pathlib import Path

import pygame

from bluffhouse.scenes.ui.sound import ALIASES, EFFECTS, MIXER, SOUND_DIR, Sound

ROOT = Path(__file__).resolve().parent.parent


def _tool():
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools" / "make_sounds.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_shipped_files_are_what_the_script_makes_now():
    # A full re-render: about a second. Run `tools/make_sounds.py` after changing a recipe.
    assert _tool().stale() == []


def test_every_effect_has_a_recipe_and_a_small_mono_file():
    tool = _tool()
    assert tuple(tool.RECIPES) == EFFECTS
    assert tool.FILE_RATE == MIXER[0]  # the mixer plays them as they are: no resampling at start
    assert set(ALIASES.values()) <= set(EFFECTS)
    total = 0
    for name in EFFECTS:
        path = SOUND_DIR / f"{name}.wav"
        with wave.open(str(path)) as file:
            assert (file.getnchannels(), file.getsampwidth(), file.getframerate()) == (1, 2, 22050)
            assert 0.02 < file.getnframes() / 22050 < 1.5
        total += path.stat().st_size
    assert total < 400 * 1024


def test_the_mixer_loads_every_effect():
    pygame.mixer.pre_init(*MIXER)
    pygame.init()
    sound = Sound({"muted": False})
    if sound.enabled:
        assert set(sound.sounds) == set(EFFECTS)
        assert abs(sound.sounds["win"].get_length() - 1.29) < 0.01


def test_the_sounds_are_ours_and_say_so():
    note = (SOUND_DIR / "LICENSE.txt").read_text(encoding="utf-8")
    assert "make_sounds.py" in note and "Bluffhouse" in note


def test_the_effects_are_loaded_only_when_one_is_played():
    pygame.mixer.pre_init(*MIXER)
    pygame.init()
    sound = Sound({"muted": True})
    assert sound.warm_jobs() == []  # a muted window (every test's) warms none
    sound.play("slap")
    sound.muted = True
    assert not sound.loaded and not sound.ready
    sound.muted = False
    sound.play("slap")
    if sound.enabled:
        assert set(sound.sounds) == set(EFFECTS) and sound.loaded


def test_an_effect_played_before_the_warm_up_loads_alone():
    pygame.mixer.pre_init(*MIXER)
    pygame.init()
    sound = Sound({"muted": False})
    assert not sound.ready  # the window's first frame loads no effect
    sound.play("liar")  # an alias: the doubt effect alone
    sound.play("nonsense")  # no such effect: nothing loaded, nothing counted
    if sound.has_mixer:
        assert sound.ready == {"doubt"} and not sound.loaded


def test_a_window_with_sound_on_has_the_warm_up_load_every_effect_a_job_each():
    pygame.mixer.pre_init(*MIXER)
    pygame.init()
    sound = Sound({"muted": False})
    jobs = sound.warm_jobs()
    if not sound.has_mixer:
        assert jobs == [] and sound.loaded
        return
    assert [key for key, _, _ in jobs] == [("sound", name) for name in EFFECTS]
    for _, _, build in jobs[:3]:
        build()
    assert sound.ready == set(EFFECTS[:3]) and not sound.loaded
    for _, _, build in jobs[3:]:
        build()
    assert sound.loaded and sound.ready == set(EFFECTS)
