"""Setting up and starting a season of Waddle Waddle (rulebook sections "Before You Start",
"Build the Season Event Deck", "Choose Penguin Heroes", "The Penguin Deck", "Starting a
Season", "Starting a Turn", "Kevin", "Two Player Variant")."""

from __future__ import annotations

from collections import Counter

import pytest
from waddle_waddle_helpers import arrange, game, legal, play

from waddle.games.waddle_waddle.cards import KEVIN, THREAT0, code
from waddle.games.waddle_waddle.components import BUILT_IN
from waddle.games.waddle_waddle.deck import BOTTOM, stack_of
from waddle.games.waddle_waddle.options import Options
from waddle.games.waddle_waddle.record import new_record
from waddle.games.waddle_waddle.threats import OIL, SHEATHBILL


@pytest.mark.parametrize(("seasons", "name"), [(1, "Quick"), (2, "Standard"), (3, "Epic")])
def test_before_you_start_game_speeds_one_deck_and_one_event_per_season(seasons, name):
    record = new_record(3, 5, Options.standard(3, seasons=seasons))
    assert len(record.setup.decks) == seasons
    assert [BUILT_IN.event(e).season for e in record.setup.events] == list(range(1, seasons + 1))


def test_build_the_season_event_deck_draws_each_seasons_event_among_its_three():
    drawn = {new_record(2, seed, Options.standard(2, seasons=3)).setup.events for seed in range(40)}
    for season in (1, 2, 3):
        ids = {e.id for e in BUILT_IN.events_of(season)}
        assert {events[season - 1] for events in drawn} == ids


def test_choose_penguin_heroes_in_turn_from_the_first_player():
    state = game(3)
    assert state.phase == "hero" and state.to_move() == 0
    assert len(legal(state)) == 6
    play(state, "hero lynch")
    assert state.to_move() == 1 and "hero lynch" not in legal(state)
    play(state, "hero dee", "hero katta")
    assert state.hero == [5, 0, 4]
    assert state.phase == "turn" and state.to_move() == 0


def test_simplified_no_heroes_starts_the_season_at_once():
    state = game(3, no_heroes=True)
    assert state.phase == "turn" and state.hero == [-1, -1, -1] and state.ply == 0


def test_the_penguin_deck_72_cards_and_four_bottom_stacks_each_with_one_threat():
    for seed in range(20):
        deck = new_record(4, seed).setup.decks[0]
        penguins = [c for c in deck if c < 36]
        assert len(penguins) == 72 and set(Counter(penguins).values()) == {2}
        assert len(deck) == 76
        top = len(deck) - BOTTOM
        assert all(c < THREAT0 for c in deck[:top]), "threats only in the bottom half"
        for s in range(4):
            stack = deck[top + 10 * s : top + 10 * (s + 1)]
            assert sum(c >= THREAT0 for c in stack) == 1
            assert {stack_of(top + 10 * s + k, len(deck), True) for k in range(10)} == {s}


def test_the_penguin_deck_threat_positions_vary_within_their_stacks():
    positions = set()
    for seed in range(40):
        deck = new_record(2, seed).setup.decks[0]
        positions |= {i for i, c in enumerate(deck) if c >= THREAT0}
    assert len(positions) > 30


def test_the_penguin_deck_first_season_leaves_out_sheathbill_and_oil_spill_as_recommended():
    for seed in range(30):
        decks = new_record(2, seed, Options.standard(2, seasons=2)).setup.decks
        first = {c - THREAT0 for c in decks[0] if c >= THREAT0}
        second = {c - THREAT0 for c in decks[1] if c >= THREAT0}
        assert not first & {OIL, SHEATHBILL}
        assert first | second == set(range(8)) and not first & second


def test_the_penguin_deck_all_eight_threats_may_come_first_without_the_recommendation():
    seen = set()
    for seed in range(40):
        deck = new_record(2, seed, Options.standard(2, gentle_first_season=False)).setup.decks[0]
        seen |= {c - THREAT0 for c in deck if c >= THREAT0}
    assert seen == set(range(8))


def test_kevin_is_shuffled_into_the_top_half_of_each_seasons_deck():
    for seed in range(20):
        decks = new_record(3, seed, Options.standard(3, kevin=True, seasons=2)).setup.decks
        for deck in decks:
            assert deck.count(KEVIN) == 1 and deck.index(KEVIN) < len(deck) - BOTTOM


def test_starting_a_season_deals_two_cards_each_and_two_per_player_to_the_ice_floe():
    state = game(4, heroes=("dee", "papi", "dyan", "davis"))
    deck = state.deck
    dealt = sorted(c for hand in state.hands for c in hand)
    assert [len(h) for h in state.hands] == [2, 2, 2, 2]
    assert len(state.floe) == 8
    assert sorted(dealt + state.floe) == sorted(deck[:16])
    assert state.pos == 16


def test_starting_a_season_a_token_of_each_kind_at_each_rookery_and_its_fish():
    state = game(3, heroes=("dee", "papi", "dyan"), no_events=True)
    assert sorted(state.cp_at) == [0, 1, 2, 3, 4] and sorted(state.ft_at) == [0, 1, 2, 3, 4]
    assert state.rfish == [BUILT_IN.fish_tokens[t] for t in state.ft_at]
    assert state.supply == BUILT_IN.fish - sum(state.rfish)


def test_season_event_krill_bloom_adds_a_fish_at_each_rookery():
    for seed in range(60):
        record = new_record(2, seed)
        if record.setup.events[0] == "krill-bloom":
            break
    state = record.start()
    play(state, "hero dee", "hero papi")
    assert state.rfish == [BUILT_IN.fish_tokens[t] + 1 for t in state.ft_at]


def test_starting_a_turn_refills_the_ice_floe_to_one_card_per_player():
    state = game(3, heroes=("dee", "papi", "dyan"), no_events=True, no_threats=True)
    arrange(state, floe=["Ki1"], hands=[["Ge1"], [], []])
    pos = state.pos
    play(state, "draft Ki1")  # player 0's turn ends with an empty ice floe
    assert len(state.floe) == 3 and state.pos == pos + 3
    assert state.to_move() == 1


def test_two_player_variant_the_ice_floe_is_refilled_to_four():
    state = game(2, heroes=("dee", "papi"), no_events=True, no_threats=True)
    assert state.options.two_player_variant
    arrange(state, floe=["Ki1"], hands=[["Ge1"], []])
    play(state, "draft Ki1")
    assert len(state.floe) == 4


def test_two_players_without_the_variant_refill_to_two():
    state = game(2, heroes=("dee", "papi"), no_events=True, no_threats=True,
                 two_player_variant=False)  # fmt: skip
    arrange(state, floe=["Ki1"], hands=[["Ge1"], []])
    play(state, "draft Ki1")
    assert len(state.floe) == 2


def test_the_two_player_variant_is_refused_for_more_players():
    with pytest.raises(ValueError, match="two players only"):
        Options(two_player_variant=True).check(3)


def test_season_event_late_pack_ice_refills_one_card_more():
    for seed in range(80):
        record = new_record(3, seed, Options.standard(3, no_threats=True))
        if record.setup.events[0] == "pack-ice":
            break
    state = record.start()
    play(state, "hero dee", "hero papi", "hero dyan")
    arrange(state, floe=["Ki1"], hands=[["Ge1"], [], []])
    play(state, "draft Ki1")
    assert len(state.floe) == 4
    assert code(state.floe[0])  # cards, not threats
