"""Real-browser tests: the course's notebooks in JupyterLab, in headless Chromium.

One JupyterLab server for all the browser tests (on 127.0.0.1, a free port, a random token,
settings, workspaces and Jupyter's own files in a temporary directory), serving a temporary
copy of ``notebooks/`` so that the repository's notebooks are never modified. One headless
Chromium, driven by selenium through Debian's ``chromedriver``. Each test module opens one
notebook (one kernel, shut down when the module is done), looks at it before it runs, runs it
(Run > Run All Cells, from the menu, as a student would) and plays with its widgets with the
mouse and the keyboard.

Without Chromium, its driver or selenium these tests are skipped, with one line saying why;
under ``CI=true`` a missing browser is a failure instead.

What the tests compare: what the page draws, read from the DOM, against the state the library
holds in the kernel (asked for with ``Notebook.kernel``, out of sight of the notebook) or
recomputed here with ``course_lib``, never against text copied from the page.

- ``lab`` (fixture): the server and the browser; ``lab.open(name)`` gives a ``Notebook``.
- ``Notebook``: ``run_all()``, ``cell_index(text)``, ``output(index, selector)`` (an element
  of a cell's outputs, scrolled into view), ``static_output(index)`` (what a cell shows
  before it runs), ``kernel(code)`` (what ``code`` prints in the notebook's kernel),
  ``widget(index)`` (the kernel's name for the widget a cell displayed), ``observe`` and
  ``observed`` (every state an element goes through).
- ``helpers`` (fixture): ``BoardPage`` (an ATAXX PlayBoard), ``GamePage`` (a PlayBoard of
  Othello or Gomoku), ``PicturePage`` (a widget showing a
  line of text over a picture), ``check_stepper``, ``canonical_svg``, ``hex_color``.
"""

from __future__ import annotations

import ast
import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any, Callable

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                  "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync",
                  "--disable-dev-shm-usage", "--window-size=1366,900"]


def _find_browser() -> tuple[str | None, str | None, str]:
    """(chromium, chromedriver, what is missing and how to get it) on this machine."""
    chromium = next((shutil.which(name) for name in ("chromium", "chromium-browser")
                     if shutil.which(name)), None)
    driver = shutil.which("chromedriver")
    missing = []
    if chromium is None:
        missing.append("chromium")
    if driver is None:
        missing.append("chromedriver")
    try:
        import selenium  # noqa: F401
    except ImportError:
        missing.append("selenium")
    if not missing:
        return chromium, driver, ""
    how = []
    if chromium is None or driver is None:
        how.append("apt-get install chromium chromium-driver")
    if "selenium" in missing:
        how.append("pip install selenium")
    return chromium, driver, f"{', '.join(missing)} not found ({'; '.join(how)})"


_CHROMIUM, _DRIVER, _MISSING = _find_browser()
_SKIPPED: list[str] = []


