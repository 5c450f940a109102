"""Files between the player and a browser page: an export handed over as a download, a drop's name.

In the browser the store keeps its entries in ``localStorage``
(:mod:`cart.store.disk.localstorage`), where the player cannot reach a file, so an
export is handed to the browser instead: a ``Blob`` of its bytes behind an
object URL, and a hidden link to it with a ``download`` name, clicked (the
browser saves or offers the file; the URL is revoked a minute later, when the
download has long taken its copy). A file dropped on the page is written by
pyxel.js into Pyodide's ``/tmp`` under a name with every character but
letters, digits, ``.``, ``_`` and ``-`` made ``_``; the cart's page
(``tools/web/page.js``) notes the name the player gave it in
``gammonDroppedNames``, which :func:`dropped_name` reads back.

Like :mod:`cart.store.disk.localstorage` this module imports neither ``js`` nor
``pyodide``: the caller hands in Pyodide's ``js`` module and ``to_js``, so the
same code runs under Pyodide in Node.js with a stand-in document
(``tools/pyodide/check_browser.py``).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

REVOKE_AFTER_MS = 60_000
"""How long the download's object URL lives: the browser has copied the file long before."""


def download(js: Any, to_js: Callable[[Any], Any], name: str, data: bytes, mime: str = "text/plain") -> None:
    """Hand ``data`` to the browser as a file named ``name``: a Blob, an object URL, a link clicked.

    Raises ``OSError`` when the page refuses (no document, a blocked Blob), so
    the caller says it as it says a failed write.
    """
    try:
        parts = js.Array.new()
        parts.push(to_js(data))  # bytes become a Uint8Array: the file's exact bytes, no text decoding
        options = js.Object.new()
        options.type = mime
        blob = js.Blob.new(parts, options)
        url = js.URL.createObjectURL(blob)
        link = js.document.createElement("a")
        link.href = url
        link.download = name
        link.style.display = "none"
        js.document.body.appendChild(link)
        try:
            link.click()
        finally:
            link.remove()
        js.setTimeout(js.URL.revokeObjectURL.bind(js.URL, url), REVOKE_AFTER_MS)
    except Exception as exc:  # Pyodide's JsException, or an AttributeError where the page lacks a part
        raise OSError(f"the browser did not take the download ({exc})") from None


def dropped_name(js: Any, path: str) -> str:
    """The name the player gave the file pyxel.js wrote at ``path`` (its base name if the page did not
    note it)."""
    names = getattr(js, "gammonDroppedNames", None)
    try:
        given = js.Reflect.get(names, path) if names is not None else None
    except Exception:  # not an object: the page did not note the drop
        given = None
    return str(given) if isinstance(given, str) and given else os.path.basename(path)
