"""The game-state vocabulary: immutable objects every rule function speaks."""
