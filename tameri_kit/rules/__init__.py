"""The rules core: pure functions over frozen values.  No widgets, no plotting, no printing, no global RNG."""

from .common import RAMPS, RESOURCES, SPHERE_TOTALS, Ramp, Resource, Sphere
from .weather_effects import EXTRA_PRICES, EffectResult, buy_silt, gain_silt, pay_to_remove, place_silt, remove_sphere
from .fields import FieldStatus, field_status, harvest_yield, is_productive, weather_on
from .pyramid import SETUP, Pyramid, parse_ramp
from .readings import DEFAULT, Readings
from .weather import (
    Landing,
    PhaseResult,
    WeatherEvent,
    available,
    drop,
    drop_outcomes,
    format_landings,
    parse_landings,
    resolve,
    resolve_ramp,
    run_phase,
    sample_landings,
    weather_phase,
)

__all__ = [
    "RAMPS",
    "RESOURCES",
    "SPHERE_TOTALS",
    "Ramp",
    "Resource",
    "Sphere",
    "EXTRA_PRICES",
    "EffectResult",
    "buy_silt",
    "gain_silt",
    "pay_to_remove",
    "place_silt",
    "remove_sphere",
    "FieldStatus",
    "field_status",
    "harvest_yield",
    "is_productive",
    "weather_on",
    "SETUP",
    "Pyramid",
    "parse_ramp",
    "DEFAULT",
    "Readings",
    "Landing",
    "PhaseResult",
    "WeatherEvent",
    "available",
    "drop",
    "drop_outcomes",
    "format_landings",
    "parse_landings",
    "resolve",
    "resolve_ramp",
    "run_phase",
    "sample_landings",
    "weather_phase",
]
