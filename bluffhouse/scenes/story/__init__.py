"""The story of games after they end: the Replay, History, Stats and Hall of Fame screens (issue 21).

- playback.py  the replay's clock and moves over a records cursor (no pygame: tested as is)
- moments.py   a move of a record told in words, with what was really played
- replay.py    the Replay screen; table_paint.py and duel_paint.py draw its two kinds of game
- chrome.py    what every replay shows: the title, the story list, the timeline bar
- history.py   past games, newest first, a page at a time; share.py exports and opens files
- stats.py     a name's figures per game, computer players by level, the Hall of Fame

Screens of the top layer: they import game.records, scenes.ui, scenes.art and scenes.shell,
and nothing below imports them (they open each other by name through the registry).
"""
