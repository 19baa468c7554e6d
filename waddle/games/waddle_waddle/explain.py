"""Why a decision is good, in Waddle Waddle's own terms: the hint's and the game review's
words (``GAME.explain_move``), the decision's name (``GAME.move_name``) and the rookery it
touches (``GAME.action_places``), beside the bots' valuation in :mod:`.ai`.

A waddle is judged by what it does where it can be played (rules.html, "Play a waddle":
the nests it places and the Conservation Points it scores at once,
:meth:`~.waddle_rules.WaddleRules.waddle_outcome`); a decision that scores says by how
much, as the score stands (:meth:`~.state.WaddleWaddleState.scores`).

>>> from waddle.games.waddle_waddle.record import new_record
>>> state = new_record(2, seed=2).start()
>>> explain(state, state.legal_actions()[0])
'chooses the hero Dr. Dee Boersma'
"""

from __future__ import annotations

from waddle.games.waddle_waddle import actions as KINDS
from waddle.games.waddle_waddle.actions import Action
from waddle.games.waddle_waddle.cards import SPECIES_NAMES
from waddle.games.waddle_waddle.components import ROOKERY_IDS, ROOKERY_NAMES
from waddle.games.waddle_waddle.heroes import HEROES
from waddle.games.waddle_waddle.state import WaddleWaddleState


def move_name(state: WaddleWaddleState, action: Action) -> str:
    """The decision as the move list writes it ("waddle Ki1 Ki2 Ki3", "play crozet")."""
    kind, a, _b = action
    if kind == KINDS.PLAY:
        return f"play the waddle at {ROOKERY_NAMES[a]}"
    return str(action)


def action_places(state: WaddleWaddleState, action: Action) -> list[str]:
    """The rookery a decision names (its id: what the page's rookery hooks carry)."""
    kind, a, b = action
    if kind in (KINDS.PLAY, KINDS.THREAT, KINDS.FISHTO) and isinstance(a, int):
        return [ROOKERY_IDS[a]]
    if kind in (KINDS.MOVE, KINDS.CP, KINDS.SUPPLY) and isinstance(b, int):
        return [ROOKERY_IDS[b]]
    return []


def _cp(n: int) -> str:
    return f"{'+' if n >= 0 else '−'}{abs(n)} Conservation Point{'s' if abs(n) != 1 else ''}"


def _nests(n: int) -> str:
    return f"{n} nest{'s' if n != 1 else ''}"


def _species(cards) -> str:
    names = sorted({SPECIES_NAMES[c // 6] for c in cards if 0 <= c < 36})
    return ", ".join(names) or "penguin"


def explain(state: WaddleWaddleState, action: Action) -> str:
    """Why ``action`` is taken, as a verb phrase after "It"."""
    me = state.to_move()
    if me is None or me < 0:
        return ""
    kind, a, _b = action
    if kind == KINDS.HERO:
        return f"chooses the hero {HEROES[a].name}"
    if kind == KINDS.WADDLE:
        best = None
        for r, _from_hand in state.play_options(me, a):
            _placed, nests, gained = state.waddle_outcome(me, a, r)
            if best is None or (gained, nests) > best[1:]:
                best = (r, gained, nests)
        what = f"plays a waddle of {len(a)} cards ({_species(a)})"
        if best is None:
            return what
        r, gained, nests = best
        return f"{what}: at {ROOKERY_NAMES[r]} it places {_nests(nests)} and scores {gained}"
    if kind == KINDS.PLAY:
        _placed, nests, _gained = state.waddle_outcome(me, state.pending, a)
        before = state.scores()[me]
        after = state.clone()
        after.apply(action)
        gained = after.scores()[me] - before
        return (
            f"plays the waddle at {ROOKERY_NAMES[a]}, placing {_nests(nests)} there ({_cp(gained)})"
        )
    before = state.scores()[me]
    after = state.clone()
    after.apply(action)
    gained = after.scores()[me] - before
    text = f"takes the decision {move_name(state, action)}"
    return f"{text} ({_cp(gained)})" if gained else text


__all__ = ["action_places", "explain", "move_name"]
