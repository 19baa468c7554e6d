"""What each seat sees in Pebbles, determinization, chance and reveals (the hidden
information protocol of waddle/core/game.py, docs/architecture.md).

One predicate decides visibility (waddle/games/pebbles/observation.py): a card is seen by
every seat once its whereabouts are public (face up in the row, the trick or the
discards; in a hand after its holder took it from the row; in the deck after a reshuffle,
its order aside), and by its holder. ``view`` and ``determinize`` both use it.
"""

from __future__ import annotations

import pytest
from pebbles_helpers import cards, do, game, play_out

from waddle.core.game import CHANCE, OMNISCIENT, SPECTATOR, resolve_chance
from waddle.core.rng import Rng
from waddle.games.pebbles import new_record, parse_action

ROW = "10S 11C 12P 7L"


def test_a_seat_sees_its_own_hand_and_only_the_size_of_the_others():
    state = game(["7S 9C", "8P 13L 12S"], row=ROW, deck="9S 10C")
    mine, theirs = state.view(0).hands
    assert mine.cards == tuple(cards("7S 9C")) and mine.unknown == 0
    assert theirs.size == 3 and theirs.cards == () and theirs.unknown == 3
    assert [h.cards for h in state.view(SPECTATOR).hands] == [(), ()]
    assert state.view(OMNISCIENT).hands[1].cards == tuple(cards("12S 8P 13L"))


def test_a_card_taken_from_the_row_stays_known_in_its_holders_hand_until_played():
    """Everyone saw it taken: the others' views show it in that hand."""
    state = game(["7S 9C", "8P 13L 12S"], row=ROW, deck="9S 10C")
    do(state, "play 7S", "fish 11C")
    assert state.view(1).hands[0].cards == tuple(cards("11C"))
    assert state.view(1).hands[0].size == 2
    assert state.view(0).hands[0].cards == tuple(cards("9C 11C"))


def test_only_omniscient_sees_the_deck_order():
    state = game(["7S 9C", "8P 13L 12S"], row=ROW, deck="9S 10C")
    assert state.view(OMNISCIENT).deck == tuple(cards("9S 10C"))
    assert state.view(0).deck is None and state.view(SPECTATOR).deck is None
    assert state.view(0).deck_size == 2 and state.view(0).deck_known == ()


def test_after_a_reshuffle_everyone_knows_which_cards_are_in_the_deck_not_their_order():
    state = game(["7S 9C 11S", "8P 13L 12S"], row=ROW, deck="9S")
    do(state, "play 7S", "place 7", "done", "fish 10S")  # the deck is empty now
    do(state, "play 8P", "place 8", "done", "push 8", "done")  # 7S wins: 7S 8P discarded
    do(state, "play 9C", "place 9", "done", "fish 11C")
    assert state.to_move() == CHANCE
    do(state, "reshuffle 7S 8P")  # 7S fills the row; 8P is the deck
    assert state.row == cards("9S 7S 12P 7L")
    for seat in (0, 1, SPECTATOR):
        assert state.view(seat).deck_known == tuple(cards("8P"))
        assert state.view(seat).deck is None


def test_the_view_hides_the_legal_choices_of_another_seat():
    """A hand's choices would show the hand: only the seat to move gets them."""
    state = game(["7S 9C", "8P 13L 12S"], row=ROW, deck="9S 10C")
    assert [str(a) for a in state.view(0).legal] == ["play 7S", "play 9C"]
    assert state.view(1).legal == () and state.view(SPECTATOR).legal == ()


def test_states_differing_only_in_what_a_seat_cannot_see_give_it_equal_views():
    a = game(["7S 9C", "8P 13L 12S"], row=ROW, deck="9S 10C")
    b = game(["7S 9C", "9S 10C 12S"], row=ROW, deck="13L 8P")
    assert a.view(0) == b.view(0)
    assert a.view(1) != b.view(1) and a.view(OMNISCIENT) != b.view(OMNISCIENT)


