#!/usr/bin/env python3
"""Keep a translation of the course in step with the English: the library's messages and one
catalog per notebook, both gettext PO files.

    python tools/translate.py update [NN ...]   # the catalogs from the English, see below
    python tools/translate.py compile           # the library's .po -> .mo, which it reads
    python tools/translate.py status            # what is missing or stale; exit 1 if anything
    (each takes --lang, default ko)

The library (``course_lib``): Babel extracts the strings marked ``_("...")`` or
``N_("...")`` into ``course_lib/locale/course_lib.pot`` and merges them into
``course_lib/locale/LANG/LC_MESSAGES/course_lib.po`` (a changed English string keeps its old
translation, marked fuzzy, until a translator checks it), and compiles the .po into the .mo
file that ``course_lib.i18n`` reads at run time (committed beside it: installing needs no
step of its own).

The notebooks: ``notebooks/i18n/LANG/NN_name.po`` holds one entry per cell with words to
translate: every markdown cell, and every code cell with a comment or a string in it (a
code cell without either is the same in every language). An entry's ``msgctxt`` is the
cell's id and its ``msgid`` the cell's English source, from the solution notebook; its
``msgstr`` is the translated cell. ``update`` brings a catalog in line with its English
notebook, as gettext's msgmerge does but by cell id: a cell whose English changed keeps its
translation, marked fuzzy, with the English it was translated from as the previous msgid
(``#| msgid``), so the translator sees what changed; a new markdown cell gets an empty
entry; a new code cell gets its English code as a fuzzy suggestion (the code stays; its
comments and printed words may be translated); a deleted cell's entry is kept as obsolete
(``#~``). ``update NN`` starts the catalog of notebook NN; without NN it updates the
catalogs that exist. ``python tools/build_notebooks.py --lang LANG`` then builds the
translated notebooks, and ``status`` (and the tests) report every cell that is missing a
translation or whose translation is stale.

Why two libraries: Babel extracts marked strings from Python code and merges and compiles
the library's catalog (``pybabel`` does the same from the command line); polib reads and
writes the notebooks' catalogs, because their entries are many lines long and Babel's PO
reader does not read a previous msgid back (it becomes a comment) nor writes a multi-line
one as gettext does.
"""

from __future__ import annotations

import argparse
import ast
import io
import json
import re
import sys
import tokenize
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOLUTIONS = ROOT / "notebooks" / "solutions"
CATALOGS = ROOT / "notebooks" / "i18n"
LOCALE = ROOT / "course_lib" / "locale"
DOMAIN = "course_lib"
LANGUAGES = {"ko": "Korean"}

MARKER = re.compile(r"#\s*NBVAL_\w+|###\s*(BEGIN|END)\s+(SOLUTION|HIDDEN TESTS)")
"""Comments that are instructions to nbval and nbgrader, not words: they stay as they are."""


# --- The library's catalog -------------------------------------------------------------------

def library_template(locale: Path = LOCALE) -> Path:
    return locale / f"{DOMAIN}.pot"


def library_po(lang: str, locale: Path = LOCALE) -> Path:
    return locale / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def library_mo(lang: str, locale: Path = LOCALE) -> Path:
    return locale / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


def shown(path: Path) -> str:
    """``path`` as the messages show it: from the top of the repository when it is in it."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def extract_library(root: Path = ROOT):
    """The library's marked strings as a Babel catalog (the template)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir

    template = Catalog(project="course_lib", version="0.1.0", fuzzy=False,
                       header_comment="# The messages of course_lib to translate (see "
                       "tools/translate.py).")
    for filename, lineno, message, comments, context in extract_from_dir(
            root / "course_lib", method_map=[("**.py", "python")],
            keywords=DEFAULT_KEYWORDS, comment_tags=("Translators:",)):
        template.add(message, None, [(f"course_lib/{filename}", lineno)],
                     auto_comments=comments, context=context)
    return template


def _po_text(catalog) -> str:
    from babel.messages.pofile import write_po
    out = io.BytesIO()
    write_po(out, catalog, width=0, include_lineno=False, sort_output=True)
    return out.getvalue().decode("utf-8")


def _write_if_changed(path: Path, text: str) -> bool:
    """Write ``text`` unless the file says the same apart from its date lines (so that an
    update that changes nothing changes no file)."""
    def undated(t: str) -> str:
        return re.sub(r'"(POT-Creation|PO-Revision)-Date: [^"]*"', "", t)
    if path.exists() and undated(path.read_text(encoding="utf-8")) == undated(text):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return True