def pytest_collection_modifyitems(config: Any, items: list[Any]) -> None:
    here = Path(__file__).parent
    mine = [item for item in items if here in Path(str(item.fspath)).parents]
    if not mine or not _MISSING:
        return
    if os.environ.get("CI") == "true":
        return                              # the ``lab`` fixture fails them, with the reason
    reason = f"browser tests skipped: {_MISSING}"
    _SKIPPED.append(reason)
    for item in mine:
        item.add_marker(pytest.mark.skip(reason=reason))


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if _SKIPPED:
        terminalreporter.write_line(_SKIPPED[0])


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Lab:
    """A JupyterLab server on a copy of the notebooks, and a headless Chromium looking at it."""

    def __init__(self, chromium: str, driver: str, source: Path = ROOT / "notebooks") -> None:
        self.tmp = Path(tempfile.mkdtemp(prefix="course-browser-"))
        self.root = self.tmp / "notebooks"
        shutil.copytree(source, self.root,
                        ignore=shutil.ignore_patterns(".ipynb_checkpoints", "solutions"))
        self.port = _free_port()
        self.token = secrets.token_hex(16)
        self.url = f"http://127.0.0.1:{self.port}"
        settings = self.tmp / "settings"
        # No news pop-up over the notebook.
        (settings / "@jupyterlab" / "apputils-extension").mkdir(parents=True)
        (settings / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings"
         ).write_text(json.dumps({"fetchNews": "false", "checkForUpdates": False}))
        env = dict(os.environ, JUPYTER_CONFIG_DIR=str(self.tmp / "config"),
                   JUPYTER_RUNTIME_DIR=str(self.tmp / "runtime"),
                   JUPYTER_DATA_DIR=str(self.tmp / "data"),
                   IPYTHONDIR=str(self.tmp / "ipython"), PYTHONUNBUFFERED="1")
        command = [sys.executable, "-m", "jupyterlab", "--no-browser",
                   "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={self.port}",
                   "--ServerApp.port_retries=0", f"--IdentityProvider.token={self.token}",
                   f"--ServerApp.root_dir={self.root}", "--LabApp.expose_app_in_browser=True",
                   f"--LabApp.user_settings_dir={settings}",
                   f"--LabApp.workspaces_dir={self.tmp / 'workspaces'}"]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            command.append("--allow-root")
        self.log = open(self.tmp / "jupyterlab.log", "wb")
        self.server = subprocess.Popen(command, cwd=self.root, env=env, stdout=self.log,
                                       stderr=subprocess.STDOUT)
        self.driver = None
        try:
            self._wait_for_server()
            self.driver = self._start_browser(chromium, driver)
        except BaseException:
            self.close()
            raise

    def _wait_for_server(self, timeout: float = 90) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.server.poll() is not None:
                raise RuntimeError(f"JupyterLab exited ({self.server.returncode}): "
                                   + (self.tmp / "jupyterlab.log").read_text()[-2000:])
            try:
                with urllib.request.urlopen(f"{self.url}/api/status?token={self.token}",
                                            timeout=2) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                pass
            time.sleep(0.3)
        raise RuntimeError(f"JupyterLab did not answer on {self.url} within {timeout} s")

    def _start_browser(self, chromium: str, driver: str) -> Any:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        options = webdriver.ChromeOptions()
        options.binary_location = chromium
        for flag in CHROMIUM_FLAGS:
            options.add_argument(flag)
        options.add_argument(f"--user-data-dir={self.tmp / 'chromium'}")
        browser = webdriver.Chrome(service=Service(executable_path=driver), options=options)
        browser.set_script_timeout(60)
        # Newer headless Chromium gives its page no focus, and JupyterLab then has no current
        # notebook (app.shell.currentWidget stays null): the page is told it has the focus.
        browser.execute_cdp_cmd("Emulation.setFocusEmulationEnabled", {"enabled": True})
        return browser

    def open(self, name: str, kernel: bool = True) -> "Notebook":
        """Open notebook ``name`` (a file of the copy) in JupyterLab and wait for its kernel
        (``kernel=False``: do not wait for it)."""
        self.driver.get(f"{self.url}/lab/tree/{name}?token={self.token}&reset")
        notebook = Notebook(self, name)
        self._focus(name)
        notebook.wait_ready(kernel=kernel)
        return notebook

    def _focus(self, name: str, timeout: float = 60) -> None:
        """Click the notebook's tab if the page has no focus: a headless page can start
        without it (document.hasFocus() false), and JupyterLab then has no current widget."""
        from selenium.webdriver.common.by import By

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.driver.execute_script("return document.hasFocus();"):
                return
            tabs = [tab for tab in self.driver.find_elements(
                By.CSS_SELECTOR, ".lm-DockPanel-tabBar .lm-TabBar-tab") if tab.text == name]
            if tabs:
                tabs[0].click()
            time.sleep(0.3)

    def shutdown_kernels(self) -> None:
        """Shut every kernel down, after leaving the page: a page still connected to a kernel
        that goes away can leave the next notebook's widgets undrawn (a Gomoku board stayed an
        empty box in about one run of three until the page was left first)."""
        self.driver.get("about:blank")
        request = urllib.request.Request(f"{self.url}/api/kernels?token={self.token}")
        with urllib.request.urlopen(request, timeout=10) as answer:
            kernels = json.load(answer)
        for kernel in kernels:
            request = urllib.request.Request(
                f"{self.url}/api/kernels/{kernel['id']}?token={self.token}", method="DELETE")
            try:
                urllib.request.urlopen(request, timeout=10).close()
            except OSError:
                pass

    def screenshot(self, path: str | Path) -> None:
        self.driver.save_screenshot(str(path))

    def close(self) -> None:
        if self.driver is not None:
            try:
                self.driver.quit()
            except Exception:               # noqa: BLE001 - closing anyway
                pass
        if self.server.poll() is None:
            self.server.terminate()
            try:
                self.server.wait(20)
            except subprocess.TimeoutExpired:
                self.server.kill()
                self.server.wait()
        self.log.close()
        shutil.rmtree(self.tmp, ignore_errors=True)


# JavaScript run in the page: the notebook panel JupyterLab shows (window.jupyterapp is there
# because the server runs with --LabApp.expose_app_in_browser).
_PANEL = """
const app = window.jupyterapp;
// The notebook shown: JupyterLab 4.6 leaves currentWidget null until the page has the focus,
// which a headless browser's page may never get.
const panel = app && (app.shell.currentWidget
                      || Array.from(app.shell.widgets('main')).find(w => w.isVisible));
const ready = panel && panel.content && panel.sessionContext;
const scrollbars = (area) => Array.from([area, ...area.querySelectorAll('*')]).filter(e => {
    const style = getComputedStyle(e);
    const scrolls = v => v === 'auto' || v === 'scroll';
    return (scrolls(style.overflowX) && e.scrollWidth > e.clientWidth)
        || (scrolls(style.overflowY) && e.scrollHeight > e.clientHeight);
}).map(e => `${e.tagName.toLowerCase()}.${String(e.className.baseVal ?? e.className)
    .split(' ').join('.')}: content ${e.scrollWidth} x ${e.scrollHeight} `
    + `in ${e.clientWidth} x ${e.clientHeight}`);
"""


