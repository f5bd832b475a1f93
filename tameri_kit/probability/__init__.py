"""Probability on the weather ramps (exact, in rationals, and simulated) and of majorities."""
