"""Zone changes, linked exiles, delayed zone changes and control in the effect reader
(docs/effects.md, "Zone changes, linked exiles, control"): what a wrong reader gets wrong.
The sentences are the project's own, of the corpus's shapes; real cards are read from the
corpus at test time. The play-out's refusals are cases (cases/playout-resolution/
return-transformed-refused.yaml, put-second-from-top-refused.yaml,
owner-top-or-bottom-refused.yaml, exchange-control-refused.yaml, cases/playout-triggers/
delayed-end-of-combat-refused.yaml, linked-exiled-card-refused.yaml).
"""

from __future__ import annotations

import pytest

from mtgrules.cards.effect_codec import dumps, loads
from mtgrules.cards.effects import (
    SELF,
    YOU,
    Amount,
    Delayed,
    Destroy,
    Exile,
    May,
    Move,
    Sacrifice,
    Script,
    Subject,
)
from mtgrules.cards.effects_control import GainControl
from mtgrules.cards.effects_library import CardKinds
from mtgrules.cards.effects_moves import (
    ExchangeControl,
    ExileOwnCards,
    MoveTransformed,
    OwnerTopOrBottom,
    PutNthFromTop,
)
from mtgrules.cards.oracle.effect_texts import effect_texts
from mtgrules.cards.oracle.effects import read_effect

T0, T1 = Subject("target", index=0), Subject("target", index=1)
THAT = Subject("that", noun="object")
LINKED = Subject("exiled_with")


def own(text: str, kind: str = "spell"):
    return read_effect(text, "Test Card", kind)


@pytest.mark.parametrize(
    ("text", "kind", "steps"),
    [
        (
            "Exile Test Card, then return it to the battlefield transformed under your control.",
            "activated",
            (Exile(SELF), MoveTransformed(SELF, "you")),
        ),
        (
            "Exile this creature, then return it to the battlefield transformed under its "
            "owner's control.",
            "triggered",
            (Exile(SELF), MoveTransformed(SELF, "owner")),
        ),
        (
            "Return it to the battlefield tapped and transformed under its owner's control.",
            "triggered",
            (MoveTransformed(THAT, "owner", tapped=True),),
        ),
        (
            "Put target creature into its owner's library third from the top.",
            "spell",
            (PutNthFromTop(T0, 3),),
        ),
        (
            "Target permanent's owner puts it on their choice of the top or bottom of their "
            "library.",
            "spell",
            (OwnerTopOrBottom(T0),),
        ),
        (
            "Its owner shuffles it into their library.",
            "triggered",
            (Move(THAT, "library_shuffled"),),
        ),
        (
            "This creature's owner shuffles it into their library.",
            "triggered",
            (Move(SELF, "library_shuffled"),),
        ),
        (
            "Exchange control of target creature and target artifact.",
            "spell",
            (ExchangeControl(T0, T1),),
        ),
        (
            "Gain control of target creature for as long as you control Test Card.",
            "activated",
            (GainControl(T0, YOU, "while_you_control_self"),),
        ),
        (
            "Gain control of target artifact for as long as this creature remains on the "
            "battlefield.",
            "triggered",
            (GainControl(T0, YOU, "while_self_on_battlefield"),),
        ),
        (
            "Return the exiled card to the battlefield under its owner's control.",
            "triggered",
            (Move(LINKED, "battlefield", "owner"),),
        ),
        (
            "Return the exiled cards to their owner's hand.",
            "triggered",
            (Move(LINKED, "hand"),),
        ),
        (
            "Return all cards exiled with this artifact to the battlefield under your control.",
            "activated",
            (Move(LINKED, "battlefield", "you"),),
        ),
        (
            "Target opponent exiles a card from their hand.",
            "spell",
            (ExileOwnCards(T0, "hand", CardKinds(), Amount(1)),),
        ),
        (
            "Each opponent exiles two creature cards from their graveyard.",
            "spell",
            (
                ExileOwnCards(
                    Subject("each_opponent"), "graveyard", CardKinds((), ("Creature",)), Amount(2)
                ),
            ),
        ),
        (
            "Sacrifice it at end of combat.",
            "triggered",
            (Delayed("end_of_combat", Script((Sacrifice(YOU, THAT),))),),
        ),
        (
            "Destroy that creature at end of combat.",
            "triggered",
            (Delayed("end_of_combat", Script((Destroy(Subject("that", noun="creature")),))),),
        ),
        (
            "Sacrifice it at the beginning of your next end step.",
            "triggered",
            (Delayed("your_next_end_step", Script((Sacrifice(YOU, THAT),))),),
        ),
    ],
)
def test_the_subjects_shapes_read_as_what_they_say(text, kind, steps):
    """Each was unread before (the sentence whole); now exactly its instructions, which the
    codec stores and gives back."""
    script = own(text, kind)
    assert script.complete, script.unread
    assert script.steps == steps
    assert loads(dumps(script)) == script


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # "the exiled card" after this effect exiled something is that card, not the linked
        # ability's: never read as the linked one
        ("Exile it, then return the exiled card to its owner's hand.", "triggered"),
        (
            "Exile target creature. Return the exiled card to the battlefield under its "
            "owner's control.",
            "spell",
        ),
        # a spell's "the exiled card" is no linked ability's (607.2a)
        ("Return the exiled card to its owner's hand.", "spell"),
        # another object's owner than the one moved
        ("Its owner shuffles target creature into their library.", "triggered"),
        # an exchange of one object with itself, or with a group
        ("Exchange control of target creature and all artifacts.", "spell"),
        # "their hand" is the acting player's own: "you" would say "your hand"
        ("You exile a card from their hand.", "spell"),
        ("Target creature exiles a card from their hand.", "spell"),
        # "that card" after a player's choice or the linked cards is none of the objects
        # named before, nor what the trigger named
        (
            "That player exiles a card from their hand. You may play that card this turn.",
            "triggered",
        ),
        (
            "Return the exiled card to the battlefield under its owner's control. Put a "
            "+1/+1 counter on it.",
            "triggered",
        ),
        # "at end of combat" and a delay of the reader's own in one sentence
        (
            "Sacrifice it at end of combat at the beginning of the next end step.",
            "triggered",
        ),
    ],
)
def test_what_could_mean_something_else_stays_unread(text, kind):
    assert not own(text, kind).complete


