"""The last move's marks never cover what a board says: Pebbles' arrow of a moved penguin
stops clear of the tiles' numbers (it covered "12"), and Waddle Waddle's mark of the last
rookery runs on its border (inset, its dashes crossed the rookery's name and nests)."""

from __future__ import annotations

import random
import re

from waddle.app.session import Session
from waddle.core.game import OMNISCIENT
from waddle.games.pebbles.view import TEXT_SIZES
from waddle.games.waddle_waddle.prompts import last_rookery


def _number_boxes(board: str) -> list[tuple[float, float, float, float]]:
    """Each tile number's box (left, top, right, bottom): bold digits about 0.64 em wide,
    0.75 em high over the baseline."""
    size = TEXT_SIZES["tile-number"]
    boxes = []
    for x, y, text in re.findall(
        r'class="tile-number" x="([-\d.]+)" y="([-\d.]+)"[^>]*>(\d+)<', board
    ):
        half = 0.32 * size * len(text)
        boxes.append((float(x) - half, float(y) - 0.75 * size, float(x) + half, float(y)))
    return boxes


def _arrow_ends(board: str) -> list[tuple[float, float]]:
    """Points of each drawn arrow's ends: the first unit of its shaft, its head."""
    points = []
    for d in re.findall(r'class="move-arrow" d="([^"]+)"', board):
        (x1, y1), (x2, y2) = [
            tuple(map(float, p.split())) for p in re.findall(r"[ML]([-\d. ]+)", d)
        ][:2]
        length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5 or 1.0
        points += [(x1 + (x2 - x1) * k / length, y1 + (y2 - y1) * k / length) for k in range(3)]
    for head in re.findall(r'class="move-arrow-head" points="([^"]+)"', board):
        corners = [tuple(map(float, p.split(","))) for p in head.split()]
        cx, cy = sum(x for x, _ in corners) / 3, sum(y for _, y in corners) / 3
        points += corners + [((x + cx) / 2, (y + cy) / 2) for x, y in corners] + [(cx, cy)]
    return points


def test_pebbles_move_arrows_start_and_end_clear_of_the_tiles_numbers_and_run_under_them():
    halo = 1.6  # half the arrow's dark stroke (the numbers, drawn over it, have a halo)
    arrows = 0
    for seed in range(1, 13):
        session = Session.new("pebbles", 2 + seed % 3, seed)
        rng = random.Random(seed)
        while not session.state.is_over():
            session.play(rng.choice(session.state.legal_actions()))
            board = session.presenter.render(session.scene(OMNISCIENT, False)).board.markup
            points = _arrow_ends(board)
            if not points:
                continue
            arrows += 1
            assert board.index('class="last-turn"') < board.index('class="tile-marks"'), (
                "a long arrow crosses tiles under their numbers"
            )
            for left, top, right, bottom in _number_boxes(board):
                hits = [
                    (x, y)
                    for x, y in points
                    if left - halo < x < right + halo and top - halo < y < bottom + halo
                ]
                assert not hits, f"seed {seed}, move {session.state.ply}: an arrow ends on a number"
    assert arrows > 100, "positions with a moved penguin's arrow were checked"


def test_waddle_waddle_marks_the_last_rookery_on_its_border():
    session = Session.new("waddle-waddle", 3, 5)
    rng = random.Random(2)
    marked = 0
    while not session.state.is_over() and marked < 40:
        session.play(rng.choice(session.state.legal_actions()))
        view = session.state.view(OMNISCIENT)
        rid = last_rookery(view)
        if rid is None:
            continue
        board = session.presenter.render(session.scene(OMNISCIENT, False)).board.markup
        group = re.search(
            rf'<g class="rookery" data-rookery="{rid}".*?</g>(?=<g class="rook|<g class="leg)',
            board,
        )[0]
        frame = re.search(r'<rect class="rookery-frame" ([^/]*)/>', group)[1]
        mark = re.search(r'<rect class="last-move" ([^/]*)/>', group)[1]
        assert mark == frame, "the mark is the rookery's border, not a frame inside it"
        assert group.index("last-move") < group.index("rookery-name"), "drawn under the name"
        marked += 1
    assert marked == 40
