"""The bots of Waddle Waddle: they decide from their seat's observation alone (a change of
what the seat cannot see never changes their choice), play legal actions only, and keep to
their budgets. (Their strength is measured by python -m waddle bench bots --game waddle-waddle.)"""

from __future__ import annotations

import random

import pytest
from waddle_waddle_helpers import arrange, game, play, rookery, state_key

from waddle.core.bots import Budget
from waddle.core.rng import Rng
from waddle.games.waddle_waddle.ai import (
    LYNCH_REFILL_WORTH,
    best_play,
    dyan_moves_worth,
    estimate,
    greedy_action,
    hand_value,
    make_bot,
    rewards,
)
from waddle.games.waddle_waddle.cards import THREAT0, cards
from waddle.games.waddle_waddle.deck import stack_of
from waddle.games.waddle_waddle.heroes import DYAN, KATTA, PAPI
from waddle.games.waddle_waddle.options import Options
from waddle.games.waddle_waddle.record import new_record


def position(players: int, seed: int, plies: int, **options):
    record = new_record(players, seed, Options.standard(players, **options))
    state = record.start()
    bot = make_bot("medium", seed=seed)
    while state.ply < plies and not state.is_over():
        state.apply(bot.choose(state))
    while len(state.legal_actions()) < 3 and not state.is_over():
        state.apply(bot.choose(state))  # a real decision
    return state


def hidden_variants(state, count: int):
    """States that ``state.to_move()`` cannot tell from ``state``: the others' unseen cards
    and the rest of the deck dealt again (each bottom stack keeps its threat)."""
    seat = state.to_move()
    size = len(state.deck)
    has_threats = not state.options.no_threats
    out = []
    for k in range(count):
        rng = random.Random(k)
        other = state.clone()
        pool, slots = [], []
        for p in range(state.n):
            if p != seat:
                hidden = list(state.hands[p])
                for c in state.known[p]:
                    hidden.remove(c)
                pool += hidden
                slots.append((p, len(hidden)))
        rest = list(state.deck[state.pos :])
        fixed = {
            i: c
            for i, c in enumerate(rest)
            if c >= THREAT0 or stack_of(state.pos + i, size, has_threats) >= 0
        }
        movable = [c for i, c in enumerate(rest) if i not in fixed]
        pool += movable
        rng.shuffle(pool)
        for p, n in slots:
            other.hands[p] = sorted([*state.known[p], *pool[:n]])
            pool = pool[n:]
        it = iter(pool)
        new_rest = [fixed[i] if i in fixed else next(it) for i in range(len(rest))]
        deck = (*state.deck[: state.pos], *new_rest)
        other.decks = (*state.decks[: state.season], deck, *state.decks[state.season + 1 :])
        assert other.view(seat) == state.view(seat)
        out.append(other)
    return out


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
@pytest.mark.parametrize(("players", "seed", "plies"), [(2, 3, 40), (4, 5, 90)])
def test_a_bots_choice_does_not_change_with_what_its_seat_cannot_see(level, players, seed, plies):
    state = position(players, seed, plies)
    variants = hidden_variants(state, 4)
    assert len({state_key(v) for v in variants}) > 1, "the variants really differ"
    choices = {make_bot(level, seed=7, iterations=40).choose(v) for v in [state, *variants]}
    assert len(choices) == 1


@pytest.mark.parametrize("players", [2, 3, 5])
def test_every_level_plays_legal_actions_to_the_end(players):
    record = new_record(players, 11 + players, Options.standard(players, seasons=1, kevin=True))
    state = record.start()
    levels = ["random", "easy", "medium", "hard"]
    bots = [make_bot(levels[p % 4], seed=p, iterations=8) for p in range(players)]
    while not state.is_over():
        action = bots[state.to_move()].choose(state)
        assert action in state.legal_actions()
        state.apply(action)


def test_the_hard_bot_keeps_to_an_iteration_budget():
    state = position(3, 2, 50)
    search = make_bot("hard", seed=1, iterations=25).start(state)
    search.advance()
    assert search.iterations == 25 and search.best() in state.legal_actions()


def test_the_hard_bot_keeps_to_a_time_budget():
    state = position(2, 4, 30)
    search = make_bot("hard", seed=1, seconds=0.05).start(state)
    search.advance()
    assert 0.05 <= search.elapsed < 0.05 + 0.5 and search.iterations >= 1


def test_greedy_bots_answer_at_once_whatever_the_budget():
    state = position(2, 4, 30)
    search = make_bot("medium", seed=1, seconds=5.0).start(state)
    assert search.done and search.best() in state.legal_actions()


def test_unknown_levels_are_refused():
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("grandmaster")


def test_the_estimate_counts_points_bonuses_hands_and_fish():
    state = position(2, 6, 60)
    est = estimate(state)
    assert all(e >= s for e, s in zip(est, state.scores(), strict=True))
    r = rewards(state)
    assert abs(sum(r) - 1.0) < 1e-9 and all(0 <= x <= 1 for x in r)


def test_the_greedy_player_beats_random_play():
    wins = 0.0
    for g in range(8):
        state = new_record(2, 100 + g).start()
        seat = g % 2
        bots = {seat: make_bot("medium", seed=g), 1 - seat: make_bot("random", seed=g)}
        while not state.is_over():
            state.apply(bots[state.to_move()].choose(state))
        wins += (seat in state.winners()) / len(state.winners())
    assert wins >= 7


def test_budget_of_a_made_bot():
    assert make_bot("hard", iterations=5).budget == Budget(iterations=5)


