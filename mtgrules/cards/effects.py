"""What abilities do: the effect vocabulary (CR 608.2, 609.1).

A spell's or ability's effect, read from its text, is a :class:`Script`: a sequence of
:class:`Instruction` values followed in order as it resolves (CR 608.2c), each naming
the rules it carries out (``RULES``). Who or what an instruction acts on is a
:class:`Subject`; how much is an :class:`Amount`. The glue of Oracle text is
vocabulary too: "you may" (:class:`May`), "if you do" (:class:`IfYouDo`), a modal
"choose one" (:class:`Modal`, 700.2) and "at the beginning of the next end step"
(:class:`Delayed`, 603.7).

The vocabulary says only what a card's words mean; :mod:`mtgrules.rules.effects`
carries the instructions out on a game state. What the reader could not read is
never guessed: a :class:`Script` with ``unread`` words makes every answer that depends
on it unsupported, naming those words. Every instruction is a frozen dataclass: a
reading compares, hashes and pickles."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from mtgrules.cards.effect_subjects import SELF, YOU, Amount, Subject
from mtgrules.cards.wording import acts, counted

if TYPE_CHECKING:
    from mtgrules.cards.mana_effects import Mana
    from mtgrules.cards.vocabulary import Ability


def quoted_ability(ability: Ability) -> str:
    """An ability an effect gives in quotes, in the project's words with its kind (CR
    113.1a, 113.3): 'the triggered ability "When this creature dies, ..."'."""
    kind = ability.kind.value if ability.kind.value != "unmodeled" else ""
    return f'the {kind + " " if kind else ""}ability "{ability.render()}"'


@dataclass(frozen=True)
class Instruction:
    """One thing an effect does. Subclasses name the rules they carry out."""

    RULES: ClassVar[tuple[str, ...]] = ("608.2c",)
    FAMILY: ClassVar[str] = ""

    def render(self) -> str:  # pragma: no cover - every subclass renders itself
        raise NotImplementedError


@dataclass(frozen=True)
class DealDamage(Instruction):
    """``source`` deals ``amount`` damage to ``to`` (CR 120.1, 120.3)."""

    amount: Amount
    to: Subject
    source: Subject = SELF
    RULES: ClassVar[tuple[str, ...]] = ("120.1", "120.3")
    FAMILY: ClassVar[str] = "damage"

    def render(self) -> str:
        return f"deals {self.amount.render()} damage to {self.to.render()}"


@dataclass(frozen=True)
class Destroy(Instruction):
    """Destroy ``what``: it goes to its owner's graveyard (CR 701.8a); indestructible
    keeps it where it is (702.12b)."""

    what: Subject
    RULES: ClassVar[tuple[str, ...]] = ("701.8a",)
    FAMILY: ClassVar[str] = "destroy"

    def render(self) -> str:
        return f"destroy {self.what.render()}"


@dataclass(frozen=True)
class Exile(Instruction):
    """Exile ``what`` (CR 701.13a, 406.3)."""

    what: Subject
    RULES: ClassVar[tuple[str, ...]] = ("701.13a",)
    FAMILY: ClassVar[str] = "exile"

    def render(self) -> str:
        return f"exile {self.what.render()}"


@dataclass(frozen=True)
class Move(Instruction):
    """Put ``what`` into ``zone``: ``hand`` (its owner's, "return to its owner's
    hand"), ``battlefield`` (under ``under``'s control: ``owner`` or ``you``; ``tapped``),
    ``library_top`` / ``library_bottom`` (its owner's), ``graveyard``, ``library_shuffled``
    (its owner's library, which is then shuffled, 701.24a) (CR 400.3, 400.6)."""

    what: Subject
    zone: str
    under: str = "owner"
    tapped: bool = False
    RULES: ClassVar[tuple[str, ...]] = ("400.6", "400.3")
    FAMILY: ClassVar[str] = "move"

    def render(self) -> str:
        where = {
            "hand": "its owner's hand",
            "battlefield": "the battlefield",
            "library_top": "the top of its owner's library",
            "library_bottom": "the bottom of its owner's library",
            "graveyard": "its owner's graveyard",
            "library_shuffled": "its owner's library, then shuffle it",
        }.get(self.zone, self.zone)
        tapped = " tapped" if self.tapped else ""
        control = " under your control" if self.under == "you" else ""
        into = "into" if self.zone in ("hand", "graveyard") else "onto"
        return f"put {self.what.render()} {into} {where}{tapped}{control}"


@dataclass(frozen=True)
class Sacrifice(Instruction):
    """``who`` sacrifices ``what`` (a permanent they control, CR 701.21a); when ``what`` is
    ``chosen``, ``amount`` of them, chosen by ``who``."""

    who: Subject
    what: Subject
    amount: Amount = Amount(1)
    RULES: ClassVar[tuple[str, ...]] = ("701.21a",)
    FAMILY: ClassVar[str] = "sacrifice"

    def render(self) -> str:
        return acts(self.who, f"sacrifices {self.what.render()}")


@dataclass(frozen=True)
class Counter(Instruction):
    """Counter ``what``, a spell or ability on the stack (CR 701.6a): a spell goes to its
    owner's graveyard, an ability stops existing."""

    what: Subject
    RULES: ClassVar[tuple[str, ...]] = ("701.6a",)
    FAMILY: ClassVar[str] = "counter"

    def render(self) -> str:
        return f"counter {self.what.render()}"


@dataclass(frozen=True)
class Draw(Instruction):
    """``who`` draws ``amount`` cards, one at a time (CR 121.1, 121.2)."""

    who: Subject
    amount: Amount
    RULES: ClassVar[tuple[str, ...]] = ("121.1", "121.2")
    FAMILY: ClassVar[str] = "draw"

    def render(self) -> str:
        return acts(self.who, f"draws {counted(self.amount, 'card')}")


@dataclass(frozen=True)
class Discard(Instruction):
    """``who`` discards ``amount`` cards, chosen by them or ``at_random`` (CR 701.9a-b)."""

    who: Subject
    amount: Amount
    at_random: bool = False
    RULES: ClassVar[tuple[str, ...]] = ("701.9a",)
    FAMILY: ClassVar[str] = "discard"

    def render(self) -> str:
        how = " at random" if self.at_random else ""
        return acts(self.who, f"discards {counted(self.amount, 'card')}{how}")


@dataclass(frozen=True)
class Mill(Instruction):
    """``who`` mills ``amount`` cards (CR 701.17a)."""

    who: Subject
    amount: Amount
    RULES: ClassVar[tuple[str, ...]] = ("701.17a",)
    FAMILY: ClassVar[str] = "mill"

    def render(self) -> str:
        return acts(self.who, f"mills {counted(self.amount, 'card')}")


@dataclass(frozen=True)
class GainLife(Instruction):
    """``who`` gains ``amount`` life (CR 119.3)."""

    who: Subject
    amount: Amount
    RULES: ClassVar[tuple[str, ...]] = ("119.3",)
    FAMILY: ClassVar[str] = "life"

    def render(self) -> str:
        return acts(self.who, f"gains {self.amount.render()} life")


@dataclass(frozen=True)
class LoseLife(Instruction):
    """``who`` loses ``amount`` life (CR 119.3)."""

    who: Subject
    amount: Amount
    RULES: ClassVar[tuple[str, ...]] = ("119.3",)
    FAMILY: ClassVar[str] = "life"

    def render(self) -> str:
        return acts(self.who, f"loses {self.amount.render()} life")


@dataclass(frozen=True)
class PutCounters(Instruction):
    """Put ``amount`` counters of ``kind`` on ``what`` (CR 122.1, 122.6); ``remove``:
    remove them instead."""

    what: Subject
    kind: str
    amount: Amount
    remove: bool = False
    RULES: ClassVar[tuple[str, ...]] = ("122.1", "122.6")
    FAMILY: ClassVar[str] = "counters"

    def render(self) -> str:
        verb = "remove" if self.remove else "put"
        where = "from" if self.remove else "on"
        return f"{verb} {counted(self.amount, self.kind + ' counter')} {where} {self.what.render()}"


@dataclass(frozen=True)
class TokenSpec:
    """The characteristics a token-making effect states (CR 111.3, 111.4)."""

    name: str
    colors: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    keywords: tuple[str, ...] = ()
    # a predefined token (CR 111.10): "Treasure", "Food", "Clue", ...; its abilities are the
    # ones that rule gives it, not stated by the effect
    predefined: str = ""
    # the abilities the effect gives it in quotes (111.3: its text), each read whole by the
    # ability reader; "this token" in them is the token itself
    abilities: tuple[Ability, ...] = ()
    # "an X/X ... token": its power and toughness are each X as the effect defines it (the
    # announced X, 107.3a, or "where X is ...", 107.3c), fixed as the token is created
    x_pt: Amount | None = None

    def render(self) -> str:
        pt = f"{self.power}/{self.toughness} " if self.power is not None else ""
        if self.x_pt is not None:
            pt = f"X/X (X: {self.x_pt.render()}) "
        colors = " ".join(self.colors) + " " if self.colors else ""
        kinds = " ".join((*self.subtypes, *self.types))
        with_kw = f" with {', '.join(self.keywords)}" if self.keywords else ""
        quoted = "".join(f" and {quoted_ability(a)}" for a in self.abilities)
        if quoted and not with_kw:
            quoted = " with" + quoted.removeprefix(" and")
        if self.name and not self.predefined and self.name != " ".join(self.subtypes) + " Token":
            quoted += f" named {self.name}"  # CR 111.4: the name its effect gives it
        supers = " ".join(s.lower() for s in self.supertypes) + " " if self.supertypes else ""
        return f"{supers}{pt}{colors}{kinds} token{with_kw}{quoted}".strip()


@dataclass(frozen=True)
class CreateToken(Instruction):
    """``who`` creates ``amount`` tokens of ``token`` (CR 111.1, 111.2, 701.7a), ``tapped``,
    and ``attacking``: put onto the battlefield attacking (508.4)."""

    token: TokenSpec
    amount: Amount = Amount(1)
    who: Subject = YOU
    tapped: bool = False
    attacking: bool = False
    # an Aura token made attached to this object ("create a Monster Role token attached to
    # target creature you control", 303.4f: the effect says what it enchants, 303.7: Roles)
    attached_to: Subject | None = None
    RULES: ClassVar[tuple[str, ...]] = ("111.1", "111.2", "701.7a")
    FAMILY: ClassVar[str] = "token"

    def render(self) -> str:
        how = " tapped and attacking" if self.attacking else " tapped" if self.tapped else ""
        if self.attached_to is not None:
            how += f" attached to {self.attached_to.render()}"
        return acts(self.who, f"creates {self.amount.render()} {self.token.render()}{how}")


@dataclass(frozen=True)
class Tap(Instruction):
    """Tap ``what`` (``untap``: untap it) (CR 701.26a-b)."""

    what: Subject
    untap: bool = False
    RULES: ClassVar[tuple[str, ...]] = ("701.26a",)
    FAMILY: ClassVar[str] = "tap"

    def render(self) -> str:
        return f"{'untap' if self.untap else 'tap'} {self.what.render()}"


@dataclass(frozen=True)
class Modify(Instruction):
    """``what`` gets ``power``/``toughness`` and gains ``keywords`` for ``duration``
    (``end_of_turn``, ``your_next_turn``, or one of :data:`WHILE_DURATIONS`; CR 611.2a,
    611.2b, 613.4c, 613.1f, 514.2); ``x_power`` and
    ``x_toughness`` add that many times X (as announced, 107.3a, or ``x_is``, 107.3c)."""

    what: Subject
    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()
    duration: str = "end_of_turn"
    x_power: int = 0
    x_toughness: int = 0
    x_is: Amount | None = None  # X as the text defines it ("where X is ...", 107.3c)
    # abilities it gains, written in quotes (CR 113.1a, 113.10, 613.1f): each read whole
    # by the ability reader (oracle/effects_quoted.py); "this creature" in one is ``what``
    abilities: tuple[Ability, ...] = ()
    RULES: ClassVar[tuple[str, ...]] = ("611.2a", "613.4c", "613.1f")
    FAMILY: ClassVar[str] = "pump"

    def render(self) -> str:
        parts = []
        if self.x_power or self.x_toughness:
            parts.append(
                f"gets {_with_x(self.power, self.x_power)}/{_with_x(self.toughness, self.x_toughness)}"
            )
        elif self.power or self.toughness:
            parts.append(f"gets {self.power:+d}/{self.toughness:+d}")
        gained = [*self.keywords, *(quoted_ability(a) for a in self.abilities)]
        if gained:
            parts.append(f"gains {', '.join(gained)}")
        until = f" until {self.duration.replace('_', ' ')}" if self.duration else ""
        until = WHILE_DURATIONS.get(self.duration, until)
        until += f", where X is {self.x_is.render()}" if self.x_is is not None else ""
        return f"{self.what.render()} {' and '.join(parts)}{until}"


# durations "for as long as" the source is in a state (CR 611.2b), in the project's words
WHILE_DURATIONS = {
    "while_self_tapped": " for as long as this object remains tapped",
    "while_you_control_self": " for as long as you control this object",
    "while_self_on_battlefield": " for as long as this object remains on the battlefield",
}


def _with_x(fixed: int, x: int) -> str:
    """A signed P/T change with X in it ("+X", "-X", "+2X")."""
    times = "" if abs(x) == 1 else str(abs(x))
    more = f"{fixed:+d}" if fixed else ""
    return f"{'+' if x > 0 else '-'}{times}X{more}" if x else f"{fixed:+d}"


@dataclass(frozen=True)
class AddMana(Instruction):
    """Add mana (CR 106.4): the mana effect the mana vocabulary already reads; ``mana``
    is that reading (:class:`~mtgrules.cards.mana_effects.Mana`) when there is one."""

    symbols: str
    mana: Mana | None = None
    RULES: ClassVar[tuple[str, ...]] = ("106.4",)
    FAMILY: ClassVar[str] = "mana"

    def render(self) -> str:
        return f"add {self.symbols}"


@dataclass(frozen=True)
class CounterUnlessPays(Instruction):
    """Counter ``what`` unless its controller pays ``mana`` (CR 118.12a, 701.6a): that
    player chooses, as it resolves, whether to pay; if they don't, it is countered. With
    ``per``, ``mana`` once for each one of that count ("pays {1} for each card in your
    graveyard"), counted as it resolves (107.3c, 608.2h)."""

    what: Subject
    mana: str
    per: Amount | None = None
    RULES: ClassVar[tuple[str, ...]] = ("118.12a", "701.6a")
    FAMILY: ClassVar[str] = "counter"

    def render(self) -> str:
        return f"counter {self.what.render()} unless its controller pays {self.cost()}"

    def cost(self) -> str:
        """The payment asked for: "{1}", or "{1} times the number of ..." with ``per``."""
        return self.mana if self.per is None else f"{self.mana} times {self.per.render()}"


@dataclass(frozen=True)
class Regenerate(Instruction):
    """Regenerate ``what`` (CR 701.19a): a replacement effect; the next time it would be
    destroyed this turn, it is instead tapped, its damage removed, and it is removed from
    combat."""

    what: Subject
    RULES: ClassVar[tuple[str, ...]] = ("701.19a",)
    FAMILY: ClassVar[str] = "regenerate"

    def render(self) -> str:
        return f"regenerate {self.what.render()}"


@dataclass(frozen=True)
class Fight(Instruction):
    """``fighter`` fights ``other``: each deals damage equal to its power to the other
    (CR 701.14a); if either isn't on the battlefield (or isn't a creature), no damage
    is dealt (701.14b)."""

    fighter: Subject
    other: Subject
    RULES: ClassVar[tuple[str, ...]] = ("701.14a", "701.14b")
    FAMILY: ClassVar[str] = "fight"

    def render(self) -> str:
        return f"{self.fighter.render()} fights {self.other.render()}"


@dataclass(frozen=True)
class Scry(Instruction):
    """``who`` scries ``amount`` (CR 701.22a): looks at that many cards from the top of
    their library and puts any of them on the bottom, the rest on top in any order;
    ``surveil``: into the graveyard instead of the bottom (701.25a)."""

    who: Subject
    amount: Amount
    surveil: bool = False
    RULES: ClassVar[tuple[str, ...]] = ("701.22a",)
    FAMILY: ClassVar[str] = "scry"

    def render(self) -> str:
        verb = "surveils" if self.surveil else "scries"
        return acts(self.who, f"{verb} {self.amount.render()}")


@dataclass(frozen=True)
class May(Instruction):
    """ "You may [do it]": the controller chooses as it resolves (CR 603.5, 608.2d)."""

    then: Script
    RULES: ClassVar[tuple[str, ...]] = ("608.2d",)
    FAMILY: ClassVar[str] = "glue"

    def render(self) -> str:
        return f"you may {self.then.render().removeprefix('you ')}"


@dataclass(frozen=True)
class IfYouDo(Instruction):
    """ "If you do, [more]": done only if the optional instruction before it was done
    (CR 608.2c)."""

    then: Script
    RULES: ClassVar[tuple[str, ...]] = ("608.2c",)
    FAMILY: ClassVar[str] = "glue"

    def render(self) -> str:
        return f"if you do, {self.then.render()}"


@dataclass(frozen=True)
class Modal(Instruction):
    """ "Choose one —" and its modes (CR 700.2): ``choose`` modes are chosen as it is cast
    or put on the stack (700.2a-b)."""

    modes: tuple[Script, ...]
    choose: int = 1
    RULES: ClassVar[tuple[str, ...]] = ("700.2", "700.2a")
    FAMILY: ClassVar[str] = "glue"

    def render(self) -> str:
        return f"choose {self.choose}: " + "; or ".join(m.render() for m in self.modes)


@dataclass(frozen=True)
class Delayed(Instruction):
    """A delayed triggered ability the effect creates (CR 603.7a): ``when`` is
    ``next_end_step`` ("at the beginning of the next end step", 513.1), ``next_upkeep``
    ("at the beginning of the next turn's upkeep", 503.1a), ``end_of_combat`` ("at end of
    combat", 511.2) or ``your_next_end_step`` ("at the beginning of your next end step",
    the controller's, 513.1)."""

    when: str
    then: Script
    RULES: ClassVar[tuple[str, ...]] = ("603.7a",)
    FAMILY: ClassVar[str] = "glue"

    def render(self) -> str:
        return f"{DELAYED_WORDS.get(self.when, self.when)}, {self.then.render()}"


# when a delayed trigger triggers, in the project's words
DELAYED_WORDS = {
    "next_end_step": "at the beginning of the next end step",
    "next_upkeep": "at the beginning of the next turn's upkeep",
    "end_of_combat": "at end of combat",
    "your_next_end_step": "at the beginning of your next end step",
}


@dataclass(frozen=True)
class Script:
    """An effect as read: its instructions in order (CR 608.2c), or ``unread`` words the
    reader could not take apart (every answer that depends on them is unsupported)."""

    steps: tuple[Instruction, ...] = ()
    unread: str = ""
    # a triggered ability's "This ability triggers only once each turn." (CR 603.2, 603.2h):
    # recorded with the trigger, no instruction (effects_frames.TRIGGER_LIMITS)
    trigger_limit: str = ""

    @property
    def complete(self) -> bool:
        return not self.unread and _all_read(self.steps)

    def render(self) -> str:
        text = ", then ".join(step.render() for step in self.steps)
        if self.unread:
            text = f"{text}; not read: {self.unread!r}" if text else f"not read: {self.unread!r}"
        if self.trigger_limit:
            text += f" (it triggers only {self.trigger_limit.replace('_', ' ')})"
        return text

    def families(self) -> frozenset[str]:
        """The effect families it uses (coverage's table), glue's contents included."""
        out: set[str] = set()
        for step in self.steps:
            if step.FAMILY != "glue":
                out.add(step.FAMILY)
            for inner in _inner_scripts(step):
                out |= inner.families()
        return frozenset(out)


def _inner_scripts(step: Instruction) -> tuple[Script, ...]:
    modes = getattr(step, "modes", None)  # Modal, effects_choices.ChooseModes
    if isinstance(modes, tuple):
        return modes
    # May, IfYouDo, Delayed, effects_amounts.Unless; effects_conditions.If's "otherwise"
    inner = (getattr(step, "then", None), getattr(step, "otherwise", None))
    return tuple(s for s in inner if isinstance(s, Script))


def _all_read(steps: tuple[Instruction, ...]) -> bool:
    return all(inner.complete for step in steps for inner in _inner_scripts(step))
