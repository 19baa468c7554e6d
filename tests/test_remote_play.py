"""Remote play between devices (issue 39, engine half): devices modelled by
:class:`waddle.app.remote.RemoteGames`, each with its own storage, passing links as
strings. Whole games of each hex game, the catch-up rule, and every kind of tampering
refused with one line while nothing changes."""

from __future__ import annotations

import pytest
from remote_helpers import (
    NAMES,
    Device,
    edited,
    first_turns_links,
    forged_turn,
    play_by_group_chat,
    start_game,
)

from waddle.app.remote import RemoteGames, computer_seat_refused, session_of
from waddle.app.remote_cards import COMPUTER_REFUSED, ONE_SEAT
from waddle.app.remote_game import CARD_GAMES_REFUSED, LEFT_OUT, OLDER, SEEN, RemoteError
from waddle.app.saves import MemoryStorage, SaveStore
from waddle.core import crypto, remote
from waddle.core.remote import Signed
from waddle.core.rng import Rng

TURN_LIMIT = 1000
INVITATION_LIMIT = 2000


def snapshot(device: Device) -> dict:
    return dict(device.games.storage.data)


def assert_all_agree(devices, game_id):
    games = [d.game(game_id) for d in devices]
    first = games[0]
    for game in games[1:]:
        assert game.actions == first.actions
        assert remote.genesis_bytes(game.genesis) == remote.genesis_bytes(first.genesis)


# ---------------------------------------------------------------------------- whole games


@pytest.mark.parametrize(
    ("game", "players", "computers"),
    [
        ("htmf", 2, {}),
        ("htmf", 3, {2: "easy"}),
        ("htmf", 4, {}),
        ("waddle", 2, {}),
        ("waddle", 4, {1: "random"}),
        ("waddle", 5, {}),
    ],
)
def test_a_whole_game_between_devices_ends_the_same_everywhere(game, players, computers):
    devices, game_id = start_game(game, players, seed=players * 7, computers=computers)
    posted = play_by_group_chat(devices, game_id, seed=players)
    assert_all_agree(devices, game_id)
    host = devices[0].game(game_id)
    assert host.state.is_over() and host.status == "over"
    assert max(len(link) for link in posted) <= TURN_LIMIT
    # an ordinary finished record: replays, and makes an ordinary share link
    session = session_of(host)
    assert session.state.is_over()
    assert session.game.decode_link(session.link()).record.actions == host.actions
    listed = devices[-1].games.games()[0]
    assert listed.status == "over" and listed.waiting_for == "Finished."


def test_three_devices_play_waddle_in_a_group_chat_opening_links_in_any_order():
    """Each posts once per turn; each opens the posts late, shuffled, old ones again."""
    devices, game_id = start_game("waddle", 3, seed=11)
    posted = play_by_group_chat(devices, game_id, seed=5, shuffle=True)
    assert_all_agree(devices, game_id)
    assert devices[0].game(game_id).state.is_over()
    assert len(posted) >= 3 * 4


def test_a_finished_remote_game_saves_and_opens_as_any_game():
    devices, game_id = start_game("htmf", 2, seed=3)
    play_by_group_chat(devices, game_id, seed=1)
    session = session_of(devices[1].game(game_id))
    saves = SaveStore(MemoryStorage())
    key = saves.save_as("Remote game", session, now_ms=5)
    assert saves.load(key).record().actions == session.record().actions


# ---------------------------------------------------------------------------- starting


def test_a_card_game_refuses_a_computer_seat_and_a_second_seat_of_one_device():
    # (issue 40: card games are dealt between devices; tests/test_remote_cards.py plays them)
    device = Device("Ann")
    for game in ("pebbles", "waddle-waddle"):
        with pytest.raises(RemoteError) as refused:
            device.games.invite(game, 3, 1, ["me", "computer:easy", "open"], ["Ann"])
        assert str(refused.value) == COMPUTER_REFUSED
        assert "hand would be on the host's device" in str(refused.value)
        with pytest.raises(RemoteError) as refused:
            device.games.invite(game, 3, 1, ["me", "me", "open"], ["Ann", "Al"])
        assert str(refused.value) == ONE_SEAT