class Notebook:
    """A notebook open in the browser."""

    def __init__(self, lab: Lab, name: str) -> None:
        self.lab, self.name, self.driver = lab, name, lab.driver

    def js(self, body: str, *args: Any) -> Any:
        """Run ``body`` in the page, with ``panel`` the notebook panel; return its value
        (None while no notebook is shown)."""
        return self.driver.execute_script(_PANEL + "if (!ready) { return null; }\n" + body,
                                          *args)

    def wait(self, what: Callable[[], Any], timeout: float, message: str,
             every: float = 0.1) -> Any:
        """Poll ``what()`` until it returns something true; fail with ``message``."""
        deadline = time.monotonic() + timeout
        while True:
            value = what()
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name}: {message} (waited {timeout} s)")
            time.sleep(every)

    def kernel_status(self) -> str | None:
        return self.js("const k = panel.sessionContext.session && "
                       "panel.sessionContext.session.kernel; return k ? k.status : null;")

    def wait_ready(self, timeout: float = 90, kernel: bool = True) -> None:
        self.wait(lambda: self.js(
            "return panel.context.isReady && panel.content.widgets.length > 0 && "
            f"panel.context.path === {json.dumps(self.name)};"),
            timeout, "the notebook did not open")
        if kernel:
            self.wait(lambda: self.kernel_status() == "idle", timeout, "the kernel did not start")

    def wait_idle(self, timeout: float = 60) -> None:
        """Wait until the kernel has been idle for a moment (messages all handled)."""
        def settled() -> bool:
            if self.kernel_status() != "idle":
                return False
            time.sleep(0.3)
            return self.kernel_status() == "idle"
        self.wait(settled, timeout, "the kernel stayed busy")

    def menu(self, menu: str, command: str) -> None:
        """Click ``menu`` in the menu bar, then its item running ``command``."""
        from selenium.webdriver.common.by import By

        bar = self.driver.find_elements(By.CSS_SELECTOR, ".lm-MenuBar-item")
        [item] = [b for b in bar if b.text.strip() == menu]
        item.click()
        entry = self.wait(lambda: [e for e in self.driver.find_elements(
            By.CSS_SELECTOR, f'.lm-Menu-item[data-command="{command}"]') if e.is_displayed()],
            10, f"no menu item {command}")
        entry[0].click()

    def run_all(self, timeout: float = 240) -> float:
        """Run > Run All Cells; wait for every code cell to run; return the seconds taken.
        Fails if a cell raised."""
        began = time.monotonic()
        self.menu("Run", "runmenu:run-all")
        count = self.js("return panel.content.widgets.filter("
                        "c => c.model.type === 'code').length;")

        def done() -> bool:
            state = self.js("""
                const code = panel.content.widgets.filter(c => c.model.type === 'code');
                const errors = [];
                code.forEach((c, i) => { for (const o of c.model.outputs.toJSON()) {
                    if (o.output_type === 'error') { errors.push([i, o.ename, o.evalue]); } } });
                return {ran: code.filter(c => c.model.executionCount !== null
                                             && !c.model.getMetadata('execution_pending')
                                             ).length,
                        busy: code.some(c => c.promptNode &&
                                        c.promptNode.textContent.includes('*')),
                        errors: errors};""")
            if state["errors"]:
                raise AssertionError(f"{self.name}: a cell raised during Run All: "
                                     f"{state['errors']}")
            return state["ran"] == count and not state["busy"]
        self.wait(done, timeout, "Run All did not finish", every=0.5)
        self.wait_idle()
        return time.monotonic() - began

    def cell_index(self, text: str) -> int:
        """The index of the only cell whose source contains ``text``."""
        found = self.js("return panel.content.widgets.map((c, i) => "
                        "c.model.sharedModel.getSource().includes(arguments[0]) ? i : -1)"
                        ".filter(i => i >= 0);", text)
        assert len(found) == 1, f"{self.name}: {len(found)} cells contain {text!r}"
        return found[0]

    def scroll_to(self, index: int) -> None:
        """Scroll the (windowed) notebook panel until cell ``index`` is in view. The panel
        draws only the cells in view and guesses the heights of the others, so the scroll
        is repeated until the cell stays in view. It may take a while: under a load average
        of 5 to 6 on two cores, bringing notebook 07's cell 65 (below some sixty drawn cells)
        into view took more than 30 s."""
        def in_view() -> bool:
            return self.js("""
                const notebook = panel.content;
                const cell = notebook.widgets[arguments[0]];
                const inside = () => {
                    if (!cell.isAttached || !cell.node.isConnected) { return false; }
                    const r = cell.node.getBoundingClientRect();
                    const box = notebook.node.getBoundingClientRect();
                    return r.height > 0 && r.top < box.bottom && r.bottom > box.top;
                };
                if (inside()) { return true; }
                notebook.activeCellIndex = arguments[0];
                notebook.scrollToItem(arguments[0], 'start');
                if (cell.isAttached && cell.node.isConnected) {
                    cell.node.scrollIntoView({block: 'start'});
                }
                return false;""", index)
        self.wait(in_view, 90, f"cell {index} did not come into view", every=0.3)

    def output(self, index: int, selector: str) -> Any:
        """The element matching ``selector`` in the outputs of cell ``index``, in view."""
        self.scroll_to(index)
        return self.wait(lambda: self.js(
            "return panel.content.widgets[arguments[0]].node.querySelector("
            "'.jp-OutputArea ' + arguments[1]);", index, selector),
            30, f"cell {index} shows no {selector}")

    def kernel(self, code: str, timeout: float = 60) -> str:
        """Run ``code`` in the notebook's kernel, out of sight (no cell), and return what it
        printed: how a test asks the library what a widget's state is."""
        self.wait_idle(timeout)
        result = self.driver.execute_async_script(_PANEL + """
            const done = arguments[arguments.length - 1];
            if (!ready) { done('ERROR: no notebook is shown'); return; }
            const kernel = panel.sessionContext.session.kernel;
            const future = kernel.requestExecute({code: arguments[0], silent: false,
                                                  store_history: false});
            let out = '';
            future.onIOPub = msg => {
                const t = msg.header.msg_type;
                if (t === 'stream') { out += msg.content.text; }
                else if (t === 'error') { out += 'ERROR ' + msg.content.ename + ': '
                                          + msg.content.evalue; }
            };
            future.done.then(() => done(out), e => done('ERROR ' + e));""", code)
        if result.startswith("ERROR") or "\nERROR " in result:
            raise AssertionError(f"{self.name}: the kernel answered {result!r} to {code!r}")
        return result

    # -- what the widgets of a cell draw -------------------------------------------------------

    def widget(self, index: int) -> str:
        """Python naming, in the kernel, the widget that cell ``index`` displayed (the cell's
        value, kept by IPython as ``Out[n]``)."""
        count = self.js("return panel.content.widgets[arguments[0]].model.executionCount;",
                        index)
        assert count, f"{self.name}: cell {index} has not run"
        return f"Out[{count}]"

    def find(self, index: int, selector: str) -> Any:
        """The element matching ``selector`` in cell ``index``'s outputs (None if none)."""
        return self.js("return panel.content.widgets[arguments[0]].node.querySelector("
                       "'.jp-OutputArea ' + arguments[1]);", index, selector)

    def static_output(self, index: int) -> dict:
        """What cell ``index`` shows before it runs: its output's text and its images
        (natural width, drawn width), and the output area's width."""
        self.scroll_to(index)
        return self.wait(lambda: self.js("""
            const area = panel.content.widgets[arguments[0]].node.querySelector(
                '.jp-OutputArea');
            if (!area || !area.querySelector('.jp-OutputArea-output')) { return null; }
            const images = Array.from(area.querySelectorAll('img'));
            if (images.some(i => !i.complete)) { return null; }
            return {text: area.querySelector('.jp-OutputArea-output').innerText,
                    width: area.querySelector('.jp-OutputArea-output').clientWidth,
                    images: images.map(i => [i.naturalWidth, i.getBoundingClientRect().width]),
                    widget: !!area.querySelector('.jupyter-widgets')};""", index),
            30, f"cell {index} shows no output")

    def assert_static_view(self, index: int, sentence: str, whole: bool = False) -> None:
        """Before cell ``index`` runs, it shows no widget but text beginning with ``sentence``
        (equal to it with ``whole``) and one picture, drawn within the page."""
        shown = self.static_output(index)
        text = shown["text"].strip()
        assert not shown["widget"]
        assert (text == sentence if whole else text.startswith(sentence)), shown["text"][:300]
        assert len(shown["images"]) == 1
        natural, drawn = shown["images"][0]
        assert natural > 0 and 0 < drawn <= shown["width"]          # a picture, within the page

    def observe(self, index: int, selector: str, text: str) -> None:
        """Record every state of the element ``selector`` in cell ``index``'s outputs, at each
        change, until ``observed`` is called: the text of its element ``text`` and its SVG
        (as XML)."""
        self.js("""
            const root = panel.content.widgets[arguments[0]].node.querySelector(
                '.jp-OutputArea ' + arguments[1]);
            const seen = window.__courseSeen = [];
            const record = () => {
                const svg = root.querySelector('svg');
                const line = root.querySelector(arguments[2]);
                seen.push([line ? line.innerText.trim() : null,
                           svg ? new XMLSerializer().serializeToString(svg) : null]);
            };
            if (window.__courseObserver) { window.__courseObserver.disconnect(); }
            window.__courseObserver = new MutationObserver(record);
            window.__courseObserver.observe(root, {subtree: true, childList: true,
                                                   characterData: true, attributes: true});
            record();""", index, selector, text)

    def observed(self) -> list[tuple[str, str | None]]:
        """The states recorded since ``observe`` (text, SVG), in order; stops recording."""
        return [tuple(pair) for pair in self.driver.execute_script("""
            if (window.__courseObserver) { window.__courseObserver.disconnect(); }
            return window.__courseSeen || [];""")]


