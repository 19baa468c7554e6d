"""The six penguin heroes and Kevin (rulebook sections "Penguin Heroes" and "Kevin
(Optional Card)"), each ability exactly, with the limits the rulebook spells out."""

from __future__ import annotations

from waddle_waddle_helpers import arrange, game, legal, play, rookery

from waddle.games.waddle_waddle.cards import KEVIN, cards, code

OTHERS = {"dee": "davis", "papi": "dee", "dyan": "dee", "davis": "dee", "katta": "dee",
          "lynch": "dee"}  # fmt: skip


def start(hero: str, **options):
    """Player 0 plays ``hero`` (player 1 another), the first season started."""
    options.setdefault("no_events", True)
    return game(2, heroes=(hero, OTHERS[hero]), **options)


def test_dee_each_king_nest_counts_as_a_card_the_rulebooks_example():
    """Four King cards place two nests and score as six cards: 15 instead of 8."""
    state = start("dee")
    arrange(state, hands=[["Ki1", "Ki1", "Ki3", "Ki5"], []], rookery_fish=[1] * 5)
    play(state, "waddle Ki1 Ki1 Ki3 Ki5", "play crozet")
    assert state.nests[rookery("crozet")][0] == 2 and state.score[0] == 15


def test_dee_no_more_than_the_six_card_row():
    state = start("dee")
    arrange(state, hands=[["Ki1", "Ki1", "Ki2", "Ki2", "Ki3", "Ki3"], []], rookery_fish=[1] * 5)
    play(state, "waddle Ki1 Ki1 Ki2 Ki2 Ki3 Ki3", "play crozet")
    assert state.nests[rookery("crozet")][0] == 3 and state.score[0] == 15


def test_dee_counts_only_king_nests_and_only_for_dee():
    state = start("davis")  # Davis has no King bonus
    arrange(state, hands=[["Ki1", "Ki1", "Ki3", "Ki5"], []], rookery_fish=[1] * 5)
    play(state, "waddle Ki1 Ki1 Ki3 Ki5", "play crozet")
    assert state.score[0] == 8


def test_papi_a_waddle_topped_by_a_magellanic_goes_anywhere_and_nests_there():
    state = start("papi")
    arrange(state, hands=[["Ki4", "Mg5", "Mg6"], []], rookery_fish=[1] * 5)
    play(state, "waddle Ki4 Mg5 Mg6")
    assert len(legal(state)) == 5, "any rookery"
    play(state, "play peninsula")
    assert state.nests[rookery("peninsula")][0] == 1, "the Magellanic pair nests there"


def test_papi_tied_for_highest_is_enough():
    state = start("papi")
    arrange(state, hands=[["Ki6", "Mg6", "Mg6"], []], rookery_fish=[1] * 5)
    play(state, "waddle Mg6 Mg6 Ki6", "play crozet")
    assert state.nests[rookery("crozet")][0] == 1


def test_papi_not_when_the_highest_card_is_another_species():
    state = start("papi")
    arrange(state, hands=[["Mg1", "Mg2", "Ch3"], []], rookery_fish=[1] * 5)
    play(state, "waddle Mg1 Mg2 Ch3")
    assert "play crozet" not in legal(state)
    play(state, "play peninsula")
    assert state.nests[rookery("peninsula")][0] == 0


def test_papi_without_him_magellanic_nest_only_at_the_argentine_sea():
    state = start("dee")
    arrange(state, hands=[["Ki4", "Mg5", "Mg6"], []], rookery_fish=[1] * 5)
    play(state, "waddle Ki4 Mg5 Mg6", "play crozet")
    assert state.nests[rookery("crozet")][0] == 0


