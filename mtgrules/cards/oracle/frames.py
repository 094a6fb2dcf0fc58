"""The Oracle effect reader's sentence frames (docs/effects.md, "Sentence frames"): words that
frame a sentence or an ability rather than act.

- A triggered ability's limit, "This ability triggers only once each turn." (CR 603.2,
  603.2h): taken out of the effect's words by :func:`trigger_limit` and recorded with the
  trigger (``Script.trigger_limit``), never an instruction.
- A coin flip (705.1, 705.2): "Flip a coin." and the sentences "If you win the flip, ..." /
  "If you lose the flip, ..." after it, each completing the flip before it
  (:class:`~mtgrules.cards.effects_frames.FlipCoin`); a result sentence after anything else
  is unread.
- A duration leading its sentence, "Until end of turn, ..." / "Until your next turn, ..."
  (611.2a, 514.2): the same reading as with the duration trailing, where it governs every
  instruction of the sentence (:func:`leading_duration`), else unread.
- A die rolled and the table of its results, each line read on its own like a mode
  (706.1, 706.2; :func:`die_table`).
- "For each opponent, ..." with words that don't depend on which opponent (608.2c).
- "Choose target creature." (115.1, 601.2c): nothing done as it resolves; the pronouns
  after it are that target.
- Mana kept as steps and phases end (500.5, 106.4) "until end of turn" (514.2) or "until end
  of combat" (500.5a), after a sentence that added it.

These are transformer methods mixed into the reader's transformer
(:mod:`mtgrules.cards.oracle.effects`); a tree they can't hold whole raises
:class:`~mtgrules.cards.oracle.effects_parts.Unread`, and its sentence stays unread.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from mtgrules.cards.effects import YOU, Instruction, Modify, Script, Subject
from mtgrules.cards.effects_changes import Becomes, BecomesChosen, LoseKeywords
from mtgrules.cards.effects_continuous import LoseAllAbilities, SetBasePT
from mtgrules.cards.effects_control import GainControl
from mtgrules.cards.effects_frames import FlipCoin, ForEachPlayer, KeepMana, RollDie
from mtgrules.cards.effects_library import MayPlay
from mtgrules.cards.oracle.effects_parts import Amend, Unread

# the limit's sentence, anywhere among a triggered ability's sentences (CR 603.2h)
_LIMIT = re.compile(
    r"(?:^|(?<=\.)\s+)This ability triggers only (?P<n>once|twice)(?P<each> each turn)?\.(?=\s|$)"
)
# "Do this only once each turn." as a triggered ability's last sentence (CR 603.2h)
_DO_ONCE = re.compile(r"(?<=\.)\s+Do this only once each turn\.$")


def trigger_limit(text: str, kind: str) -> tuple[str, str]:
    """A triggered ability's words without its limit sentence, and the limit
    (``effects_frames.TRIGGER_LIMITS``'s key; "" for none). Only a triggered ability's
    (``kind``) words are looked at: in any other the sentence is left to be unread. Two
    limit sentences, or a limit with no other words, are kept (read as nothing, so unread)."""
    if kind != "triggered":
        return text, ""
    found = list(_LIMIT.finditer(text))
    done = _DO_ONCE.search(text)
    if done is not None and not found and len(_DO_ONCE.findall(text)) == 1:
        # "Do this only once each turn." after the instruction it limits (603.2h): it
        # triggers only if its controller hasn't taken that action this turn
        rest = text[: done.start()].strip()
        return (rest, "if_not_done_this_turn") if rest else (text, "")
    if len(found) != 1:
        return text, ""
    limit = found[0]["n"] + ("_each_turn" if found[0]["each"] else "")
    if limit == "twice":  # "only twice" with no period of time: no such limit in the rules
        return text, ""
    rest = (text[: found[0].start()] + " " + text[found[0].end() :]).strip()
    return (rest, limit) if rest else (text, "")


class FramePhrases:
    """The transformer's methods for the frames above (see the module's docstring)."""

    def frames_flip(self, _token: Any) -> list[Instruction]:
        """ "Flip a coin." (CR 705.1): its results are the sentences after it."""
        return [FlipCoin()]

    def frames_flip_result(self, token: Any, body: list[Instruction]) -> Amend:
        """ "If you win the flip, ..." / "If you lose the flip, ...": completes the flip
        the sentence before made, once per result (CR 705.2)."""
        won = "win" in str(token).lower()
        steps = Script(tuple(body))

        def apply(step: Instruction) -> Instruction:
            if not isinstance(step, FlipCoin) or step.who != YOU:
                raise Unread("no flip before")
            if won and not step.then.steps and not step.otherwise.steps:
                return replace(step, then=steps)
            if not won and not step.otherwise.steps:
                return replace(step, otherwise=steps)
            raise Unread("a flip's result twice, or out of order")

        return Amend(apply)

    def frames_for_each_player(self, token: Any, body: list[Instruction]) -> list[Instruction]:
        """ "For each opponent, you create a 2/2 black Zombie creature token.": the body once
        per opponent (CR 608.2c); the grammar takes only words that name nothing of the
        player's (no "that player", no target), so each time is the same."""
        kind = "each_opponent" if str(token).lower().endswith("opponent") else "each_player"
        return [ForEachPlayer(Subject(kind), Script(tuple(body)))]

    def frames_choose_target(self, _token: Any, target: Any) -> list[Instruction]:
        """ "Choose target creature.": chosen as the ability is put on the stack (CR 115.1,
        601.2c), nothing done as it resolves; "it", "that creature", "that player" after it
        are that target (608.2c)."""
        self.obj_target(target)  # type: ignore[attr-defined]
        return []

    def frames_keep_mana(self, token: Any) -> list[Instruction]:
        """ "Until end of turn, you don't lose this mana as steps and phases end." after a
        sentence that added mana (CR 500.5, 106.4, 514.2); "Until end of combat, ... as
        steps end." (500.5a)."""
        words = str(token).lower()
        who: Subject = YOU
        if re.search(r"\b(they|that player)\b", words):
            who = self._frames_that_player()  # type: ignore[attr-defined]
        combat = words.startswith("until end of combat")
        if combat != words.endswith("as steps end"):
            raise Unread("how long the mana is kept")
        return [KeepMana(who, "end_of_combat" if combat else "end_of_turn", steps_only=combat)]

    def _frames_that_player(self) -> Subject:
        last = self.state.last_player  # type: ignore[attr-defined]
        if last is None:
            raise Unread("that player")
        return last