class BoardPage:
    """A PlayBoard as the page draws it, in cell ``index`` of ``notebook``; and the board the
    library holds in the kernel, replayed here with ``course_lib.ataxx``. ``language``: the
    language the notebook speaks (its status line's words are the library's in it)."""

    def __init__(self, notebook: Notebook, index: int, language: str = "en") -> None:
        self.notebook, self.index, self.language = notebook, index, language
        self.name = notebook.widget(index)
        notebook.output(index, ".ataxx-playboard")

    def drawn(self) -> dict:
        """Every square's text, colour and background, the status line, the message, the
        elements of the output that scroll (content larger than their box) and where the
        board's right edge is against the output's."""
        return self.notebook.js("""
            const board = panel.content.widgets[arguments[0]].node.querySelector(
                '.jp-OutputArea .ataxx-playboard');
            return {
              squares: Array.from(board.querySelectorAll('button.ataxx-cell')).map(b => {
                const style = getComputedStyle(b);
                return [b.title, b.textContent.trim(), style.color, style.backgroundColor];
              }),
              status: board.querySelector('.ataxx-status').innerText.trim(),
              message: board.querySelector('.ataxx-message').innerText.trim(),
              scrollbars: scrollbars(board.closest('.jp-OutputArea-output')),
              width: [board.getBoundingClientRect().right,
                      board.closest('.jp-OutputArea-output').getBoundingClientRect().right]};
            """, self.index)

    def square(self, name: str) -> Any:
        """The button of square ``name`` ('b6')."""
        return self.notebook.find(self.index, f'button.ataxx-cell[title^="{name} "]')

    def button(self, text: str) -> Any:
        """The button labelled ``text`` ('New game', 'Undo')."""
        buttons = self.notebook.js("""
            return Array.from(panel.content.widgets[arguments[0]].node.querySelectorAll(
                '.jp-OutputArea .ataxx-playboard button:not(.ataxx-cell)')).filter(
                b => b.innerText.trim() === arguments[1]);""", self.index, text)
        assert len(buttons) == 1, f"{len(buttons)} buttons say {text!r}"
        return buttons[0]

    def library(self) -> tuple[Any, list[Any], Any]:
        """(the position, the moves played, the square picked up) of the board in the
        kernel: its start and its moves are asked for, the position is replayed here with
        course_lib.ataxx, and checked against the kernel's own."""
        from course_lib.ataxx import State

        lines = self.notebook.kernel(
            f"_b = {self.name}\nprint(_b.start.fen())\n"
            "print(' '.join(m.uai() for m in _b.history))\nprint(_b.state.fen())\n"
            "print(_b.selected)\ndel _b").splitlines()
        start, moves, fen, selected = lines
        state = State.from_fen(start)
        played = []
        for text in moves.split():
            state = state.play(text)
            played.append(state.last_move)
        assert state.fen() == fen, (state.fen(), fen)
        return state, played, ast.literal_eval(selected)


    @staticmethod
    def expected(state: Any, selected: Any = None) -> dict:
        """What each square must show, from the library's position: {name: (text, colour,
        background)}; a stone is a filled circle in its side's colour, a blocked square a
        cross, an empty square nothing; the picked-up stone and the empty squares one or two
        steps from it are shaded (colour None: not checked)."""
        from course_lib.ataxx import (BLOCKED, EMPTY, FIRST, SECOND, SQUARES, distance,
                                      square_name)
        from course_lib.viz.board import (BLOCKED_FILL, BOARD_COLOR, HIGHLIGHT_COLOR,
                                          STONE_FILL)

        shaded = set()
        if selected is not None:
            shaded = {selected} | {(x, y) for x, y in SQUARES if state.grid[x][y] == EMPTY
                                   and distance(*selected, x, y) in (1, 2)}
        out = {}
        for x, y in SQUARES:
            cell = state.grid[x][y]
            text = {FIRST: "\u25cf", SECOND: "\u25cf", BLOCKED: "\u2715"}.get(cell, "")
            color = STONE_FILL[cell] if cell in (FIRST, SECOND) else None
            background = (BLOCKED_FILL if cell == BLOCKED else
                          HIGHLIGHT_COLOR if (x, y) in shaded else BOARD_COLOR)
            out[square_name(x, y)] = (text, color, background)
        return out

    def differences(self, state: Any, selected: Any = None) -> list[str]:
        """Where the drawn board differs from the library's ``state``, in words."""
        from course_lib.ataxx import FIRST, SECOND
        from course_lib.i18n import _, language
        from course_lib.viz.playboard_games import AtaxxBoard

        with language(self.language):             # the status line's words, in the library
            over = _("Game over ({reason}): {result}.").split("{")[0]
            turn = AtaxxBoard().turn(state)
        drawn = self.drawn()
        wanted = self.expected(state, selected)
        seen = {title.split()[0]: (text, hex_color(color), hex_color(background))
                for title, text, color, background in drawn["squares"]}
        problems = [f"{name} shows {seen.get(name)!r}, the library holds {want!r}"
                    for name, want in wanted.items()
                    if name not in seen or seen[name][0] != want[0]
                    or (want[1] is not None and seen[name][1] != want[1])
                    or seen[name][2] != want[2]]
        if len(seen) != 49:
            problems.append(f"{len(seen)} squares drawn")
        counts = f"x {state.stones(FIRST)} \u2013 o {state.stones(SECOND)}"
        if counts not in drawn["status"]:
            problems.append(f"the status line {drawn['status']!r} does not say {counts!r}")
        if state.is_over():
            if not drawn["status"].startswith(over):
                problems.append(f"the status line {drawn['status']!r} misses the game's end")
        else:
            side = "x" if state.to_move == FIRST else "o"
            if not drawn["status"].startswith(f"{side} ") or turn not in drawn["status"]:
                problems.append(f"the status line {drawn['status']!r} does not say {side} "
                                f"is to move at {turn!r}")
        return problems

    def assert_shows(self, state: Any, selected: Any = None, timeout: float = 15) -> None:
        """Wait until the drawn board is the library's ``state``; fail saying where not."""
        deadline = time.monotonic() + timeout
        while True:
            problems = self.differences(state, selected)
            if not problems:
                return
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.notebook.name}: the board drawn is not the "
                                     f"library's {state.fen()}:\n  " + "\n  ".join(problems))
            time.sleep(0.1)


