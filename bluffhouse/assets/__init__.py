"""The game's own files, shipped as package data: fonts, translation tables, sounds, the phone
page and the icons. Nothing here is code; scenes/ui/assets.py finds this folder through
importlib.resources, so it is found the same way in a checkout, an installed wheel and the
one-folder build."""
