"""Columns of the tables people paste into prompts: CSV, TSV, semicolon and markdown rows under a header row, and
the rows of an SQL ``INSERT INTO t (name, email) VALUES ('Ada Obi', 'ada@x.io'), (...)`` under its column list.

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


# an SQL insert with its column list; its rows follow ("VALUES (...), (...)"); a value is a quoted string (a quote
# written twice or after a backslash inside), or anything else up to a comma or a bracket (a number, NULL, NOW())
_SQL_INSERT = re.compile(r"\binsert\s+(?:ignore\s+)?into\s+[\w.`\"\[\]]{1,200}\s*\((?P<cols>[^()]{1,2000})\)\s*values\s*",
                         re.IGNORECASE)
_SQL_ROW_SEPARATOR = re.compile(r"\s*,\s*")
_SQL_VALUE = re.compile(r"\s*(?:'(?:[^'\\]|''|\\.){0,2000}'|\"(?:[^\"\\]|\"\"|\\.){0,2000}\"|[^,()'\"]{0,200}(?:\([^()]{0,200}\))?)\s*")


def _sql_rows(text: str, at: int) -> Iterator[list[tuple[int, int]]]:
    """The cells (start, end) of each row of the VALUES list that starts at ``at``."""
    while at < len(text) and text[at] == "(":
        cells, pos = [], at + 1
        while True:
            m = _SQL_VALUE.match(text, pos)
            if m is None:
                return
            value = m.group()
            cells.append((m.start() + len(value) - len(value.lstrip()), m.end() - (len(value) - len(value.rstrip()))))
            pos = m.end()
            if pos < len(text) and text[pos] == ",":
                pos += 1
                continue
            break
        if pos >= len(text) or text[pos] != ")":
            return
        yield cells
        comma = _SQL_ROW_SEPARATOR.match(text, pos + 1)
        if comma is None:
            return
        at = comma.end()


def _sql_cells(text: str, hint: re.Pattern[str], title: Callable[[str], str | None],
               header: Callable[[str, list[tuple[int, int]]], bool]) -> Iterator[tuple[str, int, int]]:
    if "insert" not in text.lower():
        return
    for m in _SQL_INSERT.finditer(text):
        cols = m.group("cols")
        if hint.search(cols) is None:
            continue
        cells = _cells(cols, ",")
        names = [cols[a:b].strip(" \t\n`\"[]") for a, b in cells]
        kinds = [(i, kind) for i, name in enumerate(names) if (kind := title(name)) is not None]
        if not kinds or not header(cols, cells):
            continue
        for row in _sql_rows(text, m.end()):
            if len(row) != len(cells):
                break
            for i, kind in kinds:
                a, b = row[i]
                if b - a >= 2 and text[a] in "'\"" and text[b - 1] == text[a]:
                    a, b = a + 1, b - 1  # (the string inside its quotes)
                yield kind, a, b


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
    yield from _sql_cells(text, hint, title, header)
