"""Playing games: the engine's public API (``new_game``, ``legal_actions``, ``step``), records and replay, what a
player may see, the bots, the story of a game (events and chapters) and the terminal front-end.
"""
