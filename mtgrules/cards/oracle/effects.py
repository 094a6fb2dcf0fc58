"""Reading what a spell or ability does, by a grammar (docs/effects.md): Oracle text -> a parse
tree -> the effect vocabulary (:mod:`mtgrules.cards.effects`).

:func:`read_effect` takes one spell's or ability's effect text (an activated ability's
words after its cost) and returns a :class:`~mtgrules.cards.effects.Script`. It reads the
text one sentence at a time with the Lark grammar ``oracle/effects.lark``; a sentence the
grammar doesn't derive whole, or whose tree says something the vocabulary can't hold (a
group :func:`~mtgrules.cards.oracle.statics.read_group` doesn't read, "2 life for each"),
goes into ``Script.unread`` in its own words. A sentence is never read in part: either
every word of it is in the instructions, or it is unread (CR 608.2c: every instruction is
followed, so one left out would change the answer).

Targets are the casting rules' own: the i-th target phrase
:func:`~mtgrules.cards.oracle.targets.read_targets` reads in the same text becomes
``Subject("target", index=i)`` (CR 115.1, 601.2c); in a modal effect each mode is read
with its own targets, indexed from 0 within the mode (700.2). A text whose targets can't
all be read is not read at all. "It", "that creature" and "its power" mean the object
named last ("Destroy target creature. Its controller gains life equal to its power.":
the destroyed creature's power, by last known information, 608.2h).

The grammar library is imported only when :func:`read_effect` is called, never by a
check; the parser is built once per process.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mtgrules import lazyre
from mtgrules.cards.effects import (
    SELF,
    YOU,
    Delayed,
    Instruction,
    May,
    Modal,
    Script,
    Subject,
)
from mtgrules.cards.effects_choices import ChooseModes
from mtgrules.cards.effects_named import paid_x
from mtgrules.cards.oracle.amount_counts import AmountCounts
from mtgrules.cards.oracle.cast_permissions import CastPermissionPhrases
from mtgrules.cards.oracle.choices import IF_PREFIXES, ChoicePhrases, after_choice, modes_head
from mtgrules.cards.oracle.continuous import ContinuousPhrases
from mtgrules.cards.oracle.copies_counters import CopyCounterPhrases
from mtgrules.cards.oracle.copy_cast import CopyPhrases
from mtgrules.cards.oracle.costs import self_pattern
from mtgrules.cards.oracle.counters_more import CounterMore
from mtgrules.cards.oracle.counts_cast_from import CountsCastFrom
from mtgrules.cards.oracle.effects_amounts import AmountPhrases
from mtgrules.cards.oracle.effects_casting import CastingPhrases
from mtgrules.cards.oracle.effects_changes import ChangePhrases, until_end_of_turn
from mtgrules.cards.oracle.effects_conditions import ConditionPhrases
from mtgrules.cards.oracle.effects_counters import CounterPhrases
from mtgrules.cards.oracle.effects_damage import DamagePhrases
from mtgrules.cards.oracle.effects_groups import GroupPhrases
from mtgrules.cards.oracle.effects_hidden import HiddenPhrases
from mtgrules.cards.oracle.effects_instead import InsteadPhrases
from mtgrules.cards.oracle.effects_kwactions import KwActionPhrases
from mtgrules.cards.oracle.effects_library import LibraryPhrases
from mtgrules.cards.oracle.effects_more import CASTER, SecondRound
from mtgrules.cards.oracle.effects_moves import MovePhrases
from mtgrules.cards.oracle.effects_nouns import Nouns
from mtgrules.cards.oracle.effects_parts import (
    Amend,
    flat,
    is_player,
    it_targets,
    object_only,
    player_only,
    spell_acts,
)
from mtgrules.cards.oracle.effects_parts import Unread as _Unread
from mtgrules.cards.oracle.effects_quoted import MAX_DEPTH, QuotedPhrases
from mtgrules.cards.oracle.effects_search import SearchPhrases
from mtgrules.cards.oracle.effects_tokens import TokenPhrases, hide_quotes, show_quotes
from mtgrules.cards.oracle.effects_verbs import VerbPhrases
from mtgrules.cards.oracle.effects_zones import ZonePhrases
from mtgrules.cards.oracle.exile_play import ExilePlayPhrases
from mtgrules.cards.oracle.filter_phrases import FilterPhrases
from mtgrules.cards.oracle.frames import (
    FramePhrases,
    die_table,
    leading_duration,
    no_duration,
    trigger_limit,
)
from mtgrules.cards.oracle.grammar_identity import compare_by_identity
from mtgrules.cards.oracle.hand_selections import HandSelections
from mtgrules.cards.oracle.if_conditions import IfConditions
from mtgrules.cards.oracle.library_searches import LibrarySearches, join_search_sentences
from mtgrules.cards.oracle.more_amounts import MoreAmounts
from mtgrules.cards.oracle.moved_groups import group_named_after_it_moved
from mtgrules.cards.oracle.name_searches import NameSearches
from mtgrules.cards.oracle.named_choices import NamedChoices
from mtgrules.cards.oracle.object_groups import ObjectPhrases
from mtgrules.cards.oracle.other_groups import other_than_named
from mtgrules.cards.oracle.player_phrases import PlayerPhrases
from mtgrules.cards.oracle.referent_amounts import ReferentAmounts
from mtgrules.cards.oracle.reflexive import reflexive_script
from mtgrules.cards.oracle.short_names import mark_short
from mtgrules.cards.oracle.targets import read_targets
from mtgrules.cards.oracle.token_copies import TokenCopyPhrases
from mtgrules.cards.oracle.trailing_conditions import TrailingConditions
from mtgrules.cards.oracle.trigger_players import TriggerPlayers
from mtgrules.cards.oracle.trigger_referents import TriggerReferents
from mtgrules.cards.oracle.type_color_changes import TypeColorPhrases
from mtgrules.cards.targets import NUMBER_WORDS

if TYPE_CHECKING:
    from lark import Lark

# the transformer methods kept in modules by subject
MIXINS = (
    VerbPhrases,
    Nouns,
    SecondRound,
    LibraryPhrases,
    ChangePhrases,
    AmountPhrases,
    TokenPhrases,
)
MIXINS += (GroupPhrases, TriggerReferents)  # TriggerReferents after Nouns: extends its pronouns
MIXINS += (DamagePhrases,)  # after TriggerReferents: extends its pronouns
MIXINS += (FramePhrases,)
MIXINS += (CounterPhrases,)
MIXINS += (ConditionPhrases,)
MIXINS += (SearchPhrases,)
MIXINS += (CastingPhrases,)
MIXINS += (ChoicePhrases,)
MIXINS += (MovePhrases,)
MIXINS += (AmountCounts,)
MIXINS += (FilterPhrases,)  # after Nouns: its _group_words reads more of a group
MIXINS += (QuotedPhrases,)  # after TokenPhrases, CounterPhrases: reads their quotes too
MIXINS += (InsteadPhrases,)
MIXINS += (HiddenPhrases,)
MIXINS += (TrailingConditions,)
MIXINS += (TokenCopyPhrases,)
MIXINS += (CounterMore,)
MIXINS += (ReferentAmounts,)  # after AmountCounts: extends its amt_of_event
MIXINS += (ZonePhrases,)
MIXINS += (CopyPhrases,)
MIXINS += (ExilePlayPhrases,)  # after LibraryPhrases: extends its _player_named
MIXINS += (ObjectPhrases,)
MIXINS += (NamedChoices,)
MIXINS += (PlayerPhrases,)  # after SecondRound: its discard_hand reads another's "may"
MIXINS += (KwActionPhrases,)
# after ConditionPhrases, InsteadPhrases, TrailingConditions: reads their conditions too
MIXINS += (IfConditions,)
MIXINS += (ContinuousPhrases,)
MIXINS += (NameSearches,)
MIXINS += (CopyCounterPhrases,)
MIXINS += (TriggerPlayers,)  # after VerbPhrases, ChangePhrases: extends their mana verbs
MIXINS += (CastPermissionPhrases,)
MIXINS += (MoreAmounts,)  # after Nouns: X mana of any one color (more_amounts.py)
# after AmountCounts, CounterPhrases, VerbPhrases: more "for each" counts, a spell's cast-from
MIXINS += (CountsCastFrom,)
MIXINS += (TypeColorPhrases,)  # colors and subtypes an object becomes (type_color_changes.py)
MIXINS += (LibrarySearches,)  # more library searches (library_searches.py)
# after MoreEffects, HiddenPhrases: hands its words on to their put_from_hand, put_among
MIXINS += (HandSelections,)

GRAMMAR = Path(__file__).with_name("effects.lark")
# the reader's version: a new one re-reads stored effects (docs/effects.md, "Read once")
VERSION = 1

_REMINDER = lazyre.compile(r"\s*\([^()]*\)")
_MODAL_HEAD = lazyre.compile(r"^Choose (?P<n>one|two|three) —$")
_SENTENCE_END = lazyre.compile(r"(?<=\.)\s+(?=\S)")
_QUOTES = lazyre.compile(r"[\"“”]")
_EFFECT_WORDS = lazyre.compile(r"\b(?:as long as|until|without paying|instead|this way)\b")


@functools.cache
def _parser() -> Lark:
    # lazy: the grammar library loads only when an effect is read (cards import, coverage,
    # tests), never on a check's path (docs/effects.md, "Read once")
    from lark import Lark

    parser = Lark(GRAMMAR.read_text(encoding="utf-8"), parser="earley", lexer="dynamic")
    compare_by_identity(parser)  # the same trees, faster (oracle/grammar_identity.py)
    return parser


def read_effect(text: str, name: str = "", kind: str = "", *, depth: int = 0) -> Script:
    """The effect of one spell or ability, read from its Oracle ``text`` (the card's own
    name, ``name``, and "this creature" may appear): its instructions, and the words it
    couldn't read (see the module's docstring). ``kind``: ``spell`` (an instant's or
    sorcery's effect) or ``activated`` (an activated ability's words after its cost), where
    a first "it" before anything is named is the spell or the ability's source (a cost
    like "Sacrifice this creature: It deals ..."); a spell's "its caster" is its
    controller (CR 112.2) and, when its text names no target phrase of its own, "the
    creature it targets" its one target (the built-in cards' own wording). ``depth``: how
    many quoted abilities the text is inside (oracle/effects_quoted.py)."""
    text = _plain(text)
    if not text:
        return Script()
    # a reflexive trigger with targets of its own, read apart (oracle/reflexive.py)
    if (
        split := reflexive_script(text, kind, functools.partial(_read_part, name, depth))
    ) is not None:
        return split
    if "\n" in text and (
        rolled := die_table(text, lambda t: read_effect(t, name, kind, depth=depth))
    ):
        return Script((rolled,))  # "Roll a d20." and its results (oracle/frames.py)
    if "\n" in text or "•" in text:
        return _modal(text, name, kind, depth)
    text, limit = trigger_limit(sentence_end(text), kind)  # recorded with the trigger
    # an ability in quotes (a token's, 111.3) is a word QUOTE<i> to the grammar, read by
    # the ability reader (oracle/effects_tokens.py); quotes it can't pair are not read
    full, (text, quotes) = text, hide_quotes(text)
    if _QUOTES.search(text):
        return Script(unread=full)
    # support's target depends on whether the words are an instant's or sorcery's (CR
    # 701.41a); an ability is a permanent's as far as support's target goes
    spell = {"spell": True, "activated": False, "triggered": False}.get(kind)
    targeting = read_targets(text, spell=spell)
    if targeting is not None and (targeting.unreadable or targeting.modes):
        return Script(unread=full)
    # a target in a quote is the ability's own: the target reader skips quotes, so both
    # read the same targets (no target phrase and no target read are the same)
    if quotes and _specs(targeting) != _specs(read_targets(full, spell=spell)):
        return Script(unread=full)
    specs = targeting.specs if targeting is not None else ()
    marked = _mark_targets(text, [s.phrase or s.implied for s in specs])
    if marked is None:
        return Script(unread=full)
    players: set[int] = set()
    if not specs and kind in ("spell", "activated"):
        marked, players = it_targets(marked)
    marked = self_pattern(name).sub("SELF", marked)
    marked = mark_short(marked, name)  # "Hazoret deals ..." (CR 201.5c, oracle/short_names.py)
    marked = re.sub(r"~", "SELF", marked)
    players |= {
        i for i, s in enumerate(specs) if s.players and set(s.what) <= {"player", "opponent"}
    }
    state = _State(players, kind)
    state.quotes, state.name = quotes, name
    # a quoted ability's effect, read by this reader one level deeper (CR 113.1a)
    state.read_inner = functools.partial(_read_inner, depth=depth + 1)
    state.specs = specs  # a target phrase's words after it (oracle/effects_casting.py)
    # only an "It" that opens the text is the spell or the source ("Create a token and put
    # X counters on it": that "it" is the token, which no sentence names as an object)
    state.self_it = state.self_it and re.match(r"It\b", text) is not None
    steps: list[Instruction] = []
    unread: list[str] = []
    originals, sentences = _sentences(text, original=True), _sentences(marked)
    if len(originals) != len(sentences):  # a marked phrase across a sentence's end
        return Script(unread=full)
    for original, sentence in zip(originals, sentences, strict=True):
        try:
            read = _read_sentence(sentence, state)
        except _Unread:
            state.self_it = False
            unread.append(original)
            # what the unread words named is unknown: "it" after them isn't read
            state.forget()
            continue
        if isinstance(read, Amend):  # completes the instruction before it
            try:
                if not steps or unread:
                    raise _Unread(original)
                if read.whole:
                    steps[:] = read.apply(list(steps))
                else:
                    steps[-1] = read.apply(steps[-1])
            except _Unread:
                unread.append(original)
                state.forget()
            continue
        if isinstance(read, _IfYouDo):
            after = after_choice(steps, read.steps, read.done, read.they) if not unread else None
            if after is None:
                unread.append(original)
                state.forget()  # what the unread words named is unknown (as above)
                continue
            steps.append(after)
            continue
        steps.extend(read)
        state.self_it = False
        state.sentences_read += 1
    # the target reader kept words it couldn't read with a target's phrase ("target creature
    # with power ... for as long as this artifact remains tapped"): where they are the
    # effect's own (a duration, a payment), a reading that didn't take them (rest_read)
    # would lose them with the phrase
    if {i for i, s in enumerate(specs) if _EFFECT_WORDS.search(s.rest)} - state.rest_read:
        return Script(unread=full)
    if group_named_after_it_moved(steps):
        return Script(unread=full)
    if other_than_named(steps, kind, full):
        return Script(unread=full)
    unread_words = show_quotes(" ".join(unread), quotes)
    # "You may pay {X}." and the X paid after it (cards/effects_named.py)
    if (paid := paid_x(tuple(steps), kind, full)) is None:
        return Script(unread=full)
    return Script(paid, unread=unread_words, trigger_limit=limit)


def _read_part(name: str, depth: int, words: str, kind: str) -> Script:
    """One part of an effect cut in two (oracle/reflexive.py), read as an effect."""
    return read_effect(words, name, kind, depth=depth)


def _specs(targeting: Any) -> tuple[Any, ...] | str:
    if targeting is None:
        return ()
    return targeting.unreadable or targeting.specs


def _read_inner(words: str, kind: str, *, depth: int) -> Script | None:
    """A quoted ability's effect (its "this token" is "~": the ability's source), or None
    past :data:`~mtgrules.cards.oracle.effects_quoted.MAX_DEPTH`."""
    return read_effect(words, "", kind, depth=depth) if depth <= MAX_DEPTH else None


def _plain(text: str) -> str:
    previous = None
    while previous != text:
        previous, text = text, _REMINDER.sub("", text)
    text = text.replace("’", "'").replace("−", "-").replace("\r\n", "\n")
    return "\n".join(line.strip() for line in text.split("\n") if line.strip())


def _modal(text: str, name: str, kind: str = "", depth: int = 0) -> Script:
    """ "Choose one —" and its bulleted modes (CR 700.2, 700.2a), each read on its own."""
    head, *modes = text.split("\n")
    if not modes or not all(m.startswith("• ") for m in modes):
        return Script(unread=text)
    found = _MODAL_HEAD.match(head)
    ranged = modes_head(head, len(modes)) if found is None else None
    if found is None and ranged is None:
        return Script(unread=text)
    read = tuple(read_effect(m[2:], name, kind, depth=depth) for m in modes)
    if ranged is not None:  # a range of modes, or one that may repeat (choices.py)
        return Script((ChooseModes(read, ranged.least, ranged.most, ranged.repeat, ranged.fresh),))
    return Script((Modal(read, choose=NUMBER_WORDS.index(found.group("n"))),))


# the keyword actions whose target their words don't say (CR 701.66a, 701.41a)
_IMPLIED = ("earthbend", "support")


def _mark_targets(text: str, phrases: list[str]) -> str | None:
    """The text with its i-th target phrase replaced by ``TGT<i>``, in order (after the
    keyword of an action whose rule gives it the target: "earthbend TGT0 2"); None if a
    phrase can't be found where the target reader found it."""
    out, at = [], 0
    for i, phrase in enumerate(phrases):
        if phrase in _IMPLIED:  # earthbend's or support's target: "earthbend TGT0 2"
            found = re.compile(rf"\b{phrase}(?= )", re.IGNORECASE).search(text, at)
            if found is None:
                return None
            out.append(text[at : found.end()] + f" TGT{i}")
            at = found.end()
            continue
        found = re.compile(re.escape(phrase), re.IGNORECASE).search(text, at)
        if found is None or not phrase:
            return None
        possessive = "'s" if phrase.endswith("'s") else ""
        out.append(text[at : found.start()] + f"TGT{i}{possessive}")
        at = found.end()
    out.append(text[at:])
    return "".join(out)