_GAME_BOARD_LOOK = """
const p = arguments[1];
const cell = panel.content.widgets[arguments[0]];
const board = cell && cell.node.isConnected
    && cell.node.querySelector('.jp-OutputArea .' + p + '-playboard');
const parts = board && ['-status', '-message', '-grid'].map(
    part => board.querySelector('.' + p + part));
if (!board || parts.some(part => !part)) { return null; }
const [status, message, grid] = parts;
const cells = Array.from(board.querySelectorAll('button.' + p + '-cell'));
return {
  squares: cells.map(b => {
    const style = getComputedStyle(b);
    return [b.title.split(' ')[0], b.textContent.trim(), style.color,
            style.backgroundColor, style.borderTopWidth, style.borderTopColor];
  }),
  status: status.innerText.trim(),
  message: message.innerText.trim(),
  scrollbars: scrollbars(board.closest('.jp-OutputArea-output')),
  cell: cells.length ? cells[0].getBoundingClientRect().width : 0,
  width: [grid.getBoundingClientRect().right,
          board.closest('.jp-OutputArea-output').getBoundingClientRect().right]};
"""
"""What a game's PlayBoard in a cell draws (see ``GamePage.drawn``); null while it is not on
the page."""


class GamePage:
    """A PlayBoard of Othello or Gomoku as the page draws it, in cell ``index`` of
    ``notebook``; and the board the library holds in the kernel, replayed here with
    ``course_lib.games`` (the squares are named: ``d3``). Each look scrolls the cell into view
    first: the notebook draws only the cells in view."""

    def __init__(self, notebook: Notebook, index: int, game: str) -> None:
        self.notebook, self.index, self.game = notebook, index, game
        self.name = notebook.widget(index)
        notebook.output(index, f".{game}-playboard")

    def drawn(self) -> dict:
        """Every square's name, text, colour, background and top border (width, colour); the
        status line, the message, the elements of the output that scroll, where the board's
        right edge is against the output's, and the size of a square."""
        def look() -> dict | None:
            # One look in one script: between two scripts the windowed notebook may take the
            # cell off the page again (it re-measures the cells above as they are drawn).
            self.notebook.scroll_to(self.index)
            return self.notebook.js(_GAME_BOARD_LOOK, self.index, self.game)

        try:
            return self.notebook.wait(look, 30, f"cell {self.index} shows no {self.game} board")
        except AssertionError as error:
            shown = self.notebook.js("""
                const cell = panel.content.widgets[arguments[0]];
                const area = cell.node.querySelector('.jp-OutputArea');
                return [cell.node.isConnected, cell.model.executionCount,
                        area ? area.innerText.slice(0, 300) : null];""", self.index)
            raise AssertionError(f"{error}; the cell (on the page, run, output): {shown}") \
                from None

    def square(self, name: str) -> Any:
        """The button of square ``name`` ('d3')."""
        self.notebook.output(self.index, f".{self.game}-playboard")
        return self.notebook.find(self.index, f'button.{self.game}-cell[title^="{name} "]')

    def button(self, text: str) -> Any:
        """The button labelled ``text`` ('New game', 'Undo')."""
        self.notebook.output(self.index, f".{self.game}-playboard")
        buttons = self.notebook.js("""
            return Array.from(panel.content.widgets[arguments[0]].node.querySelectorAll(
                '.jp-OutputArea .' + arguments[2] + '-playboard button:not(.' + arguments[2]
                + '-cell)')).filter(b => b.innerText.trim() === arguments[1]);""",
            self.index, text, self.game)
        assert len(buttons) == 1, f"{len(buttons)} buttons say {text!r}"
        return buttons[0]

    def library(self) -> tuple[Any, list[str]]:
        """(the position, the moves played) of the board in the kernel: its start, its rules
        and its moves are asked for, the game is replayed here with ``play`` (which checks
        every move), and the position is checked against the kernel's own."""
        from course_lib.games import Gomoku, Othello

        lines = self.notebook.kernel(
            f"_b = {self.name}\nprint(_b.start.text())\n"
            "print(' '.join(_b.history))\nprint(_b.state.text())\n"
            "print(getattr(_b.start, 'rule', ''), "
            "getattr(_b.start, 'radius', 0))\ndel _b").splitlines()
        start, moves, text, rules = lines
        if self.game == "othello":
            state = Othello.from_text(start)
        else:
            rule, radius = rules.split()
            state = Gomoku.from_text(start, rule=rule, radius=int(radius))
        played = moves.split()
        for move in played:
            state = state.play(move)
        assert state.text() == text, (state.text(), text)
        return state, played

    def expected(self, state: Any, human: int = 1) -> dict:
        """What each square must show, from the library's position: {name: (text, colour,
        background)}; a stone is a filled circle in the pictures' colour of its side, an
        empty square nothing; on Othello the squares where the human (to move) may place a
        disc are shaded."""
        from course_lib.games._pictures import STONE_FILL
        from course_lib.viz.playboard_games import GomokuBoard, OthelloBoard

        adapter = OthelloBoard if self.game == "othello" else GomokuBoard
        size = 8 if self.game == "othello" else state.size
        shaded = set()
        if self.game == "othello" and not state.is_over() and state.to_move == human:
            shaded = {m for m in state.legal_moves() if m != "pass"}
        out = {}
        for i, cell in enumerate(state.cells):
            name = f"{'abcdefghijklmnopqrs'[i % size]}{i // size + 1}"
            out[name] = ("\u25cf" if cell else "", STONE_FILL.get(cell),
                         adapter.highlight_color if name in shaded else adapter.board_color)
        return out

    def differences(self, state: Any, last: str | None = None) -> list[str]:
        """Where the drawn board differs from the library's ``state``, in words (``last``:
        the square that must wear the last move's frame)."""
        from course_lib.viz.board import LAST_MOVE_COLOR

        drawn = self.drawn()
        wanted = self.expected(state)
        seen = {name: (text, hex_color(color), hex_color(background), width,
                       hex_color(border) if border.startswith("rgb") else border)
                for name, text, color, background, width, border in drawn["squares"]}
        problems = [f"{name} shows {seen.get(name)!r}, the library holds {want!r}"
                    for name, want in wanted.items()
                    if name not in seen or seen[name][0] != want[0]
                    or (want[1] is not None and seen[name][1] != want[1])
                    or seen[name][2] != want[2]]
        if len(seen) != len(wanted):
            problems.append(f"{len(seen)} squares drawn, not {len(wanted)}")
        if last is not None and seen.get(last, (0,) * 5)[3:] != ("3px", LAST_MOVE_COLOR):
            problems.append(f"the last move {last} is not framed: {seen.get(last)!r}")
        side = "x" if state.to_move == 1 else "o"
        if state.is_over():
            if not drawn["status"].startswith("Game over"):
                problems.append(f"the status line {drawn['status']!r} misses the game's end")
        elif not drawn["status"].startswith(f"{side} "):
            problems.append(f"the status line {drawn['status']!r} does not say {side} is to "
                            "move")
        if self.game == "othello":
            counts = f"x {state.cells.count(1)} \u2013 o {state.cells.count(2)}"
            if counts not in drawn["status"]:
                problems.append(f"the status line {drawn['status']!r} does not say {counts!r}")
        elif not state.is_over():
            number = f"move {sum(1 for c in state.cells if c) + 1}"
            if number not in drawn["status"]:
                problems.append(f"the status line {drawn['status']!r} does not say {number!r}")
        return problems

    def assert_shows(self, state: Any, last: str | None = None, timeout: float = 15) -> None:
        """Wait until the drawn board is the library's ``state``; fail saying where not."""
        deadline = time.monotonic() + timeout
        while True:
            problems = self.differences(state, last)
            if not problems:
                return
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.notebook.name}: the board drawn is not the "
                                     f"library's {state.text()}:\n  " + "\n  ".join(problems))
            time.sleep(0.1)