# a duration leading its sentence (CR 611.2a): "Until end of turn, ..." (514.2), "Until your
# next turn, ..." (the words and the durations the vocabulary gives them trailing)
_LEADING = re.compile(r"^(?P<until>until end of turn|until your next turn), (?P<body>[^,].*)\.$")
_LEADING_DURATIONS = {"until end of turn": "end_of_turn", "until your next turn": "your_next_turn"}
# words of another duration or a condition in the body: which instructions the leading
# duration governs is no longer plain
_OTHER_FRAME = re.compile(r"\b(?:until|this turn|as long as|if|unless|instead|where|for each)\b")


@dataclass(frozen=True)
class LeadingDuration:
    """A sentence whose duration leads it ("Until end of turn, target creature gets +1/+1
    and gains flying."): read as the same sentence with the duration trailing, where it
    governs every instruction (CR 611.2a, 608.2c). ``sentence``: the words so reordered;
    ``duration``: the duration every instruction read must last for, or the sentence is
    unread (one it can't govern, or one read with another duration: which instructions it
    governs would be a guess)."""

    sentence: str
    duration: str

    def check(self, read: Any) -> list[Instruction]:
        if not isinstance(read, list) or not read:
            raise Unread("a leading duration before a sentence that isn't instructions")
        for step in read:
            if not _lasts(step, self.duration):
                raise Unread(f"a leading duration over {type(step).__name__}")
        return read


def leading_duration(sentence: str) -> LeadingDuration | None:
    """The sentence with its leading duration moved to its end (:class:`LeadingDuration`),
    or None when it doesn't lead with one, or its body says another duration or a
    condition."""
    found = _LEADING.match(sentence)
    if found is None:
        return None
    # "..., where X is ...": X's definition after the sentence's instructions (107.3c), the
    # duration moved before it, as the trailing form says it
    body, where, definition = found["body"].partition(", where X is ")
    if _OTHER_FRAME.search(body):
        return None
    until = _LEADING_DURATIONS[found["until"]]
    return LeadingDuration(f"{body} {found['until']}{where}{definition}.", until)


def _lasts(step: Instruction, duration: str) -> bool:
    """Whether ``step`` is a continuous effect lasting ``duration`` (611.2a): a change of
    characteristics or control, or (until end of turn only: a MayPlay lasts "until the end
    of your next turn", never "until your next turn") a permission to play."""
    if isinstance(step, MayPlay):
        return duration == "end_of_turn" and step.until == duration
    if isinstance(step, LoseKeywords):  # keywords lost: always until end of turn (613.1f)
        return duration == "end_of_turn"
    lasting = Modify | Becomes | BecomesChosen | GainControl | SetBasePT | LoseAllAbilities
    return isinstance(step, lasting) and step.duration == duration


def no_duration(step: Instruction) -> bool:
    """A change of characteristics read with no duration ("becomes a 4/4 Dragon creature"):
    in a sentence with another instruction ("... and gains flying until end of turn") the
    sentence's duration is its too (611.2a), so the sentence is unread rather than the change
    read as lasting for good."""
    changes = Modify | Becomes | BecomesChosen | LoseAllAbilities | SetBasePT
    return isinstance(step, changes) and not step.duration


_DIE_HEAD = re.compile(
    r"^Roll an? (?:d(?P<d>4|6|8|10|12|20)|(?P<word>four|six|eight|ten|twelve|twenty)-sided die)\.$"
)
_DIE_WORDS = {"four": 4, "six": 6, "eight": 8, "ten": 10, "twelve": 12, "twenty": 20}
_DIE_LINE = re.compile(r"^(?P<low>\d+)(?:[—-](?P<high>\d+))? \| (?P<text>.+)$")


def die_table(text: str, read: Callable[[str], Script]) -> RollDie | None:
    """ "Roll a d20." and the lines of its results ("1—9 | ...", "20 | ..."), each line's
    words read by ``read`` (CR 706.1, 706.2); None when the text isn't one, or its ranges
    don't cover the die's results exactly once each (a result with no line, or two lines
    for one result, would be a guess)."""
    head, *lines = text.split("\n")
    found = _DIE_HEAD.match(head)
    if found is None or not lines:
        return None
    sides = int(found["d"]) if found["d"] else _DIE_WORDS[found["word"]]
    ranges, modes, expected = [], [], 1
    for line in lines:
        row = _DIE_LINE.match(line)
        # a target is chosen before the roll, for the whole ability (CR 601.2c, 602.2b):
        # each line's own target indexes would not be the ability's
        if row is None or re.search(r"\btargets?\b", row["text"]):
            return None
        low, high = int(row["low"]), int(row["high"] or row["low"])
        if low != expected or high < low:
            return None
        ranges.append((low, high))
        modes.append(read(row["text"]))
        expected = high + 1
    if expected != sides + 1:
        return None
    return RollDie(sides, tuple(ranges), tuple(modes))
