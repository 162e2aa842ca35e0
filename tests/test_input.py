"""The input layer: posted pygame events become intents for the right player."""

import pygame
import pytest

from bluffhouse.scenes.shell.app import Letterbox
from bluffhouse.scenes.shell.input import Input, Source
from bluffhouse.scenes.ui.keys import PAD_A, PAD_X


@pytest.fixture
def inp():
    pygame.init()
    pygame.display.set_mode((1280, 720))
    pygame.event.clear()
    yield Input()
    pygame.event.clear()


def post(kind, **attrs):
    pygame.event.post(pygame.event.Event(kind, **attrs))


def key(k, mod=0):
    post(pygame.KEYDOWN, key=k, mod=mod)


def key_up(k):
    post(pygame.KEYUP, key=k, mod=0)


def kinds(intents):
    return [i.kind for i in intents]


def test_a_bound_key_is_a_challenge_for_its_player(inp):
    inp.bind(Source("key", pygame.K_q), 0, "challenge")
    inp.bind(Source("key", pygame.K_p), 2, "challenge")
    key(pygame.K_p)
    [intent] = inp.poll()
    assert (intent.kind, intent.player, intent.device) == ("challenge", 2, "P")


def test_two_players_pressing_in_one_frame_give_both_challenges_in_order(inp):
    inp.bind(Source("key", pygame.K_q), 0, "challenge")
    inp.bind(Source("key", pygame.K_RSHIFT), 1, "challenge")
    key(pygame.K_RSHIFT)
    key(pygame.K_q)
    intents = inp.poll()
    assert [(i.kind, i.player) for i in intents] == [("challenge", 1), ("challenge", 0)]
    assert intents[0].device == "Right Shift"


def test_peek_has_a_press_and_a_release_and_is_held_between(inp):
    inp.bind(Source("key", pygame.K_w), 0, "peek")
    key(pygame.K_w)
    assert [(i.kind, i.player) for i in inp.poll()] == [("peek", 0)]
    assert inp.is_held(0, "peek")
    key(pygame.K_w)  # a repeat while held is not a second peek
    assert inp.poll() == []
    key_up(pygame.K_w)
    assert [(i.kind, i.player) for i in inp.poll()] == [("peek_end", 0)]
    assert not inp.is_held(0, "peek")


def test_losing_the_window_focus_ends_every_peek(inp):
    inp.bind(Source("key", pygame.K_w), 0, "peek")
    key(pygame.K_w)
    inp.poll()
    post(pygame.WINDOWFOCUSLOST)
    assert kinds(inp.poll()) == ["peek_end", "focus_lost"]
    assert not inp.is_held(0, "peek")


def test_binding_a_new_key_replaces_the_players_old_one(inp):
    inp.bind(Source("key", pygame.K_q), 0, "challenge")
    inp.bind(Source("key", pygame.K_a), 0, "challenge")
    assert inp.source_of(0, "challenge") == Source("key", pygame.K_a)
    key(pygame.K_q)
    assert kinds(inp.poll()) == ["unbound_key"]


def test_navigation_keys_belong_to_nobody(inp):
    for k in (
        pygame.K_UP,
        pygame.K_DOWN,
        pygame.K_LEFT,
        pygame.K_RIGHT,
        pygame.K_RETURN,
        pygame.K_SPACE,
        pygame.K_BACKSPACE,
        pygame.K_ESCAPE,
        pygame.K_TAB,
        pygame.K_PAGEUP,
        pygame.K_PAGEDOWN,
        pygame.K_3,
    ):
        key(k)
    key(pygame.K_TAB, mod=pygame.KMOD_LSHIFT)
    intents = inp.poll()
    assert kinds(intents) == [
        "up",
        "down",
        "left",
        "right",
        "confirm",
        "select",
        "backspace",
        "back",
        "tab",
        "page_up",
        "page_down",
        "digit",
        "tab",
    ]
    assert all(i.player is None for i in intents)
    assert intents[11].value == 3
    assert intents[-1].value == -1


def test_global_keys_and_window_close(inp):
    key(pygame.K_m)
    key(pygame.K_F11)
    key(pygame.K_RETURN, mod=pygame.KMOD_LALT)
    post(pygame.QUIT)
    assert kinds(inp.poll()) == ["mute", "fullscreen", "fullscreen", "quit"]


