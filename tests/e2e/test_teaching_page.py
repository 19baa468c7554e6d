"""The teaching kit in the browser: the board editor's round trip, a study written on the
board and carried by the link, a save, an export and the embed builder, hostile text
everywhere, and docs/teaching-example.html driving studies from another origin.

Three tests, each dense: every page load costs a Pyodide start (the example page holds
three boards, as a teacher's page would). The engine on CPython checks what the page says.
"""

from __future__ import annotations

import html
import io
import json
import re
from pathlib import Path

from conftest import ROOT, _load_script, click, open_app
from e2e_tools import LEGAL, expect
from test_a11y import AXE, audit

from waddle.app.editor import BoardEditing
from waddle.app.saves import export_file
from waddle.app.session import Session
from waddle.cli import main as cli
from waddle.core.study import Step, Study
from waddle.games import GAMES
from waddle.ui.seats import MAX_NAME_CHARS

HOSTILE = '<img src=x onerror="window.pwned=1">&amp; <b>bold</b> </textarea><script>x</script>'
INJECTED = "() => window.pwned === 1 || !!document.querySelector('img[src=x], b, #app script')"


def checks(page) -> dict:
    """What the editor's checks say now: playable, errors, warnings (as text)."""
    return page.evaluate(
        """() => {
      const box = document.getElementById("editor-checks");
      const items = (s) => [...box.querySelectorAll(s + " li")].map((li) => li.textContent);
      return {playable: box.querySelector("[data-playable]").dataset.playable === "true",
              errors: items(".check-errors"), warnings: items(".check-warnings"),
              message: document.getElementById("editor-message").textContent};
    }"""
    )


def edit(page, place: str) -> dict:
    """Click a place of the edited board and wait for the redraw; the checks after it."""
    before = page.evaluate("document.getElementById('editor-board').innerHTML")
    page.click(f'#editor-board [data-edit-hex="{place}"]')
    page.wait_for_function(
        "before => document.getElementById('editor-board').innerHTML !== before", arg=before
    )
    return checks(page)


