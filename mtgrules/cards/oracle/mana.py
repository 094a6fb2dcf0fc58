"""Reading mana the board decides from Oracle words (CR 106.7, 106.12a, 605.1b, 614.15, 700.5).

Three families of "Add ..." words whose mana isn't fixed symbols:

- triggered mana abilities on a permanent tapped for mana (CR 106.12a, 605.1b): who taps
  what ("enchanted land is tapped", "you tap a nonland permanent", "a player taps a
  Forest") and the mana they add ("an additional {G}", "an additional one mana of any
  color", "two mana in any combination of colors", "one mana of any type that land
  produced", "{G} for each Elf on the battlefield");
- mana in any combination of colors, and mana of a type that other permanents of a kind
  (lands, basic lands, Gates) could produce (CR 106.7);
- an amount read from the board: "equal to [its] power", "equal to your devotion to
  [a color]" (CR 700.5), and a self-replacement "If [condition], add ... instead"
  (CR 614.15) whose condition is controlling permanents of named subtypes or a counter
  on the permanent itself.

Anything else stays unread (None): the card's own reader then keeps the words.
"""

from __future__ import annotations

import re
from dataclasses import replace

from mtgrules import lazyre
from mtgrules.cards.mana import parse_symbols
from mtgrules.cards.mana_effects import Mana
from mtgrules.cards.oracle.costs import SELF
from mtgrules.cards.vocabulary import TriggerEvent

_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
_COLOR = r"\{[WUBRGC]\}"
_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_SUBTYPE = r"[A-Z][a-z]+"

# -- triggered mana abilities (CR 106.12a, 605.1b) -----------------------------

# what is tapped: "a land", "an Island", "a nonland permanent", "a Mountain, Forest, or Plains"
_TAPPED = (
    rf"(?P<what>(?:basic |nonbasic )?land|creature|artifact token|artifact|permanent|nonland permanent"
    rf"|{_SUBTYPE}(?:, {_SUBTYPE})*,? or {_SUBTYPE}|{_SUBTYPE})"
)
_TRIGGER_FORMS = (
    (
        lazyre.compile(
            rf"^(Whenever enchanted {_TAPPED} is tapped for mana), its controller adds "
        ),
        "enchanted",
        "any",
    ),
    (
        lazyre.compile(rf"^(Whenever an? {_TAPPED} is tapped for mana), its controller adds "),
        "",
        "any",
    ),
    (lazyre.compile(rf"^(Whenever you tap an? {_TAPPED} for mana), add "), "", "you"),
    (
        lazyre.compile(rf"^(Whenever a player taps an? {_TAPPED} for mana), that player adds "),
        "",
        "any",
    ),
)
_TRIGGER_MANA = (
    (lazyre.compile(rf"^(?:an additional )?(?P<s>(?:{_COLOR})+)$"), "fixed"),
    (
        lazyre.compile(
            rf"^an additional (?P<s>{_COLOR}) for each (?P<what>(?:basic )?{_SUBTYPE} (?:you control|on the battlefield))$"
        ),
        "for_each",
    ),
    (lazyre.compile(r"^(?:an )?additional one mana of any colou?r$"), "any_color"),
    # "an additional one mana of the chosen color" (Utopia Sprawl): linked to "As this
    # Aura enters, choose a color" (CR 607.2d, 614.12)
    (lazyre.compile(r"^(?:an )?additional one mana of the chosen colou?r$"), "chosen"),
    (
        lazyre.compile(
            r"^(?:an )?additional (?P<n>two|three) mana in any combination of colou?rs$"
        ),
        "combination",
    ),
    (
        lazyre.compile(
            r"^one (?:additional )?mana of any type that (?P<by>land|permanent|creature|artifact(?: token)?) produced$"
        ),
        "produced",
    ),
)


