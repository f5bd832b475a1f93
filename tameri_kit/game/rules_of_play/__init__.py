"""The rules of play: the flow of a game (set-up, Seasons, rounds, turns), the eight actions, effects, payments,
chance, the End of the Season, the Gifts of the Gods and the Ghost (+1 Player Mode).

Each module registers the decisions it implements in ``core.frames.PLAYED``; ``play.engine`` dispatches from there.
"""
