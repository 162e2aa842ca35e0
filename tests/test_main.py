"""main.py as a person (or CI) runs it: headless frames, a summary line, --help."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_main(*args, tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               BLUFFHOUSE_SETTINGS=str(tmp_path / "settings.json"))  # fmt: skip
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], check=False, capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=120)  # fmt: skip


def test_frames_run_headless_and_end_with_the_summary(tmp_path):
    result = run_main("--frames", "120", "--seed", "1", tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    last = result.stdout.strip().splitlines()[-1]
    assert last.startswith("bluffhouse: frames=120 games_finished=0 scenes_visited=")
    assert "menu" in last.split("scenes_visited=")[1].split(",")


def test_demo_mute_and_size_options_work_headless(tmp_path):
    result = run_main("--demo", "--mute", "--size", "800x600", "--fullscreen", "--frames", "30",
                      tmp_path=tmp_path)  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1].startswith("bluffhouse: frames=30 ")


def test_help_lists_the_options(tmp_path):
    result = run_main("--help", tmp_path=tmp_path)
    assert result.returncode == 0
    for option in ("--demo", "--frames", "--seed", "--fullscreen", "--mute", "--size"):
        assert option in result.stdout


def test_a_bad_size_is_refused_with_a_message(tmp_path):
    result = run_main("--size", "big", "--frames", "1", tmp_path=tmp_path)
    assert result.returncode == 2 and "WxH" in result.stderr
