"""Waddle Waddle (the rulebook of seed 002): a card game for 2 to 6 players of rookeries,
threats and penguin heroes, with hidden hands and a structured, shuffled deck.

The engine half: cards and waddles (:mod:`.cards`), the component set read from data
(:mod:`.components`, ``components.json``), actions (:mod:`.actions`), options
(:mod:`.options`), the deck (:mod:`.deck`), the rules as a state machine (:mod:`.state`,
its parts by concern beside it: :mod:`.turn_rules`, :mod:`.waddle_rules`,
:mod:`.threat_rules`, :mod:`.season_rules`, :mod:`.legality`, :mod:`.visibility`) with
per-seat views (:mod:`.observation`), and records (:mod:`.record`).
"""

from waddle.games.waddle_waddle.game import GAME

__all__ = ["GAME"]
