"""Trigger conditions from Oracle text: the words of "[When/Whenever/At] [condition]," read
into :class:`~mtgrules.cards.trigger_conditions.TriggerCondition` values (CR 603.1).

A grammar of a subject and a verb, and a table of the steps "at the beginning of" names:

- subjects: the object itself (its name, "this creature", or "it" in the project's own
  card files), "enchanted creature" / "equipped creature", "a/an/another [group]" and
  "one or more [groups]" (a group :func:`~mtgrules.cards.oracle.statics.read_group`
  reads: "creature you control", "other nontoken creature", "Ally you control"),
  "this or another [group]" (two conditions), players ("you", "an opponent", "a player");
- verbs: enters, dies, is put into a graveyard from the battlefield, leaves the
  battlefield, attacks (alone), blocks, becomes blocked, becomes tapped / untapped, is
  tapped for mana, deals (combat) damage (to a player / an opponent / a creature), is
  dealt damage, becomes the target of ...; a player casts a [kind] spell, gains or loses
  life, draws or discards a card, attacks, sacrifices a [group], taps a [group] for
  mana, creates a token; counters put on it; "enters or attacks" (two conditions);
- "At the beginning of [your / each / each opponent's / the] [step]", "... of combat on
  your turn", "At end of combat" (CR 603.2b, 511.2).

Whatever else is kept as unread words, with the kinds of event it could still match
when a word says so ("... gain life for the first time each turn" is a life gain), so
the trigger rules refuse only for events it could be about. An intervening "if" (CR
603.4) is kept in the card's words; one whose end isn't sure is marked unread.
"""

from __future__ import annotations

import functools
import re
from dataclasses import replace

from mtgrules import lazyre
from mtgrules.cards.oracle.costs import CHAPTER, self_pattern
from mtgrules.cards.oracle.statics import read_group, spell_kind
from mtgrules.cards.oracle.templates import EFFECT_START, LIST_GOES_ON
from mtgrules.cards.statics import Group
from mtgrules.cards.trigger_conditions import EVENT_KINDS, TriggerCondition

# an ability word or flavor word before the trigger (CR 207.2c-d)
_WORD = lazyre.compile(r"^[A-Z][\w'’-]*(?: [\w'’!-]+){0,4}[?!]? — (?=When|Whenever|At )")
_HEAD = lazyre.compile(r"^(?P<w>When|Whenever|At) (?P<c>.+)$")

# "At the beginning of [whose] [step]" (CR 603.2b)
_STEPS = {
    "upkeep": "upkeep",
    "draw step": "draw",
    "end step": "end",
    "first main phase": "precombat_main",
    "precombat main phase": "precombat_main",
    "second main phase": "postcombat_main",
    "postcombat main phase": "postcombat_main",
    "combat": "beginning_of_combat",
}
_WHOSE = {
    "your": "you",
    "each": "any",
    "each player's": "any",
    "the": "any",
    "each opponent's": "opponent",
}
_AT_STEP = lazyre.compile(
    rf"^the beginning of (?P<who>{'|'.join(map(re.escape, _WHOSE))}) "
    rf"(?P<step>{'|'.join(map(re.escape, _STEPS))})$"
)

