"""A link from one seat's eyes carries only what that seat may know (issue 38).

A study or an embedded view of a card game seen through one seat's eyes used to carry the
whole record in its link: every hand dealt, the deck's order, every season's deck. Now its
link (``p2.``, ``ww3.``) holds the record as that seat has seen it by the link's last step:
its own cards, the public ones, how many the others hold, the cards shown by then; the
rest is written "?" and played from stand-ins worked out from what the seat has seen.

Two properties, on random studies of both card games:

- the link is the same whatever the cards the seat has not seen: other worlds the seat
  cannot tell from the real one (cards of the setup swapped where the seat's view of the
  whole line stays the same, checked here step by step) give the very same link;
- decoded, it names no card the seat may not see (Pebbles: no card of another hand or of
  the deck that was not shown; Waddle Waddle: no card of a deck below what was drawn, no
  deck or event of a season to come), and its study marks only cards the seat sees at
  their step and asks only that seat.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from waddle.app.embed import EmbedOptions, embed_link
from waddle.app.exercises import RIGHT, Attempt
from waddle.app.page import Page
from waddle.app.saves import MemoryStorage, SaveStore
from waddle.app.session import Session
from waddle.core.game import CHANCE, OMNISCIENT
from waddle.core.links import LinkError
from waddle.core.rng import Rng
from waddle.core.study import Step, Study
from waddle.games import GAMES
from waddle.games.pebbles.cards import CARDS

CARD_GAMES = ["pebbles", "waddle-waddle"]
STUDIES_PER_GAME = 6
FIXTURES = Path(__file__).parent / "fixtures"


def game(game_id: str):
    return GAMES.by_id(game_id).load()


def played(game_id: str, seed: int) -> Session:
    """A game of ``game_id`` played at random for a while (chance drawn as the app does)."""
    rng = random.Random(seed)
    entry = GAMES.by_id(game_id)
    players = rng.randint(*entry.players)
    session = Session.new(game_id, players, seed)
    plies = rng.randrange(10, 180)
    draw = Rng(seed)
    while session.state.ply < plies and not session.state.is_over():
        session.play(draw.choice(session.state.legal_actions()))
    return session


def views(record, seat: int) -> list:
    """The seat's view at every step of the record's line."""
    state = record.start()
    out = [state.view(seat)]
    for action in record.actions:
        state.apply(action)
        out.append(state.view(seat))
    return out


def random_study(session: Session, seat: int, rng: random.Random) -> Study:
    """Captions and marks on random places at random steps (cards too), a question where
    the seat is to play and one where another seat is."""
    record = session.full_record()
    places = session.game.places(record)
    plies = len(record.actions)
    steps = [
        Step(ply, f"Step {ply}.", tuple(rng.sample(places, 4)))
        for ply in sorted(rng.sample(range(plies + 1), min(5, plies + 1)))
    ]
    study = Study("Through one seat's eyes", tuple(steps), seat)
    state = record.start()
    mine = others = None
    for ply, action in enumerate(record.actions):
        mover = state.to_move()
        if mover == seat and mine is None and ply > 2:
            mine = (ply, action)
        elif mover not in (seat, CHANCE) and others is None and ply > 2:
            others = (ply, action)
        state.apply(action)
    for ply, action in (q for q in (mine, others) if q is not None):
        study = study.with_question(ply, [[action.to_json()]], "Your move", "Because.")
    return study


def equivalent_worlds(game_id: str, record, seat: int, rng: random.Random, tries: int = 12):
    """Records the seat cannot tell from ``record``: two cards of the setup swapped, kept
    only when the game still replays and the seat's view is the same at every step."""
    g = game(game_id)
    base = record.to_json()
    mine = views(record, seat)
    lists = (
        [("hands", p) for p in range(record.players)] + [("deck", None)]
        if game_id == "pebbles"
        else [("decks", s) for s in range(len(base["decks"]))]
    )
    places = [(key, k, i) for key, k in lists for i in range(len(_at(base, key, k)))]
    worlds = []
    for _ in range(tries):
        (k1, a1, i1), (k2, a2, i2) = rng.sample(places, 2)
        data = json.loads(json.dumps(base))
        x, y = _at(data, k1, a1), _at(data, k2, a2)
        x[i1], y[i2] = y[i2], x[i1]
        if data == base:
            continue
        try:
            other = g.record_from_json(data)
            if not same_views(other, seat, mine):
                continue
        except Exception:  # not a game the rules allow (a threat moved out of its stack)
            continue
        worlds.append(other)
    return worlds


