"""Columns of the tables people paste into prompts: CSV, TSV, semicolon and markdown rows under a header row.

``column_cells`` yields the cells under the column titles a finder asks for (the cells of names under "Name", of
streets under "Address", of postcodes under "Zip"); a row with another number of cells ends the table, a markdown
rule ("|---|---|") does not.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator


def _cells(line: str, sep: str) -> list[tuple[int, int]]:
    """(start, end) of each cell of ``line`` cut at ``sep`` (str.find: a long line costs little)."""
    out, start = [], 0
    while (cut := line.find(sep, start)) >= 0:
        out.append((start, cut))
        start = cut + 1
    out.append((start, len(line)))
    return out


def column_cells(text: str, hint: re.Pattern[str], title: Callable[[str], str | None],
                 header: Callable[[str, list[tuple[int, int]]], bool] = lambda line, cells: True,
                 ) -> Iterator[tuple[str, int, int]]:
    """(kind, start, end) of each cell under a column whose title ``title`` names a ``kind`` (None: not asked for).

    A header row holds ``hint`` and, cut at a comma, a tab, a semicolon or a bar, two cells or more of which one
    names a kind, and passes ``header``; the rows under it with as many cells are the table."""
    lines = text.split("\n")
    offset = 0
    columns: list[tuple[int, str]] = []
    sep, width = "", 0
    for line in lines:
        start, offset = offset, offset + len(line) + 1
        if not columns:
            if hint.search(line) is None:
                continue  # no column title asked for on this line: not a header
            for candidate in (",", "\t", ";", "|"):
                cells = _cells(line, candidate)
                if len(cells) >= 2:
                    kinds = [(i, kind) for i, (a, b) in enumerate(cells) if (kind := title(line[a:b])) is not None]
                    if kinds and header(line, cells):
                        columns, sep, width = kinds, candidate, len(cells)
                        break
            continue
        cells = _cells(line, sep)
        if len(cells) != width:
            if not re.fullmatch(r"[\s|:-]*", line):
                columns = []
            continue
        for i, kind in columns:
            a, b = cells[i]
            yield kind, start + a, start + b
