"""Seasons and the end of the game (rulebook sections "Ending a Season", "End of Season
Scoring", "Resetting the Game for the Next Season", "Drafting Tokens", "Winning the
Game", "Two Player Variant", "Simplified Rules": no threats)."""

from __future__ import annotations

import pytest
from test_waddle_waddle_rules_threats import threat_on_top
from waddle_waddle_helpers import arrange, game, legal, play, random_game, rookery

from waddle.games.waddle_waddle.components import BUILT_IN

HEROES = ("dee", "papi", "dyan", "davis", "katta", "lynch")


def start(players: int, **options):
    options.setdefault("no_events", True)
    return game(players, heroes=HEROES[:players], **options)


def end_season_now(state) -> None:
    """The turn in progress is the season's last: the player drafts face down."""
    state.turns_left = 1
    play(state, "draft ?")


def test_ending_a_season_the_fourth_threat_then_the_rest_of_the_round_and_a_final_round():
    state = start(3)
    play(state, "draft ?")  # player 0; player 1 now draws the fourth threat
    state.threats_seen = 3
    threat_on_top(state, "orca")
    play(state, "draft ?", "threat crozet")
    movers = []
    while state.phase != "tokens":
        movers.append(state.to_move())
        play(state, "draft ?" if "draft ?" in legal(state) else legal(state)[0])
    assert movers == [2, 0, 1, 2], "player 2 ends the round, then one final round"
    assert state.phase == "tokens"


def test_ending_a_season_the_rulebooks_example_the_first_player_finds_the_last_threat():
    state = start(4)
    state.threats_seen = 3
    threat_on_top(state, "orca")
    play(state, "draft ?", "threat crozet")
    movers = []
    while state.phase != "tokens":
        movers.append(state.to_move())
        play(state, legal(state)[0])
    assert movers == [1, 2, 3, 0, 1, 2, 3]


def bonuses(players: int, nests: list[int], variant: bool | None = None, token: int = 0):
    options = {} if variant is None else {"two_player_variant": variant}
    state = start(players, **options)
    state.cp_at = [token, -1, -1, -1, -1]
    arrange(state, nests={"macquarie": nests})
    return state.season_awards()


LARGER, SMALLER = BUILT_IN.conservation_tokens[0]


def test_end_of_season_scoring_most_nests_larger_second_most_smaller():
    assert bonuses(4, [3, 1, 2, 0]) == [LARGER, 0, SMALLER, 0]


def test_end_of_season_scoring_a_tie_for_first_each_takes_the_smaller_and_no_second():
    assert bonuses(4, [3, 3, 2, 0]) == [SMALLER, SMALLER, 0, 0]