def test_dyan_may_move_a_nest_from_there_for_each_rockhopper_nest_even_to_the_skua():
    state = start("dyan")
    arrange(state, hands=[["Rk1", "Rk1", "Rk2", "Rk2"], []], rookery_fish=[1] * 5,
            nests={"crozet": [1, 2]}, threats={"georgia": ["skua"]})  # fmt: skip
    play(state, "waddle Rk1 Rk1 Rk2 Rk2", "play crozet")
    assert state.nests[rookery("crozet")] == [3, 2] and state.phase == "dyan"
    assert "move p1 georgia" in legal(state) and "stop" in legal(state)
    play(state, "move p1 georgia", "move p0 macquarie")
    assert state.nests[rookery("crozet")] == [2, 1]
    assert state.nests[rookery("georgia")] == [0, 1] and state.nests[rookery("macquarie")][0] == 1
    assert state.to_move() == 1, "two Rockhopper nests, two moves"


def test_dyan_may_stop_moving():
    state = start("dyan")
    arrange(state, hands=[["Rk1", "Rk1", "Rk2", "Rk2"], []], rookery_fish=[1] * 5)
    play(state, "waddle Rk1 Rk1 Rk2 Rk2", "play crozet", "stop")
    assert state.nests[rookery("crozet")] == [2, 0] and state.to_move() == 1


def test_davis_one_extra_nest_where_a_macaroni_nest_goes():
    state = start("davis")
    arrange(state, hands=[["Mc1", "Mc1", "Mc2"], []], rookery_fish=[1] * 5)
    play(state, "waddle Mc1 Mc1 Mc2", "play crozet")
    assert state.nests[rookery("crozet")][0] == 2


def test_davis_at_most_one_extra_nest_a_turn_even_with_a_waddlewaddle():
    state = start("davis")
    hand = ["Mc1", "Mc1", "Mc2", "Mc4", "Mc4", "Mc5"]
    arrange(state, hands=[hand, []], rookery_fish=[1] * 5)
    play(state, "waddle Mc1 Mc1 Mc2", "play crozet", "waddle Mc4 Mc4 Mc5", "play georgia")
    assert state.nests[rookery("crozet")][0] == 2 and state.nests[rookery("georgia")][0] == 1


def test_davis_extra_nest_again_on_a_later_turn():
    state = start("davis")
    arrange(state, hands=[["Mc1", "Mc1", "Mc2"], []], rookery_fish=[1] * 5)
    play(state, "waddle Mc1 Mc1 Mc2", "play crozet", "draft ?")
    other = [code(c) for c in state.hands[1]]
    arrange(state, hands=[["Mc4", "Mc4", "Mc5"], other], rookery_fish=[1] * 5)
    play(state, "waddle Mc4 Mc4 Mc5", "play crozet")
    assert state.nests[rookery("crozet")][0] == 4


def test_katta_chinstraps_count_as_another_species_the_rulebooks_example():
    """1 Chinstrap, 2 Macaroni, 3 King: the Chinstrap may count as a Macaroni or a King,
    so the waddle may go where either nests (a pair then needs a second card)."""
    state = start("katta")
    arrange(state, hands=[["Ch1", "Mc2", "Ki3"], []], rookery_fish=[1] * 5)
    play(state, "waddle Ch1 Mc2 Ki3")
    assert len(legal(state)) == 5
    state = start("katta")
    arrange(state, hands=[["Ch2", "Ch3", "Ki4"], []], rookery_fish=[1] * 5)
    play(state, "waddle Ch2 Ch3 Ki4", "play crozet")
    assert state.nests[rookery("crozet")][0] == 1, "a Chinstrap as a King makes a King pair"


def test_katta_at_most_two_chinstraps_in_each_waddle():
    state = start("katta")
    arrange(state, hands=[["Ch1", "Ch2", "Ch3", "Ch4"], []], rookery_fish=[1] * 5)
    play(state, "waddle Ch1 Ch2 Ch3 Ch4", "play crozet")
    assert state.nests[rookery("crozet")][0] == 1, "two converted: one pair, not two"


def test_katta_others_chinstraps_stay_chinstraps():
    state = start("dee")
    arrange(state, hands=[["Ch1", "Ch2", "Ch3"], []], rookery_fish=[1] * 5)
    play(state, "waddle Ch1 Ch2 Ch3")
    assert legal(state) == ["play peninsula", "play georgia"]