# -- the greedy player uses each hero's ability (rulebook, "Penguin Heroes") -----------------


def _hero_position(hero: str, hand: str, **arranged):
    state = game(2, heroes=(hero, "dee"), no_events=True)
    arrange(state, hands=[hand.split(), []], rookery_fish=[1] * 5, **arranged)
    return state


def test_the_greedy_player_plays_for_lynchs_refill():
    """Dr. Lynch refills an emptied hand after placing a Gentoo nest: of two waddles that
    are otherwise alike (a King or a Gentoo bonus waddle), Lynch plays the Gentoo one."""
    floe = ["Rk6", "Ch4", "Mc2", "Mg1"]
    hand = "Ki1 Ki2 Ki3 Ge1 Ge2 Ge3 Mg5"
    lynch = _hero_position("lynch", hand, floe=floe)
    other = _hero_position("papi", hand, floe=floe)
    assert str(greedy_action(lynch, Rng(0))) == "waddle Ge1 Ge2 Ge3"
    assert str(greedy_action(other, Rng(0))) == "waddle Ki1 Ki2 Ki3"
    gentoo, king = cards("Ge1 Ge2 Ge3"), cards("Ki1 Ki2 Ki3")
    assert best_play(lynch, 0, gentoo)[0] - best_play(other, 0, gentoo)[0] == LYNCH_REFILL_WORTH
    assert best_play(lynch, 0, king) == best_play(other, 0, king)


def test_the_greedy_player_counts_no_lynch_refill_when_the_hand_is_kept():
    """The rulebook's note: a hand kept after a waddle is not empty, so no refill."""
    kept = game(2, heroes=("lynch", "dee"), no_events=True, keep_hand=True)
    other = game(2, heroes=("papi", "dee"), no_events=True, keep_hand=True)
    for state in (kept, other):
        arrange(state, hands=[["Ge1", "Ge2", "Ge3", "Ki5"], []], rookery_fish=[1] * 5)
    gentoo = cards("Ge1 Ge2 Ge3")
    assert best_play(kept, 0, gentoo) == best_play(other, 0, gentoo)


def test_the_greedy_player_plays_dyans_rockhoppers_where_a_nest_move_pays():
    """Dyan deNapoli may move a nest away for each Rockhopper nest placed: where the other
    player leads Crozet 2 to 0 (its large bonus), Dyan plays there and moves one of theirs
    away, tying the majority; another hero would not play there at all."""
    nests = {"crozet": [0, 2], "georgia": [3, 0]}
    dyan = _hero_position("dyan", "Rk1 Rk2 Rk3", nests=nests)
    other = _hero_position("papi", "Rk1 Rk2 Rk3", nests=nests)
    for state in (dyan, other):
        state.cp_at = [3, 4, 2, 0, 1]  # Crozet pays 20/10, Macquarie 12/6
        play(state, "waddle Rk1 Rk2 Rk3")
    assert str(greedy_action(other, Rng(0))) != "play crozet"
    assert str(greedy_action(dyan, Rng(0))) == "play crozet"
    crozet = rookery("crozet")
    assert dyan_moves_worth(dyan, 0, crozet, 1, 1) > 0
    play(dyan, "play crozet")
    # theirs, to Georgia, where Dyan keeps the lead 3 to 1
    assert str(greedy_action(dyan, Rng(0))) == "move p1 georgia"


@pytest.mark.parametrize(("hero", "species"), [("davis", "Mc"), ("lynch", "Ge")])
def test_the_greedy_player_drafts_toward_its_heros_species(hero, species):
    """Davis's extra nest comes with a Macaroni nest, Lynch's refill with a Gentoo one: of
    two cards that each complete a bonus waddle, the hero's species is drafted (another
    hero takes the first in the engine's order, the King)."""
    hand = [f"{species}1", f"{species}2", "Ki5", "Ki6"]
    floe = [f"{species}3", "Ki4", "Mg6", "Ch6"]
    chosen = {}
    for who in (hero, "papi"):
        state = _hero_position(who, " ".join(hand), floe=floe)
        chosen[who] = str(greedy_action(state, Rng(0)))
    assert chosen == {hero: f"draft {species}3", "papi": "draft Ki4"}


def test_a_hand_is_worth_more_with_the_hero_whose_ability_it_feeds():
    """Dyan's Rockhopper pairs promise nest moves, Katta's Chinstraps pair with any single
    card of a waddle; the same hands are worth less to a hero they do not help."""
    rockhoppers, chinstraps = cards("Rk1 Rk2 Rk3 Ki5"), cards("Ch1 Ki2 Mc3 Ge5")
    assert hand_value(rockhoppers, DYAN) > hand_value(rockhoppers, PAPI)
    assert hand_value(chinstraps, KATTA) > hand_value(chinstraps, PAPI)
    neutral = cards("Ki1 Ki2 Ki3 Ge5")
    assert hand_value(neutral, DYAN) == hand_value(neutral, KATTA) == hand_value(neutral, PAPI)


def test_the_greedy_player_picks_the_free_hero_that_wins_most_in_self_play():
    """Heroes are chosen in turn (rulebook, "Choose Penguin Heroes"): Katta, then Davis,
    then Dee win most often in medium self-play (docs/benchmarks.md, "Waddle Waddle: seats
    and heroes")."""
    state = new_record(3, 1).start()
    picks = []
    while state.phase == "hero":
        action = greedy_action(state, Rng(0))
        picks.append(str(action))
        state.apply(action)
    assert picks == ["hero katta", "hero davis", "hero dee"]
