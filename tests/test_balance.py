"""The seat-balance benchmark's counting (waddle/games/waddle/balance.py): figures by seat,
where seat 0 is the first mover of the starting order (issue 14's benchmark)."""

from waddle.games.waddle import SCOUT, Action, Board, HexSpec, WaddleState
from waddle.games.waddle.balance import BalanceReport, play_self_play, seat_game


def two_pool_game() -> WaddleState:
    """Player 1 moves first (seat 0); player 0 is seat 1.

    Pool 1 (3 fish) has ice 1,0 and 0,1; pool 2 (1 fish) has ice 3,0.
    """
    board = Board(
        [
            HexSpec(0, 0, "water", 1, (3,)),
            HexSpec(1, 0, "ice"),
            HexSpec(0, 1, "ice"),
            HexSpec(4, 0, "water", 2, (1,)),
            HexSpec(3, 0, "ice"),
        ]
    )
    return WaddleState(board, players=2, order=[1, 0])


def test_figures_are_by_seat_in_the_starting_order_not_by_player_number():
    state = two_pool_game()
    state.apply(Action.place((1, 0), double=True))  # player 1, seat 0: a double at pool 1
    state.apply(SCOUT)  # player 0, seat 1, scouts ahead
    state.apply(Action.place((0, 1)))  # player 1 again, the last one placing: pool 1 full
    state.apply(Action.place((3, 0)))  # player 0 went ahead: first at pool 2
    assert state.is_over()
    game = seat_game(state, seed=0)
    assert game.seat_of == (1, 0)
    assert game.penguins == (3, 1) and game.tokens == (2, 1)
    assert game.scouts == (0, 1)
    assert game.pool_winners == ((0,), (1,))
    assert game.scores == tuple(state.scores()[p] for p in state.order)
    assert game.wins == (1.0, 0.0)
    # Round 1 (2 ice) was opened by seat 0; round 2 (1 ice) by seat 1, who scouted for it
    # and took pool 2's fish: that scout paid.
    assert game.leaders == (0, 1) and game.round_sizes == (2, 1)
    assert game.scouts_paid == (0, 1)


def test_a_game_with_the_seat_compensation_gives_its_board_scores_back_for_fitting():
    plain = two_pool_game()
    board = plain.board
    given = WaddleState(board, players=2, order=[1, 0], compensation=(0, 3))
    for state in (plain, given):
        state.apply(Action.place((1, 0), double=True))
        state.apply(Action.place((0, 1)))
        state.apply(Action.place((3, 0)))
    without, with_option = seat_game(plain, seed=0), seat_game(given, seed=0)
    assert not without.compensated and with_option.compensated
    assert with_option.compensation == (0, 3)
    assert with_option.scores == (without.scores[0], without.scores[1] + 3)
    assert with_option.board_scores == without.board_scores == without.scores


def test_a_scout_pays_only_when_the_scout_takes_the_next_pools_best_fish():
    board = Board(
        [
            HexSpec(0, 0, "water", 1, (3,)),
            HexSpec(1, 0, "ice"),
            HexSpec(0, 1, "ice"),
            HexSpec(4, 0, "water", 2, (1,)),
            HexSpec(3, 0, "ice"),
            HexSpec(5, 0, "ice"),
        ]
    )
    state = WaddleState(board, players=2, order=[1, 0])
    state.apply(SCOUT)  # player 1 (seat 0) scouts ahead
    state.apply(Action.place((1, 0)))  # player 0 (seat 1) must fill pool 1 alone
    state.apply(Action.place((0, 1)))
    state.apply(Action.place((3, 0)))  # round 2: the scout goes first...
    state.apply(Action.place((5, 0), double=True))  # ...but a double takes pool 2 from them
    game = seat_game(state, seed=0)
    assert game.leaders == (1, 0) and game.round_sizes == (2, 2)
    assert game.scouts == (1, 0) and game.scouts_paid == (0, 0)
    state.undo()
    state.apply(Action.place((5, 0)))  # a single only ties: the scout shares the best fish
    assert seat_game(state, seed=0).scouts_paid == (1, 0)


def test_a_shared_pool_counts_for_each_seat_and_a_tie_splits_the_win():
    board = Board([HexSpec(0, 0, "water", 1, (3,)), HexSpec(1, 0, "ice"), HexSpec(0, 1, "ice")])
    state = WaddleState(board, players=2, order=[1, 0])
    state.apply(Action.place((1, 0)))  # seat 0
    state.apply(Action.place((0, 1)))  # seat 1: one each, the pool is full
    game = seat_game(state, seed=0)
    assert game.pool_winners == ((0, 1),)
    assert game.scores == (4, 4)
    assert game.wins == (0.5, 0.5)


def test_the_report_adds_games_up_by_seat_with_intervals_around_the_shares():
    games = [play_self_play(3, seed, level="random") for seed in range(12)]
    report = BalanceReport(3, games)
    shares = report.win_shares()
    assert abs(sum(shares) - 1.0) < 1e-9
    for share, (low, high) in zip(shares, report.win_intervals(), strict=True):
        assert low <= share <= high
    assert sum(report.ice_parity().values()) == 12
    assert report.largest_gap() == max(abs(s - 1 / 3) for s in shares)
