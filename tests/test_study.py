"""Studies: captions and marks on the steps of a game, in links, records, saves and files.

A study must travel everywhere a game does, for every game of the platform, without
changing what older readers see: a link with a study is still a link of its game, and a
link or a file without one is exactly what it was.
"""

from __future__ import annotations

import importlib
import json
import random

import pytest

from waddle.app.saves import MemoryStorage, SaveError, SaveStore, export_file, import_file
from waddle.app.session import Session
from waddle.core.links import LinkError
from waddle.core.study import MAX_CAPTION, Step, Study, StudyError, clean_text
from waddle.core.textpack import packed_bits
from waddle.games import GAMES

HOSTILE = '<img src=x onerror="alert(1)"> & </textarea><script>alert(2)</script>'
NAMES = ["Annabel", "Bartholomew", "Cy", "Dee", "Eve"]
CAPTIONS = [
    "Red has three penguins next to pool 3 and Blue has three too: a tie at the pool.",
    "Both tied players score the same fish, the best one; the next rank gets nothing.",
    "Yellow cannot scout: the last player left on the active track must place now!!!!",
    "Look at 2,-1: placing there joins two waddles into one of five penguins, 15 VP!!",
    "The game ends when no numbered water hex has an empty ice hex next to it. Count.",
]


def played(game_id: str, players: int, seed: int = 11, plies: int | None = None) -> Session:
    """A game of ``game_id`` with names, random moves to the end (or ``plies`` moves)."""
    session = Session.new(game_id, players, seed, names=NAMES[:players])
    rng = random.Random(seed)
    while not session.state.is_over() and (plies is None or session.state.ply < plies):
        assert session.play(rng.choice(session.state.legal_actions()))
    return session


