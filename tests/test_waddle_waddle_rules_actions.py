"""The five actions and their limits (rulebook sections "Playing a Turn": Draft Penguins,
Exchange a Penguin, Fishing Trip, Refill Your Hand, Play Waddles; "Frozen Cards";
"Simplified Rules"; the season events that change them)."""

from __future__ import annotations

from waddle_waddle_helpers import arrange, game, legal, play

from waddle.core.game import SPECTATOR
from waddle.games.waddle_waddle.cards import cards, code
from waddle.games.waddle_waddle.options import Options
from waddle.games.waddle_waddle.record import new_record


def start(players: int = 2, **options):
    heroes = ("dee", "papi", "dyan", "davis", "katta", "lynch")[:players]
    options.setdefault("no_events", True)
    return game(players, heroes=heroes, **options)


def test_draft_penguins_takes_a_face_up_card_that_everyone_saw():
    state = start()
    arrange(state, hands=[["Ge1"], ["Mg1"]], floe=["Ki3", "Ki5", "Rk2", "Ch4"])
    assert {"draft Ki3", "draft Ki5", "draft Rk2", "draft Ch4", "draft ?"} <= set(legal(state))
    play(state, "draft Ki3")
    assert state.hands[0] == list(cards("Ge1 Ki3"))
    assert state.view(1).seats[0].known == ("Ki3",)
    assert state.to_move() == 1


def test_draft_penguins_face_down_takes_the_top_card_and_nobody_else_sees_it():
    state = start()
    arrange(state, hands=[["Ge1"], ["Mg1"]], floe=["Ki3", "Ki5", "Rk2", "Ch4"])
    top = state.deck[state.pos]
    play(state, "draft ?")
    assert top in state.hands[0] and len(state.hands[0]) == 2
    assert state.view(1).seats[0].hand is None and state.view(1).seats[0].known == ()
    assert code(top) in state.view(0).seats[0].hand


def test_draft_penguins_not_with_nine_cards():
    state = start()
    arrange(state, hands=[["Mg1", "Mg3", "Rk1", "Rk3", "Ch1", "Ch3", "Ki1", "Ki3", "Mc5"], []])
    assert legal(state, "draft") == []
    assert state.why_illegal("draft ?") == "you cannot draft with 9 cards in hand"
    arrange(state, hands=[["Mg1", "Mg3", "Rk1", "Rk3", "Ch1", "Ch3", "Ki1", "Ki3"], []])
    assert "draft ?" in legal(state, "draft")


def test_exchange_a_penguin_swaps_a_card_with_the_ice_floe_and_takes_a_frozen_card():
    state = start()
    arrange(state, hands=[["Ge1", "Mg2"], ["Mg1"]], floe=["Ki3", "Ge1", "Rk2", "Ch4"])
    play(state, "exchange Ge1")
    assert state.phase == "take" and state.to_move() == 0
    assert "take Ge1" not in legal(state), "a swap must change the hand"
    assert set(legal(state)) == {"take Ki3", "take Rk2", "take Ch4"}
    play(state, "take Rk2")
    assert state.hands[0] == list(cards("Rk2 Mg2")) and state.frozen[0]
    assert cards("Ge1 Ge1") == tuple(c for c in state.floe if code(c) == "Ge1")
    assert state.to_move() == 1


def test_exchange_not_while_frozen():
    state = start()
    arrange(state, hands=[["Ge1", "Mg2"], ["Mg1"]], floe=["Ki3", "Rk2"], frozen=[True, False])
    assert legal(state, "exchange") == []
    assert state.why_illegal("exchange Ge1") == "you cannot exchange while you are frozen"


def test_simplified_no_frozen_cards_exchanges_are_unlimited():
    state = start(no_frozen=True)
    arrange(state, hands=[["Ge1", "Mg2"], ["Mg1"]], floe=["Ki3", "Rk2"])
    play(state, "exchange Ge1", "take Ki3")
    assert not state.frozen[0]
    play(state, "draft Ge1")  # player 1
    assert "exchange Ki3" in legal(state, "exchange")


def test_fishing_trip_puts_a_card_on_the_ice_floe_and_takes_a_fish():
    state = start()
    arrange(state, hands=[["Ge1", "Mg2"], ["Mg1"]], floe=["Ki3"], fish=[0, 0])
    supply = state.supply
    play(state, "fish Mg2")
    assert state.fish[0] == 1 and state.supply == supply - 1
    assert state.hands[0] == list(cards("Ge1"))
    assert {"Mg2", "Ki3"} <= {code(c) for c in state.floe}


