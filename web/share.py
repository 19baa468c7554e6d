"""The Share and embed dialog and the Copy link button: the link of the game at this move,
and the embed builder (the game or a saved study, the first move shown, read-only, where
it stops, colours, size) with a live preview that shows what the ``<iframe>`` code will.

Runs only in the browser; the embedded view's address and code are ``waddle.app.embed``.
"""

import asyncio
from html import escape

from pyscript import document, ffi, window

from waddle.app.chrome import whole_number
from waddle.app.embed import (
    DEFAULT_SIZE,
    SIZE,
    SIZE_LIMITS,
    STEP,
    EmbedOptions,
    clamp_size,
    embed_link,
    embed_src,
    iframe_code,
    preview_hides,
)
from waddle.app.page import Page
from waddle.app.saves import SaveError
from waddle.core import jsontext
from waddle.games import GAMES
from web.dom import element
from web.ports import Shell

PREVIEW_DELAY_SECONDS = 0.35
"""The preview's address follows the options after this pause, so typing a width or a
move number reloads the preview once, not at every key."""


class ShareDialog:
    def __init__(self, page: Page, shell: Shell) -> None:
        self.page = page
        self.shell = shell
        self._copy_task = None  # the clipboard write under way (kept from the GC)
        self._preview_task = None
        self._preview_src = ""
        self._sources: dict[str, object] = {}  # builder: save key -> its session
        self._height_typed = False  # the author typed a height: the preview's is not used

    def bind(self, listen) -> None:
        share = element("share")
        listen(share, "input", lambda _e: self.fill_builder())
        listen(share, "close", lambda _e: self._stop_preview())
        listen(element("embed-source"), "change", lambda _e: self.fill_builder(new_source=True))
        listen(element("embed-readonly"), "change", lambda _e: self.fill_builder())
        listen(element("embed-meter"), "change", lambda _e: self.fill_builder())
        listen(element("embed-height"), "input", lambda _e: self._typed_height())

    def _typed_height(self) -> None:
        self._height_typed = True

    # -- copying ----------------------------------------------------------------------------

    def _refused(self) -> bool:
        """A game that may not be shared (:meth:`Page.unshareable`): say so instead."""
        line = self.page.unshareable()
        if line is not None:
            self.page.session.message = line
            self.shell.render()
        return line is not None

    def cmd_copy_link(self, _target) -> None:
        if self._refused():
            return
        warning = self.page.link_warning()
        self._copy(
            window.location.href,
            "Link copied: it opens this game at this move." + warning,
            "copy the address from the address bar." + warning,
        )

    def cmd_copy_embed(self, _target) -> None:
        if self._refused():
            return
        self.fill_builder()
        self._copy(
            element("embed-code").value,
            "Embed code copied.",
            "select the embed code and copy it.",
        )

    def _copy(self, text: str, done: str, by_hand: str) -> None:
        """Put ``text`` on the clipboard, then say ``done``, or ``by_hand`` if that failed."""
        self._copy_task = asyncio.ensure_future(self._write_clipboard(text, done, by_hand))

    async def _write_clipboard(self, text: str, done: str, by_hand: str) -> None:
        try:
            await window.navigator.clipboard.writeText(text)
        except Exception:  # no Clipboard API (a plain-http address), or the browser refused
            done = "The browser did not let the page copy: " + by_hand
        self.page.session.message = done
        self.shell.render()

    # -- the dialog and its embed builder ---------------------------------------------------

    def cmd_open_share(self, _target) -> None:
        if self._refused():
            return
        listing = self.page.saves.list().entries if not self.page.embed else []
        options = ['<option value="">The game on the board</option>']
        for entry in listing:
            if entry.study is not None:
                label = f"Study: {entry.study or entry.name}"
            else:
                label = f"Saved game: {entry.name}"
            options.append(f'<option value="{escape(entry.key)}">{escape(label)}</option>')
        element("embed-source").innerHTML = "".join(options)
        self._sources = {}
        self._height_typed = False
        self.fill_builder(new_source=True)
        warning = element("share-warning")
        warning.textContent = self.page.link_warning().strip()
        warning.hidden = not warning.textContent
        element("share").showModal()

    def _source(self):
        key = str(element("embed-source").value)
        if not key:
            return self.page.session
        if key not in self._sources:
            try:
                self._sources[key] = self.page.saves.load(key)
            except SaveError:
                return self.page.session
        return self._sources[key]

    def fill_builder(self, new_source: bool = False) -> None:
        """The code and the preview for the options now chosen in the Embed dialog."""
        source = self._source()
        if source is None:
            return
        study = source.study
        stop = element("embed-stop")
        last = study.last_annotated if study is not None else None
        stop.disabled = last is None
        if last is None:
            stop.checked = False
        end = last if stop.checked and last is not None else None
        step_field = element("embed-step")
        if new_source:
            step_field.value = str(source.state.ply)
        steps = end if end is not None else source.total_plies
        step_field.max = str(steps)
        # An emptied field means no &ply=: the embed opens where the line does (its end,
        # or a study's start), and the field stays empty (it was put back before).
        typed = whole_number(str(step_field.value), 6)
        ply = min(typed, steps) if typed is not None else None
        theme = str(element("embed-theme").value) or None
        eyes = self._eyes(source, new_source)
        options = EmbedOptions(
            ply,
            bool(element("embed-readonly").checked),
            end,
            theme,
            eyes,
            meter=bool(element("embed-meter").checked),
        )
        base = str(window.location.href).split("#")[0].split("?")[0]
        src = embed_src(base, embed_link(source, options), options)
        width = clamp_size(str(element("embed-width").value), DEFAULT_SIZE[0])
        height = clamp_size(str(element("embed-height").value), DEFAULT_SIZE[1])
        entry = GAMES.by_id(source.game.id)
        title = study.title if study is not None and study.title else f"{entry.title} game"
        element("share-link").value = str(window.location.href)
        element("embed-code").value = iframe_code(src, title, width, height)
        hidden = preview_hides(self.page, source, eyes)
        if hidden:
            # The preview would show a hand this screen does not show now.
            self._stop_preview()
            said = f"(no preview while the game is on: {hidden})"
            element("embed-preview-state").textContent = said
            return
        preview = self._preview()
        preview.width = str(width)
        preview.height = str(height)
        if src != self._preview_src:
            self._preview_src = src
            element("embed-preview-state").textContent = "(loading…)"
            if self._preview_task is not None and not self._preview_task.done():
                self._preview_task.cancel()
            self._preview_task = asyncio.ensure_future(self._show_preview(src))

    @staticmethod
    def _eyes(source, new_source: bool) -> int | None:
        """The builder's "Readers see" (a card game): every hand, or one seat's
        (``&eyes=N``); a new source starts from its study's own eyes."""
        box = element("embed-eyes-box")
        box.hidden = not source.hidden_information
        if box.hidden:
            return None
        select = element("embed-eyes")
        if new_source:
            study_eyes = getattr(source.study, "eyes", None)
            select.innerHTML = '<option value="">Every hand</option>' + "".join(
                f'<option value="{p}">{escape(seat.name)}\u2019s hand only</option>'
                for p, seat in enumerate(source.seats)
            )
            select.value = "" if study_eyes is None else str(study_eyes)
        chosen = str(select.value)
        return int(chosen) if chosen else None

    async def _show_preview(self, src: str) -> None:
        await asyncio.sleep(PREVIEW_DELAY_SECONDS)
        preview = self._preview()
        # Through a blank page: an address that differs only after "#" would not load the
        # frame again, and the preview must start exactly as the code's frame does.
        preview.src = "about:blank"
        await asyncio.sleep(0.05)
        preview.src = src
        preview.dataset.src = src  # the address it was given, as the code has it

    @staticmethod
    def _preview():
        """The preview frame, made when the dialog needs it (the page holds no frame
        otherwise)."""
        preview = element("embed-preview")
        if ffi.is_none(preview):
            preview = document.createElement("iframe")
            preview.id = "embed-preview"
            preview.title = "Preview of the embedded board"
            element("embed-preview-slot").appendChild(preview)
        return preview

    def _stop_preview(self) -> None:
        """The dialog closed: the preview goes, and its Python with it."""
        if self._preview_task is not None and not self._preview_task.done():
            self._preview_task.cancel()
        self._preview_src = ""
        preview = element("embed-preview")
        if not ffi.is_none(preview):
            preview.remove()
        element("embed-preview-state").textContent = ""

    def preview_said(self, event, message: str) -> None:
        """The preview (our own origin) tells the dialog which step it shows."""
        if str(event.origin) != str(window.location.origin):
            return
        try:
            data = jsontext.loads(message)
        except ValueError:
            return
        if type(data) is dict and data.get("type") == SIZE:
            self._propose_height(data.get("height"))
        elif type(data) is dict and data.get("type") == STEP:
            step, steps = data.get("step"), data.get("steps")
            if type(step) is int and type(steps) is int:
                element("embed-preview-state").textContent = f"(move {step} of {steps})"

    def _propose_height(self, height) -> None:
        """The preview measured the height that shows all of it at the chosen width (the
        board, the caption with room for the longest, the question, the reader's hand): the
        builder proposes it, unless the author typed a height of their own."""
        if self._height_typed or type(height) is not int:
            return
        low, high = SIZE_LIMITS
        field = element("embed-height")
        proposed = str(max(low, min(high, height)))
        if str(field.value) != proposed:
            field.value = proposed
            self.fill_builder()
