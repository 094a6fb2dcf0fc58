"""``difflib.get_close_matches`` through an index: the same answers, without scanning every name.

"Did you mean" looks for the names closest to a misspelled one among every imported card
name (35,000 of them) or every id of a case. ``difflib.get_close_matches`` computes, for
each possibility, three ratios of decreasing speed and keeps those at or above the cutoff;
with one query per unknown name that is quadratic. :class:`CloseMatches` gives the same
list (the same names, in the same order) from an index built once:

- difflib's similarity is ``2 * matches / total`` and the matches are letters the two
  names share, counted with multiplicity. The index keeps, for each letter and each count
  k, the set of names with at least k of that letter, as the bits of an integer; adding
  those sets up bit-slice by bit-slice counts, for every name at once, the letters of the
  query it lacks, and keeps only the names that could reach the cutoff (with a margin:
  this filter only ever lets more through).
- The matches also form a common subsequence, so the longest common subsequence (computed
  bit-parallel, a few integer operations per letter) bounds the similarity again, tighter.
- The names left get difflib's own ratio, best bound first, and the search stops once
  ``n`` names are found that no remaining bound could beat. (difflib's two quicker
  filters pass whenever its ratio reaches the cutoff, so they change nothing.)

>>> names = ["lightningbolt", "lightningaxe", "grizzlybears", "llanowarelves"]
>>> CloseMatches(names).get("lightnigbolt", 2, 0.6)
['lightningbolt', 'lightningaxe']
>>> import difflib; difflib.get_close_matches("lightnigbolt", names, 2, 0.6)
['lightningbolt', 'lightningaxe']
"""

from __future__ import annotations

import heapq
import math
from collections import Counter
from collections.abc import Iterable

SMALL = 64  # fewer possibilities than this: difflib itself is as fast


