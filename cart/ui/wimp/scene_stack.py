"""The App's stack of scenes, and the keys' focus carried as scenes open and close over each other.

The App decides where to go; this is how the stack then changes, alike for every
scene: the top takes the input, those under it are told they are covered, a scene
opened from the keys takes the focus on its default icon, and closing it gives
back the stop the keys had. It knows nothing of the game, the store or the screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cart.ui.kit.intents import Focus

if TYPE_CHECKING:
    from cart.ui.kit.intents import Input
    from cart.ui.wimp.keyboard import PadKeys
    from cart.ui.wimp.stage import Scene


class SceneStack:
    """The scenes bottom to top (the last has the input); ``pad_keys`` hears where the keys arrive."""

    def __init__(self, input: Input, pad_keys: PadKeys) -> None:
        self.input = input
        self.pad_keys = pad_keys  # pad A's on-screen keyboard, and the tip on a field that says so
        self.stack: list[Scene] = []
        self.keys_carried = False  # a menu chosen by keys closed: what it opens takes the focus too

    @property
    def top(self) -> Scene:
        return self.stack[-1]

    def _restacked(self) -> None:
        """Tell each scene whether a box or a menu now covers it."""
        for scene in self.stack:
            scene.cover(scene is not self.stack[-1])

    @property
    def cursor_shown(self) -> bool:
        """The pointer shows rather than the hourglass: the computer is not thinking."""
        return not self.top.busy

    @property
    def keyed(self) -> bool:
        """The keys (or the gamepad) have the cursor: the top scene shows a focus mark, no pointer."""
        return bool(self.stack) and self.top.focus is not None

    @property
    def keys_in_use(self) -> bool:
        """A scene opened now takes the focus: the keys have it, or had it in the menu just closed."""
        return self.keyed or self.keys_carried

    def _focus_first(self, scene: Scene) -> None:
        """A scene opened while the keys are in use takes the focus on its first stop (its default icon)."""
        stop = scene.first_stop()
        if stop is not None:
            self.input.warp(*stop)
            scene.focus_on(stop)
            self.pad_keys.see(scene, [Focus(*stop)])

    def push(self, scene: Scene) -> None:
        keyed = self.keys_in_use
        self.stack.append(scene)
        self._restacked()
        if keyed or scene.onscreen:  # the on-screen keyboard is the pad's: its keys take the focus
            self._focus_first(scene)
        scene.enter()

    def pop(self, scene: Scene) -> None:
        """Remove ``scene`` (and anything above it); a scene that is gone already is ignored."""
        if scene in self.stack:
            keyed = self.keyed
            gone = self.stack[self.stack.index(scene) :]
            del self.stack[self.stack.index(scene) :]
            self._restacked()
            for old in reversed(gone):
                old.leave()
            if keyed and self.stack and self.top.focus is not None:  # back to the stop it had
                self.input.warp(*self.top.focus)

    def switch(self, scene: Scene) -> None:
        """Make ``scene`` the only one (each scene left is told, then the new one)."""
        keyed = self.keys_in_use
        gone, self.stack = self.stack, [scene]
        self._restacked()
        for old in reversed(gone):
            old.leave()
        if keyed:
            self._focus_first(scene)
        scene.enter()