def test_where_seats_are_chosen_a_card_game_says_why_no_computer_is_offered():
    for game in ("pebbles", "waddle-waddle"):
        assert computer_seat_refused(game) == COMPUTER_REFUSED
    for game in ("waddle", "htmf"):
        assert computer_seat_refused(game) is None
        made = Device("Ann").games.invite(game, 3, 1, ["me", "computer:easy", "open"], ["Ann"])
        assert made.table.seats[1].holder == remote.COMPUTER


def test_a_hand_made_invitation_of_a_card_game_is_refused_too():
    made = Device("Ann").games.invite("htmf", 2, 1, ["me", "open"], ["Ann"])
    from waddle.games import GAMES

    pebbles = GAMES.by_id("pebbles").load()
    text = pebbles.encode_link(pebbles.new_record(2, 1), None, None)
    genesis = remote.Genesis(
        made.genesis.game_id, "p1.", remote_setup(text, "p1."), made.genesis.table
    )
    lobby = remote.sign_invitation(remote.Lobby(genesis, b""), made.key)
    with pytest.raises(RemoteError) as refused:
        Device("Bo").games.open(remote.write_link(lobby))
    assert str(refused.value) == CARD_GAMES_REFUSED.format(title="Pebbles")


def remote_setup(text: str, prefix: str) -> bytes:
    from waddle.core.bits import unpack_text

    return unpack_text(text[len(prefix) :])


def test_joining_takes_a_free_seat_and_the_invitation_passes_on():
    ann, bo, cy = Device("Ann"), Device("Bo"), Device("Cy")
    made = ann.games.invite("waddle", 3, 2, ["me", "open", "open"], ["Ann"])
    invitation = bo.games.open(made.last_link).invitation
    assert invitation.free == (1, 2) and invitation.seats == ("Ann", "", "")
    bo_link = bo.games.join(made.last_link, 1, "Bo").last_link
    assert cy.games.read_invitation(bo_link).free == (2,)
    with pytest.raises(RemoteError, match="Seat 2 is taken"):
        cy.games.join(bo_link, 1, "Cy")
    cy_game = cy.games.join(bo_link, 2, "Cy")
    assert cy_game.table.complete
    opened = ann.games.open(cy_game.last_link)
    assert (
        opened.changed and "Bo took seat 2" in opened.message and "Cy took seat 3" in opened.message
    )
    assert ann.game(made.game_id).table.complete
    assert len(made.last_link) <= INVITATION_LIMIT and len(cy_game.last_link) <= INVITATION_LIMIT


def test_two_players_asking_for_the_same_seat_are_settled_by_the_first_move():
    ann, bo, cy = Device("Ann"), Device("Bo"), Device("Cy")
    made = ann.games.invite("htmf", 2, 5, ["me", "open"], ["Ann"])
    bo_link = bo.games.join(made.last_link, 1, "Bo").last_link
    cy_link = cy.games.join(made.last_link, 1, "Cy").last_link
    assert ann.games.open(bo_link).changed
    clash = ann.games.open(cy_link)
    assert not clash.changed and "asked for twice" in clash.message
    game = ann.game(made.game_id)
    rng = Rng(3)
    link = ann.play_turn(made.game_id, rng) or bo.play_turn(made.game_id, rng)
    if link is None:  # Bo is first to move: Bo's device starts the game
        link = bo.play_turn(made.game_id, rng)
    assert game.table.seats[1].name == "Bo"
    with pytest.raises(RemoteError, match="started without this device: seat 2 went to Bo"):
        cy.games.open(link)
    assert cy.game(made.game_id).status == LEFT_OUT
    assert cy.games.games()[0].waiting_for.startswith("The game started without this device")


