"""Oracle templates for whole abilities, read into the card vocabulary.

Every reader takes one ability paragraph (reminder text removed) and the
expression for the card's references to itself, and returns an
:class:`~mtgrules.cards.vocabulary.Ability` or ``None`` when the paragraph is
not exactly one of its templates. The templates are the ones the rules modules
reason about:

* activated abilities "COST: EFFECT" (CR 602) with the restrictions
  "Activate only as a sorcery / once each turn / during your turn" (602.5b, 602.5d);
* loyalty abilities "+N: EFFECT" (606);
* mana effects in those (106.1, 106.7, 605.1a);
* triggered abilities on the events the engine tracks: this permanent entering
  (603.6a), dying, attacking, dealing combat damage to a player (510.2), becoming
  tapped or tapped for mana; your upkeep and end step; lands or enchanted lands tapped
  for mana (106.12a, 605.1b); with an intervening "if" clause (603.4) kept in words;
* replacement effects on mana (106.12b, 614.1a);
* other creatures entering as a copy of this one or of a named card (614.12),
  characteristic-defining power and toughness (604.3) ("enter as a copy" and "enters
  with N counters", 614.1c and 707.5, are read by :func:`mtgrules.cards.oracle.abilities.read_enters`,
  whose exceptions read whole abilities);
* additional and alternative casting costs (118.8, 118.9).

A non-mana effect is kept in the card's own words (from the imported data,
never stored in the project); only whether it targets (115) and whether it
touches a library (605.1a) are read from it.
"""

from __future__ import annotations

import re
from dataclasses import replace

from mtgrules import lazyre
from mtgrules.cards.copying import (
    CARD_TYPES,
    ENTERING,
    DefinesPT,
    OthersEnterAsCopy,
)
from mtgrules.cards.creature_types import CREATURE_TYPES
from mtgrules.cards.mana import parse_symbols
from mtgrules.cards.mana_effects import Mana
from mtgrules.cards.oracle.costs import (
    SELF,
    SelfRefs,
    read_cost,
    read_mana,
)
from mtgrules.cards.oracle.mana import (
    read_board_mana,
    read_color_of,
    read_instead,
    read_mana_trigger,
)
from mtgrules.cards.oracle.target_nouns import IMPLIED_TARGET
from mtgrules.cards.oracle.trigger_events import A_STEP, SELF_TRIGGERS, STEP_WHOSE, STEP_WORDS
from mtgrules.cards.vocabulary import (
    BOAST_CONDITION,
    EXEMPT_PLURALS,
    Ability,
    AbilityKind,
    CastingCost,
    Cost,
    Effect,
    LegendRuleExemption,
    Replacement,
    TriggerEvent,
)

_RESTRICTIONS = {
    "Activate only as a sorcery.": "sorcery",
    "Activate only as an instant.": "instant",
    "Activate only once each turn.": "once",
    "Activate only during your turn.": "your_turn",
}
_TARGETS = lazyre.compile(r"\btargets?\b", re.IGNORECASE)
_LIBRARY = lazyre.compile(r"\blibrar(?:y|ies)\b|\bdraws?\b|\bmills?\b", re.IGNORECASE)
_ADDS = lazyre.compile(r"\badds?\b", re.IGNORECASE)


def _effect(text: str, refs: SelfRefs) -> Effect | None:
    """An effect: a modeled mana form, perhaps followed by sentences that add no mana
    ("Add {R} or {G}. This land deals 1 damage to you."), or sentences that surely add none."""
    body = text[:-1] if text.endswith(".") else text
    if (chosen := read_color_of(body)) is not None:
        return Effect(adds_mana=chosen)
    first, dot, rest = body.partition(". ")
    mana = _read_any_mana(first)
    if mana is not None:
        if not dot:
            return Effect(adds_mana=replace(mana, depends=refs.restore(mana.depends)))
        read = _mana_riders(mana, rest, refs)
        if read is not None:  # the sentences after "Add ..." were about the mana itself
            return Effect(adds_mana=replace(read, depends=refs.restore(read.depends)))
        if mana.depends:
            return None  # more sentences next to an amount mtgrules doesn't compute
        more = _effect(rest + ".", refs)
        if more is None or more.adds_mana is not None or _TARGETS.search(rest):
            return None
        if re.search(r"\bSpend this mana\b|\bmana\b", rest, re.IGNORECASE):
            return None  # a restriction or rider on the mana itself is not modeled
        return Effect(adds_mana=mana, does=more.does, moves_library=more.moves_library)
    if _ADDS.search(text) or "\n" in text:
        return None  # might add mana in a form not modeled, or is modal
    # An effect that moves the card itself between other zones tells where it works from.
    if re.search(rf"{SELF}[^.]* from your (?:graveyard|hand)", text):
        return None
    return Effect(does=refs.restore(body), moves_library=bool(_LIBRARY.search(text)))


