"""Protection and blocking (CR 702.16f): an attacking creature with protection from a
quality can't be blocked by creatures that have it. The qualities are read in
rules/keywords/protection.py; one mtgrules doesn't read refuses the answer, naming it.
"""

from __future__ import annotations

from mtgrules.rules import Unsupported
from mtgrules.rules.keywords.protection import PROTECTION, qualities
from mtgrules.rules.keywords.protection import has_quality as quality_of
from mtgrules.rules.layers.characteristics import Characteristics

__all__ = ["PROTECTION", "has_quality", "qualities"]


def has_quality(blocker: Characteristics, quality: str, keyword: str) -> bool:
    """Does the blocker have the quality protection is from (CR 702.16a, 702.16f)?"""
    has = quality_of(blocker, quality)
    if has is None:
        raise Unsupported(
            f"the attacker has “{keyword}”: mtgrules doesn't read protection from {quality!r}, "
            "which decides which creatures can block it (CR 702.16a, 702.16f)"
        )
    return has
