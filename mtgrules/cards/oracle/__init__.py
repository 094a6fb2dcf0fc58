"""The Oracle reader: Oracle text -> the card vocabulary. Keyword lines, whole-ability
templates, costs, mana, statics, target phrases (115.1), trigger conditions (603.1)
and the effect grammar (608.2c)."""
