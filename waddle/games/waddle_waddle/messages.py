"""What Waddle Waddle's presenter says of an action, in words everyone at the table may
hear: the message after it (:func:`describe`: what it did and what it set off, cards
turned up, a threat, the hand going to the ice floe, a season's end and the next one, who
decides next), and its entry in the move list (:func:`move_words`: short, and as a verb
phrase for screen readers and the line after a computer's turn). Only what is public, so
a card drawn face down is never named; places by the names the board shows (rookeries),
cards by species and number.

Separate from the presenter (:mod:`.presenter`, which re-exports :func:`describe`): it
reads states, before and after, and needs nothing of the clicks or the drawing.
"""

from __future__ import annotations

from collections.abc import Sequence

from waddle.games.waddle_waddle import actions as K
from waddle.games.waddle_waddle.actions import Action
from waddle.games.waddle_waddle.cards import HIDDEN, THREAT0, code
from waddle.games.waddle_waddle.heroes import HEROES
from waddle.games.waddle_waddle.state import WaddleWaddleState
from waddle.games.waddle_waddle.threats import THREATS
from waddle.games.waddle_waddle.words import HERO_NAMES, card_words, cards_words, waddle_words


def describe(
    before: WaddleWaddleState,
    after: WaddleWaddleState,
    names: Sequence[str],
    player: int,
    action: Action,
) -> str:
    """What ``action`` of ``player`` did, and what it set off, in public words."""
    name = names[player]
    kind, a, b = action
    r_name = _rookery_names(before)
    said: list[str] = []
    if kind == K.HERO:
        hero = HEROES[a]
        said.append(f"{name} chose {hero.name} ({_species(hero.species)}).")
    elif kind == K.DRAFT:
        if a == HIDDEN:
            said.append(f"{name} drafted the deck's top card face down.")
        else:
            said.append(f"{name} drafted {card_words(code(a))}.")
    elif kind == K.EXCHANGE:
        said.append(f"{name} gave {card_words(code(a))} to the ice floe (Exchange).")
    elif kind == K.FISH:
        gained = after.fish[player] - before.fish[player]
        said.append(
            f"{name} went fishing: {card_words(code(a))} to the ice floe, "
            f"{gained} fish to their hand."
        )
    elif kind == K.REFILL:
        said.append(f"{name} started refilling their hand with {card_words(code(a))}.")
    elif kind == K.TAKE:
        what = "the deck's top card face down" if a == HIDDEN else card_words(code(a))
        frozen = after.frozen[player] and not before.frozen[player]
        said.append(f"{name} took {what}" + (": Frozen." if frozen else "."))
    elif kind == K.WADDLE:
        said.append(f"{name} plays a waddle of {waddle_words([code(c) for c in a])}.")
    elif kind == K.PLAY:
        gained = after.score[player] - before.score[player]
        if len(after.bonuses) > len(before.bonuses):
            gained -= after.bonuses[-1][player]  # the season ended with this turn
        nests = before.nest_left[player] - after.nest_left[player]
        paid = ""
        if b:
            paid = f", {b} fish from their hand"
        said.append(
            f"At {r_name[a]}: {gained} points, {nests} nest{'s' if nests != 1 else ''}{paid}."
        )
    elif kind == K.MOVE:
        src = before.at
        said.append(f"{name} moved a nest of {names[a]} from {r_name[src]} to {r_name[b]}.")
    elif kind == K.STOP:
        said.append(
            f"{name} moved no more nests."
            if before.phase != "waddle2"
            else f"{name} played no WaddleWaddle."
        )
    elif kind == K.PASS:
        said.append(f"{name} passed: no action was possible.")
    elif kind == K.THREAT:
        threat = THREATS[before.threat]
        said.append(f"{name} placed the {threat.name} at {r_name[a]}: {threat.text}")
    elif kind == K.FISHTO:
        said.append(f"A fish of {r_name[before.at]} swims to {r_name[a]} (the Shark).")
    elif kind == K.REMOVE:
        said.append(f"The Snowy Sheathbill takes a nest of {names[a]} at {r_name[before.at]}.")
    elif kind in (K.CP, K.SUPPLY):
        if kind == K.CP:
            larger, smaller = before.components.conservation_tokens[a]
            token = f"the bonus token {larger}/{smaller}"
        else:
            token = f"the Fish Supply token +{before.components.fish_tokens[a]}"
        said.append(f"{name} put {token} on {r_name[b]}.")
    said += _consequences(before, after, names, player, action)
    return " ".join(said)