def positions(players: int, seed: int, every: int = 7):
    """Positions along a random game, chance nodes included."""
    state = new_record(players, seed).start()
    rng = Rng(seed)
    while not state.is_over():
        if state.ply % every == 0:
            yield state.clone()
        if state.to_move() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_determinization_keeps_the_view_and_deals_the_hidden_cards_again(players):
    """``determinize(seat, rng).view(seat) == view(seat)``; the other hands' unknown cards
    and the deck's order vary; known cards stay where everyone knows they are."""
    varied = 0
    for state in positions(players, seed=players):
        for seat in [*range(players), SPECTATOR]:
            world = state.determinize(seat, Rng(state.ply * 10 + seat))
            assert world.view(seat) == state.view(seat)
            for p in range(players):
                known = set(state.view(seat).hands[p].cards)
                assert known <= set(world.hands[p])
            varied += world.hands != state.hands or world.deck != state.deck
        assert state.view(OMNISCIENT) == state.determinize(OMNISCIENT, Rng(1)).view(OMNISCIENT)
    assert varied > 0


def test_a_determinization_depends_only_on_what_the_seat_sees():
    """Two states the seat cannot tell apart give the same worlds from the same rng: a bot
    searching them cannot learn the real hidden cards."""
    a = game(["7S 9C", "8P 13L 12S"], row=ROW, deck="9S 10C")
    b = game(["7S 9C", "9S 10C 12S"], row=ROW, deck="13L 8P")
    for seed in range(10):
        wa, wb = a.determinize(0, Rng(seed)), b.determinize(0, Rng(seed))
        assert (wa.hands, wa.deck) == (wb.hands, wb.deck)


def test_a_determinized_world_keeps_no_undo_information():
    """Undo information would remember the real cards: a world has none."""
    state = game(["7S 9C", "8P 13L 12S"], row=ROW, deck="9S 10C")
    do(state, "play 7S")
    world = state.determinize(1, Rng(3))
    with pytest.raises(ValueError, match="no undo"):
        world.undo()
    assert state.clone().undo() == parse_action("play 7S")


def test_a_reshuffle_is_a_chance_node_drawn_as_a_permutation_of_the_discards():
    """Go Fishing: the discards become the new deck; the order is drawn by whoever applies
    the chance node (the app from the record's seed and the ply)."""
    for state in positions(4, seed=8, every=1):
        if state.to_move() == CHANCE:
            action = state.sample_chance(Rng(5))
            assert sorted(action.arg) == sorted(state.discards)
            again = state.clone()
            assert resolve_chance(state, seed=2) == resolve_chance(again, seed=2)
            return
    raise AssertionError("no reshuffle in this game")


def test_reveals_fishing_with_a_deck_and_every_reshuffle_and_nothing_else():
    """``reveals``: the app never takes back a refill of the row or a reshuffle."""
    state = game(["7S 9C 11S", "8P 13L 12S"], row=ROW, deck="9S")
    assert not any(state.reveals(a) for a in state.legal_actions())
    do(state, "play 7S")
    assert state.reveals(parse_action("fish 10S")) and not state.reveals(parse_action("place 7"))
    do(state, "fish 10S", "place 7", "done")  # the deck is empty now
    do(state, "play 8P")
    assert not state.reveals(parse_action("fish 9S"))  # nothing to draw, no discards
    do(state, "place 8", "done", "fish 9S", "play 9C", "fish 11C")
    assert state.to_move() == CHANCE and state.reveals(state.sample_chance(Rng(1)))


@pytest.mark.parametrize("players", [2, 4])
def test_the_view_shows_control_and_scores_as_they_stand(players):
    state = play_out(new_record(players, seed=1).start(), seed=2, plies=60)
    view = state.view(SPECTATOR)
    tiles, territories = state.control()
    assert view.tile_control == tuple(tiles) and view.territory_control == tuple(territories)
    assert view.scores.totals == state.scores()
    assert view.penguins[0] == tuple(state.penguins_on(state.layout.numbers[0]))
