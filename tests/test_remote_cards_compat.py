"""The card games' remote-play format keeps opening what it opened: the ``r1.`` kind-2
links and the ``waddle-remote-cards/1`` store entries of a whole game of Pebbles between
two devices, written when the format was introduced (tests/fixtures/
remote_card_links_v1.json), replayed between the same two devices to the same checked
record."""

from __future__ import annotations

import json
from pathlib import Path

from waddle.app.remote import RemoteGames
from waddle.app.saves import MemoryStorage

FIXTURE = json.loads(
    (Path(__file__).resolve().parent / "fixtures" / "remote_card_links_v1.json").read_text()
)


def test_old_card_links_and_stores_replay_to_the_same_checked_record():
    devices = {}
    for name, data in FIXTURE["stores"].items():
        storage = MemoryStorage()
        storage.data.update(data)
        devices[name] = RemoteGames(storage)
    for link in FIXTURE["links"]:  # each device opens every link, its own too
        for games in devices.values():
            games.open(link)
    for games in devices.values():
        game = games.get(FIXTURE["game_id"])
        assert game.status == "over" and game.verdict == ""
        assert json.loads(game.final_record().dumps()) == FIXTURE["record"]


def test_an_old_card_invitation_still_reads():
    invitation = RemoteGames(MemoryStorage()).read_invitation(FIXTURE["invitation"])
    assert invitation.game == "pebbles" and invitation.seats == ("Ann", "")
    assert invitation.free == (1,)