def move_words(state: WaddleWaddleState, action: Action) -> tuple[str, str]:
    """``action``'s entry in the move list, asked before it is applied: short (what the
    list shows) and as a verb phrase in the past (what a screen reader says, and what the
    page writes after a computer's name once its turn is over). A player is written
    ``{p}``, for the list to fill in with the seat's name. A waddle's rookery continues
    the waddle's words (it starts with "→" and " at"): "waddle King 3, 4 and 5 → Crozet
    Islands", "played a waddle of three King in a row at Crozet Islands".

    >>> from waddle.games.waddle_waddle.record import new_record
    >>> from waddle.games.waddle_waddle.actions import parse_action
    >>> state = new_record(2, seed=3).start()
    >>> move_words(state, parse_action("hero katta"))
    ('Katta (Chinstrap)', 'chose Dr. Katrin "Katta" Ludynia (Chinstrap)')
    """
    kind, a, b = action
    where = _rookery_names(state)
    card = card_words(code(a)) if kind in _CARD_KINDS and a != HIDDEN else ""
    if kind == K.HERO:
        hero = HEROES[a]
        species = _species(hero.species)
        return f"{HERO_NAMES[hero.code].split()[0]} ({species})", f"chose {hero.name} ({species})"
    if kind in (K.DRAFT, K.TAKE):
        past = "drafted" if kind == K.DRAFT else "took"
        if a == HIDDEN:
            return f"{kind} from the deck", f"{past} the deck's top card face down"
        return f"{kind} {card}", f"{past} {card}"
    if kind == K.EXCHANGE:
        return f"exchange {card}", f"exchanged {card}"
    if kind == K.FISH:
        return f"fish with {card}", f"went fishing with {card}"
    if kind == K.REFILL:
        return f"refill {card}", f"refilled their hand, starting with {card}"
    if kind == K.WADDLE:
        codes = [code(c) for c in a]
        cards, said = cards_words(codes), waddle_words(codes)
        if state.phase == "waddle2":
            return f"WaddleWaddle {cards}", f"played the rest of their hand, a waddle of {said}"
        return f"waddle {cards}", f"played a waddle of {said}"
    if kind == K.PLAY:
        paid = f" ({b} fish from hand)" if b else ""
        spoken = f", paying {b} fish from their hand" if b else ""
        return f"→ {where[a]}{paid}", f" at {where[a]}{spoken}"
    if kind == K.THREAT:
        threat = THREATS[state.threat]
        return f"{threat.name} → {where[a]}", f"placed the {threat.name} at {where[a]}"
    if kind == K.FISHTO:
        return f"fish → {where[a]}", f"moved a fish of {where[state.at]} to {where[a]}"
    if kind == K.MOVE:
        return (
            f"nest of {{{a}}} → {where[b]}",
            f"moved a nest of {{{a}}} from {where[state.at]} to {where[b]}",
        )
    if kind == K.REMOVE:
        return (
            f"Sheathbill takes {{{a}}}'s nest",
            f"had the Snowy Sheathbill take a nest of {{{a}}}",
        )
    if kind in (K.CP, K.SUPPLY):
        if kind == K.CP:
            larger, smaller = state.components.conservation_tokens[a]
            short, token = f"bonus {larger}/{smaller}", f"the bonus token {larger}/{smaller}"
        else:
            fish = state.components.fish_tokens[a]
            short, token = f"fish +{fish}", f"the Fish Supply token +{fish}"
        return f"{short} → {where[b]}", f"put {token} on {where[b]}"
    if kind == K.STOP:
        if state.phase == "waddle2":
            return "no WaddleWaddle", "played no WaddleWaddle"
        return "no more nests", "moved no more nests"
    return "pass", "passed, as no action was possible"


