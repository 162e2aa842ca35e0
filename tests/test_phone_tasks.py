"""Tasks nobody holds: an asyncio loop keeps only a weak reference to its tasks, so a task started
and dropped (`asyncio.ensure_future(...)` as a statement) may be collected half-way, its work never
done (a phone's goodbye never sent). The phone server holds each of its own until it ends, and no
module of the project (the game, its tools, its tests) starts one and drops it."""

from __future__ import annotations

import ast
import gc
from pathlib import Path

from phones import local, phones, wait_for
from sources import parsed

from bluffhouse.scenes.phones.devices import CLOSE_MOVED, new_token
from bluffhouse.scenes.phones.server import PAGE_DIR, PhoneServer

__all__ = ["local", "phones"]  # the shared fixtures (tests/phones.py)

ROOT = Path(__file__).resolve().parent.parent
STARTERS = {"ensure_future", "create_task"}


def dropped_tasks(path: Path) -> list[int]:
    """The lines of path that start a task and keep no reference to it."""
    lines = []
    for node in ast.walk(parsed(path)):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
            func = node.value.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in STARTERS:
                lines.append(node.lineno)
    return lines


def test_no_module_starts_a_task_and_drops_it():
    files = [ROOT / "main.py"] + [
        path for folder in ("bluffhouse", "tools", "tests") for path in sorted((ROOT / folder).rglob("*.py"))
    ]
    assert len(files) > 100
    found = {str(path.relative_to(ROOT)): lines for path in files if (lines := dropped_tasks(path))}
    assert found == {}, "keep a reference to each task until it ends (see PhoneServer._keep)"


def test_the_scan_sees_a_dropped_task(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import asyncio\n\nasync def f(loop):\n    asyncio.ensure_future(g())\n"
        "    kept = loop.create_task(g())\n    loop.create_task(g())\n"
    )
    assert dropped_tasks(sample) == [4, 6]


def test_a_phone_sent_away_hears_its_goodbye_and_the_server_lets_go_of_the_task(local, phones):
    server = PhoneServer(PAGE_DIR, lambda press: None)
    token = new_token()
    server.set_places({token: 0})
    server.start("127.0.0.1", 0, fallback=False)
    try:
        assert server.ready.wait(10) and server.trouble is None
        phone = phones.connect(0, f"http://127.0.0.1:{server.port}/p/{token}")
        assert wait_for(lambda: server.status.get(token) == "connected", 5)
        assert len(server.tasks) == 1  # the doorman
        server.retire(token)  # a new code for this seat: the old phone is told, then closed
        gc.collect()
        assert wait_for(lambda: phone.closed_code == CLOSE_MOVED, 5)
        assert {"t": "moved"} in phone.received
        assert wait_for(lambda: len(server.tasks) == 1, 5)  # the goodbye's task let go once done
    finally:
        server.stop(wait=5)