# verbs of an object subject -> (event, options); "s?" verbs for "one or more" subjects
_OBJECT_VERBS: list[tuple[str, str, dict]] = [
    (r"enters?(?: the battlefield)?", "enters", {}),
    (r"enters?(?: the battlefield)? under your control", "enters", {"yours": True}),
    (r"dies|die", "dies", {}),
    (r"(?:is|are) put into a graveyard from the battlefield", "dies", {}),
    (r"leaves? the battlefield", "leaves", {}),
    (r"is put into a graveyard from anywhere", "to_graveyard", {"zone": "any"}),
    (r"attacks?", "attacks", {}),
    (r"attacks alone", "attacks", {"alone": True}),
    (r"blocks?", "blocks", {}),
    (r"becomes? blocked", "becomes_blocked", {}),
    (r"becomes? tapped", "tapped", {}),
    (r"becomes? untapped", "untapped", {}),
    (r"(?:is|are) tapped for mana", "tapped_for_mana", {}),
    (r"(?:is|are) dealt damage", "damage", {"dealt": True}),
    (r"deals? damage", "damage", {"to": "any"}),
    (r"deals? combat damage", "damage", {"to": "any", "combat": True}),
    (r"deals? noncombat damage", "damage", {"to": "any", "combat": False}),
    (r"deals? damage to a player", "damage", {"to": "player"}),
    (r"deals? damage to an opponent", "damage", {"to": "opponent"}),
    (r"deals? damage to a creature", "damage", {"to": "creature"}),
    (r"deals? combat damage to a player", "damage", {"to": "player", "combat": True}),
    (r"deals? combat damage to an opponent", "damage", {"to": "opponent", "combat": True}),
    (r"deals? combat damage to a creature", "damage", {"to": "creature", "combat": True}),
    (
        r"deals? combat damage to a player or planeswalker",
        "damage",
        {"to": "player_or_planeswalker", "combat": True},
    ),
    (r"blocks a creature", "blocks", {"each_blocked": True}),
    (r"(?:is|are) turned face up", "turned_face_up", {}),
    (r"transforms?", "transformed", {}),
    (r"transforms into ~", "transformed", {}),
]
_OBJECT_VERB = [(lazyre.compile(rf"^(?P<s>.+?) (?:{v})$"), e, o) for v, e, o in _OBJECT_VERBS]

_PLAYERS = {"you": "you", "an opponent": "opponent", "a player": "any"}
_PLAYER = r"(?P<p>you|an opponent|a player)"
_PLAYER_VERBS: list[tuple[str, str, dict]] = [
    (r"gains? life", "life_gained", {}),
    (r"loses? life", "life_lost", {}),
    (r"draws? a card", "drew", {}),
    (r"discards? a card", "discarded", {}),
    (r"discards? one or more cards", "discarded", {"one_or_more": True}),
    (r"attack", "you_attack", {}),
    (r"attack with one or more creatures", "you_attack", {}),
    (r"creates? a token", "token_created", {}),
    (r"creates? one or more tokens", "token_created", {"one_or_more": True}),
]
_PLAYER_VERB = [(lazyre.compile(rf"^{_PLAYER} (?:{v})$"), e, o) for v, e, o in _PLAYER_VERBS]
_CASTS = lazyre.compile(rf"^{_PLAYER} casts? (?:an? (?P<kind>[^,]+?) spell|a spell)$")
_CAST_SELF = lazyre.compile(r"^you cast (?:~|this spell)$")
_SACRIFICES = lazyre.compile(rf"^{_PLAYER} sacrifices? (?P<g>(?:an?|another) .+)$")
_TAPS = lazyre.compile(rf"^{_PLAYER} taps? (?P<g>an? .+) for mana$")
_TAP_SELF = lazyre.compile(r"^you tap ~ for mana$")
_COUNTERS = lazyre.compile(
    r"^(?:an? (?P<one>\S+) counter is|one or more (?P<more>\S+) counters are) put on ~$"
)

# words that say which kinds of event an unread condition could be about (a superset)
_KIND_WORDS: list[tuple[re.Pattern[str], tuple[str, ...]]] = [
    (
        lazyre.compile(
            r"\benters?\b|\bdie|\bgraveyard|\bleaves?\b|\bexiled?\b|\breturn|\bput into|\bmill|\bmutates?"
        ),
        ("moves",),
    ),
    (lazyre.compile(r"\bcasts?\b|\bcopy\b|\bspell"), ("cast",)),
    (
        lazyre.compile(
            r"\bactivates?\b|\bcycles?\b|\bability\b|\bcrank|\bexert|\blevel|\bmonstrous|\bcrew|\bsaddle|\bequip"
        ),
        ("activated",),
    ),
    (lazyre.compile(r"\battack"), ("attacks",)),
    # "attacks and isn't blocked" happens as blockers are declared (509.3g)
    (lazyre.compile(r"\bblock"), ("blocks", "becomes_blocked", "step_begins")),
    (lazyre.compile(r"\bdamage\b|\bdealt\b"), ("damage",)),
    (lazyre.compile(r"\btaps?\b|\btapped\b"), ("tapped", "tapped_for_mana")),
    (lazyre.compile(r"\buntap"), ("untapped",)),
    (lazyre.compile(r"\bgains? life|\blife\b"), ("life_gained", "life_lost")),
    (lazyre.compile(r"\bdraws?\b"), ("drew",)),
    (lazyre.compile(r"\bdiscards?\b|\bcycles?\b"), ("discarded",)),
    (lazyre.compile(r"\bcounters?\b"), ("counters_put",)),
    (lazyre.compile(r"\btokens?\b|\bcreates?\b"), ("token_created", "moves")),
    (lazyre.compile(r"\bsacrifices?\b|\bexploits?\b"), ("sacrificed", "moves")),
    (
        lazyre.compile(r"\bbeginning of\b|\bend of combat\b|\bupkeep\b|\bend step\b"),
        ("step_begins",),
    ),
    (lazyre.compile(r"\btargets?\b"), EVENT_KINDS["targeted"]),
    (lazyre.compile(r"\bturned face up\b"), ("turned_face_up",)),
    (lazyre.compile(r"\btransforms?\b|\bconverts?\b"), ("transformed",)),
]
# words that make a reading of the kinds unsafe: anything may be the event
_ANY_KIND = lazyre.compile(
    r"\bbecomes?\b(?! (?:un)?tapped| blocked| the target)|\bcontrol no\b|\bplaneswalk|\bchaos\b|\bday\b|\bnight\b|\bRing\b|\bcrime\b|\bexpend\b|\bspecializ|\bunlock|\bscheme|\bencounter|\broll|\bmutat|\bcollect|\bvoted?\b|\bventure|\bdungeon|\binitiative|\bmonarch|\bsolve|\bdoor"
)

