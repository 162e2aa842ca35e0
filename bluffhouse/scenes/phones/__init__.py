"""Phone play (issue 14): a person's hand or dice on their own phone, the table on the TV.

The transport (no game in it): protocol.py, devices.py, gate.py, web.py, server.py, network.py.
- protocol.py  what a phone may send, checked where it enters; what it is sent
- devices.py   join links and the phone each belongs to: tokens, device secrets, knocks, moves
- gate.py      connection caps within the file limit, who goes when full, deadlines for what is not a phone
- web.py       strict headers on every answer, no banner, the page's files in memory
- server.py    the HTTP + WebSocket server on its own thread and asyncio loop (no pygame)
- network.py   which local address phones would use
The game's side:
- hub.py       the evening's phones: who plays which seat, states out, connection news, knocks
- join.py      the join screen: a code per seat no phone has joined; also "Phones" over a game
- qr.py texts.py paint.py  codes, the page's words and the TV's phone signs
Each game's own phone state lives in the game (scenes/table/phones.py, scenes/duel/phones.py),
what both share in the host (scenes/play/phones.py); the TV's question before a seat moves to
another phone is a screen (scenes/seat_move.py). Nothing here imports a game.
- check.py     `bluffhouse --phones-check` (`python main.py --phones-check` in a checkout)
"""
