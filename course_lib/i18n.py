"""The language of the words a student reads: check lines, hints, the board widget's text.

The course speaks English unless told otherwise; the Korean edition's notebooks start with
``use_language("ko")``. The words are looked up in gettext catalogs, the format of every
translation tool (Poedit, Weblate, msgmerge): ``course_lib/locale/ko/LC_MESSAGES/course_lib.po``
holds the Korean, compiled into the ``.mo`` file read here (``python tools/translate.py``
extracts, updates and compiles them with Babel). A message with no translation is shown in
English, so a half-translated library still says everything.

In the library, ``_("...")`` marks a message and translates it when it is shown, and
``N_("...")`` only marks one that is stored first and translated later, with ``_(text)``
(an exercise's hint, registered at import). Messages with values use named placeholders, so
that a translation may put them in its own order: ``_("{name}: right").format(name=name)``.

Choosing Korean also lets matplotlib draw Korean text: NanumGothic (shipped by the
koreanize-matplotlib package) is registered and put after the default font, which still
draws every Latin letter and digit, so an English figure looks the same in either language.

>>> current_language()
'en'
>>> with language("ko"):
...     print(_("{name}: right").format(name="01-perft-2"))
01-perft-2: 정답입니다
>>> print(_("{name}: right").format(name="01-perft-2"))
01-perft-2: right
"""

from __future__ import annotations

import contextlib
import gettext
from pathlib import Path
from typing import Iterator

from .errors import InvalidArgumentError

__all__ = ["LANGUAGES", "use_language", "current_language", "language", "_", "N_",
           "korean_font_files"]

LANGUAGES = ("en", "ko")
"""The languages the course speaks: English (the source) and Korean."""

DOMAIN = "course_lib"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

KOREAN_FONT = "NanumGothic"
"""The family matplotlib draws Korean text with (from the koreanize-matplotlib package)."""

_current = "en"
_catalogs: dict[str, gettext.NullTranslations] = {}


def use_language(name: str) -> None:
    """Speak ``name`` from now on: ``"ko"`` (Korean) or ``"en"`` (English, the default).

    Check lines, hints and the board widget's text are then in that language (in English
    where a message has no translation yet), and figures can draw its letters.

    >>> use_language("ko"); current_language()
    'ko'
    >>> use_language("en"); current_language()
    'en'
    >>> use_language("fr")
    Traceback (most recent call last):
    ...
    course_lib.errors.InvalidArgumentError: the course speaks 'en' (English) or 'ko' (Korean), got 'fr'
    """
    global _current
    if not isinstance(name, str) or name not in LANGUAGES:
        raise InvalidArgumentError(
            f"the course speaks 'en' (English) or 'ko' (Korean), got {name!r}")
    _catalog(name)                          # a missing catalog fails here, not in a message
    _use_fonts(name)
    _current = name


def current_language() -> str:
    """The language the course speaks now: ``"en"`` or ``"ko"``."""
    return _current


@contextlib.contextmanager
def language(name: str) -> Iterator[None]:
    """Speak ``name`` inside a ``with`` block, and the language spoken before after it."""
    before = _current
    use_language(name)
    try:
        yield
    finally:
        use_language(before)


def _(message: str) -> str:
    """``message`` in the current language (itself in English, or when it has no
    translation)."""
    if not message:                         # gettext's "" is the catalog's header
        return message
    return _catalog(_current).gettext(message)


def N_(message: str) -> str:
    """Mark ``message`` for translation and return it as it is; ``_(message)`` translates it
    when it is shown."""
    return message


def _catalog(name: str) -> gettext.NullTranslations:
    if name not in _catalogs:
        if name == "en":
            _catalogs[name] = gettext.NullTranslations()
        else:
            path = LOCALE_DIR / name / "LC_MESSAGES" / f"{DOMAIN}.mo"
            if not path.exists():
                raise FileNotFoundError(f"the {name!r} translations are missing: no {path} "
                                        "(python tools/translate.py compile makes it)")
            with path.open("rb") as file:
                _catalogs[name] = gettext.GNUTranslations(file)
    return _catalogs[name]


# --- Fonts ----------------------------------------------------------------------------------

def korean_font_files() -> list[Path]:
    """The NanumGothic font files the koreanize-matplotlib package ships (found without
    importing it: importing it would make NanumGothic every figure's first font)."""
    import importlib.util

    spec = importlib.util.find_spec("koreanize_matplotlib")
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError("the Korean edition draws Korean text in its figures with "
                                  "the NanumGothic font of the koreanize-matplotlib package: "
                                  "pip install koreanize-matplotlib")
    files = sorted(Path(spec.submodule_search_locations[0], "fonts").glob("NanumGothic*.ttf"))
    if not files:
        raise FileNotFoundError(f"no NanumGothic*.ttf in {spec.submodule_search_locations[0]}"
                                "/fonts: reinstall koreanize-matplotlib")
    return files


def _use_fonts(name: str) -> None:
    """Korean: register NanumGothic with matplotlib and draw with it whatever the default
    font lacks (matplotlib tries the families of ``font.family`` in order, glyph by glyph);
    English: drop it again."""
    import sys
    if name == "en" and "matplotlib" not in sys.modules:
        return                              # no figure was drawn, nothing to take back
    import matplotlib
    from matplotlib import font_manager

    families = [f for f in matplotlib.rcParams["font.family"] if f != KOREAN_FONT]
    if name == "ko":
        known = {entry.fname for entry in font_manager.fontManager.ttflist}
        for path in korean_font_files():
            if str(path) not in known:
                font_manager.fontManager.addfont(str(path))
        families.append(KOREAN_FONT)
    matplotlib.rcParams["font.family"] = families
