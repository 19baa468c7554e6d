#!/usr/bin/env python3
"""Write docs/teaching-example.html: a page that embeds three studies and drives one.

    python3 scripts/teaching_example.py [--check]

The three studies are made here with the engine, each from a game whose position really
shows what its captions say (asserted below, and again by tests/test_teaching_example.py):

- *A tie at a Waddle pool*: two players have the most penguins next to a pool, and each
  scores that pool's best fish;
- *The last player who cannot scout*: everyone else on the active track scouted ahead, and
  the one left must keep placing;
- *An HTMF penguin blocked in*: a slide leaves a penguin of the other player with no floe
  to go to.

The page is plain HTML with a small script of its own (no build step, nothing from the
app), so a teacher can copy it. ``--check`` exits 1 if the page differs from what this
script writes (the test does the same).
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from html import escape
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from waddle.app.session import Session  # noqa: E402
from waddle.core import hexgrid  # noqa: E402
from waddle.core.rng import Rng  # noqa: E402
from waddle.core.study import Step, Study  # noqa: E402

PAGE = ROOT / "docs" / "teaching-example.html"
DEFAULT_APP = "http://127.0.0.1:8000/"
"""Where the page finds the app unless ``?app=`` says otherwise: ``make serve``."""


@dataclass(frozen=True)
class Example:
    """One study of the page: the session (its whole line, the study) and where it opens."""

    key: str
    session: Session
    first: int
    end: int

    @property
    def link(self) -> str:
        return self.session.link_of(self.session.full_record())


def _random_game(game_id: str, players: int, seed: int) -> Session:
    session = Session.new(
        game_id, players, seed, names=["Red", "Blue", "Yellow", "Green"][:players]
    )
    rng = Rng(seed)
    while not session.state.is_over():
        session.play(rng.choice(session.state.legal_actions()))
    return session


def _key(h) -> str:
    return f"{h[0]},{h[1]}"


def _at(session: Session, ply: int):
    record = session.full_record()
    return record.with_actions(record.actions[:ply]).replay()


def tie_at_a_pool() -> Example:
    """3 players; a pool where two players tie for the most penguins, a third is next."""
    for seed in range(1, 500):
        session = _random_game("waddle", 3, seed)
        for pool in session.state.breakdown().pools:
            counts, top = pool.counts, max(pool.counts)
            tied = [p for p, c in enumerate(counts) if c == top]
            others = [p for p, c in enumerate(counts) if 0 < c < top]
            if top >= 3 and len(tied) == 2 and len(others) == 1 and pool.number is not None:
                break
        else:
            continue
        break
    else:  # pragma: no cover - the seeds above hold one
        raise AssertionError("no game with a tie at a pool")
    end = session.total_plies
    names = [s.name for s in session.seats]
    pool_hexes = tuple(_key(h) for h in pool.hexes)
    # The move after which the two tied players first stand as they will at the end.
    tie_ply = next(
        ply for ply in range(end + 1) if _pool(_at(session, ply), pool.hexes).counts == counts
    )
    a, b = (names[p] for p in tied)
    third = names[others[0]]
    best, second = pool.awards[tied[0]][0], pool.awards[others[0]][0]
    assert pool.awards[tied[1]] == (best,) and best == pool.fish[0]
    mover = names[_at(session, tie_ply - 1).to_move()]
    placed = session.full_record().actions[tie_ply - 1].hex
    session.study = Study(
        "A tie at a Waddle pool",
        (
            Step(
                0,
                "Three players place penguins next to numbered pools. At the end, each pool "
                "pays its fish by rank: the most penguins next to it take the best fish.",
            ),
            Step(
                tie_ply,
                f"{mover} places on {_key(placed)}: {a} and {b} now have {top} penguins each "
                f"next to pool {pool.number}, and {third} has {counts[others[0]]}.",
                (*pool_hexes, _key(placed)),
            ),
            Step(
                end,
                f"Pool {pool.number} is scored: {a} and {b} tie for the most, so each scores "
                f"the best fish ({best}). {third}, next, scores the next fish ({second}).",
                pool_hexes,
            ),
        ),
    )
    return Example("tie", session, 0, end)


def _pool(state, hexes):
    return next(p for p in state.breakdown().pools if p.hexes == hexes)


def cannot_scout() -> Example:
    """3 players; the other two scouted ahead this round, the one left may not scout."""
    for seed in range(1, 500):
        session = _random_game("waddle", 3, seed)
        for ply in range(1, session.total_plies):
            state = _at(session, ply)
            if state.why_not_scout() is not None and len(state.scouted_this_round()) == 2:
                before = _at(session, ply - 1)
                if (
                    before.why_not_scout() is None
                    and session.full_record().actions[ply - 1].is_scout
                ):
                    break
        else:
            continue
        break
    else:  # pragma: no cover
        raise AssertionError("no game with a last player who cannot scout")
    names = [s.name for s in session.seats]
    state = _at(session, ply)
    last = names[state.to_move()]
    first_scout, second_scout = (names[p] for p in state.scouted_this_round())
    active = _key(state.active_hex)
    empty = tuple(_key(h) for h in state.legal_hexes())
    # The round's end: the first position after ply where the tracks switched.
    change = next(
        p
        for p in range(ply + 1, session.total_plies + 1)
        if _at(session, p).scouted_this_round() == []
    )
    after = _at(session, change)
    opener = names[after.to_move()]
    session.study = Study(
        "The last player who cannot scout",
        (
            Step(
                ply - 1,
                f"{first_scout} has scouted ahead: no more penguins this round, first in the "
                "next one. The others may place, or scout too.",
            ),
            Step(
                ply,
                f"{second_scout} scouts too. {last} is the last player left on the active "
                f"track, so {last} may not scout: {last} places until pool "
                f"{state.active_number} is surrounded.",
                (active, *empty),
            ),
            Step(
                change,
                f"Pool {state.active_number} is surrounded and the round ends. The scouts go "
                f"first in the new round, in the order they scouted: {opener} starts.",
                (_key(after.active_hex),) if after.active_hex is not None else (),
            ),
        ),
    )
    return Example("scout", session, ply - 1, change)


def can_slide(state, h) -> bool:
    """Whether the penguin on ``h`` has a floe next to it to slide onto (whoever moves)."""
    return any(state.has_floe(n) and state.penguin_at(n) is None for n in hexgrid.neighbors(h))


def blocked_in() -> Example:
    """2 players; a slide leaves one of the other player's penguins with nowhere to go."""
    for seed in range(1, 500):
        session = _random_game("htmf", 2, seed)
        record = session.full_record()
        before = record.start()
        found = None
        for ply, action in enumerate(record.actions, start=1):
            state = before.clone()
            state.apply(action)
            if before.phase == "move" and not state.is_over() and state.movable_penguins():
                mover = state.to_move()
                free_before = {
                    h for h, o in before.penguins().items() if o == mover and can_slide(before, h)
                }
                later = record.actions[ply:]
                stuck = [
                    h
                    for h in free_before
                    if not can_slide(state, h) and all(a.src != h for a in later)
                ]  # blocked now, and it never moves again: it is still there at the end
                if stuck and before.to_move() != mover:
                    found = ply, sorted(stuck)[0], state, before
                    break
            before = state
        if found is not None:
            break
    else:  # pragma: no cover
        raise AssertionError("no game with a penguin blocked in")
    ply, blocked, state, before = found
    mover = state.to_move()
    names = [s.name for s in session.seats]
    move = record.actions[ply - 1]
    other = names[before.to_move()]
    owner = names[mover]
    end = session.total_plies
    index = state.board.index[blocked]
    fish = state.board.fish[index]
    assert session.state.is_over() and session.state.taker[index] == mover
    session.study = Study(
        "An HTMF penguin blocked in",
        (
            Step(
                ply - 1,
                f"{other} is to move. Watch {owner}'s penguin on {_key(blocked)}: it can "
                "still slide away.",
                (_key(blocked),),
            ),
            Step(
                ply,
                f"{other} slides from {_key(move.src)} to {_key(move.dst)}. Every line from "
                f"{_key(blocked)} now starts at a gap or a penguin: that penguin is blocked in.",
                (_key(blocked),),
                ((_key(move.src), _key(move.dst)),),
            ),
            Step(
                end,
                "A blocked penguin still counts: at the end it leaves the ice with the floe "
                f"it stands on, and {owner} takes that floe's {fish} fish.",
                (_key(blocked),),
            ),
        ),
    )
    return Example("blocked", session, ply - 1, end)


