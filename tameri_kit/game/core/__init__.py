"""The game's core values: settings, the component catalog, the state and its frames, decisions and typed choices.

Nothing here applies a rule of play; ``rules_of_play`` and ``play`` build on it (an import-linter contract holds
the order: ``play`` -> ``rules_of_play`` -> ``core``).
"""
