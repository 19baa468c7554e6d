"""The SVG board markup carries the page's public hooks (web hooks design note)."""

import re
import xml.etree.ElementTree as ET

from waddle.core.hexgrid import neighbors, to_pixel
from waddle.core.rng import Rng
from waddle.games.waddle import SCOUT, new_game
from waddle.games.waddle.places import place_name, place_of
from waddle.games.waddle.view import board_svg
from waddle.ui.markup import HEX_SIZE
from waddle.ui.seats import Seat, default_seats


def parse(markup: str) -> ET.Element:
    return ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{markup}</svg>')


def hexes(root: ET.Element) -> dict[tuple[int, int], dict[str, str]]:
    out = {}
    for el in root.iter():
        if "data-hex" in el.attrib:
            q, r = map(int, el.attrib["data-hex"].split(","))
            out[(q, r)] = el.attrib
    return out


def mid_game(players=4, plies=25, seed=2):
    state = new_game(players, seed)
    rng = Rng(seed)
    while state.ply < plies:
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_one_element_per_hex_with_its_kind_and_number():
    state = mid_game()
    found = hexes(parse(board_svg(state).markup))
    assert set(found) == set(state.board.coords)
    for spec in state.board.specs:
        attrs = found[spec.hex]
        assert attrs["data-kind"] == spec.kind
        assert attrs.get("data-number") == (None if spec.number is None else str(spec.number))


def test_penguins_carry_owner_and_token():
    state = mid_game()
    found = hexes(parse(board_svg(state).markup))
    for h in state.board.coords:
        penguin = state.penguin_at(h)
        if penguin is None:
            assert "data-owner" not in found[h]
        else:
            player, tokens = penguin
            assert found[h]["data-owner"] == str(player)
            assert found[h]["data-token"] == ("double" if tokens == 2 else "single")


def test_legal_and_active_hexes_are_marked():
    state = mid_game()
    found = hexes(parse(board_svg(state).markup))
    assert {h for h, a in found.items() if a.get("data-legal") == "true"} == set(
        state.legal_hexes()
    )
    assert [h for h, a in found.items() if a.get("data-active") == "true"] == [state.active_hex]
    hidden = hexes(parse(board_svg(state, show_legal=False).markup))
    assert not any(a.get("data-legal") for a in hidden.values())


def marked_last(state) -> list[tuple[int, int]]:
    return [h for h, a in hexes(parse(board_svg(state).markup)).items() if a.get("data-last")]


def test_the_penguin_placed_last_is_marked_and_named_until_the_next_action():
    state = new_game(3, seed=5)
    assert marked_last(state) == [], "nothing before the first action"
    rng = Rng(5)
    placements = scouts = 0
    while not state.is_over():
        action = rng.choice(state.legal_actions())
        state.apply(action)
        if action.is_scout:
            scouts += 1
            assert marked_last(state) == [], "a scout places nothing to mark"
            continue
        placements += 1
        found = hexes(parse(board_svg(state).markup))
        assert [h for h, a in found.items() if a.get("data-last")] == [action.hex]
        assert found[action.hex]["aria-label"].endswith(", last move")
    assert placements and scouts
    state.undo()
    assert marked_last(state) == ([] if state.last_action.is_scout else [state.last_action.hex])


def test_finished_board_outlines_every_waddle_and_marks_pool_scorers():
    state = new_game(3, 5)
    rng = Rng(1)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    root = parse(board_svg(state).markup)
    outlines = [el for el in root.iter() if "data-waddle-owner" in el.attrib]
    breakdown = state.breakdown()
    assert len(outlines) == sum(len(p.waddles) for p in breakdown.players)
    winners = {
        el.attrib["data-pool-winner"] for el in root.iter() if "data-pool-winner" in el.attrib
    }
    scorers = {str(p) for pool in breakdown.pools for p, fish in enumerate(pool.awards) if fish}
    assert winners == scorers
    assert not hexes(root) or not any(a.get("data-active") for a in hexes(root).values())


def _finished(players: int, seed: int):
    state = new_game(players, seed)
    rng = Rng(seed)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    return state


def _text_boxes(state) -> list[tuple[float, float, float, float]]:
    """Each water hex's number and fish line as boxes (left, top, right, bottom), from
    view.py's own layout: the number above the centre, the fish line under it."""
    from waddle.games.waddle import view

    boxes = []
    for spec in state.board.specs:
        if spec.kind != "water":
            continue
        cx, cy = to_pixel(spec.hex, HEX_SIZE)
        if spec.number is not None:
            half = 0.35 * view.NUMBER_UNITS * len(str(spec.number))
            boxes.append((cx - half, cy - 4 - 0.75 * view.NUMBER_UNITS, cx + half, cy - 4))
        if spec.fish:
            digits = sum(len(str(f)) for f in spec.fish)
            width = view._ICON + view._DIGIT * digits + view._THIN * (len(spec.fish) - 1)
            foot = cy + (14 if spec.number is not None else 5)
            boxes.append((cx - width / 2, foot - 0.75 * view.FISH_UNITS, cx + width / 2, foot))
    return boxes