def sentence_end(words: str) -> str:
    """``words`` ending with their sentence's period: an ability's own words are kept
    without it (:func:`mtgrules.cards.readings.effect_words`), a paragraph's with it, and
    both must read the same."""
    words = words.rstrip()
    return words if words.endswith((".", '"', "”")) else words + "."


def _sentences(text: str, original: bool = False) -> list[str]:
    # a search and where its cards go, said in two sentences, are read as one
    # (oracle/library_searches.py); ``original``: the card's own words, kept as written
    return join_search_sentences([s for s in _SENTENCE_END.split(text) if s], original)


@dataclass(frozen=True)
class _IfYouDo:
    steps: tuple[Instruction, ...]
    done: bool = True  # "If you do", or "If you don't" (oracle/choices.py)
    they: bool = False  # "If they do": another player's option


class _State:
    """What "it", "that player" and "its controller" refer to: the object (or player) a
    sentence named last, carried from sentence to sentence (CR 608.2c)."""

    def __init__(self, players: set[int], kind: str = ""):
        self.players = players
        self.kind = kind
        self.last_object: Subject | None = None
        self.last_player: Subject | None = None
        # the player whose hand was revealed, and whether a card was chosen (third round)
        self.revealed_hand: Subject | None = None
        self.chosen = False
        self.quotes: tuple[str, ...] = ()  # the quoted abilities' words, QUOTE<i> in the text
        self.name = ""  # the card's name (a quoted ability naming it isn't the token's)
        self.specs: tuple[Any, ...] = ()  # the target phrases read (targets.TargetSpec)
        self.read_inner: Any = None  # a quoted ability's effect reader (effects_quoted.py)
        # a first "it" is the spell or the ability's source, until a sentence is read
        self.self_it = kind in ("spell", "activated")
        # a triggered ability's "it", "that player" may be what its event named, until a
        # sentence is left unread (oracle/trigger_referents.py)
        self.event_named = kind == "triggered"
        self.sentences_read = 0  # "that many" after a sentence may mean that sentence's
        self.rest_read: set[int] = set()  # targets whose words after the phrase a rule took
        self.nc_choice: Any = None  # a value chosen as it resolves (oracle/named_choices.py)
        self.unread_before = False  # a sentence before was left unread (player_phrases.py)

    def forget(self) -> None:
        """After an unread sentence: what it named is unknown."""
        self.last_object = self.last_player = self.revealed_hand = self.nc_choice = None
        self.chosen = False
        self.event_named = False
        self.unread_before = True