def lead_a_court() -> Example:
    """Pebbles, through the lead's eyes (the other hands face down): a card and a tile
    marked, then a question: the reader leads, and any Court card is right."""
    from waddle.games.pebbles.cards import COURT

    session = Session.new("pebbles", 3, 4, names=["Red", "Blue", "Yellow"])
    state = session.state
    lead = state.to_move()
    hand = state.hands[lead]
    courts = [c for c in hand if c.suit == COURT]
    assert lead == 1 and len(courts) >= 2
    highest = max(courts, key=lambda c: c.number)
    answers = [[{"play": str(c)}] for c in courts]
    tile = session.game.places(session.full_record())[0]
    study = Study(
        "Blue leads the first trick",
        (
            Step(
                0,
                "Blue holds the lead: the card Blue plays first sets the suit of the trick. "
                "Blue's highest Court card is marked; the other hands stay face down.",
                (f"card:{highest}", tile),
            ),
        ),
        eyes=lead,
    ).with_question(
        0,
        answers,
        "Your move, Blue: lead a card that makes this a Court trick.",
        "The suit of the card led is the trick's suit: any Court card (the hearts) makes "
        "this a Court trick, and the highest Court played wins it.",
    )
    session.study = study
    return Example("lead", session, 0, 0)


def examples() -> list[Example]:
    return [tie_at_a_pool(), cannot_scout(), blocked_in(), lead_a_court()]


