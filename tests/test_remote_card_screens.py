"""What the page shows of a card game played on several devices, and what it lets the
person there do (issue 40), on modelled devices: cards this device has not been shown are
drawn face down; the status says what the deal waits for, as the panel does; a move not
sent yet can be taken back unless it showed a card; sending again with nothing new gives
the same link; the game is never shared, saved or exported while it is on."""

from __future__ import annotations

import re

import remote_cards_helpers as helpers

from waddle.app import remote_cards as model
from waddle.app.page import NOT_SHAREABLE, Page
from waddle.app.remote import session_of
from waddle.app.remote_page import card_panel_of
from waddle.app.saves import MemoryStorage, SaveStore


def _page(game: model.RemoteCardGame) -> Page:
    page = Page(False, False, SaveStore(MemoryStorage()), MemoryStorage())
    page.remote = game
    page.session = session_of(game)
    return page


def _shown(page: Page) -> tuple[set[str], str]:
    """The cards named on screen (every region) and all the markup."""
    drawn = page.render(page.session.scene(page.viewer(), page.interactive()))
    markup = "".join((drawn.board.markup, drawn.status, drawn.controls, drawn.panels, drawn.table))
    return set(re.findall(r'data-card="([^"]+)"', markup)), markup


def _joined_pebbles(seed: int = 1):
    """Ann's invitation opened by Bo, who joined: Bo's device has shuffled, relocked and
    sent; Ann's relock and tokens have not come yet."""
    chat = helpers.start("pebbles", 2, seed=seed)
    return chat, chat.devices[1].game(chat.game_id)


def test_while_the_deal_goes_on_no_card_is_shown_face_up():
    _, bo = _joined_pebbles()
    assert bo.deal_next() is not None or bo.world.waiting or not bo.my_turn()
    page = _page(bo)
    cards, markup = _shown(page)
    assert not cards & bo.unseen_labels()
    assert 'data-unseen="true"' in markup  # Bo's hand is there, face down
    assert "a card not turned up yet" in markup


def test_while_the_deal_goes_on_the_status_says_what_it_waits_for():
    _, bo = _joined_pebbles()
    page = _page(bo)
    drawn = page.render(page.session.scene(page.viewer(), page.interactive()))
    line = bo.waiting_for()
    assert line.startswith(("Dealing", "Waiting for"))
    assert line in drawn.status.replace("&#x27;", "'")
    assert "data-to-move" not in drawn.status  # not "Ann to play a card"


def test_once_dealt_the_hand_is_face_up_and_only_stand_ins_are_face_down():
    chat = helpers.start("pebbles", 2, seed=1)
    ann, bo = chat.devices
    ann.games.open(chat.links[1])
    third = ann.game(chat.game_id).send()
    bo.games.open(third)
    for device in (ann, bo):
        game = device.game(chat.game_id)
        cards, _ = _shown(_page(game))
        hand = {str(c) for c in game.now.view(game.my_seat).hands[game.my_seat].cards}
        assert hand and hand <= cards  # the whole own hand, face up
        assert not cards & game.unseen_labels()


def test_a_finished_game_shows_every_card_and_is_shareable():
    chat = helpers.play(helpers.start("pebbles", 2, seed=1), seed=1)
    game = chat.devices[0].game(chat.game_id)
    assert game.unseen_labels() == frozenset()
    page = _page(game)
    assert page.remote_seat() is None and page.unshareable() is None


def test_a_game_still_on_is_never_shared_saved_or_exported():
    _, bo = _joined_pebbles()
    page = _page(bo)
    assert page.unshareable() == NOT_SHAREABLE
    assert page.remote_seat() == bo.my_seat


def test_sending_again_with_nothing_new_gives_the_same_link():
    chat = helpers.start("pebbles", 2, seed=3)
    ann = chat.devices[0]
    ann.games.open(chat.links[1])
    game = ann.game(chat.game_id)
    first = game.send()  # Ann's relock: it travels in this link only
    assert game.send() == first
    again = model.from_json(model.to_json(game))  # after a reload too
    assert again.send() == first


def _to_play(chat, seed: int = 0):
    """The chat played on (the helpers' way) until a device is to play and may take
    its move back; that device's game."""
    for device in chat.devices:
        game = device.game(chat.game_id)
        if game.my_turn():
            return device, game
    raise AssertionError("nobody to play")


def test_a_move_not_sent_can_be_taken_back_with_the_tokens_it_released():
    chat = helpers.start("pebbles", 2, seed=1)
    ann, bo = chat.devices
    ann.games.open(chat.links[1])
    bo.games.open(ann.game(chat.game_id).send())
    device, game = _to_play(chat)
    before = (list(game.entries), len(game.releases), dict(game.deal.tokens))
    legal = game.legal_actions()
    game.play(legal[0])
    assert len(game.releases) > before[1]  # the card played is shown: its token is made
    assert card_panel_of(game).undo
    assert game.undo_refusal() is None and game.undo()
    assert (list(game.entries), len(game.releases), dict(game.deal.tokens)) == before
    assert game.my_turn() and game.legal_actions() == legal
    # another card instead: the others get that one, and no trace of the first
    game.play(legal[-1])
    link = game.send()
    other = next(d for d in chat.devices if d is not device)
    other.games.open(link)
    seen = other.game(chat.game_id)
    assert seen.decisions == game.decisions
    assert game.undo_refusal() == "Your move is sent: it cannot be taken back any more."
    assert not game.undo() and not card_panel_of(game).undo


def test_a_move_that_showed_this_device_a_card_cannot_be_taken_back():
    chat = helpers.start("pebbles", 2, seed=1)
    ann, bo = chat.devices
    ann.games.open(chat.links[1])
    bo.games.open(ann.game(chat.game_id).send())
    _, game = _to_play(chat)
    game.play(game.legal_actions()[0])
    game._knowledge_size = (game._knowledge_size[0] + 1, game._knowledge_size[1])
    assert game.undo_refusal() == "Your last move showed you a card: it cannot be taken back."
    assert not game.undo()


def test_face_down_hides_exactly_the_cards_asked_in_every_card_games_markup():
    import random

    from waddle.app.session import Session
    from waddle.core.game import OMNISCIENT
    from waddle.games import GAMES
    from waddle.ui.unseen import face_down

    rng = random.Random(40)
    for entry in (e for e in GAMES if e.hidden_information):
        game = entry.load()
        presenter = game.presenter()
        for seed in range(3):
            session = Session.start(game, game.new_record(2, seed))
            for _ in range(rng.randrange(0, 40)):
                if session.state.is_over():
                    break
                session.play(rng.choice(list(session.state.legal_actions())))
            drawn = presenter.render(session.scene(OMNISCIENT, True))
            for markup in (drawn.table, drawn.panels, drawn.controls, drawn.board.markup):
                cards = re.findall(r'data-card="([^"]+)"', markup)
                hide = {c for c in cards if rng.random() < 0.5}
                out = face_down(markup, hide)
                left = re.findall(r'data-card="([^"]+)"', out)
                assert not set(left) & hide
                assert sorted(left) == sorted(c for c in cards if c not in hide)
                assert out.count("<") <= markup.count("<")