@functools.lru_cache(maxsize=16384)
def _parse(sentence: str) -> Any:
    """The sentence's parse tree, or None when the grammar doesn't derive it. A tree
    depends on the words alone (the pronouns are bound as it is transformed, by the
    state), and a transformer builds new values without changing it, so one parse serves
    every effect with the same sentence (half the corpus's sentences repeat)."""
    from lark.exceptions import LarkError  # lazy: lark loads only to read effects

    parser = _parser()  # a grammar that doesn't build is an error, never "nothing read"
    try:
        return parser.parse(sentence)
    except LarkError:
        return None


def _read_sentence(sentence: str, state: _State) -> list[Instruction] | _IfYouDo:
    from lark.exceptions import VisitError  # lazy: lark loads only to read effects

    if re.match(r"[A-Z][a-z]", sentence):  # the sentence's first word, unless a subtype
        sentence = sentence[0].lower() + sentence[1:]
    tree, frame = _parse(sentence), None
    if tree is None and (frame := leading_duration(sentence)) is not None:
        tree = _parse(frame.sentence)  # "Until end of turn, ..." (oracle/frames.py)
    if tree is None:
        raise _Unread(sentence)
    try:
        read = _Builder(state).transform(tree)
    except VisitError as err:
        raise _Unread(sentence) from err.orig_exc
    return frame.check(read) if frame is not None else read


