"""SIGTERM still stops a test run: SDL, on pygame.init(), turns a SIGTERM whose handler is the
default into a QUIT event in its queue, so a run that had built an App could no longer be
stopped by `kill` (CI's timeout, an engineer's). tests/conftest.py tells SDL to leave the
signals alone (SDL_NO_SIGNAL_HANDLERS); the game itself keeps SDL's handlers."""

from __future__ import annotations

import ctypes
import signal
import sys

import pygame
import pytest

from bluffhouse.scenes.shell.app import App


def os_handler(signum: int) -> int | None:
    """The handler the kernel has for signum (0 is SIG_DFL), read with sigaction(2): Python's
    signal.getsignal only knows what Python itself installed, not what SDL's C code did."""
    libc = ctypes.CDLL(None, use_errno=True)
    action = ctypes.create_string_buffer(512)  # a struct sigaction; sa_handler comes first
    if libc.sigaction(signum, None, action) != 0:
        return None
    return ctypes.c_void_p.from_buffer(action).value or 0


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="struct sigaction as Linux lays it out")
def test_building_an_app_leaves_sigterm_to_kill_the_test_run(tmp_path, monkeypatch):
    monkeypatch.setenv("BLUFFHOUSE_SETTINGS", str(tmp_path / "settings.json"))
    ctrl_c = signal.getsignal(signal.SIGINT)  # Python's own (ignored in a run started in the background)
    App(seed=1, mute=True)
    pygame.init()  # once more: SDL installs its handlers on every init of its event system
    # what the run was started with, SIG_DFL (a SIGTERM ends it) or SIG_IGN, and never SDL's handler
    assert os_handler(signal.SIGTERM) in (signal.SIG_DFL, signal.SIG_IGN)
    assert signal.getsignal(signal.SIGINT) is ctrl_c
