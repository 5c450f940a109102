"""A rollout: a decision's plays (or a cube decision's position) played out many times by our own 0-ply.

What backgammon players trust most: the average of how games actually go from a
position, not one evaluation of it. Pure Python in bounded slices, so it runs in a
worker and in a frame's spare time alike, and stateless between parts: a
:class:`Tally` of sums goes in and comes back grown, and trial ``t``'s dice depend
only on the seed and ``t``, however the work is split.

Variance reduction, measured per CPU second (``python -m tools.bench rollout``):

- *the same dice for every play* (trial ``t`` of each play draws one sequence), so the
  difference between two plays is far surer than either equity;
- *the first roll rotated over the 36*, so every 36 trials see each first roll once;
- *luck adjustment*: each roll's luck, the value after the best play of the roll drawn
  less the mean over the 21 rolls, is taken off the trial's result (gnubg's method).
  Its mean over the dice is zero, so the result stays unbiased whatever judges the
  luck; the full net at every roll costs 21 plies a ply, so :data:`DEFAULT_LUCK`
  judges it with the prune net, a twentieth of the full net's cost.

A trial ends when the game does, when contact is broken (the race read exactly or
by the race net, as the evaluator reads it), or after ``truncate`` plies (the
net's 0-ply read there). Results are the five chances of the decision's player; a
cube decision's cubeful equities come from the cube model (:mod:`.cube`) fed the
rolled-out chances; a standard error by the delta method on the trials' covariance.
"""

from __future__ import annotations

from .figures import finished as finished, result as result
from .model import (
    CHECK_EVERY as CHECK_EVERY,
    DECIDED_Z as DECIDED_Z,
    DEFAULT_LUCK as DEFAULT_LUCK,
    FIRST_ROLLS as FIRST_ROLLS,
    MAX_TRIALS as MAX_TRIALS,
    MIN_TRIALS as MIN_TRIALS,
    QUICK_PLIES as QUICK_PLIES,
    ROLLOUT_VERSION as ROLLOUT_VERSION,
    Decision as Decision,
    Estimate as Estimate,
    Line as Line,
    Luck as Luck,
    Result as Result,
    Settings as Settings,
    Tally as Tally,
)
from .trials import think_rollout_part as think_rollout_part, think_trials as think_trials, trial as trial
