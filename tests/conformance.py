"""The conformance checks every game of the registry passes, in the spirit of OpenSpiel's
API tests: a new game gets them for free by its registry entry (``tests/test_conformance.py``
runs them on :data:`waddle.games.GAMES`, ``tests/test_example_game.py`` on the worked
example of docs/adding-a-game.md).

Each check takes a :class:`~waddle.core.registry.GameEntry` and fails with a message that
names the game and what went wrong. They play seeded random games (a chance node draws
from the game's own ``sample_chance``), so a failure reproduces.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from scripts.fingerprint_games import canonical
from waddle.app.session import Session
from waddle.app.tutorial import Tutorial
from waddle.core.contract import game_problems, package_problems
from waddle.core.game import CHANCE, OMNISCIENT, SPECTATOR
from waddle.core.links import LinkError
from waddle.core.mcts import MctsConfig
from waddle.core.records import BoardError, RecordError
from waddle.core.registry import GameEntry, Registry, new_game_options
from waddle.core.rng import Rng

MAX_PLIES = 10_000
"""No game of the platform comes near it: a random game that does not end is a bug."""


def counts(entry: GameEntry) -> list[int]:
    """The player counts a check plays: the fewest and the most (a game's extremes)."""
    low, high = entry.players
    return sorted({low, high})


def key(state: Any) -> str:
    """What tells a position from another: whose turn, the legal actions, the history,
    the scores, and for a game with hidden information the all-seeing view (a game of
    perfect information is its history: its view is the state itself)."""
    over = state.is_over()
    hidden = getattr(state, "hidden_information", False)
    return json.dumps(
        [
            canonical(state.view(OMNISCIENT)) if hidden else None,
            state.to_move(),
            [str(a) for a in ([] if over else state.legal_actions())],
            [str(a) for a in state.history],
            state.scores(),
        ],
        sort_keys=True,
    )


def random_action(state: Any, rng: Rng) -> Any:
    if state.to_move() == CHANCE:
        return state.sample_chance(rng)
    legal = list(state.legal_actions())
    assert legal, f"no legal action at ply {state.ply}, and the game is not over"
    return legal[rng.below(len(legal))]


def random_game(game: Any, players: int, seed: int) -> Any:
    """A finished random game's state."""
    state = game.new_record(players, seed).start()
    rng = Rng(seed + 1000)
    while not state.is_over():
        state.apply(random_action(state, rng))
        assert state.ply < MAX_PLIES, f"a random game of {players} did not end"
    return state


def positions(game: Any, players: int, seed: int) -> Iterator[Any]:
    """Every position of a random game, each a state of its own (the last one over)."""
    state = game.new_record(players, seed).start()
    rng = Rng(seed + 2000)
    yield state.clone()
    while not state.is_over():
        state.apply(random_action(state, rng))
        assert state.ply < MAX_PLIES
        yield state.clone()


# -- the contract ---------------------------------------------------------------------------


def check_contract(entry: GameEntry, registry: Registry) -> None:
    """The required members, modules and files are there (waddle.core.contract), and the
    entry is one the registry can find by id, format and link prefix."""
    game = entry.load()
    problems = game_problems(game, entry.id, entry.module) + package_problems(game, entry.module)
    assert not problems, "\n".join(problems)
    assert entry.formats and entry.link_prefixes, f"{entry.id}: no record format or link prefix"
    assert registry.by_id(entry.id) is entry
    assert all(registry.by_format(f) is entry for f in entry.formats)
    assert all(registry.by_link(p + "x") is entry for p in entry.link_prefixes)
    low, high = entry.players
    assert 1 <= low <= entry.default_players <= high
    assert game.bot_levels and len(set(game.bot_levels)) == len(game.bot_levels)
    assert game.versus_level in game.bot_levels
    assert set(game.bench_players) <= set(range(low, high + 1)), "bench_players off the range"


# -- records and links ----------------------------------------------------------------------


def check_records_and_links_round_trip(entry: GameEntry) -> None:
    """A new and a finished game's record survive their JSON text and their share link,
    with seat names and computer seats; the format and the prefix are the entry's first."""
    game = entry.load()
    for players in counts(entry):
        new = game.new_record(players, 7)
        done = new.with_actions(random_game(game, players, 7).history)
        for record in (new, done):
            text = record.dumps()
            assert json.loads(text)["format"] == entry.formats[0]
            again = game.record_from_json(json.loads(text))
            assert again.dumps() == text
            assert key(again.replay()) == key(record.replay())
            names = [f"Player {i + 1}" for i in range(players)]
            bots = [None] + [game.bot_levels[-1]] * (players - 1)
            link = game.encode_link(record, names, bots)
            assert link.startswith(entry.link_prefixes[0])
            linked = game.decode_link(link)
            assert linked.record.dumps() == text
            assert (linked.names, linked.bots) == (names, bots)
            assert game.decode_link(game.encode_link(record)).record.dumps() == text


def check_damaged_input_is_refused_in_one_line(entry: GameEntry) -> None:
    """A damaged link, a record of another format or with an impossible action: the
    game's own error, never another exception."""
    game = entry.load()
    record = game.new_record(entry.players[0], 3)
    link = game.encode_link(record.with_actions(random_game(game, entry.players[0], 3).history))
    flipped = link[:-1] + ("A" if link[-1] != "A" else "B")
    for damaged in (link[:-3], link[: len(link) // 2], flipped):
        try:
            game.decode_link(damaged)
        except LinkError as e:
            assert str(e) and "\n" not in str(e)
    data = json.loads(record.dumps())
    for bad in ({**data, "format": "no-such-game/1"}, {**data, "actions": [{"nonsense": 1}]}):
        try:
            game.record_from_json(bad)
        except RecordError as e:
            assert str(e) and "\n" not in str(e)
        else:
            raise AssertionError(f"{entry.id}: record_from_json took {bad}")


# -- the state protocol -----------------------------------------------------------------------


def check_undo_redo_and_clone_agree_with_replays(entry: GameEntry) -> None:
    """Random games in which actions are taken back and played again, and positions
    cloned and played on: every position is the one its record replays to, undo restores
    the position before, and a clone played on leaves the original as it was."""
    game = entry.load()
    for players in counts(entry):
        record = game.new_record(players, 11)
        state = record.start()
        rng = Rng(players)
        before = [key(state)]
        while not state.is_over():
            action = random_action(state, rng)
            assert state.why_illegal(action) is None or state.to_move() == CHANCE, action
            state.apply(action)
            before.append(key(state))
            if rng.below(8) == 0:  # take back a few, and play them again
                taken = []
                for _ in range(min(state.ply, 1 + rng.below(3))):
                    taken.append(state.undo())
                    assert key(state) == before[state.ply], f"undo at ply {state.ply}"
                for again in reversed(taken):
                    state.apply(again)
                assert key(state) == before[-1]
            if rng.below(15) == 0:
                copy = state.clone()
                assert key(copy) == before[-1]
                if not copy.is_over():
                    copy.apply(random_action(copy, Rng(5)))
                    assert key(state) == before[-1], "a clone shares state with its original"
            if rng.below(20) == 0 or state.is_over():
                replayed = game.record_from_json(
                    json.loads(record.with_actions(state.history).dumps())
                ).replay()
                assert key(replayed) == before[-1], f"the replay differs at ply {state.ply}"
            assert state.ply < MAX_PLIES
        assert state.winners() and all(0 <= w < players for w in state.winners())
        summary = game.summary(state)
        assert summary["over"] is True and json.dumps(summary)


def check_views_hide_what_a_seat_may_not_see(entry: GameEntry) -> None:
    """Every seat's view (and the spectator's) is the same in any state it cannot tell from
    the real one (a determinization for that seat, its hidden cards dealt again), while
    the hidden cards do change in some of them; a game of perfect information hides
    nothing: its determinization is the position itself."""
    game = entry.load()
    players = entry.players[0]
    varied = private = False
    for n, state in enumerate(positions(game, players, 5)):
        if n % 5 and not state.is_over():
            continue
        for seat in range(players):
            world = state.determinize(seat, Rng(n))
            assert world is not state
            if entry.hidden_information:
                assert world.view(seat) == state.view(seat), f"seat {seat} at ply {n}"
                assert world.view(SPECTATOR) == state.view(SPECTATOR)
                other = canonical(world.view(OMNISCIENT)) != canonical(state.view(OMNISCIENT))
                varied = varied or other
            else:
                assert key(world) == key(state)
        if entry.hidden_information and not state.is_over():
            mover = state.to_move()
            if mover is not None and mover >= 0:
                private = private or state.view(SPECTATOR) != state.view(mover)
    if entry.hidden_information:
        assert varied, "no determinization dealt anything again"
        assert private, "no seat ever sees more than a spectator"


def check_bots_choose_legal_actions_at_every_level(entry: GameEntry) -> None:
    game = entry.load()
    for players in counts(entry):
        state = game.new_record(players, 2).start()
        rng = Rng(3)
        for level in game.bot_levels:
            while state.to_move() == CHANCE:
                state.apply(state.sample_chance(rng))
            if state.is_over():
                break
            action = game.make_bot(level, seed=1, iterations=8).choose(state.clone())
            assert action in state.legal_actions(), (level, action)
            state.apply(action)


def check_optional_parts_work_given_or_not(entry: GameEntry) -> None:
    """Every optional part answers, the game's own or GamePackage's default: the search
    the meter and the review use, the meter's budget, custom boards (a game without them
    refuses a board with a BoardError, as check-map and new --map show it), the options
    of a new game and of a record."""
    game = entry.load()
    players = entry.players[0]
    record = game.new_record(players, 4)
    state = record.start()
    while state.to_move() == CHANCE:
        state.apply(state.sample_chance(Rng(1)))
    assert isinstance(game.search_config(state), MctsConfig)
    assert game.meter.budget(players) > 0
    for text in ("{}", "[]"):
        try:
            summary, warnings = game.check_board(text)
        except BoardError as e:
            assert e.problems and all(isinstance(p, str) and p for p in e.problems)
        else:
            assert isinstance(summary, str) and isinstance(warnings, list)
        try:
            game.custom_record(players, text, 1)
        except BoardError as e:
            assert e.problems
    options = {option.key: option for option in new_game_options(game)}
    assert set(game.record_options(record)) <= set(options)
    for option in options.values():
        assert option.parse(str(option.default).lower()) == option.default or option.choices


# -- the front end ----------------------------------------------------------------------------


def places_drawn(markup: str, places: tuple[str, ...]) -> set[str]:
    """The places an element of ``markup`` names: ``data-hex`` values, and ``kind:value``
    for every ``data-kind="value"`` whose kind the game's places use."""
    kinds = {p.partition(":")[0] for p in places if ":" in p}
    found = set(re.findall(r'data-hex="([^"]*)"', markup))
    for kind in kinds:
        found |= {f"{kind}:{v}" for v in re.findall(rf'data-{kind}="([^"]*)"', markup)}
    return found


def check_presenter_draws_every_position(entry: GameEntry) -> None:
    """The presenter draws every position of random games, for the seat to move and for
    the spectator, without an error; every place it draws is one of ``GAME.places``, the
    board's places are all drawn at the start, a click on a legal place and a hint mark
    only places, and the move list and the words after each move are there."""
    game = entry.load()
    presenter = game.presenter()
    for players in counts(entry):
        record = game.new_record(players, 9)
        places = tuple(game.places(record))
        assert len(set(places)) == len(places), "places repeat"
        session = Session.start(game, record)
        board_places = {p for p in places if ":" not in p}
        first = presenter.render(session.scene(0, True))
        assert places_drawn(first.board.markup, places) >= board_places
        rng = Rng(players)
        while True:
            state = session.state
            mover = state.to_move()
            viewer = mover if mover is not None and mover >= 0 else SPECTATOR
            for who, acting in ((viewer, True), (SPECTATOR, False)):
                drawn = presenter.render(session.scene(who, acting))
                assert drawn.board.markup and drawn.board.view_box
                markup = drawn.board.markup + drawn.table
                assert places_drawn(markup, places) <= set(places), ("unknown place", state.ply)
                assert bool(drawn.result) == state.is_over()
            if state.is_over():
                break
            action = random_action(state, rng)
            hint = presenter.hint(session, action)
            assert set(hint.hexes) <= set(places), hint
            action_places = getattr(game, "action_places", None)
            if action_places is not None:
                assert set(action_places(state, action)) <= set(places)
            assert session.play(action), action  # the presenter's describe_move words it
            assert session.message, f"no words after {action} at ply {state.ply}"
            assert session.state.ply < MAX_PLIES
        groups = presenter.move_groups(session)
        assert sum(len(g.moves) for g in groups) > 0


def check_rules_page_tutorial_and_thumbnail(entry: GameEntry) -> None:
    """The rules page opens with "How to play <title>"; the chooser's picture is drawn; the
    tutorial can be walked to its last step by taking, at each step, a legal action it
    accepts."""
    game = entry.load()
    presenter = game.presenter()
    rules = presenter.rules_html()
    assert f'<h2 id="rules-title">How to play {entry.title}</h2>' in rules.replace("&#x27;", "'")
    thumbnail = presenter.thumbnail()
    assert thumbnail.markup and thumbnail.view_box
    tutorial = Tutorial(game)
    assert tutorial.steps >= 2 and tutorial.step.text
    for _ in range(MAX_PLIES):
        if tutorial.finished or tutorial.session.state.is_over():
            break
        state = tutorial.session.state
        accepted = [a for a in state.legal_actions() if tutorial.step.accepts(state, a)]
        assert accepted, f"step {tutorial.step.key!r} accepts no legal action"
        assert tutorial.try_action(accepted[0])
    assert tutorial.finished, f"the tutorial stops at step {tutorial.step.key!r}"


CHECKS = (
    check_records_and_links_round_trip,
    check_damaged_input_is_refused_in_one_line,
    check_undo_redo_and_clone_agree_with_replays,
    check_views_hide_what_a_seat_may_not_see,
    check_bots_choose_legal_actions_at_every_level,
    check_optional_parts_work_given_or_not,
    check_presenter_draws_every_position,
    check_rules_page_tutorial_and_thumbnail,
)
"""Every check that takes only the entry (check_contract also takes the registry)."""
