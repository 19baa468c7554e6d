"""Words, not notation, wherever a player reads (issue 36): the words of random games of
every game (hints, review captions and the review's list, move names, explanations, the
messages after a move and the move list) hold none of the record's notation.

What counts as notation is derived from each game's own actions, not listed by hand: the
text form of every action met (``str(action)``: "play 8S", "hero katta", "2,0-5,0",
"1,-2d") and the values of its JSON form (``{"hero": "katta"}``, ``{"place": [2, 0]}``)
become patterns, with every number in them generalised, so "13C" is caught because "8S"
was met, and "3,4" because "2,0" was.
"""

from __future__ import annotations

import html
import random
import re
from collections.abc import Iterable, Iterator
from typing import Any

import pytest

from waddle.app.analysis import hint_text, review_html
from waddle.app.review import Decision, Review, caption, review_to_study
from waddle.app.session import Session
from waddle.core.game import CHANCE
from waddle.games import GAMES

GAMES_AND_PLAYERS = [
    ("htmf", 2),
    ("htmf", 3),
    ("waddle", 2),
    ("waddle", 3),
    ("pebbles", 2),
    ("pebbles", 4),
    ("waddle-waddle", 2),
    ("waddle-waddle", 3),
]
SAMPLED = 10
"""Positions of a game whose decisions are named, explained, hinted and reviewed."""
PLIES = 160
"""Decisions played at most (a card game's whole game is long; its notation shows early)."""


# -- the patterns, from the game's own notation ------------------------------------------------


def _code_like(token: str) -> bool:
    """A token of notation that is no plain word nor plain number: "8S", "Ki3", "?",
    "S", "p1", "2,0-5,0" (a lowercase word, "play", "done", is English too)."""
    return not (token.isalpha() and token.islower()) and not token.isdigit()


def _shape(token: str) -> str:
    """A regular expression for ``token`` with each number generalised (a leading minus
    sign belongs to the number unless a digit comes just before it: "2,0-5,0")."""
    out, i = [], 0
    while i < len(token):
        c = token[i]
        signed = c == "-" and i + 1 < len(token) and token[i + 1].isdigit()
        if c.isdigit() or (signed and (i == 0 or not token[i - 1].isdigit())):
            j = i + 1
            while j < len(token) and token[j].isdigit():
                j += 1
            out.append(r"-?\d+")
            i = j
        else:
            out.append(re.escape(c))
            i += 1
    return "".join(out)


def _bounded(pattern: str) -> str:
    return rf"(?<![\w]){pattern}(?![\w])"


def _json_values(value: Any) -> Iterator[Any]:
    if isinstance(value, dict):
        for v in value.values():
            yield from _json_values(v)
    elif isinstance(value, list):
        if len(value) == 2 and all(type(v) is int for v in value):
            yield tuple(value)
        else:
            for v in value:
                yield from _json_values(v)
    else:
        yield value


def notation_patterns(actions: Iterable[Any]) -> dict[str, re.Pattern[str]]:
    """The patterns of the notation of ``actions``, by their source: each code-like
    token of ``str(action)``, the whole text of a notation of several words, each string
    of the JSON form (case kept: "katta" is notation, "Katta" a name) and each pair of
    integers in it, as JSON and as a tuple."""
    found: dict[str, str] = {}
    for action in actions:
        text = str(action)
        tokens = text.split()
        for token in tokens:
            if _code_like(token):
                found.setdefault(_bounded(_shape(token)), token)
        if len(tokens) > 1:
            found.setdefault(_bounded(r"\s+".join(_shape(t) for t in tokens)), text)
        for value in _json_values(action.to_json()):
            if isinstance(value, tuple):
                pair = r"\s*-?\d+\s*,\s*-?\d+\s*"
                found.setdefault(rf"\[{pair}\]", str(list(value)))
                found.setdefault(rf"\({pair}\)", str(value))
            elif isinstance(value, str) and value:
                shape = _shape(value) if _code_like(value) else re.escape(value)
                found.setdefault(_bounded(shape), value)
    return {source: re.compile(pattern) for pattern, source in found.items()}


