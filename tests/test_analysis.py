"""The win-chance meter (waddle/core/analysis.py): shares that sum to one, a finished game's
result, figures that do not depend on how the estimate was sliced, and, in the card games,
figures that depend only on what the viewer may see."""

from __future__ import annotations

from dataclasses import replace

import pytest

from waddle.core.analysis import Meter, WinChance, meter_for, power_of
from waddle.core.game import CHANCE, OMNISCIENT, SPECTATOR, resolve_chance
from waddle.core.mcts import MctsConfig
from waddle.core.nim import Nim
from waddle.core.rng import Rng
from waddle.games import GAMES


def _played(game_id: str, players: int, seed: int, plies: int):
    """A position ``plies`` decisions into a game between medium bots."""
    game = GAMES.by_id(game_id).load()
    state = game.new_record(players, seed).start()
    bot = game.make_bot("medium", seed)
    done = 0
    while done < plies and not state.is_over():
        if state.to_move() == CHANCE:
            resolve_chance(state, seed)
            continue
        state.apply(bot.choose(state))
        done += 1
    return game, state


def test_before_any_playout_every_seat_has_the_fair_share():
    meter = WinChance(Nim(players=3, stones=9), MctsConfig(), iterations=50, seed=1)
    assert meter.chances() == [1 / 3] * 3
    assert meter.progress == 0.0 and not meter.finished


def test_a_won_position_gives_the_player_to_move_nearly_every_chance():
    meter = WinChance(Nim(players=2, stones=9), MctsConfig(), iterations=1500, seed=2)
    meter.advance()
    chances = meter.chances()
    assert chances[0] > 0.85  # 9 stones, take 1 to 3: the first player wins by leaving 8
    assert meter.best() == 1


def test_a_finished_game_gives_its_result_not_an_estimate():
    state = Nim(players=2, stones=1)
    state.apply(1)
    meter = WinChance(state, MctsConfig(), iterations=100, seed=0, power=0.5)
    assert meter.finished and meter.progress == 1.0
    assert meter.chances() == [1.0 if p in state.winners() else 0.0 for p in range(2)]


@pytest.mark.parametrize("game_id", GAMES.ids)
def test_estimates_sum_to_one_and_do_not_depend_on_the_slicing(game_id):
    game, state = _played(game_id, 3, seed=4, plies=6)
    viewer = state.to_move()
    whole = meter_for(game, state, viewer, seed=9, iterations=120)
    whole.advance()
    sliced = meter_for(game, state, viewer, seed=9, iterations=120)
    steps = 0
    while not sliced.advance(0.0):  # one playout per slice
        steps += 1
    assert steps > 50
    assert whole.chances() == sliced.chances()
    assert abs(sum(whole.chances()) - 1.0) < 1e-9
    assert all(0.0 <= p <= 1.0 for p in whole.chances())


@pytest.mark.parametrize("game_id", ["pebbles", "waddle-waddle"])
@pytest.mark.parametrize("viewer_is_mover", [True, False])
def test_the_card_games_estimate_depends_only_on_what_the_viewer_may_see(game_id, viewer_is_mover):
    game, state = _played(game_id, 3, seed=6, plies=9)
    mover = state.to_move()
    viewer = mover if viewer_is_mover else (mover + 1) % state.num_players
    figures = set()
    hands = set()
    for k in range(4):
        # Another real game the viewer cannot tell from this one: every card it cannot
        # see (other hands, the deck's order) dealt again.
        world = state.determinize(viewer, Rng(100 + k)) if k else state
        assert world.view(viewer) == state.view(viewer)
        hands.add(repr([sorted(h) for p, h in enumerate(world.hands) if p != viewer]))
        meter = meter_for(game, world, viewer, seed=3, iterations=80)
        meter.advance()
        figures.add(tuple(meter.chances()))
    assert len(hands) > 1, "the hidden cards really changed"
    assert len(figures) == 1


def test_the_omniscient_estimate_of_a_card_game_may_use_every_card():
    game, state = _played("pebbles", 2, seed=6, plies=9)
    figures = set()
    for k in range(3):
        world = state.determinize(state.to_move(), Rng(200 + k)) if k else state
        meter = meter_for(game, world, OMNISCIENT, seed=3, iterations=150)
        meter.advance()
        figures.add(tuple(meter.chances()))
    assert len(figures) > 1


