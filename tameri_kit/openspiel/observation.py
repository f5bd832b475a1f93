"""What a ``python_tameri`` player observes, as OpenSpiel asks for it: strings and tensors, for the observation
type asked (public information only, the player's own private information, or everyone's), with or without perfect
recall.

Rulebook: Components (what the board shows); Season 0 and Phase 2 (the cards in hand, kept and chosen are the
player's secret); Possible Actions: Offering to the Pharaoh (the screen hides the resources offered); Priest Cards and
the Gifts of the Gods (held face down); the decks and piles are face down (their sizes are public).

The **strings** are the kit's player view (:func:`tameri_kit.game.play.view`): the table as the seat sees it and, when
it is to move, what it chooses from; with perfect recall the events it has seen come first and its own decisions so
far last.  A public-only observer sees the table as no seat does (every hand, screen and face-down card hidden).

The **tensor** (float32, the same shape for every setting: :data:`SEATS` seats, the missing ones zero) is the table in
numbers, each piece named in the observer's ``dict`` (``docs/openspiel.md`` lists the layout).  Seats are relative:
seat block 0 is the observer, then the next seats in seating order (the Ghost, when there is one, is the last seat).
A seat's private pieces (``hand``, ``set_aside``, ``screen``, ``priest_cards``, ``gifts`` and its face-down cards in
``row``) are filled only for the observer with ``private_info=SINGLE_PLAYER`` (the default), for every seat with
``ALL_PLAYERS``, for none with ``NONE``; the public sizes (``hand_size``, ``screen_total`` ...) always.  The
information state tensor adds the player's last :data:`RECALLED` decisions (``recent_decisions``: action id + 1 over
the number of ids, 0 before the first): a window, so that tensor is not perfect recall (the string is).
"""

from __future__ import annotations

import numpy as np
import pyspiel

from ..data.gifts import load_gifts
from ..game import view
from ..game.core.catalog import BUILDINGS, CARDS, FIELDS, PRIESTS, SPHINX_FACES
from ..game.core.frames import FRAME_KINDS
from ..game.core.render import PHASES, state_text
from ..rules.common import RESOURCES
from ..rules.temple_state import TEMPLES
from .parameters import OpenSpielSettingsError

#: the seats a tensor has room for (4: every setting's, the Ghost counted)
SEATS = 4
#: positions of a ramp the tensor shows (bottom first), sphere kinds on them
RAMP_POSITIONS = 12
SPHERES = ("S", "W", "L")
#: Temple spaces the tensor shows per Temple
TEMPLE_SPACES = 10
SPHINX_SPACES = 10
ROW_SPACES = 5
WEATHER_TILES = 12
#: the player's last decisions the information state tensor holds
RECALLED = 8
CARD_INDEX = {number: k for k, number in enumerate(sorted(CARDS, key=float))}
BUILDING_INDEX = {building: k for k, building in enumerate(sorted(BUILDINGS))}
FIELD_INDEX = {field: k for k, field in enumerate(FIELDS)}
FACE_INDEX = {face: k for k, face in enumerate(sorted(SPHINX_FACES, key=lambda face: (int(face[:-1]), face[-1])))}
PRIEST_INDEX = {card: k for k, card in enumerate(sorted(PRIESTS))}
GIFT_INDEX = {gift.id: k for k, gift in enumerate(load_gifts())}
PHASE_INDEX = {phase: k for k, phase in enumerate(PHASES)}
KIND_INDEX = {kind: k for k, kind in enumerate(FRAME_KINDS)}

#: the pieces of the table every observer shows: name -> shape
TABLE_PIECES: dict[str, tuple[int, ...]] = {
    "phase": (len(PHASES),),
    "season": (4,),
    "round": (1,),
    "to_move": (SEATS + 2,),  # relative seats, chance, the end
    "decision": (len(FRAME_KINDS),),  # the kind of thing the game waits for (the top frame)
    "pyramid": (4, RAMP_POSITIONS, len(SPHERES)),
    "rivers": (4,),
    "held_silt": (1,),
    "temples": (len(TEMPLES), TEMPLE_SPACES, SEATS),
    "market": (len(RESOURCES),),
    "building_row": (ROW_SPACES, len(BUILDING_INDEX)),
    "building_deck": (1,),
    "sphinx_faces": (SPHINX_SPACES, len(FACE_INDEX)),
    "sphinx_owners": (SPHINX_SPACES, SEATS),
    "nile": (len(CARD_INDEX),),
    "decks": (5,),
    "priest_pile": (1,),
    "weather_tiles": (1,),
    "weather_tile": (WEATHER_TILES,),
    "turn_order": (SEATS, SEATS),
}
#: the pieces of each seat, one block per relative seat: name -> shape
SEAT_PIECES: dict[str, tuple[int, ...]] = {
    "present": (1,),
    "score": (1,),
    "deben": (1,),
    "silt": (1,),
    "reserve": (len(RESOURCES),),
    "screen_total": (1,),
    "screen": (len(RESOURCES),),
    "hand_size": (1,),
    "hand": (len(CARD_INDEX),),
    "set_aside": (len(CARD_INDEX),),  # cards kept in Season 0 / chosen in Phase 2, not yet shown
    "row": (len(CARD_INDEX),),
    "row_face_down": (1,),
    "workers_free": (1,),
    "workers_locked": (1,),
    "farmers": (len(FIELD_INDEX),),
    "merchant": (13,),  # not placed, spaces 1-12
    "builder": (1,),
    "sphinxes": (1,),
    "buildings": (len(BUILDING_INDEX),),
    "priest_card_count": (1,),
    "priest_cards": (len(PRIEST_INDEX),),
    "gift_count": (1,),
    "gifts": (len(GIFT_INDEX),),
}