_CARD_KINDS = (K.DRAFT, K.TAKE, K.EXCHANGE, K.FISH, K.REFILL)


def _rookery_names(state: WaddleWaddleState) -> list[str]:
    return [r.name for r in state.components.rookeries]


def _species(k: int) -> str:
    from waddle.games.waddle_waddle.cards import SPECIES_NAMES

    return SPECIES_NAMES[k]


def _consequences(
    before: WaddleWaddleState,
    after: WaddleWaddleState,
    names: Sequence[str],
    player: int,
    action: Action,
) -> list[str]:
    """What an action set off that everyone sees: cards turned up, a threat, the hand
    going to the ice floe, the season's end, the next season, who decides next."""
    said: list[str] = []
    kind = action.kind
    same_season = after.season == before.season
    if kind in (K.PLAY, K.STOP, K.MOVE) and same_season and after.phase != "waddle2":
        given = list(before.hands[player])
        for c in after.hands[player]:
            if c in given:
                given.remove(c)
        if given and before.phase in ("play", "waddle2", "dyan"):
            said.append(f"The rest of the hand goes to the ice floe: {_cards(given)}.")
    # The first season's deal follows the last hero: it deals every hand face down, so
    # what it draws is nobody's to hear (the ice floe is on the table for all to see).
    if same_season and before.phase != "hero":
        drawn = list(before.decks[before.season][before.pos : after.pos])
        if drawn and action.a == HIDDEN and kind in (K.DRAFT, K.TAKE) and drawn[0] < THREAT0:
            drawn = drawn[1:]  # the card drawn face down: its owner's secret
        up = [c for c in drawn if c < THREAT0]
        if up:
            said.append(f"Turned up on the ice floe: {_cards(up)}.")
        threats = [c for c in drawn if c >= THREAT0]
        if threats:
            threat = THREATS[threats[0] - THREAT0]
            then = (
                "it is the fourth: the season ends after this round and one more."
                if after.threats_seen == 4
                else "then their turn is over."
            )
            said.append(
                f"A threat turned up: the {threat.name}! {names[after.cur]} places it; {then}"
            )
    if len(after.bonuses) > len(before.bonuses):
        bonus = after.bonuses[-1]
        won = ", ".join(f"{names[p]} +{v}" for p, v in enumerate(bonus) if v) or "nobody"
        said.append(f"Season {before.season + 1} is over. End-of-season bonuses: {won}.")
        if after.is_over():
            winners = after.winners()
            said.append(
                "The game is over: "
                + (f"{names[winners[0]]} wins!" if len(winners) == 1 else "a shared victory!")
            )
        else:
            said.append(
                f"{names[after.first]}, last placed, is the first player of season "
                f"{before.season + 2}; first the tokens are drafted."
            )
    elif after.season != before.season:
        event = after.event
        said.append(
            f"Season {after.season + 1} begins"
            + (f": {event.name}, {event.text}" if event is not None else ".")
        )
    elif before.phase == "hero" and after.phase != "hero":
        event = after.event
        said.append(
            "Season 1 begins" + (f": {event.name}, {event.text}" if event is not None else ".")
        )
    if after.is_over():
        return said
    mover = after.to_move()
    if after.phase == "threat" and mover != player:
        return said  # who places the threat is said above
    if (
        mover == player
        and after.phase == "turn"
        and after.cur == before.cur
        and same_season
        and before.phase != "hero"
    ):
        said.append(f"{names[player]} takes another action.")
    elif mover is not None and mover != player:
        verb = {"hero": "chooses", "tokens": "places a token"}.get(after.phase, "plays")
        said.append(f"{names[mover]} {verb} next.")
    return said


def _cards(cs: Sequence[int]) -> str:
    return ", ".join(card_words(code(c)) for c in cs)
