"""Every speed trick of the kit, in one place: who may use each one, and which test guards it.

The rules are written as plain frozen dataclasses whose constructors check their values.  The whole-game engine
builds millions of small values per thousand games, so a few places skip work that is known to be unneeded.  Each
trick below says when that is safe; outside those places, use the ordinary constructors.  Measured effects are in
``docs/performance.md`` ("What made it faster"); the side-by-side timing is ``python -m bench.compare``.

* :func:`direct_init` - a faster ``__init__`` for frozen dataclasses without checks.  Used by small values built
  very often (``Event``, every kind of frame in ``game/core/frames.py``, ``Decision``, ``WeatherEvent`` ...); keyword-only
  fields stay keyword-only.  Guard: ``tests/rules/test_common.py`` (``test_direct_init_keeps_the_dataclass_behaviour``,
  ``test_direct_init_refuses_classes_it_would_break``, ``test_direct_init_keeps_keyword_only_fields``).
* :func:`from_fields` - an instance made from a ready ``__dict__``, with no ``__init__`` and no checks.  Only for
  values known to be valid: a copy of a valid value with some fields changed (``copy_with``, ``Stock``'s and
  ``PlayerSituation``'s own copies), the engine's working copy when it freezes a ``GameState`` or changes a player
  (``WorkingGame.freeze``, ``set_player``), and values without checks that a rule makes by the dozen: the Priest
  moves a listing offers (``PriestMove`` in ``game/rules_of_play/actions/priest.py``), the card a player reveals
  (``Played`` in ``game/rules_of_play/turn.py``) and the weather's events (``WeatherEvent`` in ``rules/weather.py``).
  In the compiled build (:data:`C_API`) it, ``copy_with`` and ``unchecked`` make the instance through CPython's C
  API (the type's ``tp_alloc`` and ``PyObject_GenericSetDict``: half the instructions of ``object.__new__`` and
  ``object.__setattr__``).  Guards: ``tests/rules/test_common.py``
  (``test_from_fields_builds_the_same_value_without_init``), ``tests/test_fast_values.py``
  (``test_values_made_from_fields_are_the_constructors_values``,
  ``test_engine_choices_made_from_fields_are_the_constructors_values``), ``tests/rules/test_weather.py`` (every event
  of the property tests against the constructor's), ``tests/game/test_fingerprint.py`` (75 whole games unchanged).
* The log's events as plain tuples (``WorkingGame.log_event``; ``state.log_events`` makes each :class:`Event` only
  when the log is read: a game logs about 900).  Guard: ``tests/test_fast_tricks.py::test_logged_events_are_events``.
* :func:`unchecked` - a value built from parts a rule has just derived from valid values, without its checks (the
  fields not given take their defaults).  Who may use it, with :func:`from_fields` where every field is given: the
  weather rules' inner loop (``Pyramid`` in ``rules/weather.py``, through ``from_fields``: spheres only leave a ramp,
  Silt moves to a river with room or back to the supply) and the engine's scoring situations (``PlayerSituation``
  in ``game/core/state.py``'s ``scoring_situation``).  Guards: ``tests/rules/test_weather.py`` (every event's
  pyramid re-checked by the checked constructor),
  ``tests/game/test_game_rules.py::test_the_engines_unchecked_situations_pass_the_checks`` (the engine's situations
  against the checked constructor), ``tests/rules/test_common.py::test_unchecked_fills_defaults_and_skips_checks``.
* :func:`copy_with` - a copy of a check-free frozen dataclass with some fields changed (``Frame.but``,
  ``PlayerState.but``, ``GameState.but``).  Guard: ``tests/game/test_fingerprint.py``.
* :func:`remembered` - a pure function of frozen values keeps its latest answers (``functools.lru_cache``; no other
  module uses ``lru_cache`` or ``functools.cache``).  An illegal use still raises each time (exceptions are not
  kept).  Every answer kept while seeded games are played, drawn and their weather chances worked out is checked
  against the function itself: ``tests/test_fast_tricks.py::test_each_kept_answer_is_the_rules_answer`` (cached
  answer == uncached rule, one case per function), which also checks that each function below is named here.
  Who may use it, and why:

  - the weather effects ``remove_sphere`` and ``place_silt`` (``rules/weather_effects.py``), which a bot's look-ahead asks
    again and again about the same pyramid (one decision of the greedy bot asks about 8,000 times, for fewer than
    400 different pyramids and moves); also guarded by
    ``tests/rules/test_effects.py::test_remembered_effects_answer_as_the_rule_does``;
  - the engine's Priest move ``move_in_temples`` in ``game/rules_of_play/actions/priest.py`` (the temple rules' ``apply``: the
    same move in the same temples, once per payment and Worker; ``TempleState`` hashes its priests only, which equal
    states share); also ``tests/rules/test_temples.py::test_remembered_moves_answer_as_the_rule_does``;
  - ``field_yields`` (``game/core/state.py``: the harvest of each field for a pyramid, asked by the bots at every
    position they score);
  - the payments: ``_memoised_pay_options`` and ``priest_payment_stock`` (``game/rules_of_play/payments.py``: the ways to pay a
    cost from a reserve, asked again for every Priest move and Building);
  - the chance list of a Weather tile: ``_tile_and_season_spheres`` (``game/rules_of_play/chance.py``);
  - the five decks of a new game: ``starting_decks`` (``game/rules_of_play/flow.py``; issue 34), and the frames of each
    seat's turns, ``turn_frames`` (the same four frozen frames every turn of a seat), with the Ghost's
    ``ghost_turn_end`` and ``ghost_action_step`` (``game/rules_of_play/ghost/turn.py``);
  - the spheres a player could remove: ``_removal_moves`` (``game/rules_of_play/game_effects.py``: the moves of every step
    2, card weather effect and Farmers' Market depend on the ramps and the readings only; issue 34);
  - the glyph options: ``_glyph_option``, ``_part_options`` and ``_face_down_options`` (``rules/glyphs.py``: a card's
    options depend on its actions and the glyphs matched only);
  - the board picture's tables: ``_cards``, ``_sphinx_effects`` and ``_building`` (``game/core/board_view.py``, built
    once from the data);
  - the strong bot's evaluation parts: ``_set_points``, ``_priest_card_points`` and ``_hand_terms``
    (``game/play/strong_bot.py``, asked at every position it scores);
  - the exact weather chances: ``words``, ``_arrangement_outcomes`` and ``_ramp_coefficients``
    (``probability/exact.py``; ``clear_caches()`` forgets them, for timing from cold) and the simulator's
    ``_ramp_table`` (``probability/simulate.py``);
  - the data files, read and checked once: ``_load`` (``data/loader.py``);
  - a card's picture: ``card_group`` (``render/cards_svg.py``: the same card at the same place, drawn again for every
    step and seat of a shared page - 3,528 of 3,683 calls in a two-player game; a quarter of ``share_page``'s time).
* Dictionary memos beside the code they speed up (answers that never change, filled when first asked), listed here
  with their guards in ``tests/test_fast_tricks.py``: ``_LAND_LISTS`` in ``game/rules_of_play/chance.py`` (the landing
  outcomes by spheres still to fall; ``test_the_landing_lists_memo_answers_as_without_it``), ``_ODDS`` in
  ``game/play/engine.py`` (a chance outcome's probability by weight and total weight, each Fraction made once;
  ``test_the_state_memo_answers_as_a_fresh_state`` with the memo emptied), ``_SEEN`` in
  ``game/play/view.py`` (each seat's filtered log, extended from the last one;
  ``test_the_seen_logs_memo_answers_as_the_full_log_filtered``), ``_RESOLVED`` in ``probability/exact.py`` (a
  ramp's resolution by its spheres; ``test_the_resolved_ramps_memo_answers_as_from_cold``) and
  ``MajorityOddsWidget._cache`` in ``widgets/majority_odds.py`` (the exact odds per question, about a second each;
  ``test_the_majority_widgets_memo_answers_as_the_rule``); the enums by value, ``SPHERE_OF`` and ``RESOURCE_OF`` in
  ``rules/common.py`` and ``ACTION_OF`` in ``rules/action_cards.py`` (``Sphere(letter)``, ``Resource(name)`` and
  ``Action(name)`` without ``Enum``'s Python call; ``tests/test_fast_values.py``, as the next two:
  ``test_enum_values_and_lookups_answer_as_enum_does``); and ``data/loader.py``'s ``LazyValue``, which copies its
  loaded value's fields onto itself (read without ``__getattr__``), and whose ``LazyMapping`` answers ``keys``,
  ``values``, ``items`` and ``get`` with its table's own (not an item at a time through ``__getitem__``;
  ``test_lazy_values_keep_their_fields_and_the_market_table_is_load_market``); ``_GOOD_NAMES`` in
  ``rules/temple_state.py`` (the player names ``check_player`` has accepted: its regular expression runs once for
  each, where a temple state checks its priests' names at every move;
  ``test_the_accepted_names_memo_answers_as_the_check``).  One lives in ``openspiel/game.py`` (issue 34:
  OpenSpiel's random play through ``apply_action`` was 1.7 times the kit's own loop): ``TameriState._actions`` (an
  OpenSpiel state's sorted action ids or chance outcomes, for the kit state it stands on, read from the engine's
  move texts and chance weights without a ``Decision`` or ``Fraction`` per move, shared by clones); guard:
  ``tests/openspiel/test_action_lists.py`` (kept = worked out afresh, and the same games through ``apply_action``
  and ``child()``).  ``_DEFAULTS`` here belongs to :func:`unchecked`.
* ``functools.cached_property`` on values that never change: the value (``Named.value`` and ``Temple.value``, in
  place of ``Enum``'s own property, which runs Python code at every read; guard:
  ``tests/test_fast_values.py::test_enum_values_and_lookups_answer_as_enum_does``), the labels and indexes of the
  enums in ``rules/common.py``, ``rules/components.py`` and ``rules/action_cards.py``, an Action card's label, and
  the words of a ``PlayOption`` and a ``CardPlay`` in ``rules/glyphs.py`` (written when first read: a game engine
  asking only for the options never pays for them).  Guard: ``tests/test_fast_tricks.py::test_cached_properties_answer_as_their_function``.
* Two tricks live beside the code they speed up, and are listed here so that this stays the one list:
  ``engine.ALWAYS_ASK`` (the flow stops at step 2 of a turn without listing its moves, since it can always end;
  guard: ``tests/game/test_game_rules.py::test_frames_that_always_ask_have_a_decision``) and the greedy bot's
  ``bots.position_value`` (the evaluation's number without its parts; guard:
  ``tests/game/test_bots.py::test_position_value_is_the_evaluation_summed_in_its_order`` and the pinned decisions of
  ``tests/game/test_bots_greedy_records.py``).
* Hashes written out: ``Stock.__hash__`` (``rules/offering.py``) and ``Readings.__hash__`` (``rules/readings.py``),
  the very hash ``dataclass`` generates (the tuple of the fields), written in the class so that the compiled build
  compiles it (the generated one is Python made with ``exec``, run about 260 times a game as the remembered
  payments' and weather effects' keys).  Guard:
  ``tests/test_fast_tricks.py::test_written_hashes_are_the_hashes_dataclass_would_generate``.
* :func:`index_drawer` - ``rng.randrange(n)`` of a plain ``random.Random`` without its two Python calls (the same
  number from the same stream), bound to one generator.  Who may use it: the engine's random picks
  (``engine.play_out``, ``chance.pick_outcome`` through ``draw_outcome``).
  Guard: ``tests/test_fast_tricks.py::test_index_drawer_draws_as_randrange``; ``tests/game/test_fingerprint.py``.
* :func:`settle_collector` - after each game of a sweep, what is alive leaves the cyclic collector's sight
  (``gc.freeze()``), so that its full runs do not walk the remembered answers and the data again and again (a tenth
  of a long sweep's time).  Who may use it: ``explore.runner``, in the kit's own worker processes and in a serial
  sweep (handed back with ``gc.unfreeze()`` at its end), and on other workers when ``run_games`` is asked.  Guard:
  ``tests/test_fast_tricks.py::test_a_serial_sweep_settles_the_collector_and_hands_everything_back`` and
  ``test_games_make_no_reference_cycles``.
* :func:`memo_field` - the one mutable field a frozen value may hold: a dict of answers worked out from its other
  fields (never compared, never shown).  Who may use it: ``GameState._cache`` only - the legal moves and the chance
  list of that state (with issue 34 also its chance outcomes with their odds, ``"odds"``, and their payloads by text,
  ``"by_move"``: a search asks them of the same state again and again), filled when first asked and by the engine's step (read and written in ``game/play/engine.py`` and
  ``game/rules_of_play/chance.py`` only; ``GameState.but`` starts a copy with an empty one; the working copy hands its answers
  over when it freezes).  A state's answers never change, so caching them is safe.  Guard:
  ``tests/game/test_game_rules.py::test_random_playout_is_the_public_loop`` (the cached answers of the step loop and
  the uncached working copy give the same games) and ``tests/game/test_fingerprint.py``.
* The **compiled build** (issue 34): the modules that carry a game's profile - this one among them - are also built
  as C extensions by Cython 3 from the very same ``.py`` files, by ``make env``.  The list of those modules, how an
  extension is found (only when built from the source as it is now) and how to turn it off live in
  ``tameri_kit/_compiled.py``; the build is ``tools/compile_engine.py``.  Guard: ``tests/test_compiled.py`` (the
  compiled and the pure build play the same seeded games of every mode, byte for byte), with every fingerprint,
  golden log and stored record run on the compiled build by ``make test``.
"""

