"""The board of Hey, That's My Fish!: the standard one from a seed, custom ones from JSON.

Contract (htmf-record.md), "The standard board" and "board"; rulebook, "The 60 ice floes
are laid out on the table in a honeycomb pattern" and "the ice floes with one, two and
three fish should be more or less evenly distributed".
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from waddle.core import hexgrid
from waddle.core.records import BoardError
from waddle.games.htmf import Board, Floe, load_custom_board, standard_board, standard_floes
from waddle.games.htmf.board import check_players, standard_hexes

CONTRACT_ROWS = [(0, 1, 7), (1, 0, 7), (2, 0, 6), (3, -1, 6), (4, -1, 5), (5, -2, 5),
                 (6, -2, 4), (7, -3, 4)]  # fmt: skip


def test_the_standard_board_has_the_contracts_60_places_in_8_rows_of_7_and_8():
    hexes = standard_hexes()
    assert len(hexes) == len(set(hexes)) == 60
    for r, first, last in CONTRACT_ROWS:
        row = sorted(q for q, rr in hexes if rr == r)
        assert row == list(range(first, last + 1))
        assert len(row) == (7 if r % 2 == 0 else 8)


def test_the_7_floe_rows_sit_half_a_hex_in_from_the_8_floe_rows_on_both_sides():
    """Contract: the 7-floe rows sit half a hex in on both sides (a honeycomb)."""
    xs = {}
    for q, r in standard_hexes():
        x, _ = hexgrid.to_pixel((q, r), 1.0)
        xs.setdefault(r, []).append(x)
    half = hexgrid.SQRT3 / 2
    for r in range(0, 8, 2):
        below = r + 1
        assert min(xs[r]) == pytest.approx(min(xs[below]) + half)
        assert max(xs[r]) == pytest.approx(max(xs[below]) - half)
    assert len(hexgrid.connected_components(standard_hexes())) == 1


@pytest.mark.parametrize("seed", [0, 1, 2, 12345, 2**31 - 1])
def test_the_standard_board_has_30_one_fish_20_two_fish_and_10_three_fish_floes(seed):
    floes = standard_floes(seed)
    assert Counter(f.fish for f in floes) == {1: 30, 2: 20, 3: 10}
    assert [f.hex for f in floes] == standard_hexes()


def test_the_fish_are_shuffled_from_the_seed():
    assert standard_floes(7) == standard_floes(7)
    layouts = {tuple(f.fish for f in standard_floes(seed)) for seed in range(50)}
    assert len(layouts) == 50


def test_every_place_gets_every_fish_count_over_many_seeds():
    """Rulebook: the fish should be more or less evenly distributed; a fair shuffle puts
    each count on each place with about its share over many boards."""
    counts = Counter()
    seeds = 600
    for seed in range(seeds):
        for i, f in enumerate(standard_floes(seed)):
            counts[i, f.fish] += 1
    for i in range(60):
        assert 0.38 < counts[i, 1] / seeds < 0.62  # expected 0.5
        assert 0.04 < counts[i, 3] / seeds < 0.30  # expected 1/6


def test_the_board_lists_every_floes_rays_in_the_contracts_direction_order():
    """Contract, "Coordinates": the directions (+1, 0), (+1, -1), (0, -1), (-1, 0),
    (-1, +1), (0, +1); a ray stops at the first place with no floe."""
    board = standard_board(3)
    rays = [[board.coords[j] for j in ray] for ray in board.rays[board.index[(1, 0)]]]
    assert rays == [
        [(q, 0) for q in range(2, 8)],  # along the top row to its end
        [],  # (2, -1): above the board
        [],  # (1, -1)
        [],  # (0, 0): the top row starts at q = 1
        [(0, 1)],  # then (-1, 2), but row 2 starts at q = 0
        [(1, r) for r in range(1, 8)],  # straight down the board
    ]


def custom(floes) -> str:
    return json.dumps([{"q": q, "r": r, "fish": f} for q, r, f in floes])


EIGHT_ONES = [(q, 0, 1) for q in range(8)]


def test_a_custom_board_is_a_list_of_floes_or_an_object_with_a_board_list():
    floes, warnings = load_custom_board(custom([*EIGHT_ONES, (0, 1, 3)]))
    assert floes[-1] == Floe(0, 1, 3)
    same, _ = load_custom_board(json.dumps({"board": json.loads(custom(EIGHT_ONES)), "x": 1}))
    assert same == floes[:-1]
    assert warnings == ["only 8 floes with 1 fish: too few for 3 players"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{oops", "not valid JSON"),
        ('{"floes": []}', 'an object with a "board" list'),
        ('"board"', '"board" must be a list of floes'),
        ("[]", "the board has no floes"),
        (custom([*EIGHT_ONES, (3, 0, 2)]), "floe 3,0 appears twice (board[3] and board[8])"),
        (custom([*EIGHT_ONES, (0, 1, 4)]), "board[8]: floe 0,1 has 4 fish; a floe has 1 to 3"),
        (custom([*EIGHT_ONES, (0, 1, 0)]), "floe 0,1 has 0 fish"),
        (custom(EIGHT_ONES[:7]), "the board has 7 floe(s) with 1 fish"),
        ('[{"q": 0, "r": 0, "fish": 1.5}]', 'board[0]: "fish" must be an integer'),
        ('[{"q": 0, "r": 0, "fish": true}]', 'board[0]: "fish" must be an integer'),
        ('[{"q": "0", "r": 0, "fish": 1}]', 'board[0]: "q" must be an integer'),
        ('[{"q": 0, "fish": 1}]', 'board[0]: missing "r"'),
        ("[[0, 0, 1]]", "board[0]: must be a JSON object"),
    ],
)
def test_custom_board_errors_say_what_is_wrong(text, message):
    with pytest.raises(BoardError) as caught:
        load_custom_board(text)
    assert any(message in problem for problem in caught.value.problems), caught.value.problems


def test_every_problem_of_a_custom_board_is_listed_at_once():
    text = custom([(0, 0, 1), (0, 0, 1), (1, 0, 5)])
    with pytest.raises(BoardError) as caught:
        load_custom_board(text)
    assert len(caught.value.problems) == 3


@pytest.mark.parametrize(("players", "needed"), [(2, 8), (3, 9), (4, 8)])
def test_a_board_needs_a_1_fish_floe_for_every_penguin_in_play(players, needed):
    """Contract: at least as many 1-fish floes as penguins in play (4, 3, 2 per player)."""
    enough = Board([Floe(q, 0, 1) for q in range(needed)])
    check_players(enough, players)
    if needed > 8:
        with pytest.raises(BoardError, match=f"{players} players place {needed} penguins"):
            check_players(Board([Floe(q, 0, 1) for q in range(needed - 1)]), players)


def test_warnings_for_islands_and_lonely_floes():
    _, warnings = load_custom_board(custom([*EIGHT_ONES, (0, 5, 1), (5, 5, 2), (6, 5, 2)]))
    assert "the board is 3 separate islands" in warnings
    assert "1 floe(s) have no neighbour: 0,5" in warnings