def _shape_box(el: ET.Element) -> tuple[float, float, float, float]:
    if el.tag.endswith("circle"):
        cx, cy, r = (float(el.attrib[k]) for k in ("cx", "cy", "r"))
        return cx - r, cy - r, cx + r, cy + r
    xs, ys = zip(*(map(float, p.split(",")) for p in el.attrib["points"].split()), strict=True)
    return min(xs), min(ys), max(xs), max(ys)


def test_the_end_board_draws_pool_winners_and_waddle_outlines_clear_of_pool_numbers():
    """At the end, each pool's winners are marked where the pool has no number or fish,
    and each waddle's outline runs on its own ice, never across a pool's words."""
    for players, seed in [(2, 12), (3, 5), (4, 8), (5, 3)]:
        state = _finished(players, seed)
        root = parse(board_svg(state).markup)
        boxes = _text_boxes(state)
        for el in root.iter():
            if "data-pool-winner" not in el.attrib:
                continue
            shape = next(c for c in el if c.tag.endswith(("circle", "polygon")))
            a = _shape_box(shape)
            over = [b for b in boxes if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]]
            assert not over, f"{players} players: a pool winner's token over a pool's text"
        kind = {to_pixel(s.hex, HEX_SIZE): s.kind for s in state.board.specs}
        for el in root.iter():
            if "data-waddle-owner" not in el.attrib:
                continue
            ends = [
                tuple(map(float, p.split())) for p in re.findall(r"[ML]([-\d. ]+)", el.attrib["d"])
            ]
            for (x1, y1), (x2, y2) in zip(ends[::2], ends[1::2], strict=True):
                mx, my = (x1 + x2) / 2, (y1 + y2) / 2
                nearest = min(kind, key=lambda c: (c[0] - mx) ** 2 + (c[1] - my) ** 2)
                assert kind[nearest] != "water", f"{players} players: an outline in a pool"


def test_player_names_and_colours_are_escaped():
    state = new_game(2, 1)
    rng = Rng(1)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    seats = [
        Seat("<img src=x onerror=alert(1)>", '"red" onload="x"', "circle"),
        Seat("B&B", "#00f", "star"),
    ]
    markup = board_svg(state, seats).markup
    parse(markup)  # still well-formed
    assert "<img" not in markup and 'onload="x"' not in markup
    assert re.search(r"&lt;img src=x", markup)


def test_view_box_contains_every_hex():
    state = new_game(5, 3)
    x, y, w, h = map(float, board_svg(state).view_box.split())
    assert w > 0 and h > 0
    for coord in state.board.coords:
        px, py = to_pixel(coord, 30)
        assert x < px < x + w and y < py < y + h


def test_every_hex_has_an_accessible_name_and_only_legal_hexes_take_focus():
    """Screen readers: "the ice north-east of pool 7, empty, you can place here", the place
    named as the board shows it (never "3,-1"); Tab visits legal hexes."""
    state = mid_game()
    root = parse(board_svg(state).markup)
    for el in root.iter():
        if "data-hex" not in el.attrib:
            continue
        label = el.attrib["aria-label"]
        q, r = (int(v) for v in el.attrib["data-hex"].split(","))
        name = place_name(state.board, (q, r), near=state.active_number)
        assert (label == name or label.startswith(name + ", ")) and "," not in name
        assert place_of(state.board, name) == (q, r)
        if (q, r) in state.legal_hexes():
            assert name.endswith(f"of pool {state.active_number}"), "named from the active pool"
        if el.attrib.get("data-legal") == "true":
            assert el.attrib["tabindex"] == "0" and el.attrib["role"] == "button"
            assert label.endswith("empty, you can place here")
        else:
            assert "tabindex" not in el.attrib
        if "data-owner" in el.attrib:
            assert "penguin" in label
        if el.attrib.get("data-active") == "true":
            assert label.endswith("active")


# -- what a player notices after someone else's turn -------------------------------------------