def frame_height(ex: Example) -> int:
    """A card game's study shows a hand (and the trick, the row) under its board: a taller
    frame, so the question, the board and the hand it is answered from are all in it."""
    return 960 if ex.session.hidden_information else 600


def page(examples: list[Example]) -> str:
    frames = []
    for n, ex in enumerate(examples):
        study = ex.session.study
        steps = ",".join(str(s.ply) for s in study.steps)
        eyes = f"&eyes={study.eyes}" if study.eyes is not None else ""
        src = f"?embed&ply={ex.first}&readonly&end={ex.end}{eyes}#{ex.link}"
        frames.append(
            f'  <section class="study" id="{ex.key}">\n'
            f"    <h2>{escape(study.title)}</h2>\n"
            f'    <iframe id="frame-{ex.key}" src="{escape(src)}" width="480"'
            f' height="{frame_height(ex)}"\n'
            f'            title="{escape(study.title)}" data-steps="{steps}"'
            f' style="border:0;max-width:100%"></iframe>\n'
            + (_controls(ex.key) if n == 0 else "")
            + (_answers(ex.key) if study.steps[0].question is not None else "")
            + "  </section>\n"
        )
    return TEMPLATE.replace("{{DEFAULT_APP}}", DEFAULT_APP).replace("{{FRAMES}}", "".join(frames))


def _controls(key: str) -> str:
    return (
        '    <p class="drive">This page\'s own buttons drive the board above through\n'
        "      <code>postMessage</code>, from one annotated step to the next:\n"
        f'      <button type="button" id="previous" data-frame="frame-{key}">\n'
        "        Previous step</button>\n"
        f'      <button type="button" id="next" data-frame="frame-{key}">Next step</button>\n'
        '      <output id="shown" aria-live="polite">waiting for the board…</output></p>\n'
        '    <ol id="events" class="events" aria-label="Messages from the board"></ol>\n'
    )


def _answers(key: str) -> str:
    return (
        '    <p class="drive">Answer on the board (click a card of your hand); this page\n'
        "      hears each answer through <code>postMessage</code>:\n"
        f'      <output id="answer" data-frame="frame-{key}" aria-live="polite">no answer yet'
        "</output></p>\n"
    )


