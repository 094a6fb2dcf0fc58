"""Oracle templates for the static abilities of :mod:`mtgrules.cards.statics`.

:func:`read_static` reads one ability paragraph as

* a power/toughness change: "[group] get(s) +N/+M [and have/has [keywords]]." (CR 613.4c);
* a keyword grant: "[group] have/has [keywords]." with an optional leading "During your
  turn," / "As long as it's your turn," (CR 613.1f, 604.2);
* an "as though" permission: "You may cast [kinds of] spells as though they had flash.",
  "You may activate abilities of [other] creatures you control as though those creatures
  had haste." (CR 702.8a, 601.3, 702.10c);
* a restriction: "... can't cast [kinds of] spells [from ...] [during your turn / combat]",
  Grand Abolisher's "... or activate abilities of ...", "... can cast spells only ...",
  "... can't cast more than one spell each turn", "... can't play lands", "Activated
  abilities of ... can't be activated", an Aura's "enchanted creature's activated abilities
  can't be activated" (CR 101.2, 601.3, 602.5, 305.1).

Groups, keywords and spell kinds are read only from the words :mod:`mtgrules.cards.statics`
lists. Every reading is checked by rendering it back: an ability is returned only when
its rendering is the paragraph itself (the card's references to itself aside), so a
clause the templates don't hold leaves the paragraph not modeled.
"""

from __future__ import annotations

import re

from mtgrules import lazyre
from mtgrules.cards.oracle.costs import SELF, SelfRefs
from mtgrules.cards.static_permissions import FROM_ZONES, NOT_ALSO, Permission, Restriction
from mtgrules.cards.statics import (
    BASIC_LAND_TYPES,
    COLOR_ADJECTIVES,
    GRANTABLE_KEYWORDS,
    GROUP_REQUIREMENTS,
    SPELL_QUALITIES,
    SUBTYPES,
    TYPE_WORDS,
    Boost,
    ColorSetting,
    Group,
    KeywordGrant,
    TypeAddition,
    singular,
)
from mtgrules.cards.vocabulary import Ability, AbilityKind

_WHO = {
    "you": "you",
    "your opponents": "opponents",
    "each opponent": "each_opponent",
    "players": "players",
    "each player": "each_player",
}
_WHO_WORDS = "You|Your opponents|Each opponent|Players|Each player"
_SELF_WORDS = "this permanent"


def _canonical(refs: SelfRefs) -> str:
    """The paragraph with its references to the card as the vocabulary renders them."""
    line = re.sub(rf"^{SELF}", "This permanent", refs.line)
    return re.sub(SELF, _SELF_WORDS, line)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _list(text: str) -> list[str]:
    """ "a", "a and b", "a, b, and c" (also with "or")."""
    return [w for w in re.split(r",? (?:and|or) |, ", text) if w]