def cli_check(text: str, tmp_path: Path) -> tuple[int, str, str]:
    path = tmp_path / "board.json"
    path.write_text(text, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    code = cli(["check-map", str(path)], out=out, err=err)
    return code, out.getvalue(), err.getvalue().replace(f"{path}: ", "")


def test_an_edited_board_becomes_a_study_in_the_link_a_save_and_the_embed_builder(
    browser, server, page_log, tmp_path
):
    # bypass_csp: axe-core is injected to audit the new screens (as test_a11y does).
    context = browser.new_context(base_url=server.origin + "/", bypass_csp=True)
    context.set_default_timeout(30_000)
    context.on("console", page_log.on_console)
    context.on("weberror", lambda web_error: page_log.on_page_error(web_error.error))
    context.on("request", page_log.on_request)
    assert AXE.is_file()
    page = context.new_page()
    try:
        open_app(page)
        problems = []

        # -- Hey, That's My Fish!: floes from a generated board, a gap, the keyboard.
        click(page, "#new-game-button")
        click(page, '#new-game [data-command="open-editor"]')
        page.wait_for_selector('html[data-screen="editor"]')
        expect(page.locator("#app")).to_be_hidden()
        page.select_option("#editor-game", "htmf")
        expect(page.locator("#editor-title")).to_have_text("Board editor · Hey, That's My Fish!")
        assert checks(page)["errors"] == ["the board has no floes"]
        expect(page.locator("#editor-play")).to_be_disabled()
        click(page, '[data-editor-command="generated"]')
        page.wait_for_function(
            "document.querySelectorAll('#editor-board [data-fish]').length == 60"
        )
        click(page, '[data-edit-tool="gap"]')
        assert edit(page, "1,0")["playable"]
        page.focus('#editor-board [data-edit-hex="2,0"]')
        page.keyboard.press("Enter")  # the keyboard edits the focused place
        page.wait_for_function(
            "document.querySelectorAll('#editor-board [data-fish]').length == 58"
        )
        assert "A gap on 2,0." in checks(page)["message"]
        click(page, '[data-edit-tool="fish-3"]')
        assert edit(page, "1,0")["message"] == "A floe with 3 fish on 1,0."
        with page.expect_download() as download:
            click(page, '[data-editor-command="export"]')
        floes = Path(download.value.path()).read_text(encoding="utf-8")
        code, out, err = cli_check(floes, tmp_path)  # the file names its game
        assert code == 0 and out.strip()[4:] in page.inner_text("#editor-checks"), out + err
        board = {(f["q"], f["r"]): f["fish"] for f in json.loads(floes)["board"]}
        assert len(board) == 59 and board[(1, 0)] == 3 and (2, 0) not in board
        # Imported over the Waddle editor, an HTMF file opens in the HTMF editor.
        page.select_option("#editor-game", "waddle")
        click(page, '[data-editor-command="empty"]')
        page.set_input_files("#editor-import", files=[
            {"name": "floes.json", "mimeType": "application/json", "buffer": floes.encode()}
        ])  # fmt: skip
        expect(page.locator("#editor-message")).to_have_text("Imported floes.json.")
        expect(page.locator("#editor-title")).to_have_text("Board editor · Hey, That's My Fish!")
        shown = dict(page.eval_on_selector_all(
            "#editor-board [data-fish]", "es => es.map((e) => [e.dataset.editHex, e.dataset.fish])"
        ))  # fmt: skip
        assert shown == {f"{q},{r}": str(fish) for (q, r), fish in board.items()}
        problems += audit(page, "board editor (Hey, That's My Fish!)")

        # -- Waddle: tiles placed, turned, removed; hexes one by one; live check-map.
        page.select_option("#editor-game", "waddle")
        click(page, '[data-editor-command="empty"]')
        assert checks(page)["errors"] == ["the map has no hexes"]
        state = edit(page, "0,0")  # Place a tile, tile 1, is chosen at first
        assert state["playable"] and state["message"] == (
            "Tile 1 placed with its numbered water on 0,0."
        )
        assert edit(page, "2,0")["message"] == "Tile 2 placed with its numbered water on 2,0."
        click(page, '[data-edit-tool="rotate"]')
        assert edit(page, "2,0")["message"] == "Tile 2 turned a sixth of a turn."
        page.select_option('[data-edit-field="tile"]', "3")
        assert edit(page, "-1,2")["message"] == "Tile 3 placed with its numbered water on -1,2."
        click(page, '[data-edit-tool="remove"]')
        assert edit(page, "-1,2")["message"] == "Tile 3 removed."
        click(page, '[data-edit-tool="ice"]')
        state = edit(page, "1,-2")
        assert state["playable"] and state["errors"] == []
        assert state["warnings"] == [
            "1 ice hex(es) touch no numbered water and can never be filled: 1,-2"
        ], "warnings apart from errors, in check-map's words"
        page.fill('[data-edit-field="number"]', "2")
        state = edit(page, "0,1")  # water numbered 2, as tile 2's numbered hex is
        assert not state["playable"]
        assert state["errors"] == ["number 2 is used twice (hexes 2,0 and 0,1)"]
        expect(page.locator("#editor-play")).to_be_disabled()
        click(page, '[data-editor-command="undo"]')
        page.wait_for_function("document.querySelector('#editor-checks [data-playable=true]')")
        problems += audit(page, "board editor (Waddle)")

        # Export: the very file check-map reads, with the very messages the page showed.
        with page.expect_download() as download:
            click(page, '[data-editor-command="export"]')
        text = Path(download.value.path()).read_text(encoding="utf-8")
        code, out, err = cli_check(text, tmp_path)
        shown = checks(page)
        assert (
            code == 0
            and out.startswith("ok: ")
            and out.strip()[4:] in page.inner_text("#editor-checks")
        )
        assert err.splitlines() == [f"warning: {w}" for w in shown["warnings"]]
        draft = BoardEditing(GAMES.by_id("waddle").load())
        draft.load_text(text)
        hexes = set(draft.draft.hexes)
        # Import it back (as the New game dialog's file would be read, but into the editor).
        page.set_input_files("#editor-import", files=[
            {"name": "my-map.json", "mimeType": "application/json", "buffer": text.encode()}
        ])  # fmt: skip
        expect(page.locator("#editor-message")).to_have_text("Imported my-map.json.")
        click(page, '[data-editor-command="play"]')
        page.wait_for_function("!document.documentElement.dataset.screen")
        on_board = set(page.eval_on_selector_all(
            "svg#board [data-hex]", "els => els.map((e) => e.dataset.hex)"
        ))  # fmt: skip
        assert on_board == {f"{q},{r}" for q, r in hexes}
        assert page.evaluate("document.documentElement.dataset.game") == "waddle"

        # -- A study on that game: title and captions (hostile), marks, an arrow, two moves.
        click(page, '[data-command="open-study"]')
        expect(page.locator("#study-panel")).to_be_visible()
        page.fill("#study-title-input", HOSTILE[:80])
        page.fill("#study-caption-input", HOSTILE)
        expect(page.locator("#caption")).to_have_text(HOSTILE)
        click(page, '[data-command="study-mode"][data-mode="mark"]')
        click(page, 'svg#board [data-hex="0,0"]')
        page.wait_for_selector('svg#board [data-mark="0,0"]')
        click(page, '[data-command="study-mode"][data-mode="play"]')
        for _ in range(2):
            before = page.evaluate("location.hash")
            click(page, LEGAL)
            page.wait_for_function("before => location.hash !== before", arg=before)
        expect(page.locator("#study-ply")).to_have_attribute("data-ply", "2")
        expect(page.locator("#caption")).to_have_text("")
        assert page.locator("[data-mark]").count() == 0, "marks belong to their step"
        page.fill("#study-caption-input", "Two penguins are down.")
        click(page, '[data-command="study-mode"][data-mode="arrow"]')
        ice = page.eval_on_selector_all(
            'svg#board [data-kind="ice"]:not([data-owner])', "els => els.map(e => e.dataset.hex)"
        )
        click(page, f'svg#board [data-hex="{ice[0]}"]')
        click(page, f'svg#board [data-hex="{ice[1]}"]')
        page.wait_for_selector(f'svg#board [data-arrow="{ice[0]}>{ice[1]}"]')
        assert not page.evaluate(INJECTED), "captions and titles are text, never markup"
        problems += audit(page, "study panel")

        linked = Session.from_link(page.evaluate("location.hash").removeprefix("#"))
        assert linked.study == Study(
            HOSTILE[:80],
            (
                Step(0, HOSTILE, ("0,0",)),
                Step(2, "Two penguins are down.", (), ((ice[0], ice[1]),)),
            ),
        )
        assert linked.state.ply == 0, "a study link opens where the study begins"

        # -- Saves: the study is saved, listed by its title (as text), and loads back.
        click(page, '[data-command="open-saves"]')
        page.fill("#save-name", "Lesson 1")
        page.click('[data-command="save-as"]')
        page.wait_for_selector("#saves-list [data-save-key]")
        page.click('#saves [data-command="close-dialog"]')

        # -- The embed builder: the code's address is the live preview's.
        click(page, '[data-command="open-share"]')
        expect(page.locator("dialog#share")).to_be_visible()
        options = page.eval_on_selector_all("#embed-source option", "os => os.map(o => o.text)")
        assert options == ["The game on the board", f"Study: {HOSTILE[:80]}"]
        page.select_option("#embed-source", index=1)  # the saved study
        page.fill("#embed-step", "0")
        page.check("#embed-stop")
        page.select_option("#embed-theme", "dark")
        page.fill("#embed-width", "420")
        page.fill("#embed-height", "560")
        code = page.input_value("#embed-code")
        match = re.fullmatch(
            r'<iframe src="([^"]+)" width="420" height="560" title="([^"]+)" [^<>]*></iframe>',
            code,
        )
        assert match, code
        src = html.unescape(match.group(1))
        assert html.unescape(match.group(2)) == HOSTILE[:80]
        assert src.startswith(f"{server.origin}/?embed&ply=0&readonly&end=2&theme=dark#w1.")
        page.wait_for_function(
            "src => document.getElementById('embed-preview').dataset.src === src", arg=src
        )
        expect(page.locator("#embed-preview-state")).to_have_text("(move 0 of 2)", timeout=90_000)
        frame = page.frame_locator("#embed-preview")
        expect(frame.locator("#caption")).to_have_text(HOSTILE)
        expect(frame.locator("#study-heading")).to_have_text(HOSTILE[:80])
        expect(frame.locator("#embed-position")).to_have_text("Move 0 of 2")
        assert frame.locator("html").get_attribute("data-theme") == "dark"
        assert page.evaluate("document.getElementById('embed-preview').width") == "420"
        preview = next(f for f in page.frames if f.url.startswith(f"{server.origin}/?embed"))
        assert not preview.evaluate(INJECTED), "a hostile study link shows its text as text"
        frame.locator('#embed-bar [data-command="last"]').click()
        expect(frame.locator("#caption")).to_have_text("Two penguins are down.")
        expect(frame.locator('#embed-bar [data-command="redo"]')).to_be_disabled()
        expect(page.locator("#embed-preview-state")).to_have_text("(move 2 of 2)")
        problems += audit(page, "embed builder")
        page.fill("#embed-step", "")  # emptied: no &ply=, and it stays empty
        expect(page.locator("#embed-code")).not_to_contain_text("ply=")
        assert page.input_value("#embed-step") == ""
        page.click('#share [data-command="close-dialog"]')  # Escape would go to the frame
        expect(page.locator("dialog#share")).to_be_hidden()
        expect(page.locator("iframe")).to_have_count(0)  # the preview goes with the dialog

        # -- An exported file with hostile names and captions imports as text.
        session = Session.new("htmf", 2, seed=3, names=[HOSTILE[:60], "Bo"])
        session.study = Study(HOSTILE[:80], (Step(0, HOSTILE, ("3,0",)),))
        click(page, '[data-command="open-saves"]')
        page.set_input_files("#import-file", files=[
            {"name": "x.json", "mimeType": "application/json",
             "buffer": export_file(session).encode()}
        ])  # fmt: skip
        expect(page.locator("#caption")).to_have_text(HOSTILE)
        assert page.evaluate("document.documentElement.dataset.game") == "htmf"
        assert page.locator('svg#board [data-mark="3,0"]').count() == 1
        assert HOSTILE[:MAX_NAME_CHARS] in page.inner_text("#game-panels"), "a name, as text"
        assert not page.evaluate(INJECTED)
        assert not problems, "serious accessibility problems:\n  " + "\n  ".join(problems)
    finally:
        context.close()


def test_an_unplayable_board_is_kept_over_a_reload_then_fixed_and_saved_among_the_saves(
    page, page_log
):
    """The editor keeps a board that cannot be played yet in the browser (a reload brings
    it back with check-map's errors); once fixed, "Save among the saves" stores a game on
    it under a name that stays text, and loading that save plays on that very board."""
    open_app(page)
    click(page, "#new-game-button")
    click(page, '#new-game [data-command="open-editor"]')
    page.wait_for_selector('html[data-screen="editor"]')
    page.select_option("#editor-game", "waddle")
    click(page, '[data-editor-command="empty"]')
    click(page, '[data-edit-tool="ice"]')
    for place in ("0,0", "1,0", "2,0"):
        state = edit(page, place)
    no_water = ["the map has no numbered water hex, so no round can start"]
    assert state["errors"] == no_water and not state["playable"]
    name = HOSTILE[:60].strip()
    page.fill("#editor-save-name", name)
    page.click('#editor-save-form button[type="submit"]')
    expect(page.locator("#editor-message")).to_contain_text("Not saved as a game")
    expect(page.locator("#editor-play")).to_be_disabled()

    open_app(page, "./")  # a reload: the draft comes back as it was left
    click(page, "#new-game-button")
    click(page, '#new-game [data-command="open-editor"]')
    page.wait_for_selector('html[data-screen="editor"]')
    page.select_option("#editor-game", "waddle")
    kept = checks(page)
    assert kept["errors"] == no_water
    assert kept["message"] == "The board you edited last time, as you left it."
    ice = page.eval_on_selector_all(
        '#editor-board [data-kind="ice"]', "els => els.map((e) => e.dataset.editHex)"
    )
    assert sorted(ice) == ["0,0", "1,0", "2,0"]

    page.fill('[data-edit-field="number"]', "1")
    fixed = edit(page, "1,-1")
    assert fixed["playable"] and fixed["errors"] == []
    expect(page.locator("#editor-play")).to_be_enabled()
    page.fill("#editor-save-name", name)
    page.click('#editor-save-form button[type="submit"]')
    expect(page.locator("#editor-message")).to_have_text(
        f"Saved as \u201c{name}\u201d: it is in Saves, a game on this board."
    )
    click(page, '[data-editor-command="close"]')
    page.wait_for_function("!document.documentElement.dataset.screen")

    click(page, '[data-command="open-saves"]')
    rows = page.locator("#saves-list [data-save-key]")
    expect(rows).to_have_count(1)  # the unplayable board was not saved as a game
    expect(rows.locator(".save-name")).to_have_text(name)
    assert not page.evaluate(INJECTED), "a save's name is text, never markup"
    key = rows.get_attribute("data-save-key")
    page.click(f'[data-save-key="{key}"] [data-command="load-save"]')
    expect(page.locator("dialog#saves")).to_be_hidden()
    on_board = page.eval_on_selector_all(
        "svg#board [data-hex]", "els => els.map((e) => e.dataset.hex)"
    )
    assert sorted(on_board) == ["0,0", "1,-1", "1,0", "2,0"]
    assert page.evaluate("document.documentElement.dataset.game") == "waddle"


def test_the_teaching_example_page_drives_its_studies_from_another_origin(page, page_log, server):
    """The page is served by a second loopback server (another port: another origin), its
    frames by the app's server."""
    serve_web = _load_script("serve_web")
    host = serve_web.make_server(ROOT / "docs")
    host.start_in_thread()
    try:
        assert host.origin != server.origin
        page.goto(f"{host.origin}/teaching-example.html?app={server.origin}/")
        frames = {}
        for key in ("tie", "scout", "blocked"):
            locator = page.frame_locator(f"#frame-{key}")
            locator.locator('html[data-app="ready"]').wait_for(state="attached", timeout=120_000)
            frames[key] = locator
        sources = dict(
            page.eval_on_selector_all(
                "iframe", "fs => fs.map(f => [f.id.replace('frame-', ''), f.src])"
            )
        )
        studies = {}
        for key, src in sources.items():
            assert src.startswith(f"{server.origin}/?embed&"), "the frames are the app's"
            studies[key] = Session.from_link(src.partition("#")[2])
        for key, frame in frames.items():
            study = studies[key].study
            first = study.steps[0]
            expect(frame.locator("#caption")).to_have_text(first.caption)
            expect(frame.locator("#study-heading")).to_have_text(study.title)
            expect(frame.locator("#embed-position")).to_have_text(
                f"Move {first.ply} of {study.last_annotated}"
            )

        # The page's own buttons: postMessage to the first board, its events back.
        tie = studies["tie"].study
        steps = [s.ply for s in tie.steps]
        end = tie.last_annotated
        expect(page.locator("#shown")).to_have_text(f"The board shows move 0 of {end}.")
        page.click("#next")
        expect(frames["tie"].locator("#caption")).to_have_text(tie.steps[1].caption)
        expect(page.locator("#shown")).to_have_text(f"The board shows move {steps[1]} of {end}.")
        page.click("#next")
        expect(frames["tie"].locator("#caption")).to_have_text(tie.steps[2].caption)
        page.click("#previous")
        expect(page.locator("#shown")).to_have_text(f"The board shows move {steps[1]} of {end}.")
        events = page.eval_on_selector_all("#events li", "items => items.map(i => i.textContent)")
        assert events[-1] == f"step {steps[1]} of {end}: {tie.steps[1].caption}"
        assert f"step {steps[2]} of {end}: {tie.steps[2].caption}" in events

        # Inside a frame: the arrow keys and the slider step, never past the last step.
        scout = studies["scout"].study
        board = frames["scout"]
        board.locator("svg#board").click()
        page.keyboard.press("ArrowRight")
        expect(board.locator("#caption")).to_have_text(scout.steps[1].caption)
        page.keyboard.press("End")
        expect(board.locator("#embed-position")).to_have_text(
            f"Move {scout.last_annotated} of {scout.last_annotated}"
        )
        page.keyboard.press("ArrowRight")
        page.keyboard.press("Home")
        expect(board.locator("#embed-position")).to_have_text(f"Move 0 of {scout.last_annotated}")
        board.locator("#embed-scrubber").fill(str(scout.steps[0].ply))
        expect(board.locator("#caption")).to_have_text(scout.steps[0].caption)

        # Messages from this origin that are not the two commands change nothing at all.
        blocked = studies["blocked"].study
        target = next(f for f in page.frames if "#h1." in f.url)
        hash_before = target.evaluate("location.hash")
        page.evaluate(
            """(other) => {
          const w = document.getElementById("frame-blocked").contentWindow;
          for (const m of [
            {type: "waddle:play", action: {place: [1, 0]}},
            {type: "waddle:load", link: other},
            {type: "waddle:go", step: "3"}, {type: "waddle:go", step: -1},
            "waddle:go", [1, 2], {type: "waddle:step", step: 2},
          ]) w.postMessage(m, "*");
          w.postMessage({type: "waddle:go", step: 99999}, "*");
        }""",
            sources["tie"].partition("#")[2],
        )
        last = blocked.last_annotated
        expect(frames["blocked"].locator("#embed-position")).to_have_text(f"Move {last} of {last}")
        expect(frames["blocked"].locator("#caption")).to_have_text(blocked.steps[-1].caption)
        assert target.evaluate("location.hash") == hash_before, "the game is the same"
        assert target.evaluate("document.documentElement.dataset.game") == "htmf"
        assert (
            target.evaluate("Object.keys(localStorage).filter(k => k.startsWith('waddle'))") == []
        )
    finally:
        host.stop()
    # Requests to the page's own server are expected here; nothing else may leave.
    to_host = [r for r in page_log.foreign_requests if r.split(" ", 1)[1].startswith(host.origin)]
    assert to_host, "the example page was loaded"
    assert [r for r in page_log.foreign_requests if r not in to_host] == []
    page_log.foreign_requests.clear()
