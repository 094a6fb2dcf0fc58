"""Turn structure: phases and steps (CR 500-514)."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    BEGINNING = "beginning"
    PRECOMBAT_MAIN = "precombat_main"
    COMBAT = "combat"
    POSTCOMBAT_MAIN = "postcombat_main"
    ENDING = "ending"

    @property
    def is_main(self) -> bool:
        return self in (Phase.PRECOMBAT_MAIN, Phase.POSTCOMBAT_MAIN)

    @property
    def label(self) -> str:
        return (
            self.value.replace("_", " ")
            .replace("precombat main", "precombat main phase")
            .replace("postcombat main", "postcombat main phase")
        )


class Step(StrEnum):
    UNTAP = "untap"
    UPKEEP = "upkeep"
    DRAW = "draw"
    BEGINNING_OF_COMBAT = "beginning_of_combat"
    DECLARE_ATTACKERS = "declare_attackers"
    DECLARE_BLOCKERS = "declare_blockers"
    COMBAT_DAMAGE = "combat_damage"
    END_OF_COMBAT = "end_of_combat"
    END = "end"
    CLEANUP = "cleanup"

    @property
    def label(self) -> str:
        return self.value.replace("_", " ") + " step"


STEPS_OF: dict[Phase, tuple[Step, ...]] = {
    Phase.BEGINNING: (Step.UNTAP, Step.UPKEEP, Step.DRAW),
    Phase.PRECOMBAT_MAIN: (),
    Phase.COMBAT: (
        Step.BEGINNING_OF_COMBAT,
        Step.DECLARE_ATTACKERS,
        Step.DECLARE_BLOCKERS,
        Step.COMBAT_DAMAGE,
        Step.END_OF_COMBAT,
    ),
    Phase.POSTCOMBAT_MAIN: (),
    Phase.ENDING: (Step.END, Step.CLEANUP),
}

# Steps in which no player normally receives priority (CR 502.4, 514.3).
NO_PRIORITY_STEPS = frozenset({Step.UNTAP, Step.CLEANUP})


def phase_of(step: Step) -> Phase:
    return next(phase for phase, steps in STEPS_OF.items() if step in steps)
