"""The official rulings that bear on each reason of an answer.

A judge answering a question reads the rulings of the cards in front of them. Each
reason that concerns a card (the question's own cards, and any card the reason names)
carries that card's imported rulings that bear on it: ranked by their relevance to the
reason (SQLite FTS5 ``bm25``, :mod:`mtgrules.cards.ruling_search`), at most
:data:`PER_REASON` of them, each ruling on the one reason it fits best. What a reason is
about comes from the rules it cites (the topic of the rule, such as "copy" for 707, or
the keyword a 702 rule defines) and the symbols its words name ({T}, {Q}, {X}): a ruling
that mentions none of them doesn't attach, so an unrelated ruling never does. The
reason's words and the summaries of the rules it cites only order the rulings that do.

Without imported rulings for a card, the project's own summaries (a built-in card's
rulings with a topic, attached by the rules to the reasons they support) stay, and the
reports mark them as the project's own. With imported rulings for it, the official ones
take their place (the summary's words help find them).

``--rulings all|relevant|none`` (:func:`shown`) chooses what the reports print: the
default is these; ``all`` adds, in a closing note, every other imported ruling of the
cards the answer concerns; ``none`` leaves every ruling out.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace

from mtgrules import lazyre
from mtgrules.answer import Answer, Reason, RulingRef
from mtgrules.cards.ruling_search import RulingSource, StoredRuling, ruling_source, unranked_note
from mtgrules.caseio.case import Case
from mtgrules.crindex import lookup

PER_REASON = 3  # the top rulings a reason carries
# A ruling attaches only when it scores at least CARD_CLOSE times the best score of a
# ruling of its card on any reason, and (the second and third of a reason) CLOSE times the
# reason's first: relative, since bm25's scale depends on the imported data (its words'
# rarity). A ruling that only shares a passing word with a reason scores far below those
# that bear on it (on the case bank with the 2022 AtomicCards: a quarter of the best or less).
CARD_CLOSE = 0.25
CLOSE = 0.5
MODES = ("relevant", "all", "none")

# What a ruling must mention to bear on a reason citing a rule under each number (the
# index stems words: "copy" finds copies and copied, "activate" finds activated).
TOPICS: dict[str, tuple[str, ...]] = {
    "106": ("mana",),
    "107.3": ("X", "{X}"),
    "107.5": ("{T}",),
    "107.6": ("{Q}",),
    "111": ("token",),
    "115": ("target",),
    "116": ("special action",),
    "117": ("priority",),
    "118": ("cost",),
    "122": ("counter",),
    "202": ("mana value", "converted mana cost"),
    "208": ("power", "toughness"),
    "302.6": ("summoning sickness", "haste", "{T}", "{Q}"),
    "305": ("play a land", "land drop"),
    "601": ("cast",),
    "602": ("activate",),
    "603": ("trigger",),
    "603.6": ("enters-the-battlefield abilities", "enters"),
    "603.10": ("leaves-the-battlefield abilities", "dies", "leaves"),
    "605": ("mana ability", "mana abilities"),
    "613": ("layer",),
    "614": ("enters", "replacement"),
    "704.5j": ("legend rule", "legendary"),
    "707": ("copy", "copiable"),
    "708": ("face down", "face-down"),
    "709": ("split",),
    "710": ("flip",),
    "712": ("transform", "double-faced", "back face", "front face"),
    "715": ("adventure",),
}

SYMBOLS = lazyre.compile(r"\{[TQX]\}")
WORDS = lazyre.compile(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]")
# Words too common in rulings and reasons to say what either is about.
STOPWORDS = frozenset(
    re.findall(
        r"\S+",
        """a about above after again all also an and any are as at be because been before
    being both but by can can't could did does doesn't each either else even for from
    had has have if in into is isn't it it's its itself just may might more most much
    must no nor not now of on once one only or other others our out over own same she
    should so some such than that the their them then there these they this those
    though through to too under until up upon was way we were what when where whether
    which while who whom why will with would yet you your he his her him
    alice bob player players card cards object""",
    )
)


@dataclass(frozen=True)
class Terms:
    """What a reason is about, as words a ruling on it would use."""

    anchors: tuple[str, ...]  # a ruling must mention one of these
    context: tuple[str, ...]  # these only rank the rulings that do


def under(number: str, prefix: str) -> bool:
    """``707.9a`` is under ``707`` and ``707.9``; ``702.107a`` is not under ``702.10``."""
    if not number.startswith(prefix):
        return False
    rest = number[len(prefix) :]
    return not rest or (rest[0] == "." if "." not in prefix else rest[0].isalpha())


def keyword_of(number: str) -> str | None:
    """The keyword a 702 rule is about (its title in the rules index), e.g. Plot for 702.170d."""
    found = re.match(r"702\.\d+", number)
    if found is None:
        return None
    for key in (found.group(0), f"{found.group(0)}a", number):
        try:
            title = lookup(key).title
        except KeyError:
            continue
        if title:
            return title
    return None


def _summary(number: str) -> str:
    try:
        return lookup(number).summary
    except KeyError:
        return ""


def reason_terms(reason: Reason, names: Iterable[str] = ()) -> Terms:
    """The anchors and the context words of a reason (CR numbers it cites, its words)."""
    anchors: list[str] = []
    for number in reason.rules:
        anchors += [t for p, terms in TOPICS.items() if under(number, p) for t in terms]
        keyword = keyword_of(number)
        if keyword:
            anchors.append(keyword.lower())
    anchors += SYMBOLS.findall(reason.text)
    skip = {w.lower() for name in names for w in WORDS.findall(name)}
    text = " ".join([reason.text, *(_summary(n) for n in reason.rules)])
    context = [w.lower() for w in WORDS.findall(text)]
    context = [w for w in context if w not in STOPWORDS and w not in skip and len(w) > 2]
    return Terms(tuple(dict.fromkeys(anchors)), tuple(dict.fromkeys(context))[:40])


def _subjects(case: Case) -> list[str]:
    """The names of the cards the question is about (its object, what it copies)."""
    refs = [case.question.subject] if case.question.subject else []
    value = case.question.value
    if isinstance(value, dict) and isinstance(value.get("as_copy_of"), str):
        refs.append(value["as_copy_of"])
    out = []
    for ref in refs:
        try:
            out.append(case.state.find(ref).card.name)
        except (KeyError, LookupError, ValueError, AttributeError):
            continue
    return out


def _named(text: str, names: Iterable[str]) -> list[str]:
    """The card names among ``names`` that ``text`` mentions."""
    return [n for n in names if re.search(rf"(?<!\w){re.escape(n)}(?!\w)", text, re.IGNORECASE)]


@dataclass(frozen=True)
class _Candidate:
    score: float
    reason: int
    card: str
    ruling: StoredRuling


def with_rulings(case: Case, answer: Answer) -> Answer:
    """The answer with each reason carrying the imported rulings that bear on it (top
    :data:`PER_REASON`, best first), the project's own summaries where there are none,
    and the concerned cards' other imported rulings in ``other_rulings``."""
    source = ruling_source()
    if source is None:
        return answer
    names = list(dict.fromkeys(o.card.name for o in case.state.objects))
    subjects = _subjects(case)
    imported = {n for n in names if _has_rulings(source, n)}
    if not imported:
        return answer
    if not source.indexed:  # the project's own summaries stay; say why no official ones
        note = unranked_note(source.con)
        return replace(answer, reasons=(*answer.reasons, Reason(None, note)))
    candidates: list[_Candidate] = []
    concerned: list[str] = []
    for i, reason in enumerate(answer.reasons):
        own = [r for r in reason.rulings if r.own and r.card in imported]
        cards = list(
            dict.fromkeys([*subjects, *_named(reason.text, names), *(r.card for r in own)])
        )
        cards = [c for c in cards if c in imported]
        concerned += cards
        terms = reason_terms(reason, names)
        extra = tuple(w.lower() for r in own for w in WORDS.findall(r.summary))
        context = tuple(w for w in dict.fromkeys((*terms.context, *extra)) if w not in STOPWORDS)
        for card in cards:
            for ruling, score in source.rank(card, terms.anchors, context):
                candidates.append(_Candidate(score, i, card, ruling))
    best: dict[str, float] = {}
    for c in candidates:
        best[c.card] = max(best.get(c.card, 0.0), c.score)
    chosen: dict[int, list[_Candidate]] = {}
    placed: set[tuple[str, int]] = set()
    for c in sorted(candidates, key=lambda c: (-c.score, c.reason, c.ruling.rowid)):
        key = (c.card, c.ruling.rowid)
        if key in placed:
            continue
        here = chosen.setdefault(c.reason, [])
        if (
            c.score < CARD_CLOSE * best[c.card]
            or len(here) >= PER_REASON
            or (here and c.score < CLOSE * here[0].score)
        ):
            continue
        placed.add(key)
        here.append(c)
    reasons = []
    for i, reason in enumerate(answer.reasons):
        kept = tuple(r for r in reason.rulings if not (r.own and r.card in imported))
        found = tuple(
            RulingRef(c.card, c.ruling.date, text=c.ruling.text, score=c.score)
            for c in chosen.get(i, [])
        )
        reasons.append(
            replace(reason, rulings=kept + found) if found or kept != reason.rulings else reason
        )
    others = tuple(
        RulingRef(card, r.date, text=r.text)
        for card in dict.fromkeys(concerned)
        for r in (source.of(card) or ("", ()))[1]
        if (card, r.rowid) not in placed
    )
    return replace(answer, reasons=tuple(reasons), other_rulings=others)


def _has_rulings(source: RulingSource, name: str) -> bool:
    found = source.of(name)
    return found is not None and bool(found[1])


def shown(answer: Answer, mode: str) -> Answer:
    """The answer as ``--rulings MODE`` prints it: ``relevant`` as it is, ``none`` with
    no rulings, ``all`` with a closing note holding the other imported rulings of the
    cards it concerns."""
    if mode == "none":
        reasons = tuple(replace(r, rulings=()) if r.rulings else r for r in answer.reasons)
        return replace(answer, reasons=reasons, other_rulings=())
    if mode == "all" and answer.other_rulings:
        cards = ", ".join(dict.fromkeys(r.card for r in answer.other_rulings))
        count = len(answer.other_rulings)
        note = Reason(
            None,
            f"The other rulings of {cards} ({count}; none of them bears on a reason above).",
            (),
            answer.other_rulings,
        )
        return replace(answer, reasons=(*answer.reasons, note), other_rulings=())
    return answer