def test_the_ordinal_is_the_position_not_the_top():
    """ "second from the top" is not "on top" (401.7): a reader that dropped the ordinal
    would put the card on top."""
    (step,) = own("Put target creature into its owner's library second from the top.").steps
    assert step == PutNthFromTop(T0, 2)
    assert "second from the top" in step.render()


def test_a_may_put_third_from_the_top():
    (step,) = own("You may put it into its owner's library third from the top.", "triggered").steps
    assert step == May(Script((PutNthFromTop(THAT, 3),)))


def test_a_delay_renders_when_it_triggers():
    """A delayed trigger at end of combat is not one at the next end step (511.2, 513.1)."""
    (step,) = own("Return it to its owner's hand at end of combat.", "triggered").steps
    assert step.render().startswith("at end of combat, ")
    (step,) = own("Exile it at the beginning of your next end step.", "triggered").steps
    assert step.render().startswith("at the beginning of your next end step, ")


@pytest.mark.parametrize(
    ("name", "step"),
    [
        ("Oblivion Ring", Move(LINKED, "battlefield", "owner")),
        ("Tidehollow Sculler", Move(LINKED, "hand")),
    ],
)
def test_corpus_cards_linked_return(corpus, name, step):
    """The leaves-the-battlefield ability of a card whose other ability exiled a card
    (607.2a): its return is of that card, under its owner's control or to its owner's hand."""
    record = corpus[name]
    texts = [
        t
        for k, t in effect_texts(name, record.get("text"), record.get("types") or ())
        if k == "triggered" and "exiled card" in t
    ]
    assert len(texts) == 1, f"{name}: {texts}"
    script = read_effect(texts[0], name, "triggered")
    assert script.complete and script.steps == (step,)
