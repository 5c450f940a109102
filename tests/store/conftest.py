"""The store's tests mirror its rooms (``disk/``, ``saves/``, ``mat/``) and share helpers across them."""

import sys
from pathlib import Path

sys.path[:0] = [str(Path(__file__).parent / room) for room in ("disk", "saves", "mat")]