def test_a_double_is_marked_as_the_last_move_with_both_penguins_and_said_as_two():
    state = new_game(2, seed=4)
    double = next(a for a in state.legal_actions() if a.double)
    state.apply(double)
    found = hexes(parse(board_svg(state).markup))
    last = found[double.hex]
    assert last["data-last"] == "true" and last["data-token"] == "double"
    assert "double token (two penguins), last move" in last["aria-label"]


def test_a_scout_places_nothing_so_a_badge_beside_the_active_pool_says_who_scouted():
    state = new_game(3, seed=5)
    assert "data-last-scout" not in board_svg(state).markup
    state.apply(state.legal_actions()[0])
    player = state.to_move()
    state.apply(SCOUT)
    root = parse(board_svg(state, default_seats(3)).markup)
    (badge,) = [el for el in root.iter() if "data-last-scout" in el.attrib]
    assert badge.attrib["data-last-scout"] == str(player)
    assert badge.attrib["aria-label"] == f"{default_seats(3)[player].name} scouted ahead"
    text = "".join(badge.itertext())
    assert text == "scouted"
    # It stays inside the picture, next to the active pool.
    x0, y0, w, h = map(float, board_svg(state).view_box.split())
    rect = next(el for el in badge.iter() if el.tag.endswith("rect"))
    x, y = float(rect.attrib["x"]), float(rect.attrib["y"])
    assert x0 <= x and x + float(rect.attrib["width"]) <= x0 + w and y0 <= y <= y0 + h
    right, bottom = x + float(rect.attrib["width"]), y + float(rect.attrib["height"])
    covered = [
        h
        for h in (state.active_hex, *neighbors(state.active_hex))
        if x <= to_pixel(h, 30)[0] <= right and y <= to_pixel(h, 30)[1] <= bottom
    ]
    assert len(covered) == 1 and covered[0] != state.active_hex, "over one neighbour only"
    assert covered[0] not in state.legal_hexes(), "never over where the next penguin may go"
    # The next action takes it away.
    state.apply(state.legal_actions()[0])
    assert "data-last-scout" not in board_svg(state).markup


def test_the_board_text_is_at_least_11_css_px_on_a_phone():
    """A phone draws a Waddle map at 0.77 CSS px a unit or more (the page zooms it when
    its hexes would be under 40 px for a finger): numbers, fish and a double's "2" are
    drawn at 14.5 units or more, in view.py and board.css alike."""
    from pathlib import Path

    from waddle.games.waddle.view import FISH_UNITS, NUMBER_UNITS, TARGET_UNITS

    least_scale = 40 / TARGET_UNITS
    assert min(FISH_UNITS, NUMBER_UNITS) * least_scale >= 11
    css = (Path(__file__).parent.parent / "waddle/games/waddle/board.css").read_text()
    fonts = re.findall(r"font(?:-size)?: (?:\d+ )?(\d+(?:\.\d+)?)px", css)
    sizes = [float(v) for v in fonts]
    assert sizes and min(sizes) * least_scale >= 11, sizes


def session_game(players=2, seed=3):
    from waddle.app.session import Session

    return Session.new("waddle", players=players, seed=seed)


def test_messages_the_move_list_and_hints_name_places_as_the_board_does():
    from waddle.games.waddle.presenter import PRESENTER

    session = session_game(3, seed=6)
    rng = Rng(6)
    while session.state.ply < 12:
        action = rng.choice(session.state.legal_actions())
        pool = session.state.active_number
        player = session.state.to_move()
        assert session.play(action)
        name = session.seats[player].name
        if action.is_scout:
            assert session.message.startswith(f"{name} scouted ahead.")
        else:
            where = place_name(session.state.board, action.hex, near=pool)
            what = "a double token (two penguins)" if action.double else "a penguin"
            assert session.message.startswith(f"{name} placed {what} on {where}.")
            assert where.endswith(f"of pool {pool}"), "named from the pool it was played at"
    coordinates = re.compile(r"-?\d+,-?\d+")
    groups = PRESENTER.move_groups(session)
    for group in groups:
        pool = int(group.heading.split("pool ")[1].split()[0])
        for move in group.moves:
            assert not coordinates.search(move.notation + move.spoken), "never 1,-2"
            if move.notation != "scout":
                assert move.notation.split()[0] == str(pool), f"{move.notation}: 7 NE"
                assert move.spoken.startswith("placed a ") and f"of pool {pool}" in move.spoken
            else:
                assert move.spoken == "scouted ahead"
    hint = PRESENTER.hint(session, session.state.legal_actions()[0])
    assert (
        not coordinates.search(hint.text) and f"of pool {session.state.active_number}" in hint.text
    )
    assert coordinates.fullmatch(hint.hexes[0]), "the data-hex hook keeps its q,r"
