"""Every screen is ready before a person can reach it (issue 34): once the warm-up that follows
the menu's first frame has run out, opening each screen from the menu imports no module and
makes none of the pieces too big for a frame (the felt, the pile's canvas, the cup). A test of
what is left to do, not of time: the first frames' times are printed (and measured by
tools/startup_bench.py --entries), never asserted. Heavy: a fresh process warms everything (~3 s);
its fast siblings are in test_warmup_imports.py."""

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

WALK = textwrap.dedent("""
    import json, sys, time
    from bluffhouse.game.rules import Rules
    from bluffhouse.scenes.menu import MenuScene
    from bluffhouse.scenes.screens import register_all
    from bluffhouse.scenes.shell.app import App
    from bluffhouse.scenes.shell.registry import SCENES

    register_all()
    app = App(seed=11, home=MenuScene, mute=False)
    app.stack.push(MenuScene(app))
    app.stack.apply()
    frames = 0
    while (app.warmup.queue or frames < 2) and frames < 5000:
        app.step(1 / 60)
        frames += 1
    from bluffhouse.scenes.art import backs, furniture
    from bluffhouse.scenes.shell.session import GameSetup, SeatSpec, bot_seat

    made = []  # pieces too big for a frame, made as a screen enters (not found in their caches)
    for owner, name in ((furniture._Felt, "finished"), (backs._PileCanvas, "__init__")):
        real = getattr(owner, name)
        def spy(*args, real=real, name=name, **kwargs):
            made.append(name)
            return real(*args, **kwargs)
        setattr(owner, name, spy)
    duel = GameSetup(Rules.duel(), [SeatSpec("Ana", True, challenge_key="Q"), bot_seat(1, "hard")], seed=5)
    opens = {
        "quick": lambda: SCENES["quick"](app), "bullets": lambda: SCENES["bullets"](app),
        "kamu": lambda: SCENES["kamu"](app), "duel": lambda: SCENES["duel"](app),
        "duel_game": lambda: SCENES["duel_game"](app, duel), "howto": lambda: SCENES["howto"](app),
        "options": lambda: SCENES["options"](app), "history": lambda: SCENES["history"](app),
        "stats": lambda: SCENES["stats"](app), "pause": lambda: SCENES["pause"](app, "bullets"),
        "replay": lambda: SCENES["replay_file"](app, sys.argv[1]) and None,  # it pushes itself
    }
    seen = {}
    for key, make in opens.items():
        before = {m for m in sys.modules if m.startswith(("bluffhouse.game.", "bluffhouse.scenes."))}
        del made[:]
        cpu = time.process_time()
        scene = make()
        if scene is not None:
            app.stack.push(scene)
        app.stack.apply()
        app.step(1 / 60)
        cpu = (time.process_time() - cpu) * 1000
        ours = {m for m in sys.modules if m.startswith(("bluffhouse.game.", "bluffhouse.scenes."))}
        new = sorted(ours - before)
        seen[key] = {"new": new, "made": sorted(set(made)) if key in ("quick", "duel_game") else [],
                     "cpu": round(cpu, 1), "top": app.stack.top.name}
        app.stack.reset(MenuScene(app))
        app.stack.apply()
        app.step(1 / 60)
    print(json.dumps({"frames": frames, "screens": seen}))
""")


@pytest.mark.heavy
def test_after_the_warm_up_every_screen_opens_with_nothing_left_to_import_or_make(tmp_path):
    env = {
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PATH": "",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        "BLUFFHOUSE_SETTINGS": str(tmp_path / "settings.json"),
        "BLUFFHOUSE_DATA": str(tmp_path / "data"),
    }
    subprocess.run(
        [
            sys.executable,
            "-m",
            "bluffhouse.game.tournament",
            "--game",
            "bullets",
            "--players",
            "3",
            "--seats",
            "medium,medium,medium",
            "--games",
            "1",
            "--seed",
            "1",
            "--save-replays",
            str(tmp_path),
        ],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
    )
    replay = str(next(tmp_path.glob("*.bhreplay")))
    out = subprocess.run(
        [sys.executable, "-c", WALK, replay], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr[-3000:]
    walk = json.loads(out.stdout.strip().splitlines()[-1])
    print(
        f"warm-up: {walk['frames']} frames; first frame of each screen after it, ms of CPU:",
        {key: screen["cpu"] for key, screen in walk["screens"].items()},
    )
    assert walk["frames"] < 5000  # the queue ran out
    for key, screen in walk["screens"].items():
        assert screen["top"] != "menu", key  # it opened
        assert (key, screen["new"], screen["made"]) == (key, [], []), screen