def five_step_study(session: Session) -> Study:
    places = session.game.places(session.full_record())
    n = session.total_plies
    steps = tuple(
        Step(k * n // 5, caption, (places[k], places[k + 3]), ((places[k], places[k + 5]),))
        for k, caption in enumerate(CAPTIONS)
    )
    return Study("A tie at a Waddle pool", steps)


GAME_SIZES = [("waddle", 5), ("waddle", 2), ("htmf", 4), ("htmf", 2)]


# -- the model ------------------------------------------------------------------------------


def test_a_study_keeps_one_step_per_position_and_drops_empty_ones():
    study = Study("t", (Step(4, "b"), Step(2, "a"), Step(4, "c"), Step(6)))
    assert [(s.ply, s.caption) for s in study.steps] == [(2, "a"), (4, "c")]
    study = study.with_caption(2, "")
    assert [s.ply for s in study.steps] == [4] and study.first_annotated == 4
    marked = study.with_step(study.step(7).toggle_mark("1,0").toggle_arrow("1,0", "2,0"))
    assert marked.step(7).marks == ("1,0",) and marked.step(7).arrows == (("1,0", "2,0"),)
    assert marked.with_step(marked.step(7).toggle_mark("1,0").toggle_arrow("1,0", "2,0")) == study


def test_captions_and_titles_are_plain_text_without_control_characters():
    assert clean_text("a\x00b\x1b[31mc\u2028d", 40) == "ab[31mcd"
    assert clean_text("x" * 500, MAX_CAPTION) == "x" * MAX_CAPTION
    assert Study().with_title("Line one\nline two").title == "Line one line two"
    assert Study().with_caption(0, HOSTILE).step(0).caption == HOSTILE, "markup is kept as text"


def test_the_text_code_spends_fewer_bits_than_utf8_on_english_captions():
    for caption in CAPTIONS:
        assert packed_bits(caption) < 0.65 * 8 * len(caption), caption


@pytest.mark.parametrize(
    "data, says",
    [
        ([], "JSON object"),
        ({"steps": [{"ply": -1}]}, '"ply"'),
        ({"steps": [{"ply": 99}]}, "after the end"),
        ({"steps": [{"ply": 1}, {"ply": 1}]}, "second step"),
        ({"steps": [{"ply": 0, "caption": 5}]}, '"caption"'),
        ({"steps": [{"ply": 0, "caption": "x" * 401}]}, '"caption"'),
        ({"steps": [{"ply": 0, "marks": ["1,0", "1,0"]}]}, '"marks"'),
        ({"steps": [{"ply": 0, "marks": ["40,40"]}]}, "not a place"),
        ({"steps": [{"ply": 0, "arrows": [["1,0"]]}]}, "two places"),
        ({"steps": [{"ply": 0, "arrows": [["1,0", "1,0"]]}]}, "between two places"),
        ({"title": ["no"]}, '"title"'),
    ],
)
def test_a_study_that_cannot_be_read_says_which_step_and_field(data, says):
    with pytest.raises(StudyError, match=says.replace("(", r"\(")):
        Study.from_json(data, places={"1,0", "2,0"}, plies=10)


# -- in links -------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id, players", GAME_SIZES)
def test_a_study_link_holds_the_title_captions_marks_and_arrows_of_each_step(game_id, players):
    session = played(game_id, players)
    session.study = five_step_study(session)
    linked = Session.from_link(session.link())
    assert linked.study == session.study
    assert linked.full_record().dumps() == session.full_record().dumps()
    assert [s.name for s in linked.seats] == NAMES[:players]
    assert linked.state.ply == session.study.first_annotated == 0, "it opens where it begins"


@pytest.mark.parametrize("game_id, players", GAME_SIZES)
def test_a_study_link_with_five_80_character_captions_stays_under_800_characters(game_id, players):
    session = played(game_id, players)
    session.study = five_step_study(session)
    assert all(len(s.caption) == 80 for s in session.study.steps)
    link = session.link()
    print(f"{game_id}, {players} players, whole game, names: {len(link)} characters")
    assert len(link) < 800


@pytest.mark.parametrize("game_id, players", GAME_SIZES)
def test_a_link_without_a_study_is_what_it_was_before_studies(game_id, players):
    session = played(game_id, players, plies=9)
    game, record = session.game, session.record()
    names, bots = NAMES[:players], [None, "hard", *[None] * (players - 2)]
    before = game.encode_link(record, names, bots)
    assert game.encode_link(record, names, bots, None) == before
    assert game.encode_link(record, names, bots, Study()) == before, "an empty study adds nothing"
    assert game.decode_link(before).study is None


@pytest.mark.parametrize("game_id, players", GAME_SIZES)
@pytest.mark.parametrize("with_bots", [False, True])
@pytest.mark.parametrize("size", ["tiny", "five captions"])
def test_decoders_from_before_studies_read_a_study_link_as_the_same_game(
    game_id, players, with_bots, size, monkeypatch
):
    """Such a decoder is today's without the line that reads the study (read_study comes
    after read_seats, and nothing after it checks what is left): it must still find the
    same record, names and computer seats, whatever the study's size."""
    session = played(game_id, players, plies=12)
    game = session.game
    places = game.places(session.record())
    study = Study("", (Step(1, "", (places[0],)),)) if size == "tiny" else five_step_study(session)
    study = study.upto(12)
    bots = [None, "easy", *[None] * (players - 2)] if with_bots else None
    link = game.encode_link(session.record(), NAMES[:players], bots, study)
    new = game.decode_link(link)
    assert new.study == study
    link_module = importlib.import_module(f"waddle.games.{game_id}.link")
    # where the game's decoder finds read_study: its own module, or the codec it configures
    where = "waddle.core.link_codec" if hasattr(link_module, "CODEC") else link_module.__name__
    monkeypatch.setattr(f"{where}.read_study", lambda *_args: None)
    old = game.decode_link(link)
    assert old.record.dumps() == session.record().dumps()
    assert (old.names, old.bots) == (NAMES[:players], bots)


def test_every_link_written_before_studies_opens_without_a_study():
    from test_compat_waddle_v1 import FIXTURES

    for case in FIXTURES["links"]:
        assert Session.from_link(case["link"]).study is None


@pytest.mark.parametrize("game_id", ["waddle", "htmf"])
def test_a_link_whose_study_marks_a_place_off_the_board_is_refused(game_id, monkeypatch):
    session = played(game_id, 2, plies=6)
    real = session.game.places(session.record())
    monkeypatch.setattr(f"waddle.games.{game_id}.link.places", lambda _record: (*real, "99,99"))
    link = session.game.encode_link(
        session.record(), None, None, Study("", (Step(2, "x", ("99,99",)),))
    )
    monkeypatch.undo()
    with pytest.raises(LinkError, match="not on its board"):
        session.game.decode_link(link)


def test_hostile_text_in_a_study_link_comes_back_as_the_same_text():
    session = played("htmf", 3, plies=10)
    session.study = Study(HOSTILE[:80], (Step(3, HOSTILE + "\nline two"), Step(10, "é ✓ 🐧")))
    again = Session.from_link(session.link()).study
    assert again == session.study
    assert again.step(3).caption.startswith("<img src=x")


# -- in sessions, saves and files -------------------------------------------------------------


def test_playing_another_move_from_an_earlier_step_drops_the_steps_of_the_old_line():
    session = played("waddle", 3, plies=10)
    session.study = Study("", (Step(2, "two"), Step(4, "four"), Step(8, "eight")))
    session.go_to(4)
    assert session.redo() and session.undo(), "the same move again keeps the line"
    assert session.study.last_annotated == 8
    replayed = session.future[-1]
    other = next(a for a in session.state.legal_actions() if a != replayed)
    assert session.play(other)
    assert [s.ply for s in session.study.steps] == [2, 4]


def test_a_study_survives_a_named_save_the_autosave_an_export_and_an_import():
    storage = MemoryStorage()
    saves = SaveStore(storage)
    session = played("htmf", 2, plies=14)
    session.study = Study(HOSTILE[:60], (Step(0, "Start."), Step(9, HOSTILE, ("3,0",))))
    session.go_to(9)
    key = saves.save_as("Blocked in", session, now_ms=1)
    saves.autosave(session, now_ms=2)
    entry = saves.list().entries[0]
    assert entry.study == HOSTILE[:60]
    for restored in (saves.load(key), saves.load_autosave()[0], import_file(export_file(session))):
        assert restored.study == session.study
        assert restored.full_record().dumps() == session.full_record().dumps()
    assert saves.load(key).state.ply == 9, "a save opens where it was left"
    assert import_file(export_file(session)).state.ply == 0, "a file opens where the study begins"
    data = json.loads(export_file(session))
    assert data["study"]["steps"][1] == {"ply": 9, "caption": HOSTILE, "marks": ["3,0"]}
    assert GAMES.by_id("htmf").load().record_from_json(data).dumps() == (
        session.full_record().dumps()
    ), "a record reader that knows nothing of studies reads the same game"


def test_an_imported_file_with_a_broken_study_says_so():
    session = played("waddle", 2, plies=4)
    data = json.loads(export_file(session))
    data["study"] = {"steps": [{"ply": 0, "marks": ["not a hex"]}]}
    with pytest.raises(SaveError, match="its study cannot be read: step 0"):
        import_file(json.dumps(data))


def test_a_plain_game_saves_and_exports_no_study_key():
    session = played("waddle", 2, plies=4)
    assert "study" not in json.loads(export_file(session))
    saves = SaveStore(MemoryStorage())
    saves.save_as("plain", session, now_ms=1)
    assert saves.list().entries[0].study is None