# the zone words of the ability's whole text that make it work outside the battlefield
# (CR 113.6b, 113.6k, 113.6m): "return ~ from your graveyard", "if ~ is in your graveyard"
_ZONE_WORDS = lazyre.compile(
    r"~ (?:is )?(?:in|from) your (?P<z>graveyard|hand)|~ from exile|while ~ is exiled"
    r"|~ is put into (?:a|your) graveyard from anywhere|you cycle ~|you discard ~"
)


def self_words(text: str, name: str = "", short: str = "") -> str:
    """``text`` with the card's references to itself as ``~`` (its name, "this creature";
    "it" as the project's own card files say "When it dies")."""
    text = self_pattern(name, short).sub("~", text)
    text = _OTHER_SELF.sub("~", text)
    for pattern, words in _PROJECT_WORDING:
        text = pattern.sub(words, text)
    return re.sub(r"^(When|Whenever) it\b", r"\1 ~", text)


# the project's own card files word some conditions for the object ("its controller's
# upkeep", "its controller taps it for mana"): the same conditions as Oracle's
_PROJECT_WORDING = [
    (lazyre.compile(r"\bits controller's\b"), "your"),
    (lazyre.compile(r"\bits controller controls\b"), "you control"),
    (lazyre.compile(r"\bits controller (\w+?)s\b"), r"you \1"),
    (lazyre.compile(r"\bany player\b"), "a player"),
    (lazyre.compile(r"\bthe enchanted\b"), "enchanted"),
    (lazyre.compile(r"\byou tap it for mana\b"), "you tap ~ for mana"),
]


# the nouns "this ..." names its own object by that oracle_costs.SELF_NOUNS doesn't list
_OTHER_SELF = lazyre.compile(
    r"\b[Tt]his (?:Class|Case|Room|Contraption|Attraction|Door|Plane|Dungeon)\b"
)


def split_trigger(paragraph: str, name: str = "", short: str = "") -> tuple[str, str, str] | None:
    """A triggered ability's paragraph (its ability word dropped, its references to itself
    as ``~``: a name may have a comma) split into its trigger (up to the first comma), an
    intervening "if" clause (CR 603.4, without "if", ``"?"`` when where it ends isn't
    sure) and the rest; None if it isn't "When/Whenever/At ..."."""
    paragraph = _WORD.sub("", self_words(paragraph.strip(), name, short), count=1)
    if not _HEAD.match(paragraph) or ", " not in paragraph:
        return None
    trigger, rest = paragraph.split(", ", 1)
    condition = ""
    if rest.startswith("if "):
        clause = re.match(r"^if (?P<c>[^,\"“]+), (?P<rest>.+)$", rest, re.DOTALL)
        if clause is None:
            return trigger, "?", rest
        after = clause.group("rest")
        sure = EFFECT_START.match(after) and not LIST_GOES_ON.match(after.split(". ")[0])
        condition, rest = (clause.group("c") if sure else "?"), after
    return trigger, condition, rest


