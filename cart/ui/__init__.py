"""The Pyxel front end: the only layer that imports pyxel.

``palette`` (the 16 Wimp colours by role), ``assets`` (the built font and
sprites), ``widgets`` (RISC OS 2 window furniture, buttons, fields, menus),
``layout`` (where everything on the board screen is, and hit-testing) and
``board_view`` (paints a game and a view state); on top of them the game:
``app`` (the window) over ``scene_stack`` (the stack of scenes), ``intents``
(mouse, keys and gamepad turned into intents), ``scenes`` (dialogs), ``menus`` (pop-up menus),
``stage`` (the Scene base, and where its update says to go; the app goes), ``services``
(what a scene is given, never the app), ``play`` (the board scene: input, beats,
sounds, drawing) over ``table`` (the game at the table, no Pyxel), with
``play_menu`` (its menu), ``play_boxes`` (its questions), ``table_view``, ``messages``,
``tips``, ``thinking`` (the frame clock) and ``animation``; ``title`` (attract
mode and the new-game form), ``options`` (the form's set-up), ``prefs`` (the
store's settings, held and saved) and ``sound``. Importing this
package imports nothing heavy: the scenes import the modules they use.
"""