# Sentences after "Add ..." about spending that mana (CR 106.6): kept in the card's words.
_RIDER_START = r"(?:Spend this mana only|(?:If|When) (?:that|this) mana is spent|(?:If|When) you spend this mana)\b"
_RIDER = lazyre.compile(rf"^{_RIDER_START}[^.]*(?:\. (?:Spend this mana only|Use)\b[^.]*)*$")
_RIDER_WORDS = lazyre.compile(rf"{_RIDER_START}[^.]*")
# "If [condition], add ... instead": the amount or type depends on the condition.
_INSTEAD = lazyre.compile(r"^If [^.]+, (?:add [^.]+ instead|instead add [^.]+)$")


def _mana_riders(mana: Mana, rest: str, refs: SelfRefs) -> Mana | None:
    """The mana with the sentences after "Add ..." that qualify it: a rider on spending
    it (CR 106.6), or "If ..., add ... instead" (the amount then depends on the board);
    None if they are something else."""
    if _RIDER.match(rest) and not _TARGETS.search(rest):
        return replace(mana, rider=refs.restore(rest) + ".")
    if _INSTEAD.match(rest):
        whole = f"{mana.render()}. {rest}"
        return read_instead(mana, rest, whole, _read_any_mana) or Mana(depends=whole)
    return None


def _read_any_mana(text: str) -> Mana | None:
    """An "Add ..." sentence: the forms the board decides (cards/oracle/mana.py), then the rest."""
    return read_board_mana(text) or read_mana(text)


# Ability words (the list in CR 207.2c) that may begin an activated ability.
ABILITY_WORDS = frozenset(
    {
        "adamant",
        "addendum",
        "alliance",
        "battalion",
        "bloodrush",
        "celebration",
        "channel",
        "chroma",
        "cohort",
        "constellation",
        "converge",
        "coven",
        "delirium",
        "disappear",
        "domain",
        "eerie",
        "eminence",
        "enrage",
        "fateful hour",
        "ferocious",
        "flurry",
        "formidable",
        "grandeur",
        "hellbent",
        "heroic",
        "imprint",
        "infusion",
        "inspired",
        "join forces",
        "kinship",
        "landfall",
        "lieutenant",
        "magecraft",
        "metalcraft",
        "morbid",
        "opus",
        "pack tactics",
        "paradox",
        "parley",
        "radiance",
        "raid",
        "rally",
        "renew",
        "repartee",
        "revolt",
        "spell mastery",
        "strive",
        "survival",
        "sweep",
        "tempting offer",
        "threshold",
        "undergrowth",
        "valiant",
        "vivid",
        "void",
    }
)
_ABILITY_WORD = lazyre.compile(r"^(?P<word>[A-Z][a-z]+(?: [a-z]+)?) — (?=[{A-Z])")
_CONDITION = lazyre.compile(r" (?P<c>Activate only if [^.]+)\.$")


