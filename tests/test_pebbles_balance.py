"""The seat-balance figures of Pebbles (waddle/games/pebbles/balance.py), on hand-made games
and one real self-play game; the figures themselves come from ``python -m waddle bench
balance --game pebbles``."""

from __future__ import annotations

from waddle.games.pebbles.balance import BalanceReport, SeatGame, play_self_play


def game(wins, territories, tiles, led=(5, 5)) -> SeatGame:
    return SeatGame(
        seed=0,
        seat_of=(0, 1),
        scores=(10, 8),
        wins=wins,
        lines=((4, 2, 3, 1), (3, 2, 2, 1)),
        territories=territories,
        tiles=tiles,
        visited=(True, False),
        placed=(3, 0),
        leader_won=6,
        led=led,
    )


def test_win_shares_split_ties_and_territory_control_is_shared_by_seat():
    games = [
        game((1.0, 0.0), ((0,), (0, 1)), ((0,), ())),
        game((0.5, 0.5), ((1,), ()), ((0, 1), ())),
    ]
    report = BalanceReport(2, games)
    assert report.win_shares() == [0.75, 0.25]
    assert report.largest_gap() == 0.25
    assert report.territory_shares() == [[0.5, 0.5], [0.25, 0.25]]
    assert report.tile_rows() == [(1.0, 1.0, 3.0), (0.0, 0.0, 0.0)]
    assert report.leader_won() == 0.6 and report.mean_led() == [5.0, 5.0]


def test_a_self_play_game_is_counted_from_the_first_lead():
    played = play_self_play(players=3, seed=2, level="random")
    assert sorted(played.seat_of) == [0, 1, 2]
    assert sum(played.led) == 10 and 0 <= played.leader_won <= 10
    assert abs(sum(played.wins) - 1.0) < 1e-9
    assert all(s >= 0 for s in played.scores)


def test_every_round_is_counted_also_one_that_a_reshuffle_ends():
    """A reshuffle can be the last action of a round (fishing in the last turn empties the
    deck): its trick counts like any other."""
    for seed in range(30):
        played = play_self_play(players=2, seed=seed, level="random")
        assert sum(played.led) == 10, seed
