"""Phone play (issue 14): a person's hand or dice on their own phone, the table on the TV.

- protocol.py  what a phone may send, checked where it enters; what it is sent
- server.py    the HTTP + WebSocket server on its own thread and asyncio loop (no pygame)
- network.py   which local address phones would use
- hub.py       the game thread's side: tokens, join addresses, states out, connection news
- table_link.py duel_link.py  each phone seat's own state, and its presses into the flows
- join.py      the join screen: a QR code and a short address per phone seat
- qr.py cards.py texts.py paint.py  codes, card faces, words and the TV's phone signs
- check.py     `bluffhouse --phones-check` (`python main.py --phones-check` in a checkout)
"""