def read_activated(refs: SelfRefs) -> Ability | None:
    """``{1}, {T}: Draw a card. Activate only as a sorcery.`` (CR 602.1)."""
    line = refs.line
    word = _ABILITY_WORD.match(line)
    boast = word is not None and word.group("word") == "Boast"
    if word is not None and word.group("word").lower() not in ABILITY_WORDS and not boast:
        word = None
    if word is not None:  # an ability word has no rules meaning (CR 207.2c); boast has
        line = line[word.end() :]
    head, sep, effect_text = line.partition(": ")
    if not sep or '"' in head or "“" in head:
        return None
    found = read_cost(head)
    if found is None:
        return None
    cost, zone = found
    restrictions = set()
    condition = ""
    while True:
        if not condition and (found_if := _CONDITION.search(effect_text)):
            condition = refs.restore(found_if.group("c"))
            effect_text = effect_text[: found_if.start()]
            continue
        for sentence, what in _RESTRICTIONS.items():
            if effect_text.endswith(" " + sentence):
                effect_text = effect_text[: -len(sentence) - 1]
                restrictions.add(what)
                break
        else:
            break
    if re.search(r"\bactivate", _RIDER_WORDS.sub("", effect_text), re.IGNORECASE):
        return None  # a restriction the engine doesn't model
    effect = _effect(effect_text, refs)
    if effect is None:
        return None
    timing = next((t for t in ("sorcery", "instant") if t in restrictions), None)
    if boast:  # CR 702.142a: only if this creature attacked this turn, and once each turn
        if condition:
            return None
        condition, restrictions = BOAST_CONDITION, restrictions | {"once"}
    return Ability(
        AbilityKind.ACTIVATED,
        cost=cost,
        effect=effect,
        targets=bool(_TARGETS.search(effect_text)),
        timing=timing,
        once_each_turn="once" in restrictions,
        only_your_turn="your_turn" in restrictions,
        zone=zone,
        condition=condition,
        ability_word=word.group("word") if word is not None else "",
    )


_LOYALTY = lazyre.compile(r"^\[?(?P<sign>[+−-]?)(?P<n>\d+)\]?: (?P<effect>.+)$")


def read_loyalty(refs: SelfRefs) -> Ability | None:
    """``+1: ...``, ``−3: ...``, ``0: ...`` (CR 606)."""
    found = _LOYALTY.match(refs.line)
    if found is None:
        return None
    n = int(found.group("n"))
    if found.group("sign") in ("−", "-"):
        n = -n
    elif found.group("sign") == "" and n != 0:
        return None
    effect = _effect(found.group("effect"), refs)
    if effect is None:
        return None
    return Ability(
        AbilityKind.LOYALTY,
        cost=Cost(loyalty=n),
        effect=effect,
        targets=bool(_TARGETS.search(found.group("effect"))),
    )


# After the first comma of an intervening "if" the effect must begin, not a condition that
# goes on: a list ("a Forest, a Plains, and an Island, ..."), adjectives ("nonland, nontoken
# permanents"), another card's name with a comma ("Titania, Voice ..."). So the effect
# begins with the card itself or a word that begins effects, and has no ", and"/", or" list.
EFFECT_START = lazyre.compile(
    rf"^(?:{SELF}|(?:you|your|it|its|he|she|they|this|that|target|each|all|other|the|there"
    r"|defending|creatures|for|until|create|draw|return|put|destroy|sacrifice|tap|untap"
    r"|transform|exile|search|remove|gain|look|reveal|choose|venture|seek|conjure|abandon"
    r"|copy|learn|surveil|attach|double|discard|shuffle|scry|discover|flip|mill|counter"
    r"|get|scatter|start|announce)\b)"
)
LIST_GOES_ON = lazyre.compile(r".*, (?:and|or) ")


