"""The set-up screens: the card games' (cards, with its model, seats, options, focus and
painter) and the dice duel's (duel)."""
