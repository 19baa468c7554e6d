"""Every rule of Waddle Waddle a new game may change is offered (New game dialog, ``new
--option``): the speed, Kevin, the two-player variant and each simplified rule as its own
switch (rulebook, "Simplified Rules", "Two Player Variant", "Kevin")."""

from __future__ import annotations

from dataclasses import fields

import pytest

from waddle.games.waddle_waddle import GAME
from waddle.games.waddle_waddle.options import Options


def test_every_option_of_a_game_is_offered_once_with_the_engines_default():
    offered = {option.key: option for option in GAME.new_game_options}
    assert len(offered) == len(GAME.new_game_options)
    assert sorted(offered) == sorted(f.name for f in fields(Options))
    standard = Options.standard(3)
    for key, option in offered.items():
        if key == "hero_handicap":  # off is no table
            assert option.default is False and standard.hero_handicap is None
        elif key != "two_player_variant":
            assert option.default == getattr(standard, key), key
    assert [v for v, _ in offered["seasons"].choices] == [1, 2, 3]
    simplified = [o.key for o in GAME.new_game_options if o.group == "Simplified rules"]
    assert simplified == ["no_threats", "keep_hand", "no_fish", "no_frozen", "no_events",
                          "no_heroes"]  # fmt: skip


def test_the_two_player_variant_is_a_switch_for_two_players_on_by_default():
    variant = next(o for o in GAME.new_game_options if o.key == "two_player_variant")
    assert variant.players == (2, 2) and variant.default is True
    assert GAME.new_record(2, 1).options.two_player_variant
    assert not GAME.new_record(2, 1, {"two_player_variant": False}).options.two_player_variant
    with pytest.raises(ValueError, match="two players only"):
        GAME.new_record(3, 1, {"two_player_variant": True})


def test_a_new_record_takes_the_options_and_the_dialog_reads_them_back():
    record = GAME.new_record(4, 7, {"seasons": 1, "kevin": True, "no_fish": True})
    assert (record.options.seasons, record.options.kevin, record.options.no_fish) == (1, True, True)
    assert len(record.setup.decks) == 1 and 36 in record.setup.decks[0]  # Kevin is in the deck
    assert GAME.record_options(record)["no_fish"] is True
    with pytest.raises(ValueError, match="seasons"):
        GAME.new_record(4, 7, {"seasons": 5})
