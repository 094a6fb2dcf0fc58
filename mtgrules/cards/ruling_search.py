"""A card's rulings, and the ones among them that bear on a reason, ranked.

One source for every place that shows rulings (``mtgrules card NAME`` and the answers,
so the two agree): :func:`card_rulings` is the imported rulings of a card when the
imported data has any for it, quoted with their dates, and otherwise the project's own
summaries of a built-in card (marked as such, :attr:`RulingRef.own`).

:meth:`RulingSource.rank` orders a card's imported rulings by their relevance to a reason
with bm25 over the ``rulings_fts`` FTS5 index (:mod:`mtgrules.data.rulings_index`):
the query is the reason's *anchors* (what a ruling must mention to bear on it at all: the
topic of a rule it cites, such as "copy" for 707, the keyword of a 702 rule, a mana
symbol the reason names), and, for the ranking only, its *context* words (the reason's
own words and the summaries of the rules it cites). A ruling that mentions none of the
anchors never attaches, however many common words it shares.
"""

from __future__ import annotations

import functools
import math
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from mtgrules.answer import RulingRef
from mtgrules.cards.library import name_key
from mtgrules.cards.vocabulary import CardDef
from mtgrules.data import rulings_index
from mtgrules.data.store import connect_holding, current_version, has_fts5

ANCHOR_WEIGHT = 3
ANCHOR_IDF = 3.0  # the inverse document frequency every anchor counts with (about "copy"'s)
COMMON = 0.03  # a context word in more of the rulings than this share is left out
K1, B = 1.2, 0.75  # bm25's constants, FTS5's


@dataclass(frozen=True)
class StoredRuling:
    """One imported ruling: its row in the database, its date and its official text."""

    rowid: int
    date: str
    text: str


class RulingSource:
    """The imported rulings in the local database, read one card at a time."""

    def __init__(self, path: Path):
        self.path = path
        self._con: sqlite3.Connection | None = None
        self._cards: dict[str, tuple[str, tuple[StoredRuling, ...]] | None] = {}
        self._counts: dict[str, int] = {}
        self._hits: dict[tuple[str, tuple[int, int]], frozenset[int]] = {}

    @property
    def con(self) -> sqlite3.Connection:
        if self._con is None:
            con = connect_holding("rulings", self.path)
            if con is None:
                raise FileNotFoundError(self.path)
            self._con = con
        return self._con

    @functools.cached_property
    def indexed(self) -> bool:
        """Whether the rulings can be ranked (an import made before the index can't)."""
        return rulings_index.has_index(self.con)

    def of(self, name: str) -> tuple[str, tuple[StoredRuling, ...]] | None:
        """The card's oracle id and imported rulings (oldest first), or None when the
        imported data has no card of that name (full name or a face's)."""
        key = name_key(name)
        if key not in self._cards:
            row = self.con.execute(
                "SELECT c.oracle_id FROM card_names n JOIN cards c ON c.id = n.card_id "
                "WHERE n.key = ?",
                (key,),
            ).fetchone()
            if row is None:
                self._cards[key] = None
            else:
                rows = self.con.execute(
                    "SELECT rowid, date, text FROM rulings WHERE oracle_id = ? ORDER BY date, rowid",
                    (row[0],),
                ).fetchall()
                self._cards[key] = (row[0], tuple(StoredRuling(*r) for r in rows))
        return self._cards[key]

    @functools.cached_property
    def _sizes(self) -> tuple[int, float]:
        """How many rulings there are, and their mean length (in characters)."""
        n, mean = self.con.execute("SELECT count(*), avg(length(text)) FROM rulings").fetchone()
        return n, mean or 1.0

    def _count(self, term: str) -> int:
        """In how many rulings ``term`` occurs (stemmed, as the index has it), once a process."""
        if term not in self._counts:
            try:
                self._counts[term] = self.con.execute(
                    f"SELECT count(*) FROM {rulings_index.TABLE} WHERE {rulings_index.TABLE} "
                    "MATCH ?",
                    (_phrase(term),),
                ).fetchone()[0]
            except sqlite3.OperationalError:  # a term FTS5 can't read: in no ruling
                self._counts[term] = 0
        return self._counts[term]

    def _rows(self, term: str, span: tuple[int, int]) -> frozenset[int]:
        """The rows in ``span`` of the rulings in which ``term`` occurs."""
        key = (term, span)
        if key not in self._hits:
            try:
                rows = self.con.execute(
                    f"SELECT rowid FROM {rulings_index.TABLE} WHERE {rulings_index.TABLE} "
                    "MATCH ? AND rowid BETWEEN ? AND ?",
                    (_phrase(term), *span),
                ).fetchall()
            except sqlite3.OperationalError:  # a term FTS5 can't read: in no ruling
                rows = []
            self._hits[key] = frozenset(r[0] for r in rows)
        return self._hits[key]

    def _idf(self, term: str) -> float:
        """bm25's inverse document frequency of ``term`` (as FTS5 computes it)."""
        n, df = self._sizes[0], self._count(term)
        return max(math.log((n - df + 0.5) / (df + 0.5)), 1e-6)

    def rank(
        self, name: str, anchors: tuple[str, ...], context: tuple[str, ...]
    ) -> list[tuple[StoredRuling, float]]:
        """The card's rulings that mention one of ``anchors``, most relevant first, with
        their relevance: bm25 (FTS5's constants, k1 1.2 and b 0.75, each word counted
        once a ruling) over the anchors, each weighing :data:`ANCHOR_WEIGHT` times a
        fixed :data:`ANCHOR_IDF`, and
        the context words in at most :data:`COMMON` of the rulings, divided by the square
        root of the number of words (a reason with many words doesn't draw every ruling
        to itself). Always above 0, higher is closer.

        A ruling must share two of these words with the reason (one topic word alone,
        such as "cast", is a passing mention). The words are matched by the FTS5 index (stemmed, braces kept); how common each
        is, is counted once a process, which FTS5's own ``bm25()`` does in every query."""
        found = self.of(name)
        if found is None or not found[1] or not anchors or not self.indexed:
            return []
        by_row = {r.rowid: r for r in found[1]}
        span = (min(by_row), max(by_row))  # a card's rulings are rows in a run
        anchored = {row for a in anchors for row in self._rows(a, span) if row in by_row}
        if not anchored:
            return []
        total, mean = self._sizes
        # an anchor's weight doesn't depend on how rare its word is: the topics of a
        # reason count alike ("copiable" is rarer than "copy", not more to the point)
        weights = dict.fromkeys(anchors, ANCHOR_WEIGHT * ANCHOR_IDF)
        for word in context:
            if word not in weights and self._count(word) <= COMMON * total:
                weights[word] = self._idf(word)
        norm = math.sqrt(len(weights))
        out = []
        for row in anchored:
            ruling = by_row[row]
            shared = [term for term in weights if row in self._rows(term, span)]
            if len(shared) < 2:  # one topic word alone ("cast") is a passing mention
                continue
            scale = 1 - B + B * len(ruling.text) / mean
            score = sum(weights[term] * (K1 + 1) / (1 + K1 * scale) for term in shared)
            out.append((ruling, round(score / norm, 3)))
        return sorted(out, key=lambda pair: (-pair[1], pair[0].rowid))


