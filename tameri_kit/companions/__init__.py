"""Companion games: how three other Egyptian games reward a majority and let chance in, for comparison lessons.

- :mod:`.ra_tiles`, :mod:`.ra_scoring`, :mod:`.ra_bag`, :mod:`.ra_board`, :mod:`.ra_auction` - Ra
  (rulebooks/001_...txt): the tiles and a play area, epoch and game-end scoring, the bag's exact chances (and the
  expected draws to a Ra tile), the board during an epoch, a whole epoch with auctions, seeded, recorded and
  replayed;
- :mod:`.favors` - the Vizier game's Major and Minor Favors (rulebooks/002_...txt, Favor Scoring);
- :mod:`.seth_dice` - Tekhenu: Time of Seth's 2-3-3-4-4-5 dice (rulebooks/003_...txt, Key Concepts).

Same conventions as :mod:`tameri_kit.rules`: pure functions over frozen values, each citing its section, typed
errors (:class:`~tameri_kit.errors.TameriError` subclasses); readings in docs/ambiguities.md (R, F, K).  Every
public function checks its input at the entry with :mod:`.checks` (whole numbers are any ``numbers.Integral`` but
``bool``; one name stands for a list of one; counts within the game's components).
"""