def test_an_unbound_letter_says_so(inp):
    key(pygame.K_z)
    [intent] = inp.poll()
    assert (intent.kind, intent.device, intent.player) == ("unbound_key", "Z", None)


def test_reserved_keys_cannot_be_bound(inp):
    assert not inp.bindable(Source("key", pygame.K_ESCAPE))
    assert not inp.bindable(Source("key", pygame.K_m))
    assert not inp.bindable(Source("key", pygame.K_LEFT))
    assert inp.bindable(Source("key", pygame.K_RSHIFT))
    assert inp.bindable(Source("key", pygame.K_KP_ENTER))


def test_mouse_click_is_converted_to_logical_pixels_under_a_letterbox(inp):
    inp.to_logical = Letterbox((1920, 1080)).to_logical
    post(pygame.MOUSEBUTTONDOWN, pos=(960, 540), button=1)
    post(pygame.MOUSEBUTTONDOWN, pos=(1920 - 3, 1080 - 3), button=3)
    click, right = inp.poll()
    assert (click.kind, click.pos) == ("click", (640, 360))
    assert (right.kind, right.pos) == ("right_click", (1278, 718))


def test_clicks_on_the_black_bars_are_dropped(inp):
    box = Letterbox((1000, 1000))  # a square window: bars above and below the picture
    inp.to_logical = box.to_logical
    assert box.rect.height == 562
    post(pygame.MOUSEBUTTONDOWN, pos=(500, 100), button=1)
    post(pygame.MOUSEBUTTONDOWN, pos=(500, 500), button=1)
    [click] = inp.poll()
    assert click.pos is not None
    assert click.pos[0] == 640 and abs(click.pos[1] - 360) <= 1


