"""The results screens: the card games' (cards, with its places and match tables, the truth
recap and the awards) and the dice duel's (duel)."""