def read_mana_trigger(line: str) -> tuple[str, TriggerEvent, Mana] | None:
    """A triggered mana ability's trigger condition (the card's words), event and mana, or
    None when ``line`` isn't one of the forms read here."""
    for pattern, what, whose in _TRIGGER_FORMS:
        found = pattern.match(line)
        if found is None or not line.endswith("."):
            continue
        mana = _trigger_mana(line[found.end() : -1])
        if mana is None:
            return None
        tapped = _tapped_key(found.group("what"))
        if what == "enchanted" and tapped not in (
            "land",
            "Forest",
            "Plains",
            "Island",
            "Swamp",
            "Mountain",
        ):
            return None
        return (
            found.group(1),
            TriggerEvent("tapped_for_mana", what=what or tapped, whose=whose),
            mana,
        )
    return None


def _tapped_key(words: str) -> str:
    """``what`` of a :class:`TriggerEvent`: a card type, ``nonland``, ``basic land``, or
    subtypes joined by ``|`` ("Mountain, Forest, or Plains")."""
    if words == "nonland permanent":
        return "nonland"
    if words[:1].isupper():
        return "|".join(w for w in re.split(r",? or |, ", words) if w)
    return words


def _trigger_mana(words: str) -> Mana | None:
    for pattern, kind in _TRIGGER_MANA:
        found = pattern.match(words)
        if found is None:
            continue
        if kind == "fixed":
            return Mana(fixed=parse_symbols(found.group("s")))
        if kind == "for_each":
            return Mana(fixed=parse_symbols(found.group("s")), for_each=found.group("what"))
        if kind == "any_color":
            return Mana(any_color=1)
        if kind == "chosen":
            return Mana(amount_by=CHOSEN_COLOR, depends=f"adds {words}")
        if kind == "combination":
            return Mana(any_combination=_NUMBERS[found.group("n")])
        return Mana(one_of_produced=1, produced_by=found.group("by"))
    return None


# -- mana the board decides (CR 106.7, 614.15, 700.5) -------------------------

_COMBINATION = lazyre.compile(
    r"^Add (?P<n>two|three|four|five|six|seven) mana in any combination of colors$"
)
_COULD = lazyre.compile(
    r"^Add one mana of any (?P<kind>type|color) that an? (?P<what>land|basic land|Gate) (?P<whose>you control|an opponent controls) could produce$"
)
_POWER = lazyre.compile(rf"^Add an amount of (?P<s>{_COLOR}) equal to (?:its|{SELF}'s) power$")
_DEVOTION = lazyre.compile(
    rf"^Add an amount of (?P<s>{_COLOR}) equal to your devotion to (?P<color>white|blue|black|red|green)$"
)
_IF_CONTROL = lazyre.compile(
    r"^If you control an? (?P<a>[A-Z][\w'-]*(?: [A-Z][\w'-]*)?) and an? (?P<b>[A-Z][\w'-]*(?: [A-Z][\w'-]*)?), add (?P<then>[^.]+) instead$"
)
_IF_COUNTER = lazyre.compile(
    rf"^If {SELF} has an? (?P<counter>\+1/\+1|[a-z]+) counter on it, (?:add (?P<then>[^.]+) instead|instead add (?P<then2>[^.]+))$"
)


# "Add X mana in any combination of colors" / "of {W} and/or {U}", X announced as the
# ability is activated (its cost says X: "Remove X storage counters", "{X}", "Pay X speed")
_X_COMBINATION = lazyre.compile(
    rf"^Add X mana in any combination of (?:colors|(?P<a>{_COLOR}) and/or (?P<b>{_COLOR}))"
    rf"(?P<power>, where X is (?:its|{SELF}'s) power)?$"
)
# "Add one mana of the chosen color", "Add {G} or one mana of the chosen color": the color
# chosen as the permanent entered (CR 607.2d, 614.12)
_CHOSEN = lazyre.compile(
    rf"^Add (?:(?P<or>{_COLOR}) or )?(?P<n>one|two|three|four) mana of the chosen colou?r$"
)
# ``Mana.amount_by`` of these two forms (``depends`` kept: a reader that doesn't know them
# refuses): X mana, X announced as it is activated; mana of the color chosen as it entered
X_ANNOUNCED = "x"
CHOSEN_COLOR = "chosen:color"