def test_mouse_motion_wheel_and_release(inp):
    post(pygame.MOUSEMOTION, pos=(10, 10), rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEMOTION, pos=(20, 10), rel=(10, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEMOTION, pos=(30, 10), rel=(10, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEWHEEL, x=0, y=-1)
    post(pygame.MOUSEBUTTONUP, pos=(30, 10), button=1)
    intents = inp.poll()
    # the first motion only tells where the mouse is; the rest of a frame's motion is one
    assert kinds(intents) == ["motion", "wheel", "click_end"]
    assert intents[0].pos == (30, 10)
    assert intents[1].value == -1


def test_a_gamepad_button_bound_to_a_player(inp):
    post(pygame.JOYDEVICEADDED, device_index=0, instance_id=42)
    [added] = inp.poll()
    assert (added.kind, added.device) == ("pad_added", "Pad 1")
    inp.bind(Source("pad", PAD_X, 42), 3, "challenge")
    post(pygame.JOYBUTTONDOWN, instance_id=42, button=PAD_X)
    post(pygame.JOYBUTTONDOWN, instance_id=42, button=PAD_A)
    challenge, confirm = inp.poll()
    assert (challenge.kind, challenge.player, challenge.device) == ("challenge", 3, "Pad 1 □/X")
    assert (confirm.kind, confirm.player) == ("confirm", 3)  # the pad's owner navigates


def test_two_pads_are_told_apart_by_instance_id(inp):
    inp.bind(Source("pad", PAD_X, 7), 0, "challenge")
    inp.bind(Source("pad", PAD_X, 9), 1, "challenge")
    post(pygame.JOYBUTTONDOWN, instance_id=9, button=PAD_X)
    post(pygame.JOYBUTTONDOWN, instance_id=7, button=PAD_X)
    assert [(i.kind, i.player) for i in inp.poll()] == [("challenge", 1), ("challenge", 0)]


def test_pad_hat_and_stick_navigate_once_per_push(inp):
    post(pygame.JOYHATMOTION, instance_id=1, hat=0, value=(0, 1))
    post(pygame.JOYHATMOTION, instance_id=1, hat=0, value=(0, 0))
    post(pygame.JOYAXISMOTION, instance_id=1, axis=0, value=0.9)
    post(pygame.JOYAXISMOTION, instance_id=1, axis=0, value=0.95)
    post(pygame.JOYAXISMOTION, instance_id=1, axis=0, value=0.1)
    post(pygame.JOYAXISMOTION, instance_id=1, axis=1, value=-0.8)
    post(pygame.JOYBUTTONDOWN, instance_id=1, button=1)
    assert kinds(inp.poll()) == ["up", "right", "up", "back"]


def test_a_controller_api_pad_uses_the_standard_layout(inp):
    inp.bind(Source("pad", PAD_A, 5), 1, "peek")
    post(pygame.CONTROLLERBUTTONDOWN, instance_id=5, button=0)  # SDL's A
    post(pygame.CONTROLLERBUTTONDOWN, instance_id=5, button=12)  # D-pad down
    post(pygame.CONTROLLERBUTTONUP, instance_id=5, button=0)
    assert [(i.kind, i.player) for i in inp.poll()] == [("peek", 1), ("down", 1), ("peek_end", 1)]


def test_a_removed_pad_lets_go_of_its_held_buttons(inp):
    post(pygame.JOYDEVICEADDED, device_index=0, instance_id=3)
    inp.bind(Source("pad", PAD_X, 3), 0, "peek")
    post(pygame.JOYBUTTONDOWN, instance_id=3, button=PAD_X)
    post(pygame.JOYDEVICEREMOVED, instance_id=3)
    assert [(i.kind, i.player) for i in inp.poll()] == [
        ("pad_added", 0),
        ("peek", 0),
        ("peek_end", 0),
        ("pad_removed", 0),
    ]


def test_capture_next_delivers_the_raw_key_once(inp):
    inp.capture_next()
    key(pygame.K_DOWN)  # navigation still works while waiting
    key(pygame.K_RSHIFT)
    key(pygame.K_RSHIFT)
    down, captured, after = inp.poll()
    assert down.kind == "down"
    assert (captured.kind, captured.device) == ("capture", "Right Shift")
    assert captured.source == Source("key", pygame.K_RSHIFT)
    assert after.kind == "unbound_key"
    inp.bind(captured.source, 4, "challenge")
    key(pygame.K_RSHIFT)
    assert [(i.kind, i.player) for i in inp.poll()] == [("challenge", 4)]


def test_capture_next_on_a_pad_and_who_already_owns_it(inp):
    post(pygame.JOYDEVICEADDED, device_index=0, instance_id=8)
    post(pygame.JOYDEVICEADDED, device_index=1, instance_id=11)
    inp.poll()
    inp.capture_next()
    post(pygame.JOYBUTTONDOWN, instance_id=11, button=PAD_A)  # ✕/A navigates ...
    post(pygame.JOYBUTTONDOWN, instance_id=11, button=PAD_X)
    confirm, captured = inp.poll()
    assert confirm.kind == "confirm"
    assert (captured.kind, captured.device, captured.player) == ("capture", "Pad 2 □/X", None)
    inp.bind(captured.source, 1, "challenge")
    inp.capture_next(reserved=True)  # ... unless set-up asks for it too
    post(pygame.JOYBUTTONDOWN, instance_id=11, button=PAD_A)
    [captured_a] = inp.poll()
    assert (captured_a.kind, captured_a.device) == ("capture", "Pad 2 ✕/A")
    inp.capture_next()
    post(pygame.JOYBUTTONDOWN, instance_id=11, button=PAD_X)
    [again] = inp.poll()
    assert (again.kind, again.player) == ("capture", 1)  # set-up can say "taken by player 2"


def test_typing_mode_gives_text_and_letters_stop_being_keys(inp):
    inp.bind(Source("key", pygame.K_q), 0, "challenge")
    inp.text_entry = True
    key(pygame.K_q)
    post(pygame.TEXTINPUT, text="q")
    key(pygame.K_m)
    post(pygame.TEXTINPUT, text="m")
    key(pygame.K_SPACE)
    post(pygame.TEXTINPUT, text=" ")
    key(pygame.K_BACKSPACE)
    intents = inp.poll()
    assert [(i.kind, i.text) for i in intents] == [
        ("text", "q"),
        ("text", "m"),
        ("text", " "),
        ("backspace", ""),
    ]
    inp.text_entry = False
    post(pygame.TEXTINPUT, text="x")
    assert inp.poll() == []


def test_key_names_for_people():
    pygame.init()
    from bluffhouse.scenes.ui.keys import key_label

    assert key_label(pygame.K_q) == "Q"
    assert key_label(pygame.K_RSHIFT) == "Right Shift"
    assert key_label(pygame.K_KP_PLUS) == "Num +"
    assert key_label(pygame.K_RETURN) == "Enter"
