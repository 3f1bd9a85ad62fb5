"""Three-way merge of the .po source catalogs, entry by entry.

    python -m tools.po_merge THEIR_REF     # during or after `git merge THEIR_REF`

Git merges the sorted ``.po`` files line by line, so two branches that add
messages near each other conflict; a branch written before the catalogs
became the source (texts in ``tools/*_messages.py``, regenerated ``.po``
headers) conflicts everywhere.  This merges by message instead.

For every content/locale/*/LC_MESSAGES/*.po: base = merge-base(HEAD, THEIR_REF), ours = HEAD,
theirs = THEIR_REF.  An entry theirs changed (added, edited, removed) relative to base is taken
from theirs unless ours changed it too (then ours is kept and the id is reported); everything else
is ours.  A plural entry of ours whose text theirs did not change stays plural; one theirs
reworded takes their words and is reported (write its plural forms again).  Writes the working
tree's .po files; then run `python -m tools.text`.
"""
from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po


def git(*args: str) -> str:
    return subprocess.run(["git", *args], capture_output=True, text=True, check=True).stdout


def load(rev: str, path: str, loc: str) -> dict[str, Any]:
    data = subprocess.run(["git", "show", f"{rev}:{path}"], capture_output=True).stdout  # b"" if absent
    if not data:
        return {}
    cat = read_po(io.BytesIO(data), locale=loc)
    return {(m.id[0] if isinstance(m.id, tuple) else m.id): m for m in cat if m.id}

def text(m: Any) -> tuple[str, ...] | None:
    """A message's shape and words: its ids (one, or singular and plural) then
    its translated forms, so a change of plural shape counts as a change."""
    if m is None:
        return None
    ids = tuple(m.id) if isinstance(m.id, (tuple, list)) else (m.id,)
    forms = tuple(m.string) if isinstance(m.string, (tuple, list)) else (m.string,)
    return (str(len(ids)), *ids, *forms)


def loose(m: Any) -> str | None:
    """A message's last form with "(s)" read as "s": ours turning a text into
    plural forms is not a change of its words."""
    t = text(m)
    return None if t is None else t[-1].replace("(s)", "s")


def merge(ref: str) -> list[str]:
    """Merge ``ref``'s catalog changes into the working tree; the ids both
    sides changed (ours kept, or theirs where ours only added plural forms)."""
    base = git("merge-base", "HEAD", ref).strip()
    paths = set(git("ls-tree", "-r", "--name-only", "HEAD", "content/locale").split()) | \
        set(git("ls-tree", "-r", "--name-only", ref, "content/locale").split())
    both = []
    for path in sorted(p for p in paths if p.endswith(".po")):
        _merge_file(path, base, ref, both)
    return both


def _merge_file(path: str, base: str, ref: str, both: list[str]) -> None:
    loc = path.split("/")[2]
    b, o, t = load(base, path, loc), load("HEAD", path, loc), load(ref, path, loc)
    out = dict(o)
    for mid in set(b) | set(t):
        if text(t.get(mid)) == text(b.get(mid)):
            continue  # theirs did not touch it
        if mid in o and text(o.get(mid)) != text(b.get(mid)) and loose(o.get(mid)) != loose(b.get(mid)):
            if text(o.get(mid)) != text(t.get(mid)):
                both.append(f"{path}: {mid} (kept ours)")
            continue
        if mid in o and text(o.get(mid)) != text(b.get(mid)):  # ours gave it plural forms
            both.append(f"{path}: {mid} (theirs reworded it: write its plural forms again)")
        if mid in t:
            out[mid] = t[mid]
        else:
            out.pop(mid, None)
    cat = Catalog(locale=loc)
    for m in out.values():
        cat[m.id] = m
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as fh:
        write_po(fh, cat, width=0, sort_output=True)


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    for item in merge(sys.argv[1]):
        print(f"changed on both sides: {item}")
    print("now run: python -m tools.text")
    return 0


if __name__ == "__main__":
    sys.exit(main())
