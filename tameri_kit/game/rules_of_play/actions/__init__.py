"""The eight actions (rulebook: Possible Actions), one module each, each with ``legal(state, frame)`` (the choices,
as ``(move text, choice)`` pairs) and ``apply(game, frame, choice)`` (on the working copy of one step).

The Priest module also answers the free advances of immediate effects, Buildings G1-G5 and Priest cards (the frame
kind ``advance``).
"""
