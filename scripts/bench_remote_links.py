#!/usr/bin/env python3
"""Remote play's link lengths, per game and player count, and the taps it takes to start.

    python3 scripts/bench_remote_links.py [--seeds 3] [--taps-only | --links-only]

Plays whole games between modelled devices (``waddle.app.remote.RemoteGames``, one
storage each, links passed as strings through a group chat where everyone opens every
link) with random legal moves, and prints, for each game and player count:

- the invitation as the host sends it, and as the last joiner passes it on (every seat
  taken): the longest an invitation gets;
- turn links: the median and the longest of a whole game, the first one (it carries the
  whole table), and the longest "whole game" link (a device that has never moved gets the
  game from its start: at the end of a game, the worst case);

in characters of the link text (``r1.…``, what goes after the page's ``#``; the page's
address adds its own length, about 30 characters for a short domain). Goals (issue 39):
a turn at most 1,000 characters (a QR code a phone reads off a screen), an invitation at
most 2,000. Card games are refused until issue 40's deal.

Then the taps to start a game, measured on the same model: each call a person makes
counted with the taps it costs on a phone (below), until the first player can move, for
the two ways of joining issue 39 offers: joining links sent back to the host, or the
invitation passed on from player to player (docs/remote-play.md, "Joining").
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from waddle.app.remote import RemoteGames  # noqa: E402
from waddle.app.remote_game import RemoteGame  # noqa: E402
from waddle.app.saves import MemoryStorage  # noqa: E402
from waddle.core.rng import Rng  # noqa: E402
from waddle.games import GAMES  # noqa: E402

NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")
"""Seat names as people type them (short: the table below says how long links get)."""

# What each step costs a person on a phone, in taps.
TAPS_INVITE = 2  # "Play on several devices", "Create invitation" (options left as they are)
TAPS_SHARE = 3  # "Send", the messenger in the share sheet, "Send" there
TAPS_OPEN = 1  # the link in the messenger
TAPS_JOIN = 3  # a free seat, the name field (typing not counted), "Join"


class Device:
    def __init__(self, name: str) -> None:
        self.name = name
        self.games = RemoteGames(MemoryStorage())
        self.taps = 0

    def game(self, game_id: str) -> RemoteGame:
        game = self.games.get(game_id)
        assert game is not None
        return game


def start(game: str, players: int, seed: int) -> tuple[list[Device], str, list[str]]:
    """Host (seat 0) invites; each other seat joins by the invitation passed on; the
    devices, the game's id and every invitation as sent (the host's, then each joiner's)."""
    host = Device(NAMES[0])
    made = host.games.invite(game, players, seed, ["me"] + ["open"] * (players - 1), ["Ann"])
    devices, sent = [host], [made.last_link]
    for seat in range(1, players):
        device = Device(NAMES[seat])
        sent.append(device.games.join(sent[-1], seat, NAMES[seat]).last_link)
        devices.append(device)
    for device in devices[:-1]:
        device.games.open(sent[-1])
    return devices, made.game_id, sent


def play(devices: list[Device], game_id: str, seed: int) -> list[str]:
    """A whole game in a group chat, random legal moves; every turn link posted."""
    rng = Rng(seed)
    posted: list[str] = []
    while True:
        moved = False
        for device in devices:
            game = device.game(game_id)
            if not game.my_turn():
                continue
            while game.my_turn():
                game.play(rng.choice(game.state.legal_actions()))
            link = game.send()
            device.games.save(game)
            posted.append(link)
            moved = True
            for other in devices:
                if other is not device:
                    other.games.open(link)
        if not moved:
            return posted


def whole_game_length(device: Device, game_id: str) -> int:
    """The link of the whole game from its start, as a device that never moved gets it."""
    game = device.game(game_id)
    return len(game._turn_from(0))


def link_rows(seeds: int) -> list[tuple]:
    rows = []
    for entry in GAMES:
        if entry.hidden_information:
            rows.append((entry.title, f"{entry.players[0]}–{entry.players[1]}", None))
            continue
        for players in range(entry.players[0], entry.players[1] + 1):
            invitations, completes, turns, firsts, wholes = [], [], [], [], []
            for seed in range(1, seeds + 1):
                devices, game_id, sent = start(entry.id, players, seed)
                invitations.append(len(sent[0]))
                completes.append(max(len(s) for s in sent))
                posted = play(devices, game_id, seed)
                turns += [len(link) for link in posted]
                firsts.append(len(posted[0]))
                wholes.append(whole_game_length(devices[0], game_id))
            rows.append(
                (
                    entry.title,
                    players,
                    (
                        max(invitations),
                        max(completes),
                        statistics.median(turns),
                        max(turns),
                        max(firsts),
                        max(wholes),
                    ),
                )
            )
    return rows


