"""Bad input gets one clear line and loses nothing: the cases hostile testing found.

Records, board files, layouts, component sets and links of every game, read by the
engine and by ``python -m waddle``: nesting a thousand levels deep, values of the wrong
type, inputs big enough to take seconds in a check that rescans a list, values a share
link cannot carry, digits beyond ASCII, output into a closed pipe. (The seeded fuzzing of
every reader is ``test_fuzz_readers.py``.)
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from waddle import cli
from waddle.cli import main
from waddle.core.bits import BitWriter, pack_text
from waddle.core.bots import level_budget
from waddle.core.links import LinkError
from waddle.core.records import BoardError, RecordError
from waddle.core.registry import new_game_record
from waddle.games import GAMES
from waddle.games.waddle_waddle.threats import THREATS

ROOT = Path(__file__).resolve().parent.parent
MAX_SEED = 2**64 - 1
"""The largest seed a share link carries: seeds travel as varints of at most 16 groups."""
GAME_IDS = [entry.id for entry in GAMES]


def game(game_id: str):
    return GAMES.by_id(game_id).load()


def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err, stdin=io.StringIO(stdin))
    return code, out.getvalue(), err.getvalue()


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def nested(levels: int) -> str:
    return "[" * levels + "]" * levels


def one_error_line(err: str) -> str:
    """The single ``error:`` line of ``err`` (fails on more, or on a traceback)."""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err[:500]
    return lines[0]


# -- nesting a thousand levels deep -------------------------------------------------------------


@pytest.mark.parametrize("levels", [1_000, 100_000])
def test_a_record_nested_1000_levels_deep_gets_one_line_not_a_traceback(tmp_path, levels):
    code, out, err = run("replay", write(tmp_path, "deep.json", nested(levels)))
    assert (code, out) == (2, "")
    assert one_error_line(err) == "error: the record is nested deeper than 40 levels"


def test_move_on_a_record_nested_1000_levels_deep_gets_one_line(tmp_path):
    code, _, err = run("move", "--iterations", "1", write(tmp_path, "deep.json", nested(1_000)))
    assert code == 2
    assert "nested deeper than 40 levels" in one_error_line(err)


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("command", ["check-map", "new"])
def test_a_board_file_nested_1000_levels_deep_gets_one_line(tmp_path, game_id, command):
    path = write(tmp_path, "deep.json", f'{{"game": "{game_id}", "board": {nested(1_000)}}}')
    if command == "check-map":
        code, out, err = run("check-map", path)
    else:
        code, out, err = run("new", "--players", "2", "--map", path)
    assert (code, out) == (2, "")
    assert "nested deeper than 40 levels" in one_error_line(err)


def test_a_link_whose_component_set_is_nested_12000_levels_deep_is_refused():
    """The component set travels in the link as JSON text: a crafted link (its checksum
    made to match) nests it as deep as its 12,000 bytes allow."""
    from waddle.games.waddle_waddle.link import _SWITCHES

    w = BitWriter()
    w.uint(0, 3)  # two players
    w.uint(0, 1)  # no names
    w.uint(1, 2)  # a Standard game
    for _ in _SWITCHES:
        w.uint(0, 1)
    w.uint(1, 1)  # a custom component set follows, as text
    w.text("[" * 6_000 + "]" * 6_000)
    with pytest.raises(LinkError, match=r"component set is not valid: .*nested deeper"):
        game("waddle-waddle").decode_link("ww1." + pack_text(w.to_bytes()))


# -- values of the wrong type -------------------------------------------------------------------


def test_a_waddle_waddle_record_whose_tokens_hold_a_word_says_which_key():
    data = game("waddle-waddle").new_record(2, 1).to_json()
    data["tokens"]["fish"] = [0, 1, 2, 3, "x"]
    with pytest.raises(RecordError, match='"tokens" "fish" must give each rookery one of'):
        game("waddle-waddle").record_from_json(data)


def test_a_pebbles_tile_whose_territory_is_a_list_is_named_in_the_problems():
    from waddle.games.pebbles.layout import builtin_layout, parse_layout

    data = builtin_layout(2).to_json()
    data["tiles"][0]["territory"] = ["North"]
    with pytest.raises(BoardError, match=r'territory \["North"\] is not one of the layout'):
        parse_layout(data)


def test_a_component_set_whose_event_kind_is_a_list_is_named_in_the_problems():
    from waddle.games.waddle_waddle.components import BUILT_IN, components_from_json

    data = json.loads(json.dumps(BUILT_IN.raw))
    data["events"][0]["effect"]["kind"] = ["rookery_fish"]
    with pytest.raises(BoardError, match=re.escape('"effect" must be {"kind": K')):
        components_from_json(data)


# -- the command line ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "command", [[], ["replay"], ["new"], ["check-map"], ["bench"], ["move"], ["tournament"]]
)
def test_help_of_every_command_prints_its_usage(command, capsys):
    assert main([*command, "--help"]) == 0
    assert capsys.readouterr().out.startswith("usage: python -m waddle")


def test_python_m_waddle_help_prints_every_command_as_a_user_runs_it():
    result = subprocess.run(
        [sys.executable, "-m", "waddle", "--help"], cwd=ROOT, capture_output=True, text=True
    )
    assert (result.returncode, result.stderr) == (0, "")
    assert "95% CIs" in result.stdout


def test_jsonl_answers_every_line_whatever_its_fault(tmp_path):
    ww = game("waddle-waddle").new_record(2, 1).to_json()
    ww["tokens"]["fish"] = [0, 1, 2, 3, "x"]
    good = [game(g).new_record(2, 1).dumps() for g in GAME_IDS]
    lines = [
        good[0],
        nested(1_000),
        good[1],
        json.dumps(ww),
        "not json",
        good[2],
        '{"format": "' + "x" * 100_000 + '"}',
        "",
        "[1, 2]",
        nested(100_000),
        good[3],
        '{"format": "htmf-record/1", "players": 2, "board": ' + nested(1_000) + "}",
        good[0],
    ]
    code, out, err = run("replay", "--jsonl", write(tmp_path, "mixed.jsonl", "\n".join(lines)))
    answers = [json.loads(line) for line in out.splitlines()]
    assert len(answers) == 12  # the empty line 8 is skipped
    bad = [i for i, a in enumerate(answers) if "error" in a]
    assert bad == [1, 3, 4, 6, 7, 8, 10]
    assert code == 2
    assert [e.split(":")[1].strip() for e in err.splitlines()] == [
        "line 2",
        "line 4",
        "line 5",
        "line 7",
        "line 9",
        "line 10",
        "line 12",
    ]
    assert max(len(e) for e in err.splitlines()) < 300


@pytest.mark.parametrize("through", ["file", "standard input"])
def test_jsonl_answers_every_line_when_one_is_not_utf8(tmp_path, through):
    """Before: a file with one line of invalid UTF-8 answered no line ("cannot read …:
    'utf-8' codec can't decode byte 0xff")."""
    good = [game(g).new_record(2, 1).dumps().encode() for g in ("waddle", "pebbles")]
    content = b"\n".join([good[0], b"\xff\xfe{}", good[1]]) + b"\n"
    path = tmp_path / "mixed.jsonl"
    path.write_bytes(content)
    if through == "file":
        argv = [sys.executable, "-m", "waddle", "replay", "--jsonl", str(path)]
        result = subprocess.run(argv, cwd=ROOT, capture_output=True)
    else:
        argv = [sys.executable, "-m", "waddle", "replay", "--jsonl", "-"]
        env = {**os.environ, "PYTHONIOENCODING": "utf-8:strict"}  # whatever the locale
        result = subprocess.run(argv, cwd=ROOT, input=content, capture_output=True, env=env)
    answers = [json.loads(line) for line in result.stdout.decode().splitlines()]
    assert [("error" in a) for a in answers] == [False, True, False]
    assert answers[1] == {"error": "the record is not text in UTF-8"}
    assert result.returncode == 2
    assert one_error_line(result.stderr.decode()) == (
        "error: line 2: the record is not text in UTF-8"
    )


def test_jsonl_answers_the_other_lines_when_a_reader_fails_on_one(tmp_path, monkeypatch):
    """A reader's bug (an exception that is not a RecordError) costs one line, said as
    an internal error, not the rest of the file."""
    real = cli.replay_result

    def buggy(line: bytes):  # --jsonl hands each line over undecoded
        if b"boom" in line:
            raise TypeError("boom")
        return real(line)

    monkeypatch.setattr(cli, "replay_result", buggy)
    good = game("htmf").new_record(2, 1).dumps()
    code, out, err = run("replay", "--jsonl", "-", stdin="\n".join([good, '"boom"', good]))
    answers = [json.loads(line) for line in out.splitlines()]
    assert [("error" in a) for a in answers] == [False, True, False]
    assert code == 2
    assert one_error_line(err).startswith("error: line 2: internal error on this input (TypeError")


def test_jsonl_keeps_a_line_whose_territory_name_holds_a_line_separator(tmp_path):
    """JSON Lines ends a line with "\\n" only; U+2028 inside a string is part of it."""
    from waddle.games.pebbles.layout import builtin_layout, parse_layout
    from waddle.games.pebbles.record import new_record

    data = builtin_layout(2).to_json()
    old = data["territories"][0]["name"]
    data["territories"][0]["name"] = "North\u2028Ridge"
    for tile in data["tiles"]:
        tile["territory"] = "North\u2028Ridge" if tile["territory"] == old else tile["territory"]
    layout, _ = parse_layout({k: v for k, v in data.items() if k != "name"})
    text = new_record(2, 1, layout).dumps()
    assert "\u2028" in text
    code, out, err = run("replay", "--jsonl", "-", stdin=text + "\n")
    assert (code, err) == (0, "")
    assert len(out.splitlines()) == 1


def test_replay_into_a_pipe_closed_early_exits_quietly(tmp_path):
    """``python -m waddle replay --jsonl big.jsonl | head -1``: no traceback, status 141."""
    line = game("htmf").new_record(2, 1).dumps()
    path = write(tmp_path, "big.jsonl", "\n".join([line] * 1_000))  # 600 KB of answers
    process = subprocess.Popen(
        [sys.executable, "-m", "waddle", "replay", "--jsonl", path],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    assert json.loads(process.stdout.readline())["over"] is False
    process.stdout.close()  # as head does after its first line
    err = process.stderr.read().decode()
    assert (process.wait(timeout=60), err) == (141, "")


def test_standard_input_that_is_not_utf8_gets_one_line_as_a_user_runs_it():
    result = subprocess.run(
        [sys.executable, "-m", "waddle", "replay", "-"],
        cwd=ROOT,
        input=b"\xff\xfe{}",
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "utf-8:strict"},  # whatever the locale
    )
    assert result.returncode == 2
    assert one_error_line(result.stderr.decode()).startswith(
        "error: cannot read standard input: 'utf-8' codec can't decode"
    )


def test_a_board_reader_failing_unexpectedly_is_one_line_not_a_traceback(tmp_path, monkeypatch):
    """check-map, new --map, replay and move promise one error line whatever the file;
    a reader's bug is said in it (to be reported) rather than as a traceback."""
    htmf = game("htmf")

    def buggy(text):
        raise TypeError("boom")

    monkeypatch.setattr(type(htmf), "check_board", lambda self, text: buggy(text))
    code, out, err = run("check-map", "--game", "htmf", write(tmp_path, "b.json", "[]"))
    assert (code, out) == (2, "")
    assert one_error_line(err) == (
        'error: internal error on this input (TypeError: "boom"); please report it'
    )


def test_new_refuses_digits_beyond_ascii():
    code, out, err = run("new", "--players", "٣")
    assert (code, out) == (2, "")
    assert "invalid int value" in err


# -- inputs that took seconds ---------------------------------------------------------------------


def test_a_waddle_waddle_deck_of_a_million_bytes_of_repeated_cards_is_refused_whole():
    """Before: the deck's threats repeated 85,000 times made the expected deck as long as
    the record's, and each extra card scanned all of it (1.3 MB, about half a minute)."""
    data = game("waddle-waddle").new_record(2, 1).to_json()
    deck = data["decks"][0]
    threat = next(card for card in deck if card in {t.code for t in THREATS})
    data["decks"][0] = deck + [threat] * 85_000 + ["Ki3"] * 85_000
    with pytest.raises(RecordError) as raised:
        game("waddle-waddle").record_from_json(data)
    assert str(raised.value) == "deck 1 has 170,076 cards; a season's deck has 76"


def test_a_deck_a_few_cards_off_still_says_which_are_missing_and_extra():
    data = game("waddle-waddle").new_record(2, 1).to_json()
    deck = data["decks"][0]
    deck[0] = deck[1]
    with pytest.raises(RecordError, match=r"missing .*; extra "):
        game("waddle-waddle").record_from_json(data)


def test_a_pebbles_layout_of_40000_territories_gets_one_problem():
    """Before: 35 s, each name compared with every one before it, and a problem each."""
    from waddle.games.pebbles.layout import builtin_layout, check_layout

    data = builtin_layout(2).to_json()
    data["territories"] = [{"name": f"T{i}", "value": 1} for i in range(40_000)]
    with pytest.raises(BoardError) as raised:
        check_layout(json.dumps(data))
    assert raised.value.problems == ["40000 territories: the box has only 4 VP tokens"]


def test_a_hey_thats_my_fish_board_with_a_line_of_200_floes_is_refused_quickly():
    """Before: a line of 800 floes was accepted after 13 s (the board's tables grow with
    the cube of a line); 200 is the longest line within the bounds of a board."""
    floes = [{"q": q, "r": 0, "fish": 1} for q in range(-100, 100)]
    with pytest.raises(BoardError) as raised:
        game("htmf").check_board(json.dumps(floes))
    assert raised.value.problems == [
        "the board has a straight line of 200 floes, from -100,0 to 99,0; a line has at most 24"
    ]


def test_a_waddle_map_of_more_hexes_than_a_link_carries_is_refused():
    data = game("waddle").new_record(2, 1).to_json()
    data["map"] = [{"q": q, "r": 0, "kind": "ice"} for q in range(2_500)]
    with pytest.raises(RecordError) as raised:
        game("waddle").record_from_json(data)
    assert str(raised.value) == "map: the map has 2,500 hexes; a map has at most 2,000"


@pytest.mark.parametrize(
    ("game_id", "key", "value"),
    [
        ("waddle", "format", "x" * 1_000_000),
        ("pebbles", "layout", "x" * 1_000_000),
        ("waddle-waddle", "components", "x" * 1_000_000),
        ("waddle-waddle", "options", {"x" * 1_000_000: True}),
        ("pebbles", "row", ["x" * 1_000_000] * 4),
    ],
    ids=["format", "layout", "components", "option", "card"],
)
def test_an_error_quotes_a_short_prefix_of_a_huge_value(game_id, key, value):
    data = game(game_id).new_record(2, 1).to_json()
    data[key] = value
    with pytest.raises(RecordError) as raised:
        cli.replay_result(json.dumps(data))
    assert len(str(raised.value)) < 200


# -- one place far from the others ----------------------------------------------------------------

FAR_OFF = [(1 << 40, 0), (0, -(2**31)), (10**5, 0), (10**6, -3), (101, 0)]
"""Places no board reaches (Hey, That's My Fish! and Waddle: 100 steps from 0,0)."""


@pytest.mark.parametrize("game_id", ["htmf", "waddle", "pebbles"])
@pytest.mark.parametrize(("q", "r"), FAR_OFF)
def test_a_board_with_one_place_far_off_is_refused_in_one_line_as_record_file_and_link(
    tmp_path, game_id, q, r
):
    """Before: a record with one floe at q = 2**40 passed replay and check-map, and its
    link never drew (a column label for every column up to it; a place named one word a
    step); an imported save with a hex at r = -2**31 hung the Saves dialog."""
    from tests.far_boards import far_link, far_record_json
    from waddle.app.saves import MemoryStorage, SaveError, SaveStore, import_file
    from waddle.app.session import Session

    data = far_record_json(game_id, q, r)
    code, out, err = run("replay", write(tmp_path, "far.json", json.dumps(data)))
    assert (code, out) == (2, "")
    assert "too far from 0,0" in one_error_line(err)
    board = {"htmf": "board", "waddle": "map", "pebbles": "layout"}[game_id]
    code, out, err = run(
        "check-map",
        "--game",
        game_id,
        write(
            tmp_path,
            "b.json",
            json.dumps(
                {"game": game_id, board: data[board]} if game_id != "pebbles" else data["layout"]
            ),
        ),
    )
    assert (code, out) == (2, "") and "too far from 0,0" in err
    with pytest.raises(SaveError, match="too far from 0,0"):
        import_file(json.dumps(data))
    link = far_link(game_id, q, r)
    with pytest.raises(LinkError, match="too far from 0,0"):
        game(game_id).decode_link(link)
    saves = SaveStore(MemoryStorage())
    playing = Session.new(game_id, 2, seed=3)
    saves.autosave(playing, now_ms=1)
    from waddle.app.opening import open_page

    opened = open_page(link, None, saves, embed=False, new_seed=lambda: 9)
    assert opened.session.link() == playing.link(), "the game in progress is shown"
    assert "too far from 0,0" in opened.problem and len(opened.problem) < 300


@pytest.mark.parametrize("game_id", ["htmf", "waddle"])
def test_a_legal_board_with_one_place_far_off_draws_and_names_as_much_as_a_near_one(game_id):
    """A place as far as a board may reach (100 steps) is drawn with the others: the
    labels, the words and the markup are those of one more place, not of the steps to it
    (before: a column label for every column up to it; a name of one word a step)."""
    from tests.far_boards import far_record_json
    from waddle.app.session import Session

    drawn = {}
    for q in (8, 100):
        g = game(game_id)
        record = g.record_from_json(far_record_json(game_id, q, -q // 2))
        session = Session.start(g, record)
        markup = session.presenter.render(session.scene()).board.markup
        said = re.findall(r'aria-label="([^"]*)"', markup)
        drawn[q] = (len(markup), markup.count('class="board-label"'), max(map(len, said)))
    (near, near_labels, near_said), (far, far_labels, far_said) = drawn[8], drawn[100]
    assert far - near < 300, "the markup of one more place"
    assert far_labels <= near_labels + 2, "a label over the far place, not over every column"
    assert far_said <= near_said + 12, "the far place's name is as long as a near one's"


# -- messages quote a short excerpt of what they refuse -------------------------------------------


def _played(game_id: str, plies: int) -> dict:
    """A new game of ``game_id`` with its first legal actions played, as JSON."""
    record = game(game_id).new_record(2, 1)
    state = record.start()
    while state.ply < plies:
        state.apply(state.legal_actions()[0])
    return record.with_actions(state.history).to_json()


@pytest.mark.parametrize(
    ("game_id", "action"),
    [
        ("pebbles", {"reshuffle": ["7S"] * 100_000}),
        ("waddle-waddle", {"waddle": ["Ki3"] * 100_000}),
        ("pebbles", {"play": ["7S"] * 100_000}),
        ("waddle-waddle", {"draft": ["Ki3"] * 100_000}),
    ],
    ids=["reshuffle", "waddle", "play-list", "draft-list"],
)
def test_an_action_of_100000_cards_gets_a_short_error_line_and_a_short_save_message(
    tmp_path, game_id, action
):
    """Before: the illegal waddle of 100,000 cards gave a 700,062-character error line,
    and the Saves dialog showed the same."""
    from waddle.app.saves import SaveError, import_file

    data = _played(game_id, 3)
    data["actions"].append(action)
    code, out, err = run("replay", write(tmp_path, "big.json", json.dumps(data)))
    assert (code, out) == (2, "")
    line = one_error_line(err)
    assert line.startswith("error: action 3: ") and len(line) < 250, line[:300]
    with pytest.raises(SaveError) as raised:
        import_file(json.dumps(data))
    assert len(str(raised.value)) < 250


def test_the_saves_list_quotes_a_short_excerpt_of_a_damaged_entry_and_a_long_name():
    from waddle.app.saves import NAMED_PREFIX, MemoryStorage, SaveStore
    from waddle.app.session import Session

    storage = MemoryStorage()
    saves = SaveStore(storage)
    key = saves.save_as("Sunday", Session.new("pebbles", 2, seed=1), now_ms=1)
    entry = json.loads(storage.data[key])
    entry["name"] = "n" * 1_000_000
    entry["names"] = ["m" * 1_000] * 1_000
    storage.data[key] = json.dumps(entry)
    storage.data[NAMED_PREFIX + "k" * 1_000_000] = "{" + "x" * 1_000_000
    listing = saves.list()
    assert [len(e.name) for e in listing.entries] == [60]
    assert len(listing.entries[0].names) == 6 and max(map(len, listing.entries[0].names)) == 24
    assert len(listing.problems) == 1 and len(listing.problems[0]) < 200


# -- values a link cannot carry ----------------------------------------------------------------


@pytest.mark.parametrize("seed", [10**30, 2**64, -1])
def test_a_pebbles_record_whose_seed_no_link_can_carry_is_refused(seed):
    data = game("pebbles").new_record(2, 1).to_json()
    data["seed"] = seed
    with pytest.raises(RecordError, match=f'"seed" must be an integer from 0 to {MAX_SEED}'):
        game("pebbles").record_from_json(data)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_game_with_the_largest_seed_a_link_holds_comes_back_from_its_link(game_id):
    record = game(game_id).new_record(2, MAX_SEED)
    again = game(game_id).decode_link(game(game_id).encode_link(record)).record
    assert again.dumps() == record.dumps()


@pytest.mark.parametrize("game_id", ["waddle", "htmf", "waddle-waddle"])
@pytest.mark.parametrize("seed", [2**64, -1])
def test_a_generated_hint_whose_seed_no_link_can_carry_is_ignored_and_the_game_still_shares(
    game_id, seed
):
    """``"generated"`` only says where a board came from (the board itself is written
    out): a seed no link can carry is ignored, and the link carries the board itself."""
    data = game(game_id).new_record(2, 5).to_json()
    data["generated"]["seed"] = seed
    record = game(game_id).record_from_json(data)
    assert record.generated is None
    again = game(game_id).decode_link(game(game_id).encode_link(record)).record
    assert again.dumps() == record.dumps()


@pytest.mark.parametrize("seed", ["-1", "18446744073709551616", "٣"])
def test_new_refuses_a_seed_no_link_can_carry(seed):
    code, out, err = run("new", "--players", "2", "--seed", seed)
    assert (code, out) == (2, "")
    assert "a seed is a whole number from 0 to 18446744073709551615" in err


def test_new_takes_the_largest_seed_a_link_carries():
    code, out, _ = run("new", "--game", "pebbles", "--players", "2", "--seed", str(MAX_SEED))
    assert code == 0
    assert json.loads(out)["seed"] == MAX_SEED


def test_a_new_game_from_the_registry_refuses_a_negative_seed():
    with pytest.raises(ValueError, match="the seed must be an integer from 0"):
        new_game_record(game("pebbles"), 2, -1)


def pebbles_layout_with(name: str, value: object) -> dict:
    from waddle.games.pebbles.layout import builtin_layout

    data = builtin_layout(2).to_json()
    old = data["territories"][0]["name"]
    data["territories"][0] = {"name": name, "value": value}
    for tile in data["tiles"]:
        tile["territory"] = name if tile["territory"] == old else tile["territory"]
    data.pop("name")
    return data


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("Ridge", 10**30, "longer than a share link holds"),
        ("Ridge", "1" * 21, "longer than a share link holds"),
        ("é" * 31, 1, "a name has at most 60 bytes"),
        ("Ridge\ud800", 1, "a name must be text in UTF-8"),
        ("Ridge", "٣", "a territory value is a whole number or a formula"),
    ],
)
def test_a_territory_a_link_cannot_carry_is_refused(name, value, message):
    from waddle.games.pebbles.layout import parse_layout

    with pytest.raises(BoardError, match=message):
        parse_layout(pebbles_layout_with(name, value))


def test_the_largest_territory_a_link_carries_comes_back_from_its_link():
    from waddle.games.pebbles.layout import parse_layout
    from waddle.games.pebbles.record import new_record

    layout, _ = parse_layout(pebbles_layout_with("é" * 30, "9" * 20))
    record = new_record(2, 1, layout)
    again = game("pebbles").decode_link(game("pebbles").encode_link(record)).record
    assert again.dumps() == record.dumps()


def test_a_component_set_larger_than_a_link_carries_is_refused():
    from waddle.games.waddle_waddle.components import BUILT_IN, components_from_json

    data = {**BUILT_IN.raw, "note": "x" * 12_000}
    with pytest.raises(BoardError, match="a share link holds at most 12,000"):
        components_from_json(data)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda hexes: hexes[0].update(q=2**63), "too far from 0,0"),
        (lambda hexes: hexes[0].update(r=-(2**63) - 1), "too far from 0,0"),
        (lambda hexes: hexes[0].update(kind="water", fish=[1] * 51), "at most 50 fish"),
        (lambda hexes: hexes[0].update(kind="water", fish=[2**64]), "at most 50 fish"),
    ],
)
def test_a_waddle_hex_a_link_cannot_carry_is_refused(change, message):
    data = game("waddle").new_record(2, 1).to_json()
    change(data["map"])
    with pytest.raises(RecordError, match=message):
        game("waddle").record_from_json(data)