def test_fishing_trip_not_with_two_fish():
    state = start()
    arrange(state, hands=[["Ge1", "Mg2"], ["Mg1"]], fish=[2, 0])
    assert legal(state, "fish") == []
    assert state.why_illegal("fish Ge1") == "you cannot go fishing with 2 fish"


def test_simplified_no_fish_no_fishing_trips_and_free_waddles():
    state = start(no_fish=True)
    assert state.rfish == [0] * 5 and state.supply == 30
    arrange(state, hands=[["Ki1", "Ki2", "Ki3"], ["Mg1"]], fish=[0, 0])
    assert legal(state, "fish") == []
    play(state, "waddle Ki1 Ki2 Ki3")
    assert "play crozet" in legal(state)


def test_refill_your_hand_only_with_an_empty_hand_one_card_face_up_then_either():
    state = start()
    arrange(state, hands=[["Ge1"], ["Mg1"]], floe=["Ki3", "Rk2"])
    assert legal(state, "refill") == []
    assert state.why_illegal("refill Ki3") == "you can refill only with an empty hand"
    arrange(state, hands=[[], ["Mg1"]])
    assert legal(state, "refill") == ["refill Rk2", "refill Ki3"]
    play(state, "refill Ki3")
    assert state.phase == "refill2" and set(legal(state)) == {"take Rk2", "take ?"}
    top = state.deck[state.pos]
    play(state, "take ?")
    assert sorted(state.hands[0]) == sorted([cards("Ki3")[0], top])
    assert state.view(1).seats[0].known == ("Ki3",)


def test_pass_only_when_no_action_is_possible():
    """Nine cards without a waddle (Kevin among them), frozen, two fish, an empty ice floe:
    nothing is possible, so the player passes (a decision of the project)."""
    state = start(kevin=True)
    assert "pass" not in legal(state)
    nine = ["Mg1", "Mg1", "Rk2", "Rk2", "Ch4", "Ch4", "Ki5", "Ki5", "Kv"]
    arrange(state, hands=[nine, ["Mg2"]], frozen=[True, False], fish=[2, 0], floe=[])
    assert legal(state) == ["pass"]
    assert state.why_illegal("draft ?") == "you cannot draft with 9 cards in hand"
    arrange(state, floe=["Ge6"])
    assert legal(state) == ["exchange Kv"], "Kevin's exchange takes no Frozen card"
    arrange(state, floe=[])
    play(state, "pass")
    assert state.to_move() == 1


def test_season_event_blizzard_no_card_taken_face_down():
    for seed in range(80):
        record = new_record(2, seed, Options.standard(2, seasons=3))
        if record.setup.events[2] == "blizzard":
            break
    state = record.start()
    play(state, "hero dee", "hero papi")
    state.events = (state.events[2],) * 2  # this season plays the Blizzard
    arrange(state, hands=[[], ["Mg1"]], floe=["Ki3", "Rk2"])
    assert state.event.id == "blizzard"
    assert "draft ?" not in legal(state)
    play(state, "refill Ki3")
    assert legal(state) == ["take Rk2"]


def test_season_event_calm_seas_a_fishing_trip_brings_two_fish_but_never_above_two():
    for seed in range(80):
        record = new_record(2, seed)
        if record.setup.events[0] == "calm-seas":
            break
    state = record.start()
    play(state, "hero dee", "hero papi")
    arrange(state, hands=[["Ge1", "Ge2"], ["Mg1", "Mg2"]], fish=[0, 1])
    play(state, "fish Ge1")
    assert state.fish[0] == 2
    play(state, "fish Mg1")
    assert state.fish[1] == 2


def test_the_view_of_a_hand_shows_only_cards_taken_face_up():
    state = start()
    arrange(state, hands=[["Ge1"], ["Mg1"]], floe=["Ki3", "Rk2", "Ch4", "Mc6"])
    play(state, "draft Ki3", "draft ?")
    spectator = state.view(SPECTATOR)
    assert spectator.seats[0].known == ("Ki3",) and spectator.seats[0].hand_size == 2
    assert spectator.seats[1].known == () and spectator.seats[1].hand_size == 2
