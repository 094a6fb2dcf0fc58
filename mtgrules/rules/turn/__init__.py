"""The turn (CR 500-514, 117, 302.6): whose turn was when, and when a player may act."""