def read_group(text: str, qualifiers: bool = False) -> Group | None:
    """A group as the subject of a sentence ("Other Elves you control", "Enchanted
    creature"), or None when a word isn't one :mod:`mtgrules.cards.statics` reads.
    ``qualifiers``: also "... with a +1/+1 counter on it", "... named Wastes" (for the
    boosts and grants whose rules check them, rules/statics_in_force.in_group)."""
    text = _capital(text)
    if text == "This permanent":
        return Group(noun="self")
    found = re.fullmatch(r"(Enchanted|Equipped) (creature|permanent|artifact)", text)
    if found:
        return Group(noun=found.group(2), attached=found.group(1).lower())
    found = re.fullmatch(r"([A-Z][a-z]+) cards you own that aren't on the battlefield", text)
    if found:
        noun = found.group(1).lower()
        return Group(noun=noun, cards_not_on_battlefield=True) if noun in TYPE_WORDS else None
    with_counter = named = ""
    if qualifiers and (found := _NAMED.search(text)):
        named, text = found.group("n"), text[: found.start()]
        if _NOT_ONE_NAME.search(named):  # "named A, B, and C", "named A you control"
            return None
    if qualifiers and (found := _WITH_COUNTER.search(text)):
        with_counter, text = found.group("k") or found.group("ks"), text[: found.start()]
    whose = "any"
    for suffix, key in ((" you control", "you"), (" your opponents control", "opponents")):
        if text.endswith(suffix):
            text, whose = text.removesuffix(suffix), key
    words = text.split(" ")
    quantifier = words.pop(0).lower() if words[0] in ("All", "Each") else ""
    words = [words[0].lower() if words and not _is_subtype(words[0]) else words[0], *words[1:]]
    other = bool(words) and words[0] == "other"
    words = words[other:]
    status = words.pop(0) if words and words[0] in ("attacking", "tapped", "untapped") else ""
    nontoken = bool(words) and words[0] == "nontoken"
    words = words[nontoken:]
    if not words:
        return None
    token = None
    if words[-1] in ("tokens", "token") and len(words) >= 2 and words[-2] == "creature":
        token, words = True, words[:-1]
        noun = "creature"
    else:
        noun = _noun(words[-1], quantifier == "each")
    if noun is None:
        return None
    if nontoken:
        token = False
    adjectives = tuple(words[:-1])
    if not all(
        a in ("artifact", "land", "enchantment", "historic")
        or a in SUBTYPES
        or a in COLOR_ADJECTIVES
        or _negated(a)
        for a in adjectives
    ):
        return None
    return Group(
        noun=noun,
        adjectives=adjectives,
        token=token,
        other=other,
        status=status,
        whose=whose,
        quantifier=quantifier,
        with_counter=with_counter,
        named=named,
    )


# A group's qualifier after its noun (rendered back by Group.render, so the number agrees)
_NAMED = lazyre.compile(r" named (?P<n>[A-Z][A-Za-z',-]*(?: [A-Za-z',-]+)*)$")
# words a single card name doesn't end with or hold here: a list of names (CR 201.2 compares
# one name) and the card's own name written as "this ..." among them, or whose it is after it
_NOT_ONE_NAME = lazyre.compile(r",| and | or |\bthis \w+|\bcontrols?$")
_WITH_COUNTER = lazyre.compile(
    r" with (?:an? (?P<k>[a-z0-9+/-]+) counter on it|(?P<ks>[a-z0-9+/-]+) counters on them)$"
)


def _negated(word: str) -> bool:
    """ "nonland", "noncreature", "nonblack", "nonbasic": a group's adjective that leaves out
    a card type (CR 205.2a), a color (105.2) or the basic supertype (205.4c), as
    rules/layers/statics_in_force.in_group checks it."""
    base = word.removeprefix("non")
    return base != word and (base in TYPE_WORDS or base in COLOR_ADJECTIVES or base == "basic")


def _is_subtype(word: str) -> bool:
    return word in SUBTYPES or singular(word) in SUBTYPES


def _noun(word: str, each: bool) -> str | None:
    """The type or subtype a group's last word names: plural, or singular after "each"."""
    if each:
        return word if word in (*TYPE_WORDS, "permanent") or word in SUBTYPES else None
    one = singular(word)
    if one is None or (one[:1].isupper() and one not in SUBTYPES):
        return None
    return one


def spell_kind(kind: str) -> bool:
    """A kind of spell a permission or restriction names: a card type, "non" + a card type,
    a subtype, a quality (historic, colorless, legendary, permanent), or a color word
    before one of those ("green creature", "blue")."""
    words = kind.split(" ")
    if len(words) == 2 and words[0] in COLOR_ADJECTIVES:
        words = words[1:]
    if len(words) != 1:
        return False
    word = words[0]
    if word in COLOR_ADJECTIVES or word in SUBTYPES:
        return True
    base = word.removeprefix("non")
    return base in TYPE_WORDS or base in SPELL_QUALITIES


def _spells(text: str) -> tuple[tuple[str, ...], bool] | None:
    """ "spells" -> (), "creature and enchantment spells", "Dragon spells and artifact
    spells" (each kind with its own noun); None if a kind isn't one read."""
    if text == "spells":
        return (), False
    if not text.endswith(" spells"):
        return None
    parts = _list(text)
    each_noun = len(parts) > 1 and all(p.endswith(" spells") for p in parts)
    kinds = [p.removesuffix(" spells") for p in parts]
    if not each_noun and any(k.endswith(" spells") for k in kinds[:-1]):
        return None
    if kinds and all(spell_kind(k) for k in kinds):
        return tuple(kinds), each_noun
    return None


