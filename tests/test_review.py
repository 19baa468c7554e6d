"""The game review (waddle/app/review.py): a deliberately bad move is marked, the review
can be stopped and read at any point, and it becomes a study with captions and marks."""

from __future__ import annotations

from dataclasses import dataclass, field

from waddle.app.review import Review, classify, review_to_study
from waddle.core.nim import Nim
from waddle.core.study import Study
from waddle.games import GAMES


@dataclass
class NimRecord:
    """The smallest record: a pile of stones and the stones taken."""

    stones: int
    actions: list[int] = field(default_factory=list)
    players: int = 2

    def start(self) -> Nim:
        return Nim(self.players, self.stones)

    def with_actions(self, actions):
        return NimRecord(self.stones, list(actions), self.players)


class NimGame:
    """A game as the review sees it: plain tree search, a pile's places are its stones."""

    def places(self, record):
        return tuple(str(k) for k in range(1, record.stones + 1))

    def action_places(self, state, action):
        return [str(state.stones), str(state.stones - action + 1)]

    def move_name(self, state, action):
        return f"take {action}"

    def explain_versus(self, state, action, other, who=None, called=None):
        left, instead = state.stones - action, state.stones - other
        return f"leaves {left} stones, where {called} would leave {instead}"


def _judged(actions, stones=9, iterations=600):
    review = Review(NimGame(), NimRecord(stones, actions), seed=3, iterations=iterations)
    while not review.step(0.05):
        pass
    return review


def test_a_move_that_throws_a_won_game_away_is_a_blunder():
    # 9 stones: taking 1 leaves 8 and wins; taking 3 leaves 6, which the other player
    # turns into 4, a lost pile for the first player.
    review = _judged([3, 2, 1, 3])
    first = review.decisions[0]
    assert first.played == 3 and first.best == 1
    assert first.after_best > 0.8 and first.after_played < 0.2
    assert first.kind == "blunder"
    assert review.marked()[0] is first


def test_the_best_move_is_never_marked():
    review = _judged([1, 3, 1, 3])
    assert review.decisions[0].kind is None
    assert review.decisions[0].played == review.decisions[0].best == 1


def test_a_review_can_be_stopped_and_read_and_its_progress_only_grows():
    review = Review(NimGame(), NimRecord(9, [3, 2, 1, 3]), seed=3, iterations=2000)
    seen = [review.progress]
    review.step(0.0)
    seen.append(review.progress)
    assert not review.finished
    assert seen == sorted(seen) and seen[-1] < 1.0
    assert len(review.decisions) < review.total  # what is judged so far stays readable


def test_the_thresholds_name_drops_of_ten_twenty_and_thirty_points():
    assert [classify(x) for x in (0.09, 0.10, 0.19, 0.2, 0.29, 0.3)] == [
        None, "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder",
    ]  # fmt: skip


def test_a_review_becomes_a_study_with_a_caption_and_the_better_move_marked():
    review = _judged([3, 2, 1, 3])
    study = review_to_study(review, ["Ann", "Bo"])
    step = study.step(0)
    assert step.caption.startswith("Blunder: Ann chose take 3 (win chance ")
    assert "The better move was take 1 (" in step.caption and "%" in step.caption
    assert step.marks == ("9",) and step.arrows == ()  # take 1 of 9: the 9th stone only
    again = Study.from_json(study.to_json(), places=NimGame().places(review.record), plies=4)
    assert again == study


def test_the_better_moves_reason_compares_it_with_the_move_played():
    review = _judged([3, 2, 1, 3])
    said = review_to_study(review, ["Ann", "Bo"]).step(0).caption
    # the game's words for the better move (take 1) against the one played (take 3)
    assert said.endswith("%): it leaves 8 stones, where take 3 would leave 6."), said


def test_the_chart_series_ends_with_the_result():
    review = _judged([3, 2, 1, 3])
    labels, seats = review.series()
    assert labels[-1] == "end" and len(seats) == 2
    assert [seat[-1] for seat in seats] == [0.0, 1.0]  # the second player took the last stone
    assert all(len(seat) == len(labels) for seat in seats)


def test_a_review_of_a_real_game_writes_marks_on_the_boards_places():
    game = GAMES.by_id("htmf").load()
    record = game.new_record(2, seed=5)
    state = record.start()
    bot = game.make_bot("random", seed=2)  # random moves: some are bound to lose a lot
    for _ in range(10):
        state.apply(bot.choose(state))
    review = Review(game, record.with_actions(state.history), seed=1, iterations=300)
    while not review.step(0.1):
        pass
    study = review_to_study(review)
    assert review.marked(), "a random player makes mistakes the meter sees"
    places = set(game.places(record))
    for step in study.steps:
        assert step.marks and set(step.marks) <= places
        assert "," not in step.caption.split(":")[0]


def test_a_small_endgame_is_judged_by_exact_search_not_by_the_meter():
    # 9 stones is small enough to search to the end: the first player wins with
    # perfect play (take 1), whatever a sampling search would make of it.
    review = _judged([3, 2, 1, 3], iterations=50)
    assert all(d.exact for d in review.decisions)
    first = review.decisions[0]
    assert first.before == (1.0, 0.0)
    assert (first.after_best, first.after_played, first.kind) == (1.0, 0.0, "blunder")


def test_marks_appear_in_the_progress_while_the_review_runs():
    from waddle.app.analysis import review_progress_html

    review = Review(NimGame(), NimRecord(9, [3, 2, 1, 3]), seed=3, iterations=600)
    assert 'id="review-list"' not in review_progress_html(review)
    while not review.decisions:
        review.step(0.0)
    assert not review.finished
    shown = review_progress_html(review)
    assert 'data-review-ply="0"' in shown and "take 3" in shown and "take 1" in shown
    assert 'data-command="cancel-review"' in shown  # and it can still be stopped


def test_decisions_the_strongest_computer_takes_by_rule_are_not_judged_and_said_so():
    from waddle.app.analysis import review_html
    from waddle.core.game import CHANCE, resolve_chance
    from waddle.core.search import Decided

    game = GAMES.by_id("waddle-waddle").load()
    record = game.new_record(2, seed=4)
    state = record.start()
    bot = game.make_bot("medium", seed=1)
    while state.ply < 60:
        if state.to_move() == CHANCE:
            resolve_chance(state, 4)
        else:
            state.apply(bot.choose(state))
    review = Review(game, record.with_actions(state.history), seed=0, iterations=8)
    while not review.step(0.05):
        pass
    hard = game.make_bot("hard", seed=0)
    line = record.start()
    by_rule = 0
    for decision in review.decisions:
        while line.ply < decision.ply:
            line.apply(review.record.actions[line.ply])
        ruled = isinstance(hard.start(line), Decided)
        assert decision.judged is not ruled
        if ruled:
            by_rule += 1
            assert decision.kind is None and decision.best == decision.played
    assert 0 < by_rule < len(review.decisions) == review.total
    labels, _ = review.series()
    assert len(labels) == review.total - by_rule  # the chart shows the judged ones
    assert f"{by_rule} small decision" in review_html(review, [], None)
