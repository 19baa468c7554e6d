"""Threats (rulebook sections "Starting a Turn", "Playing a Threat", "Threats": each of the
eight threats exactly, with its placement limit)."""

from __future__ import annotations

from waddle_waddle_helpers import arrange, game, legal, play, rookery

from waddle.games.waddle_waddle.cards import THREAT0, THREAT_CODES, cards
from waddle.games.waddle_waddle.threats import THREATS


def start(players: int = 2, heroes=("dee", "davis", "lynch"), **options):
    options.setdefault("no_events", True)
    return game(players, heroes=heroes[:players], **options)


def threat_on_top(state, threat: str) -> None:
    """Put a threat card on top of the deck (tests of what it does when it turns up)."""
    deck = list(state.deck)
    card = THREAT0 + THREAT_CODES.index(threat)
    if card in deck[state.pos :]:
        deck[deck.index(card, state.pos)] = deck[state.pos]
    deck[state.pos] = card  # (a threat of another season replaces the top card)
    decks = list(state.decks)
    decks[state.season] = tuple(deck)
    state.decks = tuple(decks)


def reveal(state, threat: str, **layout) -> None:
    """Player 0 drafts face down and turns up ``threat``."""
    arrange(state, **layout)
    threat_on_top(state, threat)
    play(state, "draft ?")
    assert state.phase == "threat" and state.to_move() == 0


def test_playing_a_threat_drawn_the_mover_places_it_and_the_turn_ends():
    state = start()
    arrange(state, hands=[["Ge1"], ["Mg1"]])
    hand = list(state.hands[0])
    reveal(state, "seal")
    assert state.hands[0] == hand, "the threat is not a card for the hand"
    assert legal(state) == [f"threat {r}" for r in ("macquarie", "peninsula", "argentine",
                                                     "crozet", "georgia")]  # fmt: skip
    play(state, "threat crozet")
    assert state.threats_at[rookery("crozet")] == [THREAT_CODES.index("seal")]
    assert state.to_move() == 1 and state.phase == "turn" and state.threats_seen == 1


def test_starting_a_turn_a_threat_turned_up_stops_the_refill():
    state = start(no_threats=False)
    arrange(state, hands=[["Ge1"], ["Mg1"]], floe=["Ki1"])
    threat_on_top(state, "orca")
    play(state, "draft Ki1")  # the ice floe is empty: player 1's turn starts with a refill
    assert state.phase == "threat" and state.to_move() == 1 and state.floe == []
    play(state, "threat georgia")
    assert state.to_move() == 0, "after placing the threat player 1's turn is over"
    assert len(state.floe) == 4


def test_a_threat_goes_only_where_a_threat_space_is_free():
    state = start()
    full = {"macquarie": ["seal", "orca"], "crozet": ["orca", "seal"]}
    reveal(state, "pollution", threats=full)
    assert legal(state) == ["threat peninsula", "threat argentine", "threat georgia"]
    assert state.why_illegal("threat crozet") == "that rookery has no free threat space"


def test_brown_skua_not_at_the_argentine_sea_and_no_nests_at_its_rookery():
    state = start()
    reveal(state, "skua")
    assert "threat argentine" not in legal(state)
    assert state.why_illegal("threat argentine") == "the Brown Skua may not go there"
    play(state, "threat crozet", "draft ?")  # player 1 drafts
    arrange(state, hands=[["Ki3", "Ki3", "Ki4"], []], rookery_fish=[1] * 5)
    play(state, "waddle Ki3 Ki3 Ki4", "play crozet")
    assert state.nests[rookery("crozet")] == [0, 0]
    assert state.score[0] == 5, "with a King nest Dee would score it as 4 cards (8)"


def test_elephant_seal_a_waddle_there_costs_two_fish():
    state = start()
    arrange(state, hands=[["Ki1", "Ki2", "Ki3"], []], fish=[1, 0], rookery_fish=[0, 0, 0, 2, 1],
            threats={"crozet": ["seal"], "georgia": ["seal"]})  # fmt: skip
    play(state, "waddle Ki1 Ki2 Ki3")
    assert legal(state) == ["play macquarie h1", "play crozet", "play crozet h1", "play georgia h1"]
    play(state, "play georgia h1")
    assert state.fish[0] == 0 and state.rfish[rookery("georgia")] == 0


def test_orca_three_cards_of_a_species_for_each_nest():
    state = start()
    arrange(state, hands=[["Ki1", "Ki1", "Ki3", "Ge3", "Ge3"], []], rookery_fish=[1] * 5,
            threats={"crozet": ["orca"]})  # fmt: skip
    play(state, "waddle Ki1 Ki1 Ki3", "play crozet")
    assert state.nests[rookery("crozet")][0] == 1
    state = start()
    arrange(state, hands=[["Ge3", "Ge3", "Ki3", "Ki3"], []], rookery_fish=[1] * 5,
            threats={"crozet": ["orca"]})  # fmt: skip
    play(state, "waddle Ki3 Ki3 Ge3 Ge3", "play crozet")
    assert state.nests[rookery("crozet")][0] == 0


