"""The Oracle effect reader's counted amounts (docs/effects.md, "Amounts"): what "the number
of", "for each", "equal to" and "where X is" count beyond a group of permanents, and a
count's arithmetic, as :class:`~mtgrules.cards.effects.Amount` values.

- counters of a kind on one object ("the number of +1/+1 counters on it", "for each charge
  counter on this artifact", CR 122.1);
- cards of a kind in a player's hand, graveyard or library ("the number of creature cards
  in your graveyard", "for each instant and sorcery card in your graveyard"), their kind
  read by :func:`~mtgrules.cards.oracle.card_filters.read_card_filter` (107.3c);
- the greatest power, toughness or mana value among a group (208.1, 202.3), a player's
  devotion to a color (700.5), the basic land types or colors among a group (205.3i,
  105.1), the controller's opponents (102.2, 102.3), the creatures in a party (700.8), the
  colors of mana spent to cast the spell (601.2h), a creature type's permanents on the
  battlefield, the creatures blocking an attacking creature (509.1g; "beyond the first");
- the power, toughness or mana value of the spell or card a triggered ability's event named
  ("that spell's mana value", 603.7c, 608.2h), read only where nothing else was named yet;
- what the ability did before ("for each creature destroyed this way", "the number of
  storage counters removed this way", "the damage prevented this way"; 608.2c), which the
  play-out refuses to count;
- "N plus", "N minus", "minus N" and "twice" a count (107.3c), zero where the result is
  less than zero (107.1b);
- "for each" after an instruction's amount: cards drawn, life, mana, counters, tokens,
  damage, and "gets +1/+1 until end of turn for each ..." (a change of X, where X is the
  count, 613.4c).

A tree these methods can't hold whole raises
:class:`~mtgrules.cards.oracle.effects_parts.Unread`, and its sentence stays unread.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from mtgrules.cards.effects import SELF, YOU, Amount, Modify, Subject
from mtgrules.cards.oracle.card_filters import read_card_filter
from mtgrules.cards.oracle.costs import number
from mtgrules.cards.oracle.effects_parts import (
    Unread,
    VerbPhrase,
    is_player,
    object_only,
    signed_pt,
    third_person,
)
from mtgrules.cards.oracle.statics import read_group
from mtgrules.cards.statics import Group

# the card types whose "and" in a count means "or" ("instant and sorcery cards": each card
# that is an instant or a sorcery, CR 205.2a)
_TYPES = {"land", "creature", "artifact", "enchantment", "planeswalker", "instant", "sorcery"}


def _event_card(state: Any, noun: str) -> bool:
    """A triggered ability's first sentence before anything in it was named: "that spell",
    "that card" is what its event named (oracle/trigger_referents.py); "that spell" also
    after the sentence named only the source, a permanent its text calls "this creature"
    (never "that spell")."""
    named = state.last_object is None or (noun == "spell" and state.last_object == SELF)
    return (
        state.kind == "triggered"
        and getattr(state, "event_named", False)
        and not state.sentences_read
        and named
    )


def _plain(amount: Amount, what: str) -> Amount:
    """A count arithmetic may apply to: a count the rules make, not X nor a number nor an
    already computed one."""
    if amount.x or not amount.count or amount.times != 1 or amount.plus:
        raise Unread(what)
    return amount


def _times(amount: Amount, each: Amount) -> Amount:
    """ "2 life for each ...": the count times the number before "for each"."""
    if amount.x or amount.count or amount.fixed < 1 or each.plus:
        raise Unread("N for each")
    return replace(each, times=each.times * amount.fixed)


def _number(words: str) -> int:
    n = number(words)
    if n is None:
        raise Unread(words)
    return n


class AmountCounts:
    """Counted amounts (see the module's docstring)."""

    state: Any  # the reader's sentence state (oracle_effects._State)

    # -- counters on an object (CR 122.1)
    def amt_counters_of(self, token, what):
        kind = str(token).rsplit(" ", 1)[0] if " " in str(token) else ""
        if is_player(what, self.state.players) or what.kind == "each":
            raise Unread("counters on what")
        return Amount(count="counters", of=what, counter=kind)

    # -- cards of a kind in a player's zone (CR 107.3c)
    def amt_cards_in(self, token):
        words = str(token)
        kinds, _, where = words.partition(" in ")
        kind_words = kinds.split()
        kind_words = kind_words[:-1]  # "cards" or, after "for each", "card"
        if "and" in kind_words:  # "instant and sorcery": types only, either of them
            if not set(w.rstrip(",") for w in kind_words) <= _TYPES | {"and"}:
                raise Unread(words)
            kind_words = [w if w != "and" else "or" for w in kind_words]
        counted = self.cards_in_zone("cards in " + where)
        if not kind_words:  # "the number of cards in their hand": every card there
            return counted
        return replace(counted, cards=read_card_filter(" ".join([*kind_words, "card"]), False))

    # -- the creatures blocking an attacking creature (CR 509.1g), "beyond the first": one
    # fewer
    def amt_blocking(self, _token, what, *beyond):
        if is_player(what, self.state.players) or what.kind == "each":
            raise Unread("blocking what")
        return Amount(count="blockers", of=what, plus=-1 if beyond else 0)

    # -- what the ability did before: "for each creature destroyed this way", "the number
    # of storage counters removed this way" (608.2c: the words name the objects or
    # counters an earlier action of the same ability acted on)
    def amt_this_way(self, token):
        words = str(token).split()
        way = words[-3]
        noun = [*words[:-4], words[-4].removesuffix("s")]
        if noun[-1] == "counter":
            return Amount(count="this_way", way=way, counter=" ".join(noun[:-1]))
        if noun[-1] == "card":
            cards = read_card_filter(" ".join(noun), plural=False)
            return Amount(count="this_way", way=way, cards=cards)
        group = read_group("Each " + " ".join(noun))
        if group is None or group.whose != "any" or group.noun == "self" or group.attached:
            raise Unread(str(token))
        return Amount(count="this_way", way=way, group=_counted(group))

    def amt_prevented(self, _token):
        return Amount(count="damage_prevented")

    # -- a party (CR 700.8) and the colors of mana spent to cast the spell (601.2h)
    def amt_party(self, _token):
        return Amount(count="party", of=YOU)

    def amt_colors_spent(self, _token):
        return Amount(count="colors_spent", of=SELF)

    # -- the greatest power, toughness or mana value among a group (CR 208.1, 202.3)
    def amt_greatest(self, token, group):
        which = str(token).split(" ", 2)[2].removesuffix(" among").replace(" ", "_")
        return Amount(count=f"greatest_{which}", group=_counted(group))

    # -- devotion (CR 700.5), basic land types (205.3i) and colors (105.1) among a group
    def amt_devotion(self, token):
        return Amount(count="devotion", of=YOU, color=str(token).rsplit(" ", 1)[1])

    def amt_among(self, token, group):
        what = "colors" if str(token).startswith("color") else "basic_land_types"
        return Amount(count=what, group=_counted(group))

    # -- the controller's opponents (CR 102.2, 102.3)
    def amt_opponents(self, _token):
        return Amount(count="opponents", of=YOU)

    # -- "Elves on the battlefield", "each other attacking Goblin": a group's count
    def amt_on_battlefield(self, token):
        words = str(token).removesuffix(" on the battlefield")
        group = read_group("Each " + words) if not words.endswith("s") else None
        group = group or read_group(words[:1].upper() + words[1:])
        if group is None or group.noun == "self" or group.attached or group.whose != "any":
            raise Unread(str(token))
        return Amount(count="group", group=_counted(group))

    def amt_attacking_type(self, token):
        group = read_group("Each " + str(token))
        if group is None or group.noun == "self" or group.attached:
            raise Unread(str(token))
        return Amount(count="group", group=_counted(group))

    # -- the trigger event's spell or card: "that spell's mana value" (603.7c, 608.2h)
    def amt_of_event(self, token, trait):
        noun = str(token).split()[1].removesuffix("'s")
        if not _event_card(self.state, noun):
            raise Unread(str(token))
        count = {"power": "power_of", "toughness": "toughness_of"}.get(str(trait), "mana_value")
        return Amount(count=count, of=Subject("that", noun=noun))

    # -- a count's arithmetic (107.3c; 107.1b: less than zero is zero)
    def amt_plus(self, token, amount):
        return replace(_plain(amount, "plus"), plus=_number(str(token).split()[0]))

    def amt_n_minus(self, token, amount):
        return replace(_plain(amount, "minus"), times=-1, plus=_number(str(token).split()[0]))

    def amt_minus_n(self, amount, token):
        return replace(_plain(amount, "minus"), plus=-_number(str(token).split()[1]))

    def amt_twice(self, _token, amount):
        return replace(_plain(amount, "twice"), times=2)

    # -- "for each" after an instruction's amount
    def amt_for_each(self, amount, *rest):
        return _times(amount, rest[-1])

    def amt_add_mana_each(self, verb, symbol, each):
        return self.add_mana_equal(verb, symbol, each)

    def amt_put_counters_each(self, verb, amount, kind, _noun, what, each):
        return self._put(verb, what, str(kind), _times(amount, each))

    def amt_create_each(self, verb, amount, *rest):
        return self.create(verb, _times(amount, rest[-1]), *rest[:-1])

    def amt_deal_each(self, verb, amount, to, each):
        return self.deal(verb, _times(amount, self._each(each)), to)

    def _each(self, each: Any) -> Amount:
        """What "for each" counts: a count, a group's number of permanents, or the cards
        in a player's zone ("for each card in your hand")."""
        if getattr(each, "type", "") == "CARD_IN_ZONE":  # a grammar token
            return self.cards_in_zone("cards in " + str(each).removeprefix("card in "))
        return _each_amount(each)

    def amt_pump_each(self, verb, pt, _until, each):
        """ "gets +1/+1 until end of turn for each ...": +X/+X where X is the count, taken
        once as it resolves (608.2h, 613.4c)."""
        power, toughness, x_power, x_toughness = signed_pt(str(pt))
        if x_power or x_toughness:
            raise Unread("X for each")
        count = self._each(each)
        players = self.state.players
        return VerbPhrase(
            third_person(verb),
            lambda a: (
                object_only(a, players)
                and Modify(a, x_power=power, x_toughness=toughness, x_is=count)
            ),
        )

    def amt_pump_each_before(self, verb, pt, each, until):
        return self.amt_pump_each(verb, pt, until, each)


def _counted(group: Group) -> Group:
    if group.noun == "self" or group.attached:
        raise Unread("what is counted")
    return replace(group, quantifier="")


def _each_amount(each: Amount | Group) -> Amount:
    """What "for each" counts: a count, or a group's number of permanents."""
    if isinstance(each, Amount):
        return each
    return Amount(count="group", group=_counted(each))
