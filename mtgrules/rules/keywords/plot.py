"""Plot (CR 702.170): the special action from hand, and casting a plotted card.

Two different permissions live here:

- plotting (702.170a-b, 116.2k): a card with plot in its owner's hand may be
  exiled as a special action, in the owner's main phase with an empty stack;
- casting a plotted card (702.170d): its owner may cast it from exile without
  paying its mana cost, in their main phase with an empty stack, on a turn after
  the one in which it became plotted -- whether or not it has plot (702.170c).
"""

from __future__ import annotations

from mtgrules.answer import Reason
from mtgrules.cards.vocabulary import Ability, AbilityKind
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.rules.layers.characteristics import Characteristics
from mtgrules.rules.rulings import case_rulings
from mtgrules.rules.turn.timing import sorcery_timing

PLOT_ACTION_RULES = ("702.170a", "116.2k")
PLOTTED_CAST_RULES = ("702.170d",)


def plot_ability(chars: Characteristics) -> Ability | None:
    return next(
        (a for a in chars.abilities if a.kind is AbilityKind.KEYWORD and a.keyword == "plot"),
        None,
    )


def plot_action_checks(
    state: GameState, obj: GameObject, chars: Characteristics, player: str
) -> list[Reason]:
    """CR 702.170a-b and 116.2k: may ``player`` plot ``obj`` now?

    The card must have plot and be in the player's hand; the player needs
    priority in their own main phase with the stack empty. 116.2k words the
    timing as "during their own turn while the stack is empty", while the
    keyword's own definition (702.170a) says "during your main phase": the
    narrower definition is followed and both are cited.
    """
    ability = plot_ability(chars)
    reasons = []
    if ability is None:
        reasons.append(
            Reason(False, "It doesn't have plot, so it can't be plotted.", ("702.170a",))
        )
    else:
        cost = f" {ability.keyword_cost}" if ability.keyword_cost is not None else ""
        reasons.append(
            Reason(
                True,
                f"It has plot{cost}.",
                ("702.170a",),
                case_rulings(state, obj, "plot-reminder"),
            )
        )
    in_hand = obj.zone is Zone.HAND and obj.owner == player
    if in_hand:
        reasons.append(Reason(True, f"It is in {player}'s hand.", ("702.170a",)))
    else:
        where = {Zone.HAND: f"in {obj.owner}'s hand", Zone.EXILE: "in exile"}.get(
            obj.zone, f"in the {obj.zone.value}"
        )
        reasons.append(
            Reason(
                False,
                f"It is {where}; a card is plotted from its owner's hand, so {player} can't plot it.",
                ("702.170a",),
            )
        )
    reasons += sorcery_timing(state, player, PLOT_ACTION_RULES)
    if state.active_player == player and not (state.phase.is_main and state.step is None):
        reasons.append(
            Reason(
                None,
                "116.2k only says the player's own turn, but plot's own definition limits "
                "plotting to the main phase, and that is the rule followed here.",
                PLOT_ACTION_RULES,
            )
        )
    if ability is not None and ability.keyword_cost is not None:
        reasons.append(
            Reason(
                None,
                f"Plotting costs {ability.keyword_cost}; paying it isn't checked here.",
                ("702.170a",),
            )
        )
    reasons.append(
        Reason(
            None,
            "Plotting is a special action: it doesn't use the stack, so no player can respond "
            "to it, and the player gets priority again afterwards.",
            ("702.170b", "116.1", "116.3"),
            case_rulings(state, obj, "plot-special-action"),
        )
    )
    return reasons


def plotted_cast_checks(
    state: GameState, obj: GameObject, chars: Characteristics, player: str
) -> list[Reason]:
    """CR 702.170d (and 702.170c): may ``player`` cast ``obj`` from exile as a plotted card now?

    Only its owner, on a turn after the one it became plotted, in their main
    phase with the stack empty and priority -- instants and cards with flash
    included; the card doesn't need to have plot.
    """
    rules = PLOTTED_CAST_RULES
    if obj.zone is not Zone.EXILE or obj.plotted_on_turn is None:
        where = {Zone.EXILE: "in exile but not plotted", Zone.HAND: f"in {obj.owner}'s hand"}.get(
            obj.zone, f"in the {obj.zone.value}"
        )
        return [
            Reason(
                False,
                f"It is {where}; only a plotted card in exile can be cast this way.",
                rules,
            )
        ]
    plotted = obj.plotted_on_turn
    reasons = [Reason(True, f"It is a plotted card in exile (plotted on turn {plotted}).", rules)]
    if obj.owner == player:
        reasons.append(
            Reason(True, f"{player} owns it, and a plotted card is cast by its owner.", rules)
        )
    else:
        reasons.append(
            Reason(
                False,
                f"{obj.owner} owns it: only a plotted card's owner may cast it this way, not {player}.",
                rules,
            )
        )
    later = state.turn > plotted
    reasons.append(
        Reason(
            later,
            f"It became plotted on turn {plotted}, an earlier turn, so it may be cast on this one (turn {state.turn})."
            if later
            else f"It became plotted this turn (turn {plotted}); a plotted card can be cast only during a later turn.",
            rules,
            case_rulings(state, obj, "plot-later-turn"),
        )
    )
    reasons += sorcery_timing(state, player, (*rules, "117.1a"))
    if chars.is_a("Instant") or chars.has_keyword("flash"):
        what = "an instant" if chars.is_a("Instant") else "a card with flash"
        reasons.append(
            Reason(
                None,
                f"It is {what}, but cast from plot it still needs its owner's main phase and an empty stack.",
                rules,
                case_rulings(state, obj, "plotted-instant"),
            )
        )
    if plot_ability(chars) is None:
        reasons.append(
            Reason(
                None,
                "It has no plot ability itself (something else plotted it); a plotted card "
                "can be cast this way anyway.",
                ("702.170c", *rules),
                case_rulings(state, obj, "plotted-by-effect"),
            )
        )
    reasons.append(
        Reason(
            None,
            "Cast this way it is cast without paying its mana cost, which is an alternative cost.",
            (*rules, "118.9"),
        )
    )
    return reasons