def test_computers_play_on_the_hosts_device_and_it_signs_their_moves():
    devices, game_id = start_game("htmf", 3, seed=2, computers={1: "easy"})
    ann, bo = devices
    game = ann.game(game_id)
    assert game.table.seats[1].holder == remote.COMPUTER
    rng = Rng(4)
    while not (game := ann.game(game_id)).state.is_over():
        for device in devices:
            link = device.play_turn(game_id, rng)
            if link:
                for other in devices:
                    other.games.open(link)
        # Bo's device never plays the computer
        assert bo.game(game_id).computer_to_move() is None
    computer_moves = [m for m in ann.game(game_id)._movers() if m == 1]
    assert computer_moves


# ---------------------------------------------------------------------------- catch-up


@pytest.fixture
def three():
    """Ann, Bo and Cy at the start of a Waddle game."""
    devices, game_id = start_game("waddle", 3, seed=21)
    return devices, game_id


first_turns = first_turns_links


def test_the_same_link_twice_changes_nothing(three):
    devices, game_id = three
    link = first_turns(devices, game_id, 1)[0]
    before = snapshot(devices[1])
    opened = devices[1].games.open(link)
    assert not opened.changed and opened.message == SEEN
    assert snapshot(devices[1]) == before


def test_an_older_link_changes_nothing_and_says_so(three):
    devices, game_id = three
    links = first_turns(devices, game_id, 3)
    before = snapshot(devices[2])
    opened = devices[2].games.open(links[0])
    assert not opened.changed and opened.message == OLDER
    assert snapshot(devices[2]) == before


def test_a_device_that_missed_a_link_catches_up_from_the_next_one(three):
    """Once everyone has moved (so each link carries only what the others lack), one
    player skips a link: the next link still brings every move that player missed."""
    devices, game_id = three
    first_turns(devices, game_id, 3)
    rng = Rng(8)
    first, link = next_link(devices, game_id, rng)
    seat = first.game(game_id).to_move()
    mover = next(d for d in devices if seat in d.game(game_id).my_seats)
    second = next(d for d in devices if d is not first and d is not mover)
    mover.games.open(link)  # the player to move opens it; ``second`` misses it
    assert mover.game(game_id).my_turn()
    later = mover.play_turn(game_id, rng)
    turn = remote.read_link(later)
    assert turn.genesis is None and turn.start < len(second.game(game_id).actions) + 1
    before = len(second.game(game_id).actions)
    opened = second.games.open(later)
    assert opened.changed and opened.new_from == before
    assert second.game(game_id).actions == mover.game(game_id).actions
    assert second.games.open(link).message == OLDER  # the missed one, opened late


def test_a_link_of_another_game_goes_to_that_game_and_leaves_this_one_alone():
    ann, bo = Device("Ann"), Device("Bo")
    first = ann.games.invite("htmf", 2, 1, ["me", "open"], ["Ann"])
    second = ann.games.invite("waddle", 2, 2, ["me", "open"], ["Ann"])
    bo.games.join(first.last_link, 1, "Bo")
    before = ann.games.storage.get("waddle:remote:" + second.game_id)
    opened = ann.games.open(bo.game(first.game_id).last_link)
    assert opened.game.game_id == first.game_id
    assert ann.games.storage.get("waddle:remote:" + second.game_id) == before
    stranger = Device("Cy")
    with pytest.raises(RemoteError, match="no seat in this game"):
        stranger.games.open(first_turn_link(ann, bo, first.game_id))


def first_turn_link(ann, bo, game_id):
    rng = Rng(0)
    return ann.play_turn(game_id, rng) or bo.play_turn(game_id, rng)


def test_your_games_lists_whose_turn_and_the_link_to_send_again(three):
    devices, game_id = three
    first_turns(devices, game_id, 2)
    for device in devices:
        (listed,) = device.games.games()
        game = device.game(game_id)
        assert listed.names == ("Ann", "Bo", "Cy")
        assert listed.my_turn == game.my_turn()
        mover = game.to_move()
        assert listed.waiting_for == ("Your turn." if game.my_turn() else f"{NAMES[mover]}'s turn.")
        assert listed.last_link == game.last_link
    movers = [d for d in devices if d.games.games()[0].my_turn]
    assert len(movers) == 1


