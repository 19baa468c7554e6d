"""The SVG board markup carries the page's public hooks (web hooks design note)."""

import re
import xml.etree.ElementTree as ET

from waddle.core.hexgrid import to_pixel
from waddle.core.rng import Rng
from waddle.games.waddle import new_game
from waddle.games.waddle.view import board_svg
from waddle.ui.seats import Seat


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
    """Screen readers: "ice hex 3,-1, empty, you can place here"; Tab visits legal hexes."""
    state = mid_game()
    root = parse(board_svg(state).markup)
    for el in root.iter():
        if "data-hex" not in el.attrib:
            continue
        label = el.attrib["aria-label"]
        q, r = el.attrib["data-hex"].split(",")
        assert f"hex {q},{r}" in label
        if el.attrib.get("data-legal") == "true":
            assert el.attrib["tabindex"] == "0" and el.attrib["role"] == "button"
            assert label.endswith("empty, you can place here")
        else:
            assert "tabindex" not in el.attrib
        if "data-owner" in el.attrib:
            assert "penguin" in label
        if el.attrib.get("data-active") == "true":
            assert label.endswith("active")
