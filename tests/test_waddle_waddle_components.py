"""The component set (components.json): the project's own design of what the rulebook's
text does not print, checked against every example and limit the rulebook gives, and the
errors a custom set gets (rulebook sections: "Game Components", "Placing Nests", "Threats",
"Penguin Heroes", "Drafting Tokens", "End of Season Scoring", "Season Events")."""

from __future__ import annotations

import copy
import json

import pytest

from waddle.core.records import BoardError
from waddle.games.waddle_waddle.cards import SPECIES
from waddle.games.waddle_waddle.components import (
    BUILT_IN,
    EFFECTS,
    ROOKERY_IDS,
    components_from_json,
    load_components,
)
from waddle.games.waddle_waddle.threats import THREATS


def species(rookery_id: str) -> set[str]:
    return {SPECIES[s] for s in BUILT_IN.rookery(rookery_id).species}


def test_the_set_says_it_is_the_projects_own_design_and_how_a_printed_set_replaces_it():
    note = BUILT_IN.note
    assert "project's own design" in note
    assert "printed set" in note and "new 'name'" in note
    assert BUILT_IN.name == "waddle-waddle-project/1"


def test_game_components_the_five_rookeries_named_in_the_rulebook():
    names = [r.name for r in BUILT_IN.rookeries]
    assert names == [
        "Macquarie Island",
        "Antarctic Peninsula",
        "Argentine Sea",
        "Crozet Islands",
        "South Georgia Island",
    ]
    assert [r.id for r in BUILT_IN.rookeries] == list(ROOKERY_IDS)


def test_papi_magellanic_nest_only_at_the_argentine_sea():
    """Penguin Heroes, Papi: with him Magellanic nests may go to the four other rookeries,
    so without him they nest only at the Argentine Sea."""
    assert [r.id for r in BUILT_IN.rookeries if "magellanic" in species(r.id)] == ["argentine"]


def test_placing_nests_example_gentoo_and_rockhopper_pairs_two_nests_at_macquarie_one_elsewhere():
    """Placing Nests: the example's waddle places two nests at Macquarie Island but one at
    the Antarctic Peninsula or the Argentine Sea; its two pairs are Gentoo and Rockhopper."""
    pairs = {"gentoo", "rockhopper"}
    assert len(pairs & species("macquarie")) == 2
    assert len(pairs & species("peninsula")) == 1
    assert len(pairs & species("argentine")) == 1


def test_species_follow_where_the_penguins_breed():
    assert species("argentine") == {"magellanic", "rockhopper"}
    assert "chinstrap" in species("peninsula") and "gentoo" in species("peninsula")
    assert {"king", "macaroni", "gentoo"} <= species("crozet")
    assert {"king", "gentoo", "macaroni", "chinstrap"} <= species("georgia")
    assert {"king", "gentoo", "rockhopper"} <= species("macquarie")
    assert all(any(s in species(r) for r in ROOKERY_IDS) for s in SPECIES), "every species nests"


def test_threat_limits_always_leave_room_for_the_skua_and_the_shark():
    """Threats: the Skua never at the Argentine Sea, the Shark never at the Antarctic
    Peninsula; four threats a season must always find a free space that obeys them."""
    total = sum(r.threat_spaces for r in BUILT_IN.rookeries)
    for threat in THREATS:
        if threat.not_at:
            assert total - BUILT_IN.rookery(threat.not_at).threat_spaces >= 4


def test_tokens_five_conservation_points_tokens_and_five_fish_supply_tokens():
    """Game Components: 5 of each; a Conservation Points token is a rookery's end-of-season
    bonus, larger and smaller (halved for a tie for second, so even)."""
    assert len(BUILT_IN.conservation_tokens) == 5 and len(BUILT_IN.fish_tokens) == 5
    tokens = BUILT_IN.conservation_tokens
    assert all(large > small > 0 and small % 2 == 0 for large, small in tokens)
    assert all(f >= 1 for f in BUILT_IN.fish_tokens)
    assert BUILT_IN.fish == 30 and BUILT_IN.nests_per_colour == 25  # 30 fish, 150 nests / 6


def test_season_events_nine_three_per_season_each_with_an_effect_the_engine_knows():
    assert len(BUILT_IN.events) == 9
    for season in (1, 2, 3):
        assert len(BUILT_IN.events_of(season)) == 3
    assert all(e.kind in EFFECTS and e.name and e.text for e in BUILT_IN.events)
    assert len({e.kind for e in BUILT_IN.events}) >= 8, "events change play in different ways"


def test_frozen_and_kevin_have_texts():
    assert "Exchange" in BUILT_IN.frozen_text and "Waddle" in BUILT_IN.frozen_text
    assert "Kevin" in BUILT_IN.kevin_text


def raw() -> dict:
    return copy.deepcopy(BUILT_IN.raw)


def problems_of(data: dict) -> list[str]:
    with pytest.raises(BoardError) as e:
        components_from_json(data)
    return e.value.problems


def test_a_custom_set_with_many_faults_lists_every_problem():
    data = raw()
    data["rookeries"][0]["species"] = ["emperor"]
    data["fish_tokens"] = [1, 2]
    data["events"][0]["effect"] = {"kind": "volcano"}
    del data["kevin"]
    problems = problems_of(data)
    assert any("rookery macquarie" in p and "species" in p for p in problems)
    assert any("fish_tokens" in p for p in problems)
    assert any("event krill-bloom" in p and "volcano" not in p for p in problems)
    assert 'missing "kevin"' in problems


def test_a_custom_set_must_leave_the_skua_room_outside_the_argentine_sea():
    data = raw()
    for r in data["rookeries"]:
        r["threat_spaces"] = 4 if r["id"] == "argentine" else 0
    problems = problems_of(data)
    assert any("Brown Skua may not go to Argentine Sea" in p for p in problems)


def test_a_custom_set_missing_a_rookery_or_a_season_of_events_is_refused():
    data = raw()
    data["rookeries"] = data["rookeries"][:4]
    assert problems_of(data) == ["missing rookeries: georgia"]
    data = raw()
    data["events"] = [e for e in data["events"] if e["season"] != 3]
    assert problems_of(data) == ["no event for season 3"]


def test_a_custom_set_with_magellanic_elsewhere_is_played_with_a_warning():
    data = raw()
    data["name"] = "printed"
    data["rookeries"][3]["species"].append("magellanic")
    components, warnings = load_components(json.dumps(data))
    assert components.name == "printed/1"
    assert warnings == [
        "the rulebook's Papi text has Magellanic nests only at the Argentine Sea, "
        "not at Crozet Islands"
    ]


def test_not_json_is_one_clear_problem():
    with pytest.raises(BoardError, match="not valid JSON"):
        load_components("{")
