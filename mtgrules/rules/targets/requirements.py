"""Checking a spell's or ability's target requirements (CR 601.2c, 115): whether a legal
choice exists for each, or whether the targets given fit them, with the reason in words.

Without targets given, each requirement needs as many legal candidates as it asks for
(115.3: different ones; 115.6: zero allowed; X targets, 601.2c), naming them or saying
what is missing where (a target on the stack, 115.5; in a graveyard or a player, 115.2;
any target, 115.4). With targets given, they are matched in order against the
requirements in order, each chosen once (115.3), none left over (115.1). An Aura spell's
one target must fit every enchant ability (303.4a, 702.5c). A candidate mtgrules can't
judge (:mod:`mtgrules.rules.targets.candidates`) that the answer depends on is
unsupported. :mod:`mtgrules.rules.targets.legality` finds the requirements and asks these.
"""

from __future__ import annotations

from mtgrules.answer import Reason
from mtgrules.cards.targets import TargetSpec
from mtgrules.rules import Unsupported
from mtgrules.rules.targets.candidates import (
    LIST_AT_MOST,
    Chooser,
    Judged,
    judge_all,
    judge_ref,
    requirement_words,
)

# --- checking requirements -----------------------------------------------------------------


def check_requirements(
    chooser: Chooser, specs: list[TargetSpec], chosen: tuple[str, ...] | None
) -> list[Reason]:
    if chosen is not None:
        return _check_chosen(chooser, specs, chosen)
    return [legal_choice_exists(chooser, spec) for spec in specs]


def _needed(chooser: Chooser, spec: TargetSpec) -> tuple[int, str]:
    """How many targets the requirement needs at least, and a note on X (CR 601.2c)."""
    if spec.x:
        x = chooser.x or 0
        said = "as given" if chooser.x is not None else "here (give `x` for another value)"
        return x, f" X is {x} {said}, so it needs {x} target{'s' if x != 1 else ''}."
    return spec.minimum, ""


def legal_choice_exists(chooser: Chooser, spec: TargetSpec) -> Reason:
    """CR 601.2c, 115.3, 115.6: is there a legal choice for this requirement?"""
    judged = judge_all(chooser, spec)
    legal = [j for j in judged if j.legal]
    unknown = [j for j in judged if j.legal is None]
    needed, x_note = _needed(chooser, spec)
    rules = _rules(chooser, spec, judged)
    phrase = f"“{spec.words()}”"
    if needed == 0:
        found = f" ({_names(legal)} could be chosen)" if legal else ""
        why = "X is 0, so it needs no target" if spec.x else "it allows zero targets (CR 115.6)"
        return Reason(
            True,
            f"{phrase}: {why}, so it can be {chooser.verb} with none chosen{found}.",
            tuple(dict.fromkeys((*rules, "115.6" if not spec.x else "601.2c"))),
        )
    if len(legal) >= needed:
        return Reason(True, _legal_text(legal, spec, needed) + x_note, rules)
    if len(legal) + len(unknown) >= needed:
        j = unknown[0]
        raise Unsupported(
            f"whether {j.who} is a legal target for {phrase} of {chooser.source.name} depends on "
            f"{j.why}, which mtgrules doesn't read; the answer depends on it (CR {chooser.rules[0]})"
        )
    return Reason(False, _none_text(chooser, spec, judged, legal, needed) + x_note, rules)


def _legal_text(legal: list[Judged], spec: TargetSpec, needed: int) -> str:
    phrase = f"“{spec.words()}”"
    if needed > 1:
        return (
            f"{phrase} needs {needed} different targets (CR 115.3), and there are "
            f"{len(legal)}: {_names(legal)}."
        )
    verb = "is a legal target" if len(legal) == 1 else "are legal targets"
    note = (
        " (Players can always be chosen here: the case format gives players no hexproof or "
        "protection.)"
        if any(j.key.startswith("player:") for j in legal)
        else ""
    )
    return f"{_names(legal)} {verb} for {phrase}.{note}"


