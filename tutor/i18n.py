"""The session's language: gettext catalogues (compiled by Babel), read per language.

Nothing is installed globally (no ``gettext.install``): many sessions share one Streamlit
process, and each speaks its own language. Code that says a sentence calls the functions
here, which look up the *current* language:

- inside ``use_language("it")`` (the CLI, tests, a worker): that language;
- otherwise the resolver the app registers with :func:`set_language_resolver` (it reads
  the Streamlit session's choice, so two sessions in one process differ);
- otherwise English.

Sentences are written as ``_("Welcome back, {name}!").format(name=name)``: the catalogue
holds the template with its placeholders, so a translator can move them. A sentence kept
in a module-level constant is marked with :func:`N_` (extracted, not translated yet) and
translated where it is shown: ``_(PRESET_HELP)``.

The catalogues are ``tutor/locale/<lang>/LC_MESSAGES/tutor.po``; a ``.mo`` beside it (the
wheel ships them) is read when it is as new as the ``.po``, else the ``.po`` is compiled in
memory (an editable install, a translator's fresh edit).

>>> with use_language("en"):
...     _("Welcome back, {name}!").format(name="Ana")
'Welcome back, Ana!'
>>> current_language() in LANGUAGES
True
"""

from __future__ import annotations

import gettext
import io
import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

log = logging.getLogger(__name__)

#: The gettext domain of every catalogue.
DOMAIN = "tutor"
#: Where the catalogues live: ``<LOCALE_DIR>/<lang>/LC_MESSAGES/tutor.po``.
LOCALE_DIR = Path(__file__).parent / "locale"


def _languages() -> tuple[str, ...]:
    """English (the source), then every language with an interface catalogue: a language
    is added by adding its ``tutor.po`` (``make i18n NEW=<code>``), nothing else."""
    found = (
        {
            folder.name
            for folder in LOCALE_DIR.iterdir()
            if folder.is_dir()
            and (
                (folder / "LC_MESSAGES" / f"{DOMAIN}.po").is_file()
                or (folder / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file()
            )
        }
        if LOCALE_DIR.is_dir()
        else set()
    )
    return ("en", *sorted(found - {"en"}))


#: The languages there is a catalogue for; the first is the default (the source).
LANGUAGES: tuple[str, ...] = _languages()
DEFAULT_LANGUAGE = LANGUAGES[0]

_language: ContextVar[str | None] = ContextVar("tutor_language", default=None)
_resolver: Callable[[], str | None] | None = None
_lock = threading.Lock()
_loaded: dict[tuple[str, str, Path], gettext.NullTranslations] = {}


def set_language_resolver(resolver: Callable[[], str | None] | None) -> None:
    """Register how the app finds the current session's language (None: no resolver).

    The resolver is called on every lookup outside :func:`use_language`; it must be cheap
    and must not raise (an exception is logged and English is used).
    """
    global _resolver
    _resolver = resolver


def normalise(code: str | None) -> str | None:
    """``"it_IT.UTF-8"``, ``"it-IT"``, ``"IT"`` -> ``"it"``; a language without a catalogue
    (or nothing) -> None.

    >>> normalise("it_IT.UTF-8"), normalise("en-GB"), normalise("fr"), normalise(None)
    ('it', 'en', None, None)
    """
    if not code:
        return None
    base = code.strip().split(".")[0].replace("-", "_").split("_")[0].lower()
    return base if base in LANGUAGES else None


def choose_language(*candidates: str | None) -> str:
    """The first of ``candidates`` there is a catalogue for, else English.

    The app passes them in its order: the address's ``?lang=``, the learner's saved
    choice, the signed-in profile's locale, the browser's (``st.context.locale``).

    >>> choose_language(None, "fr-FR", "it-IT", "en-US"), choose_language(None, "")
    ('it', 'en')
    """
    for candidate in candidates:
        found = normalise(candidate)
        if found is not None:
            return found
    return DEFAULT_LANGUAGE


def current_language() -> str:
    """The language sentences are said in now (see the module's docstring)."""
    chosen = _language.get()
    if chosen is None and _resolver is not None:
        try:
            chosen = _resolver()
        except Exception:
            log.exception("the language resolver failed; speaking English")
            chosen = None
    return normalise(chosen) or DEFAULT_LANGUAGE


@contextmanager
def use_language(code: str | None) -> Iterator[str]:
    """Speak ``code`` (normalised; English if there is no catalogue) inside the block."""
    lang = normalise(code) or DEFAULT_LANGUAGE
    token = _language.set(lang)
    try:
        yield lang
    finally:
        _language.reset(token)


def _catalogue_files(lang: str, domain: str, root: Path) -> tuple[Path, Path]:
    folder = root / lang / "LC_MESSAGES"
    return folder / f"{domain}.po", folder / f"{domain}.mo"


def _compile_po(po: Path) -> gettext.GNUTranslations:
    """The ``.po`` compiled in memory with Babel (no ``.mo`` written)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as handle:
        catalog = read_po(handle)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def _load(lang: str, domain: str, root: Path) -> gettext.NullTranslations:
    po, mo = _catalogue_files(lang, domain, root)
    try:
        if mo.exists() and (
            not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime
        ):
            with mo.open("rb") as handle:
                return gettext.GNUTranslations(handle)
        if po.exists():
            return _compile_po(po)
    except (OSError, ValueError):
        log.exception(
            "the %s catalogue could not be read; speaking its source text", lang
        )
    return gettext.NullTranslations()


def translations(
    lang: str | None = None, *, domain: str = DOMAIN, root: Path = LOCALE_DIR
) -> gettext.NullTranslations:
    """The catalogue of ``lang`` (default: the current language), loaded once per process.

    ``domain`` and ``root`` name another catalogue than the interface's: the scenario
    bank's texts, say, kept beside the bank as ``<root>/<lang>/LC_MESSAGES/<domain>.po``.
    """
    code = normalise(lang) or current_language()
    key = (code, domain, root)
    found = _loaded.get(key)
    if found is None:
        with _lock:
            found = _loaded.get(key)
            if found is None:
                found = _load(code, domain, root)
                _loaded[key] = found
    return found


def reload_catalogues() -> None:
    """Forget the loaded catalogues (after ``make i18n`` or a translator's edit; tests)."""
    with _lock:
        _loaded.clear()


def _(message: str) -> str:
    """``message`` in the current language (the source text where it has no entry)."""
    return translations().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for ``n`` under the current language's plural rule."""
    return translations().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, in ``context`` (gettext's ``msgctxt``)."""
    return translations().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` within ``context``."""
    return translations().npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it (module-level constants)."""
    return message


__all__ = [
    "DEFAULT_LANGUAGE",
    "DOMAIN",
    "LANGUAGES",
    "LOCALE_DIR",
    "N_",
    "_",
    "choose_language",
    "current_language",
    "ngettext",
    "normalise",
    "npgettext",
    "pgettext",
    "reload_catalogues",
    "set_language_resolver",
    "translations",
    "use_language",
]
