"""The game host: what both games (scenes/table, scenes/duel) share, written once and
parameterised by the game. It sits under the two games in the layer order and never imports
either of them.

- flow.py     the flow in time (GameFlow): the clock and pace, holds, privacy and cover_all, a
              press checked once by the engine and its refusal said to whoever pressed, the one
              path of every action into the engine (where the tape notes it), computer players'
              think times and plans (plans.py); each game's flow adds only its own
- plans.py    computer players' pacing: think times, plans due at a game time, stale after a change
- scene.py    the skeleton of a game's screen: set-up, seed, pace, phone seats, pause, leaving,
              and the frame pipeline (show_frame: the phones, then the frame, once per update)
- frame.py    a frame's privacy decision, both games': which hidden faces it may hold (audited)
- says.py     what a flow says to the screen: its messages, posted once, drained by the screen
- phones.py   the phone adapter both games share (PhoneLink): seating a game's phones, a key never
              acting for a phone seat, answers and news to one phone, hellos in the language,
              how phone seats look on the television, which seat a message is about
"""
