"""The card table of Bullets and Kamu: the screen (scene), its pure flow in time (flow), what
really happened (truth), the frame it draws (frame) and the painters of its parts: the middle
(pile, plaque, bubbles, reveal), the seats, the hand, the chrome (buttons, curtain, log), the
animations (fx, sprites), words, the coach and the layout."""
