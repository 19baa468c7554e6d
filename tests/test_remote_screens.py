"""What the page says and shows for games on several devices (waddle/app/remote_page.py):
the dialog's seats, the joining screen, the panel beside a remote game at every step of a
turn, what a link does to the game on screen, and the chooser's "Your games"."""

from __future__ import annotations

import pytest
from remote_helpers import start_game

from waddle.app.remote import RemoteGames
from waddle.app.remote_page import (
    ago,
    join_html,
    join_title,
    link_address,
    link_in,
    outcome_of,
    panel_of,
    parts_html,
    read_remote_seats,
    remote_options,
    remote_refusal,
    remote_seat_rows_html,
    seats_hint,
    your_games_html,
)
from waddle.app.saves import MemoryStorage
from waddle.core import remote
from waddle.games import GAMES


def two_devices(game: str = "htmf"):
    ann, bo = RemoteGames(MemoryStorage()), RemoteGames(MemoryStorage())
    invited = ann.invite(game, 2, seed=5, seats=["me", "open"], names=["Ann"], now_ms=1000)
    joined = bo.join(invited.send(), seat=1, name="Bo", now_ms=2000)
    opened = ann.open(joined.send(), now_ms=3000)
    return ann, bo, opened.game, joined


@pytest.mark.parametrize("entry", list(GAMES), ids=lambda e: e.id)
def test_every_game_is_offered_on_several_devices(entry):
    assert remote_refusal(entry) is None


def test_a_card_game_offers_no_computer_seat_and_says_why():
    module = GAMES.by_id("pebbles").load()
    markup = remote_seat_rows_html(4, module.bot_levels, computers_allowed=False)
    assert "Computer" not in markup and markup.count('value="me"') == 4
    assert seats_hint("pebbles").startswith("A computer cannot take a seat")
    assert seats_hint("htmf").startswith("Computers play on this device")


def test_kevin_is_not_offered_in_a_remote_waddle_waddle():
    from waddle.core.registry import new_game_options

    options = new_game_options(GAMES.by_id("waddle-waddle").load())
    assert any(o.key == "kevin" for o in options)
    assert not any(o.key == "kevin" for o in remote_options(options))


def test_a_long_link_is_offered_in_numbered_parts_each_with_copy_and_share():
    markup = parts_html("This link is long.", ["https://x/#r1.a", "https://x/#r1.b"], True)
    assert "Part 1 of 2" in markup and "Part 2 of 2" in markup
    assert markup.count('data-command="remote-copy-part"') == 2
    assert markup.count('data-command="remote-share-part"') == 2
    assert 'data-command="remote-file"' in markup and "This link is long." in markup


def test_the_dialog_offers_me_a_friend_and_each_computer_level_per_seat():
    module = GAMES.by_id("waddle").load()
    markup = remote_seat_rows_html(3, module.bot_levels)
    assert markup.count('<select name="rseat') == 3
    assert 'value="me" selected' in markup.split('data-seat="1"')[0]
    assert 'value="open" selected' in markup.split('data-seat="1"')[1]
    for level in module.bot_levels:
        assert f'value="computer:{level}"' in markup
    assert read_remote_seats(["me", "open", "computer:hard", "<b>"]) == [
        "me",
        "open",
        "computer:hard",
        "open",
    ]


def test_the_joining_screen_offers_only_free_seats_and_escapes_names():
    ann = RemoteGames(MemoryStorage())
    game = ann.invite(
        "waddle", 3, seed=2, seats=["me", "open", "computer:easy"], names=["<i>Ann</i>"]
    )
    invitation = RemoteGames(MemoryStorage()).read_invitation(game.send())
    markup = join_html(invitation)
    assert markup.count('name="join-seat"') == 1 and 'value="1" checked' in markup
    assert "&lt;i&gt;Ann&lt;/i&gt;" in markup and "<i>" not in markup
    assert "a computer" in markup
    assert join_title(invitation) == "<i>Ann</i> invites you to play Waddle"  # set as text


