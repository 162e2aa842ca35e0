"""main.py as a person (or CI) runs it: headless frames, a summary line, --help."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from kit import main_here, run_main

from main import main, parse_args

ROOT = Path(__file__).resolve().parent.parent


def test_frames_run_headless_and_end_with_the_summary(tmp_path):
    """The program as a person starts it: a fresh process, its summary line and exit code 0 (30
    frames: half a second of the menu; 120 before, which added only 0.4 s of painting the same menu)."""
    result = run_main("--frames", "30", "--seed", "1", tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    last = result.stdout.strip().splitlines()[-1]
    assert last.startswith("bluffhouse: frames=30 games_finished=0 scenes_visited=")
    assert "menu" in last.split("scenes_visited=")[1].split(",")


@pytest.mark.draws  # painted as the program paints: the table scaled into the window asked for
def test_demo_mute_and_size_options_work_headless(tmp_path, monkeypatch, capsys):
    ran = main_here(
        "--demo",
        "--mute",
        "--size",
        "1600x1200",
        "--fullscreen",
        "--frames",
        "30",
        tmp_path=tmp_path,
        monkeypatch=monkeypatch,
        capsys=capsys,
    )
    assert ran.code == 0, ran.err
    last = ran.out.strip().splitlines()[-1]
    assert last.startswith("bluffhouse: frames=30 ")
    assert "table" in last.split("scenes_visited=")[1].split(",")  # the demo deals its first game at once
    assert ran.app.demo and ran.app.sound.muted and ran.app.window.get_size() == (1600, 1200)
    assert not ran.app.settings.get("muted") and not ran.app.settings.get("fullscreen")  # this run only


# --help, --version and a bad value end in argparse's SystemExit before anything is built: main()
# here (the process's exit code is that SystemExit's; -m bluffhouse and negative frames below show
# it in a real process).


def test_help_lists_the_options(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    for option in ("--demo", "--frames", "--seed", "--fullscreen", "--mute", "--size"):
        assert option in out


def test_version_is_the_packages_version(capsys):
    from bluffhouse import __version__

    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"bluffhouse {__version__}"
    assert re.fullmatch(r"[0-9]+\.[0-9]+\.[0-9]+", __version__)


def test_python_dash_m_bluffhouse_is_the_same_program(tmp_path):
    from bluffhouse import __version__

    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        BLUFFHOUSE_SETTINGS=str(tmp_path / "settings.json"),
    )
    result = subprocess.run(
        [sys.executable, "-m", "bluffhouse", "--version"],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0 and result.stdout.strip() == f"bluffhouse {__version__}", result.stderr


def test_a_bad_size_is_refused_with_a_message(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--size", "big", "--frames", "1"])
    assert stop.value.code == 2 and "WxH" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--frames", "-5"], "from 1 to"),
        (["--frames", "0"], "from 1 to"),
        (["--frames", "1e3"], "whole"),
        (["--frames", "١٢"], "whole"),
        (["--frames", "1_000"], "whole"),
        (["--frames", "99999999999"], "to"),
        (["--size", "99999x99999"], "7680x4320"),
        (["--size", "16384x16384"], "7680x4320"),
        (["--size", "100x100"], "1120x630"),
        (["--size", "320x180"], "1120x630"),
        (["--size", "1280x720x3"], "WxH"),
        (["--size", "x"], "WxH"),
        (["--size", "1280.5x720"], "WxH"),
        (["--size", "0x0"], "1120x630"),
        (["--size", "-1280x720"], ""),
        (["--seed", "-1"], "0 to"),
        (["--seed", "4294967296"], "0 to"),
        (["--seed", "1" * 5000], "0 to"),
        (["--seed", "abc"], "whole"),
        (["--fr", "5"], "unrecognized"),
        (["--demo=yes"], "ignored explicit"),
    ],
)
def test_every_bad_value_is_an_argparse_error_with_exit_code_2(capsys, args, words):
    with pytest.raises(SystemExit) as stop:
        parse_args(args)
    assert stop.value.code == 2
    message = capsys.readouterr().err
    assert message.startswith("usage: bluffhouse") and "error:" in message and words in message


def test_good_values_are_taken_as_they_are():
    args = parse_args(["--frames", "10000000", "--seed", "4294967295", "--size", "7680X4320"])
    assert (args.frames, args.seed, args.size) == (10_000_000, 4_294_967_295, (7680, 4320))
    assert parse_args(["--size", "1120×630", "--seed", "0", "--frames", "1"]).size == (1120, 630)


def test_negative_frames_end_with_exit_code_2_instead_of_running_nothing(tmp_path):
    result = run_main("--frames", "-5", tmp_path=tmp_path)
    assert result.returncode == 2 and "--frames" in result.stderr
    assert "bluffhouse: frames" not in result.stdout