def _none_text(
    chooser: Chooser, spec: TargetSpec, judged: list[Judged], legal: list[Judged], needed: int
) -> str:
    phrase = f"“{spec.words()}”"
    barred = [j for j in judged if j.legal is False and j.rules]
    lead = ""
    if barred:
        lead = " ".join(f"{j.who} can't be chosen: {j.why}." for j in barred[:LIST_AT_MOST]) + " "
    if legal:
        return (
            f"{lead}{phrase} needs {needed} different targets (CR 115.3), and only "
            f"{_names(legal)} {'is a legal target' if len(legal) == 1 else 'are legal targets'}, "
            f"so it can't be {chooser.verb}."
        )
    there = _nothing_there(chooser, spec)
    if barred:
        return f"{lead}{there.replace('There is no ', 'There is no other ', 1)}: {phrase} has no legal target, so it can't be {chooser.verb}."
    return f"{there}: {phrase} has no legal target, so it can't be {chooser.verb}."


def _nothing_there(chooser: Chooser, spec: TargetSpec) -> str:
    """ "There is no artifact on the battlefield", "The stack has no other spell", ..."""
    what = requirement_words(spec, chooser.player)
    if spec.zone == "stack":
        self_note = (
            f" besides {chooser.source.name} itself, which is on the stack as it is cast but "
            "can't target itself (CR 115.5)"
            if chooser.spell
            else ""
        )
        if not chooser.state.stack:
            return f"The stack is empty: there is no {what} on it{self_note}"
        return f"There is no {what} on the stack{self_note}"
    if spec.zone == "graveyard":
        where = {
            "you": f"in {chooser.player}'s graveyard",
            "opponent": "in an opponent's graveyard",
        }.get(spec.controller, "in any graveyard")
        return f"There is no {what} {where}"
    players = " and no player it could target" if spec.players else ""
    return f"There is no {what} on the battlefield{players}"


def _names(judged: list[Judged]) -> str:
    names = [j.who for j in judged[:LIST_AT_MOST]]
    if len(judged) > LIST_AT_MOST:
        names.append(f"{len(judged) - LIST_AT_MOST} more")
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _rules(chooser: Chooser, spec: TargetSpec, judged: list[Judged]) -> tuple[str, ...]:
    rules = list(chooser.rules)
    if spec.zone != "battlefield" or spec.players:
        rules.append("115.2")
    if spec.any_target:
        rules.append("115.4")
    if spec.zone == "stack" and chooser.spell:
        rules.append("115.5")
    if spec.x or (spec.maximum or 2) > 1:
        rules.append("115.3")
    for j in judged:
        rules += j.rules
    return tuple(dict.fromkeys(rules))


def _check_chosen(
    chooser: Chooser, specs: list[TargetSpec], chosen: tuple[str, ...]
) -> list[Reason]:
    """The targets given, in order, against the requirements in order (CR 601.2c, 115.3)."""
    out: list[Reason] = []
    refs = list(chosen)
    for spec in specs:
        needed, x_note = _needed(chooser, spec)
        most = needed if spec.x else spec.maximum
        taken: list[Judged] = []
        while refs and (most is None or len(taken) < most):
            j = judge_ref(chooser, spec, refs[0])
            if len(taken) >= needed and j.legal is False:
                break  # an optional target it doesn't fit: the next requirement's
            taken.append(j)
            refs.pop(0)
        phrase = f"“{spec.words()}”"
        rules = _rules(chooser, spec, taken)
        seen: set[str] = set()
        for j in taken:
            if j.key in seen:
                out.append(
                    Reason(
                        False,
                        f"{j.who} is chosen twice for {phrase}: one object or player can be "
                        "chosen only once for each instance of the word “target”.",
                        (*rules, "115.3"),
                    )
                )
                continue
            seen.add(j.key)
            if j.legal is None:
                raise Unsupported(
                    f"whether {j.who} is a legal target for {phrase} of {chooser.source.name} "
                    f"depends on {j.why}, which mtgrules doesn't read"
                )
            if j.legal:
                out.append(Reason(True, f"{j.who} is a legal target for {phrase}.", rules))
            else:
                out.append(
                    Reason(
                        False,
                        f"{j.who} isn't a legal target for {phrase}: {j.why}, so it can't be "
                        f"{chooser.verb} with this target.",
                        rules,
                    )
                )
        if len(taken) < needed:
            out.append(
                Reason(
                    False,
                    f"{phrase} needs {needed} target{'s' if needed != 1 else ''}, and "
                    f"{len(taken) or 'none'} {'is' if len(taken) == 1 else 'are'} given for it."
                    + x_note,
                    rules,
                )
            )
        elif not taken and spec.optional:
            out.append(Reason(True, f"{phrase}: none chosen, which it allows.", (*rules, "115.6")))
    if refs:
        out.append(
            Reason(
                False,
                f"More targets are given than it has: {', '.join(refs)} "
                f"{'is' if len(refs) == 1 else 'are'} left over.",
                (chooser.rules[0], "115.1"),
            )
        )
    return out


