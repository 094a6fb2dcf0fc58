"""Who or what an effect's instruction acts on, and how much (CR 608.2c): the
:class:`Subject` and :class:`Amount` of the effect vocabulary (:mod:`mtgrules.cards.effects`),
with the words they are shown in."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mtgrules.cards.effects_actions import CardFilter
    from mtgrules.cards.effects_groups import Selection
    from mtgrules.cards.statics import Group


@dataclass(frozen=True)
class Amount:
    """A number an instruction uses: ``fixed``, or X as announced (CR 107.3a), or a count
    the rules make (``count``: ``power_of`` a subject's power, 208.3; ``group``, how many
    objects of ``group`` there are; ``toughness_of``, 208.3; ``hand``, the cards in the acting
    player's hand as it happens; ``life_total``, ``hand_size``, ...: ``of``'s, 107.3c, only
    the cards that fit ``cards`` when it is given; ``event``, "that much", what its trigger
    event carried, 603.2; ``counters``, the counters of kind ``counter`` (any kind when
    empty) on ``of``, 122.1; ``greatest_power``, ``greatest_toughness``,
    ``greatest_mana_value`` among ``group``, 208.1, 202.3; ``devotion`` to ``color``,
    700.5; ``basic_land_types`` and ``colors`` among ``group``, 205.3i, 105.1;
    ``opponents``, the controller's opponents, 102.2-102.3; ``blockers``, the creatures
    blocking ``of``, 509.1g; ``this_way``, the objects of ``group`` (cards of ``cards``,
    counters of kind ``counter``) the ability ``way`` before, "destroyed this way", 608.2c;
    ``damage_prevented``, the damage its prevention prevented; ``party``, the creatures in
    your party, 700.8; ``colors_spent``, the colors of mana spent to cast it, 601.2h;
    ``x_paid``, the X chosen as the effect paid {X}, 107.3f). A count is ``times`` it plus
    ``plus`` ("3 minus the number of cards in their hand": times -1, plus 3; "twice its
    power": times 2), zero where that is less than zero (107.1b)."""

    fixed: int = 0
    x: bool = False
    count: str = ""  # "power_of", "toughness_of" (a subject's), "group", "hand", "event", ...
    of: Subject | None = None  # whose power or toughness (or life total, hand size, ...)
    group: Group | None = None  # what is counted, for "group"
    times: int = 1  # "2 life for each creature": a group's count times this
    plus: int = 0  # "1 plus the sacrificed creature's mana value", "... minus 4"
    counter: str = ""  # for "counters": the kind counted ("+1/+1", "charge"), any if empty
    color: str = ""  # for "devotion": the color ("green")
    cards: CardFilter | None = None  # for a player's zone size: only the cards that fit it
    way: str = ""  # for "this_way": what the ability did before ("destroyed", "removed")

    def render(self) -> str:
        if self.x:
            return "X"
        if self.plus or (self.times != 1 and self.count not in ("group", *PLAYER_ZONES)):
            base = replace(self, times=1, plus=0).render()
            if self.times == -1:
                return f"{self.plus} minus {base}"
            text = f"{self.times} times {base}" if self.times != 1 else base
            sign = "plus" if self.plus > 0 else "minus"
            return f"{text} {sign} {abs(self.plus)}" if self.plus else text
        if self.count in COUNT_WORDS:
            return COUNT_WORDS[self.count](self)
        if self.count in ("power_of", "toughness_of") and self.of is not None:
            return f"the {self.count.removesuffix('_of')} of {self.of.render()}"
        times = f"{self.times} times " if self.times != 1 else ""
        if self.count == "group" and self.group is not None:
            return f"{times}the number of {self.group.render().lower()}"
        if self.count in THIS_WAY:  # what the effect's instruction before did
            return THIS_WAY[self.count]
        if self.count in ("hand", "event"):  # "event": what its trigger event carried
            return {"hand": "all the cards in their hand", "event": "that much"}[self.count]
        if self.cards is not None and self.count in PLAYER_ZONES and self.of is not None:
            times = f"{self.times} times " if self.times != 1 else ""
            zone = self.count.removesuffix("_size")
            whose = "your" if self.of.kind == "you" else f"{self.of.render()}'s"
            return f"{times}the number of {self.cards.render()}s in {whose} {zone}"
        if self.count and self.of is not None:  # a player's "life_total", "hand_size", ...
            return f"{times}the {self.count.replace('_', ' ')} of {self.of.render()}"
        return str(self.fixed)


@dataclass(frozen=True)
class Subject:
    """Who or what an instruction acts on.

    ``kind`` is one of:

    - ``target``: the ``index``-th target of the ability (from 0, in the order its text
      names them, CR 601.2c, 115.1);
    - ``self``: the object the ability belongs to ("this creature", CR 201.5);
    - ``you``: the ability's controller (109.5);
    - ``its_controller``: the controller of the ``index``-th target (its owner if it
      left the battlefield, by last known information, 608.2h);
    - ``each``: every object of ``group`` (a "each creature" effect, 608.2c);
    - ``each_player`` / ``each_opponent``: every player / every opponent of the
      controller (102.2), in APNAP order (101.4);
    - ``each_other_player``: every player but the controller ("each other player", 102.1:
      a teammate too, where "each opponent" leaves teammates out), in APNAP order;
    - ``defending_player``: the player the attacking creature the ability refers to is
      attacking ("defending player", 506.2, 508.5; one player, 508.5a);
    - ``you_and_target``: the controller and the ``index``-th target, a player, each ("You
      and target opponent each draw a card"), in APNAP order (101.4);
    - ``that``: the object or player the triggering event named ("that creature",
      603.7c, 608.2h), which is what ``noun`` says (``player``, ``object``, a card type);
    - ``that_controller``: in a triggered ability, the controller of the object whose
      leaving the battlefield triggered it, as it last existed there (608.2h);
    - ``sacrificed``: the object sacrificed to pay the ability's cost, as it last existed
      (608.2h; "the sacrificed creature's power");
    - ``damaged_this_way``: each creature the effect's damage was dealt to;
    - ``chosen``: objects of ``group`` that the acting player chooses as the instruction
      is carried out, among those they control ("sacrifices a creature", 701.21a); how
      many is the instruction's own amount;
    - ``selection``: the objects ``selection`` names, not targeted (cards in a graveyard,
      a permanent the controller chooses as it resolves; 608.2c-d,
      :mod:`mtgrules.cards.effects_groups`);
    - ``exiled_with``: the cards exiled by the ability of this object it is linked to ("the
      exiled card", "all cards exiled with this artifact", 607.2a, 406.6).
    - ``chosen_player``: the opponent or player the effect's controller chose as it
      resolved ("Choose an opponent. That player ...", 608.2d; cards/effects_named.py).
    """

    kind: str
    index: int = 0
    group: Group | None = None
    noun: str = ""  # ``that``: "player", "object" ("it"), "creature", "card", "spell", ...
    selection: Selection | None = None

    def render(self) -> str:
        if self.kind == "target":
            return "the target" if self.index == 0 else f"target {self.index + 1}"
        if self.kind == "each" and self.group is not None:
            if self.group.quantifier in ("", "all", "each") and not self.group.attached:
                text = replace(self.group, quantifier="each").render()  # "each creature ..."
                return text[:1].lower() + text[1:]
            return "each " + self.group.render().lower()
        if self.kind == "you_and_target":  # "each of you and the target draws"
            return "each of you and " + replace(self, kind="target").render()
        if self.kind == "selection" and self.selection is not None:
            return self.selection.render()
        if self.kind == "chosen" and self.group is not None:
            return f"{self.group.render().lower()} of their choice"
        words = SUBJECT_WORDS.get(self.kind, self.kind)
        return f"the {self.noun} its trigger named" if self.noun else words


SUBJECT_WORDS = {
    "self": "this object",
    "you": "you",
    "its_controller": "its controller",
    "each_player": "each player",
    "each_opponent": "each opponent",
    "each_other_player": "each other player",
    "defending_player": "the defending player",
    "that": "that object",
    "that_controller": "that object's controller",
    "chosen": "objects of their choice",
    "sacrificed": "the object sacrificed to pay its cost",
    "damaged_this_way": "each creature dealt damage this way",
    "top_cards": "the cards taken from the top of the library",
    "chosen_card": "the chosen card",
    "chosen_player": "the chosen player",
    "created": "the token(s) it created",
    "exiled_with": "the card(s) exiled with this object",
}
# "the life lost this way", "the damage dealt this way" (Amount.count)
THIS_WAY = {"life_lost": "the life lost this way", "damage_dealt": "the damage dealt this way"}
# the zones a player's count may be of (Amount.count "hand_size", ...)
PLAYER_ZONES = ("hand_size", "graveyard_size", "library_size")


def _group_words(amount: Amount) -> str:
    return amount.group.render().lower() if amount.group is not None else "?"


def _of_words(amount: Amount) -> str:
    return amount.of.render() if amount.of is not None else "?"


def _this_way_noun(amount: Amount) -> str:
    if amount.cards is not None:
        return amount.cards.render() + "s"
    if amount.group is not None:
        return _group_words(amount)
    return f"{amount.counter + ' ' if amount.counter else ''}counters"


# the words of the counts an Amount makes beyond a group's, an object's P/T and a player's
COUNT_WORDS = {
    "counters": lambda a: (
        f"the number of {a.counter + ' ' if a.counter else ''}counters on {_of_words(a)}"
    ),
    "greatest_power": lambda a: f"the greatest power among {_group_words(a)}",
    "greatest_toughness": lambda a: f"the greatest toughness among {_group_words(a)}",
    "greatest_mana_value": lambda a: f"the greatest mana value among {_group_words(a)}",
    "devotion": lambda a: f"your devotion to {a.color}",
    "basic_land_types": lambda a: f"the number of basic land types among {_group_words(a)}",
    "colors": lambda a: f"the number of colors among {_group_words(a)}",
    "opponents": lambda a: "the number of your opponents",
    "blockers": lambda a: f"the number of creatures blocking {_of_words(a)}",
    "this_way": lambda a: f"the number of {_this_way_noun(a)} {a.way} this way",
    "damage_prevented": lambda a: "the damage prevented this way",
    "party": lambda a: "the number of creatures in your party",
    "colors_spent": lambda a: "the number of colors of mana spent to cast it",
    "x_paid": lambda a: "the X paid",
}
SELF = Subject("self")
YOU = Subject("you")
DEFENDING_PLAYER = Subject("defending_player")
EACH_OTHER_PLAYER = Subject("each_other_player")