@functools.lru_cache(maxsize=8192)
def read_trigger_condition(
    words: str, name: str = "", short: str = "", intervening_if: str = "", whole: str = ""
) -> tuple[TriggerCondition, ...]:
    """The trigger words ("Whenever a creature you control dies") read as conditions (one
    per alternative), each carrying ``intervening_if``; a condition not read keeps its
    words in ``unread``. ``whole`` is the ability's whole text, which may say it works
    from another zone than the battlefield (CR 113.6b, 113.6m)."""
    text = self_words(words.strip().rstrip(","), name, short)
    text = _WORD.sub("", text, count=1)
    zone = _zone(self_words(whole, name, short)) if whole else "battlefield"
    head = _HEAD.match(text)
    if head is None:
        return (_unread(words, text, intervening_if),)
    found = _read(head.group("w"), head.group("c"))
    if found is None:
        return (_unread(words, head.group("c"), intervening_if),)
    out = []
    for c in found:
        where = c.zone if c.zone != "battlefield" else zone
        out.append(replace(c, words=words, intervening_if=intervening_if, zone=where))
    return tuple(out)


def _zone(whole: str) -> str:
    found = _ZONE_WORDS.search(whole)
    if found is None:
        return "battlefield"
    if found.group("z"):
        return found.group("z")
    if "exile" in found.group():
        return "exile"
    if "anywhere" in found.group():
        return "any"
    return "hand"


def chapter_condition(paragraph: str) -> TriggerCondition | None:
    """A Saga's chapter ability "II, III — ..." (CR 714.2b-c): it triggers as one or more
    lore counters are put on the Saga and their number goes from below a chapter's number
    to at least it."""
    if not CHAPTER.match(paragraph):
        return None
    numerals = paragraph.split(" — ")[0].split(", ")
    return TriggerCondition(
        "counters_put",
        counter="lore",
        chapters=tuple(_roman(n) for n in numerals),
        one_or_more=True,
        words=paragraph.split(" — ")[0],
    )


def _roman(numeral: str) -> int:
    values = {"I": 1, "V": 5, "X": 10}
    total = 0
    for i, ch in enumerate(numeral):
        value = values[ch]
        later = values[numeral[i + 1]] if i + 1 < len(numeral) else 0
        total += -value if value < later else value
    return total


def _unread(words: str, condition: str, intervening_if: str) -> TriggerCondition:
    """A condition not read: the kinds of event its words could be about, or any."""
    kinds: tuple[str, ...] = ()
    if not _ANY_KIND.search(condition):
        kinds = tuple(dict.fromkeys(k for p, ks in _KIND_WORDS if p.search(condition) for k in ks))
    return TriggerCondition(
        "", unread=condition, kinds=kinds, words=words, intervening_if=intervening_if
    )