def read_triggered(
    refs: SelfRefs, extra: tuple[tuple[re.Pattern[str], TriggerEvent], ...] = ()
) -> Ability | None:
    """A triggered ability on one of the events the engine tracks (CR 603); ``extra``
    trigger conditions are tried after its own (oracle.py: a group's entering)."""
    line = refs.line
    mana_trigger = read_mana_trigger(line)  # CR 106.12a, 605.1b
    if mana_trigger is not None:
        trigger, event, mana = mana_trigger
        return Ability(
            AbilityKind.TRIGGERED,
            trigger=refs.restore(trigger),
            effect=Effect(adds_mana=mana),
            event=event,
        )
    word = _WORD_BEFORE_TRIGGER.match(line)  # "Rally — Whenever ...": no rules meaning
    if word is not None:
        line = line[word.end() :]
    for pattern, event in (*SELF_TRIGGERS, *extra):
        found = pattern.match(line)
        if found is None:
            continue
        if event is A_STEP:
            step, who = STEP_WORDS[found["step"]], STEP_WHOSE[found["who"]]
            event = TriggerEvent("beginning_of", what=step, whose=who)
        rest = line[found.end() :]
        condition = ""
        if rest.startswith("if "):
            # an intervening "if" clause (CR 603.4): kept in the card's words; one without
            # a comma of its own, so where it ends is sure
            clause = re.match(r"^if (?P<c>[^,\"“]+), (?P<rest>.+)$", rest)
            effect_start = clause.group("rest") if clause is not None else ""
            if not EFFECT_START.match(effect_start) or LIST_GOES_ON.match(
                effect_start.split(". ")[0]
            ):
                return None
            condition, rest = refs.restore(clause.group("c")), clause.group("rest")
        if rest.endswith(('."', ".”")):
            text = rest  # its last sentence ends inside a quoted ability: kept whole
        elif rest.endswith("."):
            text = rest[:-1]
        else:
            return None
        effect = _effect(text, refs) or _token_with_mana_ability(text, refs)
        if effect is None or effect.adds_mana is not None:
            return None
        return Ability(
            AbilityKind.TRIGGERED,
            trigger=refs.restore(found.group(1)),
            text=effect.does,
            effect=Effect(
                does=effect.does[:1].upper() + effect.does[1:], moves_library=effect.moves_library
            ),
            # earthbend and support target without the word (CR 701.66a, 701.41a)
            targets=bool(_TARGETS.search(text) or IMPLIED_TARGET.search(text)),
            event=event,
            refers_to_x=bool(re.search(r"\bX\b", text)),
            intervening_if=condition,
            ability_word=refs.restore(word.group(1)) if word is not None else "",
        )
    return None


_QUOTES = lazyre.compile(r"\"[^\"]*\"|“[^”]*”")
# "create a ... token with "{T}: Add {C}."", "create a ... token. It has "...: Add {C}."":
# the quoted mana ability is the token's (CR 111.1, 605.1a); the triggered ability adds none
_CREATES_TOKEN = lazyre.compile(
    r"^create (?:(?!\bgains?\b|\bha(?:s|ve)\b|\badds?\b)[^.])*\btokens?\b"
    r"(?:(?!\bgains?\b|\bha(?:s|ve)\b|\badds?\b)[^.])*"
    r"(?:\. (?:It has|They have|The token has|The tokens have) \"\"(?: and \"\")*)?\.?$"
)


def _token_with_mana_ability(text: str, refs: SelfRefs) -> Effect | None:
    """A triggered ability's effect that creates a token with a mana ability in quotes: kept in
    the card's words, adding no mana itself; None for anything else."""
    blanked = _QUOTES.sub('""', text)
    if not _CREATES_TOKEN.match(blanked):
        return None
    rest = _effect(blanked, refs)
    if rest is None or rest.adds_mana is not None:
        return None
    body = text[:-1] if text.endswith(".") else text
    return Effect(does=refs.restore(body), moves_library=bool(_LIBRARY.search(text)))


# An ability word or flavor word before a triggered ability (CR 207.2c-d): a few words and
# a dash, with no rules meaning.
_WORD_BEFORE_TRIGGER = lazyre.compile(
    r"^([A-Z][\w'’-]*(?: [\w'’-]+){0,3}[?!]?) — (?=When|Whenever)"
)


_MULTIPLY = {"twice": 2, "three times": 3}
_REPLACE_MULTIPLY = lazyre.compile(
    r"^If you tap a permanent for mana, it produces (?P<m>twice|three times) as much of that mana instead\.$"
)
_REPLACE_INSTEAD = lazyre.compile(
    r"^If a land is tapped for mana, it produces (?P<s>\{[WUBRGC]\}) instead of any other type and amount\.$"
)


