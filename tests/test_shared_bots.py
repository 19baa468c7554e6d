"""The bot parts a game configures instead of writing (waddle.core.bots), on Nim: a
one-move-ahead player decides on what its seat may know, the hard level's hooks (a share
of the budget, decisions taken without a search) do what they say, and a forced move
costs no search."""

from __future__ import annotations

from waddle.core.bots import (
    Budget,
    Decided,
    GreedyBot,
    InformationSetMcts,
    KnowledgeBot,
    Mcts,
    MctsConfig,
    RuleBot,
    rule_levels,
    seat_world,
)
from waddle.core.nim import Nim
from waddle.core.rng import Rng


class SecretNim(Nim):
    """Nim whose pile the seat to move cannot count: a determinization guesses it (one
    stone more), so a bot that decides on its seat's world can be told from one that
    reads the state."""

    hidden_information = True

    def determinize(self, seat: int, rng: Rng) -> SecretNim:
        world = SecretNim(self.players, self.stones + 1)
        world.history = list(self.history)
        return world

    def clone(self) -> SecretNim:
        other = SecretNim(self.players, self.stones)
        other.history = list(self.history)
        return other


def leave_multiple_of_four(world, rng, knobs):
    """Nim's winning rule, on the pile the bot believes in."""
    return max(1, world.stones % 4)


def test_a_perfect_information_state_is_its_own_world():
    state = Nim(players=2, stones=9)
    assert seat_world(state, Rng(1)) is state


def test_the_one_move_ahead_players_decide_on_their_seats_world():
    secret = SecretNim(players=2, stones=6)  # 2 is right; the seat believes in 7 and takes 3
    assert RuleBot(leave_multiple_of_four, None).choose(secret) == 3
    assert RuleBot(leave_multiple_of_four, None).choose(Nim(players=2, stones=6)) == 2

    def values(world, knobs, rng):
        return [(n, 1.0 if (world.stones - n) % 4 == 0 else 0.0) for n in world.legal_actions()]

    assert GreedyBot(values, None).choose(secret) == 3
    assert GreedyBot(values, None).choose(Nim(players=2, stones=6)) == 2


def test_rule_levels_are_random_easy_and_medium_with_their_knobs():
    seen = []

    def rule(world, rng, knobs):
        seen.append(knobs)
        return 1

    levels = rule_levels(rule, "noisy", "calm")
    assert list(levels) == ["random", "easy", "medium"]
    for name in ("easy", "medium"):
        bot = levels[name](0, Budget(iterations=1))
        assert bot.name == name and bot.choose(Nim(players=2, stones=9)) == 1
    assert seen == ["noisy", "calm"]


class Hard(KnowledgeBot[int]):
    knobs = 0.5
    configure = staticmethod(lambda state, knobs: MctsConfig(exploration=knobs))

    def share(self, state) -> float:
        return 0.25 if state.stones > 8 else 1.0

    def quick(self, state, rng):
        return 3 if state.stones == 7 else None


def test_the_hard_level_searches_with_the_games_config_and_its_share_of_the_budget():
    search = Hard(seed=1, budget=Budget(iterations=40)).start(Nim(players=2, stones=9))
    assert isinstance(search, Mcts) and search.config.exploration == 0.5
    assert search.budget == Budget(iterations=10)
    search.advance()
    assert search.iterations == 10
    assert Hard(budget=Budget(iterations=40)).start(Nim(2, 6)).budget == Budget(iterations=40)
    assert Hard(knobs=2.0).start(Nim(2, 6)).config.exploration == 2.0


def test_the_hard_level_takes_its_quick_decisions_and_forced_moves_without_a_search():
    quick = Hard(budget=Budget(iterations=40)).start(Nim(players=2, stones=7))
    assert isinstance(quick, Decided) and quick.best() == 3
    forced = Hard(budget=Budget(iterations=40)).start(Nim(players=2, stones=1))
    assert isinstance(forced, Decided) and forced.best() == 1


def test_the_hard_level_of_a_game_with_hidden_information_searches_its_information_sets():
    search = Hard(seed=2, budget=Budget(iterations=20)).start(SecretNim(players=2, stones=6))
    assert isinstance(search, InformationSetMcts)
    search.advance()
    assert search.best() in (1, 2, 3)