def read_spells(text: str) -> tuple[tuple[str, ...], bool] | None:
    """The kinds of spells a phrase names, as permissions and restrictions read them (and
    cost changes, :mod:`mtgrules.cards.oracle.cost_changes`): (kinds, each kind with its noun)."""
    return _spells(text)


_GRANT = lazyre.compile(
    r"^(?:(?P<cond>During your turn|As long as it's your turn), )?(?P<subject>.+?) (?:has|have) "
    r"(?P<keywords>[a-z ,]+)\.$"
)
_CONDITION_KEYS = {
    "During your turn": "your_turn",
    "As long as it's your turn": "its_your_turn",
    "During each opponent's end step": "opponents_end_step",
    "During combat": "combat",
}


def _grant(line: str) -> Ability | None:
    found = _GRANT.match(line)
    if found is None:
        return None
    group = read_group(found.group("subject"), qualifiers=True)
    words, requires = found.group("keywords"), ""
    for key, verbs in GROUP_REQUIREMENTS.items():  # CR 113.1a, 508.1d: no ability granted
        if words.endswith(f" and {verbs[1]}") or words.endswith(f" and {verbs[0]}"):
            words, requires = words.rsplit(" and ", 1)[0], key
    keywords = tuple(_list(words))
    if group is None or not keywords or not all(k in GRANTABLE_KEYWORDS for k in keywords):
        return None
    if ("flash" in keywords) != group.cards_not_on_battlefield:
        return None  # flash matters only to cards that could be cast; nothing else to them
    during = _CONDITION_KEYS.get(found.group("cond") or "", "")
    if group.noun == "self" and not during:
        return None
    grant = KeywordGrant(group, keywords, during, requires=requires)
    return Ability(AbilityKind.STATIC, grant=grant)


_BOOST = lazyre.compile(
    r"^(?:(?P<cond>During your turn|As long as it's your turn), )?(?P<subject>.+?) gets? "
    r"(?P<power>[+-]\d{1,3})/(?P<toughness>[+-]\d{1,3})(?: and (?:has|have) (?P<keywords>[a-z ,]+?))?"
    r"(?: for each (?P<each>[^.]+?)| as long as you control (?P<article>an?|another) (?P<control>[^.]+?))?\.$"
)


def counted_group(text: str, other: bool = False, qualifiers: bool = False) -> Group | None:
    """ "other Rat you control" (after "for each") as a group of permanents you control."""
    group = read_group(f"Each {'other ' if other else ''}{text}", qualifiers)
    if group is None or group.whose != "you" or group.attached or group.cards_not_on_battlefield:
        return None
    return group


def _boost(line: str) -> Ability | None:
    """ "[group] get(s) +N/+M[ and have/has KEYWORDS]." (CR 613.4c, 613.1f)."""
    found = _BOOST.match(line)
    if found is None:
        return None
    group = read_group(found.group("subject"), qualifiers=True)
    keywords = tuple(_list(found.group("keywords") or ""))
    if group is None or group.cards_not_on_battlefield:
        return None
    if not all(k in GRANTABLE_KEYWORDS and k != "flash" for k in keywords):
        return None
    during = _CONDITION_KEYS.get(found.group("cond") or "", "")
    for_each = while_control = None
    if found.group("each"):
        for_each = counted_group(found.group("each"), qualifiers=True)
        if for_each is None or keywords:
            return None
    if found.group("control"):
        another = found.group("article") == "another"
        while_control = counted_group(
            f"{found.group('control')} you control", another, qualifiers=True
        )
        if while_control is None or keywords:
            return None  # its keywords would be a conditional grant, which isn't read
    if group.noun == "self" and not (during or for_each or while_control):
        return None  # its own unconditional +N/+M is part of what it is printed with
    power, toughness = int(found.group("power")), int(found.group("toughness"))
    boost = Boost(group, power, toughness, keywords, during, for_each, while_control)
    return Ability(AbilityKind.STATIC, boost=boost, grant=boost.grant)


