"""The game host: what both games (scenes/table, scenes/duel) share, written once and
parameterised by the game. It sits under the two games in the layer order and never imports
either of them.

- scene.py    the skeleton of a game's screen: set-up, seed, pace, phone seats, pause, leaving
- says.py     what a flow says to the screen: its messages, posted once, drained by the screen
- phones.py   the phone adapter both games share (PhoneLink): seating a game's phones, a key never
              acting for a phone seat, answers and news to one phone, hellos in the language,
              how phone seats look on the television, which seat a message is about
"""
