"""The teaching kit for the card games in the browser (issue 30): studies of Pebbles and
Waddle Waddle with marks on tiles, pathways, rookeries and cards and arrows between board
places, written in the study panel and reopened from the link and from an embed; an embed
through one seat's eyes that holds no other seat's hidden card; an exercise answered by
clicks and by ``postMessage``; both card games' board editors; old card-study links.

The engine on CPython (``Session.from_link``, ``check-map``) checks what the page wrote.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

from conftest import ROOT, click, open_app
from e2e_tools import expect

from waddle.app.session import Session
from waddle.cli import main as cli
from waddle.core.rng import Rng
from waddle.core.study import Study
from waddle.games import GAMES
from waddle.games.waddle_waddle.cards import SPECIES

NAMES = ["Ann", "Bo", "Cy"]
MARKS = "els => els.map((e) => e.dataset.mark)"


def finished_game(game_id: str, seed: int) -> Session:
    session = Session.new(game_id, 3, seed, names=NAMES)
    rng = Rng(seed)
    while not session.state.is_over():
        session.play(rng.choice(session.state.legal_actions()))
    return session


def marks_on_page(page) -> list[str]:
    """Every study mark the page draws: the board's overlay and the table's cards."""
    return sorted(page.eval_on_selector_all("[data-mark]", MARKS))


def redraw_after(page, action) -> None:
    before = page.evaluate("location.hash")
    action()
    page.wait_for_function("before => location.hash !== before", arg=before)


def write_study(page, game_id: str, ply: int, board_places: list[str]) -> tuple[str, list]:
    """In the open app: the study panel at ``ply``; marks on ``board_places[0]``, on the
    first card of the table and (Pebbles) on a pathway; an arrow from ``board_places[1]``
    to ``board_places[2]``. The link, and the marks the page shows."""
    plies = page.eval_on_selector_all(
        "#move-list [data-ply]", "els => els.map(e => +e.dataset.ply)"
    )
    ply = min(p for p in plies if p >= ply)  # a card game lists a turn's decisions together
    click(page, f'#move-list [data-ply="{ply}"]')
    click(page, '[data-command="open-study"]')
    expect(page.locator("#study-panel")).to_be_visible()
    expect(page.locator("#study-ply")).to_have_attribute("data-ply", str(ply))
    page.fill("#study-caption-input", "Look at the marked places.")
    click(page, '[data-command="study-mode"][data-mode="mark"]')
    redraw_after(page, lambda: click(page, f'svg#board [data-hex="{board_places[0]}"]'))
    card = page.eval_on_selector("#table [data-card]", "e => e.dataset.card")
    redraw_after(page, lambda: click(page, f'#table [data-card="{card}"]'))
    page.wait_for_selector(f'#table [data-card="{card}"][data-marked="true"]')
    wanted = [board_places[0], f"card:{card}"]
    if game_id == "pebbles":
        pathway = page.eval_on_selector("svg#board [data-pathway]", "e => e.dataset.pathway")
        token = f'svg#board [data-pathway="{pathway}"] .pathway-letter'  # its lettered end
        redraw_after(page, lambda: click(page, token))
        wanted.append(f"pathway:{pathway}")
    # Players read the marks named as the board names them, never as coordinates.
    said = page.locator("#study-marks-words").text_content()
    assert said.startswith("Marked: ") and board_places[0] not in said, said
    click(page, '[data-command="study-mode"][data-mode="arrow"]')
    click(page, f'svg#board [data-hex="{board_places[1]}"]')
    redraw_after(page, lambda: click(page, f'svg#board [data-hex="{board_places[2]}"]'))
    arrow = f"{board_places[1]}>{board_places[2]}"
    page.wait_for_selector(f'svg#board [data-arrow="{arrow}"]')
    shown = marks_on_page(page)
    assert set(wanted) <= set(shown), (wanted, shown)
    link = page.evaluate("location.hash").removeprefix("#")
    step = Session.from_link(link).study.step(ply)
    assert set(step.marks) == set(wanted) and step.arrows == ((board_places[1], board_places[2]),)
    return link, shown


def reopen(fresh_page, link: str, ply: int, shown: list[str], arrow: str) -> None:
    """The link in another browser, then the link as an embed: the same marks."""
    for path in (f"./#{link}", f"./?embed&readonly#{link}"):
        other = fresh_page()
        open_app(other, path)
        expect(other.locator("#caption")).to_have_text("Look at the marked places.")
        assert marks_on_page(other) == shown, path
        assert other.locator(f'svg#board [data-arrow="{arrow}"]').count() == 1
        # the cards are marked with a visible ring, not only an attribute
        ring = other.eval_on_selector(
            "#table [data-marked]", "e => getComputedStyle(e).outlineStyle"
        )
        assert ring == "solid"


def test_a_pebbles_study_with_marks_and_arrows_reopens_from_its_link_and_an_embed(page, fresh_page):
    session = finished_game("pebbles", 4)
    open_app(page, f"./#{session.link()}")
    tiles = page.eval_on_selector_all("svg#board [data-tile]", "els => els.map(e => e.dataset.hex)")
    link, shown = write_study(page, "pebbles", 2, tiles[:3])
    assert any(m.startswith("pathway:") for m in shown)
    reopen(fresh_page, link, 1, shown, f"{tiles[1]}>{tiles[2]}")


def test_a_waddle_waddle_study_with_marks_and_arrows_reopens_from_its_link_and_an_embed(
    page, fresh_page
):
    session = finished_game("waddle-waddle", 5)
    open_app(page, f"./#{session.link()}")
    places = ["crozet", "georgia", "macquarie"]
    link, shown = write_study(page, "waddle-waddle", 12, places)
    reopen(fresh_page, link, 12, shown, "georgia>macquarie")


def test_an_embed_through_one_seats_eyes_holds_no_other_hidden_hand(page, fresh_page):
    """Two deals that differ only in Bo's hand (a card swapped with the deck's last) look
    the same, to the byte, through Ann's eyes; through Bo's they differ."""
    game = GAMES.by_id("pebbles").load()
    data = json.loads(Session.new("pebbles", 3, 4).full_record().dumps())
    other = json.loads(json.dumps(data))
    hand = other["hands"][1]
    hand[0], other["deck"][-1] = other["deck"][-1], hand[0]
    links = [
        Session.start(game, game.record_from_json(d), NAMES, None, None).link()
        for d in (data, other)
    ]
    seen = {}
    for eyes in (0, 1):
        for i, link in enumerate(links):
            view = fresh_page() if i else page
            open_app(view, f"./?embed&readonly&eyes={eyes}#{link}")
            view.wait_for_selector("#table [data-card]")
            seen[eyes, i] = view.evaluate(
                """() => { const app = document.getElementById("app").cloneNode(true);
                   app.querySelector("#open-full").removeAttribute("href");
                   return app.innerHTML; }"""
            )
            secret = hand[0] if i else data["hands"][1][0]
            if eyes == 0:
                assert f'data-card="{secret}"' not in seen[eyes, i]
    assert seen[0, 0] == seen[0, 1], "Bo's hidden hand leaks into Ann's view"
    assert seen[1, 0] != seen[1, 1], "Bo's own eyes see Bo's hand"


def test_a_question_is_written_in_the_page_on_a_card_game_still_on(page):
    """Pebbles, two people at the device, the game on: the author opens the study panel
    (the page asks first: it shows every hand), steps back before the undo floor, asks the
    reader there, writes the prompt and the explanation, plays the expected card, keeps it,
    plays another and keeps it too; the line of the game never moves."""
    session = Session.new("pebbles", 2, 5, names=["Ann", "Bo"])
    rng = Rng(5)
    while session.state.ply < 24:
        session.play(rng.choice(session.state.legal_actions()))
    assert session.undo_floor() > 6
    open_app(page, f"./#{session.link()}")
    asked = []
    page.on("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    click(page, '[data-command="open-study"]')
    expect(page.locator("#study-panel")).to_be_visible()
    assert asked and "every hand" in asked[0]
    plies = page.eval_on_selector_all(
        "#move-list [data-ply]:not([disabled])", "els => els.map(e => +e.dataset.ply)"
    )
    ply = min(plies)
    assert ply < session.undo_floor(), "the study reaches before the undo floor"
    click(page, f'#move-list [data-ply="{ply}"]')
    expect(page.locator("#study-ply")).to_have_attribute("data-ply", str(ply))
    said = page.locator("#study-ply").text_content()
    assert said.startswith("after ") and "(Round" in said, said  # as the move list says it
    click(page, "#study-ask")
    expect(page.locator("#study-question-fields")).to_be_visible()
    page.fill("#study-prompt-input", "Your move: which card?")
    page.fill("#study-explanation-input", "Any Scurry card keeps the lead.")
    legal = page.eval_on_selector_all(
        '#table [data-legal="true"][data-control^="card-"]',
        "els => els.map(e => e.dataset.control)",
    )
    assert len(legal) >= 2, "the asked hand is the one on screen, its cards to click"
    for n, control in enumerate((legal[0], legal[-1]), start=1):
        click(page, f'#table [data-control="{control}"]')
        expect(page.locator("#study-keep-answer")).to_be_enabled()
        click(page, "#study-keep-answer")
        expect(page.locator("#study-answers li")).to_have_count(n)
    expect(page.locator("#study-said")).to_contain_text("Kept as answer 2")
    click(page, "#study-end-question")
    expect(page.locator("#study-question-fields")).to_be_hidden()
    expect(page.locator("#study-question-state")).to_contain_text("2 accepted answers")
    linked = Session.from_link(page.evaluate("location.hash").removeprefix("#"))
    question = linked.study.step(ply).question
    assert question.prompt == "Your move: which card?"
    assert question.explanation == "Any Scurry card keeps the lead."
    assert question.answers == tuple(
        (json.dumps({"play": control.removeprefix("card-")}, separators=(",", ":")),)
        for control in (legal[0], legal[-1])
    )
    assert linked.full_record().actions == session.full_record().actions, "the line stays"


def test_an_exercise_is_answered_by_clicks(page, server):
    """A question at the start of a Pebbles game (the lead plays a card), in a read-only
    embed (answers are played on a copy, so read-only readers may answer too). The same
    by postMessage from a page of another site: tests/e2e/test_embed.py."""
    session = Session.new("pebbles", 3, 4, names=NAMES)
    legal = session.state.legal_actions()
    right, wrong = legal[0], legal[1]
    session.study = Study(title="Lead").with_question(
        0, [[right.to_json()]], "Your move: which card leads?", "The lowest card keeps the rest."
    )
    link = session.link_of(session.full_record())
    open_app(page, f"{server.origin}/?embed&readonly#{link}")
    box = page.locator("#exercise")
    expect(box).to_be_visible()
    expect(page.locator("#exercise-prompt")).to_have_text("Your move: which card leads?")
    click(page, f'#table [data-control="card-{wrong.to_json()["play"]}"]')
    expect(box).to_have_attribute("data-verdict", "wrong")
    expect(page.locator("#exercise-explanation")).to_have_text("The lowest card keeps the rest.")
    click(page, '[data-command="exercise-retry"]')
    expect(box).to_have_attribute("data-verdict", "")
    click(page, f'#table [data-control="card-{right.to_json()["play"]}"]')
    expect(box).to_have_attribute("data-verdict", "right")
    expect(page.locator("#exercise-verdict")).to_contain_text(f"Right. {NAMES[1]} played the ")
    expect(page.locator("#embed-position")).to_have_text("Move 0 of 0")  # the line stays


LONG_CAPTION = (
    "Blue leads the first trick of the game. Look at the hand: the lowest cards of each "
    "suit are worth keeping for later rounds, and the face-up row shows what the others "
    "may take. Which card gives the least away and still lets Blue place a penguin where "
    "the pool is rich? Think about who plays after Blue, what they hold in sight, and how "
    "many pebbles each tile has before you choose a card to lead."
)


def test_an_embed_tells_its_height_and_shows_all_of_a_question_at_that_height(page, server):
    """At the builder's default 480 by 520 a Pebbles question does not fit: nothing spills
    sideways and the caption is never cut (the frame's page scrolls). The view tells the
    host the height that shows it all (waddle:size); at that height the board, the whole
    caption, the question and the reader's hand are in view with nothing to scroll."""
    session = Session.new("pebbles", 3, 4, names=NAMES)
    legal = session.state.legal_actions()
    session.study = (
        Study(title="Lead")
        .with_caption(0, LONG_CAPTION)
        .with_question(0, [[legal[0].to_json()]], "Your move: which card leads?", "Keep the low.")
    )
    link = session.link_of(session.full_record())
    page.set_viewport_size({"width": 480, "height": 520})
    page.add_init_script(
        "window.sizes = []; addEventListener('message', (e) => {"
        " if (e.data && e.data.type === 'waddle:size') window.sizes.push(e.data); });"
    )
    open_app(page, f"{server.origin}/?embed&readonly#{link}")
    expect(page.locator("#exercise")).to_be_visible()
    page.wait_for_function("window.sizes.length > 0")
    measure = """() => { const d = document.documentElement, c = document.getElementById('caption');
      const hand = document.getElementById('hand').getBoundingClientRect();
      return {wide: d.scrollWidth - d.clientWidth, tall: d.scrollHeight - innerHeight,
              cut: c.scrollHeight - c.clientHeight, handBottom: hand.bottom,
              height: innerHeight}; }"""
    small = page.evaluate(measure)
    assert small["wide"] <= 0 and small["cut"] <= 0, small
    size = page.evaluate("window.sizes.at(-1)")
    assert size["width"] == 480 and size["height"] > 520, size
    page.set_viewport_size({"width": 480, "height": size["height"]})
    page.wait_for_function(f"document.documentElement.scrollHeight <= {size['height']} + 1")
    whole = page.evaluate(measure)
    assert whole["wide"] <= 0 and whole["cut"] <= 0, whole
    assert whole["handBottom"] <= whole["height"], whole


def cli_check(text: str, tmp_path: Path) -> tuple[int, str]:
    path = tmp_path / "board.json"
    path.write_text(text, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    code = cli(["check-map", str(path)], out=out, err=err)
    return code, out.getvalue() + err.getvalue()


def open_editor(page, game_id: str) -> None:
    open_app(page, "./")
    click(page, '[data-command="open-editor"]')
    page.wait_for_selector('html[data-screen="editor"]')
    page.select_option("#editor-game", game_id)


def test_the_pebbles_editor_builds_a_layout_check_map_accepts_and_plays_it(page, tmp_path):
    open_editor(page, "pebbles")
    click(page, '[data-editor-command="empty"]')
    page.select_option("#editor-players", "2")
    for place, territory in zip(
        ["0,0", "1,0", "0,1", "-1,1", "-1,0", "0,-1", "1,-1"], [0, 0, 1, 1, 2, 2, 3], strict=True
    ):
        page.select_option('[data-edit-field="territory"]', str(territory))
        click(page, '[data-edit-tool="tile"]')
        click(page, f'#editor-board [data-edit-hex="{place}"]')
        page.wait_for_selector(f'#editor-board [data-edit-hex="{place}"][data-tile]')
    page.fill('[data-edit-field="territory-value-0"]', "X+2")
    page.locator('[data-edit-field="territory-value-0"]').dispatch_event("change")
    click(page, '[data-edit-tool="pathway"]')
    click(page, '#editor-board [data-edit-hex="1,0"]')
    click(page, '#editor-board [data-edit-hex="-1,0"]')
    expect(page.locator("#editor-message")).to_have_text("Tiles 12 and 9 joined by a pathway.")
    expect(page.locator("#editor-checks [data-playable]")).to_have_attribute(
        "data-playable", "true"
    )
    with page.expect_download() as download:
        click(page, '[data-editor-command="export"]')
    text = Path(download.value.path()).read_text(encoding="utf-8")
    code, said = cli_check(text, tmp_path)
    assert code == 0 and "fits 2 players" in said, said
    layout = json.loads(text)
    assert layout["pathways"] == [[12, 9]] and layout["territories"][0]["value"] == "X+2"
    click(page, '[data-editor-command="play"]')
    page.wait_for_function("!document.documentElement.dataset.screen")
    tiles = dict(
        page.eval_on_selector_all(
            "svg#board [data-tile]", "els => els.map((e) => [e.dataset.hex, e.dataset.tile])"
        )
    )
    assert tiles == {f"{t['q']},{t['r']}": str(t["number"]) for t in layout["tiles"]}
    assert page.locator('svg#board [data-pathway="12-9"], svg#board [data-pathway="9-12"]').count()
    game = Session.from_link(page.evaluate("location.hash").removeprefix("#"))
    before = game.state.ply
    click(page, "#curtain-button")  # two people at the device: the first takes it
    click(page, '#table [data-legal="true"]')  # a card: the game is played on this layout
    page.wait_for_function(
        "before => location.hash && location.hash !== before", arg="#" + game.link()
    )
    assert Session.from_link(page.evaluate("location.hash").removeprefix("#")).state.ply > before


def test_the_waddle_waddle_editor_changes_a_rookerys_species_and_a_game_follows(page):
    open_editor(page, "waddle-waddle")
    click(page, '[data-editor-command="empty"]')
    boxes = page.eval_on_selector_all(
        "#editor-board [data-edit-hex]", "els => els.map((e) => e.dataset.editHex)"
    )
    assert sorted(boxes) == ["argentine", "crozet", "georgia", "macquarie", "peninsula"]
    page.select_option('[data-edit-field="species"]', "gentoo")
    click(page, '[data-edit-tool="species"]')
    click(page, '#editor-board [data-edit-hex="crozet"]')
    expect(page.locator("#editor-message")).to_have_text(
        "Gentoo penguins no longer nest at Crozet Islands."
    )
    page.select_option('[data-edit-field="species"]', "magellanic")
    click(page, '#editor-board [data-edit-hex="crozet"]')
    expect(page.locator("#editor-message")).to_have_text(
        "Magellanic penguins now nest at Crozet Islands."
    )
    expect(page.locator("#editor-checks [data-playable]")).to_have_attribute(
        "data-playable", "true"
    )
    # A field's edit shows on the map at once (it waited for the next click).
    field = page.locator('[data-edit-field="name-crozet"]')
    field.fill("Crozet Rocks")
    field.dispatch_event("change")
    expect(page.locator('#editor-board [data-edit-hex="crozet"] .rookery-name')).to_have_text(
        "Crozet Rocks"
    )
    click(page, '[data-editor-command="play"]')
    page.wait_for_function("!document.documentElement.dataset.screen")
    session = Session.from_link(page.evaluate("location.hash").removeprefix("#"))
    rookery = next(r for r in session.state.components.rookeries if r.id == "crozet")
    species = {SPECIES[i] for i in rookery.species}
    assert "magellanic" in species and "gentoo" not in species
    drawn = page.get_attribute('svg#board [data-rookery="crozet"]', "data-species")
    assert set(drawn.split(",")) == species


def test_old_card_study_links_open_with_their_marks(page, fresh_page):
    """The links kept in tests/fixtures (written before and with card marks) open in the
    embedded view with the marks their study holds at the step shown."""
    for name in ("card_studies1.json", "card_studies2.json"):
        for item in json.loads((ROOT / "tests" / "fixtures" / name).read_text())["links"]:
            if item["game"] not in ("pebbles", "waddle-waddle"):
                continue
            study = Session.from_link(item["link"]).study
            step = next(s for s in study.steps if s.marks)
            view = fresh_page()
            open_app(view, f"./?embed&ply={step.ply}#{item['link']}")
            shown = set(marks_on_page(view))
            board = {m for m in step.marks if ":" not in m}
            assert board <= shown, (name, item["game"], step.marks, shown)
            assert shown <= set(step.marks)


def test_the_teaching_example_opened_from_disk_says_what_to_do_and_links_its_studies(
    page, page_log
):
    """From file:// the boards cannot start in frames (no storage for them): the page says
    so in a line of its own and opens each study in a tab instead."""
    example = ROOT / "docs" / "teaching-example.html"
    page.goto(example.as_uri())
    expect(page.locator("#from-disk")).to_be_visible()
    expect(page.locator("#from-disk")).to_contain_text("make serve")
    assert page.locator("iframe").count() == 0
    links = page.eval_on_selector_all("a[target=_blank]", "as => as.map((a) => a.href)")
    assert len(links) == 4 and all(h.startswith("http://127.0.0.1:8000/?embed&") for h in links)
    page_log.foreign_requests.clear()  # the page itself, from disk