def update_library(lang: str) -> None:
    """Extract the marked strings into the template and merge them into LANG's catalog."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po

    template = extract_library()
    _write_if_changed(library_template(), _po_text(template))
    path = library_po(lang)
    if path.exists():
        with path.open("rb") as file:
            catalog = read_po(file, locale=lang)
    else:
        catalog = Catalog(locale=lang, project="course_lib", version="0.1.0", fuzzy=False,
                          header_comment=f"# {LANGUAGES[lang]} translation of the messages "
                          "of course_lib (see tools/translate.py).")
    catalog.update(template, update_header_comment=False)
    if _write_if_changed(path, _po_text(catalog)):
        print(f"updated {shown(path)}")


def compiled(lang: str, locale: Path = LOCALE) -> bytes:
    """LANG's .mo file as compiling its .po gives it now (fuzzy entries left out)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with library_po(lang, locale).open("rb") as file:
        catalog = read_po(file, locale=lang)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def compile_library(lang: str) -> None:
    path = library_mo(lang)
    data = compiled(lang)
    if not path.exists() or path.read_bytes() != data:
        path.write_bytes(data)
        print(f"compiled {shown(path)}")


def library_problems(lang: str, locale: Path = LOCALE) -> list[str]:
    """What the library's LANG catalog in ``locale`` lacks: a marked string with no
    translation (or a fuzzy one), a template that is not what the code marks, a .mo that is
    not its .po compiled."""
    import gettext

    from babel.messages.pofile import read_po

    problems = []
    marked = {m.id for m in extract_library() if m.id}
    where = shown(library_po(lang, locale))
    with library_template(locale).open("rb") as file:
        template = {m.id for m in read_po(file) if m.id}
    if template != marked:
        problems.append(f"{shown(library_template(locale))} is out of date: run "
                        "python tools/translate.py update")
    with library_po(lang, locale).open("rb") as file:
        catalog = read_po(file, locale=lang)
    for message_id in sorted(marked):
        entry = catalog.get(message_id)
        if entry is None or not entry.string:
            problems.append(f"{where}: no translation of {message_id!r}")
        elif entry.fuzzy:
            problems.append(f"{where}: the translation of {message_id!r} is fuzzy (check it "
                            "and remove the fuzzy flag)")
    with library_mo(lang, locale).open("rb") as file:
        shipped = dict(gettext.GNUTranslations(file)._catalog)
    wanted = {m.id: m.string for m in catalog if m.id and m.string and not m.fuzzy}
    shipped = {k: v for k, v in shipped.items() if k}          # "" is the header
    if shipped != wanted:
        problems.append(f"{shown(library_mo(lang, locale))} is not its .po compiled: run "
                        "python tools/translate.py compile")
    return problems


# --- The notebooks' catalogs -----------------------------------------------------------------

@dataclass(frozen=True)
class Problem:
    """A cell of a notebook whose translation is missing or stale."""
    notebook: str
    cell: str
    kind: str        # "missing" or "stale"
    detail: str

    def __str__(self) -> str:
        return f"{self.notebook} cell {self.cell}: {self.kind} ({self.detail})"


def source(cell: dict) -> str:
    return "".join(cell["source"])


def has_words(code: str) -> bool:
    """Has this code a comment (other than nbval's and nbgrader's markers) or a string, the
    only parts of a code cell a translation may change? Code that does not parse (a cell
    magic) is taken to have some."""
    try:
        tree = ast.parse(code)
        tokens = list(tokenize.generate_tokens(io.StringIO(code).readline))
    except (SyntaxError, tokenize.TokenError):
        return True
    if any(isinstance(node, ast.Constant) and isinstance(node.value, str)
           for node in ast.walk(tree)):
        return True
    return any(t.type == tokenize.COMMENT and not MARKER.fullmatch(t.string.strip())
               for t in tokens)


def needs_translation(cell: dict) -> bool:
    """Every markdown (and raw) cell with text, and every code cell with words in it."""
    text = source(cell)
    if not text.strip():
        return False
    return cell["cell_type"] != "code" or has_words(text)


def catalog_path(lang: str, english: Path, catalogs: Path = CATALOGS) -> Path:
    return catalogs / lang / f"{english.stem}.po"


def read_catalog(path: Path):
    import polib
    return polib.pofile(str(path), wrapwidth=0)


def new_catalog(lang: str, name: str):
    import polib
    catalog = polib.POFile(wrapwidth=0)
    catalog.header = (f"{LANGUAGES[lang]} translation of the course notebook {name}.\n"
                      "msgctxt: the cell's id; msgid: the English cell (notebooks/solutions/);"
                      "\nmsgstr: the translated cell. See tools/translate.py.")
    catalog.metadata = {"Project-Id-Version": f"ataxx-course {name}", "Language": lang,
                        "MIME-Version": "1.0",
                        "Content-Type": "text/plain; charset=UTF-8",
                        "Content-Transfer-Encoding": "8bit",
                        "Plural-Forms": "nplurals=1; plural=0;"}
    return catalog