_COLOR_OF = lazyre.compile(
    r"^Choose a color of a permanent you control\. Add one mana of that color$"
)


def read_color_of(text: str) -> Mana | None:
    """ "Choose a color of a permanent you control. Add one mana of that color." (without its
    last period): one mana of a color one of its controller's permanents has (CR 105.2)."""
    return Mana(color_of="permanent_you_control") if _COLOR_OF.match(text) else None


def read_board_mana(text: str) -> Mana | None:
    """The mana of one "Add ..." sentence (without its period) of a form read here, or None."""
    if found := _COMBINATION.match(text):
        return Mana(any_combination=_NUMBERS[found.group("n")])
    if found := _COULD.match(text):
        what = found.group("what").replace(" ", "_")
        whose = "you_control" if found.group("whose") == "you control" else "opponent_controls"
        if what != "land" and whose != "you_control":
            return None
        return Mana(could_produce=f"{what}_{whose}", could_produce_kind=found.group("kind"))
    if found := _X_COMBINATION.match(text):
        # X announced as it is activated, or "where X is its power" (CR 208.1)
        by = "power" if found.group("power") else X_ANNOUNCED
        if found.group("a") is None:
            return Mana(any_combination=1, amount_by=by, depends=text)
        pair = parse_symbols(found.group("a") + found.group("b"))
        if "C" in pair:
            return None
        return Mana(one_of=pair, amount_by=by, depends=text)
    if found := _CHOSEN.match(text):
        one_of = parse_symbols(found.group("or")) if found.group("or") else ()
        n = _NUMBERS[found.group("n")]
        if one_of and n != 1:
            return None
        return Mana(one_of=one_of, amount=n, amount_by=CHOSEN_COLOR, depends=text)
    if found := _POWER.match(text):
        return Mana(fixed=parse_symbols(found.group("s")), amount_by="power", depends=text)
    if found := _DEVOTION.match(text):
        color = _COLOR_WORDS[found.group("color")]
        return Mana(
            fixed=parse_symbols(found.group("s")), amount_by=f"devotion:{color}", depends=text
        )
    return None


def read_instead(first: Mana, rest: str, whole: str, read) -> Mana | None:
    """ "Add X. If [condition], add Y instead." (CR 614.15): ``first`` with the condition and Y,
    ``depends`` kept as the whole text (the card's words, self-references restored); ``read``
    reads Y's "Add ..." sentence. None if the
    condition or Y isn't a form read here."""
    if first.depends or first.rider:
        return None
    if found := _IF_CONTROL.match(rest):
        condition = "control:" + ";".join("|".join(found.group(k).split(" ")) for k in ("a", "b"))
        then = found.group("then")
    elif found := _IF_COUNTER.match(rest):
        condition = f"counter:{found.group('counter')}"
        then = found.group("then") or found.group("then2")
    else:
        return None
    then_mana = _then(first, then, read)
    if then_mana is None:
        return None
    return replace(first, instead_if=condition, instead=then_mana, depends=whole)


def _then(first: Mana, words: str, read) -> Mana | None:
    """The mana of "add ... instead": symbols, "N mana of any (one) color", or "N mana of
    that type" (the type the first sentence's choice made, CR 106.7's kind kept)."""
    found = re.fullmatch(r"(?P<n>two|three|four|five) mana of that type", words)
    if found is not None:
        if not first.could_produce:
            return None
        return replace(first, amount=_NUMBERS[found.group("n")])
    then = read("Add " + words)
    if then is None or then.depends or then.could_produce or then.amount_by:
        return None
    return then
