"""The page boots: Pyodide starts from the vendored files, the engine zip is unpacked and
imported, and the page says so through its hooks, with nothing fetched from elsewhere."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Collects the loading stages the page was told about (installed before any page script).
RECORD_PROGRESS = """
window.__progress = [];
addEventListener("py:progress", (event) => window.__progress.push(String(event.detail)));
"""


def engine_version() -> str:
    """waddle.__version__, read from the source (the test process need not import it)."""
    tree = ast.parse((ROOT / "waddle" / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__version__" for t in node.targets
        ):
            return ast.literal_eval(node.value)
    raise AssertionError("waddle/__init__.py has no __version__")


def test_boots_to_ready_with_engine_version(page, page_log, open_app):
    page.add_init_script(RECORD_PROGRESS)
    open_app(page)

    assert page.locator("html").get_attribute("data-app") == "ready"
    assert page.locator("#engine-version").text_content() == engine_version()
    assert page.locator("svg#board").count() == 1
    assert page.locator("svg#board").is_visible()
    assert page.locator("#loading").is_hidden()
    assert page.locator("#error").is_hidden()

    # Real progress: PyScript's stages reached the loading screen, which ended full.
    progress = page.evaluate("window.__progress")
    for stage in ("Loading interpreter", "Loaded interpreter", "Loaded Pyodide"):
        assert stage in progress
    assert page.locator("#loading-progress").evaluate("bar => bar.value") == 100

    assert page_log.foreign_requests == []
    assert page_log.console_errors == []
    assert page_log.page_errors == []


def test_loads_only_from_its_own_origin(page, page_log, server, open_app):
    requests = []
    page.on("request", lambda request: requests.append(request.url))
    open_app(page)
    assert requests, "no request recorded"
    assert all(url.startswith(server.origin + "/") for url in requests), requests
    # The interpreter is the vendored one.
    assert any("/vendor/pyodide-" in url and url.endswith(".wasm") for url in requests)
    assert page_log.foreign_requests == []


def test_python_start_up_error_is_shown(page, page_log, open_app):
    page.route(
        "**/web/main.py",
        lambda route: route.fulfill(
            content_type="text/x-python",
            body="from pyscript import document\n"
            "exec(open('web/main.py').read().replace('import waddle', 'import waddle_missing'))",
        ),
    )
    with pytest.raises(AssertionError, match="ModuleNotFoundError"):
        open_app(page)
    assert page.locator("html").get_attribute("data-app") == "error"
    assert page.locator("#error").is_visible()
    assert "waddle_missing" in page.locator("#error-message").text_content()
    assert page.locator("#loading").is_hidden()
    # The traceback went to the console on purpose.
    assert any("waddle_missing" in m for m in page_log.console_errors)
    page_log.clear()


def test_missing_engine_zip_is_an_error_not_a_hang(page, page_log, open_app):
    page.route("**/app-*.zip", lambda route: route.fulfill(status=404, body="not found"))
    with pytest.raises(AssertionError, match="did not start"):
        open_app(page)
    assert page.locator("#error").is_visible()
    assert ".zip" in page.locator("#error-message").text_content()
    page_log.clear()
