"""What the view of Waddle Waddle tells the app beyond the rules' state: the waddles the
player to move may play with what each scores and nests at each rookery (shown before it
is played), each rookery's end-of-season bonus if the season ended now, the last action
and the ice floe's size. The presenter draws only the view, so these come from the engine:
the preview of a waddle is what playing it does."""

from __future__ import annotations

import random

import pytest
from waddle_waddle_helpers import arrange, game, play, rookery

from waddle.core.game import OMNISCIENT, SPECTATOR
from waddle.games.waddle_waddle.actions import Action
from waddle.games.waddle_waddle.cards import cards
from waddle.games.waddle_waddle.state import PLAY, TURN, WADDLE2


def _played(state, offer_cards, rid: str, from_hand: int) -> tuple[int, int]:
    """Points and nests a waddle really scored and placed, by playing it on a copy."""
    p = state.cur
    world = state.clone()
    r = rookery(rid)
    before_score, before_nests = world.score[p], sum(world.nests[r][q] for q in range(world.n))
    seasons = len(world.bonuses)
    if world.phase != PLAY:
        world.apply(Action.waddle(cards(" ".join(offer_cards))))
    nests_before_play = world.nest_left[p]
    world.apply(Action.play(r, from_hand))
    gained = world.score[p] - before_score
    if len(world.bonuses) > seasons:  # the turn ended the season: its bonuses came too
        gained -= world.bonuses[-1][p]
    assert sum(world.nests[r][q] for q in range(world.n)) >= before_nests
    return gained, nests_before_play - world.nest_left[p]


@pytest.mark.parametrize("players", [2, 3, 5])
def test_each_offered_waddle_scores_and_nests_what_playing_it_does(players):
    checked = 0
    for seed in range(6):
        state = game(players, seed)
        rng = random.Random(seed)
        while not state.is_over() and checked < 400:
            if state.phase in (TURN, WADDLE2, PLAY):
                view = state.view(state.to_move())
                wanted = {str(a) for a in state.legal_actions() if a.kind == "waddle"}
                if state.phase == PLAY:
                    wanted = {"waddle " + " ".join(view.offers[0].cards)} if view.offers else set()
                assert {"waddle " + " ".join(o.cards) for o in view.offers} == wanted
                plays = {(a.a, a.b) for a in state.legal_actions() if a.kind == "play"}
                for offer in view.offers:
                    ways = {(rookery(pl.rookery), h) for pl in offer.places for h in pl.pay}
                    if state.phase == PLAY:
                        assert ways == plays
                    for place in offer.places:
                        assert place.fish == state.fish_cost(rookery(place.rookery))
                        assert all(0 <= h <= place.fish for h in place.pay)
                        for h in place.pay:
                            assert _played(state, offer.cards, place.rookery, h) == (
                                place.points,
                                place.nests,
                            )
                            checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked >= 100


def test_only_the_player_to_move_is_offered_waddles():
    state = game(3, heroes=("dee", "papi", "dyan"))
    arrange(state, hands=[["Ki1", "Ki2", "Ki3"], ["Ge1", "Ge2", "Ge3"], []])
    assert state.to_move() == 0
    assert [o.cards for o in state.view(0).offers] == [("Ki1", "Ki2", "Ki3")]
    assert state.view(1).offers == () and state.view(SPECTATOR).offers == ()
    assert state.view(OMNISCIENT).offers == state.view(0).offers


def test_an_offer_with_dee_counts_each_king_nest_as_a_card_and_says_so_before_it_is_played():
    # Rulebook, "Penguin Heroes", Dr. Dee Boersma: four Kings, two nests, scored as six.
    state = game(2, heroes=("dee", "papi"))
    arrange(state, hands=[["Ki1", "Ki2", "Ki3", "Ki4"], []], rookery_fish=[1, 1, 1, 1, 1])
    offer = next(o for o in state.view(0).offers if len(o.cards) == 4)
    at = {pl.rookery: (pl.points, pl.nests) for pl in offer.places}
    assert offer.bonus and at["crozet"] == (21, 2)  # a bonus waddle of six: 21
    assert "argentine" not in at and "peninsula" not in at  # no King nests there


def test_each_rookery_shows_its_bonus_if_the_season_ended_now():
    # Rulebook, "End of Season Scoring": the most nests the larger, ties for second share.
    state = game(3, heroes=("dee", "papi", "dyan"))
    r = rookery("crozet")
    arrange(state, nests={"crozet": [3, 1, 1]})
    larger, smaller = state.components.conservation_tokens[state.cp_at[r]]
    view = state.view(SPECTATOR)
    crozet = next(x for x in view.rookeries if x.id == "crozet")
    assert crozet.awards == (larger, smaller // 2, smaller // 2)
    assert [sum(x.awards[p] for x in view.rookeries) for p in range(3)] == state.season_awards()


def test_the_view_names_the_last_action_and_the_ice_floes_size():
    state = game(2, heroes=("dee", "papi"))
    assert state.view(SPECTATOR).last_action == "hero papi"
    assert state.view(SPECTATOR).floe_target == 4  # the two-player variant's ice floe
    play(state, "draft ?")
    assert state.view(1).last_action == "draft ?"
    assert game(4).view(0).floe_target == 4 and game(4).view(0).last_action is None


def test_the_view_says_the_season_events_name_and_text_once_it_is_revealed():
    state = game(2, seed=4)
    assert state.view(0).event_words is None  # heroes first: the event is still face down
    play(state, "hero dee", "hero papi")
    event = state.components.event(state.view(0).event)
    assert state.view(1).event_words == (event.name, event.text)


def test_the_view_lists_the_tokens_a_draft_names_by_number():
    state = game(3)
    view = state.view(SPECTATOR)
    assert view.conservation_tokens == state.components.conservation_tokens
    assert view.fish_tokens == state.components.fish_tokens