# -- the transformer ----------------------------------------------------------------------


def _is_player(subject: Subject, state: _State) -> bool:
    return is_player(subject, state.players)


class _Builder:
    """Builds the vocabulary from one sentence's tree (a Lark transformer, made lazily)."""

    def __new__(cls, state: _State) -> Any:
        return _transformer_class()(state)


@functools.cache
def _transformer_class() -> type:
    from lark import Transformer, v_args  # lazy: lark loads only to read effects

    class Builder(Transformer):
        def __init__(self, state: _State):
            super().__init__()
            self.state = state

        # -- sentences
        def start(self, sentence):
            return sentence

        def sentence(self, *parts):
            prefix = parts[0] if parts and isinstance(parts[0], tuple) else None
            body = parts[1] if prefix is not None else parts[0]
            suffix = parts[-1] if isinstance(parts[-1], str) else None
            steps = tuple(body)
            if suffix == "upkeep":  # "at the beginning of the next turn's upkeep" (503.1a)
                if prefix and prefix[0] in ("delayed", *IF_PREFIXES):
                    raise _Unread("two delays")
                steps = (Delayed("next_upkeep", Script(steps)),)
            if suffix == "delayed" or (prefix and prefix[0] == "delayed"):
                if suffix == "delayed" and prefix and prefix[0] == "delayed":
                    raise _Unread("two delays")
                steps = (Delayed("next_end_step", Script(steps)),)
            leading = prefix is not None and prefix[0] == "until_eot"  # gives every one
            if len(steps) > 1 and not leading and any(no_duration(s) for s in steps):
                # "gains flying and gets +1/+1 until end of turn": the keyword's duration
                # is the sentence's, not none; a grant with no duration is read alone
                raise _Unread("a duration")
            if prefix and prefix[0] == "until_eot":
                steps = until_end_of_turn(steps)
            if prefix and prefix[0] in IF_PREFIXES:  # "If you do", "If they don't", ...
                return _IfYouDo(steps, done=prefix[0].endswith("do"), they="they" in prefix[0])
            return list(steps)

        def if_you_do(self, *_):
            return ("if_you_do",)

        def delayed_prefix(self, *_):
            return ("delayed",)

        def then_prefix(self, *_):
            return ("then",)

        def delayed_suffix(self, *_):
            return "delayed"

        def body(self, *clauses):
            out: list[Instruction] = []
            actor: Subject | None = None
            for clause in clauses:
                kind, subject, vps = clause
                if kind == "spell":  # the spell itself acts: its controller follows (608.2c)
                    out += flat(spell_acts(vp) for vp in vps)
                    actor = SELF
                    continue
                if kind == "may":
                    inner = flat(vp.make(YOU) for vp in vps if not vp.third or _raise("may"))
                    out.append(May(Script(tuple(inner))))
                    actor = YOU
                    continue
                if kind == "bare":
                    third = {vp.third for vp in vps}
                    if len(third) != 1:
                        raise _Unread("mixed verb forms")
                    if third == {True}:
                        if actor is None or actor == YOU:
                            raise _Unread("a verb without its subject")
                        subject = YOU if actor == CASTER else actor
                    else:
                        subject = YOU
                out += flat(vp.make(subject) for vp in vps)
                if kind == "caster":  # "its caster draws ..., then discards ...": they act on
                    actor = CASTER
                elif not (kind == "bare" and actor == CASTER and subject == YOU):
                    actor = subject
            return out

        def subject_clause(self, subject, vps):
            # "you" takes the base form; a plural subject ("creatures you control", "two
            # target creatures") too, so only "you draws" is refused
            if subject == YOU and any(vp.third for vp in vps):
                raise _Unread("verb form")
            if subject == CASTER:  # "its caster draws": the spell's controller (112.2)
                if self.state.kind != "spell" or not all(vp.third for vp in vps):
                    raise _Unread("its caster")
                return ("caster", YOU, vps)
            if subject == SELF and self.state.kind == "spell" and all(vp.third for vp in vps):
                return ("spell", SELF, vps)
            return ("subject", subject, vps)

        def bare_clause(self, vps):
            return ("bare", None, vps)

        def may_clause(self, vps):
            return ("may", YOU, vps)

        def vps(self, *vps):
            return list(vps)

    # the mixins' methods (oracle_effects_nouns.py, oracle_effects_more.py, ...) are the
    # Builder's own, so lark's v_args, which skips inherited methods, passes them their
    # children inline too
    for mixin in MIXINS:
        for method, function in vars(mixin).items():
            if callable(function) and not method.startswith("__"):
                setattr(Builder, method, function)
    return v_args(inline=True)(Builder)


def _raise(why: str) -> bool:
    raise _Unread(why)


def _player(actor: Subject, state: _State) -> bool:
    return player_only(actor, state.players)


def _object(actor: Subject, state: _State) -> bool:
    return object_only(actor, state.players)
