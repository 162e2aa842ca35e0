"""The dice duel: the screen (scene), its pure flow (flow), the show of beats (stage), the
frame it draws (frame), the action bar's logic (controls) with its claim builder (builder,
build_keys) and painters (bar, build_paint, paint, parts), words and the layout."""
