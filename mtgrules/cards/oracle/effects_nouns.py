"""The Oracle effect reader's noun phrases (docs/effects.md): who or what an instruction acts on
(targets, "it", "that player", "its controller", groups), amounts (numbers, X, "for each",
"equal to its power"), tokens' characteristics (CR 111.4, 111.10), keywords and mana
(106.4). These are transformer methods mixed into the reader's transformer
(:mod:`mtgrules.cards.oracle.effects`), as :mod:`mtgrules.cards.oracle.effects_more`'s are;
a tree they can't hold whole raises
:class:`~mtgrules.cards.oracle.effects_parts.Unread`, and its sentence stays unread.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from mtgrules.cards.effects import SELF, YOU, AddMana, Amount, Subject, TokenSpec
from mtgrules.cards.effects_library import CREATED
from mtgrules.cards.oracle.costs import read_mana
from mtgrules.cards.oracle.effects_more import SACRIFICED
from mtgrules.cards.oracle.effects_parts import Unread as _Unread
from mtgrules.cards.oracle.effects_parts import amount_word as _amount_word
from mtgrules.cards.oracle.effects_tokens import TokenText
from mtgrules.cards.oracle.statics import read_group


class Nouns:
    """The noun phrases' transformer methods (see the module's docstring)."""

    state: Any  # the reader's sentence state (oracle_effects._State)

    # -- who or what
    def obj_target(self, token):
        subject = Subject("target", index=int(str(token)[3:]))
        if subject.index in self.state.players:
            self.state.last_player = subject
        else:
            self.state.last_object = subject
        return subject

    def obj_self(self, _token):
        self.state.last_object = SELF
        return SELF

    def obj_it(self, token):
        if self.state.last_object is None:
            if not (self.state.self_it and str(token).lower() == "it"):
                raise _Unread("it")
            self.state.last_object = SELF  # the spell, or the ability's source
            self.state.self_it = False
        return self.state.last_object

    def obj_that_player(self, token):
        # "Create two 1/1 tokens. They gain haste ...": the tokens it created
        they = str(token).lower() == "they" and self.state.last_player is None
        if they and self.state.last_object == CREATED:
            return CREATED
        if self.state.last_player is None:
            raise _Unread("that player")
        return self.state.last_player

    def obj_its_controller(self, token):
        last = self.state.last_object
        if last is None and self.state.kind == "triggered" and token.type == "THAT_CONTROLLER":
            # "that creature's controller" before any sentence named an object: the
            # object its trigger event named (603.7c), as it last existed (608.2h)
            subject = Subject("that_controller")
            self.state.last_player = subject
            return subject
        if last is None or last.kind != "target":
            raise _Unread("its controller")
        subject = Subject("its_controller", index=last.index)
        self.state.last_player = subject
        return subject

    def obj_attached(self, token):
        group = read_group(str(token))
        if group is None or not group.attached:
            raise _Unread(str(token))
        subject = Subject("each", group=group)
        self.state.last_object = subject
        return subject

    def obj_you(self):
        return YOU

    def obj_each_player(self, _token):
        return Subject("each_player")

    def obj_each_opponent(self, _token):
        return Subject("each_opponent")

    def obj_group(self, group):
        subject = Subject("each", group=replace(group, quantifier=""))
        self.state.last_object = subject
        return subject

    def group_words(self, *tokens):
        qualifier = next((t for t in tokens if getattr(t, "type", "") == "GROUP_KEYWORD"), None)
        tokens = tuple(t for t in tokens if t is not qualifier)
        group = self._group_words(*tokens)
        if qualifier is None:
            return group
        how, keyword = str(qualifier).split(" ", 1)  # "without flying" (oracle/effects_groups)
        return replace(group, **{f"{how}_keyword": keyword})

    def _group_words(self, *tokens):
        words = " ".join(str(t) for t in tokens)
        nouns = [t for t in tokens if getattr(t, "type", "") == "GROUP_NOUN"]
        quantified = any(getattr(t, "type", "") == "QUANTIFIER" for t in tokens)
        if not quantified and nouns and not str(nouns[0]).endswith("s"):
            words = "each " + words  # "sacrifices a creature", "for each creature"
        group = read_group(words[:1].upper() + words[1:])
        if group is None or group.noun == "self" or group.attached:
            raise _Unread(words)
        return group

    # -- amounts
    def count(self, token):
        return _amount_word(str(token))

    def amount_fixed(self, amount, *_):
        return amount

    def amount_for_each(self, amount, *rest):
        if amount.x or amount.count or amount.fixed < 1:
            raise _Unread("N for each")
        group = rest[-1]
        return Amount(count="group", group=replace(group, quantifier=""), times=amount.fixed)

    def amount_equal(self, *parts):
        return parts[-1]

    def power_of(self, possessive):
        word = str(possessive)
        if word == "its" or word.startswith("that creature"):
            whose = self.state.last_object
        elif word.startswith("SELF"):
            whose = SELF
        elif word.startswith("the sacrificed"):  # its cost's, as it last existed (608.2h)
            whose = SACRIFICED
        else:
            whose = Subject("target", index=int(word[3:].removesuffix("'s")))
        if whose is None or whose.kind == "each":
            raise _Unread("whose power")
        return Amount(count="power_of", of=whose)

    def number_of(self, group):
        return Amount(count="group", group=replace(group, quantifier=""))

    # -- tokens
    def token_count(self, token):
        return _amount_word(str(token))

    def creature_token(self, *parts):
        power = toughness = None
        colors: tuple[str, ...] = ()
        subtypes: tuple[str, ...] = ()
        types: tuple[str, ...] = ()
        keywords: tuple[str, ...] = ()
        abilities: tuple[Any, ...] = ()
        x_pt = None
        for part in parts:
            kind = getattr(part, "type", "")
            if kind == "PT" and str(part) == "X/X":  # each X, as the effect defines it (107.3)
                x_pt = Amount(x=True)
            elif kind == "PT":
                p, t = str(part).split("/")
                if "X" in part or p.startswith(("+", "-")) or t.startswith(("+", "-")):
                    raise _Unread("token P/T")
                power, toughness = int(p), int(t)
            elif kind == "COLORS":
                colors = tuple(c for c in re.split(r",? and |, ", str(part)) if c != "colorless")
            elif kind == "SUBTYPES":
                subtypes = tuple(str(part).split())
            elif kind == "TOKEN_TYPES":
                types = tuple(w.capitalize() for w in str(part).split())
            elif isinstance(part, tuple):
                keywords = part
            elif isinstance(part, TokenText):  # a token's keywords and quoted abilities
                keywords, abilities = part.keywords, part.abilities
        if (power is None and x_pt is None) or not subtypes:
            raise _Unread("a creature token without its power, toughness or subtype")
        # CR 111.4: a token's name is its subtypes followed by "Token"
        return TokenSpec(
            name=" ".join(subtypes) + " Token",
            colors=colors,
            types=types,
            subtypes=subtypes,
            power=power,
            toughness=toughness,
            keywords=keywords,
            abilities=abilities,
            x_pt=x_pt,
        )

    def predefined_token(self, kind, _noun):
        return _PREDEFINED[str(kind)]

    # -- keywords, mana
    def keywords(self, *tokens):
        return tuple(str(t) for t in tokens)

    def mana_fixed(self, symbols):
        return _mana(f"Add {symbols}")

    def mana_any_color(self):
        return _mana("Add one mana of any color")

    def mana_any_one_color(self, count):
        return _mana(f"Add {count} mana of any one color")

    def mana_one_of(self, *symbols):
        words = [str(s) for s in symbols]
        if len(words) == 2:
            return _mana(f"Add {words[0]} or {words[1]}")
        return _mana(f"Add {', '.join(words[:-1])}, or {words[-1]}")


def _mana(words: str) -> AddMana:
    mana = read_mana(words)
    if mana is None:
        raise _Unread(words)
    return AddMana(words.removeprefix("Add "), mana=mana)


def _predefined(name: str, types: tuple[str, ...], pt: tuple[int, int] | None = None) -> TokenSpec:
    """A predefined token (CR 111.10): its characteristics are the rule's, not the text's."""
    colors = ("black",) if name == "Walker" else ()
    subtypes = ("Zombie",) if name == "Walker" else (name,)
    return TokenSpec(
        name=name if name == "Walker" else f"{name} Token",
        colors=colors,
        types=types,
        subtypes=subtypes,
        power=pt[0] if pt else None,
        toughness=pt[1] if pt else None,
        predefined=name,
    )


_PREDEFINED = {
    "Treasure": _predefined("Treasure", ("Artifact",)),
    "Food": _predefined("Food", ("Artifact",)),
    "Gold": _predefined("Gold", ("Artifact",)),
    "Walker": _predefined("Walker", ("Creature",), (2, 2)),
    "Shard": _predefined("Shard", ("Enchantment",)),
    "Clue": _predefined("Clue", ("Artifact",)),
    "Blood": _predefined("Blood", ("Artifact",)),
    "Powerstone": _predefined("Powerstone", ("Artifact",)),
    "Map": _predefined("Map", ("Artifact",)),
    "Junk": _predefined("Junk", ("Artifact",)),
    "Lander": _predefined("Lander", ("Artifact",)),
    "Mutagen": _predefined("Mutagen", ("Artifact",)),
}
