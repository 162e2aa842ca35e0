"""What every screen draws with: translations (lang), fonts and text, the one palette and the
house's widgets (theme, widgets), animation curves, sound, and where the game's files are."""
