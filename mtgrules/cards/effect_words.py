"""What the engine read an ability to do, in the project's own words with the rules each
instruction carries out (``mtgrules card NAME``): "deals 3 damage to the target — CR
120.1, 120.3", and the words it left unread, on which every answer that depends on them
is unsupported (docs/effects.md).
"""

from __future__ import annotations

from mtgrules.cards.effect_reading import effect_reading
from mtgrules.cards.effects import (
    DELAYED_WORDS,
    Delayed,
    IfYouDo,
    Instruction,
    May,
    Modal,
    Script,
)
from mtgrules.cards.effects_choices import ChooseModes, IfYouDont
from mtgrules.cards.effects_conditions import If, WhenYouDo
from mtgrules.cards.oracle.effect_texts import ability_effect
from mtgrules.cards.vocabulary import Ability

_KIND_WORDS = {
    "spell": "the spell's effect (CR 113.3a, 608.2)",
    "activated": "the effect after its cost (CR 602.1a, 608.2)",
    "triggered": 'the effect after its trigger condition and any "if" (CR 603.1, 603.4, 608.2)',
}


def rules_of(step: Instruction) -> tuple[str, ...]:
    """The rules an instruction carries out (a keyword action names its own, CR 701)."""
    return tuple(getattr(step, "rules", step.RULES))


def describe_ability(
    ability: Ability, name: str, paragraph: str = "", spell: bool = False
) -> list[str]:
    """The lines that say what ``ability`` of the card ``name`` does, as read: none when it
    is no spell, activated or triggered ability. ``paragraph``: its words (the card's
    own when imported, else its rendering); ``spell``: the card is an instant or sorcery
    (CR 113.3a)."""
    line = paragraph or ability.oracle or ability.render()
    found = ability_effect(line, ability, name, spell)
    if found is None:
        return []
    kind, words = found
    script = effect_reading(kind, words, name, ability)
    head = f"Effect as read, {_KIND_WORDS[kind]}:"
    if not script.steps and not script.unread:
        return [head, "  nothing read"]
    return [head, *describe_script(script, "  ")]


def describe_script(script: Script, indent: str = "") -> list[str]:
    """A Script as lines, an instruction a line with its rules; the words not read last."""
    lines: list[str] = []
    for step in script.steps:
        lines += _describe_step(step, indent)
    if script.unread:
        lines.append(
            f"{indent}not read (an answer that depends on it is unsupported): "
            f"{' '.join(script.unread.split())!r}"
        )
    return lines


def _describe_step(step: Instruction, indent: str) -> list[str]:
    rules = f" — CR {', '.join(rules_of(step))}"
    deeper = indent + "  "
    if isinstance(step, May):
        return [f"{indent}you may{rules}:", *describe_script(step.then, deeper)]
    if isinstance(step, IfYouDo):
        return [f"{indent}if you do{rules}:", *describe_script(step.then, deeper)]
    if isinstance(step, IfYouDont):
        return [f"{indent}if you don't{rules}:", *describe_script(step.then, deeper)]
    if isinstance(step, Delayed):
        when = DELAYED_WORDS.get(step.when, step.when)
        return [
            f"{indent}{when} (a delayed trigger){rules}:",
            *describe_script(step.then, deeper),
        ]
    if isinstance(step, If):  # the condition's own rules with the instruction's
        rules = f" — CR {', '.join((*rules_of(step), *step.condition.RULES))}"
        lines = [
            f"{indent}if {step.condition.render()}{rules}:",
            *describe_script(step.then, deeper),
        ]
        if step.otherwise is not None:
            lines += [f"{indent}otherwise:", *describe_script(step.otherwise, deeper)]
        return lines
    if isinstance(step, WhenYouDo):
        return [
            f"{indent}when you do (a reflexive trigger){rules}:",
            *describe_script(step.then, deeper),
        ]
    if isinstance(step, Modal):
        lines = [f"{indent}choose {step.choose} of these modes{rules}:"]
        for i, mode in enumerate(step.modes, 1):
            lines += [f"{deeper}mode {i}:", *describe_script(mode, deeper + "  ")]
        return lines
    if isinstance(step, ChooseModes):
        lines = [f"{indent}choose {step.how_many()} of these modes{rules}:"]
        for i, mode in enumerate(step.modes, 1):
            lines += [f"{deeper}mode {i}:", *describe_script(mode, deeper + "  ")]
        return lines
    return [f"{indent}{step.render()}{rules}"]
