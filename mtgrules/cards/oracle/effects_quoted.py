"""The Oracle effect reader's phrases for abilities written in quotation marks (docs/effects.md,
"Quoted abilities"): an effect that gives an object an ability (CR 113.1a, 113.10, 613.1f)
for a duration or not (611.2a) — "target creature gains "..." until end of turn", "gets +2/+0
and gains "..."", "it has "..."" —, a token defined with quoted abilities among its keywords
(111.3), an emblem's abilities (114.1, 114.2) and a permanent that becomes a creature "with"
a quoted ability (613.1d, 613.1f).

A quoted ability is text: :func:`read_quoted` reads it with the ability reader that reads
a card's printed abilities (:func:`~mtgrules.cards.oracle.abilities.parse_abilities`), so
the reading records its kind (keyword, static, activated or triggered), and, for an
activated or triggered one, its effect (:func:`~mtgrules.cards.oracle.effect_texts.ability_effect`)
as the effect reader reads it, by the reader given in the sentence's state (the effect
reader sits above this module: it passes itself in, one level deeper each time, and a
quote inside a quote deeper than :data:`MAX_DEPTH` is not read). The ability is read only
whole: its rendering gives back its words (the object it is on named alike, below) and its
effect is read complete; otherwise the sentence stays unread in its own words.

"This token", "this creature", "this emblem" in a quoted ability mean the object that has
the ability (CR 111.3: the token's text; 114.4: the emblem's; 201.5, 201.5a-b: text naming
the object it's on means just that object, even when another object gains it). The card's
own name in the quote is the card, not that object (201.5a): not read.

These are transformer methods mixed into the reader's transformer
(:mod:`mtgrules.cards.oracle.effects`); a tree they can't hold whole raises
:class:`~mtgrules.cards.oracle.effects_parts.Unread`, and its sentence stays unread.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from mtgrules import lazyre
from mtgrules.cards.effects import CreateToken, Instruction, May, Modify, Script, TokenSpec
from mtgrules.cards.effects_counters import GetEmblem
from mtgrules.cards.effects_library import CREATED
from mtgrules.cards.oracle.abilities import parse_abilities
from mtgrules.cards.oracle.effect_texts import ability_effect
from mtgrules.cards.oracle.effects_changes import ChangePhrases
from mtgrules.cards.oracle.effects_parts import (
    Amend,
    Unread,
    VerbPhrase,
    object_only,
    player_only,
    signed_pt,
    third_person,
)
from mtgrules.cards.oracle.effects_tokens import TokenPhrases, TokenText
from mtgrules.cards.vocabulary import Ability, AbilityKind, Effect

# a quote inside a quote inside a quote is not read (the reader recurses once per level)
MAX_DEPTH = 2

# how a quoted ability names the object it is on, by what holds it (the ability reader
# reads "this creature", "this permanent", ... for any object: costs.SELF_NOUNS)
_HOLDER_NAMES = {"token": "this token", "emblem": "this emblem", "object": ""}
# the ways a quoted ability (and the ability reader's rendering of it) names its object
_SELF_WORDS = lazyre.compile(
    r"\b[Tt]his (?:token|emblem|creature|permanent|artifact|land|enchantment|Equipment"
    r"|Vehicle|Aura|Saga|planeswalker)\b"
)
# "this token", "this emblem" in an effect's words: the ability's source for the effect
# reader ("~", as the card's own name is)
_HOLDER_IN_EFFECT = lazyre.compile(r"\b[Tt]his (?:token|emblem)\b")
# a quoted ability inside a quoted ability, in single quotes ("... token with 'When this
# token dies, ...'"): an apostrophe ("owner's") is neither its start nor inside it
_INNER_QUOTE = lazyre.compile(r"(?<![\w'])'(?P<words>[A-Z{][^'\"]*)'(?!\w)")
# the static abilities the ability reader holds in a part of their own (not words alone)
_STATIC_PARTS = (
    "boost",
    "grant",
    "restriction",
    "permission",
    "unasked_rule",
    "cost_change",
    "sets_colors",
    "adds_types",
    "defines_pt",
    "replacement",
)


def _same_words(rendered: str, words: str) -> bool:
    """Whether the ability reader's rendering gives back the quoted words, the object the
    ability is on named alike ("this token" and "this permanent" are the same object)."""

    def plain(text: str) -> str:
        text = _SELF_WORDS.sub("this object", text.strip())
        return text if text.endswith(".") else text + "."

    return plain(rendered) == plain(words)


def read_quoted(words: str, state: Any, holder: str = "object") -> Ability:
    """The ability quoted in ``words`` (CR 113.1a), read whole by the ability reader (see
    the module's docstring), with an activated or triggered ability's effect as the effect
    reader reads it (``Ability.effect.script``); else :class:`Unread`: an object given
    only part of an ability it has would answer wrong. ``holder``: ``token``, ``emblem``
    or ``object`` (what "this ..." in the ability may say)."""
    name = getattr(state, "name", "")
    if name and name in words:  # the card's own name: the card, not the object (201.5a)
        raise Unread("a card's name in a quoted ability")
    # a quote in a list keeps the list's comma ('"..., " "..."'): not the ability's
    text = words.strip().removesuffix(",")
    # a quote inside it is in single quotes: the reader's own quotes, read one level deeper
    text = _INNER_QUOTE.sub(r'"\g<words>"', text)
    text = text if text.endswith((".", '"')) else text + "."
    holder_name = _HOLDER_NAMES[holder]
    short = holder_name[:1].upper() + holder_name[1:]
    found = parse_abilities(text, (), (), name=holder_name, short=short)
    if len(found) != 1:
        raise Unread("a quoted ability")
    (ability,) = found
    # a characteristic-defining ability's template reads its whole sentence and renders it
    # in the project's words ("its controller controls" for "you control", 109.5)
    if not _same_words(ability.render(), text) and ability.defines_pt is None:
        raise Unread("a quoted ability read otherwise")
    if ability.kind is AbilityKind.KEYWORD:
        return ability
    if ability.kind is AbilityKind.STATIC:
        if not any(getattr(ability, part) for part in _STATIC_PARTS):
            raise Unread("a quoted static ability")
        grant = ability.grant
        if grant is not None and grant.quoted:  # "Mountains you control have "{T}: ...""
            quoted = tuple(_with_effect(q, q.oracle or q.render(), state) for q in grant.quoted)
            ability = replace(ability, grant=replace(grant, quoted=quoted))
        return ability
    if ability.kind not in (AbilityKind.ACTIVATED, AbilityKind.TRIGGERED):
        raise Unread("a quoted ability")
    return _with_effect(ability, text, state)


def _with_effect(ability: Ability, text: str, state: Any) -> Ability:
    """An activated or triggered ``ability`` (its words ``text``) with its effect as the
    effect reader reads it, complete; else :class:`Unread`."""
    effect = ability_effect(text, ability, "")
    reader = getattr(state, "read_inner", None)
    if effect is None or reader is None:
        raise Unread("a quoted ability's effect")
    kind, effect_words = effect
    # "this token" outside a quote inside it: inside, it is that quote's own object's
    parts = effect_words.split('"')
    parts[::2] = [_HOLDER_IN_EFFECT.sub("~", p) for p in parts[::2]]
    script = reader('"'.join(parts), kind)
    if script is None or not script.complete:
        raise Unread("a quoted ability's effect")
    return replace(ability, effect=replace(ability.effect or Effect(), script=script))


@dataclass(frozen=True)
class Quoted:
    """Keywords and quoted abilities an object is given together ("haste and "...""),
    in order (CR 113.2c: an object may have several)."""

    keywords: tuple[str, ...]
    quotes: tuple[str, ...]  # the quoted words, read for what holds them


class QuotedPhrases:
    """The transformer methods of quoted abilities (see the module's docstring)."""

    state: Any  # the reader's sentence state (oracle_effects._State)

    def _abilities(self, quoted: Quoted, holder: str) -> tuple[Ability, ...]:
        return tuple(read_quoted(q, self.state, holder) for q in quoted.quotes)

    # -- "haste and "..."", ""..." and "..."": keywords first, then the quotes
    def quo_with(self, *parts):
        keywords: tuple[str, ...] = ()
        quotes: list[str] = []
        for part in parts:
            if isinstance(part, tuple):
                keywords = part
            elif getattr(part, "type", "") == "QUOTED":
                quotes.append(self.state.quotes[int(str(part)[5:])])
        return Quoted(keywords, tuple(quotes))

    # -- CR 111.3: a token's keywords and quoted abilities ('with flying and "..."')
    def token_keywords(self, *tokens):
        words = tuple(str(t) for t in tokens if getattr(t, "type", "") != "QUOTED")
        quotes = tuple(self.state.quotes[int(str(t)[5:])] for t in tokens if t.type == "QUOTED")
        return TokenText(words, self._abilities(Quoted((), quotes), "token"))

    # -- CR 604.3, 111.3: "Create a green Elemental creature token with "This token's power
    # and toughness are each equal to ..."": no P/T stated, its ability defines them
    def quo_cda_token(self, *parts):
        text = next(p for p in parts if isinstance(p, TokenText))
        if not any(a.defines_pt is not None for a in text.abilities):
            raise Unread("a creature token without its power and toughness")
        colors: tuple[str, ...] = ()
        subtypes: tuple[str, ...] = ()
        types: tuple[str, ...] = ()
        for part in parts:
            kind = getattr(part, "type", "")
            if kind == "COLORS":
                colors = tuple(c for c in re.split(r",? and |, ", str(part)) if c != "colorless")
            elif kind == "SUBTYPES":
                subtypes = tuple(str(part).split())
            elif kind == "TOKEN_TYPES":
                types = tuple(w.capitalize() for w in str(part).split())
        return TokenSpec(
            name=" ".join(subtypes) + " Token",  # CR 111.4
            colors=colors,
            types=types,
            subtypes=subtypes,
            keywords=text.keywords,
            abilities=text.abilities,
        )

    # -- CR 111.3: "It has "..."" after a token is made: the ability is the token's
    def token_has(self, has, quoted):
        if not isinstance(quoted, Quoted):  # one quote, the grammar's first form
            quoted = Quoted((), (self.state.quotes[int(str(quoted)[5:])],))
        if self.state.last_object != CREATED:
            raise Unread("whose ability")
        abilities = self._abilities(quoted, "token")
        plural = str(has).lower().startswith(("they", "those", "the tokens"))

        def amend(step: Instruction) -> Instruction:
            # "You may create a ... token. It has "..."": the token made if you do (608.2d)
            if isinstance(step, May) and len(step.then.steps) == 1 and not step.then.unread:
                return May(Script((amend(step.then.steps[0]),)))
            if not isinstance(step, CreateToken) or step.token.predefined:
                raise Unread("an ability of what")
            if plural == (step.amount.fixed == 1 and not step.amount.x):
                raise Unread("how many tokens")
            keywords = (*step.token.keywords, *quoted.keywords)
            token = replace(
                step.token, keywords=keywords, abilities=(*step.token.abilities, *abilities)
            )
            return replace(step, token=token)

        return Amend(amend)

    # -- CR 114.1, 114.2: "you get an emblem with "..."" (and "...")
    def get_emblem(self, verb, _emblem_with, *quotes):
        words = tuple(self.state.quotes[int(str(q)[5:])] for q in quotes)
        abilities = self._abilities(Quoted((), words), "emblem")
        players = self.state.players
        return VerbPhrase(
            third_person(verb), lambda a: player_only(a, players) and GetEmblem(abilities, a)
        )

    # -- CR 113.10, 613.1f, 611.2a: "gains "..." (until end of turn)"; with no duration
    # stated, for as long as the effect lasts (the play-out refuses it yet)
    def quo_grant(self, verb, quoted, *until):
        abilities = self._abilities(quoted, "object")
        duration = "end_of_turn" if until else ""
        players = self.state.players
        return VerbPhrase(
            third_person(verb),
            lambda a: (
                object_only(a, players)
                and Modify(a, keywords=quoted.keywords, abilities=abilities, duration=duration)
            ),
        )

    # -- CR 613.4c, 613.1f: "gets +2/+0 and gains "..." until end of turn" (a duration
    # before the sentence is the sentence's; none stated: 611.2a)
    def quo_pump(self, verb, pt, _gain, quoted, *until):
        power, toughness, x_power, x_toughness = signed_pt(str(pt))
        abilities = self._abilities(quoted, "object")
        players = self.state.players
        return VerbPhrase(
            third_person(verb),
            lambda a: (
                object_only(a, players)
                and Modify(
                    a,
                    power,
                    toughness,
                    quoted.keywords,
                    x_power=x_power,
                    x_toughness=x_toughness,
                    abilities=abilities,
                    duration="end_of_turn" if until else "",
                )
            ),
        )

    # -- CR 613.1d-f: "becomes a 3/3 ... creature with "..." (until end of turn)"
    def quo_becomes(self, verb, article, *parts):
        quoted = next(p for p in parts if isinstance(p, Quoted))
        abilities = self._abilities(quoted, "object")
        rest = [p for p in parts if not isinstance(p, Quoted)]
        if quoted.keywords:
            rest.append(quoted.keywords)
        made = ChangePhrases.becomes(self, verb, article, *rest)
        return VerbPhrase(made.third, lambda a: replace(made.make(a), abilities=abilities))

    # -- CR 707.9a: "create a token that's a copy of ..., except it has haste and "..."":
    # what the copy gains is part of its copiable values
    def quo_except(self, quoted):
        return quoted

    def quo_keywords(self, keywords):
        return Quoted(keywords, ())

    def quo_create_copy(self, verb, amount, *rest):
        quoted = next(r for r in rest if isinstance(r, Quoted))
        abilities = self._abilities(quoted, "token")
        rest = tuple(
            r for r in rest if not isinstance(r, Quoted) and getattr(r, "type", "") != "QUO_EXCEPT"
        )
        made = TokenPhrases.create_copy(self, verb, amount, *rest)
        return VerbPhrase(
            made.third,
            lambda a: replace(made.make(a), keywords=quoted.keywords, abilities=abilities),
        )
