"""The tests' one toolkit: the app as the tests build it, the keys, clicks and frames they give it,
a game at a given state, and a painted frame. What about twenty test files each wrote out (their
own press(), step(), click(), app fixture, scripted computer player) is here once; a test module
never imports another test module (tests/test_test_imports.py), it imports this.

    app = app_fixture(seed=3)                  # a fixture: its own settings file, the menu on top
    pace = Pace(dt=1 / 30, frames=2)           # how this module's people press: 1/30 s frames, two a key
    press, step, click = pace.press, pace.step, pace.click
    press(app, pygame.K_RETURN)                # pressed and let go, then two frames
    press_intent(app, seat=0, role="peek")     # whatever key seat 0 peeks with
    step(app, 30)
    picture = painted(app)                     # one frame stepped and painted: the window

Each test file keeps the seed and the pace it always had (the seed decides the game it plays, the
pace how long a person takes) and says so where it builds them. A test imports everything from
`kit`; the parts are kept apart by subject:

- kit.app: the app and its fixture, keys, clicks, Pace (press, step, click, run_until, the
  hand-over guard, a seat's intent), a painted frame, toasts, the words a painter drew;
- kit.tables: a card table at a given state (ScriptBot, table_people, start_table, my_turn, a
  challenged call's frames) and the results of real card games;
- kit.duels: a dice duel at a given state (ScriptedMatch, duel_people, settle_duel, to_bidding)
  and walks through its claim builder;
- kit.engines: the engines' checks more than one test makes (Checker, assert_consistent);
- kit.screens: the menus' and set-ups' paces, open_setup, a stand-in game screen, main().
"""

from kit.app import (  # noqa: F401
    DT,
    PLAIN,
    K,
    Pace,
    app_fixture,
    key,
    last_toast,
    mouse_click,
    new_app,
    own_registry,
    painted,
    press,
    press_intent,
    settings_file,
    steps,
    toasts,
    top_words,
)
from kit.duels import (  # noqa: F401
    DUEL,
    MOST_PRESSES,
    ScriptedMatch,
    bar_words,
    click_moves,
    duel_people,
    key_moves,
    settle_duel,
    start_duel,
    state,
    to_bidding,
    versus_computer,
    walk,
)
from kit.engines import (  # noqa: F401
    Checker,
    assert_consistent,
    fingerprint,
    held_for_sure,
)
from kit.screens import (  # noqa: F401
    MENU,
    SETUP,
    GameStandIn,
    Ran,
    focus_row,
    main_here,
    open_duel_setup,
    open_setup,
    run_main,
)
from kit.tables import (  # noqa: F401
    TABLE,
    ScriptBot,
    at,
    ben_has_called,
    challenged_frames,
    looks,
    my_turn,
    played_record,
    results_setup,
    show_results,
    start_table,
    table_people,
)
