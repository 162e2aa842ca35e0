"""The dice duel: the screen (scene), its pure flow (flow), the show of beats (stage), the
frame it draws (frame), the action bar's logic (controls, picker) and painters (bar, paint,
parts), words and the layout."""