def update_catalog(english: dict, old, lang: str, name: str):
    """The catalog of the English notebook ``english``, keeping what ``old`` (a catalog or
    None) holds by cell id (see the module's docstring)."""
    import polib

    kept = {}
    if old is not None:
        kept = {e.msgctxt: e for e in old if not e.obsolete}
    catalog = new_catalog(lang, name)
    for cell in english["cells"]:
        if not needs_translation(cell):
            continue
        text, cid = source(cell), cell["id"]
        comment = ("code cell: keep the code; comments, docstrings and printed words may be "
                   "translated" if cell["cell_type"] == "code" else f"{cell['cell_type']} cell")
        before = kept.pop(cid, None)
        entry = polib.POEntry(msgctxt=cid, msgid=text, comment=comment)
        if before is not None and before.msgid == text:
            entry.msgstr, entry.flags = before.msgstr, list(before.flags)
            entry.previous_msgid = before.previous_msgid
        elif before is not None and before.msgstr:
            entry.msgstr, entry.flags = before.msgstr, ["fuzzy"]
            # The English the translation was made from: an entry fuzzy already keeps its own.
            entry.previous_msgid = (before.previous_msgid if "fuzzy" in before.flags
                                    and before.previous_msgid else before.msgid)
        elif cell["cell_type"] == "code":
            entry.msgstr, entry.flags = text, ["fuzzy"]
        catalog.append(entry)
    for entry in list(kept.values()) + ([e for e in old if e.obsolete] if old else []):
        if entry.msgstr:
            entry.obsolete, entry.flags = True, []
            catalog.append(entry)
    return catalog


def problems(english: dict, catalog, name: str) -> list[Problem]:
    """Every cell of ``english`` needing a translation that ``catalog`` (None: no catalog)
    lacks or holds for another English text."""
    entries = {} if catalog is None else {e.msgctxt: e for e in catalog if not e.obsolete}
    found = []
    for cell in english["cells"]:
        if not needs_translation(cell):
            continue
        entry = entries.get(cell["id"])
        if entry is None or not entry.msgstr:
            found.append(Problem(name, cell["id"], "missing", "no translation"))
        elif entry.msgid != source(cell):
            found.append(Problem(name, cell["id"], "stale", "the English changed after its "
                                 "translation: run python tools/translate.py update"))
        elif "fuzzy" in entry.flags:
            found.append(Problem(name, cell["id"], "stale", "fuzzy: check the translation "
                                 "against the English and remove the fuzzy flag"))
    return found


def translated(english: dict, catalog, name: str) -> tuple[dict, list[Problem]]:
    """The notebook ``english`` with each cell's translation from ``catalog``; a cell whose
    translation is missing or stale stays English and is reported."""
    import copy

    found = problems(english, catalog, name)
    untranslated = {p.cell for p in found}
    entries = {e.msgctxt: e for e in catalog if not e.obsolete}
    notebook = copy.deepcopy(english)
    for cell in notebook["cells"]:
        if needs_translation(cell) and cell["id"] not in untranslated:
            cell["source"] = entries[cell["id"]].msgstr.splitlines(keepends=True)
    return notebook, found


def english_notebooks(names: list[str], solutions: Path = SOLUTIONS) -> list[Path]:
    return [p for p in sorted(solutions.glob("[0-9][0-9]_*.ipynb"))
            if not names or any(p.name.startswith(n) for n in names)]


def translated_names(lang: str, catalogs: Path = CATALOGS) -> list[str]:
    """The notebooks (``01_rules_and_moves``) that have a LANG catalog."""
    return sorted(p.stem for p in (catalogs / lang).glob("[0-9][0-9]_*.po"))


def notebook_problems(lang: str, solutions: Path = SOLUTIONS,
                      catalogs: Path = CATALOGS) -> list[Problem]:
    """The missing and stale cells of every notebook that has a LANG catalog."""
    found = []
    for name in translated_names(lang, catalogs):
        path = solutions / f"{name}.ipynb"
        catalog = read_catalog(catalog_path(lang, path, catalogs))
        if not path.exists():
            found.append(Problem(name, "-", "stale", f"no English notebook {path.name}"))
            continue
        found += problems(json.loads(path.read_text()), catalog, name)
    return found


def update_notebooks(lang: str, names: list[str], solutions: Path = SOLUTIONS,
                     catalogs: Path = CATALOGS) -> list[Path]:
    """Update (or, for a notebook named in ``names``, start) the LANG catalogs; return the
    catalogs written."""
    written = []
    for english in english_notebooks(names, solutions):
        path = catalog_path(lang, english, catalogs)
        if not names and not path.exists():
            continue
        old = read_catalog(path) if path.exists() else None
        catalog = update_catalog(json.loads(english.read_text()), old, lang, english.stem)
        text = str(catalog) + "\n"
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["update", "compile", "status"])
    parser.add_argument("names", nargs="*", help="update: start or update only these "
                        "notebooks' catalogs (e.g. 02)")
    parser.add_argument("--lang", default="ko", choices=sorted(LANGUAGES))
    args = parser.parse_args(argv)
    if args.command == "update":
        update_library(args.lang)
        for path in update_notebooks(args.lang, args.names):
            print(f"updated {shown(path)}")
        if args.names and not english_notebooks(args.names):
            parser.error(f"no English notebook starts with {' or '.join(args.names)}")
        return 0
    if args.command == "compile":
        compile_library(args.lang)
        return 0
    found = [*library_problems(args.lang), *map(str, notebook_problems(args.lang))]
    for line in found:
        print(line)
    names = translated_names(args.lang)
    print(f"{len(found)} problems; notebooks translated into {LANGUAGES[args.lang]}: "
          f"{', '.join(names) if names else 'none'}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