def same_views(record, seat: int, expected: list) -> bool:
    """Whether the seat's view is ``expected[k]`` at every step ``k`` of the record's line
    (stopping at the first that differs)."""
    state = record.start()
    if state.view(seat) != expected[0]:
        return False
    for k, action in enumerate(record.actions, start=1):
        state.apply(action)
        if state.view(seat) != expected[k]:
            return False
    return True


def _at(data: dict, key: str, k: int | None) -> list:
    return data[key] if k is None else data[key][k]


def seen_link(session: Session, seat: int, end: int | None = None) -> str:
    """What the embed builder puts in the address for that seat's eyes (and an end)."""
    return embed_link(session, EmbedOptions(eyes=seat, end=end))


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_an_eyes_link_is_the_same_whatever_the_cards_its_seat_has_not_seen(game_id):
    swapped_a_hidden_card = 0
    for case in range(STUDIES_PER_GAME):
        rng = random.Random(f"{game_id}:{case}")
        session = played(game_id, 1000 + case)
        seat = rng.randrange(len(session.seats))
        session.study = random_study(session, seat, rng)
        link = session.link()
        assert link.startswith(("p2.", "ww3."))
        record = session.full_record()
        for world in equivalent_worlds(game_id, record, seat, rng):
            other = Session.start(session.game, world, [s.name for s in session.seats])
            other.study = session.study
            other.go_to(session.state.ply)
            assert other.link() == link, "the link changed with a card its seat has not seen"
            swapped_a_hidden_card += 1
    assert swapped_a_hidden_card >= STUDIES_PER_GAME, "the worlds tried were not other worlds"


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_an_eyes_link_of_a_random_study_names_no_card_its_seat_may_not_see(game_id):
    for case in range(STUDIES_PER_GAME):
        rng = random.Random(f"no card:{game_id}:{case}")
        session = played(game_id, 2000 + case)
        seat = rng.randrange(len(session.seats))
        session.study = random_study(session, seat, rng)
        record = session.full_record()
        # The embed stops before the end of the line: what the rules showed later stays out.
        end = rng.randrange(len(record.actions) + 1)
        for text, upto in (
            (session.link(), len(record.actions)),
            (seen_link(session, seat, end), end),
        ):
            linked = game(game_id).decode_link(text)
            cut = record.with_actions(record.actions[:upto])
            assert len(linked.record.actions) == upto
            data = linked.record.to_json()
            assert data["eyes"] == seat and "seed" not in data and "generated" not in data
            if game_id == "pebbles":
                _no_unseen_pebbles_card(data, cut, seat)
            else:
                _no_unseen_waddle_waddle_card(data, cut)
            _study_shows_only_what_the_seat_sees(linked.study, cut, seat)


def _no_unseen_pebbles_card(data: dict, record, seat: int) -> None:
    """Another hand's cards and the deck's are "?" unless they were shown by the end."""
    state = record.replay()
    public = {str(CARDS[c]) for c in range(52) if (state.public >> c) & 1}
    for p, hand in enumerate(data["hands"]):
        named = [c for c in hand if c != "?"]
        if p == seat:
            assert sorted(named) == sorted(str(c) for c in record.hands[p])
        else:
            assert set(named) <= public, f"hand {p} names a card the seat has not seen"
            assert len(hand) == 10
    assert {c for c in data["deck"] if c != "?"} <= public
    for action in data["actions"]:
        if "reshuffle" in action:
            assert len(action["reshuffle"]) == len(set(action["reshuffle"]) - {"?"}) + action[
                "reshuffle"
            ].count("?")


def _no_unseen_waddle_waddle_card(data: dict, record) -> None:
    """No deck place below what was drawn names a card; no season to come is named."""
    state = record.replay()
    begun = state.season + (0 if state.phase in ("hero", "tokens") else 1)
    for s, deck in enumerate(data["decks"]):
        if s >= begun:
            assert set(deck) == {"?"}, f"deck {s + 1} of a season to come is named"
            if data["events"]:
                assert data["events"][s] == "?"
        elif s == state.season:
            assert set(deck[state.pos :]) <= {"?"}, "a card below what was drawn is named"


