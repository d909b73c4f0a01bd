"""An implement-it exercise in JupyterLab, as a student does it: notebook 03's negamax skeleton
says "not answered yet"; a negamax with its sign not flipped, pasted into the answer cell and
run with Shift+Enter, is judged wrong with the first hint, a question without code or picture;
the same bug written another way, the next try, gets the place and the picture of the first
difference; a negamax that never ends, the third try, is stopped at the grader's time cap, and
the kernel runs the next cell; the right one, pasted over it, is judged right."""

from __future__ import annotations

import inspect
import textwrap

import pytest

from course_lib.grader import solution

NOTEBOOK = "03_minimax_and_negamax.ipynb"
ANSWER = "def negamax(state, depth, evaluate):"
CHECK = 'result = grade("03-negamax", negamax)'
RIGHT = textwrap.dedent(inspect.getsource(solution("03-negamax")))
WRONG = RIGHT.replace("value = -value\n", "value = value\n")
WRONG_AGAIN = RIGHT.replace("value = -value\n", "value = +value\n")
ENDLESS = ANSWER + "\n    while True:\n        try:\n            state.legal_moves()\n" \
    "        except:\n            pass\n"


@pytest.fixture(scope="module")
def notebook(lab, kernels_closed):
    opened = lab.open(NOTEBOOK)
    opened.run_all()
    return opened


def _check_output(notebook) -> dict:
    index = notebook.cell_index(CHECK)
    notebook.scroll_to(index)
    return notebook.js("""
        const area = panel.content.widgets[arguments[0]].node.querySelector('.jp-OutputArea');
        const images = Array.from(area.querySelectorAll('img'));
        return {text: area.innerText, width: area.clientWidth,
                images: images.map(i => [i.complete, i.naturalWidth,
                                         i.getBoundingClientRect().width])};""", index)


def _paste_and_run(notebook, lab, code: str) -> None:
    """Click into the answer cell's editor, select everything, paste ``code`` over it, then
    Shift+Enter twice: the answer cell, then the check cell below it."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    index = notebook.cell_index(ANSWER)
    notebook.scroll_to(index)
    editor = notebook.js("return panel.content.widgets[arguments[0]].node.querySelector("
                         "'.cm-content');", index)
    editor.click()
    ActionChains(lab.driver).key_down(Keys.CONTROL).send_keys("a").key_up(Keys.CONTROL).perform()
    notebook.js("""
        const data = new DataTransfer();
        data.setData('text/plain', arguments[1]);
        arguments[0].dispatchEvent(new ClipboardEvent('paste', {clipboardData: data,
                                                                bubbles: true,
                                                                cancelable: true}));""",
                editor, code)
    pasted = notebook.js("return panel.content.widgets[arguments[0]].model.sharedModel"
                         ".getSource();", index)
    assert pasted.strip() == code.strip()
    before = notebook.js("return panel.content.widgets[arguments[0]].model.executionCount;",
                         index + 1)
    for _ in range(2):
        ActionChains(lab.driver).key_down(Keys.SHIFT).send_keys(Keys.ENTER).key_up(
            Keys.SHIFT).perform()
    notebook.wait(lambda: notebook.js("return panel.content.widgets[arguments[0]].model"
                                      ".executionCount;", index + 1) not in (None, before),
                  60, "the check cell did not run")
    notebook.wait_idle()


def test_the_skeleton_is_not_answered_yet(notebook):
    assert notebook.cell_index(CHECK) == notebook.cell_index(ANSWER) + 1
    shown = _check_output(notebook)
    assert shown["text"].strip() == ("03-negamax: not answered yet (replace ... with your "
                                     "code and run the cell)")
    assert shown["images"] == []


def test_a_sign_not_flipped_gets_a_question_first(notebook, lab):
    from course_lib.grader import MISTAKE_KINDS
    kind = MISTAKE_KINDS["negamax_sign"]
    _paste_and_run(notebook, lab, WRONG)
    shown = _check_output(notebook)
    lines = shown["text"].strip().splitlines()
    assert lines[0] == "03-negamax: wrong (hint 1 of 3)"
    assert any(line.strip() == f"a question: {kind.question}" for line in lines)
    assert kind.seen not in shown["text"] and "value = -value" not in shown["text"]
    assert shown["images"] == []                                 # no place, no picture yet


def test_the_next_wrong_try_gets_the_place_and_the_picture(notebook, lab):
    _paste_and_run(notebook, lab, WRONG_AGAIN)
    shown = notebook.wait(lambda: (lambda s: s if s["images"] and all(
        i[0] for i in s["images"]) else None)(_check_output(notebook)), 30,
        "the wrong answer's picture did not appear")
    lines = shown["text"].strip().splitlines()
    assert lines[0] == "03-negamax: wrong (hint 2 of 3)"
    assert "node 0, where yours returned" in shown["text"]
    assert "value = -value" not in shown["text"]                # the hint gives no code
    [(_, natural, drawn)] = shown["images"]
    assert natural > 0 and 0 < drawn <= shown["width"]           # a picture, within the page


def test_an_endless_negamax_is_stopped_at_the_cap_and_the_kernel_goes_on(notebook, lab):
    from course_lib.grader.result import TIME_CAP

    _paste_and_run(notebook, lab, ENDLESS)
    shown = _check_output(notebook)
    lines = shown["text"].strip().splitlines()
    assert lines[0] == "03-negamax: wrong (hint 3 of 3)"           # the third wrong try
    assert f"still running after {TIME_CAP:g} seconds" in shown["text"]
    assert "catches every exception" in shown["text"]
    assert notebook.kernel("print(6 * 7)") == "42\n"            # the kernel answers
    answer = notebook.cell_index(ANSWER)                      # and runs a cell again
    before = notebook.js("return panel.content.widgets[arguments[0]].model.executionCount;",
                         answer)
    notebook.js("panel.content.activeCellIndex = arguments[0];"
                "app.commands.execute('notebook:run-cell');", answer)
    notebook.wait(lambda: notebook.js("return panel.content.widgets[arguments[0]].model"
                                      ".executionCount;", answer) not in (None, before),
                  30, "the answer cell did not run again")


def test_the_right_negamax_pasted_over_it_is_right(notebook, lab):
    _paste_and_run(notebook, lab, RIGHT)
    shown = _check_output(notebook)
    assert shown["text"].strip() == "03-negamax: right"
    assert shown["images"] == []