def test_the_calibration_softens_below_one_sharpens_above_and_keeps_the_sum():
    assert Meter(100, power=0.5).calibrated([0.9, 0.1]) == pytest.approx([0.75, 0.25])
    assert Meter(100, power=2.0).calibrated([0.75, 0.25]) == pytest.approx([0.9, 0.1])
    assert sum(Meter(100, power=1.75).calibrated([0.5, 0.3, 0.2])) == pytest.approx(1.0)
    assert Meter(100, power=1.0).calibrated([0.6, 0.4]) == [0.6, 0.4]


def test_a_power_of_its_own_for_a_player_count_is_the_one_the_meter_uses():
    meter = Meter(100, power=2.0, by_players={3: 0.5})
    assert meter.calibrated([0.75, 0.25]) == pytest.approx([0.9, 0.1])
    assert meter.calibrated([0.64, 0.36, 0.0]) == pytest.approx([4 / 7, 3 / 7, 0.0])

    class Game:
        pass

    Game.meter = meter
    assert meter_for(Game, Nim(players=3, stones=7), 0, iterations=20).power == 0.5
    assert meter_for(Game, Nim(players=2, stones=7), 0, iterations=20).power == 2.0


def test_a_power_in_quarters_is_computed_exactly_as_pow_would():
    for p in (0.0, 0.013, 0.25, 0.5, 0.77, 1.0):
        for k in (0.25, 0.5, 1.25, 1.75, 3.0):
            assert power_of(p, k) == pytest.approx(p**k, rel=1e-12, abs=1e-15)


def test_after_a_root_action_gives_its_estimate_and_an_untried_one_none():
    meter = WinChance(Nim(players=2, stones=9), MctsConfig(), iterations=300, seed=2)
    meter.advance()
    chances, playouts = meter.after(1)
    assert playouts > 0 and chances[0] > 0.5
    assert meter.after(7) is None


def test_waddle_waddles_meter_averages_the_seats_own_view_with_the_public_view():
    # Issue 36: from a seat's own view the others' hidden cards are dealt at random and
    # the seat is favoured (15 points between two seats' views of one position); from the
    # public view every hand is dealt at random and whoever holds good cards is
    # underrated. Half the budget each, the figures averaged.
    game, state = _played("waddle-waddle", 2, seed=6, plies=30)
    viewer = state.to_move()
    assert game.meter.public_for(2) == 0.5
    meter = meter_for(game, state, viewer, seed=3, iterations=80)
    meter.advance()
    config = replace(game.search_config(state), settled=game.meter.settled)
    own = WinChance(state, config, viewer, iterations=40, seed=3)
    public = WinChance(state, config, SPECTATOR, iterations=40, seed=3)
    own.advance()
    public.advance()
    assert own.raw() != public.raw()
    halves = zip(own.raw(), public.raw(), strict=True)
    assert meter.raw() == pytest.approx([(a + b) / 2 for a, b in halves])
    assert meter.best() == own.best()  # the move is the seat's own search's


def test_waddle_waddles_meter_takes_less_of_the_public_view_with_more_players():
    # Issue 36: with three or four players a seat's own view favours it less (its hand
    # is a smaller part of the cards it cannot see), and half the public view made the
    # mover's figure rise over their decision; a quarter of it keeps the drift near 0.
    game, state = _played("waddle-waddle", 3, seed=1, plies=30)
    viewer = state.to_move()
    share = game.meter.public_for(3)
    assert share == 0.25 == game.meter.public_for(4) and game.meter.public_for(2) == 0.5
    meter = meter_for(game, state, viewer, seed=3, iterations=80)
    meter.advance()
    assert meter.iterations == 80  # the same cost: the budget is split, not added to
    config = replace(game.search_config(state), settled=game.meter.settled)
    own = WinChance(state, config, viewer, iterations=60, seed=3)
    public = WinChance(state, config, SPECTATOR, iterations=20, seed=3)
    own.advance()
    public.advance()
    weighted = zip(own.raw(), public.raw(), strict=True)
    assert meter.raw() == pytest.approx([0.75 * a + 0.25 * b for a, b in weighted])


def test_the_review_judges_from_the_movers_own_view_only():
    # The review compares the mover's moves (a waddle of the hand, a card given away), so
    # its searches hold the mover's hand: other cards in that hand, other figures.
    game, state = _played("waddle-waddle", 2, seed=6, plies=30)
    mover = state.to_move()
    figures = set()
    for k in range(3):
        world = state.determinize(SPECTATOR, Rng(400 + k)) if k else state
        meter = meter_for(game, world, mover, seed=3, iterations=60, judging=True)
        assert isinstance(meter, WinChance) and meter.viewer == mover
        meter.advance()
        assert meter.best() in world.legal_actions()
        figures.add(tuple(meter.chances()))
    assert len(figures) > 1
