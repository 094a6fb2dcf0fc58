"""Mana (CR 106, 107.4, 605, 601.2g-h): what permanents could produce (106.7), which
abilities are mana abilities (605.1), the mana an ability adds (106.12, 614.15) and
paying a cost from the pool and sources."""