def test_end_of_season_scoring_a_tie_for_second_shares_half_the_smaller_each():
    assert bonuses(4, [4, 2, 2, 1]) == [LARGER, SMALLER // 2, SMALLER // 2, 0]


def test_end_of_season_scoring_no_nest_no_bonus():
    assert bonuses(3, [2, 0, 0]) == [LARGER, 0, 0]
    assert bonuses(3, [0, 0, 0]) == [0, 0, 0]


def test_two_player_variant_only_the_player_with_the_most_nests_scores():
    assert bonuses(2, [3, 2]) == [LARGER, 0]
    assert bonuses(2, [2, 2]) == [0, 0]
    assert bonuses(2, [3, 2], variant=False) == [LARGER, SMALLER]


def test_season_event_fledging_day_doubles_the_bonuses():
    state = start(3)
    state.events = (BUILT_IN.events.index(BUILT_IN.event("fledging")),) * 2
    state.cp_at = [0, -1, -1, -1, -1]
    arrange(state, nests={"macquarie": [2, 1, 0]})
    assert state.season_awards() == [2 * LARGER, 2 * SMALLER, 0]


def test_resetting_the_game_fish_and_nests_stay_cards_and_threats_go():
    state = start(3)
    arrange(state, fish=[2, 1, 0], nests={"crozet": [1, 2, 0]},
            threats={"georgia": ["orca"]}, frozen=[True, False, False])  # fmt: skip
    rfish = list(state.rfish)
    end_season_now(state)
    assert state.phase == "tokens" and state.season == 0
    assert state.fish == [2, 1, 0] and state.rfish == rfish
    assert state.nests[rookery("crozet")] == [1, 2, 0]
    assert state.hands == [[], [], []] and state.floe == [] and state.frozen == [False] * 3
    assert state.threats_at == [[] for _ in range(5)]
    assert state.cp_at == [-1] * 5 and state.ft_at == [-1] * 5


def test_resetting_the_game_the_first_player_is_the_last_placed():
    state = start(4)
    state.score = [30, 12, 20, 25]
    end_season_now(state)
    assert state.first == 1


def test_resetting_the_game_a_tie_for_last_goes_to_the_nearest_left_of_the_first_player():
    state = start(4)
    state.first = 2  # this season's first player is 2 (it is player 0's turn)
    state.score = [10, 30, 20, 10]
    end_season_now(state)
    assert state.first == 3, "3 sits nearest the left of player 2, then 0"


@pytest.mark.parametrize(
    ("players", "cp_order", "fish_order"),
    [
        (5, [4, 3, 2, 1, 0], [0, 1, 2, 3, 4]),
        (6, [5, 4, 3, 2, 1], [0, 1, 2, 3, 4]),
        (4, [3, 3, 2, 1, 0], [0, 0, 1, 2, 3]),
        (3, [2, 2, 2, 1, 0], [0, 0, 0, 1, 2]),
        (2, [1, 1, 1, 1, 0], [0, 0, 0, 0, 1]),
    ],
)
def test_drafting_tokens_in_score_order_the_last_placed_places_more_with_fewer_players(
    players, cp_order, fish_order
):
    """Conservation Points tokens from the lowest score up, Fish Supply tokens from the
    highest down; with 4 players the first in order places two, with 3 three (with 2,
    four: the project's extension of the same rule)."""
    state = start(players)
    state.score = [50 - 10 * p for p in range(players)]  # player 0 leads
    end_season_now(state)
    choosers = []
    while state.phase == "tokens":
        choosers.append(state.to_move())
        action = state.legal_actions()[0]
        assert action.kind == ("cp" if len(choosers) <= 5 else "supply")
        state.apply(action)
    assert choosers == cp_order + fish_order
    assert state.season == 1 and state.phase in ("turn", "threat")


def test_drafting_tokens_a_token_per_rookery_each_token_once():
    state = start(3)
    end_season_now(state)
    play(state, "cp0 crozet")
    assert not any(a.endswith("crozet") for a in legal(state))
    assert not any(a.startswith("cp0 ") for a in legal(state))


def test_resetting_the_game_fish_are_added_and_a_new_deal_starts_with_the_first_player():
    state = start(3)
    state.score = [10, 5, 20]
    end_season_now(state)
    rfish = list(state.rfish)
    while state.phase == "tokens":
        state.apply(state.legal_actions()[0])
    added = [state.rfish[r] - rfish[r] for r in range(5)]
    assert added == [BUILT_IN.fish_tokens[t] for t in state.ft_at]
    assert state.cur == 1 == state.first and [len(h) for h in state.hands] == [2, 2, 2]
    assert len(state.floe) == 6 and state.pos == 12


def test_simplified_no_threats_the_season_ends_when_the_deck_runs_out():
    state = start(2, no_threats=True, seasons=1)
    assert all(c < 36 for c in state.deck)
    while not state.is_over():
        before = state.deck_left
        play(state, "draft ?" if "draft ?" in legal(state) else legal(state)[0])
        if not state.is_over():
            assert state.deck_left > 0 or before == 0
    assert state.deck_left == 0


def test_winning_the_game_most_points_then_most_nests_then_most_in_one_rookery():
    state = start(3)
    state.score = [40, 40, 39]
    arrange(state, nests={"crozet": [2, 3, 9]})
    assert state.winners() == [1]
    arrange(state, nests={"crozet": [2, 2, 9], "georgia": [2, 1, 0]})
    assert state.winners() == [0], "4 nests against 3"
    arrange(state, nests={"crozet": [3, 2, 0], "georgia": [1, 2, 0]})
    assert state.winners() == [0], "as many nests, 3 at Crozet"
    arrange(state, nests={"crozet": [2, 2, 0], "georgia": [2, 2, 0]})
    assert state.winners() == [0, 1], "still tied: they share the win"


@pytest.mark.parametrize("seasons", [1, 2, 3])
def test_the_game_ends_after_its_last_season(seasons):
    state = random_game(3, seed=seasons, seasons=seasons)
    assert state.is_over() and len(state.bonuses) == seasons and state.to_move() is None
    assert state.legal_actions() == []
