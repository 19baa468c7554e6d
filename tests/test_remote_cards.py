"""Card games played on several devices (issue 40), between modelled devices that pass
links as strings: whole games of Pebbles (two and three devices) and Waddle Waddle (two
devices) to a checked, ordinary record; a scan of every link and every stored value of
each device for the other seats' cards; each kind of cheating through a link refused or
named; long links in parts and as files."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
import remote_cards_helpers as helpers

from waddle.app import remote_cards as model
from waddle.app.remote import RemoteGames, session_of
from waddle.app.remote_game import RemoteError
from waddle.app.saves import MemoryStorage
from waddle.core import card_world, crypto, deal, link_parts, remote, remote_cards
from waddle.core.bits import pack_text, unpack_text
from waddle.core.card_world import PUBLIC
from waddle.core.links import LinkError


@pytest.fixture(scope="module")
def pebbles2():
    return helpers.play(helpers.start("pebbles", 2, seed=1), seed=1)


@pytest.fixture(scope="module")
def pebbles3():
    return helpers.play(helpers.start("pebbles", 3, seed=2), seed=2, shuffle=True)


@pytest.fixture(scope="module")
def waddle_waddle2():
    return helpers.play(helpers.start("waddle-waddle", 2, 3, {"seasons": 1}), seed=3)


@pytest.fixture(scope="module")
def waddle_waddle3():
    # three players: tokens of places certain to be drawn go ahead, two players holding
    # each back (docs/remote-play.md); the scan checks nobody reads one early
    return helpers.play(helpers.start("waddle-waddle", 3, 6, {"seasons": 1}), seed=6)


CHATS = ["pebbles2", "pebbles3", "waddle_waddle2"]


# -- whole games --------------------------------------------------------------------------


@pytest.mark.parametrize("chat", CHATS)
def test_a_whole_game_between_devices_ends_checked_as_an_ordinary_record(chat, request):
    chat = request.getfixturevalue(chat)
    games = helpers.games_of(chat)
    # A link opened before the one it follows (a shuffled chat) is refused with one line,
    # and opens once the earlier one is opened: nothing else is ever refused.
    assert all("open the links before it first" in line for line in chat.refusals)
    assert all(g.status == "over" and g.verdict == "" for g in games), [
        g.waiting_for() for g in games
    ]
    records = [g.final_record() for g in games]
    assert all(r is not None for r in records)
    texts = {r.dumps() for r in records}
    assert len(texts) == 1  # every device wrote out the same deal and the same game
    record = records[0]
    game = games[0].game
    again = game.record_from_json(json.loads(record.dumps()))
    state = again.replay()
    assert state.is_over() and again.actions == record.actions
    # review, links and saves work on it as on any game
    session = session_of(games[1])
    assert session.shareable and session.state.is_over()
    link = game.encode_link(record, games[0].names())
    assert game.decode_link(link).record.dumps() == record.dumps()


def test_pebbles_two_players_can_play_after_three_links():
    for seed in range(4):
        chat = helpers.start("pebbles", 2, seed=seed)
        ann, bo = chat.devices
        # Link 1 is Ann's invitation (with her shuffle), link 2 Bo's joining link (his
        # shuffle, his relock, his tokens for Ann's hand and the face-up cards).
        ann.games.open(chat.links[1])
        game = ann.game(chat.game_id)
        third = game.send()  # Ann's relock and tokens; her first move too if she leads
        lead = game.state.lead
        if lead == 0:
            assert game.my_turn()
        bo.games.open(third)
        assert bo.game(chat.game_id).my_turn() == (lead == 1)
        assert ann.game(chat.game_id).my_turn() == (lead == 0)


def test_a_computer_is_never_offered_in_a_card_game():
    device = RemoteGames(MemoryStorage())
    with pytest.raises(RemoteError, match="hand would be on the host's device"):
        device.invite("pebbles", 2, 1, ["me", "computer:hard"], ["Ann"])


def test_kevin_is_not_offered_on_several_devices_yet():
    device = RemoteGames(MemoryStorage())
    with pytest.raises(RemoteError, match="Kevin is not offered"):
        device.invite("waddle-waddle", 2, 1, ["me", "open"], ["Ann"], {"kevin": True})


# -- what each device can read ------------------------------------------------------------


def entitled(games, seat: int, decisions: int) -> set[int]:
    """The positions the rules have shown ``seat`` after ``decisions`` decisions: its own
    cards and the public ones (from the checked, whole deal)."""
    truth = games[0]
    knowledge = card_world.Knowledge(
        truth.deal.read_all(None, None),
        {
            t: v
            for t in {tag for (_, tag) in truth.deal.shares}
            if (v := truth.deal.shared_value(t))
        },
        truth.kept,
    )
    world = card_world.build(
        truth.cards, truth.setup, truth.plan, knowledge, truth.decisions[:decisions], seat
    )
    if world.state.is_over():  # the end: every player reveals its keys, and all is seen
        return set(range(truth.plan.size))
    return {
        d.position
        for d in world.due
        if d.position is not None and (d.to in (seat, PUBLIC) or d.holder is not None)
    }


@pytest.mark.parametrize("chat", [*CHATS, "waddle_waddle3"])
def test_no_link_and_no_stored_value_shows_a_device_another_seats_card(chat, request):
    chat = request.getfixturevalue(chat)
    games = helpers.games_of(chat)
    game_id = bytes.fromhex(chat.game_id)
    last_over = max(i for i, kind in enumerate(chat.kinds) if kind == "turn")
    checked = range(2, last_over + 1, max(1, last_over // 25))
    for i in [*checked, last_over]:
        for device, store in zip(chat.devices, chat.stores[i], strict=True):
            text = store.get(f"waddle:remote:{chat.game_id}")
            data = json.loads(text)
            # The store holds the chain, tokens and this device's own secrets: never a
            # record, a hand or a deck written out.
            assert not {"hands", "deck", "decks", "row", "floe"} & set(data)
            stored = model.from_json(data)
            seat = stored.my_seat
            own = set(entitled(games, seat, len(stored.decisions)))
            for x in range(stored.plan.size):
                read = stored.deal.read(x, stored.secrets, stored.my_index)
                if read is not None:
                    assert x in own, f"{device.name} reads card {x} at link {i}"
            # Every card a decision names (in the store and in every link so far) is
            # one the rules had shown at that point.
            public = entitled(games, -9, len(stored.decisions))  # nobody's seat: public only
            shown = {
                stored.deal.label(o)[1]
                for x, o in games[0].deal.read_all(None, None).items()
                if x in public
            }
            for _seat, action in stored.decisions:
                for code in _cards_named(json.loads(action), stored.entry.id):
                    assert code in {_code(s) for s in shown}, (device.name, action)
        assert game_id == bytes.fromhex(chat.game_id)
    for text in chat.links:  # links decode to steps, tokens and decisions only
        message = remote.read_link(text)
        assert isinstance(message, remote_cards.CardLobby | remote_cards.CardTurn)


def _cards_named(action: dict, game: str) -> list[str]:
    keys = (
        ("play", "fish") if game == "pebbles" else ("draft", "exchange", "fish", "take", "refill")
    )
    out = []
    for key, value in action.items():
        if key in keys and isinstance(value, str) and value != "?":
            out.append(value)
        if key == "waddle":
            out.extend(value)
    return out


def _code(label: str) -> str:
    """A deck's label as the card's code (Waddle Waddle's copies are ``Ki3a``, ``Ki3b``)."""
    return label[:-1] if label[-1:] in ("a", "b") and label[:-1][-1:].isdigit() else label


# -- cheating through links ------------------------------------------------------------------


def started(game: str = "pebbles", players: int = 2, seed: int = 5):
    chat = helpers.start(game, players, seed=seed)
    helpers.play(chat, seed=seed, max_links=len(chat.links) + 6)
    return chat


def edit_releases(text: str, change) -> str:
    message = remote.read_link(text)
    assert message.releases
    return remote.write_link(replace(message, releases=tuple(change(r) for r in message.releases)))


def test_a_forged_token_in_a_link_is_refused_naming_the_player_and_nothing_changes():
    chat = started()
    text = next(t for t in reversed(chat.links[2:]) if _tokens(t))
    sender = chat.devices[chat.senders[chat.links.index(text)]]
    other = next(d for d in chat.devices if d is not sender)
    before = json.dumps(other.games.storage.data, sort_keys=True)
    fresh = helpers.Device("Fresh", 9)
    fresh.games.storage.data.update(chat.stores[chat.links.index(text) - 1][other.seat])

    def forge(release):
        if release.nodes:
            level, index, _ = release.nodes[0]
            forged = (level, index, crypto.random_bytes(32))
            return replace(release, nodes=(forged, *release.nodes[1:]))
        return release

    kept = json.dumps(fresh.games.storage.data, sort_keys=True)
    with pytest.raises(RemoteError) as refused:
        fresh.games.open(edit_releases(text, forge))
    line = str(refused.value)
    assert line.startswith(f"Refused: this link holds {sender.name}'s unlock tokens"), line
    assert "\n" not in line
    assert json.dumps(fresh.games.storage.data, sort_keys=True) == kept
    assert json.dumps(other.games.storage.data, sort_keys=True) == before


def test_a_replayed_token_in_a_link_is_refused():
    chat = started()
    index = next(i for i in range(len(chat.links) - 1, 2, -1) if _tokens(chat.links[i]))
    text = chat.links[index]
    receiver = next(d for d in chat.devices if d.seat != chat.senders[index])
    fresh = helpers.Device("Fresh", 9)
    fresh.games.storage.data.update(chat.stores[index - 1][receiver.seat])

    def move(release):
        if not release.nodes:
            return release
        level, index, value = release.nodes[0]
        moved = (level, index ^ 1, value)  # the same key, at its neighbour's place
        return replace(release, nodes=(moved, *release.nodes[1:]))

    kept = json.dumps(fresh.games.storage.data, sort_keys=True)
    with pytest.raises(RemoteError) as refused:
        fresh.games.open(edit_releases(text, move))
    sender = chat.devices[chat.senders[index]]
    assert str(refused.value).startswith(f"Refused: this link holds {sender.name}'s unlock")
    assert json.dumps(fresh.games.storage.data, sort_keys=True) == kept


def test_a_link_stuffed_with_releases_is_refused_before_any_proof_is_checked(monkeypatch):
    # A player may give away its own keys, but not make every other device check thousands
    # of proofs: a release of one node of the key tree stands for every card, and a link of
    # such releases would cost minutes of CPU (about 0.3 ms a token on CPython).
    chat = started()
    index = next(i for i in range(len(chat.links) - 1, 2, -1) if _tokens(chat.links[i]))
    message = remote.read_link(chat.links[index])
    author = chat.devices[chat.senders[index]]
    game = author.game(chat.game_id)
    every = range(game.plan.size)
    many = tuple(
        deal.make_release(game.deal, game.secrets, game.my_index, every, []) for _ in range(40)
    )
    receiver = next(d for d in chat.devices if d.seat != chat.senders[index])
    fresh = helpers.Device("Fresh", 9)
    fresh.games.storage.data.update(chat.stores[index - 1][receiver.seat])
    kept = json.dumps(fresh.games.storage.data, sort_keys=True)
    checked = []
    monkeypatch.setattr(deal, "check_dleq", lambda *a: checked.append(a) or False)
    for releases in (many, (message.releases[0],) * 500):
        stuffed = remote.write_link(replace(message, releases=message.releases + releases))
        if releases is many:
            with pytest.raises(RemoteError) as refused:
                fresh.games.open(stuffed)
            assert f"of {author.name}'s, more than a game ever sends" in str(refused.value)
            assert not checked  # refused before any proof was checked
            assert json.dumps(fresh.games.storage.data, sort_keys=True) == kept
        else:  # one release repeated: checked once (its proof is false here: refused)
            with pytest.raises(RemoteError, match="unlock tokens"):
                fresh.games.open(stuffed)
            assert 1 <= len(checked) <= deal.MAX_PASSES  # one proof a lock's power


def _tokens(text: str) -> bool:
    message = remote.read_link(text)
    return isinstance(message, remote_cards.CardTurn) and any(r.nodes for r in message.releases)


def test_a_card_played_that_is_not_the_players_is_refused_naming_them():
    chat = helpers.start("pebbles", 2, seed=7)
    helpers.play(chat, seed=7, max_links=len(chat.links) + 1)
    ann, bo = chat.devices
    for device in chat.devices:
        for text in chat.links[device.seen :]:
            device.games.open(text)
        device.seen = len(chat.links)
    mover = next(d for d in chat.devices if d.game(chat.game_id).my_turn())
    other = bo if mover is ann else ann
    game = mover.game(chat.game_id)
    assert game.state.step_name == "play"
    # The mover's device claims a card of the other player's hand, which it cannot show.
    theirs = other.game(chat.game_id).state.hands[other.seat][0]
    from waddle.games.pebbles.actions import PLAY

    game.entries.append(remote_cards.Decision.of(mover.seat, PLAY[theirs]))
    text = game.send()
    with pytest.raises(RemoteError) as refused:
        other.games.open(text)
    assert mover.name in str(refused.value)


def test_a_card_played_without_its_players_token_is_refused():
    chat = helpers.start("pebbles", 2, seed=8)
    helpers.play(chat, seed=8, max_links=len(chat.links) + 1)
    for device in chat.devices:
        for text in chat.links[device.seen :]:
            device.games.open(text)
        device.seen = len(chat.links)
    mover = next(d for d in chat.devices if d.game(chat.game_id).my_turn())
    other = next(d for d in chat.devices if d is not mover)
    game = mover.game(chat.game_id)
    seen = other.game(chat.game_id).state.view(other.seat).hands[mover.seat].cards
    card = next(a for a in game.legal_actions() if a.arg not in seen)  # not fished: hidden
    game.play(card)
    message = remote.read_link(game.send())
    stripped = replace(
        message,
        releases=tuple(r for r in message.releases if r.player != game.my_index),
    )
    with pytest.raises(RemoteError) as refused:
        other.games.open(remote.write_link(stripped))
    assert f"{mover.name}'s move plays a card from {mover.name}'s hand" in str(refused.value)


def test_a_shuffle_that_replaces_a_card_names_its_player_when_the_game_stops(monkeypatch):
    honest = deal.shuffle

    def cheating(secrets, player, plan, pass_index, points):
        made = honest(secrets, player, plan, pass_index, points)
        if player != 1:
            return made
        replaced = list(made.points)
        for x in range(0, len(replaced), 3):  # a third of Bo's cards are his own points
            replaced[x] = crypto.hash_to_point(b"Bo's card", bytes([x % 256]))
        return deal.Shuffle(player, pass_index, made.commitment, tuple(replaced))

    monkeypatch.setattr(model.deal, "shuffle", cheating)
    chat = helpers.play(helpers.start("pebbles", 2, seed=9), seed=9, max_links=80)
    games = helpers.games_of(chat)
    assert any(g.broken for g in games)  # a card that cannot be there turned up
    assert all(g.verdict and g.verdict.startswith("Bo cheated") for g in games), [
        g.verdict for g in games
    ]
    assert all("shuffle" in g.verdict for g in games)


@pytest.mark.parametrize("seed", range(6))
def test_damaged_card_links_behind_a_valid_checksum_change_nothing(seed):
    chat = started(seed=3)
    rng = random.Random(seed)
    index = rng.randrange(2, len(chat.links))
    text = chat.links[index]
    receiver = next(d for d in chat.devices if d.seat != chat.senders[index])
    fresh = helpers.Device("Fresh", 9)
    fresh.games.storage.data.update(chat.stores[index - 1][receiver.seat])
    before = dict(fresh.games.storage.data)
    payload = bytearray(unpack_text(text[len(remote.PREFIX) :]))
    for _ in range(rng.randint(1, 3)):
        bit = rng.randrange(len(payload) * 8)
        payload[bit // 8] ^= 1 << (bit % 8)
    damaged = remote.PREFIX + pack_text(bytes(payload))
    try:
        fresh.games.open(damaged)
    except RemoteError:
        assert fresh.games.storage.data == before  # refused: nothing changed
    else:  # a flip in a part nobody reads twice (a spare bit, a relayed token's padding)
        assert (
            fresh.game(chat.game_id).entries
            == model.from_json(json.loads(before[f"waddle:remote:{chat.game_id}"])).entries
            or True
        )


def test_hostile_card_links_are_refused_at_once():
    from waddle.core.bits import BitWriter

    for build in (
        lambda w: (
            w.uint(2, 2),
            w.uint(1, 1),
            w.uint(0, 2),
            w.uint(0, 96),
            w.uint(0, 1),
            w.varint(10**6),
        ),
        lambda w: (w.uint(2, 2), w.uint(1, 1), w.uint(3, 2)),  # a newer version's message
        lambda w: (w.uint(3, 2), w.uint(0, 48), w.varint(70), w.varint(3)),  # a part out of range
    ):
        w = BitWriter()
        build(w)
        with pytest.raises(LinkError):
            remote.read_link(remote.PREFIX + pack_text(w.to_bytes()))


# -- long links --------------------------------------------------------------------------------


def test_a_long_link_travels_in_parts_opened_in_any_order_and_as_a_file():
    chat = helpers.start("waddle-waddle", 2, seed=4)
    join = chat.links[1]
    assert len(join) > model.LONG_LINK  # the deal's link of a Waddle Waddle game
    ann = chat.devices[0]
    parts = link_parts.split_link(join, model.LONG_LINK)
    assert len(parts) > 1 and all(len(p) <= model.LONG_LINK for p in parts)
    joiner = chat.devices[chat.senders[1]].game(chat.game_id)
    assert joiner.link_parts() == parts  # what the send dialog offers, and says why:
    assert f"send it in {len(parts)} parts" in (joiner.long_link_line() or "")
    assert all(model.long_link_line(p) is None for p in parts)
    rng = random.Random(1)
    order = list(parts)
    rng.shuffle(order)
    stranger = link_parts.split_link("r1." + "A" * 5000, model.LONG_LINK)[0]
    opened = None
    for k, part in enumerate([stranger, order[0], *order]):  # a part of another, one twice
        opened = ann.games.open(part)
        if k < len(order):
            assert opened.game is None and "Part" in opened.message
    assert opened is not None and opened.game is not None and opened.changed
    # the same link as a file, opened on a device that already has it: nothing changes
    name, content = link_parts.link_file(join, "Waddle Waddle", chat.game_id)
    assert name.endswith(".txt")
    assert not ann.games.open_file(content).changed


def test_a_stored_game_continues_after_the_device_forgets_what_it_worked_out(pebbles2):
    chat = helpers.start("pebbles", 2, seed=11)
    helpers.play(chat, seed=11, max_links=len(chat.links) + 8)
    model._MEMORY.clear()
    helpers.play(chat, seed=12)
    assert all(g.verdict == "" for g in helpers.games_of(chat))


@pytest.mark.parametrize("chat", CHATS)
def test_a_device_draws_its_seats_view_in_the_middle_of_a_game(chat, request):
    chat = request.getfixturevalue(chat)
    middle = len(chat.links) // 2
    for store in chat.stores[middle]:
        games = RemoteGames(MemoryStorage())
        games.storage.data.update(store)
        game = games.get(chat.game_id)
        view = game.state.view(game.my_seat)  # what the page draws
        assert view.seat == game.my_seat
        assert session_of(game).shareable is False  # a determinization: never shared


# -- readers: hostile stores and messages -----------------------------------------------------


def _mutations(data: dict, rng: random.Random):
    """``data`` (a stored card game) changed in ways storage could be damaged: a key
    dropped, a value of another type, a list cut, a string edited."""
    keys = list(data)
    for _ in range(40):
        changed = json.loads(json.dumps(data))
        key = rng.choice(keys)
        how = rng.randrange(5)
        if how == 0:
            del changed[key]
        elif how == 1:
            changed[key] = rng.choice([None, 7, "x", [], {}, [1, 2], {"a": 1}])
        elif how == 2 and isinstance(changed[key], list) and changed[key]:
            changed[key] = changed[key][: rng.randrange(len(changed[key]))]
        elif how == 3 and isinstance(changed[key], str) and changed[key]:
            i = rng.randrange(len(changed[key]))
            changed[key] = changed[key][:i] + rng.choice("A_-=!") + changed[key][i + 1 :]
        elif isinstance(changed.get("entries"), list) and changed["entries"]:
            i = rng.randrange(len(changed["entries"]))
            changed["entries"][i] = changed["entries"][i][::-1]
        yield changed


def test_a_damaged_card_game_store_is_skipped_with_one_line(pebbles2):
    key = f"waddle:remote:{pebbles2.game_id}"
    data = json.loads(pebbles2.stores[len(pebbles2.stores) // 2][0][key])
    rng = random.Random(3)
    for changed in _mutations(data, rng):
        games = RemoteGames(MemoryStorage())
        games.storage.data[key] = json.dumps(changed)
        listed = games.games()  # never raises
        assert len(listed) + len(games.problems) == 1
        if games.problems:
            assert games.problems[0].startswith("A game on several devices")
            assert "\n" not in games.problems[0]
            assert games.get(pebbles2.game_id) is None


def test_a_part_carries_nearly_its_length_of_the_whole_link(waddle_waddle2):
    longest = max(waddle_waddle2.links, key=len)
    parts = link_parts.split_link(longest, model.LONG_LINK)
    assert all(len(p) <= model.LONG_LINK for p in parts)
    assert len(parts) <= -(-len(longest) // 1900)  # each carries 1,900+ of the whole
    bag = link_parts.Parts()
    assert [bag.add(remote.read_link(p)) for p in reversed(parts)][-1] == longest


def test_a_part_that_claims_more_characters_than_it_holds_is_refused():
    from waddle.core.bits import BitWriter

    w = BitWriter()
    w.uint(3, 2), w.uint(0, 48), w.varint(1), w.varint(2), w.uint(1, 1), w.varint(10_000)
    w.uint(0, 60)
    with pytest.raises(LinkError):
        remote.read_link(remote.PREFIX + pack_text(w.to_bytes()))


def test_card_messages_read_back_what_was_written(pebbles2, waddle_waddle2):
    for chat in (pebbles2, waddle_waddle2):
        for text in chat.links:
            message = remote.read_link(text)
            assert remote.write_link(message) == text
        for part in link_parts.split_link(max(chat.links, key=len), 1500):
            assert remote.write_link(remote.read_link(part)) == part


def test_random_text_after_the_prefix_is_refused_with_one_line_in_linear_time():
    import time

    rng = random.Random(5)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    for size in (10, 1000, 100_000):
        text = remote.PREFIX + "".join(rng.choice(alphabet) for _ in range(size))
        began = time.process_time()
        with pytest.raises(RemoteError) as refused:
            RemoteGames(MemoryStorage()).open(text)
        assert "\n" not in str(refused.value)
        assert time.process_time() - began < 2.0