class PicturePage:
    """A widget that shows a line of text above a picture, both in one HTML widget (the
    search stepper, the MCTS viewer, the live SPRT), in cell ``index`` of ``notebook``."""

    def __init__(self, notebook: Notebook, index: int, root: str, text: str) -> None:
        self.notebook, self.index, self.root, self.text = notebook, index, root, text
        self.name = notebook.widget(index)
        notebook.output(index, root)

    def ask(self, expression: str) -> str:
        """``expression`` (``W`` standing for the widget) evaluated in the kernel, printed."""
        return self.notebook.kernel(f"W = {self.name}\nprint({expression})\ndel W").rstrip("\n")

    def drawn(self) -> dict:
        """The line of text and the picture (SVG as XML) as drawn; the picture's width and
        height, the output area's width, and the elements of the output that scroll."""
        return self.notebook.js("""
            const root = panel.content.widgets[arguments[0]].node.querySelector(
                '.jp-OutputArea ' + arguments[1]);
            const area = root.closest('.jp-OutputArea-output');
            const svg = root.querySelector('svg');
            const line = root.querySelector(arguments[2]);
            return {text: line ? line.innerText.trim() : null,
                    svg: svg ? new XMLSerializer().serializeToString(svg) : null,
                    svg_width: svg ? svg.getBoundingClientRect().width : 0,
                    svg_height: svg ? svg.getBoundingClientRect().height : 0,
                    area_width: area.clientWidth, scrollbars: scrollbars(area)};""",
            self.index, self.root, self.text)

    def assert_shows(self, text: str, svg: str, timeout: float = 20) -> dict:
        """Wait until the line reads ``text`` and the picture is ``svg``; fail saying what is
        drawn instead. Returns what is drawn."""
        want = canonical_svg(svg)
        deadline = time.monotonic() + timeout
        while True:
            drawn = self.drawn()
            if drawn["text"] == text and drawn["svg"] and canonical_svg(drawn["svg"]) == want:
                return drawn
            if time.monotonic() > deadline:
                same = drawn["svg"] is not None and canonical_svg(drawn["svg"]) == want
                raise AssertionError(
                    f"{self.notebook.name}: the widget shows {drawn['text']!r} (the picture "
                    f"{'is' if same else 'is not'} the library's); the library holds {text!r}")
            time.sleep(0.1)

    def control(self, text: str) -> Any:
        """The button of the widget labelled ``text``."""
        buttons = self.notebook.js("""
            return Array.from(panel.content.widgets[arguments[0]].node.querySelectorAll(
                '.jp-OutputArea button')).filter(b => b.innerText.trim() === arguments[1]);""",
            self.index, text)
        assert len(buttons) == 1, f"{len(buttons)} buttons say {text!r}"
        return buttons[0]

    def handle(self) -> Any:
        """The slider's handle."""
        return self.notebook.find(self.index, ".widget-slider .noUi-handle")

    def observe(self) -> None:
        """Record every state the widget goes through from now on (see ``together``)."""
        self.notebook.observe(self.index, self.root, self.text)

    def together(self, lines: list[str], svg_of: Callable[[int], str]) -> list[int]:
        """Check every state recorded since ``observe``: its line is ``lines[k]`` for some
        k and its picture is then ``svg_of(k)`` (never the line of one step over the picture
        of another). Returns the k of each state, in order."""
        shown = []
        pictures: dict[int, list] = {}
        for text, svg in self.notebook.observed():
            if text is None or svg is None:
                continue                        # the view being replaced
            assert text in lines, f"{self.notebook.name}: the widget showed {text!r}"
            k = lines.index(text)
            if k not in pictures:
                pictures[k] = canonical_svg(svg_of(k))
            assert canonical_svg(svg) == pictures[k], (
                f"{self.notebook.name}: {text!r} was shown over another picture")
            if not shown or shown[-1] != k:
                shown.append(k)
        return shown


