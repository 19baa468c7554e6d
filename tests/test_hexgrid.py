"""The hex module: axial coordinates as the record format defines them."""

from waddle.core import hexgrid


def test_neighbours_are_the_six_of_the_record_format():
    """The record design note lists the six neighbours of (q, r) in this order."""
    assert hexgrid.neighbors((2, -1)) == ((3, -1), (3, -2), (2, -2), (1, -1), (1, 0), (2, 0))


def test_distance_counts_steps():
    assert hexgrid.distance((0, 0), (0, 0)) == 0
    assert all(hexgrid.distance((0, 0), n) == 1 for n in hexgrid.neighbors((0, 0)))
    assert hexgrid.distance((-2, 3), (2, -1)) == 4


def test_six_rotations_return_home_and_keep_distances():
    h = (3, -1)
    assert hexgrid.rotate(h, 6) == h
    assert len({hexgrid.rotate(h, k) for k in range(6)}) == 6
    a, b = (1, 2), (-2, 1)
    for k in range(6):
        assert hexgrid.distance(hexgrid.rotate(a, k), hexgrid.rotate(b, k)) == hexgrid.distance(
            a, b
        )


def test_connected_components_split_separate_groups():
    groups = hexgrid.connected_components([(0, 0), (5, 5), (1, 0), (5, 6)])
    assert sorted(map(sorted, groups)) == [[(0, 0), (1, 0)], [(5, 5), (5, 6)]]


def test_neighbouring_hex_centres_are_equally_far_apart():
    centre = hexgrid.to_pixel((0, 0), 10)
    for n in hexgrid.neighbors((0, 0)):
        x, y = hexgrid.to_pixel(n, 10)
        assert abs(((x - centre[0]) ** 2 + (y - centre[1]) ** 2) ** 0.5 - 10 * 3**0.5) < 1e-9


def test_edge_i_faces_the_neighbour_in_edge_direction_i():
    """Outlines of pools and waddles are drawn edge by edge, so this pairing must hold."""
    size = 10
    corners = hexgrid.corners((0, 0), size)
    for i, direction in enumerate(hexgrid.EDGE_DIRECTIONS):
        (x1, y1), (x2, y2) = corners[i], corners[(i + 1) % 6]
        nx, ny = hexgrid.to_pixel(direction, size)
        # the edge's midpoint lies halfway to the neighbour's centre
        assert abs((x1 + x2) / 2 - nx / 2) < 1e-9 and abs((y1 + y2) / 2 - ny / 2) < 1e-9
    assert sorted(hexgrid.EDGE_DIRECTIONS) == sorted(hexgrid.DIRECTIONS)


def test_neighbor_indices_are_the_neighbours_present_in_direction_order():
    cells = [(0, 0), (0, 1), (-1, 0), (1, -1), (3, 3)]
    adjacency = hexgrid.neighbor_indices(cells)
    for i, h in enumerate(cells):
        expected = [cells.index(n) for n in hexgrid.neighbors(h) if n in cells]
        assert list(adjacency[i]) == expected
    assert adjacency[4] == ()
