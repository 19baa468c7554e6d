"""The mental-poker deal (waddle/core/deal.py): every card dealt once for any number of
players and passes, nobody reads a card before every other player sent its token, and each
kind of cheating is caught, naming the player: a forged, replayed or borrowed token, a
shuffle that drops, doubles or replaces a card, a relock with another key, false secrets."""

from __future__ import annotations

import random

import pytest

from waddle.core import crypto, deal
from waddle.core.deal import Deal, DealError, Deck, Pass, Plan, Secrets

GAME = bytes(range(12))


def plan(cards: int = 12, two_passes: bool = False, game_id: bytes = GAME) -> Plan:
    decks = (Deck("cards", tuple(f"c{i}" for i in range(cards))), Deck("lots", ("a", "b", "c")))
    first = Pass((tuple(range(cards)), tuple(range(cards, cards + 3))))
    if not two_passes:
        return Plan(game_id, decks, (first,))
    half = cards // 2
    second = Pass((tuple(range(half)), tuple(range(half, cards))))
    return Plan(game_id, decks, (first, second))


def dealt(players: int, p: Plan, cheat=None) -> tuple[Deal, list[Secrets]]:
    """A deal made by ``players`` honest players (``cheat(player, step)`` may change a
    step before it is added), every pass and relock done."""
    secrets = [Secrets.new() for _ in range(players)]
    d = Deal(p, players)
    for k in range(len(p.passes)):
        for i in range(players):
            step = deal.shuffle(secrets[i], i, p, k, d.pass_input(k))
            d.add_shuffle(cheat(i, step) if cheat else step)
    for i in reversed(range(players)):
        step = deal.relock(secrets[i], i, p, d.relock_input())
        d.add_relock(cheat(i, step) if cheat else step)
    return d, secrets


def release_all(d: Deal, secrets: list[Secrets], but: int | None = None) -> None:
    for i, s in enumerate(secrets):
        positions = [x for x in range(d.plan.size) if i != but]
        if positions:
            d.add_release(deal.make_release(d, s, i, positions, [7]))


def reveal_all(d: Deal, secrets: list[Secrets]) -> None:
    for i, s in enumerate(secrets):
        d.add_reveal(deal.Reveal(i, s.lock, s.seed))


@pytest.mark.parametrize("players", [1, 2, 3, 4, 6])
@pytest.mark.parametrize("two_passes", [False, True])
def test_every_card_is_dealt_once_for_any_number_of_players(players, two_passes):
    p = plan(12, two_passes)
    d, secrets = dealt(players, p)
    release_all(d, secrets)
    cards = d.read_all(None, None)
    assert sorted(cards.values()) == list(range(p.size))  # each card once
    for x, origin in cards.items():  # each where its blocks allow
        assert (x < 12) == (origin < 12)
    reveal_all(d, secrets)
    result = deal.audit(d)
    assert result.cheat is None and result.cards == cards


def test_the_second_pass_keeps_each_card_within_its_block():
    p = plan(12, two_passes=True)
    d, secrets = dealt(3, p)
    release_all(d, secrets)
    cards = d.read_all(None, None)
    assert all(x < 12 for x in cards if cards[x] < 12)


def test_the_order_is_nobodys_choice_each_shuffle_moves_the_cards():
    # Two deals of the same cards by the same number of players come out in other orders
    # (a shuffle is a secure random permutation: equal orders would be a 1 in 12! event).
    orders = []
    for _ in range(3):
        d, secrets = dealt(2, plan(12))
        release_all(d, secrets)
        cards = d.read_all(None, None)
        orders.append(tuple(cards[x] for x in range(12)))
    assert len(set(orders)) == 3


def test_a_card_is_read_only_with_every_other_players_token():
    p = plan(12)
    d, secrets = dealt(3, p)
    # Players 0 and 1 release position 5 (for player 2): only player 2 can read it.
    for i in (0, 1):
        d.add_release(deal.make_release(d, secrets[i], i, [5], []))
    assert d.read(5, secrets[2], 2) is not None
    assert d.read(5, secrets[0], 0) is None and d.read(5, secrets[1], 1) is None
    assert d.read(5, None, None) is None
    assert d.read(6, secrets[2], 2) is None  # nobody released it
    assert d.missing_tokens(6, None) == [0, 1, 2]


def test_a_shared_value_needs_every_share_and_nobody_can_choose_it():
    p = plan(12)
    d, secrets = dealt(3, p)
    for i in (0, 1):
        d.add_release(deal.make_release(d, secrets[i], i, [], [42]))
    assert d.shared_value(42) is None and d.missing_shares(42) == [2]
    d.add_release(deal.make_release(d, secrets[2], 2, [], [42]))
    value = d.shared_value(42)
    assert value is not None and len(value) == 64
    # A share is fixed by the lock published before: making it again gives the same value.
    again = Deal(p, 3)
    again.shuffles, again.relocks = d.shuffles, d.relocks
    for i in range(3):
        again.add_release(deal.make_release(d, secrets[i], i, [], [42]))
    assert again.shared_value(42) == value


