"""Phone play (issue 14): a person's hand or dice on their own phone, the table on the TV.

The transport (no game in it): protocol.py, devices.py, gate.py, web.py, server.py, network.py.
- protocol.py  what a phone may send, checked where it enters; what it is sent
- devices.py   join links and the phone each belongs to: tokens, device secrets, knocks, moves
- gate.py      connection caps within the file limit, deadlines for what is not a phone
- web.py       strict headers on every answer, no banner, the page's files in memory
- server.py    the HTTP + WebSocket server on its own thread and asyncio loop (no pygame)
- network.py   which local address phones would use
The game's side:
- hub.py       the evening's phones: who plays which seat, states out, connection news, knocks
- table_link.py duel_link.py  each phone seat's own state, and its presses into the flows
- join.py      the join screen: a code per seat no phone has joined; also "Phones" over a game
- move.py      the TV's question before a seat moves to another phone
- qr.py cards.py texts.py paint.py  codes, card faces, words and the TV's phone signs
- check.py     `bluffhouse --phones-check` (`python main.py --phones-check` in a checkout)
"""