def aura_target_checks(
    chooser: Chooser, specs: list[TargetSpec], chosen: tuple[str, ...] | None
) -> list[Reason]:
    """CR 303.4a, 702.5c: one target, fitting every enchant ability."""
    spec = specs[0]
    if chosen is not None:
        if len(chosen) != 1:
            return [
                Reason(
                    False,
                    f"An Aura spell has exactly one target, and {len(chosen)} are given.",
                    chooser.rules,
                )
            ]
        judged = [_combine([judge_ref(chooser, s, chosen[0]) for s in specs])]
        return _verdict_for_chosen(chooser, spec, judged[0])
    candidates = [judge_all(chooser, s) for s in specs]
    by_key = [{j.key: j for j in js} for js in candidates]
    combined = [
        _combine([index[j.key] for index in by_key if j.key in index]) for j in candidates[0]
    ]
    combined = [j if all(j.key in index for index in by_key) else _barred(j) for j in combined]
    rules = _rules(chooser, spec, combined)
    words = " and ".join(f"“{s.words()}”" for s in specs)
    legal = [j for j in combined if j.legal]
    unknown = [j for j in combined if j.legal is None]
    if legal:
        verb = "is a legal target" if len(legal) == 1 else "are legal targets"
        return [Reason(True, f"{_names(legal)} {verb} for its enchant ability, {words}.", rules)]
    if unknown:
        j = unknown[0]
        raise Unsupported(
            f"whether {j.who} is a legal target for {chooser.source.name} ({words}) depends "
            f"on {j.why}, which mtgrules doesn't read"
        )
    text = _none_text(chooser, spec, combined, [], 1)
    if len(specs) > 1:
        text = text.replace(f"“{spec.words()}”", words)
    return [Reason(False, text.replace(" has no legal", " allows no legal", 1), rules)]


def _barred(j: Judged) -> Judged:
    return Judged(j.who, j.key, False, "it doesn't fit every enchant ability")


def _combine(judged: list[Judged]) -> Judged:
    for j in judged:
        if j.legal is False:
            return j
    for j in judged:
        if j.legal is None:
            return j
    return judged[0]


def _verdict_for_chosen(chooser: Chooser, spec: TargetSpec, j: Judged) -> list[Reason]:
    rules = _rules(chooser, spec, [j])
    phrase = f"“{spec.words()}”"
    if j.legal is None:
        raise Unsupported(
            f"whether {j.who} is a legal target for {phrase} of {chooser.source.name} depends on "
            f"{j.why}, which mtgrules doesn't read"
        )
    if j.legal:
        return [Reason(True, f"{j.who} is a legal target for {phrase}.", rules)]
    return [
        Reason(
            False,
            f"{j.who} isn't a legal target for {phrase}: {j.why}, so it can't be "
            f"{chooser.verb} with this target.",
            rules,
        )
    ]