def test_lynch_refills_at_the_end_of_a_turn_with_a_gentoo_nest():
    state = start("lynch")
    arrange(state, hands=[["Ge1", "Ge2", "Ge3"], []], rookery_fish=[1] * 5,
            floe=["Ki1", "Mg2"])  # fmt: skip
    play(state, "waddle Ge1 Ge2 Ge3", "play crozet")
    assert state.phase == "lynch" and state.to_move() == 0
    assert legal(state) == ["refill Mg2", "refill Ki1"]
    play(state, "refill Ki1", "take ?")
    assert len(state.hands[0]) == 2 and state.to_move() == 1


def test_lynch_not_without_a_gentoo_nest():
    state = start("lynch")
    arrange(state, hands=[["Ge1", "Ki2", "Mg3"], []], rookery_fish=[1] * 5)
    play(state, "waddle Ge1 Ki2 Mg3", "play crozet")
    assert state.to_move() == 1


def test_lynch_not_when_cards_stay_in_the_hand():
    """The rulebook's note: a hand kept after a waddle is not empty, so no refill."""
    state = start("lynch", keep_hand=True)
    arrange(state, hands=[["Ge1", "Ge2", "Ge3", "Ki6"], []], rookery_fish=[1] * 5)
    play(state, "waddle Ge1 Ge2 Ge3", "play crozet")
    assert state.to_move() == 1 and state.hands[0] == list(cards("Ki6"))


def test_kevin_exchanged_takes_no_frozen_card_and_gives_a_free_action():
    state = start("dee", kevin=True)
    arrange(state, hands=[["Kv", "Ge1"], []], floe=["Ki1", "Mg2"])
    play(state, "exchange Kv", "take Ki1")
    assert not state.frozen[0] and state.to_move() == 0 and state.phase == "turn"
    assert "draft Kv" not in legal(state), "not back to the hand the same turn"
    assert state.why_illegal("draft Kv") == "Kevin cannot come back to your hand this turn"
    play(state, "draft Mg2")
    assert state.to_move() == 1 and KEVIN in state.floe
    play(state, "draft Kv")  # player 1 may take him


def test_kevin_exchange_while_frozen():
    state = start("dee", kevin=True)
    arrange(state, hands=[["Kv", "Ge1"], []], floe=["Ki1"], frozen=[True, False])
    assert legal(state, "exchange") == ["exchange Kv"]


def test_kevin_on_a_fishing_trip_brings_a_fish_and_a_free_action():
    state = start("dee", kevin=True)
    arrange(state, hands=[["Kv", "Ge1"], []], floe=["Ki1"], fish=[0, 0])
    play(state, "fish Kv")
    assert state.fish[0] == 1 and state.to_move() == 0 and "draft Kv" not in legal(state)


def test_kevin_is_never_in_a_waddle_and_leaves_with_one():
    state = start("dee", kevin=True)
    arrange(state, hands=[["Kv", "Ki1", "Ki2", "Ki3"], []], rookery_fish=[1] * 5, floe=[])
    assert legal(state, "waddle") == ["waddle Ki1 Ki2 Ki3"]
    assert state.why_illegal("waddle Ki1 Ki2 Kv") == "Kevin is never part of a waddle"
    play(state, "waddle Ki1 Ki2 Ki3", "play crozet")
    assert state.hands[0] == [] and KEVIN in state.floe


def test_kevin_no_waddlewaddle_while_holding_him():
    state = start("dee", kevin=True, keep_hand=True)
    arrange(state, hands=[["Kv", "Ki1", "Ki2", "Ki3", "Ge4", "Ge5", "Ge6"], []],
            rookery_fish=[1] * 5)  # fmt: skip
    play(state, "waddle Ki1 Ki2 Ki3", "play crozet")
    assert legal(state) == ["stop"]
    play(state, "stop")
    assert [code(c) for c in state.hands[0]] == ["Ge4", "Ge5", "Ge6"], "Kevin went to the floe"
