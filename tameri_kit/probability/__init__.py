"""Probability on the weather ramps (exact, in rationals, and simulated) and of majorities.

Weather ramps: :mod:`.exact` (exact Fractions / sympy expressions) and :mod:`.simulate` (seeded Monte Carlo, a
plain loop over the rules core and a vectorised numpy version).  The function ``simulate`` is not re-exported
here, so that ``tameri_kit.probability.simulate`` stays the module: import it from there.
"""

from .exact import (
    FieldChance,
    as_sympy,
    count_distribution,
    expected_yields,
    field_chances,
    field_probabilities,
    landing_probabilities,
    phase_distribution,
    probability_table,
    ramp_distribution,
    table_html,
    tilt,
)
from .simulate import (
    Estimate,
    SimulationResult,
    convergence,
    iter_simulation,
    simulate_plain,
    simulate_vectorised,
    wilson_interval,
)

__all__ = [
    "FieldChance",
    "as_sympy",
    "count_distribution",
    "expected_yields",
    "field_chances",
    "field_probabilities",
    "landing_probabilities",
    "phase_distribution",
    "probability_table",
    "ramp_distribution",
    "table_html",
    "tilt",
    "Estimate",
    "SimulationResult",
    "convergence",
    "iter_simulation",
    "simulate_plain",
    "simulate_vectorised",
    "wilson_interval",
]
