"""Everything pygame; game/ is the rules. Find any screen's code by its folder:

- shell/    the app and main loop, the scene stack, input and keys, the screen registry,
            the session, settings, privacy on one screen, messages
- ui/       translations, fonts and text, the palette and widgets, animation, sound
- art/      cards of both decks, jokers, backs, dice, the table's furniture: drawn in code
- table/    the card table of Bullets and Kamu
- duel/     the dice duel
- setup/    the set-up screens of both kinds of game
- results/  the results screens of both kinds of game
- menu.py, pause.py (and the confirm overlay), howto.py, demo.py (the attract mode)
"""
