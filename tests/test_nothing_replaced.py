"""Issue 38, items 2 and 3: a link never replaces the game in progress silently (whatever
its kind: it is kept, offered on the chooser, with one line saying so, unless the link is
that very game at a later move), and two tabs never overwrite each other's game (each
tab's game has its own entry; after every tab is closed, every unfinished game is
offered)."""

from __future__ import annotations

import pytest
from test_opening import playing, store_with

from waddle.app.opening import KEPT, open_page
from waddle.app.saves import AUTOSAVE_KEY, SHELF_PREFIX, MemoryStorage, SaveStore
from waddle.app.session import Session


def links_of(saves: SaveStore, entries) -> set[str]:
    return {saves.load(e.key).link() for e in entries}


@pytest.mark.parametrize("game_id", ["waddle", "htmf", "pebbles", "waddle-waddle"])
def test_a_link_of_another_game_of_the_same_kind_keeps_the_game_in_progress(game_id):
    in_progress = playing(game_id, seed=3)
    saves = store_with(in_progress)
    other = playing(game_id, seed=4)
    opening = open_page(other.link(), None, saves, False, lambda: 1)
    assert opening.session.link() == other.link()
    assert opening.session.message == KEPT
    kept = saves.load(SHELF_PREFIX + game_id)
    assert kept.full_record().to_json() == in_progress.full_record().to_json()
    assert saves.shelved()[game_id].ply == in_progress.state.ply


def test_the_same_game_at_a_later_move_is_no_other_game():
    in_progress = playing("waddle", seed=3, plies=4)
    saves = store_with(in_progress)
    later = Session.start(in_progress.game, in_progress.full_record(), None)
    later.play(later.state.legal_actions()[0])
    opening = open_page(later.link(), None, saves, False, lambda: 1)
    assert opening.session.message is None
    assert not any(k.startswith(SHELF_PREFIX) for k in list(saves.storage.keys()))


def test_an_older_link_of_the_game_in_progress_keeps_its_later_moves():
    in_progress = playing("htmf", seed=3, plies=8)
    saves = store_with(in_progress)
    older = Session.start(in_progress.game, in_progress.full_record(), None)
    older.undo()
    older.undo()
    older.future.clear()
    opening = open_page(older.link(), None, saves, False, lambda: 1)
    assert opening.session.message == KEPT
    assert saves.load(SHELF_PREFIX + "htmf").state.ply == 8


def test_games_kept_one_after_another_are_all_kept_and_offered():
    saves = SaveStore(MemoryStorage())
    games = [playing("waddle", seed=s) for s in (3, 4, 5)]
    saves.autosave(games[0], 1)
    assert saves.keep_in_progress(games[1])
    saves.autosave(games[1], 2)
    assert saves.keep_in_progress(games[2])
    saves.autosave(games[2], 3)
    assert set(saves.shelved()) == {"waddle"}  # the chooser's Resume: the first kept
    offered = saves.unfinished(exclude=[games[2].link()])
    assert links_of(saves, offered) == {games[1].link()}
    assert saves.load(SHELF_PREFIX + "waddle").link() == games[0].link()


def test_two_tabs_playing_in_turn_keep_both_games():
    saves = SaveStore(MemoryStorage())
    waddle, fish = playing("waddle", seed=3, plies=2), playing("htmf", seed=3, plies=2)
    for turn in range(6):  # moves alternate between the tabs; each autosaves
        for tab, session in (("a", waddle), ("b", fish)):
            session.play(session.state.legal_actions()[0])
            saves.autosave(session, 100 * turn + (tab == "b"), tab)
    # Both tabs closed; the next visit resumes the last game, and offers the other.
    resumed, _ = saves.load_autosave()
    assert resumed.link() == fish.link()
    offered = saves.unfinished(exclude=[resumed.link()], skip_keys=["waddle:tab:new"])
    assert links_of(saves, offered) == {waddle.link()}


def test_one_game_kept_at_several_moves_is_offered_once_at_its_furthest():
    """Two tabs' saves and shelves may hold one game at several moves (a shelf written as
    the other tab took the last game, the tab's own entry later): it is offered once, at
    its furthest move, and not at all when the game on screen continues it."""
    saves = SaveStore(MemoryStorage())
    waddle, fish = playing("waddle", seed=3, plies=2), playing("htmf", seed=3, plies=2)
    saves.autosave(waddle, 1, "a")
    saves.autosave(fish, 2, "b")
    saves.shelve("htmf")  # the Waddle game at move 2 on its shelf
    for turn in range(2):
        waddle.play(waddle.state.legal_actions()[0])
        saves.autosave(waddle, 10 + turn, "a")
        saves.shelve("htmf")  # an extra shelf: the same game at a later move
        saves.autosave(fish, 20 + turn, "b")
    offered = saves.unfinished(exclude=[fish.link()], skip_keys=["waddle:tab:new"])
    assert links_of(saves, offered) == {waddle.link()}
    on_screen = saves.unfinished([waddle.link()], on_screen=waddle)
    assert links_of(saves, on_screen) == {fish.link()}


def test_finished_games_are_not_offered_and_tabs_are_bounded():
    saves = SaveStore(MemoryStorage())
    done = playing("htmf", seed=3, plies=500)
    assert done.state.is_over()
    saves.autosave(done, 1, "old")
    assert saves.unfinished() == []
    for n in range(30):
        saves.autosave(playing("waddle", seed=n % 3 + 3), 10 + n, f"t{n}")
    tabs = [k for k in list(saves.storage.keys()) if k.startswith("waddle:tab:")]
    assert len(tabs) <= 12 and "waddle:tab:old" not in tabs
    assert saves.storage.get(AUTOSAVE_KEY) is not None


def test_a_game_with_no_move_yet_is_not_kept_there_is_nothing_to_lose():
    saves = store_with(playing("waddle", seed=3, plies=0))
    opening = open_page(playing("waddle", seed=4).link(), None, saves, False, lambda: 1)
    assert opening.session.message is None
    assert saves.shelved() == {} and saves.unfinished() == []
