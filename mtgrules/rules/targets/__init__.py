"""Targets (CR 115, 601.2c, 602.2b): whether a spell or ability has the legal targets
it requires, and whether one candidate is legal for one requirement."""
