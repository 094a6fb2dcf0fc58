"""Copy effects (CR 707, 613.2, 614.1c): copiable values and layer 1, a permanent
entering as a copy of a chosen object, the exceptions a copy effect states, and what
happens later around a copy made on the battlefield."""