def read_replacement(refs: SelfRefs) -> Ability | None:
    """Replacement effects on a permanent tapped for mana (CR 106.12b, 614.1a)."""
    line = refs.line
    if found := _REPLACE_MULTIPLY.match(line):
        event = TriggerEvent("tapped_for_mana", what="permanent", whose="you")
        r = Replacement(tapped_for_mana=event, multiply=_MULTIPLY[found.group("m")])
    elif found := _REPLACE_INSTEAD.match(line):
        event = TriggerEvent("tapped_for_mana", what="land", whose="any")
        r = Replacement(tapped_for_mana=event, instead=parse_symbols(found.group("s")))
    else:
        return None
    return Ability(AbilityKind.STATIC, text=refs.restore(line), replacement=r)


_OTHERS_SUBJECT = {entering.text: key for key, entering in ENTERING.items()}
_OTHERS_ENTER_AS_COPY = lazyre.compile(
    rf"^(?P<who>{'|'.join(map(re.escape, _OTHERS_SUBJECT))})(?: the battlefield)? as a copy of "
    rf"(?:(?P<self>{SELF})|(?P<enchanted>enchanted creature)"
    rf"|(?P<card>[A-Z][\w'-]*(?: (?:of |the )?[A-Z][\w'-]*)*))\.$"
)


def read_others_enter_as_copy(refs: SelfRefs) -> Ability | None:
    """ "Creatures you control enter as a copy of this creature" (Essence of the Wild),
    "Each creature token you control enters ..." (Thunderbond Vanguard), "Other creatures
    you control enter ... as a copy of [a card's name]", "Nontoken creatures you control enter
    as a copy of enchanted creature" (Infinite Reflection; 303.4m) (CR 614.1c, 614.12, 707.5)."""
    found = _OTHERS_ENTER_AS_COPY.match(refs.line)
    if found is None:
        return None
    copy = OthersEnterAsCopy(
        _OTHERS_SUBJECT[found.group("who")],
        found.group("card"),
        of_enchanted=found.group("enchanted") is not None,
    )
    return Ability(AbilityKind.STATIC, others_enter_as_copy=copy)


_DEFINES_PT = lazyre.compile(
    rf"^{SELF}'s power and toughness are each equal to the number of (?P<s>[A-Z][a-z]+|creature|land|artifact|enchantment)s you control\.$"
)


_DEFINES_COUNT = lazyre.compile(
    rf"^{SELF}'s power (?P<both>and toughness are each|is) equal to the number of "
    r"(?P<untapped>untapped )?(?:(?P<color>white|blue|black|red|green) )?(?P<kinds>[A-Za-z, ]+?) "
    r"(?P<where>you control|on the battlefield)\.$"
)
_COUNTED_TYPES = {"artifacts", "creatures", "lands", "enchantments", "planeswalkers", "battles"}


def read_defines_pt(refs: SelfRefs) -> Ability | None:
    """Power and toughness each equal to the number of [subtype] you control, or of
    creatures, lands, artifacts or enchantments you control (CR 604.3); also power alone,
    "untapped" ones, ones of a color ("blue permanents"), a list of card types counted
    once each ("artifacts, creatures, and lands"), and those "on the battlefield"."""
    found = _DEFINES_PT.match(refs.line)
    if found is not None:
        if found.group("s") in CARD_TYPES:
            return None
        return Ability(AbilityKind.STATIC, defines_pt=DefinesPT(found.group("s").capitalize()))
    found = _DEFINES_COUNT.match(refs.line)
    if found is None:
        return None
    words = [w for w in re.split(r",? and |, ", found.group("kinds")) if w]
    kinds: list[str] = []
    for word in words:
        if word in _COUNTED_TYPES:
            kinds.append(word[:-1].capitalize())
        elif word == "permanents" and found.group("color"):
            kinds.append("Permanent")
        elif word[:1].isupper() and word.endswith("s") and word[:-1] in CREATURE_TYPES:
            kinds.append(word[:-1])  # "Clerics" (a regular plural of a creature type)
        else:
            return None
    if len(kinds) > 1 and "Permanent" in kinds:
        return None
    cda = DefinesPT(
        kinds[0],
        also=tuple(kinds[1:]),
        color=found.group("color") or "",
        untapped=bool(found.group("untapped")),
        anyone=found.group("where") == "on the battlefield",
        power_only=found.group("both") == "is",
    )
    return Ability(AbilityKind.STATIC, defines_pt=cda)