from __future__ import annotations

import dataclasses
import functools
import gc
import random
import sys

try:  # the compiled build only: two calls of CPython's C API make a value from a ready __dict__ (see from_fields)
    import cython
    from cython.cimports.cpython.object import PyObject_GenericSetDict
    from cython.cimports.cpython.type import PyType_GenericNew

    #: whether :func:`from_fields` and its kin use the C API (the compiled build on CPython 3.11-3.13, whose
    #: ``object.__new__`` adds nothing to ``tp_alloc`` for these classes but a dictionary the caller replaces)
    C_API = cython.compiled and (3, 11) <= sys.version_info[:2] <= (3, 13)
except (ImportError, AttributeError):  # no Cython, or its pure-Python stand-in, which has no C API
    C_API = False


def direct_init(cls):
    """Class decorator for a frozen dataclass without ``__post_init__``: an ``__init__`` that writes the fields
    straight into the instance's ``__dict__`` (the generated one calls ``object.__setattr__`` once per field, which
    costs more than the rest of building many small values).  Frozen, equality, hashing and repr are unchanged.
    Keyword-only fields (``kw_only``) stay keyword-only.  Put it above ``@dataclass(frozen=True)``."""
    fields = [f for f in dataclasses.fields(cls) if f.init]
    if hasattr(cls, "__post_init__") or any(f.default_factory is not dataclasses.MISSING for f in fields):
        raise TypeError(f"direct_init: {cls.__name__} has a __post_init__ or a default_factory")
    namespace, parameters, keyword_only = {}, [], []
    for f in fields:
        into = keyword_only if f.kw_only else parameters
        if f.default is dataclasses.MISSING:
            into.append(f.name)
        else:
            namespace[f"_default_{f.name}"] = f.default
            into.append(f"{f.name}=_default_{f.name}")
    if keyword_only:
        parameters += ["*", *keyword_only]
    body = "".join(f"    d[{f.name!r}] = {f.name}\n" for f in fields) or "    pass\n"
    exec(f"def __init__(self, {', '.join(parameters)}):\n    d = self.__dict__\n{body}", namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init
    return cls


def from_fields(cls, fields: dict):
    """An instance of the frozen dataclass ``cls`` whose ``__dict__`` is ``fields``, taken as it is: no
    ``__init__``, no checks.  For values known to be valid (a copy of a valid one with some fields changed, or parts
    a rule has just derived); the callers' tests compare with the checked constructors.

    The compiled build (:data:`C_API`) allocates the instance with the type's ``tp_alloc`` (``PyType_GenericNew``) and hands it ``fields`` as
    its ``__dict__`` with ``PyObject_GenericSetDict``: what ``object.__new__`` and ``object.__setattr__(obj,
    "__dict__", fields)`` do, without the two Python calls, the method wrapper made for each and the dictionary of
    inline attributes made and thrown away - half the instructions of making a small value (about 1,850 against
    3,700).  Guard: ``tests/test_fast_values.py::test_values_made_from_fields_are_the_constructors_values``."""
    if C_API:
        obj = PyType_GenericNew(cls, (), None)
        PyObject_GenericSetDict(obj, fields, cython.NULL)
        return obj
    obj = object.__new__(cls)
    object.__setattr__(obj, "__dict__", fields)
    return obj


def copy_with(obj, changes: dict):
    """A copy of a frozen dataclass with some fields changed, for classes whose fields need no checks."""
    old = obj.__dict__
    fields = {**old, **changes}
    if len(fields) != len(old):  # a name that is not a field (cheaper than comparing the key sets first)
        raise TypeError(f"{type(obj).__name__} has no field {next(k for k in changes if k not in old)!r}")
    if C_API:  # from_fields, inlined: the engine copies values thousands of times a game
        copy = PyType_GenericNew(obj.__class__, (), None)
        PyObject_GenericSetDict(copy, fields, cython.NULL)
        return copy
    copy = object.__new__(obj.__class__)
    object.__setattr__(copy, "__dict__", fields)
    return copy


#: cls -> {field name: default} for :func:`unchecked` (the fields with a plain default)
_DEFAULTS: dict[type, dict] = {}


def unchecked(cls, /, **fields):
    """An instance of the frozen dataclass ``cls`` with ``fields`` (every field without a default must be given;
    the others take their defaults), built without ``__init__`` or checks.  Only for parts a rule has just derived
    from valid values (see the module's docstring for who may use it); the callers' tests compare with the checked
    constructor."""
    defaults = _DEFAULTS.get(cls)
    if defaults is None:
        defaults = _DEFAULTS[cls] = {
            f.name: f.default for f in dataclasses.fields(cls) if f.default is not dataclasses.MISSING
        }
    return from_fields(cls, {**defaults, **fields} if defaults else fields)


def index_drawer(rng: random.Random):
    """``rng.randrange`` bound to one generator: ``draw = index_drawer(rng)``, then ``draw(n)`` is
    ``rng.randrange(n)`` - the same number, the same stream - without its two Python calls, and with the generator's
    ``getrandbits`` looked up once instead of at every draw (a random game draws about 560 times).  On a plain
    :class:`random.Random` ``randrange(n)`` is ``_randbelow(n)``: ``getrandbits(n.bit_length())`` drawn again until
    it is below ``n``; ``draw`` does exactly that.  Any other kind of generator (a subclass may draw differently) is
    asked its own ``randrange``.  Who may use it: ``engine.play_out``, which
    hands it to ``chance.pick_outcome`` too.  Guard: ``tests/test_fast_tricks.py::test_index_drawer_draws_as_randrange``."""
    if rng.__class__ is not random.Random:
        return rng.randrange
    getrandbits, randrange = rng.getrandbits, rng.randrange

    def draw(n: int) -> int:
        if n <= 0:
            return randrange(n)  # raises as randrange does
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return r

    return draw


def settle_collector() -> None:
    """After one game of a sweep: every object alive now leaves Python's cyclic collector's sight (``gc.freeze()``,
    a constant-time move of its lists), so that the collector's full runs look only at what later games make.

    A sweep's process keeps more and more objects alive - the remembered answers, the data, each game's rows - and
    each full run of the collector walked all of them: 20 ms at first, over 100 ms after 1,500 games, about a tenth
    of a sweep's time.  The games make no reference cycles (``tests/test_fast_tricks.py``), so nothing frozen is
    garbage only the collector could free; objects frozen are still freed as usual when nothing refers to them.  Who
    may use it: the sweeps' batches (``explore.runner``), in the kit's own worker processes, and in a serial sweep,
    which hands everything back at its end (``gc.unfreeze()``); on another executor's processes only when asked
    (``run_games(..., settle=True)``, as ``explore --dask local`` asks for the cluster it makes: a Dask worker keeps
    its own objects); never where something else had frozen objects.  Guard:
    ``tests/test_fast_tricks.py::test_a_serial_sweep_settles_the_collector_and_hands_everything_back``."""
    gc.freeze()


def memo_field():
    """The field of a frozen dataclass that holds its memo of answers: a dict, empty at first, never compared and
    never shown (``GameState._cache`` only; see the module's docstring)."""
    return dataclasses.field(default_factory=dict, compare=False, repr=False)


#: Every function :func:`remembered` keeps answers for, in the order they were defined (for the guarding test).
REMEMBERED: list = []


def remembered(function=None, /, *, size: int | None = 4096):
    """Keep the latest ``size`` answers (None: all) of ``function``, a pure function of hashable frozen values (see
    the module's docstring for who may use it): ``@remembered`` or ``@remembered(size=None)``.  The answer is
    ``functools.lru_cache``'s wrapper, so ``cache_clear()`` and ``cache_info()`` work and ``__wrapped__`` is the
    function itself, for the guarding test; :data:`REMEMBERED` lists them all."""
    if function is None:
        return functools.partial(remembered, size=size)
    kept = functools.lru_cache(maxsize=size)(function)
    REMEMBERED.append(kept)
    return kept