def test_a_turn_link_carries_only_what_the_others_lack(three):
    devices, game_id = three
    links = first_turns(devices, game_id, 6)
    late = [remote.read_link(link) for link in links[3:]]
    assert all(t.genesis is None and t.start > 0 for t in late)
    assert all(len(t.decisions) <= 4 for t in late)


# ---------------------------------------------------------------------------- tampering


@pytest.fixture
def started():
    """Ann and Bo, three turns into a game of Hey, That's My Fish!, every link opened."""
    devices, game_id = start_game("htmf", 2, seed=8)
    links = first_turns(devices, game_id, 3, seed=2)
    return devices, game_id, links


def refused(device, link, pattern):
    before = snapshot(device)
    with pytest.raises(RemoteError, match=pattern) as error:
        device.games.open(link)
    assert "\n" not in str(error.value) and len(str(error.value)) < 240
    assert snapshot(device) == before
    return str(error.value)


def next_link(devices, game_id, rng=None):
    """The next turn link, not yet opened by the other device; and the device that made it."""
    rng = rng or Rng(7)
    for device in devices:
        link = device.play_turn(game_id, rng)
        if link:
            return device, link
    raise AssertionError("nobody to move")


def other_of(devices, device):
    return next(d for d in devices if d is not device)


def test_a_link_edited_by_hand_is_refused_with_one_line(started):
    devices, game_id, _ = started
    mover, link = next_link(devices, game_id)
    receiver = other_of(devices, mover)
    cut = link[:-7]
    refused(receiver, cut, "damaged or was changed by hand")
    flipped = link[:20] + ("A" if link[20] != "A" else "B") + link[21:]
    refused(receiver, flipped, "damaged or was changed by hand")
    refused(receiver, link + "AAAA", "cannot be opened")


def test_an_edited_decision_is_refused_naming_the_seat(started):
    devices, game_id, _ = started
    mover, link = next_link(devices, game_id)
    receiver = other_of(devices, mover)
    turn = remote.read_link(link)
    state_moves = list(turn.decisions)
    state_moves[-1] = 0 if state_moves[-1] else 1
    message = refused(receiver, edited(link, decisions=tuple(state_moves)), "Refused|not")
    assert mover.name in message or "legal" in message or "player to move" in message


def test_a_bad_signature_is_refused(started):
    devices, game_id, _ = started
    mover, link = next_link(devices, game_id)
    receiver = other_of(devices, mover)
    turn = remote.read_link(link)
    signed = turn.signatures[-1]
    bad = Signed(
        signed.key, signed.position, bytes([signed.signature[0] ^ 1]) + signed.signature[1:]
    )
    refused(receiver, edited(link, signatures=(bad,)), f"not signed by {mover.name}'s device")


def test_a_link_without_the_movers_signature_is_refused(started):
    devices, game_id, _ = started
    mover, link = next_link(devices, game_id)
    receiver = other_of(devices, mover)
    refused(receiver, edited(link, signatures=()), f"does not carry {mover.name}'s signature")


def test_a_move_for_another_seat_is_refused_naming_it(started):
    """Bo's device makes Ann's move (at Ann's turn) and signs it with Bo's own key."""
    devices, game_id, _ = started
    ann, bo = devices
    game = ann.game(game_id)
    mover_seat = game.to_move()
    liar = bo if mover_seat == 0 else ann
    victim = other_of(devices, liar)
    lying_game = liar.game(game_id)
    action = lying_game.state.legal_actions()[0]
    my_index = lying_game.my_index
    line = [*lying_game.actions, action]
    link = forged_turn(lying_game, line, lying_game.key, my_index, start=len(lying_game.actions))
    refused(victim, link, f"is {victim.name}'s, but this link does not carry {victim.name}'s")
    # claiming to be the victim's key does not help: the signature does not verify
    victim_index = victim.game(game_id).my_index
    link = forged_turn(lying_game, line, lying_game.key, victim_index, start=len(line) - 1)
    refused(victim, link, f"not signed by {victim.name}'s device")


