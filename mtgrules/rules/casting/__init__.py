"""Casting spells (CR 601, 118, 107.3, 116, 117): permission by zone, timing, the
alternative and additional costs, cost changes (601.2f), X, the restrictions and
permissions of static abilities, and special actions."""