# -- cheating ------------------------------------------------------------------------------


def forged(release: deal.Release, **changes) -> deal.Release:
    from dataclasses import replace

    return replace(release, **changes)


def test_a_forged_token_is_refused_at_once_naming_its_player():
    d, secrets = dealt(3, plan(12))
    honest = deal.make_release(d, secrets[1], 1, [4], [])
    fake = forged(honest, nodes=((deal.TREE_DEPTH, 4, crypto.random_bytes(32)),))
    with pytest.raises(DealError) as refused:
        d.add_release(fake)
    assert refused.value.player == 1 and "its own lock" in refused.value.line
    assert (1, 4) not in d.tokens  # nothing kept


def test_a_token_made_with_another_players_lock_is_refused():
    d, secrets = dealt(3, plan(12))
    made_by_two = deal.make_release(d, secrets[2], 2, [4], [])
    claimed_by_one = forged(made_by_two, player=1)
    with pytest.raises(DealError) as refused:
        d.add_release(claimed_by_one)
    assert refused.value.player == 1


@pytest.mark.parametrize("where", ["another position", "another game", "another value"])
def test_a_replayed_token_or_share_is_refused(where):
    p = plan(12)
    d, secrets = dealt(2, p)
    if where == "another position":
        honest = deal.make_release(d, secrets[0], 0, [4], [])
        level, _, value = honest.nodes[0]
        replayed = forged(honest, nodes=((level, 5, value),))
    elif where == "another value":
        honest = deal.make_release(d, secrets[0], 0, [], [3])
        replayed = forged(honest, shares=((4, honest.shares[0][1]),))
    else:  # the same players, the same steps, another game's id
        other = Deal(plan(12, game_id=bytes(12)), 2)
        other.shuffles, other.relocks = d.shuffles, d.relocks
        replayed = deal.make_release(other, secrets[0], 0, [4], [])
    with pytest.raises(DealError) as refused:
        d.add_release(replayed)
    assert refused.value.player == 0


def test_one_false_token_among_many_fails_the_whole_release():
    d, secrets = dealt(2, plan(12, two_passes=True))
    honest = deal.make_release(d, secrets[0], 0, range(12), [1, 2])
    nodes = list(honest.nodes)
    level, index, _ = nodes[-1]
    nodes[-1] = (level, index, crypto.random_bytes(32))
    with pytest.raises(DealError):
        d.add_release(forged(honest, nodes=tuple(nodes)))
    d.add_release(honest)  # the honest one passes, twice-locked positions included


def test_a_card_doubled_in_a_shuffle_is_refused_when_the_shuffle_comes():
    p = plan(12)

    def double(player, step):
        if isinstance(step, deal.Shuffle) and player == 1:
            points = list(step.points)
            points[3] = points[4]
            return forged_step(step, points)
        return step

    with pytest.raises(DealError) as refused:
        dealt(3, p, double)
    assert refused.value.player == 1 and "doubled" in refused.value.line


def test_a_card_dropped_from_a_shuffle_is_refused_when_the_shuffle_comes():
    def drop(player, step):
        if isinstance(step, deal.Shuffle) and player == 2:
            return forged_step(step, step.points[:-1])
        return step

    p = plan(12)
    with pytest.raises(DealError) as refused:
        dealt(3, p, drop)
    short = f"{p.size - 1} cards, not {p.size}"
    assert refused.value.player == 2 and short in refused.value.line


def forged_step(step, points):
    from dataclasses import replace

    return replace(step, points=tuple(points))


@pytest.mark.parametrize("how", ["replaced", "relocked"])
def test_a_card_replaced_in_a_shuffle_or_relock_is_found_at_the_end_naming_the_player(how):
    p = plan(12)
    rng = random.Random(4)

    def cheat(player, step):
        if player != 2:
            return step
        if how == "replaced" and isinstance(step, deal.Shuffle):
            points = list(step.points)
            points[rng.randrange(12)] = crypto.hash_to_point(b"a card of my own")
            return forged_step(step, points)
        if how == "relocked" and isinstance(step, deal.Relock):
            points = list(step.points)
            points[5] = crypto.scalar_mult(crypto.scalar_from_int(3), points[5])
            return forged_step(step, points)
        return step

    d, secrets = dealt(3, p, cheat)
    reveal_all(d, secrets)
    result = deal.audit(d)
    assert result.cheat is not None and result.cheat.player == 2
    assert ("shuffle" if how == "replaced" else "relock") in result.cheat.line


