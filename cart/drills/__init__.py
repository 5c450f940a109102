"""Drills: the player's own costly decisions, checked deeply, asked again on a schedule.

How a window uses it::

    book = DrillBook(store.drills)              # the store's drills; date.today by default
    for drill in book.daily() or book.more():   # today's set, then "practise more"
        ...show drill.position_id / match_id / dice (kind "play", "double" or "take")...
        outcome = book.answer(drill.id, play)   # a Play, or "double" "no double" "take" "pass"
        ...outcome.right, .cost, .best (.label, .equity), outcome.drill.analysis.choices,
        outcome.drill.due (when it comes back)...

Only drills the deep check kept (``status == "ready"``) are asked; the Review harvests a
reviewed game's mistakes and checks them (``cart.ui.review.checking.Checking``, which the Drills
window steps too while ``book.unchecked(check_key())`` is not empty); the board as the
player saw it is ``cart.ai.rollout.check.before_decision`` (a take's: then ``double()``).
"""

from .book import (
    MAX_DRILLS as MAX_DRILLS,
    RIGHT_WITHIN as RIGHT_WITHIN,
    DrillBook as DrillBook,
    Outcome as Outcome,
    judge as judge,
)
from .harvest import harvest as harvest, unsaved_id as unsaved_id
from .record import (
    CUBE_ANSWERS as CUBE_ANSWERS,
    Analysis as Analysis,
    Answer as Answer,
    Choice as Choice,
    Drill as Drill,
    Kind as Kind,
    Source as Source,
    Stage as Stage,
    Status as Status,
    drill_from_json as drill_from_json,
    drill_to_json as drill_to_json,
)
from .schedule import (
    DAILY_DUE as DAILY_DUE,
    DAILY_NEW as DAILY_NEW,
    INTERVALS as INTERVALS,
    LEARNED as LEARNED,
    daily as daily,
    is_due as is_due,
    more as more,
)
