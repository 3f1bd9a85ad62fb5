"""Cards in plain text, as a learner reads them: ``♥10``, ``大王``; the
suit styles of the settings (``glyphs``, ``letters``, ``cjk``).  No Textual
and no Rich: the command line says cards the same way as the app
(:func:`style_card_tokens` turns the engine's ASCII codes into these words)."""

from __future__ import annotations

import re

from solver.cards import BIG_JOKER_RANK, RANK_NAMES, Card

_GLYPHS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_CJK = {
    "zh-Hant": {"S": "黑", "H": "紅", "D": "方", "C": "梅"},
    "default": {"S": "黑", "H": "红", "D": "方", "C": "梅"},
}


def suit_symbol(suit: str, style: str = "glyphs", lang: str = "en") -> str:
    """The symbol of a suit letter (``S H D C``) in a suit style.

    >>> [suit_symbol(s, "cjk") for s in "SHDC"]
    ['黑', '红', '方', '梅']
    >>> suit_symbol("H", "letters"), suit_symbol("H")
    ('H', '♥')
    """
    if style == "letters":
        return suit
    if style == "cjk":
        return (_CJK.get(lang) or _CJK["default"])[suit]
    return _GLYPHS[suit]


def card_label(card: Card, style: str = "glyphs", lang: str = "en") -> str:
    """Plain text of one card: ``♥10``, ``10H`` (letters), ``红10``; jokers
    ``BJ``/``SJ`` (大王/小王 in Chinese).

    >>> from solver.cards import Card
    >>> card_label(Card.parse("10H")), card_label(Card.parse("10H"), "letters")
    ('♥10', '10H')
    >>> card_label(Card.parse("BJ"), "glyphs", "zh-Hans")
    '大王'
    """
    if card.is_joker:
        big = card.rank == BIG_JOKER_RANK
        if lang.startswith("zh"):
            return "大王" if big else "小王"
        return "BJ" if big else "SJ"
    rank = RANK_NAMES[card.rank]
    if style == "letters":
        return rank + card.suit
    return suit_symbol(card.suit, style, lang) + rank


#: A card code standing alone: not inside an ASCII word or an R-ID, but
#: right next to Chinese text ("你跟出9H。") it is a card (CJK letters are ``\w``).
_CARD_TOKEN = re.compile(r"(?<![0-9A-Za-z_-])(10|[2-9JQKA])([SHDC])(?![0-9A-Za-z_-])"
                                       r"|(?<![0-9A-Za-z_-])(BJ|SJ)(?![0-9A-Za-z_-])")


def style_card_tokens(text: str, style: str = "glyphs", lang: str = "en") -> str:
    """Engine texts write cards in ASCII (``9H 9H``); show them in the suit style.

    >>> style_card_tokens("Beaten units: 9H 9H, KH. Rule R-THROW-BEAT")
    'Beaten units: ♥9 ♥9, ♥K. Rule R-THROW-BEAT'
    >>> style_card_tokens("♥2 9H在这里不合法", lang="zh-Hans")
    '♥2 ♥9在这里不合法'
    >>> style_card_tokens("play 10S", "letters")
    'play 10S'
    >>> style_card_tokens("例如8S 8S。", "glyphs", "zh-Hans")
    '例如♠8 ♠8。'
    """
    if style == "letters":
        return text

    def repl(m: object) -> str:
        token = m.group(0)  # type: ignore[attr-defined]
        try:
            return card_label(Card.parse(token), style, lang)
        except ValueError:
            return token

    return _CARD_TOKEN.sub(repl, text)


def for_reader(text: str, lang: str) -> str:
    """A command's human output in ``lang``: in Chinese the cards in words
    and suit glyphs (``♥9``, ``小王``), never a code like ``9H`` or ``SJ``
    inside a Chinese sentence; in English as is, the ASCII notation of
    CONTRACT.md.

    >>> for_reader("第4家赢得这一轮（BJ）", "zh-Hans"), for_reader("Player 4 wins (BJ)", "en")
    ('第4家赢得这一轮（大王）', 'Player 4 wins (BJ)')
    """
    return style_card_tokens(text, "glyphs", lang) if lang.startswith("zh") else text


__all__ = ["card_label", "for_reader", "style_card_tokens", "suit_symbol"]
