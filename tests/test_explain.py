"""Hints that explain (each game's explain.py) and the score charts' data (series.py): the
numbers an explanation gives are the engine's own change in the score, the words name
places as the board does, and a score series ends on the final scores."""

from __future__ import annotations

import random
import re

import pytest

from waddle.core.game import CHANCE, resolve_chance
from waddle.core.rng import Rng
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


@pytest.mark.parametrize("game_id", GAMES.ids)
def test_a_score_series_starts_at_the_start_and_ends_on_the_final_scores(game_id):
    game, record, _, final = _positions(game_id, players=3 if game_id != "htmf" else 2)
    labels, seats = game.score_series(record)
    assert labels[0] == "start" and labels[-1] == "end"
    assert len(seats) == final.num_players
    assert all(len(seat) == len(labels) for seat in seats)
    assert [seat[-1] for seat in seats] == final.scores()
    assert 3 < len(labels) < 200


# -- why one move is better than another (explain_versus), hints and review captions ----------

ONLY_AHEAD = "the search, playing on from both, found it better"


def _pairs(game, positions, per=4, seed=5):
    """Pairs of distinct legal moves at some positions: (state, move, other move)."""
    rng = random.Random(seed)
    for state in positions:
        legal = state.legal_actions()
        if len(legal) < 2:
            continue
        for _ in range(per):
            a, b = rng.sample(legal, 2)
            yield state, a, b


def test_htmfs_comparison_gives_the_searchs_own_share_of_the_ice_for_both_moves():
    from waddle.games.htmf.explain import outcome

    game, _record, positions, _ = _positions("htmf")
    checked = 0
    for state, a, b in _pairs(game, positions[8::3]):
        text = game.explain_versus(state, a, b)
        mine, theirs = outcome(state, a), outcome(state, b)
        if mine.share - mine.rival > theirs.share - theirs.rival:
            assert f"to {mine.share} against the other player's {mine.rival}" in text, text
            assert f"would leave {theirs.share} against {theirs.rival}" in text, text
            checked += 1
        else:
            assert "share of the ice (fish you hold or reach first) to" not in text, text
    assert checked > 5


def test_waddles_comparison_gives_the_other_moves_vp_as_the_bots_count_it():
    from waddle.games.waddle.ai import relative
    from waddle.games.waddle.explain import gains

    game, _record, positions, _ = _positions("waddle", players=3)
    checked = 0
    for state, a, b in _pairs(game, positions[4:30]):
        me = state.to_move()
        text = game.explain_versus(state, a, b)
        mine, theirs = gains(state, a), gains(state, b)
        if relative(mine, me) > relative(theirs, me):
            said = f"bring {'+' if theirs[me] >= 0 else '−'}{abs(theirs[me])} VP"
            assert (said if theirs[me] else "bring no VP") in text, text
            checked += 1
        else:
            assert ONLY_AHEAD in text, text
    assert checked > 5


def test_pebbles_compares_two_cards_by_the_trick_and_the_tile_they_open():
    game, _record, positions, _ = _positions("pebbles", players=3)
    trick = tile = 0
    for state, a, b in _pairs(game, positions):
        if a.kind != K_PLAY or b.kind != K_PLAY:
            continue
        text = game.explain_versus(state, a, b)
        name = game.move_name(state, b)
        assert name in text and f"the {a.arg.describe()}" not in text.split(name)[0], text
        if text.startswith("wins the trick"):
            assert state.trick and len(state.trick) == state.players - 1, text
            trick += 1
        if re.search(r"lets a penguin onto tile \d+ \([+−]\d+ points? as the game stands\)", text):
            tile += 1
    assert trick and tile


def test_waddle_waddle_compares_a_waddle_by_its_points_and_a_card_by_the_hand_it_leaves():
    from waddle.games.waddle_waddle.explain import outcome

    game, _record, positions, _ = _positions("waddle-waddle", players=3)
    scored = hand = hidden = 0
    for state, a, b in _pairs(game, positions, per=6):
        text = game.explain_versus(state, a, b)
        mine, theirs = outcome(state, a), outcome(state, b)
        if mine.scored > theirs.scored:
            assert text.startswith(f"scores {mine.scored} Conservation Point"), text
            scored += 1
        if "leaves your hand a waddle worth" in text:
            assert mine.best is not None and f"worth {mine.best[0]} Conservation" in text
            hand += 1
        if a.kind in ("draft", "take") and a.a == -1:  # face down: never looked at
            world = state.determinize(state.to_move(), Rng(7))
            assert game.explain_versus(world, a, b) == text
            assert game.explain_move(world, a) == game.explain_move(state, a)
            hidden += 1
    assert scored and hand and hidden


@pytest.mark.parametrize("game_id", GAMES.ids)
def test_a_hint_compares_its_move_with_the_searchs_next_choice(game_id):
    from waddle.app.analysis import hint_text

    game, _record, positions, _ = _positions(game_id, players=2)
    for state, a, b in list(_pairs(game, positions[5::7], per=1))[:8]:
        said = hint_text(game, state, a, "", alternatives=[(a, 90, 0.6), (b, 40, 0.5)])
        assert said.startswith(f"Hint: {game.move_name(state, a)}: it "), said
        # the reason is about the next best, named: it does not just restate the move
        assert f"{game.move_name(state, b)} (the next best)" in said, said


@pytest.mark.parametrize("game_id", GAMES.ids)
def test_a_review_caption_says_why_the_better_move_beats_the_move_played(game_id):
    from waddle.app.review import Decision, caption

    game, _record, positions, _ = _positions(game_id, players=2)
    for state, best, played in list(_pairs(game, positions[3::9], per=1))[:6]:
        mover = state.to_move()
        decision = Decision(state.ply, mover, played, (0.5, 0.5), 0.2, 0.7, best)
        text = caption(game, state, decision, ["Ann", "Bo"])
        played_name, best_name = game.move_name(state, played), game.move_name(state, best)
        head = f"Blunder: {['Ann', 'Bo'][mover]} chose {played_name} (win chance 20% after it)."
        assert text.startswith(head), text
        reason = text.split(f"The better move was {best_name} (70%): it ", 1)[1]
        assert played_name in reason, f"the reason compares with the move played: {text}"
        assert "your" not in reason.split(), "a review speaks about the player, by name"
