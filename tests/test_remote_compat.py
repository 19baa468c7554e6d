"""Remote play's formats keep opening what they opened: the ``r1.`` links and the
``waddle-remote/1`` store entries of a whole game, written when the format was introduced
(tests/fixtures/remote_links_v1.json), replayed between the same two devices."""

from __future__ import annotations

import json
from pathlib import Path

from waddle.app.remote import RemoteGames
from waddle.app.saves import MemoryStorage

FIXTURE = json.loads(
    (Path(__file__).resolve().parent / "fixtures" / "remote_links_v1.json").read_text()
)


def test_old_links_and_stores_replay_the_same_game():
    devices = {}
    for name, data in FIXTURE["stores"].items():
        storage = MemoryStorage()
        storage.data.update(data)
        devices[name] = RemoteGames(storage)
    for link in FIXTURE["links"]:
        for games in devices.values():
            games.open(link)
    for games in devices.values():
        game = games.get(FIXTURE["game_id"])
        assert [a.to_json() for a in game.actions] == FIXTURE["actions"]
        assert game.status == "over"


def test_an_old_invitation_still_reads():
    invitation = RemoteGames(MemoryStorage()).read_invitation(FIXTURE["invitation"])
    assert invitation.game == "htmf" and invitation.seats == ("Ann", "Bo")
    assert invitation.free == ()
