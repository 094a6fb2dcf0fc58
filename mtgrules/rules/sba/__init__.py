"""State-based actions (CR 704): what the game does by itself whenever a player would
receive priority (117.5), checked and performed as a single event, then checked again
until none applies (704.3).

- :func:`perform` (:mod:`.perform`): the whole check, repeated, with the steps a judge
  reads ("state-based actions: Grizzly Bears has lethal damage and is destroyed",
  704.5g), the zone-change events with last known information (704.8) for the trigger
  rules, the legend rule's choice (704.5j) and refusals naming an unread ability that
  could change the outcome (a replacement of dying; 704.7: one replacement replaces all
  the actions with the same result).
- :mod:`.conditions`: the conditions of 704.5, one state at a time.
- :mod:`.auras_sagas`: Auras, Sagas and Siege battles (704.5m, 704.5s, 704.5v), and what
  entering means for them; :mod:`.legend_rule`: the legend rule and its exemptions.
"""

from __future__ import annotations

from mtgrules.rules.sba.conditions import Act, Choice, legend_key
from mtgrules.rules.sba.perform import SbaResult, perform

__all__ = ["Act", "Choice", "SbaResult", "legend_key", "perform"]