def test_a_floe_a_link_cannot_carry_is_refused():
    data = game("htmf").new_record(2, 1).to_json()
    data["board"][0]["q"] = 2**63
    with pytest.raises(RecordError, match="too far from 0,0"):
        game("htmf").record_from_json(data)


# -- digits beyond ASCII -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("module", "function", "text"),
    [
        ("waddle.games.pebbles.cards", "parse_card", "٧S"),
        ("waddle.games.pebbles.layout", "parse_value", "٣X"),
        ("waddle.games.pebbles.actions", "parse_action", "place ٣"),
        ("waddle.games.waddle.actions", "parse_action", "٣,0"),
        ("waddle.games.htmf.actions", "parse_action", "1,٣"),
        ("waddle.games.waddle_waddle.actions", "parse_action", "cp٣ macquarie"),
    ],
)
def test_digits_beyond_ascii_are_not_numbers(module, function, text):
    import importlib

    with pytest.raises(ValueError):
        getattr(importlib.import_module(module), function)(text)


def test_a_bot_budget_in_superscript_digits_is_an_unknown_level():
    with pytest.raises(ValueError, match="@ takes a number of iterations"):
        level_budget("hard@²")


def test_the_waddle_board_editor_ignores_a_tile_number_beyond_ascii():
    editor = game("waddle").board_editor()
    ui = editor.new_ui()
    before = ui.tile
    editor.on_tool(editor.empty(), ui, "tile", "٣")
    assert ui.tile == before
