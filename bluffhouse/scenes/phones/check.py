"""`bluffhouse --phones-check`: can phones reach this computer? One line, and an exit code.

It finds the address phones would use, binds the phone server there (as a game would), and
plays a simulated phone over a real socket: fetch the join page, open the seat's WebSocket,
join it, send a ping and a press, and wait for the pong and for the press to reach the game's side.
No window and no pygame: it is the first thing to run when a phone won't connect.
"""

from __future__ import annotations

import asyncio
import os
import queue
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from bluffhouse.scenes.phones.network import where

if TYPE_CHECKING:
    from bluffhouse.scenes.ui.intents import Press

REASONS = {
    "port_in_use": "port {port} is already in use on this computer (another Bluffhouse?); "
    "set BLUFFHOUSE_PHONES_PORT to a free port",
    "no_network": "this computer is not on a network: connect it to the Wi-Fi the phones use",
    "not_mine": "{host} (BLUFFHOUSE_PHONES_HOST) is not an address of this computer",
    "not_local": "{host} is not a local network address: the game only listens at home",
    "every_network": "{host} (BLUFFHOUSE_PHONES_HOST) would listen on every network of this computer, "
    "public ones too, not only the home one: give this computer's address on the Wi-Fi, "
    "or leave it unset",
    "not_allowed": "the system does not allow listening on port {port}: use a port above 1024",
    "other": "the server could not start: {detail}",
}
TIMEOUT = 10.0


def command(argv0: str | None = None) -> str:
    """How the player runs this check with the copy they have: `python main.py --phones-check` in a
    checkout, else the installed command or the built program, both called bluffhouse."""
    script = Path(sys.argv[0] if argv0 is None else argv0).name
    return "python main.py --phones-check" if script == "main.py" else "bluffhouse --phones-check"


def run(environ: Mapping[str, str] | None = None) -> tuple[int, str]:
    """(exit code, the one line to print)."""
    from bluffhouse.scenes.phones.server import PAGE_DIR, PhoneServer, new_token

    place = where(environ)
    if place.trouble is not None:
        return 1, "phones: no: " + REASONS[place.trouble].format(host=place.host, port=place.port, detail="")
    presses: queue.Queue[Press] = queue.Queue()
    server = PhoneServer(PAGE_DIR, presses.put)  # (its page in English: no language loaded here)
    token = new_token()
    server.set_places({token: 0})
    server.start(place.host, place.port, place.fallback)
    try:
        if not server.ready.wait(TIMEOUT):
            return 1, "phones: no: the server did not start in time"
        if server.trouble is not None:
            env = os.environ if environ is None else environ
            chosen = bool(str(env.get("BLUFFHOUSE_PHONES_HOST", "")).strip())  # not found: given
            trouble = "not_mine" if server.trouble == "no_network" and chosen else server.trouble
            reason = REASONS.get(trouble, REASONS["other"])
            return 1, "phones: no: " + reason.format(host=place.host, port=place.port, detail=server.detail)
        host = f"[{server.host}]" if ":" in server.host else server.host
        url = f"http://{host}:{server.port}/p/{token}"
        try:
            elapsed = asyncio.run(asyncio.wait_for(_phone(url, presses), TIMEOUT))
        except (TimeoutError, OSError, RuntimeError, ValueError) as error:
            return 1, (
                f"phones: no: listening at {url} but a phone could not reach it ({error!r}); "
                "a firewall may block the port"
            )
        return 0, f"phones: ok url={url} roundtrip_ms={elapsed * 1000:.1f}"
    finally:
        server.stop(wait=5.0)


async def _phone(url: str, presses: queue.Queue[Press]) -> float:
    """A simulated phone: the page, the socket, a ping answered, a press delivered; the round trip."""
    import aiohttp

    async with aiohttp.ClientSession() as session:
        async with session.get(url) as page:
            if page.status != 200 or "phone.js" not in await page.text():
                raise RuntimeError(f"the join page answered {page.status}")
        async with session.ws_connect(url.replace("/p/", "/ws/", 1)) as ws:
            await ws.send_str('{"t":"join","device":""}')  # a new phone: the seat is its own
            started = time.perf_counter()
            await ws.send_str('{"t":"ping","n":1}')
            while True:
                message = await ws.receive_json()
                if message.get("t") == "pong":
                    break
            elapsed = time.perf_counter() - started
            await ws.send_str('{"t":"challenge"}')
            for _ in range(200):
                if not presses.empty():
                    return elapsed
                await asyncio.sleep(0.01)
            raise RuntimeError("a press did not reach the game")