def unranked_note(con: sqlite3.Connection) -> str:
    """Why the imported rulings can't be ranked here, or "" when they can."""
    if rulings_index.has_index(con):
        return ""
    if not has_fts5():
        return (
            "Rulings: not ranked (this Python's SQLite has no FTS5), so answers show none of "
            "the imported rulings; `mtgrules card NAME` lists them."
        )
    return (
        "Rulings: not ranked (the card data was imported by an older mtgrules); run "
        "`mtgrules cards import FILE` again for the rulings that bear on each reason."
    )


def _phrase(term: str) -> str:
    """A term as an FTS5 phrase (quoted, its own quotes doubled)."""
    return '"' + term.replace('"', '""') + '"'


def ruling_source() -> RulingSource | None:
    """The imported rulings, or None when none have been imported."""
    version = current_version()
    return None if version is None else _source(*version)


@functools.cache
def _source(path: str, mtime: int) -> RulingSource | None:
    con = connect_holding("rulings", Path(path))
    if con is None:
        return None
    con.close()
    return RulingSource(Path(path))


def imported_rulings(name: str) -> tuple[StoredRuling, ...] | None:
    """The imported rulings of the card named ``name``; None when the imported data has
    none for it (no rulings imported, no such card, or a card without rulings)."""
    source = ruling_source()
    found = source.of(name) if source is not None else None
    return found[1] if found is not None and found[1] else None


def card_rulings(card: CardDef) -> tuple[RulingRef, ...]:
    """The rulings ``mtgrules card`` lists and the answers draw on, oldest first: the
    imported ones when the data has any for the card (quoted, dated), else the card's own
    (a built-in card's summaries in the project's words; an imported card without
    rulings has none)."""
    stored = imported_rulings(card.name)
    if stored is not None:
        return tuple(RulingRef(card.name, r.date, text=r.text) for r in stored)
    return tuple(
        RulingRef(card.name, r.date, r.summary, r.text) for r in card.rulings if r.summary or r.text
    )