def _study_shows_only_what_the_seat_sees(study: Study | None, record, seat: int) -> None:
    if study is None:
        return
    assert study.eyes == seat
    state = record.start()
    for step in study.steps:
        assert step.ply <= len(record.actions), "a step past the link's end"
        while state.ply < step.ply:
            state.apply(record.actions[state.ply])
        seen = cards_in_view(state.view(seat))
        for mark in step.marks:
            if mark.startswith("card:"):
                assert mark[5:] in seen, f"a mark names {mark}, which the seat does not see"
        if step.question is not None:
            assert state.to_move() == seat, "a question asked of another seat"


def cards_in_view(view) -> set[str]:
    """Every card a seat's view shows face up: its hand, the others' shown cards, the
    table (Pebbles' row, trick, discards and known deck; Waddle Waddle's ice floe and a
    waddle or exchange under way)."""
    if hasattr(view, "hands"):  # Pebbles
        cards = [c for hand in view.hands for c in hand.cards]
        cards += [c for c in view.row if c is not None] + [c for _, c in view.trick]
        cards += [*view.discards, *view.deck_known]
    else:
        cards = [*view.floe]
        for sv in view.seats:
            cards += sv.hand if sv.hand is not None else sv.known
        for name, value in view.pending:
            cards += value if name == "waddle" else [value] if name == "exchanged" else []
    return {str(c) for c in cards}


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_a_study_past_the_links_end_and_a_question_of_its_seat_work_from_the_redacted_record(
    game_id,
):
    """The embedded view opens a study through a seat's eyes that stops before its line
    ends: the steps after the end are left out, a question of that seat is answered on
    the stand-ins' game, and no view shows another hand."""
    session = played(game_id, 77)
    rng = random.Random(7)
    record = session.full_record()
    plies = len(record.actions)
    state = record.start()
    asked = None
    for ply, action in enumerate(record.actions):
        if ply > plies // 3 and state.to_move() not in (None, CHANCE) and asked is None:
            asked = (ply, state.to_move(), action)
        state.apply(action)
    assert asked is not None
    ply, seat, action = asked
    end = min(plies, ply + 3)
    session.study = Study(
        "Your move", (Step(ply, "What would you play?"), Step(plies, "The end.")), seat
    ).with_question(ply, [[action.to_json()]], "Your move", "It was played.")
    text = seen_link(session, seat, end)
    page = Page(embed=True, readonly=True, saves=SaveStore(MemoryStorage()))
    page.session = Session.from_link(text)
    page.eyes = seat
    assert page.session.total_plies == end
    assert [s.ply for s in page.session.study.steps] == [ply], "the step past the end is out"
    EmbedOptions(ply=ply, eyes=seat).apply(page.session)
    assert page.viewer() == seat
    omniscient = page.session.state.view(OMNISCIENT)
    assert omniscient == page.session.state.view(seat), "no view shows more than the seat's"
    attempt = Attempt.begin(page.session)
    assert attempt is not None and attempt.seat == seat
    verdict = attempt.answer(action.to_json())
    assert verdict is not None and verdict.status in (RIGHT, "go on")
    assert page.session.game.decode_link(page.session.link()).record.dumps() == (
        page.session.full_record().dumps()
    ), "the link of the embedded game (its 'open the full app') is the same seat's"
    del rng


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_an_eyes_record_reads_back_from_its_file_and_a_save_as_it_was(game_id):
    from waddle.app.saves import export_file, import_file

    session = played(game_id, 5)
    session.study = Study("Eyes", (Step(1, "One."),), 0)
    seen = Session.from_link(session.link())
    again = import_file(export_file(seen))
    assert again.full_record().dumps() == seen.full_record().dumps()
    assert again.link() == seen.link() == session.link()
    assert "?" in again.full_record().dumps()


def test_the_authors_own_reload_of_an_eyes_study_keeps_every_hand():
    """The app's address of a study through one seat's eyes is that seat's link; reloading
    the page resumes the author's autosave, the whole game, not the seat's view of it."""
    from waddle.app.opening import open_page

    session = played("waddle-waddle", 31)
    session.study = Study("Through seat 1", (Step(1, "One."),), 1)
    saves = SaveStore(MemoryStorage())
    saves.autosave(session, now_ms=1)
    opened = open_page(session.link(), None, saves, embed=False, new_seed=lambda: 9)
    assert opened.problem is None and opened.session.setup.eyes is None
    assert opened.session.full_record().dumps() == session.full_record().dumps()