def _read(when: str, c: str) -> tuple[TriggerCondition, ...] | None:
    if when == "At" and c == "the beginning of the upkeep of enchanted creature's controller":
        return (
            TriggerCondition(
                "step_begins", subject="player", player="enchanted_controller", step="upkeep"
            ),
        )
    if when == "At":
        if c == "end of combat":  # CR 511.2
            return (TriggerCondition("step_begins", subject="player", step="end_of_combat"),)
        if c == "the beginning of combat on your turn":
            return (
                TriggerCondition(
                    "step_begins", subject="player", player="you", step="beginning_of_combat"
                ),
            )
        if c == "the beginning of each combat":
            return (TriggerCondition("step_begins", subject="player", step="beginning_of_combat"),)
        found = _AT_STEP.match(c)
        if found is None or found["step"] == "combat":
            return None
        return (
            TriggerCondition(
                "step_begins",
                subject="player",
                player=_WHOSE[found["who"]],
                step=_STEPS[found["step"]],
            ),
        )
    if _CAST_SELF.match(c):  # CR 113.6: it works on the stack
        return (TriggerCondition("cast", zone="stack"),)
    if c == "~ becomes the target of a spell":  # a spell's targets are chosen as it is cast
        return (TriggerCondition("targeted", kinds=("cast",)),)
    if c == "you cast a spell that targets ~":
        return (TriggerCondition("targeted", player="you", kinds=("cast",)),)
    if _TAP_SELF.match(c):
        return (TriggerCondition("tapped_for_mana"),)
    if found := _COUNTERS.match(c):
        kind = found["one"] or found["more"]
        return (TriggerCondition("counters_put", counter=kind, one_or_more=bool(found["more"])),)
    if found := _CASTS.match(c):
        kinds: tuple[str, ...] = ()
        if found["kind"]:
            kinds = tuple(re.split(r" or |, or |, ", found["kind"]))
            if not all(spell_kind(k) for k in kinds):
                return None
        return (
            TriggerCondition("cast", subject="player", player=_PLAYERS[found["p"]], spell=kinds),
        )
    if found := _SACRIFICES.match(c):
        group = _group(found["g"])
        if group is None:
            return None
        return (
            TriggerCondition(
                "sacrificed", subject="group", group=group, player=_PLAYERS[found["p"]]
            ),
        )
    if found := _TAPS.match(c):
        group = _group(found["g"])
        if group is None:
            return None
        return (
            TriggerCondition(
                "tapped_for_mana", subject="group", group=group, player=_PLAYERS[found["p"]]
            ),
        )
    for pattern, event, options in _PLAYER_VERB:
        if found := pattern.match(c):
            return (
                TriggerCondition(event, subject="player", player=_PLAYERS[found["p"]], **options),
            )
    if found := re.match(
        r"^(?P<s>~|(?:enchanted|equipped) creature) (?P<a>[\w ]+?) or (?P<b>[\w ]+)$", c
    ):
        # "~ enters or attacks", "~ attacks or blocks": one ability, two trigger events
        first, second = _object(found["s"], found["a"]), _object(found["s"], found["b"])
        if first is not None and second is not None:
            return (*first, *second)
    if c.startswith("~ or another "):
        # "~ or another creature you control dies": its own event and another's (603.6a)
        words = c.removeprefix("~ or ").split(" ")
        for cut in range(2, len(words)):
            subject, verb = " ".join(words[:cut]), " ".join(words[cut:])
            own, other = _object("~", verb), _object(subject, verb)
            if own is not None and other is not None:
                return (*own, *other)
    return _object_clause(c)


def _object_clause(c: str) -> tuple[TriggerCondition, ...] | None:
    """ "[subject] [verb]" with an object subject; the longest verb that reads wins."""
    for pattern, _event, _options in reversed(_OBJECT_VERB):
        found = pattern.match(c)
        if found is not None:
            verb = c[len(found["s"]) + 1 :]
            read = _object(found["s"], verb)
            if read is not None:
                return read
    return None


def _object(subject: str, verb: str) -> tuple[TriggerCondition, ...] | None:
    """One object subject and one verb."""
    match = None
    for pattern, event, options in reversed(_OBJECT_VERB):
        found = pattern.match(f"x {verb}")
        if found is not None and found["s"] == "x":
            match = (event, dict(options))
            break
    if match is None:
        return None
    event, options = match
    yours = options.pop("yours", False)
    plural = subject.startswith("one or more ")
    if event == "to_graveyard" and subject != "~":
        return None
    if subject == "~":
        if yours:
            return None
        return (TriggerCondition(event, **options),)
    attached = re.fullmatch(r"(enchanted|equipped) (creature|land|permanent|artifact)", subject)
    if attached:
        return (TriggerCondition(event, subject=attached[1], **options),)
    group = _group(subject.removeprefix("one or more "), plural=plural)
    if group is None:
        return None
    if yours:
        if group.whose != "any":
            return None
        group = replace(group, whose="you")
    return (TriggerCondition(event, subject="group", group=group, one_or_more=plural, **options),)


def _group(words: str, plural: bool = False) -> Group | None:
    """ "a creature you control", "another nontoken creature", "creatures you control" (a
    plural) -> a Group of permanents; None if it isn't one read."""
    words = words.replace(" an opponent controls", " your opponents control")
    if plural:
        group = read_group(words[:1].upper() + words[1:])
    else:
        found = re.match(r"^(?P<a>an?|another) (?P<g>.+)$", words)
        if found is None:
            return None
        other = "other " if found["a"] == "another" else ""
        group = read_group(f"Each {other}{found['g']}")
    if group is None or group.attached or group.cards_not_on_battlefield or group.named:
        return None
    return group