def test_the_derived_patterns_catch_the_notation_the_issue_found():
    """The scanner can fail: the words issue 36 reported are caught by the patterns of
    each game's own actions."""
    reported = {
        "pebbles": ["Hint: play 8S", "fish 13C: it fishes the 13C", "court penguin 10"],
        "waddle-waddle": ["Hint: draft ?: it takes", "Hint: hero katta: it", "waddle Ki3 Ki6 Ki6"],
        "htmf": ["Red played 3,4-5,4", "Hint: 2,0"],
        "waddle": ["Hint: 1,-2d", "a penguin on [3, -1]"],
    }
    every = []
    for game_id, texts in reported.items():
        game = GAMES.by_id(game_id).load()
        state = game.new_record(2, 1).start()
        rng = random.Random(1)
        seen = []
        for _ in range(400):  # a random game's decisions show every kind of action
            if state.is_over():
                break
            if state.to_move() == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            seen += legal
            state.apply(rng.choice(legal))
        patterns = notation_patterns(seen)
        for text in texts:
            assert _notation_in(text, patterns), (game_id, text)
        every += seen
    clean = (
        "Hint: the 8 of Scurry: it takes the lead in the trick, where draft King 3 would "
        "leave the hero Katta Ludynia at Crozet Islands (3, 4 and 5 on C4 → E6, pool 7 NE)"
    )
    assert not _notation_in(clean, notation_patterns(every)), "words are not notation"


def _notation_in(text: str, patterns: dict[str, re.Pattern[str]]) -> list[str]:
    return [
        f"{m.group(0)!r} (like {source!r})"
        for source, p in patterns.items()
        if (m := p.search(text))
    ]


def _text_of(markup: str) -> str:
    """What a player reads of some markup: its text, without the chart's drawing."""
    markup = re.sub(r"<svg.*?</svg>", " ", markup, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


# -- the words of random games ------------------------------------------------------------------


def _words_of_a_game(game_id: str, players: int, seed: int) -> tuple[list[str], list[Any]]:
    """Play a random game and gather every text a player reads, and every action met."""
    rng = random.Random(seed)
    session = Session.new(game_id, players, seed)
    game = session.game
    names = [seat.name for seat in session.seats]
    texts: list[str] = []
    actions: list[Any] = []
    decisions: list[Decision] = []
    plies = 0
    while not session.state.is_over() and plies < PLIES:
        state = session.state
        legal = state.legal_actions()
        actions += legal
        action = rng.choice(legal)
        if len(legal) > 1 and rng.random() < SAMPLED / 60 and len(decisions) < SAMPLED:
            texts += _decision_words(game, state, action, legal, rng, names)
            other = rng.choice([a for a in legal if a != action])
            mover = state.to_move()
            before = tuple(1.0 / players for _ in range(players))
            decisions.append(Decision(state.ply, mover, action, before, 0.2, 0.6, other))
        assert session.play(action), session.message
        texts.append(session.message or "")
        plies += 1
    for group in session.presenter.move_groups(session):
        texts.append(group.heading)
        texts += [move.notation for move in group.moves] + [move.spoken for move in group.moves]
    texts += _review_words(game, session, decisions, names)
    return texts, actions


def _decision_words(game, state, action, legal, rng, names) -> list[str]:
    """The words of one decision: names, what each does, why one beats another, the hint
    (with the search's ranking and with the game's own), a review's caption."""
    said = []
    others = rng.sample(legal, min(3, len(legal)))
    for a in {action, *others}:
        name = game.move_name(state, a)
        assert name != str(a), f"{name!r} is the notation itself"
        said += [name, game.explain_move(state, a), game.explain_move(state, a, names[0])]
        for b in others:
            if b != a:
                said.append(game.explain_versus(state, a, b))
                said.append(game.explain_versus(state, a, b, names[1]))
    ranked = [(a, 10 - k, 0.5) for k, a in enumerate(others)]
    said.append(hint_text(game, state, action, "", marked=True, alternatives=ranked))
    if rng.random() < 0.3:  # the game's one-move-ahead ranking: slower, so now and then
        said.append(hint_text(game, state, action, ""))
    other = next((a for a in others if a != action), None)
    if other is not None:
        mover = state.to_move()
        decision = Decision(state.ply, mover, action, (0.5,) * len(names), 0.1, 0.5, other)
        said.append(caption(game, state, decision, names))
    return said


class JudgedReview(Review):
    """A review whose decisions are given: the words are the point here, not the search."""

    def __init__(self, game: Any, record: Any, decisions: list[Decision]) -> None:
        super().__init__(game, record, iterations=1)
        self.decisions = list(decisions)

    @property
    def finished(self) -> bool:
        return True


def _review_words(game, session, decisions, names) -> list[str]:
    """The review's list and its study's captions, for the decisions judged."""
    review = JudgedReview(game, session.full_record(), decisions)
    said = [_text_of(review_html(review, session.seats, None))]
    said += [step.caption for step in review_to_study(review, names).steps]
    return said


@pytest.mark.parametrize(("game_id", "players"), GAMES_AND_PLAYERS)
def test_a_random_games_words_hold_no_record_notation(game_id, players):
    for seed in (3, 11):
        texts, actions = _words_of_a_game(game_id, players, seed)
        patterns = notation_patterns(actions)
        assert len(texts) > 50
        bad = [(text, found) for text in texts if (found := _notation_in(text, patterns))]
        assert not bad, "\n".join(f"{found}: {text}" for text, found in bad[:8])
