"""The tile set and the seeded map generator (rulebook, "Setup")."""

import hashlib
import random

import pytest

from waddle.core import hexgrid
from waddle.games.waddle import Board, check_map, new_record
from waddle.games.waddle.mapgen import default_tileset, generate_map, tileset_named

SEEDS = range(40)


def test_tile_set_has_twenty_tiles_of_three_or_four_hexes_each_with_one_numbered_water_hex():
    """Rulebook, "Components": 20 map tiles; each has one numbered water hex on its edge."""
    tiles = default_tileset().tiles
    assert len(tiles) == 20
    assert sorted(t.number for t in tiles) == list(range(1, 21))
    for tile in tiles:
        assert len(tile.hexes) in (3, 4)
        numbered = [h for h in tile.hexes if h.number is not None]
        assert [h.number for h in numbered] == [tile.number]
        centre = numbered[0].hex
        # on its edge: some neighbour of the numbered hex is outside the tile
        assert any(n not in {h.hex for h in tile.hexes} for n in hexgrid.neighbors(centre))
        assert hexgrid.connected_components(h.hex for h in tile.hexes).__len__() == 1


def test_every_ice_hex_of_a_tile_touches_its_numbered_water_hex():
    """Why generated maps never have ice that can never be filled."""
    for tile in default_tileset().tiles:
        water = next(h.hex for h in tile.hexes if h.number is not None)
        for h in tile.hexes:
            if h.kind == "ice":
                assert hexgrid.distance(h.hex, water) == 1, tile.number


def test_some_pools_hold_fish_of_different_values():
    """Rulebook: pools can hold several fish of different VP values (ranks score them)."""
    mixed = [t for t in default_tileset().tiles if len({f for h in t.hexes for f in h.fish}) > 1]
    assert len(mixed) >= 5


@pytest.mark.parametrize(("players", "tiles"), [(2, 13), (3, 15), (4, 17), (5, 20)])
def test_tiles_marked_for_higher_player_counts_are_left_out(players, tiles):
    """Rulebook, "Setup": tiles marked for more players than play go back in the box."""
    assert len(default_tileset().for_players(players)) == tiles
    numbers = sorted(s.number for s in generate_map(players, 1) if s.number is not None)
    assert numbers == list(range(1, tiles + 1))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_player_count_has_ice_for_a_full_game(players):
    """Each player places about 10 to 16 penguins, within their 18 singles and 2 doubles."""
    ice = Board(generate_map(players, 0)).ice_count
    assert 9 * players <= ice <= 18 * players


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_generated_maps_are_one_compact_area_without_gaps(players):
    """Rulebook, "Setup": tiles in a roughly hexagonal area with no gaps."""
    for seed in SEEDS:
        specs = generate_map(players, seed)
        cells = {s.hex for s in specs}
        assert len(cells) == len(specs)
        assert len(hexgrid.connected_components(cells)) == 1
        # no enclosed hole: every empty hex in the area can reach the outside
        radius = max(hexgrid.distance(c, (0, 0)) for c in cells) + 1
        ring = {
            (q, r)
            for q in range(-radius, radius + 1)
            for r in range(-radius, radius + 1)
            if hexgrid.distance((q, r), (0, 0)) <= radius and (q, r) not in cells
        }
        outside = [h for h in ring if hexgrid.distance(h, (0, 0)) == radius]
        reached = set(outside)
        frontier = list(outside)
        while frontier:
            for n in hexgrid.neighbors(frontier.pop()):
                if n in ring and n not in reached:
                    reached.add(n)
                    frontier.append(n)
        assert reached == ring, f"seed {seed}: hole at {sorted(ring - reached)}"
        # roughly hexagonal: not much wider than a hexagon of the same area
        area_radius = ((len(cells) - 1) / 3) ** 0.5
        assert radius - 1 <= area_radius + 3


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_generated_maps_have_no_ice_that_no_numbered_water_touches(players):
    for seed in SEEDS:
        errors, warnings = check_map(generate_map(players, seed))
        assert errors == [] and warnings == [], seed


def test_same_seed_same_map_and_order_different_seed_different_map():
    assert new_record(4, 9).dumps() == new_record(4, 9).dumps()
    assert generate_map(4, 9) != generate_map(4, 10)
    orders = {new_record(5, s).order for s in range(30)}
    assert len(orders) > 10


