"""Which address phones on the same Wi-Fi would use to reach this computer (no pygame).

The address is the one the system would send from towards the outside: a UDP socket is
"connected" to a documentation address (198.51.100.1, TEST-NET-2), which only looks up the
route and sends nothing. BLUFFHOUSE_PHONES_HOST and BLUFFHOUSE_PHONES_PORT override the
address and port (the tests use 127.0.0.1 and port 0, any free one; a firewall rule may want
a fixed port, and then no other port is taken instead when it is busy). The host must be one
address of this computer on a local network: 0.0.0.0 or :: would listen on every network the
computer is on (a café's, a public address's), not only the home one, and is refused.
"""

from __future__ import annotations

import ipaddress
import os
import re
import socket
from collections.abc import Mapping
from dataclasses import dataclass

DEFAULT_PORT = 8765
PROBE = ("198.51.100.1", 9)  # never contacted: a UDP connect() only picks a route
_PORT = re.compile(r"[0-9]{1,5}")


@dataclass(frozen=True, slots=True)
class Where:
    """Where the server would listen: host, port, whether another port may be taken instead,
    and what is wrong (None, "no_network", "not_local" or "every_network")."""

    host: str
    port: int
    fallback: bool
    trouble: str | None = None


def route_address() -> str | None:
    """This computer's address on the network its default route leads to, or None."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(PROBE)
        address = probe.getsockname()[0]
    except OSError:
        return None
    finally:
        probe.close()
    return None if address in ("0.0.0.0", "") or address.startswith("127.") else address


def is_local(address: str) -> bool:
    """Whether an address belongs to a local network (private, link-local) or this machine (not
    0.0.0.0 or ::, which stand for every address the computer has: see where_trouble)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return not ip.is_unspecified and (ip.is_private or ip.is_link_local or ip.is_loopback)


def where_trouble(host: str) -> str | None:
    """What is wrong with listening on host: None, "every_network" (0.0.0.0 or ::, every network
    this computer is on, public ones too) or "not_local"."""
    try:
        if ipaddress.ip_address(host).is_unspecified:
            return "every_network"
    except ValueError:
        pass
    return None if is_local(host) else "not_local"


def where(environ: Mapping[str, str] | None = None) -> Where:
    """Where the phone server should listen, from the environment or the network."""
    env = os.environ if environ is None else environ
    port_text = str(env.get("BLUFFHOUSE_PHONES_PORT", "")).strip()
    fixed = bool(_PORT.fullmatch(port_text)) and 0 <= int(port_text) <= 65535  # 0: any free port
    port = int(port_text) if fixed else DEFAULT_PORT
    host = str(env.get("BLUFFHOUSE_PHONES_HOST", "")).strip()
    if host:
        return Where(host, port, not fixed, where_trouble(host))
    address = route_address()
    if address is None:
        return Where("", port, not fixed, "no_network")
    return Where(address, port, not fixed, where_trouble(address))