def read_casting_cost(refs: SelfRefs) -> Ability | None:
    """ "As an additional cost to cast this spell, ..." / "You may pay ... rather than pay
    this spell's mana cost." (CR 118.8, 118.9)."""
    line = refs.line
    extra = re.match(
        r"^As an additional cost to cast {SELF}, (?P<c>.+)\.$".replace("{SELF}", SELF), line
    )
    alternative = re.match(
        r"^You may pay (?P<c>.+) rather than pay {SELF}'s mana cost\.$".replace("{SELF}", SELF),
        line,
    )
    found = extra or alternative
    if found is None:
        return None
    text = found.group("c")
    read = read_cost(text[:1].upper() + text[1:])
    if read is None or read[1] != "battlefield" or read[0].tap or read[0].untap:
        return None
    if any(p.kind in ("sacrifice_self", "exile_self", "remove_counter") for p in read[0].parts):
        return None
    if extra is not None and not read[0].mana.is_empty:
        return None
    kind = "additional" if extra is not None else "alternative"
    return Ability(AbilityKind.STATIC, casting_cost=CastingCost(kind, read[0]))


_LEGEND_RULE = lazyre.compile(
    r"^The [\"“]legend rule[\"”] doesn't apply"
    r"(?: to (?P<what>permanents|creatures|tokens|creature tokens|[A-Z][a-z]+s) you control)?\.$"
)


def read_legend_rule(refs: SelfRefs) -> Ability | None:
    """ "The "legend rule" doesn't apply [to ... you control]" (CR 704.5j, 101.1)."""
    found = _LEGEND_RULE.match(refs.line)
    if found is None:
        return None
    what = found.group("what")
    if what is None:
        exemption = LegendRuleExemption(whose="any")
    else:
        singular = {v: k for k, v in EXEMPT_PLURALS.items()}.get(what, what[:-1])
        exemption = LegendRuleExemption(what=singular)
    return Ability(AbilityKind.STATIC, legend_rule_exempt=exemption)


_GOADS_SAME_NAME = lazyre.compile(rf"^Other creatures with the same name as {SELF} are goaded\.$")


_UNASKED = {
    "cant_block": lazyre.compile(rf"^{SELF} can(?:'|’)t block\.$"),
    "cant_be_blocked": lazyre.compile(rf"^{SELF} can(?:'|’)t be blocked\.$"),
    "attacks_each_combat": lazyre.compile(rf"^{SELF} attacks each combat if able\.$"),
    "enchanted_doesnt_untap": lazyre.compile(
        r"^Enchanted creature doesn(?:'|’)t untap during its controller(?:'|’)s untap step\.$"
    ),
    "cant_be_countered": lazyre.compile(rf"^{SELF} can(?:'|’)t be countered\.$"),
}


def read_unasked(refs: SelfRefs) -> Ability | None:
    """A whole sentence that only restricts or requires attacking or blocking (CR 508.1c-d,
    509.1b), keeps the enchanted creature tapped (502.3) or keeps this spell from being
    countered (701.6a, 101.2): only the combat questions depend on these, and apply them
    (rules/combat/); no word of them is one the scope index reads for the other questions
    (rules/scope/words.py), so reading them changes no other answer."""
    for key, pattern in _UNASKED.items():
        if pattern.match(refs.line):
            return Ability(AbilityKind.STATIC, unasked_rule=key)
    return None


def read_goad(refs: SelfRefs) -> Ability | None:
    """A static ability goading the other creatures with this one's name (CR 701.15b).
    Goaded only adds attack requirements (508.1d): no question the engine answers
    (casting, activating, mana, entering, characteristics) depends on it."""
    if _GOADS_SAME_NAME.match(refs.line):
        return Ability(AbilityKind.STATIC, goads="other_same_name")
    return None
