"""Abilities from Oracle text, for the templates the engine models.

Imported cards carry their Oracle text; the engine needs abilities as
structured data (:mod:`mtgrules.cards.vocabulary`). This parser reads the
templates the rules modules implement and nothing else:

- keyword lines (``Flying, haste``): each keyword is one ability (CR 702.1);
  keywords judged by name (flying, haste, flash, defender, changeling, ...) and
  keywords with a mana cost the engine expands (plot, embalm, eternalize, ...)
  (:mod:`mtgrules.cards.oracle.keywords`);
- activated, loyalty, triggered, replacement, "others enter as a copy",
  characteristic-defining and casting-cost templates
  (:mod:`mtgrules.cards.oracle.templates`), with costs and mana effects read by
  :mod:`mtgrules.cards.oracle.costs`;
- "you may have this enter as a copy of ..., except ...", "enters with N counters"
  and "enters tapped" (:func:`read_enters`, in this module: a copy effect's
  exceptions may grant an ability written in quotes, which the whole reader reads,
  so that template and the reader's loop recurse into each other and live together,
  with :data:`READERS`, the order in which the templates are tried).

Both current wording ("this creature enters") and older wording ("enters the
battlefield", the card's own name) are read. Reminder text (in parentheses) is
not an ability (CR 207.2a). Every other ability becomes
``AbilityKind.UNMODELED`` with a short description in the project's own words
(never the card's text), so an answer depending on it is unsupported instead of
guessed. Each parsed ability renders back (``Ability.render()``) to its Oracle
wording; tests compare the two over whole card corpora.

>>> [a.render() for a in parse_abilities("Flying, haste", ("Flying", "Haste"))]
['Flying', 'Haste']
>>> parse_abilities("{T}: Add {G}.")[0].effect.adds_mana.fixed
('G',)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from mtgrules import lazyre
from mtgrules.cards.copying import (
    COPY_CHOICES,
    COPY_CONDITIONS,
    EMBALM_EXCEPTIONS,
    CopyExceptions,
    EntersAsCopy,
    EntersWithCounters,
    ExtraCounters,
    unnumbered,
)
from mtgrules.cards.oracle.cast_windows import read_cast_window
from mtgrules.cards.oracle.conditions import read_conditional_static, read_counted_boost
from mtgrules.cards.oracle.cost_changes import read_cost_change
from mtgrules.cards.oracle.costs import SELF, SelfRefs, number, self_pattern
from mtgrules.cards.oracle.group_entering import read_group_entering
from mtgrules.cards.oracle.keywords import (
    COST_KEYWORDS,
    NAMED_KEYWORDS,
    keyword_line,
)
from mtgrules.cards.oracle.levels import level_bars, read_level_bar
from mtgrules.cards.oracle.modal_triggers import read_modal_triggered
from mtgrules.cards.oracle.paragraphs import ability_lines, die_table, unmodeled, with_table
from mtgrules.cards.oracle.statics import read_group, read_static
from mtgrules.cards.oracle.targets import spell_ability, targets_of_line
from mtgrules.cards.oracle.templates import (
    read_activated,
    read_casting_cost,
    read_defines_pt,
    read_goad,
    read_legend_rule,
    read_loyalty,
    read_others_enter_as_copy,
    read_replacement,
    read_triggered,
    read_unasked,
)
from mtgrules.cards.statics import ControlUnless, Group, KeywordGrant
from mtgrules.cards.vocabulary import Ability, AbilityKind


def parse_abilities(
    text: str | None,
    keywords: Iterable[str] = (),
    types: Iterable[str] = (),
    name: str = "",
    short: str = "",
) -> tuple[Ability, ...]:
    """The abilities of one face's Oracle text, in Oracle order.

    ``keywords`` are the face's keywords as the data lists them (they tell a
    keyword line from other text); ``types`` its card types (an instant's or
    sorcery's text is its spell effect, not an ability on the battlefield);
    ``name`` the face's name, which its text uses to refer to itself, and ``short`` the
    shortened name a legendary card may use (:func:`~mtgrules.cards.oracle.costs.short_name`).
    """
    return tuple(a for _, found in parse_lines(text, keywords, types, name, short) for a in found)


def parse_lines(
    text: str | None,
    keywords: Iterable[str] = (),
    types: Iterable[str] = (),
    name: str = "",
    short: str = "",
) -> list[tuple[str, list[Ability]]]:
    """Each ability paragraph with the abilities read from it (see :func:`parse_abilities`)."""
    known = {k.lower() for k in keywords} | NAMED_KEYWORDS | COST_KEYWORDS
    spell = bool({"Instant", "Sorcery"} & set(types))
    out: list[tuple[str, list[Ability]]] = []
    levels = False  # past a Class's first level bar (CR 716.2a)
    lines = ability_lines(text or "")
    bars = dict(level_bars(lines))  # a leveler's striations, start -> end (CR 711.2)
    skip = unread_until = 0
    for i, line in enumerate(lines):
        if i < skip:
            continue
        if i in bars:
            read = read_level_bar(lines[i : bars[i]], known)
            if read is not None:  # CR 711.2a-b: one static ability, the striation's paragraphs
                out.append((read.oracle, [read]))
                skip = bars[i]
                continue
            unread_until = bars[i]
        if i < unread_until:  # printed in a striation not read: it works only at those levels
            out.append((line, [replace(unmodeled(line, spell), oracle=line)]))
            continue
        line, rows = die_table(line)  # CR 706.2: a die-roll table is read with its ability
        if CLASS_LEVEL.match(line):
            # CR 716.2, 716.2a: a class level bar is a keyword ability (an activated ability
            # usable as a sorcery at the level below, and a static "as long as it is level
            # N" ability holding the abilities printed under it), which mtgrules doesn't read
            levels = True
            out.append(
                (line, [Ability(AbilityKind.UNMODELED, text=CLASS_LEVEL_LABEL, oracle=line)])
            )
            continue
        found = keyword_line(line, known) if not levels else None
        if found is None:
            # under a class level bar, an ability works only at that level (716.2a): unread
            ability = parse_line(line, name, short) if not levels else None
            found = [ability if ability is not None else unmodeled(line, spell)]
        found = targets_of_line(line, found, spell)  # CR 115.1, 601.2c, 602.2b, 303.4a
        if spell:  # CR 113.3a: a paragraph that is surely the spell ability
            found = [spell_ability(line, a) for a in found]
        if rows:
            found = [with_table(a, line, rows, spell) for a in found]
            line = f"{line}\n{rows}"
        out.append((line, [replace(a, oracle=line) for a in found]))
    return out


# "{1}{U}{B}: Level 2" (CR 716.2): its label makes the scope index read it as an unknown
# keyword of its own object
CLASS_LEVEL = lazyre.compile(r"^(?:\{[^}]+\})+: Level \d+$")
CLASS_LEVEL_LABEL = "not modeled: keyword ability (class level bar)"


def parse_line(line: str, name: str = "", short: str = "") -> Ability | None:
    """One ability paragraph in a modeled template, or None."""
    if "\n" in line:  # a modal ability: only a triggered one's condition is read (CR 700.2)
        return read_modal_triggered(line, lambda one: parse_line(one, name, short))
    refs = SelfRefs(line, name, short)
    for read in READERS:
        found = read(refs)
        if found is not None:
            return found
    return None


# -- "enter as a copy", "enters with N counters", "enters tapped" (CR 614.1c, 707.5) --

_COPY_OF = {choice.text: key for key, choice in COPY_CHOICES.items()}
_COPY_OF["a creature on the battlefield"] = "creature"
_CHOICE_WORDS = "|".join(re.escape(t).replace(re.escape("this creature"), SELF) for t in _COPY_OF)
_ENTERS_AS_COPY = lazyre.compile(
    rf"^You may have {SELF} enter(?: the battlefield)? as a copy of "
    rf"(?P<of>{_CHOICE_WORDS})(?:, except (?P<except>.+))?$"
)
# "Raid — If you attacked this turn, you may have ..." (an ability word, CR 207.2c)
_COPY_CONDITION = {
    f"{word} — {text}, you may have ": key for key, (word, text) in COPY_CONDITIONS.items()
}
# "... this turn. If you do, it gains haste until end of turn." (The Fourteenth Doctor)
_IF_YOU_DO_GAINS = lazyre.compile(
    r"^(?P<copy>[^\"“]+?\.) If you do, it gains (?P<k>[a-z]+(?: and [a-z]+)*) until end of turn\.$"
)
_ENTERS_WITH = lazyre.compile(
    rf"^{SELF} enters(?: the battlefield)? with (?P<n>X|a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+) (?P<kind>[^ ]+) counters? on it\.$"
)


# Vizier of Many Faces: the embalm token's exceptions (CR 702.128a, 707.9b), only if embalmed.
_IF_EMBALMED = lazyre.compile(
    r"^if .+ was embalmed, the token has no mana cost, it's white, and it's a Zombie "
    r"in addition to its other types$"
)


def _sentence(line: str) -> str | None:
    """One sentence without its final period (kept inside a closing quote: '...it."')."""
    if line.endswith('."') or line.endswith(".”"):
        body = line[:-2] + line[-1]
    elif line.endswith("."):
        body = line[:-1]
    else:
        return None
    return None if re.search(r"[.!?][\"”]? [A-Z]", re.sub(r"[\"“][^\"”]*[\"”]", "", body)) else body


_ENTERS_TAPPED = lazyre.compile(rf"^{SELF} enters(?: the battlefield)? tapped\.$")
_ENTERS_TAPPED_UNLESS = lazyre.compile(
    rf"^{SELF} enters(?: the battlefield)? tapped unless you control (?P<c>[^.]+)\.$"
)
_COUNTED = lazyre.compile(r"^(?P<n>\w+) or (?P<bound>fewer|more) (?P<what>.+)$")


def _control_unless(text: str) -> ControlUnless | None:
    """ "a Plains or an Island", "two or fewer other lands", "two or more other lands"."""
    if counted := _COUNTED.match(text):
        n = number(counted.group("n"))
        group = read_group(counted.group("what"))
        if n is None or group is None or group.whose != "any" or group.attached:
            return None
        if counted.group("bound") == "fewer":
            return ControlUnless((group,), at_least=0, at_most=n)
        return ControlUnless((group,), at_least=n)
    groups = []
    for one in re.split(r" or ", text):
        found = re.fullmatch(r"an? (?P<noun>[A-Za-z]+)", one)
        group = read_group(f"Each {found.group('noun')}") if found else None
        if group is None or group.adjectives:
            return None
        groups.append(replace(group, quantifier=""))
    return ControlUnless(tuple(groups)) if groups else None


def _canonical_self(refs: SelfRefs) -> str:
    return re.sub(rf"^{SELF}", "This permanent", refs.line)


# The Mimeoplasm: exile two creature cards, copy one, counters from the other's power
_EXILE_TWO_COPY_ONE = lazyre.compile(
    rf"^As {SELF} enters(?: the battlefield)?, you may exile two creature cards from "
    r"graveyards\. If you do, it enters(?: the battlefield)? as a copy of one of those cards "
    r"with a number of additional (?P<k>[^ ]+) counters on it equal to the power of the "
    r"other card\.$"
)


# An ability word or flavor word before a copy ability: no rules meaning (CR 207.2c-d)
_WORD_BEFORE_COPY = lazyre.compile(
    r"^(?P<w>[A-Z][A-Za-z']*(?: [A-Z][A-Za-z']*)*) — (?=You may have )"
)


def read_enters(refs: SelfRefs) -> Ability | None:
    """ "Enter as a copy", "enters with N counters", "enters tapped" (CR 614.1c, 707.5)."""
    if word := _WORD_BEFORE_COPY.match(refs.line):
        found = read_enters(SelfRefs(refs.restore(refs.line[word.end() :]), refs.name, refs.short))
        if found is None or found.enters_as_copy is None:
            return None
        return replace(found, ability_word=word.group("w"))
    if _ENTERS_TAPPED.match(refs.line):
        return Ability(AbilityKind.STATIC, enters_tapped=True)
    if unless := _ENTERS_TAPPED_UNLESS.match(refs.line):
        condition = _control_unless(unless.group("c"))
        if condition is None:
            return None
        ability = Ability(AbilityKind.STATIC, enters_tapped=True, enters_tapped_unless=condition)
        return ability if ability.render() == _canonical_self(refs) else None
    if two := _EXILE_TWO_COPY_ONE.match(refs.line):  # CR 614.1c, 707.5
        copy = EntersAsCopy("creature_card_in_graveyard", counters_from_other_card=two.group("k"))
        return Ability(AbilityKind.STATIC, enters_as_copy=copy)
    short = refs.name.split(" of ")[0]
    if short != refs.name and refs.line.startswith(f"You may have {short} enter"):
        # a legendary card's short name without a comma ("Moritte" for Moritte of the Frost)
        line = re.sub(rf"\b{re.escape(short)}\b(?! of )", refs.name, refs.restore(refs.line))
        refs = SelfRefs(line, refs.name, refs.short)
    line, when_you_do = refs.line, ""
    if linked := re.match(r"^(?P<copy>[^\"“]+?\.) When you do, (?P<then>[^.\"“]+)\.$", line):
        # a triggered ability linked to the copy effect (CR 603.11, 707.9g), kept in words
        line, when_you_do = linked.group("copy"), refs.restore(linked.group("then"))
    condition, gains = None, ()
    for start, key in _COPY_CONDITION.items():
        if line.startswith(start):
            condition, line = key, "You may have " + line[len(start) :]
    if then := _IF_YOU_DO_GAINS.match(line):
        line, gains = then.group("copy"), tuple(then.group("k").split(" and "))
        if not _keywords_known(gains):
            return None
    body = _sentence(line)
    copy = _ENTERS_AS_COPY.match(body) if body is not None else None
    if copy is not None and (condition or gains) and (copy.group("except") or when_you_do):
        return None  # no card combines these; an unexpected form stays not modeled
    if copy is not None:
        exceptions = CopyExceptions()
        if copy.group("except") and _IF_EMBALMED.match(refs.restore(copy.group("except"))):
            return Ability(
                AbilityKind.STATIC,
                enters_as_copy=EntersAsCopy(
                    of=_copy_of(copy.group("of")), if_embalmed=EMBALM_EXCEPTIONS
                ),
            )
        extra: tuple[ExtraCounters, ...] = ()
        if copy.group("except"):
            read = _exceptions(refs.restore(copy.group("except")), refs.name, refs.short)
            if read is None:
                return None
            exceptions, extra = read
        return Ability(
            AbilityKind.STATIC,
            enters_as_copy=EntersAsCopy(
                of=_copy_of(copy.group("of")),
                exceptions=exceptions,
                extra_counters=extra,
                when_you_do=when_you_do,
                condition=condition,
                gains_until_end_of_turn=gains,
            ),
        )
    counters = _ENTERS_WITH.match(refs.line)
    if counters is not None:
        n = counters.group("n")
        count: int | str | None = "X" if n == "X" else number(n)
        if count is None:
            return None
        return Ability(
            AbilityKind.STATIC, enters_with=EntersWithCounters(counters.group("kind"), count)
        )
    return None


def _copy_of(words: str) -> str:
    """The COPY_CHOICES key of a choice's words, the card's name in them read as
    "this creature" (Mockingbird's "mana spent to cast this creature")."""
    return _COPY_OF[re.sub(SELF, "this creature", words)]


def _keywords_known(keywords: tuple[str, ...]) -> bool:
    """Keywords the engine knows by name (those a copy exception may grant)."""
    return keyword_line(", ".join(keywords), set(NAMED_KEYWORDS | COST_KEYWORDS)) is not None


_QUOTED = lazyre.compile(r"[\"“][^\"”]*[\"”]")
_EXTRA_COUNTERS = lazyre.compile(
    r"^it enters with (?P<n>X|an?|one|two|three|four|five|\d+) (?P<more>additional )?"
    r"(?P<kind>[^ ]+) counters? on it"
    r"(?: if it's an? (?P<type>creature|planeswalker|artifact|enchantment|land)"
    r"| if you control that creature)?$"
)
_KEEPS = {
    "it doesn't copy that creature's color": "own_colors",
    "its power and toughness are equal to this creature's power and toughness": "own_pt",
    "it has its other abilities": "own_abilities",
}


_ONLY_TYPES = lazyre.compile(
    r"^it's an? (?P<t>(?:[A-Z][a-z]+ )+(?:artifact|enchantment|land)) with "
    r"(?P<k>[a-z][a-z0-9 ]*) and it loses all other card types$"
)


def _except_parts(text: str) -> list[str]:
    """The exceptions, split at ", " / " and " before "it", "has" or "is" — never inside a
    quoted ability, whose own sentences may have commas ("Whenever ..., it connives.")."""
    quotes = _QUOTED.findall(text)
    hidden = _QUOTED.sub("\ue200", text)
    parts = re.split(r",? and (?=it|has|is |he's |she's )|, (?=it|has|is |he's |she's )", hidden)
    out = []
    for part in parts:
        while "\ue200" in part:
            part = part.replace("\ue200", quotes.pop(0), 1)
        out.append(part)
    return out


def _exceptions(
    text: str, name: str, short: str = ""
) -> tuple[CopyExceptions, tuple[ExtraCounters, ...]] | None:
    """The exceptions of a copy effect (CR 707.9b) in the forms the vocabulary holds; the
    extra counters among them are an additional effect (707.9e), returned apart."""
    if cond := re.match(
        r"^(?P<head>.+) and, if it's an? (?P<t>creature|artifact|planeswalker), (?P<rest>.+)$",
        text,
    ):
        # CR 707.9f: counters and keywords only if the copy has that card type (Moritte)
        head = _exceptions(cond.group("head"), name, short)
        rest = _exceptions(cond.group("rest"), name, short)
        if head is None or rest is None or head[1] or any(x.if_type for x in rest[1]):
            return None
        card_type = cond.group("t").capitalize()
        granted = rest[0].abilities
        if rest[0] != CopyExceptions(abilities=granted) or not granted:
            return None
        if any(a.kind is not AbilityKind.KEYWORD for a in granted):
            return None
        extra = tuple(replace(x, if_type=card_type) for x in rest[1])
        return replace(head[0], abilities_if=tuple((card_type, a) for a in granted)), extra
    if only := _ONLY_TYPES.match(text):
        # Imposter Mech: its only card types are the ones named (CR 205.1a, 707.9b)
        words = tuple(w.capitalize() if w.islower() else w for w in only.group("t").split())
        keywords = keyword_line(
            re.sub(r",? and ", ", ", only.group("k")), set(NAMED_KEYWORDS | COST_KEYWORDS)
        )
        if keywords is None or any(k.kind is not AbilityKind.KEYWORD for k in keywords):
            return None
        return (
            CopyExceptions(
                additional_types=words, abilities=tuple(keywords), loses_other_card_types=True
            ),
            (),
        )
    new_name = None
    types: tuple[str, ...] | None = None
    additional: tuple[str, ...] = ()
    without: tuple[str, ...] = ()
    power = toughness = None
    abilities: tuple[Ability, ...] = ()
    unless_has: tuple[Ability, ...] = ()
    extra: tuple[ExtraCounters, ...] = ()
    keeps: dict[str, bool] = {}
    own = self_pattern(name, short)
    for part in _except_parts(text):
        # a character's pronoun ("his name is ..."); "is ..."/"has ..." go on from "it"
        part = re.sub(
            r"^(?:he|she)(?='s )|^(?:his|her)(?= )",
            lambda m: "it" + "s" * (m.group() in ("his", "her")),
            part,
        )
        part = re.sub(r"\b(?:his|her) other\b", "its other", part)
        part = re.sub(r"^(?=is |has )", "it ", part)
        part = re.sub(r"^it is ", "it's ", part)
        generic = own.sub("this creature", part)
        if key := _KEEPS.get(generic) or _KEEPS.get(generic.replace("this creature's", "its")):
            keeps[key] = True  # CR 707.9c: the copy keeps its own value
        elif found := re.match(
            r"^it's (?:an? )?(?P<t>[\w ]+?) in addition to its other (?:creature )?types$", part
        ):
            words = tuple(w for w in found.group("t").split() if w != "and")
            lower = ("artifact", "creature", "enchantment", "legendary", "snow")
            if not all(w[0].isupper() or w in lower for w in words):
                return None
            additional += tuple(w.capitalize() if w.islower() else w for w in words)
        elif found := re.match(r"^it's an? (?P<t>artifact|enchantment|land)$", part):
            # Machine God's Effigy: its card type is set (CR 205.1a, 707.9b)
            types = (found.group("t").capitalize(),)
        elif part == "it's the colors of your choice in addition to its other colors":
            keeps["colors_of_choice"] = True  # CR 707.9b: chosen as it enters
        elif re.match(r"^it isn't legendary(?: if that permanent is legendary)?$", part):
            # Removing a supertype the copy doesn't have changes nothing, so the older
            # Spark Double wording's condition says the same (CR 707.9b).
            without += ("Legendary",)
        elif found := re.match(r"^it's (?P<p>\d+)/(?P<t>\d+)$", part):
            power, toughness = int(found.group("p")), int(found.group("t"))
        elif found := re.match(
            r"^it's an? (?P<p>\d+)/(?P<t>\d+) (?P<s>(?:[A-Z][\w-]* ?)+) in addition to its other types$",
            part,
        ):
            # CR 707.9b: set power and toughness, and subtypes in addition (Superior Spider-Man)
            power, toughness = int(found.group("p")), int(found.group("t"))
            additional += tuple(found.group("s").split())
        elif found := re.match(r"^its name is (?P<n>[A-Z].*)$", part):
            new_name = found.group("n")
        elif found := _EXTRA_COUNTERS.match(part):
            n = found.group("n")
            count: int | str | None = "X" if n == "X" else number(n)
            if count is None or (not found.group("more") and found.group("type")):
                return None
            extra += (
                ExtraCounters(
                    found.group("kind"),
                    count,
                    found.group("type").capitalize() if found.group("type") else None,
                    part.endswith("if you control that creature"),
                    bool(found.group("more")),
                ),
            )
        elif found := re.match(
            r"^(?:it )?has (?P<k>[a-z][a-z ]* \d+) if that creature doesn't have (?P<b>[a-z ]+)$",
            part,
        ):
            # CR 707.9a: a keyword granted only if the copied values have none of that name
            keywords = keyword_line(found.group("k"), set(NAMED_KEYWORDS | COST_KEYWORDS))
            if not keywords or len(keywords) != 1 or keywords[0].kind is not AbilityKind.KEYWORD:
                return None
            if unnumbered(keywords[0].keyword or "") != found.group("b"):
                return None
            unless_has += tuple(keywords)
        elif found := re.match(r"^(?:it )?has [\"“](?P<a>[^\"”]+)[\"”]$", part):
            inner = found.group("a")
            abilities += parse_abilities(
                inner if inner.endswith(".") else inner + ".", (), (), name
            )
        elif found := re.match(r"^(?:it )?has (?P<k>[a-z][a-z ,]*)$", part):
            keywords = keyword_line(
                re.sub(r",? and ", ", ", found.group("k")), set(NAMED_KEYWORDS | COST_KEYWORDS)
            )
            if keywords is None:
                return None
            abilities += tuple(keywords)
        else:
            return None
    exceptions = CopyExceptions(
        name=new_name,
        types=types,
        additional_types=additional,
        without_types=without,
        power=power,
        toughness=toughness,
        abilities=abilities,
        abilities_unless_has=unless_has,
        **keeps,
    )
    return exceptions, extra


# "All Slivers have "{T}: ..."", "Sliver creatures you control have "{2}, Sacrifice this
# permanent: ..."": a group given one quoted ability (the quote ends the sentence)
_QUOTED_GRANT = lazyre.compile(r'^(?P<subject>[^"“]+?) (?P<verb>has|have) "(?P<quote>[^"]+)"$')
_ADDS_MANA_WORDS = lazyre.compile(r"\bAdd\b|\bmana\b", re.IGNORECASE)


def read_quoted_grant(refs: SelfRefs) -> Ability | None:
    """A group given one quoted activated ability (CR 613.1f, 113.2, 602.1): each object of
    the group has it, and its "this creature" or "this permanent" means that object. Read
    only when the quote is itself one activated ability mtgrules reads, rendered back
    exactly, and the card's own name isn't in it (it would then speak of the card, not of
    the object with the ability). A quoted mana ability is read only when an Aura gives it
    to the land or creature it enchants ("Enchanted land has "{T}: Add two mana of any one
    color.""): the enchanted permanent has it in layer 6 and the mana questions see it
    there (605.1a, 106.7); a group's quoted mana ability stays unread."""
    found = _QUOTED_GRANT.match(refs.line)
    if found is None or re.search(SELF, found.group("subject")):
        return None
    quote = refs.restore(found.group("quote"))  # its "this creature" is its own object's
    named = [n for n in (refs.name, refs.short) if n]
    if any(n in quote for n in named):
        return None
    subject = found.group("subject")
    # an Aura's own land (CR 303.4a): read here only, for the quoted ability it gives
    group = Group(noun="land", attached="enchanted") if subject == "Enchanted land" else None
    group = group or read_group(subject)
    if group is None or group.noun == "self" or group.cards_not_on_battlefield:
        return None
    if (group.attached and group.noun not in ("land", "creature")) or (
        not group.attached and _ADDS_MANA_WORDS.search(quote)
    ):
        return None
    if (found.group("verb") == "has") != group.singular:
        return None
    inner = parse_abilities(quote, (), ("Creature",))
    if len(inner) != 1 or inner[0].kind is not AbilityKind.ACTIVATED:
        return None
    (ability,) = inner
    if ability.render() != quote:
        return None
    grant = KeywordGrant(group, (), quoted=(replace(ability, oracle=quote),))
    return (
        Ability(AbilityKind.STATIC, grant=grant)
        if grant.render() == refs.restore(refs.line)
        else None
    )


# In the order they are tried: the more specific templates first.
READERS = (
    read_casting_cost,
    read_cast_window,  # "Cast this spell only during combat." (oracle_cast_windows.py)
    read_cost_change,  # "creature spells you cast cost {1} less" (oracle_cost_changes.py)
    read_enters,
    read_others_enter_as_copy,
    read_defines_pt,
    read_replacement,
    read_triggered,
    read_group_entering,
    read_loyalty,
    read_activated,
    read_legend_rule,
    read_goad,
    read_quoted_grant,  # "All Slivers have "{T}: ..."" (a quoted activated ability)
    read_static,  # grants, "as though" permissions, restrictions (oracle_statics.py)
    read_conditional_static,  # the same under a board condition (oracle_conditions.py)
    read_counted_boost,  # +N/+M for each counter on it / card in your graveyard (the same)
    read_unasked,  # "This creature can't block.": no question depends on it (tried last)
)
