"""The effect reader's token copies with exceptions and tokens it says more of (docs/effects.md,
"Tokens, copies, casting, the game"): "create a token that's a copy of it, except it's a 4/4
black Zombie", "... except it's an artifact in addition to its other types", "... except it
isn't legendary", "... except it's 1/1 and has haste" (CR 707.9a-c), and a copy "tapped and
attacking" said before the word token (508.4); a legendary token the effect names before its
characteristics ("create Ragavan, a legendary 2/1 red Monkey creature token", 111.4: the name
it gives, 205.4a: legendary a supertype); tokens of two or three kinds in one sentence
(111.1); a Vehicle artifact token with crew (301.7a, 702.122a); "The token enters
tapped and attacking." after it was made (508.4); and a
predefined Role token made attached to an object ("create a Wicked Role token
attached to target creature", 111.10, 303.7, 303.4f).

The words after "except" are read here clause by clause, each exactly one of: the copy
isn't legendary (707.9c), the copy is [a] [N/N] [colors] [subtypes] [card types] [with
keywords] [in addition to its other (colors and) types] (707.9b, 205.1a-b), the copy has
keywords (707.9a). Anything else (a name, "half that creature's power", an ability in
quotes here, card types set without "in addition", "loses all other card types") leaves the
sentence unread.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from mtgrules import lazyre
from mtgrules.cards.effects import Amount, CreateToken, TokenSpec
from mtgrules.cards.effects_game import CopyChanges, CreateTokenCopy
from mtgrules.cards.effects_library import CREATED
from mtgrules.cards.oracle.effects_parts import Amend, Unread, VerbPhrase, is_player
from mtgrules.cards.oracle.effects_tokens import TokenPhrases

_COLOR = "(?:white|blue|black|red|green)"
# a clause's subject, said once or again after "and"; "they" for two or more copies
_CLAUSES = lazyre.compile(
    r",? and (?=(?:it|they|the tokens?|is|are|has|have)\b)|, (?=(?:it's|it has|they're|they have|is|has)\b)"
)
_NOT_LEGENDARY = lazyre.compile(
    r"^(?:(?:it|the token) (?:isn't|is not|'s not)|it's not|(?:they|the tokens) (?:aren't|are not)"
    r"|they're not|isn't|aren't) legendary$"
)
_HAS = lazyre.compile(r"^(?:(?:it|the token) has|(?:they|the tokens) have|has|have) (?P<kw>.+)$")
_IS = lazyre.compile(
    r"^(?:(?:it's|it is|the token is)|(?:they're|they are|the tokens are)|is|are) "
    r"(?:an? )?(?:(?P<pt>\d+/\d+) ?)?"
    rf"(?P<colors>{_COLOR}(?:(?:, | and |, and ){_COLOR})*(?= ) ?)?"
    r"(?P<subtypes>(?:(?!SELF\b|TGT)[A-Z][a-z]+(?:-[A-Z][a-z]+)? ?)*)"
    r"(?P<types>(?:(?:artifact|enchantment|creature|land)s? ?)*)"
    r"(?:with (?P<kw>[a-z ,]+?) ?)?"
    r"(?P<also>in addition to (?:its|their) other (?:colors and )?(?:creature )?types)?$"
)
_KEYWORDS = lazyre.compile(
    r"^(?:flying|first strike|double strike|deathtouch|haste|hexproof|indestructible|lifelink"
    r"|menace|reach|trample|vigilance|defender)$"
)


def copy_changes(words: str, plural: bool) -> tuple[CopyChanges, tuple[str, ...]]:
    """The changes and the keywords the words after "except" give a token copy (see the
    module's docstring), or :class:`Unread`. ``plural``: several copies ("they")."""
    if "QUOTE" in words:
        raise Unread("an ability in an exception")
    changes, keywords = CopyChanges(), ()
    for clause in _CLAUSES.split(words):
        who = clause.split(" ", 1)[0]
        if (
            who in ("they", "they're") or clause.startswith("the tokens")
        ) != plural and who not in (
            "is",
            "are",
            "has",
            "have",
            "isn't",
            "aren't",
        ):
            raise Unread("which copies")
        if _NOT_LEGENDARY.match(clause):
            if changes.not_legendary:
                raise Unread("twice")
            changes = replace(changes, not_legendary=True)
        elif found := _HAS.match(clause):
            keywords = (*keywords, *_keywords(found.group("kw")))
        elif found := _IS.match(clause):
            changes, more = _is(changes, found)
            keywords = (*keywords, *more)
        else:
            raise Unread(clause)
    if changes == CopyChanges() and not keywords:
        raise Unread("no exception")
    return changes, keywords


def _keywords(words: str) -> tuple[str, ...]:
    found = tuple(w for w in re.split(r",? and |, ", words) if w)
    if not found or not all(_KEYWORDS.match(k) for k in found):
        raise Unread(words)
    return found


def _is(changes: CopyChanges, found: re.Match[str]) -> tuple[CopyChanges, tuple[str, ...]]:
    also = found.group("also") or ""
    pt, colors = found.group("pt"), found.group("colors")
    subtypes = tuple(found.group("subtypes").split())
    types = tuple(t.rstrip("s").capitalize() for t in found.group("types").split())
    keywords = _keywords(found.group("kw")) if found.group("kw") else ()
    if not (pt or colors or subtypes or types):
        raise Unread("is what")
    if types and not also:  # card types set, not added: 205.1a replaces them
        raise Unread("card types instead")
    if (types or subtypes) and (changes.types or changes.subtypes):
        raise Unread("types twice")
    if (pt and changes.power is not None) or (colors and changes.colors):
        raise Unread("twice")
    power = toughness = None
    if pt:
        power, toughness = (int(n) for n in pt.split("/"))
    return (
        replace(
            changes,
            power=power if pt else changes.power,
            toughness=toughness if pt else changes.toughness,
            colors=tuple(re.findall(_COLOR, colors)) if colors else changes.colors,
            colors_added=bool(colors) and "colors" in also,
            types=types or changes.types,
            subtypes=subtypes or changes.subtypes,
            added=bool(also) if (types or subtypes) else changes.added,
        ),
        keywords,
    )


class TokenCopyPhrases:
    """The transformer methods of token copies with exceptions (see the module's
    docstring)."""

    state: Any  # the reader's sentence state (oracle/effects._State)

    # -- CR 707.9a-c: "create a token that's a copy of ..., except it's a 4/4 black Zombie"
    def tc_copy_except(self, verb, amount, *rest):
        words = str(rest[-1]).removeprefix(",").strip().removeprefix("except ")
        plural = not (amount.fixed == 1 and not amount.x)
        changes, keywords = copy_changes(words, plural)
        made = self.tc_copy(verb, amount, *rest[:-1])
        return VerbPhrase(
            made.third,
            lambda a: replace(
                made.make(a),
                keywords=keywords,
                changes=changes if changes != CopyChanges() else None,
            ),
        )

    # -- CR 111.4, 205.4a: "create Marit Lage, a legendary 20/20 black Avatar creature token"
    def tc_create_named(self, verb, named, token):
        name = str(named).removesuffix(", a legendary")
        if token.predefined or token.supertypes:
            raise Unread("a named token")
        token = replace(token, name=name, supertypes=("Legendary",))
        return self.create(verb, Amount(1), token)  # type: ignore[attr-defined]

    # -- CR 111.1, 608.2c: "create a 1/1 green Squirrel creature token and a 0/3 blue Crab
    # creature token": each made as its own instruction, in order
    def tc_create_several(self, verb, *parts):
        counts, tokens = parts[0::2], parts[1::2]
        made = [self.create(verb, n, t) for n, t in zip(counts, tokens, strict=True)]  # type: ignore[attr-defined]
        # "it" or "them" after these is one kind or all of them: not bound
        self.state.last_object = None
        return VerbPhrase(made[0].third, lambda a: tuple(m.make(a) for m in made))

    # -- CR 301.7a, 702.122a: "create a 3/2 colorless Vehicle artifact token with crew 1": its
    # power and toughness printed, its own only while it is a creature
    def tc_vehicle_token(self, pt, *rest):
        *kinds, _artifact, _noun, crew = rest
        colors = next((k for k in kinds if getattr(k, "type", "") == "COLORS"), None)
        subtypes = next((k for k in kinds if getattr(k, "type", "") == "SUBTYPES"), None)
        if subtypes is None or "Vehicle" not in str(subtypes).split() or "X" in str(pt):
            raise Unread("a Vehicle token")
        if colors is not None and str(colors) != "colorless":
            raise Unread("a Vehicle token's colors")
        power, toughness = (int(n) for n in str(pt).split("/"))
        words = tuple(str(subtypes).split())
        return TokenSpec(
            name=" ".join(words) + " Token",
            types=("Artifact",),
            subtypes=words,
            power=power,
            toughness=toughness,
            keywords=(str(crew),),
        )

    # -- CR 508.4: "The token enters tapped and attacking." after one token was made
    def tc_enters_attacking(self, _words):
        if self.state.last_object != CREATED:
            raise Unread("which token")

        def amend(step: Any) -> Any:
            if not isinstance(step, CreateToken | CreateTokenCopy) or step.amount != Amount(1):
                raise Unread("which token")
            return replace(step, tapped=True, attacking=True)

        return Amend(amend)

    # -- CR 111.10, 303.7, 303.4f: "create a Monster Role token attached to target creature"
    def tc_create_role(self, verb, amount, role, _noun, _attached, what):
        if amount != Amount(1) or is_player(what, self.state.players):
            raise Unread("a Role attached to what")
        if what.kind not in ("target", "that", "self", "created"):
            raise Unread("a Role attached to what")
        name = str(role).removesuffix(" Role")
        token = TokenSpec(
            name=name,
            types=("Enchantment",),
            subtypes=("Aura", "Role"),
            predefined=f"{name} Role",
        )
        made = self.create(verb, amount, token)  # type: ignore[attr-defined]
        return VerbPhrase(made.third, lambda a: replace(made.make(a), attached_to=what))

    # -- CR 508.4: "create a tapped and attacking token that's a copy of ..."
    def tc_copy(self, verb, amount, *rest):
        rest = tuple(
            r.update(type="ATTACKING") if getattr(r, "type", "") == "TC_TAPPED_ATTACKING" else r
            for r in rest
        )
        return TokenPhrases.create_copy(self, verb, amount, *rest)
