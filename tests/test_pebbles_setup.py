"""Pebbles setup and components (rulebook: "Components", "Setup" steps 1 to 7), and the
layouts' part of setup (the project's own layouts, waddle/games/pebbles/layouts.json)."""

from __future__ import annotations

from collections import Counter

import pytest

from waddle.games.pebbles import SUITS, builtin_layout, new_record
from waddle.games.pebbles.cards import deck_for, numbers_for
from waddle.games.pebbles.layout import builtin_names, layout_named
from waddle.games.pebbles.state import FISH_TOKENS, LOVE_TOKENS, PEBBLES, PENGUINS


@pytest.mark.parametrize(("players", "size", "lowest"), [(4, 52, 1), (3, 40, 4), (2, 28, 7)])
def test_setup_1_the_deck_by_player_count(players, size, lowest):
    """Setup 1: 4 players use all 52 cards, 3 remove 1-3 of each suit, 2 remove 1-6."""
    deck = deck_for(players)
    assert len(deck) == len(set(deck)) == size
    assert min(c.number for c in deck) == lowest and max(c.number for c in deck) == 13
    assert Counter(c.suit for c in deck) == {s: 14 - lowest for s in SUITS}


def test_components_the_four_suits_each_have_a_name_a_symbol_and_a_power():
    """Components: 52 cards in four suits; each suit shows its name and symbol, so a suit
    is never told by its colour alone."""
    assert [s.name for s in SUITS] == ["Scurry", "Court", "Push", "Collect"]
    assert len({s.symbol for s in SUITS}) == len({s.letter for s in SUITS}) == 4
    assert all(s.power for s in SUITS)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_3_and_4_ten_cards_each_four_face_up_the_rest_is_the_deck(players):
    """Setup 3-4: shuffle, deal 10 each, reveal 4 in a row, the rest stays as the deck."""
    record = new_record(players, seed=11)
    assert [len(h) for h in record.hands] == [10] * players
    assert len(record.row) == 4
    everything = [c for h in record.hands for c in h] + list(record.row) + list(record.deck)
    assert sorted(everything) == sorted(deck_for(players))
    assert len(record.deck) == len(deck_for(players)) - 10 * players - 4


def test_setup_the_shuffle_depends_on_the_seed():
    assert new_record(4, seed=1).hands != new_record(4, seed=2).hands
    assert new_record(4, seed=1).to_json() == new_record(4, seed=1).to_json()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_4_each_face_up_card_puts_a_pebble_on_the_tile_of_its_number(players):
    """Setup 4: one pebble on the tile matching each of the four face-up cards."""
    record = new_record(players, seed=5)
    state = record.start()
    expected = Counter(c.number for c in record.row)
    for tile in state.layout.numbers:
        assert state.pebbles[state.layout.index[tile]] == expected[tile]
    assert state.bank[0] == PEBBLES - 4


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_5_one_fish_token_and_ten_penguins_each(players):
    """Setup 5 and Components: 10 penguins and 1 fish token per player; 16 fish tokens,
    30 pebbles and 10 love tokens in all."""
    state = new_record(players, seed=3).start()
    assert state.fish == [1] * players and state.supply == [PENGUINS] * players
    assert state.bank == [PEBBLES - 4, FISH_TOKENS - players, LOVE_TOKENS]
    assert sum(state.pen) == 0 and state.love == [0] * players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_7_the_lead_player_is_drawn_at_random_and_written_in_the_record(players):
    """Setup 7: a random first lead, drawn with the deal and kept in the record."""
    leads = Counter(new_record(players, seed).lead for seed in range(200))
    assert set(leads) == set(range(players))
    assert min(leads.values()) > 200 / players / 2
    record = new_record(players, seed=9)
    assert record.to_json()["lead"] == record.lead == record.start().to_move()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_2_the_layout_has_a_tile_for_every_card_number_and_no_other(players):
    """Setup 2 (the project's layouts): with 3 and 2 players the tiles of the removed
    numbers (1-3, 1-6) would never receive a placed penguin, so they are not laid out."""
    layout = builtin_layout(players)
    assert sorted(layout.numbers) == list(numbers_for(players))
    assert len(layout.territories) == 4 and len(layout.pathways) == 2
    assert all(layout.members)


def test_every_built_in_layout_version_is_kept_and_readable():
    """Records name a built-in layout by name and version: every version stays."""
    names = builtin_names()
    assert len(names) == len(set(names))
    for name in names:
        layout = layout_named(name)
        assert layout.name == name and not layout.problems_for(int(name.split("-")[1][0]))
