"""Playing waddles (rulebook sections "Play Waddles", "What's a Waddle?", "Compatible
Rookeries", "Waddle Scoring", "Bonus Waddles", "Can You Even WaddleWaddle?", "Placing
Nests", "Frozen Cards", the simplified rule "Don't discard your extra cards", and the
season events that change what a waddle scores)."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from waddle_waddle_helpers import arrange, game, legal, play, rookery

from waddle.games.waddle_waddle.cards import (
    BONUS_POINTS,
    NORMAL_POINTS,
    cards,
    code,
    full_deck,
    is_waddle,
    waddles_in,
)
from waddle.games.waddle_waddle.components import BUILT_IN


def start(players: int = 2, heroes=("lynch", "katta"), **options):
    options.setdefault("no_events", True)
    return game(players, heroes=heroes[:players], **options)


@pytest.mark.parametrize(
    ("hand", "waddle"),
    [
        ("Ki1 Ge2 Mg3", True),  # numerical order
        ("Ki2 Ge3 Mg4 Ch5 Rk6", True),
        ("Ki1 Ki1 Ki5", True),  # same species
        ("Ki4 Ge4 Mg4 Ch4 Rk4 Mc4", True),  # same number, six cards
        ("Ki1 Ge2 Mg4", False),  # a gap
        ("Ki1 Ki2", False),  # too few
        ("Ki1 Ki2 Ki3 Ki4 Ki5 Ki6 Ki1", False),  # too many
        ("Ki1 Ge1 Mg2", False),
        ("Ki1 Ki2 Kv", False),  # Kevin is never part of one
    ],
)
def test_whats_a_waddle_three_to_six_cards_in_order_of_one_species_or_of_one_number(hand, waddle):
    assert is_waddle(cards(hand)) is waddle


def test_the_waddles_of_a_hand_are_every_distinct_set_of_its_cards_that_is_one():
    """The Play Waddles choices, checked against every subset of random hands."""
    rng = random.Random(3)
    deck = full_deck()
    for _ in range(200):
        hand = sorted(rng.sample(deck, rng.randint(0, 9)))
        brute = {
            tuple(sorted(sub))
            for k in range(3, 7)
            for sub in combinations(hand, k)
            if is_waddle(sub)
        }
        assert set(waddles_in(hand)) == brute and len(waddles_in(hand)) == len(brute)


def test_compatible_rookeries_one_matching_card_is_enough():
    state = start(heroes=("dee", "dyan"))
    arrange(state, hands=[["Mg1", "Mg2", "Mg3"], []], rookery_fish=[1] * 5, fish=[0, 0])
    play(state, "waddle Mg1 Mg2 Mg3")
    assert legal(state) == ["play argentine"], "Magellanic nest only at the Argentine Sea"
    state = start(heroes=("dee", "dyan"))
    arrange(state, hands=[["Mg1", "Mg2", "Ch3"], []], rookery_fish=[1] * 5, fish=[0, 0])
    play(state, "waddle Mg1 Mg2 Ch3")
    chinstrap = {r.id for r in BUILT_IN.rookeries if 2 in r.species}
    assert set(legal(state)) == {f"play {r}" for r in chinstrap | {"argentine"}}


def test_play_waddles_the_fish_comes_from_the_rookery_or_from_the_hand():
    state = start(heroes=("dee", "dyan"))
    arrange(state, hands=[["Ki1", "Ki2", "Ki3"], []], rookery_fish=[1, 1, 1, 0, 2], fish=[1, 0])
    play(state, "waddle Ki1 Ki2 Ki3")
    assert legal(state) == [
        "play macquarie",
        "play macquarie h1",
        "play crozet h1",
        "play georgia",
        "play georgia h1",
    ]
    supply = state.supply
    play(state, "play georgia h1")
    assert state.fish[0] == 0 and state.rfish[rookery("georgia")] == 2
    assert state.supply == supply + 1


def test_play_waddles_needs_a_fish_not_a_fish_per_nest():
    state = start(heroes=("dee", "dyan"))
    arrange(state, hands=[["Ge2", "Ge2", "Ge3", "Ge3"], []], rookery_fish=[1] * 5, fish=[0, 0])
    play(state, "waddle Ge2 Ge2 Ge3 Ge3", "play crozet")
    assert state.nests[rookery("crozet")][0] == 2 and state.rfish[rookery("crozet")] == 0


def test_play_waddles_impossible_without_a_fish():
    state = start(heroes=("dee", "dyan"))
    arrange(state, hands=[["Ki1", "Ki2", "Ki3"], []], rookery_fish=[0] * 5, fish=[0, 0])
    assert legal(state, "waddle") == []
    assert "no rookery can take" in state.why_illegal("waddle Ki1 Ki2 Ki3")


@pytest.mark.parametrize(
    ("hand", "points"),
    [
        ("Ki1 Ge2 Mg3", NORMAL_POINTS[3]),
        ("Ki1 Ki2 Ki3", BONUS_POINTS[3]),  # the rulebook's example: 8, not 5
        ("Ki1 Ge2 Mg3 Rk4", 8),
        ("Ki2 Ki3 Ki4 Ki5", 12),
        ("Ki1 Ge2 Mg3 Rk4 Ch5", 11),
        ("Ge1 Ge2 Ge3 Ge4 Ge5", 16),
        ("Ki4 Ge4 Rk4 Ch4 Mc4 Mg4", 15),
        ("Ge1 Ge2 Ge3 Ge4 Ge5 Ge6", 21),
        ("Ge1 Ge1 Ge3", 5),  # one species but not in order: no bonus
    ],
)
def test_waddle_scoring_the_table_with_bonus_waddles(hand, points):
    state = start(heroes=("dyan", "dee"))  # no hero of these species' scoring
    arrange(state, hands=[hand.split(), []], rookery_fish=[3] * 5, fish=[0, 0])
    play(state, f"waddle {hand}")
    play(state, legal(state)[0])
    assert state.score[0] == points


def test_placing_nests_the_rulebooks_example_two_at_macquarie_one_at_the_peninsula():
    """Placing Nests: one nest per mating pair of a species nesting at the rookery."""
    waddle = ["Ge3", "Ge3", "Rk3", "Rk3"]
    for where, nests in (("macquarie", 2), ("peninsula", 1), ("argentine", 1)):
        state = start(heroes=("dee", "davis"))
        arrange(state, hands=[waddle, []], rookery_fish=[1] * 5, fish=[0, 0])
        play(state, "waddle Ge3 Ge3 Rk3 Rk3", f"play {where}")
        assert state.nests[rookery(where)][0] == nests
        assert sum(state.nests[r][0] for r in range(5)) == nests, "all at that one rookery"
        assert state.nest_left[0] == 50 - nests  # two colours in the two-player variant


def test_placing_nests_none_without_a_pair_of_a_species_that_nests_there():
    state = start(heroes=("dee", "davis"))
    arrange(state, hands=[["Ki1", "Ge2", "Mg3"], []], rookery_fish=[1] * 5, fish=[0, 0])
    play(state, "waddle Ki1 Ge2 Mg3", "play crozet")
    assert state.nests[rookery("crozet")] == [0, 0] and state.score[0] == 5


def test_play_waddles_the_rest_of_the_hand_goes_to_the_ice_floe_and_the_frozen_card_away():
    state = start(heroes=("dee", "davis"))
    arrange(
        state,
        hands=[["Ki1", "Ki2", "Ki3", "Ge5", "Mg6"], []],
        floe=[],
        rookery_fish=[1] * 5,
        fish=[0, 0],
        frozen=[True, False],
    )
    play(state, "waddle Ki1 Ki2 Ki3", "play crozet")
    assert state.phase != "waddle2", "two cards left: no WaddleWaddle to ask about"
    assert state.hands[0] == [] and not state.frozen[0]
    assert {"Ge5", "Mg6"} <= {code(c) for c in state.floe}


def test_simplified_keep_the_extra_cards_after_a_waddle():
    state = start(heroes=("dee", "davis"), keep_hand=True)
    arrange(state, hands=[["Ki1", "Ki2", "Ki3", "Ge5", "Mg6"], []], rookery_fish=[1] * 5)
    play(state, "waddle Ki1 Ki2 Ki3", "play crozet")
    assert state.hands[0] == list(cards("Ge5 Mg6"))


def test_can_you_even_waddlewaddle_the_rest_of_the_hand_as_a_second_waddle_elsewhere():
    state = start(heroes=("davis", "dee"))
    arrange(
        state,
        hands=[["Ki1", "Ki2", "Ki3", "Mg4", "Mg5", "Mg6"], []],
        rookery_fish=[1] * 5,
        fish=[0, 0],
    )
    play(state, "waddle Ki1 Ki2 Ki3", "play crozet")
    assert state.phase == "waddle2"
    assert legal(state) == ["waddle Mg4 Mg5 Mg6", "stop"]
    play(state, "waddle Mg4 Mg5 Mg6", "play argentine")
    assert state.score[0] == 8 + 8 and state.hands[0] == []
    assert state.nests[rookery("crozet")][0] == 1 and state.nests[rookery("argentine")][0] == 1
    assert state.to_move() == 1, "no Waddle-Waddle-Waddle: the turn is over"


def test_can_you_even_waddlewaddle_not_with_a_card_left_over():
    state = start(heroes=("dee", "davis"))
    arrange(
        state,
        hands=[["Ki1", "Ki2", "Ki3", "Mg4", "Mg5", "Mg6", "Ge1"], []],
        rookery_fish=[1] * 5,
        fish=[0, 0],
    )
    play(state, "waddle Ki1 Ki2 Ki3", "play crozet")
    assert state.phase == "waddle2" and legal(state) == ["stop"], "asked, but only to stop"
    assert state.why_illegal("waddle Mg4 Mg5 Mg6").startswith("a WaddleWaddle uses every card")
    play(state, "stop")
    assert state.hands[0] == [] and len(state.floe) >= 4


def test_can_you_even_waddlewaddle_needs_its_own_fish():
    state = start(heroes=("dee", "davis"))
    arrange(
        state,
        hands=[["Ki1", "Ki2", "Ki3", "Mg4", "Mg5", "Mg6"], []],
        rookery_fish=[1, 1, 0, 1, 1],
        fish=[0, 0],
    )
    play(state, "waddle Ki1 Ki2 Ki3", "play crozet")
    assert legal(state) == ["stop"]


def test_season_event_courtship_displays_three_more_for_five_or_six_cards():
    state = start(heroes=("dyan", "dee"))
    state.events = (BUILT_IN.events.index(BUILT_IN.event("courtship")),) * 2
    arrange(state, hands=[["Ki1", "Ge2", "Mg3", "Rk4", "Ch5"], []], rookery_fish=[1] * 5)
    play(state, "waddle Ki1 Ge2 Mg3 Rk4 Ch5", "play crozet")
    assert state.score[0] == 11 + 3


def test_season_event_colony_census_a_point_per_nest():
    state = start(heroes=("dyan", "dee"))
    state.events = (BUILT_IN.events.index(BUILT_IN.event("census")),) * 2
    arrange(state, hands=[["Ge3", "Ge3", "Ki3", "Ki3"], []], rookery_fish=[1] * 5)
    play(state, "waddle Ki3 Ki3 Ge3 Ge3", "play crozet")
    assert state.nests[rookery("crozet")][0] == 2 and state.score[0] == 8 + 2


def test_season_event_sheltering_huddle_keeps_the_rest_of_the_hand():
    state = start(heroes=("dyan", "dee"))
    state.events = (BUILT_IN.events.index(BUILT_IN.event("huddle")),) * 2
    arrange(state, hands=[["Ki1", "Ki2", "Ki3", "Ge6"], []], rookery_fish=[1] * 5)
    play(state, "waddle Ki1 Ki2 Ki3", "play crozet")
    assert state.hands[0] == list(cards("Ge6"))
