"""What the parts of :class:`~.state.HtmfState` share: the phase names and the mark of
no player, no penguin and no floe (:data:`NOBODY`).

A module of its own so that the parts mixed into the state (:mod:`.queries`,
:mod:`.refusals`, :mod:`.replay`) can use them without importing :mod:`.state`, which
imports them.
"""

from __future__ import annotations

from typing import Literal

Phase = Literal["place", "move"]

NOBODY = -1
