"""Combat: who may attack and who may block (CR 506, 508.1, 509.1, 302.6, 702).

The declarations, each checked creature by creature, with every condition cited:

- :mod:`.windows` — when attackers and blockers are declared (506.1, 508.1, 509.1), who the
  attacking and defending players are (506.2), and what an attacker attacks (508.1b);
- :mod:`.attack` — whether a creature can be declared as an attacker: a creature (506.3)
  the active player controls, untapped (508.1a), not a battle, not summoning sick unless it
  has haste (302.6, 702.10b), without defender (702.3b) or an effect saying it can't attack
  (508.1c);
- :mod:`.block` — whether a creature can be declared as a blocker of an attacking creature:
  a creature the defending player controls, untapped (509.1a), that nothing says can't
  block (509.1b), and that the attacker's evasion allows (:mod:`.evasion`: flying and reach
  702.9, 702.17; horsemanship 702.31; shadow 702.28; fear 702.36; intimidate 702.13;
  landwalk 702.14; skulk 702.118; menace 702.111; "can't be blocked"; protection 702.16f,
  :mod:`.protection`);
- :mod:`.statics` — the read static abilities that restrict or require attacking or
  blocking (:data:`~mtgrules.cards.vocabulary.UNASKED_RULES`, an Aura's "can't attack or
  block", goad and "attacks each combat if able").

- :mod:`.damage` — combat damage as the play-out deals it (510): who strikes in which step
  (510.4, first strike and double strike), how each creature assigns its damage (510.1a-d,
  trample 702.19b), what the damage does (120.3, lifelink, infect, wither, protection
  702.16e) and what unread abilities refuse it.

Requirements (508.1d, 509.1c) only ever add to a declaration; one can take a creature's
attack or block away only together with a restriction on the declaration as a whole
("no more than one creature can attack"), which mtgrules doesn't read: an unread ability
with such words refuses the answer (rules/scope/index.py). Attacking and blocking themselves are
the play-out's (case format version 2, mtgrules/play/combat_steps.py), not these questions'.
"""
