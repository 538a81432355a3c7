"""Evaluating bots and rules: tournaments with ratings (``tournament``), what each card, action and
island is worth by restricted play (``value``, ``restricted``), and how strong the bots behind a
figure are (``kinds``).
"""
