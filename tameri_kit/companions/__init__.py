"""Companion games: how three other Egyptian games reward a majority and let chance in, for comparison lessons.

- :mod:`.ra_scoring`, :mod:`.ra_bag`, :mod:`.ra_auction` - Ra (rulebooks/001_...txt): epoch and game-end scoring,
  the bag's exact chances, a whole epoch with auctions, seeded, recorded and replayed;
- :mod:`.favors` - the Vizier game's Major and Minor Favors (rulebooks/002_...txt, Favor Scoring);
- :mod:`.seth_dice` - Tekhenu: Time of Seth's 2-3-3-4-4-5 dice (rulebooks/003_...txt, Key Concepts).

Same conventions as :mod:`tameri_kit.rules`: pure functions over frozen values, each citing its section, typed
errors (:class:`~tameri_kit.errors.TameriError` subclasses); readings in docs/ambiguities.md (R, F, K).
"""