def test_a_damaged_or_impossible_eyes_link_gets_a_link_error():
    from waddle.core.bits import BitReader, BitWriter, pack_text, unpack_text

    session = played("pebbles", 9)
    session.study = Study("Eyes", (), 1)
    text = session.link()
    body = unpack_text(text[3:])
    r = BitReader(body)
    r.uint(3)
    w = BitWriter()
    w.uint(7, 3)  # a seat the game does not have
    rest = r.remaining()
    for _ in range(rest):
        w.uint(r.uint(1), 1)
    with pytest.raises(LinkError, match="seat"):
        game("pebbles").decode_link("p2." + pack_text(w.to_bytes()))


def test_links_through_one_seats_eyes_open_as_written():
    """Eyes links as this version writes them (``p2.``, ``ww3.``), pinned: a later version
    must open each to the record and study it held."""
    data = json.loads((FIXTURES / "eyes_links1.json").read_text())
    assert len(data["links"]) >= 4
    for item in data["links"]:
        linked = game(item["game"]).decode_link(item["link"])
        assert linked.record.dumps() == item["record"]
        assert linked.study == Study.from_json(item["study"])


# ---------------------------------------------------------------------------- the page's paths


def old_eyes_address(game_id: str, seed: int = 4) -> tuple[Session, int, int]:
    """A study whose every hand is in its link (``p1.``/``ww1.``, as addresses written
    before eyes links hold), with a question at a step where seat ``asked`` is to play,
    seen through the eyes of another seat, ``eyes``."""
    session = Session.new(game_id, 3, seed, names=["Red", "Blue", "Yellow"])
    session.all_visible = True
    draw = Rng(seed)
    while session.state.ply < 6:
        session.play(draw.choice(session.state.legal_actions()))
    asked = session.state.to_move()
    eyes = (asked + 1) % 3
    action = session.state.legal_actions()[0]
    session.study = Study("Old", (Step(session.state.ply, "Yours?"),)).with_question(
        session.state.ply, [[action.to_json()]], "Your move", "Because."
    )
    return Session.from_link(session.link_of(session.full_record())), asked, eyes


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_a_question_of_another_seat_is_not_asked_through_one_seats_eyes(game_id):
    """&eyes=N over an old address whose question is another seat's: no question there (its
    answer, shown or told to the host page, would be a card of a hand N may not see); the
    asked seat's own eyes get it."""
    session, asked, eyes = old_eyes_address(game_id)
    page = Page(embed=True, readonly=True, saves=SaveStore(MemoryStorage()))
    page.session = session
    page.eyes = eyes
    assert session.study.step(session.state.ply).question is not None
    assert Attempt.begin(session, eyes=page.study_eyes()) is None
    page.eyes = asked
    attempt = Attempt.begin(session, eyes=page.study_eyes())
    assert attempt is not None and attempt.seat == asked
    played = attempt.show_answer()
    assert attempt.verdict.actions == tuple(a.to_json() for a in played)
    assert attempt.verdict.said, "the move in the game's words"


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_open_in_waddle_from_an_old_eyes_address_holds_only_that_seats_view(game_id):
    """The embedded view's "Open in Waddle" (web/address.py): ``embed_link`` with the
    address's eyes, also over a link that holds every hand."""
    session, _asked, eyes = old_eyes_address(game_id)
    assert session.setup.to_json().get("eyes") is None, "the address holds every hand"
    text = embed_link(session, EmbedOptions(eyes=eyes))
    opened = Session.from_link(text)
    assert opened.state.view(OMNISCIENT) == opened.state.view(eyes)
    data = opened.full_record().to_json()
    assert data["eyes"] == eyes
    if game_id == "pebbles":
        _no_unseen_pebbles_card(data, session.full_record(), eyes)
    else:
        _no_unseen_waddle_waddle_card(data, session.full_record())


def test_show_every_hand_is_not_offered_where_the_game_holds_one_seats_view():
    """A finished game through one seat's eyes offers every hand when its link holds them
    (an old address), not when it holds only that seat's view (there is nothing more)."""
    session = Session.new("pebbles", 3, 4)
    draw = Rng(4)
    while not session.state.is_over():
        session.play(draw.choice(session.state.legal_actions()))
    session.study = Study("End", (Step(session.state.ply, "Over."),), 1)
    names = [seat.name for seat in session.seats]
    old = session.game.encode_link(session.full_record(), names, [None] * 3, session.study)
    for link, offered in ((old, True), (session.link(), False)):
        page = Page(embed=True, readonly=True, saves=SaveStore(MemoryStorage()))
        page.session = Session.from_link(link)
        assert page.study_eyes() == 1 and page.session.line_over
        assert page.hands_offered() is offered, link[:4]