_FLASH = lazyre.compile(
    r"^(?:(?P<cond>During your turn|During each opponent's end step), )?"
    r"(?P<who>You|Any player|Players) may cast (?P<spells>.+?) as though they had flash\.$",
    re.IGNORECASE,
)
_HASTE = lazyre.compile(
    r"^You may activate abilities of (?P<group>.+) as though those creatures had haste\.$"
)


def _permission(line: str) -> Ability | None:
    found = _HASTE.match(line)
    if found is not None:
        group = read_group(found.group("group"))
        if group is None or group.noun != "creature" or group.whose != "you" or group.quantifier:
            return None
        return Ability(AbilityKind.STATIC, permission=Permission("haste", group=group))
    found = _FLASH.match(line)
    if found is None:
        return None
    spells = _spells(found.group("spells"))
    if spells is None:
        return None
    who = {"you": "you", "any player": "any", "players": "players"}[found.group("who").lower()]
    cond = found.group("cond")
    during = _CONDITION_KEYS[_capital(cond)] if cond else ""
    permission = Permission("flash", who=who, spells=spells[0], each_noun=spells[1], during=during)
    return Ability(AbilityKind.STATIC, permission=permission)


_CAST = lazyre.compile(
    rf"^(?:(?P<lead>During your turn), )?(?P<who>{_WHO_WORDS}) can't cast (?P<spells>.*?spells)"
    r"(?: from (?P<from>[a-z ,]+?))?(?: during (?P<during>your turn|combat))?"
    r"(?: or activate abilities of (?P<types>[a-z ,]+))?\.$",
    re.IGNORECASE,
)
_CAST_ONLY = lazyre.compile(
    rf"^(?P<who>{_WHO_WORDS}) can cast spells only "
    r"(?P<when>any time they could cast a sorcery|during their own turns|during your turn)\.$"
)
_CAST_COUNT = lazyre.compile(
    rf"^(?P<who>{_WHO_WORDS}) can't cast more than one (?:(?P<kind>[a-z]+) )?spell each turn\.$"
)
_PLAY_LANDS = lazyre.compile(rf"^(?P<who>{_WHO_WORDS}) can't play lands\.$")
_ACTIVATE = lazyre.compile(
    r"^Activated abilities of (?P<types>[a-z ,]+?)(?P<whose> your opponents control)? "
    r"can't be activated(?P<unless> unless they're mana abilities)?\.$"
)
_ATTACHED = lazyre.compile(
    r"^(?P<what>(?:Enchanted|Equipped) (?:creature|permanent|artifact))"
    r"(?:'s activated abilities can't be activated| can't (?P<also>attack or block|block|attack),"
    r" and its activated abilities can't be activated)(?P<unless> unless they're mana abilities)?\.$"
)
_FROM = {words: key for key, words in FROM_ZONES.items()}


def _types(text: str) -> tuple[str, ...] | None:
    """ "artifacts, creatures, or enchantments" -> ("artifact", "creature", "enchantment")."""
    found = [singular(w) for w in _list(text)]
    if found and all(t in TYPE_WORDS for t in found):
        return tuple(t for t in found if t is not None)
    return None


def _restriction(line: str) -> Ability | None:
    restriction = _read_restriction(line)
    return Ability(AbilityKind.STATIC, restriction=restriction) if restriction else None