TEMPLATE = """<!doctype html>
<!-- An example of a page that teaches the rules with Waddle's embedded studies. It is made
     by scripts/teaching_example.py (run it again after changing a study) and checked by
     tests/test_teaching_example.py and tests/e2e/test_teaching_page.py.

     Open it with the app served somewhere: by default the app of `make serve`
     ({{DEFAULT_APP}}); `?app=https://your.host/waddle/` points it at another copy. Opened
     straight from disk (file://) the boards cannot start inside it (a browser gives the
     frames of such a page no storage for their engine): it says so, and links each study
     to open in its own tab instead. Each
     study is an <iframe> of the app's embedded view (the Embed dialog writes that code);
     the first one is also driven by this page's own buttons through postMessage
     (docs/embedding.md). -->
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Teaching the rules with Waddle: four studies</title>
  <link rel="icon" href="data:,">
  <script>
    // The app's address: every frame's src below is relative to it (a <base> set before
    // the frames are read, so no frame ever loads from anywhere else).
    (() => {
      const asked = new URLSearchParams(location.search).get("app");
      let app = "{{DEFAULT_APP}}";
      try {
        if (asked && ["http:", "https:"].includes(new URL(asked).protocol)) app = asked;
      } catch (error) { /* not an address: keep the default */ }
      const base = document.createElement("base");
      base.href = app;
      document.head.append(base);
    })();
  </script>
  <style>
    body { font: 1rem/1.5 system-ui, sans-serif; max-width: 64rem; margin: 0 auto; padding: 1rem; }
    .studies { display: flex; flex-wrap: wrap; gap: 1.5rem; }
    .study { flex: 1 1 22rem; }
    .study h2 { font-size: 1.15rem; }
    button { font: inherit; min-height: 44px; padding: 0.3rem 0.8rem; }
    .events { font: 0.85rem ui-monospace, monospace; max-height: 10rem; overflow: auto; }
    .from-disk { border-left: 4px solid #b3261e; padding: 0.5rem 0.75rem; background: #fdecea; }
  </style>
</head>
<body>
  <h1>Four situations of the rules, as studies</h1>
  <p>Each board below is a study: a game with a caption at the steps that matter. Step with
    the buttons under a board, the arrow keys (click the board first) or the slider. The
    last one is an exercise: it asks for your move.</p>
  <p class="from-disk" id="from-disk" hidden>This page was opened straight from your disk
    (<code>file://</code>), so the boards cannot start inside it: a browser gives the frames
    of such a page no storage for the game engine. Each study opens in its own tab from the
    links below. To see them in the page, serve the app and this page: run
    <code>make serve</code> in the project, then
    <code>python3 -m http.server 8001 --directory docs</code>, and open
    <code>http://127.0.0.1:8001/teaching-example.html</code>.</p>
  <div class="studies">
{{FRAMES}}  </div>
  <script>
    // Opened from disk: each frame becomes a link that opens its study in a tab of its own.
    if (location.protocol === "file:") {
      document.getElementById("from-disk").hidden = false;
      for (const frame of document.querySelectorAll("iframe")) {
        const link = document.createElement("a");
        link.href = frame.src;
        link.target = "_blank";
        link.rel = "noopener";
        link.textContent = `Open “${frame.title}” in Waddle`;
        frame.replaceWith(link);
      }
    }
    // Drive the first board: "go to step N" messages, and the board's "step" events.
    (() => {
      const previous = document.getElementById("previous");
      const next = document.getElementById("next");
      const frame = document.getElementById(next.dataset.frame);
      if (!frame) return; // opened from disk: the studies are links
      const appOrigin = new URL(document.baseURI).origin;
      const steps = frame.dataset.steps.split(",").map(Number);
      const shown = document.getElementById("shown");
      const events = document.getElementById("events");
      let step = null;

      const go = (n) => frame.contentWindow.postMessage({ type: "waddle:go", step: n }, appOrigin);
      next.addEventListener("click", () => {
        const later = steps.find((s) => step === null || s > step);
        if (later !== undefined) go(later);
      });
      previous.addEventListener("click", () => {
        const earlier = steps.filter((s) => step !== null && s < step).pop();
        if (earlier !== undefined) go(earlier);
      });
      addEventListener("message", (event) => {
        // Only the first board's own events: its origin, its window, its message type.
        if (event.origin !== appOrigin || event.source !== frame.contentWindow) return;
        const data = event.data;
        if (!data || data.type !== "waddle:step") return;
        step = data.step;
        shown.textContent = `The board shows move ${data.step} of ${data.steps}.`;
        const item = document.createElement("li");
        item.textContent = `step ${data.step} of ${data.steps}: ${data.caption || "(no caption)"}`;
        events.append(item);
      });
      // The board may have said its first step before this page listened: ask again.
      const ask = () => frame.contentWindow.postMessage({ type: "waddle:ask" }, appOrigin);
      frame.addEventListener("load", ask);
    })();
    // Every frame as tall as its view asks (waddle:size), so nothing in it scrolls.
    (() => {
      const appOrigin = new URL(document.baseURI).origin;
      addEventListener("message", (event) => {
        if (event.origin !== appOrigin || event.data?.type !== "waddle:size") return;
        const height = event.data.height;
        if (!Number.isInteger(height) || height < 200 || height > 4000) return;
        for (const frame of document.querySelectorAll("iframe")) {
          if (frame.contentWindow === event.source) frame.height = String(height);
        }
      });
    })();
    // The exercise: the board tells this page each answer (waddle:answer), shown as text.
    (() => {
      const answer = document.getElementById("answer");
      const frame = document.getElementById(answer.dataset.frame);
      if (!frame) return;
      const appOrigin = new URL(document.baseURI).origin;
      addEventListener("message", (event) => {
        if (event.origin !== appOrigin || event.source !== frame.contentWindow) return;
        const data = event.data;
        if (!data || data.type !== "waddle:answer") return;
        answer.textContent = `${data.move}: ${data.correct ? "right" : "not this one"}.`;
      });
    })();
  </script>
</body>
</html>
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the page is out of date")
    args = parser.parse_args()
    text = page(examples())
    if args.check:
        if PAGE.read_text(encoding="utf-8") != text:
            print(f"{PAGE} is out of date: run python3 scripts/teaching_example.py")
            return 1
        return 0
    PAGE.write_text(text, encoding="utf-8")
    print(f"wrote {PAGE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