def test_shark_not_at_the_antarctic_peninsula_moves_every_fish_elsewhere():
    state = start()
    reveal(state, "shark", rookery_fish=[3, 1, 1, 1, 1])
    assert "threat peninsula" not in legal(state)
    play(state, "threat macquarie")
    assert state.phase == "shark" and "fishto macquarie" not in legal(state)
    play(state, "fishto crozet", "fishto crozet", "fishto argentine")
    assert state.rfish == [0, 1, 2, 3, 1] and state.to_move() == 1


def test_shark_with_no_fish_to_move_gives_another_action():
    state = start()
    reveal(state, "shark", rookery_fish=[0, 1, 1, 1, 1])
    play(state, "threat macquarie")
    assert state.phase == "turn" and state.to_move() == 0
    play(state, "draft ?")
    assert state.to_move() == 1


def test_fishing_boat_goes_to_a_rookery_with_fish_when_one_has_room():
    state = start()
    reveal(state, "boat", rookery_fish=[0, 2, 0, 1, 0])
    assert legal(state) == ["threat peninsula", "threat crozet"]
    assert state.why_illegal("threat argentine") == "the Fishing Boat goes to a rookery with fish"
    play(state, "threat crozet")
    assert state.to_move() == 1


def test_fishing_boat_anywhere_and_another_action_when_no_rookery_has_fish():
    state = start()
    reveal(state, "boat", rookery_fish=[0, 0, 0, 0, 0])
    assert len(legal(state)) == 5
    play(state, "threat argentine")
    assert state.phase == "turn" and state.to_move() == 0


def test_fishing_boat_a_waddle_there_is_paid_from_the_hand():
    state = start()
    arrange(state, hands=[["Ki1", "Ki2", "Ki3"], []], fish=[1, 0], rookery_fish=[0, 0, 0, 2, 0],
            threats={"crozet": ["boat"]})  # fmt: skip
    play(state, "waddle Ki1 Ki2 Ki3")
    assert "play crozet h1" in legal(state) and "play crozet" not in legal(state)
    assert (
        state.why_illegal("play crozet") == "the Fishing Boat: pay with fish from your hand there"
    )
    arrange(state, fish=[0, 0])
    assert legal(state) == [], "only crozet has fish, and there it takes a fish from the hand"


def test_oil_spill_moves_three_nests_of_the_movers_choice_never_onto_the_skua():
    state = start()
    reveal(state, "oil", nests={"crozet": [2, 3]}, threats={"georgia": ["skua"]})
    play(state, "threat crozet")
    assert state.phase == "oil"
    assert "move p0 georgia" not in legal(state) and "move p1 macquarie" in legal(state)
    play(state, "move p1 macquarie", "move p1 argentine", "move p0 peninsula")
    assert state.nests[rookery("crozet")] == [1, 1]
    assert state.nests[rookery("macquarie")] == [0, 1] and state.to_move() == 1


def test_oil_spill_with_fewer_than_three_nests_moves_them_all():
    state = start()
    reveal(state, "oil", nests={"crozet": [1, 0]})
    play(state, "threat crozet", "move p0 georgia")
    assert state.nests[rookery("crozet")] == [0, 0] and state.to_move() == 1


def test_snowy_sheathbill_removes_a_nest_of_the_player_with_the_most():
    state = start()
    reveal(state, "sheathbill", nests={"crozet": [1, 3]})
    left = state.nest_left[1]
    play(state, "threat crozet")
    assert state.nests[rookery("crozet")] == [1, 2] and state.nest_left[1] == left + 1
    assert state.to_move() == 1


def test_snowy_sheathbill_the_mover_chooses_among_players_tied_for_the_most():
    state = start(players=3)
    reveal(state, "sheathbill", nests={"crozet": [2, 2, 1]})
    play(state, "threat crozet")
    assert legal(state) == ["remove p0", "remove p1"]
    play(state, "remove p1")
    assert state.nests[rookery("crozet")] == [2, 1, 1]


def test_pollution_at_most_four_cards_in_a_waddle_there():
    state = start()
    arrange(state, hands=[["Ki1", "Ki2", "Ki3", "Ki4", "Ki5"], []], rookery_fish=[0, 0, 0, 1, 1],
            threats={"crozet": ["pollution"]})  # fmt: skip
    play(state, "waddle Ki1 Ki2 Ki3 Ki4 Ki5")
    assert legal(state) == ["play georgia"]
    assert state.why_illegal("play crozet") == "Pollution: at most 4 cards there"


def test_every_threat_has_its_rulebook_limit():
    limits = {t.code: t.not_at for t in THREATS if t.not_at}
    assert limits == {"skua": "argentine", "shark": "peninsula"}
    assert cards("Ki1")  # card codes and threat codes never clash
