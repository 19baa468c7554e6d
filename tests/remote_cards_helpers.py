"""Card games played between devices by links, as people would in a group chat: each
device is a :class:`~waddle.app.remote.RemoteGames` over its own storage, every link posted
is a string that every device opens (in the order posted, or shuffled, old ones again), the
player to move plays at random among their legal decisions, and a device the others wait
for posts its unlock link. Every link posted and every device's storage after each link
are kept, for the scans of what each device could read."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field

from waddle.app.remote import RemoteGames
from waddle.app.remote_cards import RemoteCardGame
from waddle.app.saves import MemoryStorage

NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")


@dataclass
class Device:
    name: str
    seat: int
    games: RemoteGames = field(default_factory=lambda: RemoteGames(MemoryStorage()))
    seen: int = 0
    """Links of the chat this device has opened (in order)."""

    def game(self, game_id: str) -> RemoteCardGame:
        game = self.games.get(game_id)
        assert isinstance(game, RemoteCardGame), f"{self.name} has no card game {game_id}"
        return game


@dataclass
class Chat:
    devices: list[Device]
    game_id: str
    links: list[str] = field(default_factory=list)
    senders: list[int] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)
    """For each link: "invite", "join", "turn" (with a decision), "unlock" or "end"."""
    stores: list[list[dict[str, str]]] = field(default_factory=list)
    """After each link: every device's storage, entry by entry."""
    refusals: list[str] = field(default_factory=list)

    def post(self, sender: int, text: str, kind: str) -> None:
        self.links.append(text)
        self.senders.append(sender)
        self.kinds.append(kind)
        self.stores.append([dict(d.games.storage.data) for d in self.devices])


def start(game: str, players: int, seed: int = 0, options: dict | None = None) -> Chat:
    """A game started by device 0 (seat 0), every other seat taken in turn by its own
    device, each passing the invitation on (the last joiner's link starts the deal)."""
    host = Device(NAMES[0], 0)
    seats = ["me"] + ["open"] * (players - 1)
    made = host.games.invite(game, players, seed, seats, ["Ann"], options)
    chat = Chat([host], made.game_id)
    chat.post(0, made.last_link, "invite")
    host.seen = 1
    link = made.last_link
    for seat in range(1, players):
        device = Device(NAMES[seat], seat)
        chat.devices.append(device)
        joined = device.games.join(link, seat, NAMES[seat])
        link = joined.last_link
        device.seen = len(chat.links) + 1
        chat.post(seat, link, "join")
    return chat


def play(chat: Chat, seed: int, shuffle: bool = False, max_links: int = 3000) -> Chat:
    """Play to the end (and through the end's reveals): in rounds, each device opens the
    links it has not (``shuffle``: in a random order, with old links again), then plays
    while it is its turn and posts its link, or posts an unlock link if the others wait
    for it."""
    rng = random.Random(seed)
    while len(chat.links) < max_links:
        progressed = False
        for i, device in enumerate(chat.devices):
            todo = chat.links[device.seen :]
            if shuffle and todo:
                todo = todo + rng.sample(chat.links, min(2, len(chat.links)))
                rng.shuffle(todo)
            for text in todo:
                try:
                    device.games.open(text)
                except ValueError as e:
                    chat.refusals.append(f"{device.name}: {e}")
            if shuffle:  # open them in order too, so nothing is left behind
                for text in chat.links[device.seen :]:
                    try:
                        device.games.open(text)
                    except ValueError as e:
                        chat.refusals.append(f"{device.name}: {e}")
            device.seen = len(chat.links)
            game = device.game(chat.game_id)
            acted = False
            while game.my_turn():
                game.play(rng.choice(game.legal_actions()))
                acted = True
            if acted or game.others_wait():
                over = game.state.is_over() and not acted
                kind = "turn" if acted else "end" if over else "unlock"
                text = game.send()
                device.games.save(game)
                device.seen = len(chat.links) + 1
                chat.post(i, text, kind)
                progressed = True
        if not progressed:
            break
    return chat


def games_of(chat: Chat) -> list[RemoteCardGame]:
    return [d.game(chat.game_id) for d in chat.devices]


def decisions_in(text: str) -> list[tuple[int, dict]]:
    """The decisions a link carries (seat, record JSON)."""
    from waddle.core import remote
    from waddle.core.remote_cards import CardTurn, Decision

    message = remote.read_link(text)
    if not isinstance(message, CardTurn):
        return []
    return [(e.seat, json.loads(e.action)) for e in message.entries if isinstance(e, Decision)]
