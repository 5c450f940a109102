"""The tests' folders go in memory only where there is room for them (tests/temp_place.py)."""

from __future__ import annotations

import os

from temp_place import memory_temp_fits


def test_a_folder_too_small_or_missing_is_not_used(tmp_path):
    room = os.statvfs(tmp_path).f_bavail * os.statvfs(tmp_path).f_frsize
    assert memory_temp_fits(tmp_path, free=room // 2)
    assert not memory_temp_fits(tmp_path, free=room * 2)
    assert not memory_temp_fits(tmp_path / "missing", free=0)