def test_a_wrong_player_to_move_is_refused(started):
    devices, game_id, _ = started
    mover, link = next_link(devices, game_id)
    receiver = other_of(devices, mover)
    turn = remote.read_link(link)
    refused(receiver, edited(link, to_move=(turn.to_move + 1) % 2), "player to move is wrong")


def test_reordered_and_truncated_decisions_are_refused(three):
    """A link carrying several players' moves (for one who missed some), with its
    decisions swapped, or its last one cut."""
    devices, game_id = three
    first_turns(devices, game_id, 3)
    rng = Rng(6)
    first, link = next_link(devices, game_id, rng)
    seat = first.game(game_id).to_move()
    mover = next(d for d in devices if seat in d.game(game_id).my_seats)
    behind = next(d for d in devices if d is not first and d is not mover)
    mover.games.open(link)
    later = mover.play_turn(game_id, rng)
    turn = remote.read_link(later)
    assert len(turn.decisions) >= 2
    swapped = (turn.decisions[1], turn.decisions[0], *turn.decisions[2:])
    refused(behind, edited(later, decisions=swapped), "Refused|legal|player to move")
    refused(behind, edited(later, decisions=turn.decisions[:-1]), "Refused|changed by hand")
    refused(behind, edited(later, start=turn.start + 1), "Refused|changed by hand|legal|before it")
    assert behind.games.open(later).changed  # the real one is fine


def test_a_replayed_old_link_changes_nothing(started):
    devices, _game_id, links = started
    for device in devices:
        before = snapshot(device)
        assert not device.games.open(links[0]).changed
        assert snapshot(device) == before


def test_rewriting_history_is_refused_naming_the_seat_it_claims_to_come_from(started):
    """A player signs another continuation of moves the others already have: the
    signature is genuine, the history is not the one they have."""
    devices, game_id, _ = started
    ann, _bo = devices
    game = ann.game(game_id)
    keep = len(game.actions) - 1
    line = game.actions[:keep]
    state = game.setup_record.start()
    for action in line:
        state.apply(action)
    seat = state.to_move()
    owner = next(d for d in devices if seat in d.game(game_id).my_seats)
    other = other_of(devices, owner)
    alternatives = [a for a in state.legal_actions() if a != game.actions[keep]]
    owned = owner.game(game_id)
    link = forged_turn(owned, [*line, alternatives[0]], owned.key, owned.my_index)
    refused(other, link, f"this link from {owner.name} changes moves this device already has")


def test_a_foreign_game_id_is_refused(started):
    devices, game_id, _ = started
    mover, link = next_link(devices, game_id)
    receiver = other_of(devices, mover)
    refused(receiver, edited(link, game_id=bytes(12)), "no seat in this game")


def test_a_bad_public_key_in_an_invitation_is_refused():
    ann, bo = Device("Ann"), Device("Bo")
    made = ann.games.invite("htmf", 2, 4, ["me", "open"], ["Ann"])
    lobby = remote.read_link(made.last_link)
    for key in (bytes(32), b"\x01" + bytes(31)):
        table = remote.Table((key,), lobby.genesis.table.seats)
        bad = remote.Lobby(
            remote.Genesis(lobby.genesis.game_id, "h1.", lobby.genesis.setup, table),
            lobby.signature,
        )
        with pytest.raises(RemoteError, match="public key that is not valid"):
            bo.games.open(remote.write_link(bad))