def taps_to_start(players: int, flow: str, seed: int) -> tuple[int, int, int]:
    """Total taps of everyone, the most any one person taps, and the links sent, until
    the first player may move. ``flow``: ``"back"`` (each joiner sends a joining link to the
    host, who then sends everyone the table) or ``"pass"`` (each joiner passes the
    invitation on; the last one's completes the table for everyone)."""
    host = Device(NAMES[0])
    made = host.games.invite("waddle", players, seed, ["me"] + ["open"] * (players - 1), ["Ann"])
    game_id = made.game_id
    host.taps += TAPS_INVITE + TAPS_SHARE
    sent = 1
    devices = [host]
    latest = made.last_link
    for seat in range(1, players):
        device = Device(NAMES[seat])
        device.taps += TAPS_OPEN + TAPS_JOIN + TAPS_SHARE
        joined = device.games.join(made.last_link if flow == "back" else latest, seat, NAMES[seat])
        sent += 1
        latest = joined.last_link
        devices.append(device)
        if flow == "back":
            host.games.open(latest)
            host.taps += TAPS_OPEN
    mover = next((d for d in devices if d.game(game_id).my_turn()), None)
    if flow == "back":
        # the host has the whole table: it moves first, or (when the first player's device
        # does not have the whole table) sends it to everyone
        if mover is None:
            host.taps += TAPS_SHARE
            sent += 1
            for device in devices[1:]:
                device.games.open(host.game(game_id).send())
            mover = next(d for d in devices if d.game(game_id).my_turn())
            mover.taps += TAPS_OPEN
    else:
        last = devices[-1]
        if mover is None or mover is not last:
            for device in devices[:-1]:
                device.games.open(latest)
            mover = next(d for d in devices if d.game(game_id).my_turn())
            mover.taps += TAPS_OPEN
    assert mover.game(game_id).my_turn()
    return sum(d.taps for d in devices), max(d.taps for d in devices), sent


def tap_rows(seeds: int) -> list[tuple]:
    rows = []
    for players in range(2, 6):
        row = [players]
        for flow in ("back", "pass"):
            results = [taps_to_start(players, flow, seed) for seed in range(1, seeds * 4 + 1)]
            row.append(
                (
                    statistics.mean(r[0] for r in results),
                    max(r[1] for r in results),
                    statistics.mean(r[2] for r in results),
                )
            )
        rows.append(tuple(row))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=3, help="games per game and count")
    parser.add_argument("--taps-only", action="store_true")
    parser.add_argument("--links-only", action="store_true")
    args = parser.parse_args(argv)
    if not args.taps_only:
        print(f"Link lengths in characters ({args.seeds} games each; goals: turn ≤ 1000,")
        print("invitation ≤ 2000)")
        print()
        print(
            "| game | players | invitation | invitation, every seat taken | turn, median "
            "| turn, longest | first turn | whole game |"
        )
        print("| --- | --- | --- | --- | --- | --- | --- | --- |")
        for title, players, figures in link_rows(args.seeds):
            if figures is None:
                print(f"| {title} | {players} | refused until issue 40's deal | | | | | |")
                continue
            inv, full, median, longest, first, whole = figures
            print(
                f"| {title} | {players} | {inv} | {full} | {median:.0f} | {longest} | {first} "
                f"| {whole} |"
            )
        print()
    if not args.links_only:
        print("Taps to start (everyone's, and the most one person taps; links sent), until")
        print(
            f"the first player may move. A tap costs: invite {TAPS_INVITE}, share a link "
            f"{TAPS_SHARE}, open a link {TAPS_OPEN}, join {TAPS_JOIN}."
        )
        print()
        print("| players | joining links back to the host | invitation passed on | fewer taps |")
        print("| --- | --- | --- | --- |")
        for players, back, passed in tap_rows(args.seeds):
            better = "same"
            if passed[0] != back[0]:
                better = "passed on" if passed[0] < back[0] else "back to the host"
            print(
                f"| {players} | {back[0]:.1f} taps (most {back[1]}), {back[2]:.1f} links "
                f"| {passed[0]:.1f} taps (most {passed[1]}), {passed[2]:.1f} links | {better} |"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
