"""Every game remembered: replay records, their checks, a cursor over them, a store and stats.

- record.py  the record of one finished (or left) game, Kamu match or duel match, as values
- codec.py   the small versioned file (gzip'd compact JSON) and its strict reading
- check.py   a record played again on fresh engines: every move legal, the same result, and
             the story of it (each call beside what was really played, lies, challenges)
- cursor.py  the state at any step of a checked record, face up, with keyframes
- tape.py    a record being written while a game is played (the screens' hook)
- figures.py what each seat did in a game: the raw material of the stats
- store.py   one SQLite database of records, people and figures; queries.py its questions

Pure Python, no pygame: tools, tests and the screens use the same code. Replays are only
ever of games that ended (finished or left), so every hand in them may be shown.
"""