def _read_restriction(line: str) -> Restriction | None:
    found = _CAST.match(line)
    if found is not None:
        spells = _spells(found.group("spells"))
        if spells is None or spells[1]:
            return None
        zones: tuple[str, ...] = ()
        if found.group("from"):
            keys = [_FROM.get(w) for w in _list(found.group("from"))]
            if found.group("from") in _FROM:
                keys = [_FROM[found.group("from")]]
            if not keys or None in keys:
                return None
            zones = tuple(k for k in keys if k is not None)
        also: tuple[str, ...] = ()
        if found.group("types"):
            read = _types(found.group("types"))
            if read is None:
                return None
            also = read
        lead = bool(found.group("lead"))
        during = (
            "your_turn"
            if lead
            else {"your turn": "your_turn", "combat": "combat"}.get(
                (found.group("during") or "").lower(), ""
            )
        )
        return Restriction(
            "cast",
            who=_WHO[found.group("who").lower()],
            spells=spells[0],
            from_zones=zones,
            during=during,
            leading=lead,
            also_activate=also,
        )
    found = _CAST_ONLY.match(line)
    if found is not None:
        only = "sorcery" if found.group("when").endswith("sorcery") else "own_turn"
        return Restriction("cast_only", who=_WHO[found.group("who").lower()], only=only)
    found = _CAST_COUNT.match(line)
    if found is not None:
        kind = found.group("kind")
        if kind is not None and not spell_kind(kind):
            return None
        return Restriction(
            "cast_count",
            who=_WHO[found.group("who").lower()],
            spells=(kind,) if kind else (),
            per_turn=1,
        )
    found = _PLAY_LANDS.match(line)
    if found is not None:
        return Restriction("play_lands", who=_WHO[found.group("who").lower()])
    found = _ACTIVATE.match(line)
    if found is not None:
        types = _types(found.group("types"))
        if types is None:
            return None
        return Restriction(
            "activate",
            who="players",
            of_types=types,
            whose="opponents" if found.group("whose") else "any",
            unless_mana=bool(found.group("unless")),
        )
    found = _ATTACHED.match(line)
    if found is not None and (found.group("also") or "") in ("", *NOT_ALSO):
        return Restriction(
            "activate",
            who="players",
            attached=found.group("what").lower(),
            unless_mana=bool(found.group("unless")),
            also=found.group("also") or "",
        )
    return None


_COLORS = lazyre.compile(
    r"^(?P<subject>All [^.]+?) are (?P<color>colorless|white|blue|black|red|green)\.$"
)


def _colors(line: str) -> Ability | None:
    """ "All Slivers are colorless.", "All creatures are black." (CR 613.1e, 105.2c): the
    colors of every permanent of the group, set in layer 5."""
    found = _COLORS.match(line)
    if found is None:
        return None
    group = read_group(found.group("subject"))
    if group is None or group.quantifier != "all" or group.attached or group.noun == "self":
        return None
    if any(a in COLOR_ADJECTIVES for a in group.adjectives):
        return None  # who is in the group would depend on this very layer (CR 613.8a)
    color = found.group("color")
    colors = () if color == "colorless" else (COLOR_ADJECTIVES[color],)
    return Ability(AbilityKind.STATIC, sets_colors=ColorSetting(group, colors))


_LAND_TYPE = lazyre.compile(
    r"^Each land is an? (?P<t>[A-Z][a-z]+) in addition to its other land types\.$"
)


def _land_type(line: str) -> Ability | None:
    """ "Each land is a Forest in addition to its other land types." (CR 613.1d, 305.7)."""
    found = _LAND_TYPE.match(line)
    if found is None or found.group("t") not in BASIC_LAND_TYPES:
        return None
    group = Group(noun="land", whose="any", quantifier="each")
    return Ability(AbilityKind.STATIC, adds_types=TypeAddition(group, found.group("t")))


_LAND_TYPE_SET = lazyre.compile(
    r"^Nonbasic lands are (?P<t>Plains|Islands|Swamps|Mountains|Forests)\.$"
)


def _land_type_set(line: str) -> Ability | None:
    """ "Nonbasic lands are Mountains." (CR 613.1d, 305.7, 205.4c): every nonbasic land's
    land type is set to that basic land type."""
    found = _LAND_TYPE_SET.match(line)
    if found is None:
        return None
    t = found.group("t")
    subtype = t if t == "Plains" else t[:-1]
    group = Group(noun="land", adjectives=("nonbasic",), whose="any")
    return Ability(AbilityKind.STATIC, adds_types=TypeAddition(group, subtype, sets=True))


def read_static(refs: SelfRefs) -> Ability | None:
    """A power/toughness change, a keyword grant, an "as though" permission or a restriction,
    read exactly; or None."""
    line = _canonical(refs)
    for read in (_boost, _grant, _permission, _restriction, _colors, _land_type, _land_type_set):
        ability = read(line)
        if ability is not None and ability.render() == line:
            return ability
    return None