@pytest.mark.parametrize(
    ("tileset", "players", "digest"),
    [
        ("waddle-project-tiles/1", 2, "1627179cd16c0fa6"),
        ("waddle-project-tiles/1", 3, "72563346246e77f3"),
        ("waddle-project-tiles/1", 4, "2517b5ea4332c4f3"),
        ("waddle-project-tiles/1", 5, "c791fe690c9eb42e"),
        ("waddle-project-tiles/2", 2, "ada06057d49ca47b"),
        ("waddle-project-tiles/2", 3, "295cafcc3450af7f"),
        ("waddle-project-tiles/2", 4, "491ad64ad591671a"),
        ("waddle-project-tiles/2", 5, "4639a01e74cedd8e"),
        ("waddle-project-tiles/3", 2, "0026ca5c719cd59e"),
        ("waddle-project-tiles/3", 3, "e9d6c4a508d8d5b1"),
        ("waddle-project-tiles/3", 4, "d7f43eb7d7c7debd"),
        ("waddle-project-tiles/3", 5, "21f7efe2db527c77"),
    ],
)
def test_new_records_are_pinned_byte_for_byte(tileset, players, digest):
    """Golden digests: a seed must give the same record on every Python (CPython, Pyodide)
    and every release, for every tile set a link may name (the first set's digests are the
    ones it had as the only set); changing the generator or a tile set must add a tile set
    under a new name instead."""
    text = new_record(players, 2026, tileset_named(tileset)).dumps()
    assert hashlib.sha256(text.encode()).hexdigest()[:16] == digest


def test_new_games_use_the_rebalanced_tile_set():
    assert new_record(3, 1).generated.tileset == "waddle-project-tiles/3"


def _fish_by_hex(specs) -> dict:
    return {(s.q, s.r): s.fish for s in specs if s.kind != "ice"}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_third_set_is_the_second_with_flatter_fish(players):
    """Issue 14, the project's own tile set (not a rule): set 3 lays out every seed's map
    as set 2 does, with the same fish in total on every water hex, shared out as evenly as
    whole fish allow (5, 2 became 4, 3), so the lower ranks at a pool are worth nearly as
    much as the first."""
    two, three = tileset_named("waddle-project-tiles/2"), tileset_named("waddle-project-tiles/3")
    for seed in range(10):
        old, new = generate_map(players, seed, two), generate_map(players, seed, three)
        assert [(s.q, s.r, s.kind, s.number) for s in old] == [
            (s.q, s.r, s.kind, s.number) for s in new
        ]
        fish_before = _fish_by_hex(old)
        for where, fish in _fish_by_hex(new).items():
            before = fish_before[where]
            assert sum(fish) == sum(before) and len(fish) == len(before)
            assert max(fish, default=0) - min(fish, default=0) <= 1, (where, fish)
    assert _fish_by_hex(generate_map(players, 0, two)) != _fish_by_hex(
        generate_map(players, 0, three)
    )


def test_two_player_games_score_the_same_on_the_second_and_third_sets():
    """With two players the majority at a pool scores all its fish, so flatter fish change
    no two-player score: the same moves on the same seed give the same totals."""
    two, three = tileset_named("waddle-project-tiles/2"), tileset_named("waddle-project-tiles/3")
    for seed in range(12):
        old, new = new_record(2, seed, two).start(), new_record(2, seed, three).start()
        rng = random.Random(seed)
        while not old.is_over():
            action = rng.choice(old.legal_actions())
            old.apply(action)
            new.apply(action)
        assert new.is_over() and new.scores() == old.scores()


def test_every_tile_set_a_link_can_name_is_available_under_its_name():
    """Links carry a generated map as its tile set's name and a seed: every name a link may
    hold must still load, as itself, with its own arrangement."""
    from waddle.games.waddle.link import TILESETS
    from waddle.games.waddle.mapgen import GENERATORS, TILESET_FILES, tileset_named

    assert set(TILESETS) == set(TILESET_FILES)
    for name in TILESETS:
        tileset = tileset_named(name)
        assert tileset.name == name and tileset.generator in GENERATORS
    assert default_tileset().name == TILESETS[-1], "the newest tile set is the default"
    with pytest.raises(KeyError):
        tileset_named("waddle-project-tiles/0")


def test_a_tile_set_file_names_its_format_and_a_known_arrangement():
    from waddle.games.waddle.mapgen import load_tileset

    tile = {"number": 1, "players": 2, "hexes": [{"q": 0, "r": 0, "kind": "water", "number": 1}]}
    base = {"format": "waddle-tiles/2", "name": "t", "tiles": [tile]}
    assert load_tileset(base).generator == "compact/1"
    assert load_tileset({**base, "generator": "start-on-rim/1"}).generator == "start-on-rim/1"
    with pytest.raises(ValueError, match="arrangement"):
        load_tileset({**base, "generator": "spiral/9"})
    with pytest.raises(ValueError, match="format"):
        load_tileset({**base, "format": "waddle-tiles/3"})


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_rebalanced_set_shares_its_ice_evenly_and_opens_with_a_single_hex(players):
    """Issue 14, the project's own tile set (not a rule): since waddle-project-tiles/2 no
    seat places one more penguin than another by the ice count alone, and the first
    round is the start tile's one ice hex, so taking it hands the next round's first pick
    on (the first player may scout instead)."""
    for seed in range(40):
        record = new_record(players, seed)
        assert record.board().ice_count % players == 0, seed
        assert len(record.start().legal_hexes()) == 1, seed


def test_the_first_tile_set_still_generates_its_own_maps():
    old = tileset_named("waddle-project-tiles/1")
    assert old.generator == "compact/1"
    assert generate_map(4, 11, old) != generate_map(4, 11)
    assert len(new_record(4, 11, old).start().legal_hexes()) > 1
