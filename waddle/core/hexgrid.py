"""Axial hex coordinates: the one place where hex math lives.

Pointy-top hexes in axial coordinates ``(q, r)``, as in Red Blob Games' hex grid guide
(the third cube coordinate is ``s = -q - r``). Every game, the map generator and the SVG
renderer use these functions; no other module repeats hex arithmetic.

>>> neighbors((0, 0))
((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
>>> distance((0, 0), (2, -1))
2
>>> rotate((1, 0), 1)
(0, 1)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

Hex = tuple[int, int]
"""An axial coordinate ``(q, r)``."""

DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""The six neighbour offsets, in the order the record format lists them."""

EDGE_DIRECTIONS: tuple[Hex, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
"""The neighbour across edge ``i`` of a hex, the edge from ``corners()[i]`` to ``[i + 1]``."""

SQRT3 = math.sqrt(3.0)


def add(a: Hex, b: Hex) -> Hex:
    return (a[0] + b[0], a[1] + b[1])


def subtract(a: Hex, b: Hex) -> Hex:
    return (a[0] - b[0], a[1] - b[1])


def neighbors(h: Hex) -> tuple[Hex, ...]:
    """The six hexes around ``h`` (on or off any map)."""
    q, r = h
    return tuple((q + dq, r + dr) for dq, dr in DIRECTIONS)


def neighbor_indices(cells: Sequence[Hex]) -> tuple[tuple[int, ...], ...]:
    """For each cell of ``cells``, the indices in ``cells`` of its neighbours that are
    there too, in the order of :data:`DIRECTIONS`: a map's adjacency, computed once.

    >>> neighbor_indices([(0, 0), (1, 0), (5, 5), (0, 1)])
    ((1, 3), (0, 3), (), (1, 0))
    """
    index = {h: i for i, h in enumerate(cells)}
    get = index.get
    out = []
    for q, r in cells:
        mine = []
        for dq, dr in DIRECTIONS:
            j = get((q + dq, r + dr))
            if j is not None:
                mine.append(j)
        out.append(tuple(mine))
    return tuple(out)


def distance(a: Hex, b: Hex) -> int:
    """Number of steps between two hexes."""
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def rotate(h: Hex, steps: int) -> Hex:
    """Rotate ``h`` about the origin by ``steps`` sixths of a turn (60°), clockwise on screen.

    In cube coordinates one clockwise step maps ``(x, y, z)`` to ``(-z, -x, -y)``.
    """
    q, r = h
    s = -q - r
    for _ in range(steps % 6):
        q, r, s = -r, -s, -q
    return (q, r)


def connected_components(cells: Iterable[Hex]) -> list[list[Hex]]:
    """Split ``cells`` into maximal groups connected through neighbouring hexes.

    Groups come out in the order of their first cell in ``cells``; each group lists its
    cells in breadth-first order from that first cell.
    """
    remaining = dict.fromkeys(cells)
    groups: list[list[Hex]] = []
    for start in list(remaining):
        if start not in remaining:
            continue
        del remaining[start]
        group = [start]
        for cell in group:  # grows while iterating: a breadth-first search
            for n in neighbors(cell):
                if n in remaining:
                    del remaining[n]
                    group.append(n)
        groups.append(group)
    return groups


def to_pixel(h: Hex, size: float) -> tuple[float, float]:
    """Centre of hex ``h`` on screen (y down) for hexes of circumradius ``size``."""
    q, r = h
    return (size * SQRT3 * (q + r / 2.0), size * 1.5 * r)


def corners(h: Hex, size: float) -> list[tuple[float, float]]:
    """The six corners of pointy-top hex ``h`` on screen, clockwise from the upper right.

    Edge ``i`` runs from corner ``i`` to corner ``i + 1`` and faces the neighbour
    ``EDGE_DIRECTIONS[i]``.
    """
    return corners_around(to_pixel(h, size), size)


def corners_around(centre: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    """The six corners of a pointy-top hexagon of circumradius ``radius`` about ``centre``,
    in the order of :func:`corners`: for shapes drawn inside a hex (an inset outline).

    >>> [(round(x, 3), round(y, 3)) for x, y in corners_around((0.0, 0.0), 2.0)][:2]
    [(1.732, -1.0), (1.732, 1.0)]
    """
    cx, cy = centre
    out = []
    for i in range(6):
        angle = math.radians(60 * i - 30)
        out.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return out
