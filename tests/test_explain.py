"""Hints that explain (each game's explain.py) and the score charts' data (series.py): the
numbers an explanation gives are the engine's own change in the score, the words name
places as the board does, and a score series ends on the final scores."""

from __future__ import annotations

import re

import pytest

from waddle.core.game import CHANCE, resolve_chance
from waddle.games import GAMES
from waddle.games.pebbles.actions import K_PLACE, K_PLAY


def _positions(game_id: str, players: int = 2, seed: int = 3):
    """Every position of a game between medium bots, each a fresh copy, and the record."""
    game = GAMES.by_id(game_id).load()
    record = game.new_record(players, seed)
    state = record.start()
    bot = game.make_bot("medium", seed)
    seen = []
    while not state.is_over():
        if state.to_move() == CHANCE:
            resolve_chance(state, seed)
            continue
        seen.append(state.clone())
        state.apply(bot.choose(state))
    return game, record.with_actions(state.history), seen, state


def _delta(state, action):
    me = state.to_move()
    after = state.clone()
    after.apply(action)
    return after.scores()[me] - state.scores()[me]


def _signed(text: str, unit: str) -> list[int]:
    return [
        int(n) * (1 if sign == "+" else -1)
        for sign, n in re.findall(rf"\(([+−])(\d+) {unit}", text)
    ]


def test_waddles_explanation_adds_up_to_the_vp_the_placement_changes():
    game, _record, positions, _ = _positions("waddle", players=3)
    checked = 0
    for state in positions[6:20]:
        for action in state.legal_actions():
            if action.hex is None:
                continue
            text = game.explain_move(state, action)
            assert sum(_signed(text, "VP")) == _delta(state, action), text
            assert not re.search(r"-?\d+,-?\d+", text), "places are named, never q,r"
            checked += 1
    assert checked > 30


def test_waddle_names_the_waddle_and_the_pool_majority():
    game, _record, positions, _ = _positions("waddle", players=2)
    texts = [game.explain_move(s, a) for s in positions for a in s.legal_actions()]
    assert any(re.search(r"joins your waddle to \d+ penguins \(\+\d+ VP\)", t) for t in texts)
    assert any(re.search(r"takes the majority at pool \d+ \(\+\d+ VP", t) for t in texts)


def test_htmfs_explanation_gives_the_fish_the_move_adds_to_the_count():
    game, _record, positions, _ = _positions("htmf")
    checked = 0
    for state in positions[::5]:
        for action in state.legal_actions()[:12]:
            text = game.explain_move(state, action)
            assert _signed(text, "fish") == [_delta(state, action)], text
            assert not re.search(r"-?\d+,-?\d+", text)
            checked += 1
    assert checked > 40


def test_htmf_action_places_name_the_floe_left_then_the_floe_landed_on():
    game, record, positions, _ = _positions("htmf")
    state = positions[-1]
    action = state.legal_actions()[0]
    places = game.action_places(state, action)
    assert places == [f"{action.src[0]},{action.src[1]}", f"{action.dst[0]},{action.dst[1]}"]
    assert set(places) <= set(game.places(record))


def test_pebbles_explains_a_placement_by_the_points_it_changes():
    game, _record, positions, _ = _positions("pebbles")
    checked = 0
    for state in positions:
        for action in state.legal_actions():
            if action.kind == K_PLACE:
                text = game.explain_move(state, action)
                assert _signed(text, "point") == [_delta(state, action)], text
                checked += 1
    assert checked > 10


def test_pebbles_says_why_the_last_card_of_a_trick_wins_it():
    game, _record, positions, _ = _positions("pebbles")
    found = 0
    for state in positions:
        if state.trick and len(state.trick) == state.players - 1:
            for action in state.legal_actions():
                if action.kind == K_PLAY:
                    text = game.explain_move(state, action)
                    if text.startswith("wins the trick"):
                        assert re.match(
                            r"wins the trick: (\w+) was led and \d+ is the highest \1", text
                        )
                        found += 1
    assert found


def test_waddle_waddle_explains_a_waddle_played_by_its_nests_and_points():
    game, _record, positions, _ = _positions("waddle-waddle")
    checked = 0
    for state in positions:
        for action in state.legal_actions():
            if action.kind == "play":
                text = game.explain_move(state, action)
                assert re.search(r"plays the waddle at [A-Z][\w ]+, placing \d+ nests? there", text)
                assert _signed(text, "Conservation Point") == [_delta(state, action)], text
                assert game.action_places(state, action)
                checked += 1
    assert checked > 3


@pytest.mark.parametrize("game_id", ["waddle", "htmf", "pebbles", "waddle-waddle"])
def test_a_score_series_starts_at_the_start_and_ends_on_the_final_scores(game_id):
    game, record, _, final = _positions(game_id, players=3 if game_id != "htmf" else 2)
    labels, seats = game.score_series(record)
    assert labels[0] == "start" and labels[-1] == "end"
    assert len(seats) == final.num_players
    assert all(len(seat) == len(labels) for seat in seats)
    assert [seat[-1] for seat in seats] == final.scores()
    assert 3 < len(labels) < 200