def check_stepper(stepper: PicturePage, driver: Any) -> None:
    """A SearchStepper's controls used as a student would (Next, Previous, Reset, the slider
    dragged and moved with an arrow key); after each, the page shows the library's line and
    picture of the event the stepper is at, and every state on the way shows a line and
    the picture of the same event."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    lines = json.loads(stepper.ask("__import__('json').dumps("
                       "[W.line(i) for i in range(len(W.events))])"))
    last = len(lines) - 1

    def at() -> int:
        return int(stepper.ask("W.index"))

    def shows(index: int) -> dict:
        assert at() == index
        return stepper.assert_shows(lines[index], stepper.ask(f"W.svg({index})"))

    start = at()
    drawn = shows(start)
    assert 0 < drawn["svg_width"] <= drawn["area_width"]
    assert drawn["scrollbars"] == [], "scrollbars in the output"

    # Next, Previous, Reset: one event on, one back, back to the first.
    if start == last:
        stepper.control("Previous").click()
        stepper.notebook.wait_idle()
        start = last - 1
        shows(start)
    stepper.observe()
    stepper.control("Next").click()
    stepper.notebook.wait_idle()
    shows(start + 1)
    assert stepper.together(lines, lambda k: stepper.ask(f"W.svg({k})")) == [start, start + 1]
    stepper.control("Previous").click()
    stepper.notebook.wait_idle()
    shows(start)
    stepper.control("Reset").click()
    stepper.notebook.wait_idle()
    shows(0)

    # The slider: dragged to the right with the mouse, then one step with the arrow key.
    handle = stepper.handle()
    width = stepper.notebook.js("return arguments[0].closest('.noUi-target')"
                                ".getBoundingClientRect().width;", handle)
    stepper.observe()
    ActionChains(driver).drag_and_drop_by_offset(handle, int(width * 0.4), 0).perform()
    stepper.notebook.wait_idle()
    dragged = at()
    assert 0 < dragged < last
    shows(dragged)
    assert stepper.together(lines, lambda k: stepper.ask(f"W.svg({k})"))[-1] == dragged
    stepper.handle().send_keys(Keys.ARROW_RIGHT)
    stepper.notebook.wait_idle()
    shows(dragged + 1)


def hex_color(css: str) -> str:
    """'rgb(38, 38, 38)' (as the browser reports a colour) -> '#262626'."""
    numbers = css[css.index("(") + 1:css.index(")")].split(",")[:3]
    return "#" + "".join(f"{int(float(n)):02x}" for n in numbers)


def canonical_svg(svg: str) -> list:
    """An SVG as a list of (tag, attributes, text) in document order, the same for the text
    the library wrote and for what the browser serialises from its page (which lower-cases
    some names, adds namespaces and drops the metadata): to compare pictures."""
    import xml.etree.ElementTree as ET

    def local(name: str) -> str:
        return name.rsplit("}", 1)[-1].rsplit(":", 1)[-1].lower()

    out = []

    def walk(element: Any, top: bool) -> None:
        tag = local(element.tag)
        if tag == "metadata":
            return
        attributes = {local(k): " ".join(v.split()) for k, v in element.attrib.items()
                      if not k.startswith("xmlns") and not (top and local(k) == "style")}
        out.append((tag, tuple(sorted(attributes.items())), (element.text or "").strip()))
        for child in element:
            walk(child, False)

    walk(ET.fromstring(svg), True)
    return out


@pytest.fixture(scope="package")
def lab() -> Any:
    """The JupyterLab server and headless Chromium, one for all the browser tests (closed
    when the last of them is done)."""
    if _MISSING:
        pytest.fail(f"CI=true and the browser tests cannot run: {_MISSING}", pytrace=False)
    session = Lab(_CHROMIUM, _DRIVER)
    yield session
    session.close()


@pytest.fixture(scope="session")
def helpers() -> Any:
    """Functions the tests share: ``hex_color``, ``canonical_svg``."""
    import types
    return types.SimpleNamespace(hex_color=hex_color, canonical_svg=canonical_svg,
                                 BoardPage=BoardPage, GamePage=GamePage,
                                 PicturePage=PicturePage,
                                 check_stepper=check_stepper)


@pytest.fixture(scope="module")
def kernels_closed(lab: Lab) -> Any:
    """Shut every kernel down when the module's notebook is done: one kernel at a time."""
    yield
    lab.shutdown_kernels()
