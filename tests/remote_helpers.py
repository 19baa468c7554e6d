"""Devices playing a game by links, as people would: each device is a
:class:`~waddle.app.remote.RemoteGames` over its own storage, and links travel as strings
through a group chat (every device opens every posted link, in any order, any number of
times)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from waddle.app.remote import RemoteGames
from waddle.app.remote_game import RemoteGame
from waddle.app.saves import MemoryStorage
from waddle.core import crypto, remote
from waddle.core.remote import Signed, Turn
from waddle.core.rng import Rng


@dataclass
class Device:
    name: str
    games: RemoteGames = field(default_factory=lambda: RemoteGames(MemoryStorage()))

    def game(self, game_id: str) -> RemoteGame:
        game = self.games.get(game_id)
        assert game is not None, f"{self.name} has no game {game_id}"
        return game

    def play_turn(self, game_id: str, rng: Rng) -> str | None:
        """This device's decisions while it is to move (its person's, its computers'),
        chosen at random among the legal ones, then the link it sends; None if it is not
        to move."""
        game = self.game(game_id)
        if not (game.my_turn() or game.computer_to_move()):
            return None
        while game.my_turn() or game.computer_to_move():
            game.play(rng.choice(game.state.legal_actions()))
        link = game.send()
        self.games.save(game)
        return link


def start_game(
    game: str, players: int, seed: int, *, computers: dict[int, str] | None = None
) -> tuple[list[Device], str]:
    """A game started by device 0 (seat 0), every other person's seat joined by its own
    device passing the invitation on; the devices (one per person) and the game's id."""
    computers = computers or {}
    seats = [
        "me" if i == 0 else f"computer:{computers[i]}" if i in computers else "open"
        for i in range(players)
    ]
    host = Device("Ann")
    made = host.games.invite(game, players, seed, seats, names=["Ann"])
    devices = [host]
    link = made.last_link
    for seat in range(1, players):
        if seat in computers:
            continue
        device = Device(NAMES[seat])
        joined = device.games.join(link, seat, NAMES[seat])
        link = joined.last_link
        devices.append(device)
    for device in devices:  # the last joiner's link completes everyone's table
        if device.games.get(made.game_id).last_link != link:
            device.games.open(link)
    return devices, made.game_id


NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")


def play_by_group_chat(
    devices: list[Device], game_id: str, seed: int, shuffle: bool = False
) -> list[str]:
    """Play to the end: whoever is to move plays and posts a link; everyone opens every
    link posted so far that they have not (``shuffle``: in a random order, old links again
    too). Every link posted, in order."""
    rng = Rng(seed)
    posted: list[str] = []
    seen = {d.name: 0 for d in devices}
    for _ in range(2000):
        progressed = False
        for device in devices:
            unread = posted[seen[device.name] :]
            if shuffle and posted:
                unread = [*unread, rng.choice(posted)]
                rng.shuffle(unread)
            for link in unread:
                device.games.open(link)
            seen[device.name] = len(posted)
            link = device.play_turn(game_id, rng)
            if link is not None:
                posted.append(link)
                progressed = True
        if not progressed:
            break
    return posted


def forged_turn(
    game: RemoteGame, actions: list, signer_key: bytes, signer_index: int, start: int = 0
) -> str:
    """A turn link of ``game``'s genesis with ``actions`` as its line, signed by
    ``signer_key`` (claimed to be key ``signer_index``) at its end: what a dishonest device
    could make with its own key."""
    state = game.setup_record.start()
    indices = []
    for i, action in enumerate(actions):
        if i >= start:
            indices.append(state.legal_actions().index(action))
        state.apply(action)
    hashes = [remote.genesis_hash(game.genesis)]
    for action in actions:
        hashes.append(remote.next_hash(hashes[-1], remote.json_of(action)))
    position = len(actions)
    message = remote.turn_message(game.genesis.game_id, position, hashes[position])
    signed = Signed(signer_index, position, crypto.sign(signer_key, message))
    to_move = remote.OVER if state.is_over() else state.to_move()
    turn = Turn(
        game.genesis.game_id,
        game.genesis if start == 0 else None,
        start,
        tuple(indices),
        to_move,
        (signed,),
    )
    return remote.write_link(turn)


def edited(link: str, **changes) -> str:
    """``link`` with fields of its turn message changed and re-encoded (a valid checksum:
    what someone who knows the format could paste)."""
    return remote.write_link(replace(remote.read_link(link), **changes))


def first_turns_links(devices: list[Device], game_id: str, count: int, seed: int = 9) -> list[str]:
    """The first ``count`` turn links, each opened by every device."""
    rng = Rng(seed)
    links: list[str] = []
    while len(links) < count:
        for device in devices:
            link = device.play_turn(game_id, rng)
            if link:
                links.append(link)
                for other in devices:
                    other.games.open(link)
    return links