def test_a_replaced_card_that_turns_up_stops_the_game_before_the_end():
    p = plan(12)

    def cheat(player, step):
        if player == 1 and isinstance(step, deal.Shuffle):
            return forged_step(step, [crypto.hash_to_point(b"mine", bytes([i])) for i in range(15)])
        return step

    d, secrets = dealt(2, p, cheat)
    release_all(d, secrets)
    with pytest.raises(DealError, match="not a card that can be there"):
        d.read_all(None, None)


def test_a_card_dropped_for_a_copy_of_another_is_found_at_the_end():
    # Player 1 drops card 3 and locks card 4 twice, with its lock and with another
    # scalar (so the points differ and the shuffle is not refused on arrival).
    p = plan(12)
    secrets = [Secrets.new() for _ in range(2)]
    d = Deal(p, 2)
    d.add_shuffle(deal.shuffle(secrets[0], 0, p, 0, d.pass_input(0)))
    given = d.pass_input(0)
    points = [crypto.scalar_mult(secrets[1].lock, q) for q in given]
    points[3] = crypto.scalar_mult(crypto.scalar_from_int(5), given[4])
    d.add_shuffle(deal.Shuffle(1, 0, secrets[1].commitment(), tuple(points)))
    for i in (1, 0):
        d.add_relock(deal.relock(secrets[i], i, p, d.relock_input()))
    reveal_all(d, secrets)
    result = deal.audit(d)
    assert result.cheat is not None and result.cheat.player == 1
    assert "lost, doubled or replaced" in result.cheat.line


def test_secrets_that_are_not_the_published_ones_are_refused():
    d, secrets = dealt(2, plan(12))
    with pytest.raises(DealError) as refused:
        d.add_reveal(deal.Reveal(1, secrets[0].lock, secrets[1].seed))
    assert refused.value.player == 1
    with pytest.raises(DealError):
        d.add_reveal(deal.Reveal(1, secrets[1].lock, crypto.random_bytes(32)))


def test_steps_out_of_their_order_are_refused():
    p = plan(12)
    secrets = [Secrets.new() for _ in range(2)]
    d = Deal(p, 2)
    step = deal.shuffle(secrets[0], 0, p, 0, d.pass_input(0))
    d.add_shuffle(step)
    with pytest.raises(DealError, match="second shuffle"):
        d.add_shuffle(step)
    with pytest.raises(DealError, match="relock before every shuffle"):
        d.add_relock(deal.relock(secrets[0], 0, p, step.points))
    with pytest.raises(DealError, match="another player's"):
        d.add_shuffle(deal.Shuffle(1, 0, step.commitment, step.points))


def test_a_batched_proof_holds_only_for_its_statements_and_context():
    e = crypto.random_scalar()
    commitment = crypto.base_mult(e)
    bases = [crypto.hash_to_point(b"b", bytes([i])) for i in range(4)]
    statements = [(b, crypto.scalar_mult(e, b)) for b in bases]
    proof = deal.prove_dleq(e, commitment, statements, b"context")
    assert deal.check_dleq(proof, commitment, statements, b"context")
    assert not deal.check_dleq(proof, commitment, statements, b"another context")
    wrong = [*statements[:3], (bases[3], crypto.scalar_mult(crypto.scalar_from_int(2), bases[3]))]
    assert not deal.check_dleq(proof, commitment, wrong, b"context")
    assert not deal.check_dleq(proof[:63] + b"x", commitment, statements, b"context")
    assert not deal.check_dleq(b"", commitment, statements, b"context")


def test_a_run_of_tokens_travels_as_few_nodes_and_never_more_than_it_may():
    p = plan(12)
    d, secrets = dealt(2, p)
    release = deal.make_release(d, secrets[0], 0, range(0, 8), [])
    assert len(release.nodes) == 1  # positions 0-7: one node of the key tree
    assert sorted(deal.positions_of(release, p.size)) == list(range(8))
    holes = deal.make_release(d, secrets[0], 0, [8, 10, 11], [])  # 9 held back
    assert sorted(deal.positions_of(holes, p.size)) == [8, 10, 11]
    d.add_release(holes)
    assert (0, 9) not in d.tokens and (0, 10) in d.tokens
    # the cover of what a player wants never reaches a position it may not release
    rng = random.Random(2)
    for _ in range(200):
        wanted = {x for x in range(40) if rng.random() < 0.4}
        allowed = wanted | {x for x in range(40) if rng.random() < 0.3}
        nodes = deal.cover(wanted, allowed, 40)
        covered = {x for level, index in nodes for x in deal.leaves(level, index) if x < 40}
        assert wanted <= covered <= allowed


def test_a_secure_permutation_is_a_permutation_and_varies():
    seen = {tuple(deal.secure_permutation(6)) for _ in range(40)}
    assert all(sorted(p) == list(range(6)) for p in seen)
    assert len(seen) > 20
