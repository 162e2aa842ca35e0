"""Everything pygame; game/ is the rules. Find any screen's code by its folder, from the ground
up of the layer order (tests/test_layering.py; a module imports only from its layer or below):

- ui/       translations, fonts and text, the palette and widgets, animation, sound, and the
            input vocabulary (intents, keys, names)
- art/      cards of both decks, jokers, backs, dice, the table's furniture: drawn in code
- shell/    the app and main loop, the scene stack, the input reader, the screen registry,
            the session, settings, privacy on one screen, messages, the warm-up queue
- phones/   the phone transport and hub: a service handed to the shell
- play/     the game host: what both games share
- table/    the card table of Bullets and Kamu;  duel/  the dice duel (never each other)
- setup/    the set-up screens of both kinds of game
- results/  the results screens of both kinds of game
- menu.py, pause.py (and the confirm overlay), options.py, howto.py, demo.py (the attract
  mode), seat_move.py (the TV's question before a seat moves to another phone), seat_away.py
  (the room's question when a phone seat's phone is gone and the game waits on it)
- screens.py  the composition root: plugs every screen and service in
"""
