"""The small shared helpers of tameri_kit.rules.common."""

import dataclasses

import pytest

from tameri_kit._fast import direct_init, from_fields, memo_field, unchecked


@direct_init
@dataclasses.dataclass(frozen=True)
class Point:
    x: int
    y: int = 0
    tag: str = "p"


def test_direct_init_keeps_the_dataclass_behaviour():
    p = Point(1)
    assert (p.x, p.y, p.tag) == (1, 0, "p") and Point(1, 2, tag="q") == Point(x=1, y=2, tag="q")
    assert repr(Point(3, 4)) == "Point(x=3, y=4, tag='p')" and hash(Point(1)) == hash(Point(1))
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.x = 2
    with pytest.raises(TypeError):
        Point()  # x is required
    with pytest.raises(TypeError):
        Point(1, z=3)  # no such field
    assert dataclasses.replace(p, y=5) == Point(1, 5)


def test_direct_init_refuses_classes_it_would_break():
    @dataclasses.dataclass(frozen=True)
    class Checked:
        x: int

        def __post_init__(self):
            assert self.x >= 0

    with pytest.raises(TypeError, match="__post_init__"):
        direct_init(Checked)

    @dataclasses.dataclass(frozen=True)
    class WithFactory:
        xs: list = dataclasses.field(default_factory=list)

    with pytest.raises(TypeError, match="default_factory"):
        direct_init(WithFactory)


def test_from_fields_builds_the_same_value_without_init():
    p = from_fields(Point, {"x": 1, "y": 2, "tag": "q"})
    assert p == Point(1, 2, "q") and hash(p) == hash(Point(1, 2, "q")) and repr(p) == "Point(x=1, y=2, tag='q')"
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.y = 3


def test_direct_init_keeps_keyword_only_fields():
    @direct_init
    @dataclasses.dataclass(frozen=True, kw_only=True)
    class Named:
        x: int
        y: int = 0

    assert Named(x=1) == Named(x=1, y=0) and Named(y=2, x=1).y == 2
    with pytest.raises(TypeError):
        Named(1)  # keyword-only
    with pytest.raises(TypeError):
        Named(y=2)  # x is required


def test_unchecked_fills_defaults_and_skips_checks():
    @dataclasses.dataclass(frozen=True)
    class Checked:
        x: int
        y: int = 7

        def __post_init__(self):
            if self.x < 0:
                raise ValueError("x < 0")

    assert unchecked(Checked, x=1) == Checked(1, 7) and unchecked(Checked, x=1, y=2) == Checked(1, 2)
    assert unchecked(Checked, x=-1).x == -1  # no check: only for values known to be valid
    with pytest.raises(ValueError):
        Checked(-1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        unchecked(Checked, x=1).x = 2


def test_memo_field_is_never_compared_nor_shown():
    @dataclasses.dataclass(frozen=True)
    class Memoised:
        x: int
        memo: dict = memo_field()

    a, b = Memoised(1), Memoised(1)
    a.memo["answer"] = 42
    assert a == b and repr(a).endswith("Memoised(x=1)") and b.memo == {} and hash(a) == hash(b)


def test_count_value_refuses_a_huge_number_with_a_kit_error():
    """A 5,000-digit count is out of range; Python cannot print it (4,300 digits at most), so the message says how
    long it is instead of failing with a raw ValueError (issue 28, finding 11)."""
    import pytest

    from tameri_kit.errors import StateError
    from tameri_kit.rules.common import count_value

    with pytest.raises(StateError, match="about 5000 digits"):
        count_value(10**4999, "a count", high=99)
    with pytest.raises(StateError, match="not -3"):
        count_value(-3, "a count")