def _size(shape) -> int:
    return int(np.prod(shape))


def layout(recall: bool) -> dict[str, tuple[int, ...]]:
    """Every piece of the tensor in order, name -> shape (seat pieces as ``seat{k}.name``)."""
    out = dict(TABLE_PIECES)
    for seat in range(SEATS):
        out.update({f"seat{seat}.{name}": shape for name, shape in SEAT_PIECES.items()})
    if recall:
        out["recent_decisions"] = (RECALLED,)
    return out


class TameriObserver:
    """An observer in OpenSpiel's Python form (``tensor``, ``dict``, ``set_from``, ``string_from``) for the
    observation type asked (``pyspiel.IIGObservationType``; None: the observation of one player, no recall).  It
    takes no parameters: any is an :class:`OpenSpielSettingsError` naming it."""

    def __init__(self, iig_obs_type=None, params=None):
        if params:
            raise OpenSpielSettingsError(f"the python_tameri observer takes no parameters, not {sorted(params)}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        self.perfect_recall = iig_obs_type.perfect_recall
        self.public = iig_obs_type.public_info
        self.private = iig_obs_type.private_info
        pieces = layout(self.perfect_recall)
        self.tensor = np.zeros(sum(_size(shape) for shape in pieces.values()), np.float32)
        self.dict = {}
        start = 0
        for name, shape in pieces.items():
            self.dict[name] = self.tensor[start : start + _size(shape)].reshape(shape)
            start += _size(shape)
        #: each relative seat's pieces by their short name
        self.blocks = [{name: self.dict[f"seat{block}.{name}"] for name in SEAT_PIECES} for block in range(SEATS)]

    def _shows_private(self, seat: int, observer: int) -> bool:
        if self.private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            return True
        return self.private == pyspiel.PrivateInfoType.SINGLE_PLAYER and seat == observer

    # --- strings ------------------------------------------------------------------------------------------------
    def string_from(self, state, player):
        tameri = state.tameri
        private = self.private != pyspiel.PrivateInfoType.NONE
        seen = view(tameri, state.settings.players[player])
        if self.private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            table = tameri.text()
        else:
            table = seen.text() if private else _public_text(tameri)
        if private and seen.legal:  # what the player is asked to choose from (a Priest card offered in a draft ...)
            table += "\nto choose from: " + "; ".join(decision.move for decision in seen.legal)
        if not self.perfect_recall:
            return table
        if not private:
            return _public_log(tameri) + "\n--\n" + table
        return seen.log_text() + "\n--\n" + table + "\n--\n" + own_decisions(state, player)

    # --- tensors ------------------------------------------------------------------------------------------------
    def set_from(self, state, player):
        self.tensor.fill(0.0)
        tameri, settings, d = state.tameri, state.settings, self.dict
        n = len(tameri.players)

        def rel(seat: int) -> int:
            return (seat - player) % n

        d["phase"][PHASE_INDEX.get(tameri.phase, 0)] = 1
        d["season"][min(tameri.season, 3)] = 1
        d["round"][0] = tameri.round
        if tameri.is_terminal:
            d["to_move"][SEATS + 1] = 1
        elif tameri.is_chance:
            d["to_move"][SEATS] = 1
        elif tameri.to_move is not None:
            d["to_move"][rel(tameri.seat(tameri.to_move))] = 1
        if tameri.top is not None and tameri.top.kind in KIND_INDEX:
            d["decision"][KIND_INDEX[tameri.top.kind]] = 1
        pyramid = tameri.pyramid
        for ramp, spheres in enumerate(pyramid.ramps):
            for position, sphere in enumerate(spheres[:RAMP_POSITIONS]):
                if sphere in SPHERES:
                    d["pyramid"][ramp, position, SPHERES.index(sphere)] = 1
        d["rivers"][:] = pyramid.rivers
        d["held_silt"][0] = pyramid.held_silt
        names = {name: seat for seat, name in enumerate(settings.players)}
        for temple, priests in enumerate(tameri.temples.priests):
            for name, space in priests:
                if 1 <= space <= TEMPLE_SPACES:
                    d["temples"][temple, space - 1, rel(names[name])] += 1
        d["market"][:] = [tameri.market[r] for r in RESOURCES]
        for space, building in enumerate(tameri.row[:ROW_SPACES]):
            if building in BUILDING_INDEX:
                d["building_row"][space, BUILDING_INDEX[building]] = 1
        d["building_deck"][0] = len(tameri.building_pool) + len(tameri.building_bottom)
        for space, (face, owner) in enumerate(zip(tameri.sphinx[:SPHINX_SPACES], tameri.sphinx_owner)):
            if face in FACE_INDEX:
                d["sphinx_faces"][space, FACE_INDEX[face]] = 1
            if owner is not None:
                d["sphinx_owners"][space, rel(owner)] = 1
        for number, _ in tameri.nile:
            d["nile"][CARD_INDEX[number]] = 1
        for k, (_, numbers) in enumerate(tameri.decks[:5]):
            d["decks"][k] = len(numbers)
        d["priest_pile"][0] = len(tameri.priest_pile)
        d["weather_tiles"][0] = len(tameri.tiles)
        if tameri.tile is not None and 1 <= tameri.tile <= WEATHER_TILES:
            d["weather_tile"][tameri.tile - 1] = 1
        for position, seat in enumerate(tameri.order[:SEATS]):
            d["turn_order"][position, rel(seat)] = 1
        for seat, one in enumerate(tameri.players):
            self._seat(tameri, seat, one, rel(seat), self._shows_private(seat, player))
        if self.perfect_recall:
            mine = [item.action for item in state.full_history() if item.player == player][-RECALLED:]
            d["recent_decisions"][: len(mine)] = [(action + 1) / len(state.move_texts) for action in mine]

    def _seat(self, tameri, seat: int, one, block: int, private: bool) -> None:
        d = self.blocks[block]
        d["present"][0] = 1
        d["score"][0], d["deben"][0], d["silt"][0] = one.score, one.deben, one.silt
        d["reserve"][:] = [one.reserve[r] for r in RESOURCES]
        d["screen_total"][0] = one.screen.total
        d["hand_size"][0] = len(one.hand)
        d["priest_card_count"][0] = len(one.priest_cards)
        d["gift_count"][0] = len(one.gifts)
        for played in one.row:
            if played.face_down and not private:
                d["row_face_down"][0] += 1
            else:
                d["row"][CARD_INDEX[played.card.number]] = 1
        d["workers_free"][0] = tameri.free_workers(seat)
        d["workers_locked"][0] = len(one.locked)
        for field in one.farmers:
            d["farmers"][FIELD_INDEX[field]] += 1
        d["merchant"][0 if one.merchant is None else min(one.merchant + 1, 12)] = 1
        d["builder"][0] = 0 if one.builder is None else one.builder + 1
        d["sphinxes"][0] = one.sphinxes
        for building in one.buildings:
            d["buildings"][BUILDING_INDEX[building]] += 1
        if not private:
            return
        d["screen"][:] = [one.screen[r] for r in RESOURCES]
        for number in one.hand:
            d["hand"][CARD_INDEX[number]] = 1
        for card in one.priest_cards:
            if card in PRIEST_INDEX:
                d["priest_cards"][PRIEST_INDEX[card]] = 1
            elif card in GIFT_INDEX:  # a Gift among the Priest cards (gift_discards)
                d["gifts"][GIFT_INDEX[card]] = 1
        for gift in one.gifts:
            d["gifts"][GIFT_INDEX[gift]] = 1
        for number in _set_aside(tameri, seat):
            d["set_aside"][CARD_INDEX[number]] = 1


def _set_aside(tameri, seat: int) -> list:
    """The cards ``seat`` has set aside and not yet shown: kept in Season 0 (and the one being picked), chosen in
    Phase 2 or being revealed in Phase 3."""
    out = []
    for frame in tameri.stack:
        if frame.kind == "season_zero_pick" and seat < len(frame.kept):
            out += list(frame.kept[seat]) + ([frame.picks[seat]] if frame.picks[seat] is not None else [])
        elif frame.kind == "choose" and seat < len(frame.picks) and frame.picks[seat] is not None:
            out.append(frame.picks[seat])
        elif frame.kind == "reveal" and seat < len(frame.cards) and frame.cards[seat] is not None:
            out.append(frame.cards[seat])
    return [number for number in out if number in CARD_INDEX]


def _public_text(tameri) -> str:
    """The table as no seat sees it: every hand, screen, Priest card and face-down card hidden."""
    return state_text(tameri, -1)


def _public_log(tameri) -> str:
    """The public events so far (those for every seat)."""
    return "\n".join(str(event) for event in tameri.events() if event.seat is None)


def own_decisions(state, player: int) -> str:
    """The player's own decisions so far, in order (``"play 59; reveal; ..."``): part of their information state,
    so that it has perfect recall.  The log tells a decision chain only when it ends (an Offering's resources, a
    Building bought and its payment), so without them two histories of different own choices ("offer barley" /
    "offer papyrus", then "pay 1 ...") could share a string while their legal moves differ.  A world drawn by
    ``resample_from_infostate`` starts a new history: the decisions before it are in ``state.recalled``."""
    moves = state.move_texts
    earlier = [state.recalled[player]] if state.recalled and state.recalled[player] else []
    return "; ".join(earlier + [moves[item.action] for item in state.full_history() if item.player == player])
