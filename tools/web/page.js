// Gammon Cart's page around pyxel.js: the 640x512 game fitted to any window, phones included.
//
// Pyxel sizes its screen from the SDL window, and SDL's window follows the canvas's CSS box
// (getBoundingClientRect) at creation and on every window resize; Pyxel then never draws below
// 1x, so a box smaller than 640x512 shows only its middle. This page therefore keeps the canvas
// laid out at exactly 640x512 CSS pixels whenever SDL measures it (so the window, the drawing
// buffer and Pyxel's scale stay 640x512 at 1x), and shows it through a CSS transform that scales
// it to fit, below 1x where needed. SDL maps a pointer or a touch by the box the browser reports
// (the transformed one) against that 640x512 window, so the pixel under the finger is the pixel
// the game sees. On a touch screen pyxel.js's gamepad goes beside the game (landscape) or below
// it (portrait), whichever leaves the game larger, never over the board.
"use strict";

const GAME_W = 640;
const GAME_H = 512;
const MENU_ASPECT = 26 / 92; // pyxel.js's gamepad menu image, 92x26
const GAP = 4;

// Where the game and the gamepad go in a W x H window; pad is false on a screen without touch.
function gammonLayout(W, H, pad) {
  if (!pad) {
    const s = Math.min(W / GAME_W, H / GAME_H);
    return { s, x: (W - GAME_W * s) / 2, y: (H - GAME_H * s) / 2, pad: null };
  }
  // pyxel.js makes each control a fifth of the longer side; a short window gets smaller ones
  const g = Math.round(Math.min(Math.max(W, H) * 0.2, Math.min(W, H) * 0.45));
  const menuH = Math.ceil(g * 0.3); // its hit zone: the bottom 0.3 of a g-wide box
  // beside: cross in the left margin, buttons in the right one, the menu above the buttons
  const sSide = Math.min((W - 2 * g - 2 * GAP) / GAME_W, H / GAME_H);
  // below: the game on top, a band with the cross, the buttons and (between or above them) the menu
  const menuBetween = W >= 3 * g + 4 * GAP;
  const band = g + GAP + (menuBetween ? 0 : menuH + GAP);
  const sBelow = Math.min(W / GAME_W, (H - band) / GAME_H);
  if (sSide >= sBelow) {
    const s = sSide;
    const x = (W - GAME_W * s) / 2;
    const y = (H - GAME_H * s) / 2;
    const bottom = H - GAP;
    return {
      s, x, y,
      pad: {
        size: g,
        cross: { left: GAP, top: bottom - g },
        button: { left: W - GAP - g, top: bottom - g },
        menu: { left: W - GAP - g, top: Math.max(GAP, bottom - g - GAP - menuH - g * (MENU_ASPECT - 0.3)) },
      },
    };
  }
  const s = sBelow;
  const x = (W - GAME_W * s) / 2;
  const y = Math.max(0, (H - band - GAME_H * s) / 2);
  const top = Math.min(H - g - GAP, y + GAME_H * s + GAP + (menuBetween ? 0 : menuH + GAP));
  return {
    s, x, y,
    pad: {
      size: g,
      cross: { left: GAP, top },
      button: { left: W - GAP - g, top },
      menu: menuBetween
        ? { left: (W - g) / 2, top: top + g - g * MENU_ASPECT }
        : { left: (W - g) / 2, top: top - GAP - g * MENU_ASPECT },
    },
  };
}

// The box (page pixels) a Pyxel pixel is shown in, for tests and drivers.
function gammonPixelToPage(layout, px, py) {
  return [layout.x + (px + 0.5) * layout.s, layout.y + (py + 0.5) * layout.s];
}

if (typeof module !== "undefined") {
  module.exports = { gammonLayout, gammonPixelToPage, GAME_W, GAME_H };
} else {
  (() => {
    let measuring = false; // the canvas is untransformed while SDL may be reading its box
    const canvas = () => document.querySelector("canvas#canvas");
    const el = (id) => document.getElementById(id);
    const place = (img, box, size) => {
      if (!img) return;
      for (const [k, v] of [["min-width", "0"], ["width", `${size}px`], ["left", `${box.left}px`],
                            ["top", `${box.top}px`], ["right", "auto"], ["bottom", "auto"],
                            ["transform", "none"]]) {
        img.style.setProperty(k, v, "important");
      }
    };
    const fit = () => {
      const c = canvas();
      if (!c || measuring || c.width !== GAME_W || c.height !== GAME_H) return; // SDL has no window yet
      const cross = el("pyxel-gamepad-cross");
      const W = window.innerWidth;
      const H = window.innerHeight;
      const lay = gammonLayout(W, H, Boolean(cross));
      window.gammonLayoutNow = lay;
      c.style.setProperty("left", `${lay.x}px`, "important");
      c.style.setProperty("top", `${lay.y}px`, "important");
      c.style.setProperty("transform", `scale(${lay.s})`, "important");
      c.style.setProperty("image-rendering", lay.s < 1 ? "auto" : "pixelated", "important");
      c.style.visibility = "visible";
      if (lay.pad) {
        place(cross, lay.pad.cross, lay.pad.size);
        place(el("pyxel-gamepad-button"), lay.pad.button, lay.pad.size);
        place(el("pyxel-gamepad-menu"), lay.pad.menu, lay.pad.size);
      }
    };
    // A resize: SDL's own listener measures the canvas; let it find 640x512 again, then refit.
    window.addEventListener("resize", () => {
      const c = canvas();
      if (!c) return;
      measuring = true;
      c.style.setProperty("transform", "none", "important");
      c.style.setProperty("left", "0px", "important");
      c.style.setProperty("top", "0px", "important");
      requestAnimationFrame(() => { measuring = false; fit(); });
    }, { capture: true });
    // SDL sizes the canvas's buffer when Pyxel opens its window; pyxel.js adds the gamepad later
    const watch = new MutationObserver(fit);
    const start = () => {
      watch.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["width", "height"] });
      fit();
    };
    if (document.body) start(); else document.addEventListener("DOMContentLoaded", start);
    // pyxel.js writes a dropped file to /tmp under a name with odd characters made "_": keep the
    // player's own name for the game's messages (cart/store/disk/browser.py reads it back)
    window.gammonDroppedNames = {};
    const noteDrops = () => {
      const write = window.dropFileToPyxel;
      if (typeof write !== "function" || write.gammonNoted) return;
      const noted = (name, data) => {
        window.gammonDroppedNames[`/tmp/${name.replace(/[^a-zA-Z0-9._-]/g, "_")}`] = name;
        return write(name, data);
      };
      noted.gammonNoted = true;
      window.dropFileToPyxel = noted;
    };
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", noteDrops);
    else noteDrops();
    window.gammonFit = fit;
  })();
}
