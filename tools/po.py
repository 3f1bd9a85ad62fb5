"""Write gettext catalogs from Python dicts (a maintainer's tool).

Usage from a script::

    from tools.po import write_catalogs
    write_catalogs("core", {"msg.id": ("English", "简体", "繁體")})

Entries already in the .po files are kept unless given again.
"""

from __future__ import annotations

from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent / "content" / "locale"
LOCALES = ("en", "zh_Hans", "zh_Hant")


def write_catalogs(domain: str, messages: dict[str, tuple[str, str, str]]) -> None:
    for i, loc in enumerate(LOCALES):
        path = ROOT / loc / "LC_MESSAGES" / f"{domain}.po"
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists():
            with path.open("rb") as fh:
                cat = read_po(fh, locale=loc)
        else:
            cat = Catalog(locale=loc, domain=domain, project="shengji-tutor", charset="utf-8")
        for msgid, texts in messages.items():
            if msgid in cat:
                del cat[msgid]  # Catalog.add keeps an existing entry's old text
            cat.add(msgid, texts[i], flags=("python-brace-format",) if "{" in texts[i] else ())
        with path.open("wb") as fh:
            write_po(fh, cat, width=0, sort_output=True)
