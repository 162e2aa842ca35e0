"""The shell: the app and its main loop, the scene stack, the input layer and its key tables,
the screen registry (screens open each other by name), the session (who sits where), the
settings store, privacy on one screen (PrivateViews and its audit) and messages as data."""