def test_an_invitation_with_a_changed_setup_is_refused():
    ann, bo = Device("Ann"), Device("Bo")
    made = ann.games.invite("htmf", 2, 4, ["me", "open"], ["Ann"])
    other = ann.games.invite("htmf", 2, 5, ["me", "open"], ["Ann"])
    lobby = remote.read_link(made.last_link)
    swapped = remote.Genesis(lobby.genesis.game_id, "h1.", other.genesis.setup, lobby.genesis.table)
    text = remote.write_link(remote.Lobby(swapped, lobby.signature))
    with pytest.raises(RemoteError, match="not the one the game's host signed"):
        bo.games.join(text, 1, "Bo")


def test_a_move_played_out_of_turn_on_this_device_is_refused(started):
    devices, game_id, _ = started
    for device in devices:
        game = device.game(game_id)
        if not game.my_turn():
            with pytest.raises(RemoteError, match="turn, not this device's"):
                game.play(game.state.legal_actions()[0])


def test_unsent_moves_may_be_taken_back_sent_ones_not(started):
    devices, game_id, _ = started
    mover = next(d for d in devices if d.game(game_id).my_turn())
    game = mover.game(game_id)
    game.play(game.state.legal_actions()[0])
    assert game.unsent() == 1 and game.undo() and game.unsent() == 0
    game.play(game.state.legal_actions()[0])
    game.send()
    assert not game.undo()


def test_the_signing_key_never_travels_in_a_link(started):
    devices, game_id, links = started
    for device in devices:
        game = device.game(game_id)
        secret = game.key
        for link in [*links, game.last_link]:
            payload = link.encode()
            assert secret not in remote_payload(link)
            assert secret.hex().encode() not in payload
        assert crypto.public_key(secret) in game.table.keys


def remote_payload(link: str) -> bytes:
    from waddle.core.bits import unpack_text

    return unpack_text(link[len(remote.PREFIX) :])


def test_a_damaged_store_entry_is_skipped_and_said():
    storage = MemoryStorage()
    games = RemoteGames(storage)
    made = games.invite("htmf", 2, 4, ["me", "open"], ["Ann"])
    storage.set("waddle:remote:deadbeef", "{not json")
    storage.set("waddle:remote:cafe", '{"format": "waddle-remote/1", "genesis": 5}')
    listed = games.games()
    assert [g.game_id for g in listed] == [made.game_id]
    assert len(games.problems) == 2
    assert games.get("deadbeef") is None


def test_a_claim_replaced_while_the_invitation_passed_on_leaves_its_device_out_and_says_so():
    """Claims are not signed: whoever passes the invitation on may swap a seat's key (here
    Cy puts a key of their own in Bo's seat, under Bo's name). The first move fixes the
    table; Bo's device then says its seat went to another, and plays no further."""
    ann, bo, cy = Device("Ann"), Device("Bo"), Device("Cy")
    made = ann.games.invite("htmf", 3, 9, ["me", "open", "open"], ["Ann"])
    bo_link = bo.games.join(made.last_link, 1, "Bo").last_link
    lobby = remote.read_link(bo_link)
    puppet = crypto.public_key(crypto.new_signing_key())
    keys = (lobby.genesis.table.keys[0], puppet)
    swapped = remote.Lobby(
        remote.Genesis(
            lobby.genesis.game_id,
            lobby.genesis.prefix,
            lobby.genesis.setup,
            remote.Table(keys, lobby.genesis.table.seats),
        ),
        lobby.signature,
    )
    cy_link = cy.games.join(remote.write_link(swapped), 2, "Cy").last_link
    ann.games.open(cy_link)
    rng = Rng(2)
    link = next(
        (d.play_turn(made.game_id, rng) for d in (ann, cy) if d.game(made.game_id).my_turn()),
        None,
    )
    if link is None:  # the puppet's seat is first to move: nobody can start the game
        assert ann.game(made.game_id).to_move() == 1
        return
    with pytest.raises(RemoteError, match="started without this device: seat 2 went to Bo"):
        bo.games.open(link)
    assert bo.games.games()[0].status == LEFT_OUT