def test_the_panel_follows_a_turn_invite_play_undo_send_wait():
    ann = RemoteGames(MemoryStorage())
    game = ann.invite("htmf", 2, seed=5, seats=["me", "open"], names=["Ann"])
    panel = panel_of(game)
    assert (panel.heading, panel.send, panel.undo) == (
        "Invite your friends",
        "Send the invitation",
        False,
    )
    _, _, game, joined = two_devices()
    assert panel_of(game).heading == "Your turn" and not panel_of(game).send
    assert panel_of(joined).heading == "Send it on" and "Ann's turn" in panel_of(joined).text
    game.play(game.state.legal_actions()[0])
    panel = panel_of(game)
    assert (panel.heading, panel.send, panel.undo) == ("Send your move", "Send your move", True)
    assert "Next: Bo's turn." in panel.text
    assert game.undo() and panel_of(game).heading == "Your turn"
    game.play(game.state.legal_actions()[0])
    game.send()
    panel = panel_of(game)
    assert (panel.heading, panel.send, panel.undo) == ("Bo's turn", "Send again", False)


def test_a_finished_game_offers_its_last_move_then_is_over():
    devices, game_id = start_game("htmf", 2, seed=3)
    games = [d.game(game_id) for d in devices]
    finisher = None
    while finisher is None:
        for game, other in ((games[0], games[1]), (games[1], games[0])):
            while game.my_turn():
                game.play(game.state.legal_actions()[0])
            if game.state.is_over():
                finisher = game
                break
            if game.unsent():
                other.accept(remote.read_link(game.send()))
    game = finisher
    assert game.unsent()
    panel = panel_of(game)
    assert panel.heading == "Send your move" and "the last move" in panel.text
    last = game.send()
    assert panel_of(game).heading == "Game over" and panel_of(game).send == "Send again"
    next(g for g in games if g is not game).accept(remote.read_link(last))
    devices[0].games.save(games[0])
    devices[1].games.save(games[1])
    assert all(your_games_html(d.games.games(), 0) == "" for d in devices)  # over: not listed


def test_a_link_of_another_game_shelves_a_game_of_this_device_and_never_replaces_it():
    ann, _, game, _ = two_devices()
    opened = ann.open(game.send())
    assert outcome_of(opened, None, local_game_on=True).shelve
    assert outcome_of(opened, "someothergame", local_game_on=False).show == game.game_id
    assert not outcome_of(opened, game.game_id, local_game_on=False).shelve
    invitation = RemoteGames(MemoryStorage()).open(
        ann.invite("waddle", 2, seed=1, seats=["me", "open"]).send()
    )
    outcome = outcome_of(invitation, game.game_id, local_game_on=False)
    assert outcome.show is None and not outcome.shelve  # the joining screen asks first


def test_your_games_lists_unfinished_games_with_players_turn_and_when():
    ann, _, game, _ = two_devices()
    ann.save(game)
    listed = ann.games()
    markup = your_games_html(listed, now_ms=3000 + 5 * 60_000)
    assert "Hey, That&#x27;s My Fish!" in markup or "Hey, That's My Fish!" in markup
    assert "Ann (you), Bo" in markup and "Your turn." in markup
    assert "Last move 5 min ago" in markup and 'class="your-game my-turn"' in markup
    assert 'data-command="remote-send-again"' in markup
    assert your_games_html([], 0) == ""


def test_a_pasted_link_is_read_from_an_address_or_as_it_is():
    assert link_in("  <https://x.example/?a=1#r1.AB CD\n>  ") == "r1.ABCD"
    assert link_in("“r1.XYZ”") == "r1.XYZ"
    assert link_address("https://x.example/p/#w1.old", "r1.A") == "https://x.example/p/#r1.A"


def test_when_the_last_move_came_in_words():
    assert ago(0, 30_000) == "just now"
    assert ago(0, 2 * 86_400_000) == "2 days ago"
    assert ago(10, 0) == "just now"