class CloseMatches:
    """An index of ``possibilities`` answering :func:`difflib.get_close_matches` exactly."""

    def __init__(self, possibilities: Iterable[str]):
        self.names = list(possibilities)
        self._built = False

    def get(self, word: str, n: int = 3, cutoff: float = 0.6) -> list[str]:
        """``difflib.get_close_matches(word, possibilities, n, cutoff)``."""
        import difflib  # lazy: only for a name that is not found (every check imports this)

        if len(self.names) < SMALL or n <= 0 or not 0.0 <= cutoff <= 1.0:
            return difflib.get_close_matches(word, self.names, n, cutoff)
        if not self._built:
            self._build()
        la = len(word)
        masks: dict[str, int] = {}
        for j, char in enumerate(word):
            masks[char] = masks.get(char, 0) | 1 << j
        bounded: list[tuple[float, int]] = []
        for i in self._candidates(word, cutoff):
            name = self.names[i]
            total = la + len(name)
            # difflib's ratio counts matching blocks: a common subsequence, so at most the
            # longest one (and its two quicker filters pass whenever the ratio does)
            bound = 2.0 * _lcs(masks, la, name) / total if total else 1.0
            if bound >= cutoff:
                bounded.append((bound, i))
        bounded.sort(key=lambda b: -b[0])
        matcher = difflib.SequenceMatcher()
        matcher.set_seq2(word)
        found: list[tuple[float, str]] = []
        for bound, i in bounded:
            if len(found) >= n and found[0][0] > bound:
                break  # nothing left can beat the n found (a tie goes on, for its name)
            name = self.names[i]
            matcher.set_seq1(name)
            score = matcher.ratio()
            if score >= cutoff:
                found = sorted(heapq.nlargest(n, [*found, (score, name)]))
        return [name for _, name in heapq.nlargest(n, found)]

    # -- the index ----------------------------------------------------------------

    def _build(self) -> None:
        size = len(self.names)
        at_least: dict[tuple[str, int], bytearray] = {}
        lengths: dict[int, bytearray] = {}
        for i, name in enumerate(self.names):
            byte, bit = divmod(i, 8)
            for char, count in Counter(name).items():
                for k in range(1, count + 1):
                    at_least.setdefault((char, k), bytearray((size + 7) // 8))[byte] |= 1 << bit
            lengths.setdefault(len(name), bytearray((size + 7) // 8))[byte] |= 1 << bit
        self._at_least = {key: int.from_bytes(bits, "little") for key, bits in at_least.items()}
        self._lengths = {n: int.from_bytes(bits, "little") for n, bits in lengths.items()}
        self._all = (1 << size) - 1
        self._built = True

    def _candidates(self, word: str, cutoff: float) -> list[int]:
        """Indexes of the names whose shared letters could bring them to ``cutoff``."""
        la = len(word)
        # misses: a bit-sliced counter, per name, of the query's letters it lacks
        planes: list[int] = []
        for char, count in Counter(word).items():
            for k in range(1, count + 1):
                carry = self._all & ~self._at_least.get((char, k), 0)
                for p in range(len(planes)):
                    planes[p], carry = planes[p] ^ carry, planes[p] & carry
                    if not carry:
                        break
                if carry:
                    planes.append(carry)
        keep = 0
        for lb, mask in self._lengths.items():
            total = la + lb
            if total and 2.0 * min(la, lb) / total < cutoff - 1e-9:
                continue  # difflib's real_quick_ratio rules the length out
            # the ratio, 2 * matches / total, is at most 2 * shared / total: at least
            # `shared` letters in common, the least that reaches the cutoff in floats
            shared = _least_shared(cutoff, total)
            allowed = la - shared
            if allowed < 0:
                continue
            keep |= mask & _at_most(planes, allowed, self._all)
        out = []
        while keep:
            low = keep & -keep
            out.append(low.bit_length() - 1)
            keep ^= low
        return out


def _least_shared(cutoff: float, total: int) -> int:
    """The least number of shared letters s with ``2.0 * s / total >= cutoff`` (as difflib
    computes it), found from the exact rational guess by stepping in floats."""
    if total == 0:
        return 0  # two empty names: difflib's ratio is 1
    s = max(0, math.ceil(cutoff * total / 2))
    while s > 0 and 2.0 * (s - 1) / total >= cutoff:
        s -= 1
    while s <= total and 2.0 * s / total < cutoff:
        s += 1
    return s


def _lcs(masks: dict[str, int], la: int, name: str) -> int:
    """The length of the longest common subsequence of the query (``masks``: the positions of
    each of its letters, ``la`` its length) and ``name``, bit-parallel (Allison and Dix)."""
    full = (1 << la) - 1
    v = full
    for char in name:
        u = v & masks.get(char, 0)
        v = ((v + u) | (v - u)) & full
    return la - bin(v).count("1")


def _at_most(planes: list[int], limit: int, every: int) -> int:
    """The bits whose counter (``planes``, least significant first) is at most ``limit``."""
    if limit >= (1 << len(planes)) - 1:
        return every
    greater = 0  # counter > limit, decided from the most significant plane down
    equal = every
    for p in range(len(planes) - 1, -1, -1):
        if (limit >> p) & 1:
            equal &= planes[p]
        else:
            greater |= equal & planes[p]
            equal &= ~planes[p]
    return every & ~greater


_INDEXES: dict[int, tuple[object, CloseMatches]] = {}  # id(owner) -> (owner, its index)


def index_of(owner: object, names: Iterable[str]) -> CloseMatches:
    """The index of ``names``, built once per ``owner`` (a mapping that doesn't change, such
    as a card library's): the owner is kept with it, so its id is never reused meanwhile."""
    entry = _INDEXES.get(id(owner))
    if entry is None or entry[0] is not owner:
        if len(_INDEXES) >= 16:
            _INDEXES.clear()
        entry = (owner, CloseMatches(names))
        _INDEXES[id(owner)] = entry
    return entry[1]
