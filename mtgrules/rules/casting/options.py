"""An object's own abilities that only add a way to cast it or lower its cost (CR 118.9,
118.9b, 601.3, 118.7, 601.2f).

A player may cast a spell if any rule or effect allows it and none forbids it (601.3),
and an alternative cost is one its controller *may* pay instead of the mana cost
(118.9, 118.9b). So an ability whose every sentence only offers another way to cast
its own card — another cost ("you may pay ... rather than pay this spell's mana
cost", dash, spectacle, bestow), another zone ("you may cast this card from your
graveyard", escape, harmonize) or another time ("as though it had flash", sneak) —
can turn a NO into a YES, but never a YES into a NO. When the usual way works,
mtgrules can answer YES without reading it; when it doesn't, the ability could still
change the answer, and the refusal stands.

The same holds for a reduction of its own cost ("this spell costs {2} less to cast if ...",
affinity, undaunted): the total cost is the cost minus its reductions (601.2f), and a
reduction takes mana away from it, generic mana included (118.7a-d), so whatever pays
the full cost pays the reduced one. It too can only turn a NO into a YES.

Only the words are read here, conservatively: a sentence that also restricts, adds a
cost to every way, or does anything else keeps the ability unread.
"""

from __future__ import annotations

import re

from mtgrules import lazyre
from mtgrules.cards.oracle.abilities import CLASS_LEVEL

# Keywords that are another cost, zone or time to cast their own card, and nothing that
# works before the spell is cast in the usual way (their rule: what each one allows).
WAY_KEYWORDS = {
    "bestow": "702.103a",
    "blitz": "702.152a",
    "dash": "702.109a",
    "disturb": "702.146a",
    "emerge": "702.119a",
    "escape": "702.138a",
    "flashback": "702.34a",
    "foretell": "702.143a",
    "freerunning": "702.173a",
    "harmonize": "702.180a",
    "jump-start": "702.133a",
    "madness": "702.35a",
    "mayhem": "702.187b",
    "mutate": "702.140a",
    "overload": "702.96a",
    "plot": "702.170a",
    "prowl": "702.76a",
    "retrace": "702.81a",
    "sneak": "702.190a",
    "spectacle": "702.137a",
    "surge": "702.117a",
    "suspend": "702.62a",
    "web-slinging": "702.188a",
}
# Keywords that are a reduction of their own spell's cost (each one's rule)
REDUCTION_KEYWORDS = {"affinity": "702.41a", "undaunted": "702.125a"}
_REDUCTION_KEYWORD = lazyre.compile(r"^(?P<name>affinity for [a-z ]+|undaunted)\.?$", re.IGNORECASE)
# "Morbid — This spell costs {3} less to cast if ...", "~ costs {1} less to cast for each ..."
_REDUCTION = lazyre.compile(
    r"^(?:[^.—]+ — )?(?:[^,.]+, )?(?:this spell|~) costs (?:\{[^}]+\})+ less to cast\b[^.]*$",
    re.IGNORECASE,
)
# "Escape—{4}{B}, Exile five other cards from your graveyard.", "Suspend 4—{1}{R}", "Bestow {3}{W}"
_KEYWORD = lazyre.compile(
    r"^(?P<name>[a-z]+(?:-[a-z]+)?)(?: \d+)?"
    r"(?:(?:\s*—\s*|\s+)(?:\{[^}]+\})+(?:, [^.]*)?)?\.?$",
    re.IGNORECASE,
)
_ITSELF = r"(?:this card|this spell|this creature|it|~)"
# an ability word and a condition may come first: "Sarcophagus — If it's your turn, you may"
_YOU_MAY = r"^(?:[^.—]+ — )?(?:[^,.]+, )?you may "
# One sentence that only offers a way (read with the card's name replaced by "~").
_WAY_SENTENCES = tuple(
    lazyre.compile(_YOU_MAY + rest, re.IGNORECASE)
    for rest in (
        # another zone (113.6f, 601.3): "You may cast this card from your graveyard [if/by ...]"
        rf"cast {_ITSELF} from (?:your graveyard|exile|your library|the top of your library)"
        r"\b[^.]*$",
        # another time (601.3d): "You may cast this spell as though it had flash [if ...]"
        rf"cast {_ITSELF} as though it had flash\b[^.]*$",
        # another cost (118.9): "you may pay {1}{G} rather than pay this spell's mana cost"
        rf"(?!cast\b)[^.]* rather than pay (?:{_ITSELF}'s|its) mana cost\b[^.]*$",
        rf"cast {_ITSELF} without paying its mana cost\b[^.]*$",
    )
)
# What follows such a sentence and speaks only of a spell cast that way
_IF_THAT_WAY = lazyre.compile(
    rf"^if (?:you do|you cast {_ITSELF} this way|{_ITSELF} was cast this way),", re.IGNORECASE
)
_RESTRICTS = lazyre.compile(
    r"\bcan(?:'|’)t\b|\bonly\b|\bunless\b|\bcosts?\b[^.]*\bmore\b|\badditional cost\b",
    re.IGNORECASE,
)


def adds_a_way(words: str, name: str) -> str | None:
    """The rule by which an unread ability (its ``words``, on the card ``name``) only offers
    its own card another way to be cast (118.9, 601.3), or None if it might do anything else."""
    said = words.strip()
    found = _KEYWORD.match(said)
    if found and not CLASS_LEVEL.match(said):
        return WAY_KEYWORDS.get(found["name"].lower())
    text = said.replace(name, "~") if name else said
    first, *more = [s for s in re.split(r"(?<=\.)\s+", text) if s] or [""]
    if not _is_way(first) or not all(_IF_THAT_WAY.match(m) or _is_way(m) for m in more):
        return None
    return "118.9" if "rather than" in text or "without paying" in text else "601.3"


def _is_way(sentence: str) -> bool:
    said = sentence.rstrip(".")
    return not _RESTRICTS.search(said) and any(p.match(said) for p in _WAY_SENTENCES)


def lowers_its_cost(words: str, name: str) -> str | None:
    """The rule by which an unread ability (its ``words``, on the card ``name``) only reduces
    its own spell's cost (118.7, 601.2f), or None if it might do anything else."""
    said = words.strip()
    found = _REDUCTION_KEYWORD.match(said)
    if found:
        return REDUCTION_KEYWORDS[found["name"].split()[0].lower()]
    text = said.replace(name, "~") if name else said
    sentences = [s.rstrip(".") for s in re.split(r"(?<=\.)\s+", text) if s]
    if len(sentences) != 1 or _RESTRICTS.search(sentences[0]):
        return None
    return "601.2f" if _REDUCTION.match(sentences[0]) else None
