"""The picture store of the shared page (tameri_kit/share/svg_store.py): every picture comes back byte for byte,
and equal parts are kept once."""

from tameri_kit.share.svg_store import SvgStore


def test_pictures_come_back_byte_for_byte():
    """Texts with self-closing tags, nested elements, a title and text between tags, and markup that is not a whole
    element (an unclosed tag, a stray closing tag) are all given back exactly."""
    store = SvgStore()
    pictures = [
        '<svg viewBox="0 0 10 10"><title>a</title><g class="x"><rect x="1"/>text &amp; more</g></svg>',
        '<svg viewBox="0 0 10 10"><title>b</title><g class="x"><rect x="1"/>text &amp; more</g></svg>',
        "<g><rect/>",
        "</g>stray",
        "plain text",
        "",
    ]
    ids = [store.add(picture) for picture in pictures]
    assert [store.text(i) for i in ids] == pictures


def test_a_picture_changed_in_one_place_adds_only_the_nodes_on_its_way_to_the_root():
    """Two pictures that differ in one text only: the second adds the new text, the <text> element holding it,
    its <g> and the root - four nodes, counted by hand from the markup."""
    store = SvgStore()
    big = "".join(f'<rect x="{i}" y="0" width="1" height="1"/>' for i in range(50))
    first = f'<svg><g class="a">{big}</g><g class="b"><text x="1">3 points</text></g></svg>'
    second = first.replace("3 points", "4 points")
    store.add(first)
    before = len(store.nodes)
    store.add(second)
    assert len(store.nodes) - before == 4
    assert store.add(first) == store.add(first)  # the same picture, the same id


def test_equal_elements_in_different_pictures_are_one_node():
    store = SvgStore()
    a = store.add('<svg><g id="p"><circle r="2"/></g><text>A</text></svg>')
    b = store.add('<svg><g id="p"><circle r="2"/></g><text>B</text></svg>')
    assert store.nodes[a][1] == store.nodes[b][1]  # the <g id="p"> element: the same node in both
