"""Characteristics after continuous effects: the layer system (CR 613) and the static
abilities that feed it (types 613.1d, colors 613.1e, keywords 613.1f, power and
toughness 613.4), their conditions (611.3a) and durations (611.2), faces (709-715),
level bars (711) and the type rules of 205."""
