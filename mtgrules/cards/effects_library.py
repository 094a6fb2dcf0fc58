"""The effect vocabulary of cards seen, taken and played from hidden zones (docs/effects.md): revealing or looking at a hand, choosing a card from it, looking at, revealing or
exiling the top cards of a library and putting them somewhere, playing a card exiled this
way for a while, shuffling, and copying a spell.

Each is an :class:`~mtgrules.cards.effects.Instruction` naming the rules it carries out.
None of these is carried out by the play-out yet: resolving one is refused, naming it
(:func:`~mtgrules.rules.effects.resolution.carry_out` raises ``Unsupported`` for an
instruction it has no handler for). The cards an instruction here takes are named by the
subjects below, which no handler of the play-out resolves either
(:func:`~mtgrules.rules.effects.context.objects_of` refuses a subject it doesn't know).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from mtgrules.cards.effects import YOU, Amount, Instruction, Subject
from mtgrules.cards.effects_actions import CardFilter
from mtgrules.cards.wording import acts

# the cards the sentence before took from the top of a library (looked at, revealed or
# exiled); "them", "those cards", "that card" after it
TOP_CARDS = Subject("top_cards")
# the token(s) the effect created ("Create a 1/1 token. It gains haste ...")
CREATED = Subject("created")
# the card a player chose from a hand or from among the top cards ("that card" after it)
CHOSEN_CARD = Subject("chosen_card")

# where a card taken this way is put: the zone words the reader knows (CR 400.3: a card
# goes to its owner's hand, graveyard or library)
ZONE_WORDS = {
    "hand": "into your hand",
    "graveyard": "into your graveyard",
    "library_top": "on top of your library",
    "library_bottom": "on the bottom of your library",
    "battlefield": "onto the battlefield",
    "exile": "into exile",
}


@dataclass(frozen=True)
class CardKinds:
    """Which cards a player may choose: with all of ``types`` and one of ``any_types``
    (when given, "an instant or sorcery card") and none of ``not_types`` ("a nonland
    card"), and every one of ``qualities`` (``legendary``, a supertype, 205.4; ``historic``,
    700.6; ``multicolored``, ``colorless``, 105.2); any card when all are empty (CR 205.2a:
    card types)."""

    types: tuple[str, ...] = ()
    any_types: tuple[str, ...] = ()
    not_types: tuple[str, ...] = ()
    qualities: tuple[str, ...] = ()

    def render(self) -> str:
        words = [*self.qualities, *(f"non{t.lower()}" for t in self.not_types)]
        words += [" ".join(t.lower() for t in self.types)] if self.types else []
        words += [" or ".join(t.lower() for t in self.any_types)] if self.any_types else []
        return " ".join([*words, "card"])


@dataclass(frozen=True)
class RevealHand(Instruction):
    """``who`` reveals their hand (CR 701.20a); ``look``: only the ability's controller
    looks at it (701.20e, "look at target player's hand")."""

    who: Subject
    look: bool = False
    RULES: ClassVar[tuple[str, ...]] = ("701.20a", "701.20e")
    FAMILY: ClassVar[str] = "reveal"

    def render(self) -> str:
        if self.look:
            return f"you look at the hand of {self.who.render()}"
        return acts(self.who, "reveals their hand")


@dataclass(frozen=True)
class RevealCard(Instruction):
    """``who`` reveals ``what``, one card the effect named before (the top card of a library
    it looked at), showing it to all players; it stays where it is (CR 701.20a, 701.20b)."""

    what: Subject
    who: Subject = YOU
    RULES: ClassVar[tuple[str, ...]] = ("701.20a", "701.20b")
    FAMILY: ClassVar[str] = "reveal"

    def render(self) -> str:
        return acts(self.who, f"reveals {self.what.render()}")


@dataclass(frozen=True)
class ChooseCard(Instruction):
    """``chooser`` chooses (``reveal``: and reveals) ``amount`` cards that ``card`` lets through
    (:class:`~mtgrules.cards.effects_actions.CardFilter`) from ``among`` (the hand of the player
    named, or :data:`TOP_CARDS`); what is chosen is :data:`CHOSEN_CARD` after it (CR
    608.2c: the instructions that follow act on it); ``up_to``: that many or fewer ("up to
    two creature cards"), any number of them when ``amount`` is None ("any number of
    artifact cards")."""

    among: Subject
    card: CardFilter = CardFilter()  # noqa: RUF009 - a frozen (immutable) default
    chooser: Subject = YOU
    amount: Amount | None = Amount(1)  # noqa: RUF009 - a frozen (immutable) default
    reveal: bool = False
    up_to: bool = False
    RULES: ClassVar[tuple[str, ...]] = ("608.2c", "701.20a")
    FAMILY: ClassVar[str] = "reveal"

    def render(self) -> str:
        verb = "reveals" if self.reveal else "chooses"
        count = self.amount.render() if self.amount else "any number of"
        count = f"up to {count}" if self.up_to and self.amount else count
        return acts(self.chooser, f"{verb} {count} {self.card.render()} from {self.among.render()}")


@dataclass(frozen=True)
class DiscardCard(Instruction):
    """``who`` discards ``what``, a card named before (CR 701.9a: from its owner's hand to
    their graveyard)."""

    who: Subject
    what: Subject
    RULES: ClassVar[tuple[str, ...]] = ("701.9a",)
    FAMILY: ClassVar[str] = "discard"

    def render(self) -> str:
        return acts(self.who, f"discards {self.what.render()}")


@dataclass(frozen=True)
class TopCards(Instruction):
    """``who`` looks at (``how``: ``look``, CR 701.20e), reveals (``reveal``, 701.20a) or
    exiles (``exile``, 701.13a; ``face_down``, 406.3a) the top ``amount`` cards of
    ``whose`` library; they are :data:`TOP_CARDS` after it."""

    how: str
    amount: Amount
    whose: Subject = YOU
    who: Subject = YOU
    face_down: bool = False
    RULES: ClassVar[tuple[str, ...]] = ("701.20a", "701.20e", "701.13a")
    FAMILY: ClassVar[str] = "library"

    def render(self) -> str:
        verb = {"look": "looks at", "reveal": "reveals", "exile": "exiles"}[self.how]
        down = " face down" if self.face_down else ""
        return (
            f"{self.who.render()} {verb} the top {self.amount.render()} card(s) of the "
            f"library of {self.whose.render()}{down}"
        )


@dataclass(frozen=True)
class PutTopCards(Instruction):
    """Of :data:`TOP_CARDS`, the ability's controller puts ``amount`` of their choice (all
    of them when None; ``remaining``: all those not put elsewhere by the instructions
    before, "the rest"; ``card``: only cards it lets through, "a creature card from among
    them") into ``zone`` (``tapped``: onto the battlefield tapped) and, when ``rest`` is set, the others into ``rest``
    (CR 608.2c); ``order``: how cards put into a library are ordered (``any``: their
    owner's choice, 401.4; ``random``); ``up_to``: that many or fewer ("up to two creature
    cards"), any number of them when ``amount`` is None ("any number of artifact cards");
    ``cards``: instead of ``amount`` and ``card``, at most one card of each of these filters,
    each a different card ("a creature card and/or a land card"); ``attacking``: onto the
    battlefield tapped and attacking, never declared as attackers (508.4: their controller
    chooses what each attacks)."""

    zone: str
    amount: Amount | None = None
    rest: str = ""
    order: str = ""
    remaining: bool = False
    card: CardFilter | None = None
    tapped: bool = False
    up_to: bool = False
    cards: tuple[CardFilter, ...] = ()
    attacking: bool = False
    RULES: ClassVar[tuple[str, ...]] = ("608.2c", "401.4", "508.4")
    FAMILY: ClassVar[str] = "library"

    def render(self) -> str:
        which = f"{self.amount.render()} of the cards" if self.amount else "the cards"
        if self.card is not None and self.amount is not None:
            which = f"{self.amount.render()} {self.card.render()}(s) of the cards"
        if self.card is not None and self.amount is None:
            which = f"all {self.card.render()}(s) of the cards"
        if self.up_to:
            count = f"up to {self.amount.render()}" if self.amount else "any number of"
            which = f"{count} {self.card.render() if self.card else 'card'}(s) of the cards"
        if self.cards:
            each = " and/or ".join(f"a {c.render()}" for c in self.cards)
            which = f"{each} (each a different card) of the cards"
        which = "the rest of the cards" if self.remaining else which
        rest = f" and the rest {ZONE_WORDS[self.rest]}" if self.rest else ""
        order = f" in {'a random' if self.order == 'random' else 'any'} order" if self.order else ""
        tapped = " tapped" if self.tapped else ""
        tapped += " and attacking" if self.attacking else ""
        return f"put {which} {ZONE_WORDS[self.zone]}{tapped}{rest}{order}"


@dataclass(frozen=True)
class MayPlay(Instruction):
    """A permission for a while (CR 611.2a): the ability's controller may play (``cast``:
    only cast, 601.2; playing a land, 305.1) ``what`` ``until`` ``end_of_turn`` ("this
    turn"), ``end_of_your_next_turn`` ("until the end of your next turn"), ``your_next_end_step``
    ("until your next end step" begins), ``your_next_upkeep`` ("until the beginning of your
    next upkeep") or ``exiled`` ("for as long as it remains exiled"); ``free``: without
    paying its mana cost, an alternative cost (118.9); ``spend``: ``any_type`` ("mana of any
    type can be spent to cast that spell", 118.14) or ``any_color`` ("you may spend mana as
    though it were mana of any color", 609.4b: colorless mana isn't); ``instead``: the spell
    cast this way is exiled instead of being put into ``any`` graveyard or ``your``
    graveyard (a replacement, 614.1a); ``one``: only one of the cards ``what`` names may be
    played this way ("one of those cards"). Not a choice made as it resolves: nothing is
    asked then."""

    what: Subject
    until: str
    cast: bool = False
    free: bool = False
    spend: str = ""
    instead: str = ""
    one: bool = False
    RULES: ClassVar[tuple[str, ...]] = (
        "611.2a",
        "601.2",
        "305.1",
        "118.9",
        "118.14",
        "609.4b",
        "614.1a",
    )
    FAMILY: ClassVar[str] = "impulse"

    def render(self) -> str:
        verb = "cast" if self.cast else "play"
        until = {
            "end_of_turn": "this turn",
            "end_of_your_next_turn": "until the end of your next turn",
            "your_next_end_step": "until your next end step",
            "your_next_upkeep": "until the beginning of your next upkeep",
            "exiled": "for as long as it remains exiled",
        }[self.until]
        free = " without paying its mana cost" if self.free else ""
        spend = {
            "": "",
            "any_type": ", spending mana of any type to cast it",
            "any_color": ", spending mana as though it were mana of any color to cast it",
        }[self.spend]
        instead = {
            "": "",
            "any": "; if that spell would be put into a graveyard, it is exiled instead",
            "your": "; if that spell would be put into your graveyard, it is exiled instead",
        }[self.instead]
        what = f"one of {self.what.render()}" if self.one else self.what.render()
        return f"you may {verb} {what}{free} {until}{spend}{instead}"


@dataclass(frozen=True)
class ShuffleLibrary(Instruction):
    """``who`` shuffles their library (CR 701.24a)."""

    who: Subject = YOU
    RULES: ClassVar[tuple[str, ...]] = ("701.24a",)
    FAMILY: ClassVar[str] = "library"

    def render(self) -> str:
        return acts(self.who, "shuffles their library")


@dataclass(frozen=True)
class CopySpell(Instruction):
    """Copy ``what``, a spell or ability on the stack, ``times`` times ("twice", "X
    times"): each copy is put onto the stack, not cast or activated (CR 707.10);
    ``new_targets``: its controller may choose new targets for each copy (707.10c)."""

    what: Subject
    new_targets: bool = False
    times: Amount = Amount(1)  # noqa: RUF009 - a frozen (immutable) default
    RULES: ClassVar[tuple[str, ...]] = ("707.10", "707.10c")
    FAMILY: ClassVar[str] = "copy"

    def render(self) -> str:
        one = self.times == Amount(1)
        noun = "the copy" if one else "the copies"
        more = f"; you may choose new targets for {noun}" if self.new_targets else ""
        times = "" if one else f" {self.times.render()} times"
        return f"copy {self.what.render()}{times}{more}"


@dataclass(frozen=True)
class GraveyardAway(Instruction):
    """``whose`` graveyard (each player's when ``whose`` is ``each_player``) is exiled
    (``to``: ``exile``, CR 701.13a, 404.1) or shuffled into its owner's library
    (``library``, 701.24a)."""

    whose: Subject
    to: str
    RULES: ClassVar[tuple[str, ...]] = ("404.1", "701.13a", "701.24a")
    FAMILY: ClassVar[str] = "library"

    def render(self) -> str:
        if self.to == "exile":
            return f"exile the graveyard of {self.whose.render()}"
        return f"{self.whose.render()} shuffles their graveyard into their library"


@dataclass(frozen=True)
class RevealUntil(Instruction):
    """``who`` reveals (``exile``: exiles, 701.13a) cards from the top of their library one
    at a time until they reveal (exile) a card ``card`` lets through, or their library runs
    out (CR 701.20a, 608.2c); the cards revealed (exiled) are :data:`TOP_CARDS` after it and
    the card found :data:`CHOSEN_CARD` ("that card": none when none was found)."""

    who: Subject
    card: CardFilter
    exile: bool = False
    RULES: ClassVar[tuple[str, ...]] = ("701.20a", "608.2c", "701.13a")
    FAMILY: ClassVar[str] = "reveal"

    def render(self) -> str:
        verb, done = ("exiles", "exiled") if self.exile else ("reveals", "revealed")
        return acts(
            self.who,
            f"{verb} cards from the top of their library until a {self.card.render()} is {done}",
        )


@dataclass(frozen=True)
class SearchZones(Instruction):
    """``who`` searches one or more of their ``zones`` (``library``, ``graveyard``,
    ``hand``: "your library and/or graveyard", the zones they choose; CR 701.23a) for a card
    ``card`` lets through, (``reveal``: reveals it, 701.20a,) and puts it into ``zone``
    (``hand``, or ``battlefield``); ``shuffle``: then, if they searched their library, they
    shuffle it ("If you search your library this way, shuffle.", 701.24a). A card with a
    stated quality in a hidden zone may be left unfound (701.23b)."""

    who: Subject
    zones: tuple[str, ...]
    card: CardFilter
    zone: str
    reveal: bool = False
    shuffle: bool = False
    RULES: ClassVar[tuple[str, ...]] = ("701.23a", "701.23b", "701.20a", "701.24a")
    FAMILY: ClassVar[str] = "search"

    def render(self) -> str:
        zones = ", ".join(self.zones[:-1]) + f" and/or {self.zones[-1]}"
        reveal = ", reveals it" if self.reveal else ""
        where = {"hand": "into their hand", "battlefield": "onto the battlefield"}[self.zone]
        shuffle = "; their library is shuffled if it was searched" if self.shuffle else ""
        return acts(
            self.who,
            f"searches their {zones} for a {self.card.render()}{reveal}, puts it {where}{shuffle}",
        )


@dataclass(frozen=True)
class PutMilled(Instruction):
    """Of the cards the mill just before put into the graveyard of the ability's controller
    (CR 701.17a: "Mill three cards. You may put a land card from among them into your
    hand."), they put ``amount`` that ``card`` lets through, if any, into ``zone`` (their
    hand, or onto the battlefield, ``tapped``; 608.2c)."""

    card: CardFilter
    zone: str
    amount: Amount = Amount(1)  # noqa: RUF009 - a frozen (immutable) default
    tapped: bool = False
    RULES: ClassVar[tuple[str, ...]] = ("701.17a", "608.2c")
    FAMILY: ClassVar[str] = "library"

    def render(self) -> str:
        tapped = " tapped" if self.tapped else ""
        return (
            f"put {self.amount.render()} {self.card.render()}(s) from among the cards just "
            f"milled {ZONE_WORDS[self.zone]}{tapped}"
        )


@dataclass(frozen=True)
class FromOutside(Instruction):
    """The ability's controller puts a card they own from outside the game (CR 400.11: in no
    zone; a sideboard's, 400.11a) that ``card`` lets through into their hand, revealing it
    first when ``reveal`` (701.20a); the card is then in the game (400.11b, 108.3b)."""

    card: CardFilter
    reveal: bool = False
    RULES: ClassVar[tuple[str, ...]] = ("400.11", "400.11a", "400.11b", "108.3b", "701.20a")
    FAMILY: ClassVar[str] = "library"

    def render(self) -> str:
        verb = "reveal a" if self.reveal else "put a"
        tail = " and put it into your hand" if self.reveal else " into your hand"
        return f"{verb} {self.card.render()} you own from outside the game{tail}"
