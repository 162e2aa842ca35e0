"""Everything pygame: the app, the screens, input, drawing and sound (game/ is the rules)."""
