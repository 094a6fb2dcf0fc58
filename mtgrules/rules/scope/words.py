"""The words that can touch each scope: the one table the scope index reads unread
abilities with (see :mod:`mtgrules.rules.scope.index`).

Each :class:`TextPattern` names a scope, the words (a regular expression, matched
sentence by sentence, case-insensitively unless said), what the ability could then do
("could give {subject} haste") and the rules that would change, and the forms of
ability it counts in. Conservative on purpose: when in doubt, a pattern matches.
An object's own abilities that are its own whatever their words say, or that change how
it is cast, are told apart in :mod:`mtgrules.rules.scope.own`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mtgrules import lazyre
from mtgrules.cards.vocabulary import Ability, CardDef
from mtgrules.rules.scope.index import Scope, form, words_of
from mtgrules.rules.scope.reach import SENTENCE


@dataclass(frozen=True)
class TextPattern:
    """Words that can touch a scope, with what that would do (for the answer's reason).

    ``could`` completes "ABILITY could ...", with ``{subject}`` for the object asked about;
    ``forms`` are the forms of ability the words matter in; ``rules`` what they'd change.
    ``own`` patterns only count on the object asked about itself. Words match sentence
    by sentence; a sentence matching ``unless`` can't touch the scope (a sentence that
    only makes spells cost more grants no permission to cast them).
    """

    key: str
    scope: Scope
    words: re.Pattern[str]
    could: str
    rules: tuple[str, ...]
    forms: frozenset[str] = frozenset({"static"})
    own: bool = False
    unless: re.Pattern[str] | None = None

    def search(self, words: str) -> bool:
        return any(
            self.words.search(s) and not (self.unless and self.unless.search(s))
            for s in SENTENCE.split(words)
        )


def _p(
    key: str,
    scope: Scope,
    regex: str,
    could: str,
    rules: tuple[str, ...],
    forms: tuple[str, ...] = ("static",),
    own: bool = False,
    flags: int = re.IGNORECASE,
    unless: str = "",
) -> TextPattern:
    return TextPattern(
        key,
        scope,
        lazyre.compile(regex, flags),
        could,
        rules,
        frozenset(forms),
        own,
        lazyre.compile(unless, re.IGNORECASE) if unless else None,
    )


# "As this creature enters, choose a color.": a choice as it enters (CR 614.12), alone in its
# sentence
_CHOICE_AS_IT_ENTERS = (
    r"^as [^.,]* enters(?: the battlefield)?, (?:secretly )?choose an? (?:colou?r|creature type"
    r"|card type|basic land type|word|opponent|player|number)\b[^.]*\.?$"
)
# What makes a non-mana cost part unpayable: a player who can't lose life can't pay life
# (CR 119.8); a permanent that can't be sacrificed or tapped can't pay for it (118.3)
_UNPAYABLE = (
    r"\blose life\b|\blife totals? can(?:'|’)t change\b|\bsacrific|\bcan(?:'|’)t be tapped\b"
    r"|\bcan(?:'|’)t (?:become )?tap\b|\bdiscard"
)
# A sentence that only sets power and toughness ("Its power and toughness are each equal to
# the number of ...", CR 604.3, 613.4a): its "are" states no type
_PT_ONLY = (
    r"^(?![^.]*\b(?:in addition|types?|becomes?|changeling|is an?)\b)[^.]*"
    r"\b(?:power|toughness)(?: and toughness)? (?:is|are) (?:each )?equal to\b"
)
# A sentence that only changes what something costs (CR 601.2f)
_COST_ONLY = r"\bcosts?\b[^.]*\b(?:more|less)\b"


_CANT = r"can(?:'|’)t|cannot|can not"
# An "is"/"are" that can start a type, color or characteristic statement, not a condition
# on the object's status ("is tapped", "is attacking", "is your turn") or the game's
# ("it becomes day": day and night are the game's, CR 731.1).
_IS = (
    # not "there are": a count ("unless there are five or more Islands on the battlefield")
    r"(?<!\bthere )\b(?:is|are|isn(?:'|’)t|aren(?:'|’)t|becomes?|become)\b"
    r"(?! (?:un)?tapped| day\b| night\b| attacking| blocking| blocked| dealt| put| returned| exiled| cast"
    r"| destroyed| sacrificed| revealed| countered| turned| your turn| the target| in (?:a|your|exile)"
    # where it is, a designation ("is your Ring-bearer", 701.54a), a progressive ("is searching")
    r"| on the battlefield\b| your (?:ring-bearer|commander)\b| goaded\b"
    r"| (?!saproling|inkling|tiefling|halfling)[a-z]+ing\b)"
)
# Sentences that change no characteristics of an existing object: one that creates tokens
# or replaces their creation describes the new tokens ("that many 4/4 white Angel creature
# tokens ... are created instead", CR 111.1, 614.1a); a prevention effect changes damage
# (615.1); entering tapped is how it enters (614.1c); spending mana as though it were mana
# of any color is how a cost is paid (609.4b).
# Only a sentence with no second clause that could change something ("prevent all combat
# damage it would deal and it has defender"), and none that grants a quoted ability whose
# own words create the tokens ("Creatures you own have "... create two ... tokens."", 113.2).
_NO_CHARACTERISTICS = (
    r"^(?!.*\b(?:and|then)\b[^.]*\b(?:has|have|gets?|is|are(?! created)|loses?|gains?|becomes?)\b)"
    r"(?!.*\b(?:has|have|gains?) [\"“])"
    r".*(?:(?:^|, |— |• )create\b|\bwould be created\b|^(?:[^,.]*, )?prevent\b"
    r"|\bas though it were mana\b"
    r"|\benters? (?:the battlefield )?tapped(?: unless\b| if\b|\.?$))"
)
# a "have" that grants nothing: a permission ("as though it had flash"), a negation ("didn't
# have defender"), or a causative ("you may have it deal 3 damage")
_NOT_GRANTING = (
    r"(?<!\bas though it )(?<!\bas though they )(?<!\bdidn't )(?<!\bdidn’t )(?<!\bdid not )"
    r"(?<!\bmay )"
)
_STATIC_SPELL = ("static", "keyword")
# not the keywords whose dash-cost is about something else than casting the card
KEYWORD_COST = (
    r"^(?!(?:ward|echo|cumulative upkeep|partner|equip|cycling|reinforce|modular|"
    r"reconfigure|unearth|recover)\b)[a-z]+(?: [a-z]+)*(?: \d+)?—"  # "Impending 4—{1}{U}{U}"
)
# "Moonfolk offering" (CR 702.48a-b): its card may be cast as though it had flash, by
# sacrificing a permanent of that kind, for less
OFFERING = r"^[a-z]+ offering\b"
_MANA = r"\bmana\b(?! value| cost)"
# "has"/"have" that grants: not an auxiliary ("has cast") or a count ("has a counter")
_HAS = (
    r"\b(?:have|has|had)\b(?! (?:been|cast|attacked|blocked|dealt|drawn|played|entered|died|put"
    r"|lost|gained|no maximum|no cards?|an?|the|that|any|more|fewer|less|at least|one|two|three|four|five"
    r"|\d|counters?|power|toughness|mana value|cards?|life)\b)"
)

# A sentence that only changes the power and toughness of attacking or blocking creatures
# ("Attacking creatures you control get +1/+0."): no restriction or requirement (613.4c)
_COMBAT_BOOST_ONLY = (
    r"^(?![^.]*\b(?:can|must|if able|unless|only)\b)[^.]*\b(?:attacking|blocking)\b[^.]*"
    r"\bgets? [+\-−][\dX]+/[+\-−][\dX]+(?: until end of turn)?\.?$"
)

# The one table of the words that can touch each scope. Conservative on purpose.
TEXT_PATTERNS: tuple[TextPattern, ...] = (
    # casting (CR 601.3, 117.1a, 101.2, 601.2f)
    _p(
        "flash",
        Scope.CAST_TIMING,
        r"\bflash\b",
        "give {subject} flash or let it be cast as though it had flash",
        ("702.8a", "601.3b"),
    ),
    _p(
        "as-though-cast",
        Scope.CAST_TIMING,
        r"\bas though\b|\bany time you could cast\b",
        "let {subject} be cast at another time, as though something were true",
        ("601.3", "117.1a"),
    ),
    _p(
        # a keyword with its cost after a dash, its reminder text left out ("Escape—{G}{G}
        # {U}{U}, exile five other cards from your graveyard", CR 702.138a): an unread one
        # may let its card be cast from where it is, or for another cost (not ward, echo,
        # equip and the others KEYWORD_COST leaves out; an ability word's dash has spaces
        # around it)
        "keyword-cost",
        Scope.CAST_PERMISSION,
        KEYWORD_COST,
        "let {subject} be cast from where it is, or for another cost",
        ("601.3", "118.9"),
        forms=_STATIC_SPELL,
        own=True,
    ),
    _p(
        "offering",
        Scope.CAST_TIMING,
        OFFERING,
        "let {subject} be cast any time its caster could cast an instant, for another cost",
        ("702.48a",),
        forms=_STATIC_SPELL,
        own=True,
    ),
    _p(
        "cast",
        Scope.CAST_PERMISSION,
        r"\bcast\b|\bplay\b",
        "allow or forbid casting {subject} from where it is",
        ("601.3", "101.2"),
        unless=_COST_ONLY,
    ),
    _p(
        "cant-cast",
        Scope.CAST_RESTRICTION,
        # not "can't be the target of spells": that's targeting, not casting
        rf"(?:{_CANT})(?! be (?:the )?target)[^.]*\b(?:cast|spells?)\b"
        r"|\bcast\b[^.]*\bonly\b|\bonly\b[^.]*\bcast\b",
        "forbid casting {subject} now",
        ("601.3", "101.2"),
    ),
    _p(
        "split-second-cast",
        Scope.CAST_RESTRICTION,
        r"\bsplit second\b",
        "stop players from casting other spells while it is on the stack",
        ("702.61a",),
    ),
    _p(
        "additional-cost",
        Scope.CAST_RESTRICTION,
        r"\badditional cost\b|\bas an additional\b",
        "add a cost to casting {subject} that might not be payable",
        ("601.2b", "601.2h"),
    ),
    _p(
        "cast-cost",
        Scope.CAST_COST,
        rf"\bcosts?\b|\bpay\b|\brather than\b|\bwithout paying\b|\bless to cast\b|{_UNPAYABLE}",
        "change what casting {subject} costs",
        ("601.2f", "119.8"),
    ),
    _p(
        "spend-only-on-x",
        Scope.CAST_COST,
        r"\bspend only\b[^.]*\bon X\b",
        "limit the mana that can pay for X in casting {subject}",
        ("107.3", "601.2g"),
        forms=(*_STATIC_SPELL, "spell"),
    ),
    # activation (CR 602.5, 302.6, 702.10c)
    _p(
        "haste",
        Scope.HASTE,
        r"\bhaste\b|\bas though\b|\bsummoning sick|\bcontinuously since\b",
        "give {subject} haste, or let it act as though it had haste",
        ("702.10c", "302.6"),
    ),
    _p(
        "activate",
        Scope.ACTIVATE_PERMISSION,
        r"\bactivat",
        "allow or forbid activating {subject}'s abilities",
        ("602.5", "101.2"),
    ),
    _p(
        "lose-abilities",
        Scope.ACTIVATE_PERMISSION,
        r"\blos(?:e|es) (?:all |its |their )?(?:other )?abilit|\bno abilities\b|\blose all\b",
        "remove {subject}'s abilities",
        ("613.1f",),
    ),
    _p(
        "cant-activate",
        Scope.ACTIVATE_RESTRICTION,
        rf"(?:{_CANT})[^.]*\bactivat|\bactivat[^.]*\bonly\b",
        "forbid activating {subject}'s abilities now",
        ("602.5", "101.2"),
    ),
    _p(
        "split-second-activate",
        Scope.ACTIVATE_RESTRICTION,
        r"\bsplit second\b",
        "stop players from activating abilities that aren't mana abilities while it is on the stack",
        ("702.61a", "702.61b"),
    ),
    _p(
        "activate-timing",
        Scope.ACTIVATE_TIMING,
        r"\bas though\b(?![^.]*\bhaste\b)|\bany time\b|\binstant\b",
        "let {subject}'s abilities be activated at another time",
        ("602.5d",),
    ),
    _p(
        # "Creatures you control can boast twice", "Boast abilities you activate cost {1}
        # less" (CR 702.142b): effects that speak of boasting change its boast abilities
        "boast",
        Scope.ACTIVATE_RESTRICTION,
        r"\bboast",
        "change when or how often {subject}'s boast abilities can be activated",
        ("702.142b",),
    ),
    _p(
        "activate-cost",
        Scope.ACTIVATE_COST,
        rf"\bcosts?\b|\bpay\b|\bwithout paying\b|{_UNPAYABLE}",
        "change what activating {subject}'s abilities costs",
        ("602.2b", "601.2f", "119.8"),
    ),
    # what pays a cost part: a permanent that can't be sacrificed or tapped, a card that
    # can't be exiled or discarded, can't pay for it (CR 118.3)
    _p(
        "cant-pay-with",
        Scope.COST_RESOURCE,
        rf"(?:{_CANT})[^.]*\b(?:sacrific|tap|exile|discard)",
        "stop {subject} from paying for a cost part",
        ("118.3",),
    ),
    # what an Aura may be attached to besides its enchant ability: "can't be enchanted (by
    # other Auras)", protection (702.16c), as it enters (CR 303.4f) and afterwards (704.5m)
    _p(
        "cant-be-attached",
        Scope.ATTACHING,
        rf"(?:{_CANT}) be (?:enchanted|attached)\b|\benchanted by\b|\bprotection\b",
        "stop {subject} from being enchanted",
        ("303.4f", "702.16c", "704.5m"),
    ),
    # state-based actions (CR 704.5f-i): a replacement of dying or of going to a graveyard
    # ("if it would die, exile it instead", 614.1a), "can't be destroyed", regeneration
    # (701.19), indestructible (702.12b), what counts as lethal damage
    _p(
        "sba-dying",
        Scope.SBA_DYING,
        r"\bdie|\bdestroy|\bindestructible\b|\bregenerat|\bgraveyard|\bleaves? the battlefield"
        r"|\blethal\b|\bdamage\b[^.]*\b(?:isn(?:'|’)t|is not) removed\b|\bstate-based\b",
        "change whether state-based actions put {subject} into a graveyard",
        ("704.5f", "704.5g", "614.1a", "702.12b"),
        forms=("static", "keyword"),
    ),
    # losing the game (CR 704.5a-c): "can't lose the game", a replacement of losing,
    # "doesn't lose the game for having 0 or less life"
    _p(
        "sba-losing",
        Scope.SBA_LOSING,
        r"\blose the game\b|\bloses the game\b|\bwin the game\b|\bwins the game\b"
        r"|\bpoison\b|\b0 or less life\b|\bempty library\b",
        "change whether a player loses the game by a state-based action",
        ("704.5a", "704.5b", "704.5c", "104.3"),
    ),
    # special actions (CR 305.2, 702.170a)
    _p(
        "play-land",
        Scope.PLAY_LAND,
        r"\bplay(?:s|ed|ing)?\b|\badditional lands?\b|\blands? (?:each|this) turn\b",
        "change whether a land may be played now, or from where",
        ("305.2", "305.2b", "305.9"),
    ),
    _p(
        "plot",
        Scope.PLOT,
        r"\bplot|\bspecial action",
        "change whether {subject} may be plotted",
        ("702.170a", "702.170b"),
    ),
    # characteristics, by layer (CR 613.1)
    _p(
        "copy",
        Scope.COPY,
        r"\bcop(?:y|ies)\b",
        "make {subject} a copy of something",
        ("613.1a", "707.2"),
        # creating a token that's a copy makes a new object the copy (CR 111.1, 707.2)
        unless=r"^(?!.*\b(?:and|then)\b[^.]*\bbecomes?\b).*\bcreate\b[^.]*\bcop(?:y|ies) of\b",
    ),
    _p(
        "control",
        Scope.CONTROL,
        r"\bgains? control\b|\bcontrol of\b|\bexchange control\b|\byou control enchanted\b",
        "change who controls {subject}",
        ("613.1b",),
    ),
    _p(
        "text",
        Scope.TEXT,
        r"\btext\b|\bword\b",
        "change {subject}'s text",
        ("613.1c",),
        # "As this creature enters, choose a word.": the choice its other words use (614.12)
        unless=_CHOICE_AS_IT_ENTERS,
    ),
    _p(
        "types",
        Scope.TYPES,
        rf"{_IS}|\bin addition to (?:its|their) other\b|\btypes?\b|\bchangeling\b",
        "change {subject}'s types",
        ("613.1d", "205.1"),
        unless=rf"{_COST_ONLY}|{_CHOICE_AS_IT_ENTERS}|{_NO_CHARACTERISTICS}|{_PT_ONLY}",
    ),
    _p(
        "land-types",
        Scope.TYPES,
        # a land type it is, becomes or stops being, not one named in a condition ("unless
        # you control a Swamp", "defending player controls an Island")
        rf"{_IS}[^.]*\b(?:plains|islands?|swamps?|mountains?|forests?)\b|\bland types?\b"
        rf"|{_IS}[^.]*\bthe chosen (?:basic land )?type\b",  # Realmwright: a chosen land type
        "change {subject}'s land types, and so its mana abilities",
        ("613.1d", "305.6", "305.7"),
        unless=rf"{_COST_ONLY}|{_CHOICE_AS_IT_ENTERS}|{_NO_CHARACTERISTICS}",
    ),
    _p(
        "colors",
        Scope.COLORS,
        r"\bcolou?r|\b(?:white|blue|black|red|green|multicolored|monocolored)\b",
        "change {subject}'s colors",
        ("613.1e", "105.3"),
        # a sentence that only makes a choice as it enters (CR 614.12): the choice is used
        # by its other sentences, which are read on their own
        unless=rf"{_COST_ONLY}|{_CHOICE_AS_IT_ENTERS}|{_NO_CHARACTERISTICS}",
    ),
    _p(
        "abilities",
        Scope.ABILITIES,
        # not "as though it had flash" or "didn't have defender" (a permission, 601.3b),
        # "you may have it deal damage" (causative), "gain control" (layer 2), "without
        # paying", or "creatures with no abilities" (a description)
        rf"{_NOT_GRANTING}{_HAS}|\b(?:gain|gains)\b(?! control)|\b(?:lose|loses|gives?)\b"
        r"|\bwithout\b(?! paying)|(?<!\bwith )\bno abilities\b"
        # "escapes with [ability]" (702.138d), "enters with ... and with [ability]" (kicked)
        r"|\b(?:escapes?|enters?|and) with [\"“]",
        "give {subject} an ability or take one away",
        ("613.1f",),
        unless=rf"{_COST_ONLY}|{_NO_CHARACTERISTICS}",
    ),
    _p(
        "mana-grant",
        Scope.ABILITIES,
        rf"(?:{_HAS}|\bgains?\b)[^.]*(?:\badd\b|{_MANA})|\blos(?:e|es) (?:all )?(?:its |their )?abilit"
        r"|(?<!\bwith )\bno abilities\b",
        "give {subject} a mana ability or take its abilities away",
        ("613.1f", "106.7"),
        unless=_COST_ONLY,
    ),
    _p(
        "pt",
        Scope.PT,
        # a change of power or toughness, not a mention of them ("damage equal to its power")
        r"[+\-−][\dX*]+/[+\-−][\dX*]+(?! counter)|\b[\dX*]+/[\dX*]+\b(?! counter)|\bgets?\b"
        r"|\bbase\b|\blevel\b|\bswitch|\b(?:power|toughness)(?: and toughness)? (?:is|are|equal|each)\b"
        r"(?! goaded\b| \d+ or (?:greater|less)\b)"
        r"|\b(?:has|have) (?:power|toughness)\b|\b(?:power|toughness)\b[^.]*\bequal to\b",
        "change {subject}'s power or toughness",
        ("613.4", "613.4c"),
        unless=rf"{_COST_ONLY}|{_NO_CHARACTERISTICS}",
    ),
    # entering (CR 614.1c, 614.12)
    _p(
        "enters",
        Scope.ENTERS_REPLACEMENT,
        r"\benter|\bput onto the battlefield\b|\bas a copy\b",
        "change how {subject} enters the battlefield",
        ("614.1c", "614.12"),
        # a sentence that only makes a choice as it enters (what its other sentences use,
        # each read on its own), or makes it day (the game's designation, CR 731.1)
        unless=_CHOICE_AS_IT_ENTERS + r"|\bit becomes (?:day|night) as\b",
    ),
    _p(
        "counters",
        Scope.ENTERS_COUNTERS,
        r"\bcounters?\b",
        "change the counters {subject} enters with",
        ("614.1c", "122.6"),
    ),
    _p(
        "enters-tapped",
        Scope.ENTERS_TAPPED,
        r"\benter[^.]*\btapped\b|\btapped\b[^.]*\benter",
        "make {subject} enter tapped",
        ("614.1c",),
    ),
    _p(
        "enters-trigger",
        Scope.ENTERS_TRIGGER,
        # the trigger condition, before its first comma (CR 603.1), speaks of entering:
        # leaving ("dies", "leaves the battlefield", "put into a graveyard from the
        # battlefield") is another event, whose abilities trigger only as it leaves (603.6c);
        # "whenever another ... enters" can't trigger on its own entering alone
        r"^(?:[^.:—]+ — )?(?:when|whenever|at)\b(?! another\b)[^,]*"
        r"(?:\benter|(?<!from the )(?<!leaves the )(?<!leave the )\bbattlefield\b"
        r"|\bcomes? into play\b)",
        "trigger as {subject} enters",
        ("603.6a",),
        forms=("triggered",),
        own=True,
    ),
    # mana (CR 106.7, 106.12, 605)
    _p(
        "adds-mana",
        Scope.MANA_ABILITY,
        rf"\badd\b|{_MANA}|\bproduc",
        "give {subject} an ability that adds mana",
        ("106.7", "605.1a"),
        forms=("static", "keyword"),
    ),
    _p(
        "adds-mana-own",
        Scope.MANA_ABILITY,
        rf"\badd\b|{_MANA}|\bproduc",
        "be an ability of {subject} that adds mana",
        ("106.7", "605.1a"),
        forms=("activated",),
        own=True,
    ),
    _p(
        "adds-mana-triggered",
        Scope.MANA_ABILITY,
        rf"\badd\b|{_MANA}",
        "add mana when it resolves, so its type counts for what {subject} could produce",
        ("106.7",),
        forms=("triggered",),
        own=True,
    ),
    _p(
        "mana-trigger",
        Scope.MANA_TRIGGER,
        rf"{_MANA}|\badd\b|\btapped\b|\btaps?\b",
        "add mana when {subject} is tapped for mana",
        ("106.12a", "605.1b"),
        forms=("triggered",),
    ),
    _p(
        "mana-replacement",
        Scope.MANA_REPLACEMENT,
        rf"{_MANA}|\bproduc|\btapped for\b",
        "replace or add to the mana {subject} produces",
        ("106.12b", "614.1a"),
    ),
    # who may attack and block (CR 508.1c-d, 509.1b-c): restrictions, requirements, evasion
    # words; not a sentence that only changes the power of attacking or blocking creatures
    _p(
        "attack",
        Scope.ATTACKING,
        r"\battack",
        "restrict or require {subject}'s attack, or the declaration of attackers",
        ("508.1c", "508.1d"),
        unless=_COMBAT_BOOST_ONLY,
    ),
    _p(
        "block",
        Scope.BLOCKING,
        r"\bblock",
        "restrict or require a block by or of {subject}, or the declaration of blockers",
        ("509.1b", "509.1c"),
        unless=_COMBAT_BOOST_ONLY,
    ),
    # targeting: other objects' grants (an ability's own target words are its own question)
    _p(
        "targeting",
        Scope.TARGETING,
        r"\bhexproof\b|\bshroud\b|\bprotection\b|\btarget|\bward\b",
        "change what can be targeted",
        ("115.1", "702.11b", "702.18a", "702.16b"),
    ),
    # X (CR 107.3)
    _p(
        "x",
        Scope.X_VALUE,
        r"\bwhere X is\b|\bX is\b|\bX can(?:'|’)t\b|\bX (?:must|equals?)\b|\bvalue of X\b|\bX\b[^.]*\bequal to\b|\bchoose\b[^.]*\bX\b",
        "define or limit X",
        ("107.3", "107.3a"),
        forms=(*_STATIC_SPELL, "activated", "triggered", "spell"),
        flags=0,
    ),
)


# An imported keyword ability the parser doesn't know keeps only its name as words
# ("Bestow {4}{B}"): what it does to its own object can't be read, so it could be anything.
UNKNOWN_KEYWORD = _p(
    "unknown-keyword",
    Scope.TYPES,  # replaced by the scope asked about
    r".",
    "do anything to {subject}: mtgrules doesn't know what this keyword does",
    ("702.1",),
)


# (id(ability), id(card), own) -> (ability, card, the patterns): an ability and its card are
# immutable, so what their words match never changes; both are kept beside the value so an
# id reused by another object is never mistaken for it (as model/state.py's per_state does)
_MATCHED: dict[tuple[int, int, bool], tuple[Ability, CardDef, tuple[TextPattern, ...]]] = {}
_MATCHED_MAX = 50_000  # forgotten all at once past this (a long batch of many cards)


def matching(ability: Ability, card: CardDef, own: bool) -> list[TextPattern]:
    """The patterns an unread ability's words match (in a form where they matter), worked
    out once per ability and card: every state of a play-out asks it again."""
    key = (id(ability), id(card), own)
    hit = _MATCHED.get(key)
    if hit is not None and hit[0] is ability and hit[1] is card:
        return list(hit[2])  # a list of its own: callers add to it
    how = form(ability, card)
    words = words_of(ability)
    found = tuple(
        p for p in TEXT_PATTERNS if how in p.forms and (own or not p.own) and p.search(words)
    )
    if len(_MATCHED) >= _MATCHED_MAX:
        _MATCHED.clear()
    _MATCHED[key] = (ability, card, found)
    return list(found)
