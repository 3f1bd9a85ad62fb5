"""Messages of the ``legal`` catalog domain (legality engine and its checks).

Run ``python -m tools.legal_messages`` to (re)write
content/locale/*/LC_MESSAGES/legal.po.
"""

from __future__ import annotations

MESSAGES: dict[str, tuple[str, str, str]] = {
    # Reasons (Reason.code → "legal." + code)
    "legal.follow.suit": (
        "Follow suit: play {need} card(s) of {suit_name} (you hold {held}, the lead has {size}); "
        "you played {played}. Your {suit_name}: {cards}.",
        "必须跟出{need}张{suit_name}（你有{held}张，首家出了{size}张），你只出了{played}张。你的{suit_name}：{cards}。",
        "必須跟出{need}張{suit_name}（你有{held}張，首家出了{size}張），你只出了{played}張。你的{suit_name}：{cards}。",
    ),
    "legal.follow.pairs": (
        "Follow pairs: the lead holds {lead_pairs} pair(s) and you hold {held_pairs} in "
        "{suit_name} ({cards}), so play at least {need}; you played {played}.",
        "首家出了{lead_pairs}个对子，你的{suit_name}里有{held_pairs}个对子（{cards}），"
        "至少要跟{need}个对子，你只跟了{played}个。",
        "首家出了{lead_pairs}個對子，你的{suit_name}裡有{held_pairs}個對子（{cards}），"
        "至少要跟{need}個對子，你只跟了{played}個。",
    ),
    "legal.follow.tractor": (
        "Follow the tractor: a tractor of {lead_length} pairs was led and you hold one in "
        "{suit_name} ({cards}); your play must contain a tractor of {length} pairs.",
        "首家出了{lead_length}连对的拖拉机，你的{suit_name}里有拖拉机（{cards}），"
        "必须跟出{length}连对的拖拉机。",
        "首家出了{lead_length}連對的拖拉機，你的{suit_name}裡有拖拉機（{cards}），"
        "必須跟出{length}連對的拖拉機。",
    ),
    "legal.follow.tractor_partial": (
        "Follow the tractor: a tractor of {lead_length} pairs was led and your longest tractor in "
        "{suit_name} is {cards}, {length} pairs; your play must contain it.",
        "首家出了{lead_length}连对的拖拉机，你的{suit_name}里最长的拖拉机是 {cards}（{length}连对），"
        "必须把它跟出来。",
        "首家出了{lead_length}連對的拖拉機，你的{suit_name}裡最長的拖拉機是 {cards}（{length}連對），"
        "必須把它跟出來。",
    ),
    "legal.follow.trump_pair_highest": (
        "A trump pair was led and you hold no trump pair: play your {count} highest trump(s) ({cards}).",
        "首家出了主牌对子而你没有主对：必须从大到小出{count}张主牌（{cards}）。",
        "首家出了主牌對子而你沒有主對：必須從大到小出{count}張主牌（{cards}）。",
    ),
    "legal.follow.count": (
        "Play {size} card(s), as many as the lead; you played {played}.",
        "要出{size}张牌，和首家一样多；你出了{played}张。",
        "要出{size}張牌，和首家一樣多；你出了{played}張。",
    ),
    "legal.follow.not_in_hand": (
        "These cards are not in your hand: {cards}.",
        "这些牌不在你手里：{cards}。",
        "這些牌不在你手裡：{cards}。",
    ),
    "legal.follow.other": (
        "This follow is not legal, but no single rule could be named (the two engines disagree; please report it).",
        "这样跟牌不合规则（两个引擎的判断不一致，请报告）。",
        "這樣跟牌不合規則（兩個引擎的判斷不一致，請回報）。",
    ),
    "legal.lead.mixed": (
        "A lead must be one suit: {cards} mixes suits.",
        "出牌必须是同一门：{cards} 混了不同的花色。",
        "出牌必須是同一門：{cards} 混了不同的花色。",
    ),
    "legal.lead.throw_fails": (
        "The throw {cards} would fail (another player can beat part of it); "
        "it would be replaced by {forced}.",
        "甩牌 {cards} 会失败（有人能管住其中一部分），只能改出 {forced}。",
        "甩牌 {cards} 會失敗（有人能管住其中一部分），只能改出 {forced}。",
    ),
    "legal.lead.throw_unsafe": (
        "The throw {cards} is not safe: unseen cards could beat {threats}.",
        "甩牌 {cards} 不安全：没出现的牌可能管住 {threats}。",
        "甩牌 {cards} 不安全：沒出現的牌可能管住 {threats}。",
    ),
    # Errors
    "legal.error.bad_lead": (
        "The lead {cards} is not one suit: a lead must be all trumps or all of one plain suit.",
        "首家的牌 {cards} 不是同一门：出牌必须全是主牌或同一门副牌。",
        "首家的牌 {cards} 不是同一門：出牌必須全是主牌或同一門副牌。",
    ),
    "legal.error.bad_throw": (
        "The throw {cards} is not one suit: a throw must be all trumps or all of one plain suit.",
        "甩牌 {cards} 不是同一门：甩牌必须全是主牌或同一门副牌。",
        "甩牌 {cards} 不是同一門：甩牌必須全是主牌或同一門副牌。",
    ),
    "legal.error.throw_not_in_hand": (
        "The throw holds cards that are not in the hand: {cards}.",
        "甩的牌不在手里：{cards}。",
        "甩的牌不在手裡：{cards}。",
    ),
    "legal.error.hand_too_small": (
        "The hand holds {held} card(s), fewer than the {size} of the lead.",
        "手里只有{held}张牌，比首家的{size}张少。",
        "手裡只有{held}張牌，比首家的{size}張少。",
    ),
    "legal.error.enumeration": (
        "Too many legal follows to enumerate (more than {limit} solutions).",
        "合规跟法太多，无法逐一列举（超过{limit}种）。",
        "合規跟法太多，無法逐一列舉（超過{limit}種）。",
    ),
    "legal.error.empty_lead": (
        "The lead is empty.", "首家没有出牌。", "首家沒有出牌。",
    ),
    "legal.error.empty_throw": (
        "The throw is empty.", "甩牌是空的。", "甩牌是空的。",
    ),
    # Human renderers
    "legal.check.follow.legal": (
        "Legal follow.", "可以这样跟牌。", "可以這樣跟牌。",
    ),
    "legal.check.follow.illegal": (
        "Not a legal follow:", "不能这样跟牌：", "不能這樣跟牌：",
    ),
    "legal.check.forced.yes": (
        "The follow is forced: {cards}.", "只有一种跟法：{cards}。", "只有一種跟法：{cards}。",
    ),
    "legal.check.forced.no": (
        "Not forced: {count} legal follows (equal copies counted once).",
        "不是只有一种跟法：共有{count}种合规跟法（同样的两张牌算一种）。",
        "不是只有一種跟法：共有{count}種合規跟法（同樣的兩張牌算一種）。",
    ),
    "legal.check.forced.always": (
        "Cards in every legal follow: {cards}.", "每种跟法都要出的牌：{cards}。",
        "每種跟法都要出的牌：{cards}。",
    ),
    "legal.check.forced.example": (
        "For example: {cards}.", "例如：{cards}。", "例如：{cards}。",
    ),
    "legal.check.throw.stands": (
        "The throw stands: nobody holds a unit that beats part of it.",
        "甩牌成功：没有人有能管住其中任何一部分的牌。",
        "甩牌成功：沒有人有能管住其中任何一部分的牌。",
    ),
    "legal.check.throw.fails": (
        "The throw fails. Beaten units:", "甩牌失败。被管住的部分：", "甩牌失敗。被管住的部分：",
    ),
    "legal.check.throw.forced": (
        "The thrower must play only the smallest beaten unit: {unit}.",
        "甩牌者只能出被管住的最小一手：{unit}。",
        "甩牌者只能出被管住的最小一手：{unit}。",
    ),
    "legal.check.safe.yes": (
        "Safe: none of the cards you cannot see can beat any part of this throw.",
        "安全：你看不到的牌里没有能管住其中任何一部分的牌。",
        "安全：你看不到的牌裡沒有能管住其中任何一部分的牌。",
    ),
    "legal.check.safe.no": (
        "Not safe. Units that unseen cards could beat:",
        "不安全。可能被没出现的牌管住的部分：",
        "不安全。可能被沒出現的牌管住的部分：",
    ),
    # CLI help
    "cli.check.follow.help": (
        "Is this follow legal? (--lead, --hand: the follower's whole hand, --play)",
        "这样跟牌合规吗？（--lead 首家的牌，--hand 跟牌者的全部手牌，--play 要出的牌）",
        "這樣跟牌合規嗎？（--lead 首家的牌，--hand 跟牌者的全部手牌，--play 要出的牌）",
    ),
    "cli.check.forced.help": (
        "How many legal follows are there, and is the follow forced? (--lead, --hand)",
        "有几种合规跟法，是否只有一种？（--lead，--hand）",
        "有幾種合規跟法，是否只有一種？（--lead，--hand）",
    ),
    "cli.check.throw.help": (
        "Does a throw stand against the other hands? (--throw, --others HAND|HAND|HAND)",
        "甩牌对其他玩家的手牌能否成功？（--throw，--others 手牌|手牌|手牌）",
        "甩牌對其他玩家的手牌能否成功？（--throw，--others 手牌|手牌|手牌）",
    ),
    "cli.check.safe-throw.help": (
        "Is a throw safe given the cards you have seen? (--throw, --hand, --seen)",
        "根据已经见过的牌，甩牌安全吗？（--throw，--hand，--seen）",
        "根據已經見過的牌，甩牌安全嗎？（--throw，--hand，--seen）",
    ),
    "cli.field.lead": ("the lead's cards", "首家出的牌", "首家出的牌"),
    "cli.field.hand": ("the whole hand", "全部手牌", "全部手牌"),
    "cli.field.play": ("the cards played", "要出的牌", "要出的牌"),
    "cli.field.throw": ("the thrown cards", "甩的牌", "甩的牌"),
    "cli.field.others": ("the other players' hands", "其他玩家的手牌", "其他玩家的手牌"),
    "cli.field.seen": ("cards already seen (played, and the kitty if you buried it)",
                       "已经见过的牌（打出的牌，以及自己扣的底牌）",
                       "已經見過的牌（打出的牌，以及自己扣的底牌）"),
    # Position errors (solver.position)
    "legal.error.position.seats": (
        "A position needs exactly 4 hands.", "局面需要正好4手牌。", "局面需要正好4手牌。",
    ),
    "legal.error.position.copies": (
        "{card} appears {count} times across hands, trick, kitty and played cards; the pack has 2.",
        "{card}在各家手牌、本轮、底牌和已出的牌中共出现{count}次，整副牌只有2张。",
        "{card}在各家手牌、本輪、底牌和已出的牌中共出現{count}次，整副牌只有2張。",
    ),
    "legal.error.position.counts": (
        "Impossible card counts: seat {seat} should hold {expected} card(s) but holds {held}.",
        "牌数不对：{seat}号位应有{expected}张牌，实际有{held}张。",
        "牌數不對：{seat}號位應有{expected}張牌，實際有{held}張。",
    ),
    "legal.error.position.seat": (
        "Seat {seat} is not 0-3.", "座位{seat}不在0到3之间。", "座位{seat}不在0到3之間。",
    ),
    "legal.error.position.field": (
        "Bad position field: {field}.", "局面字段有误：{field}。", "局面欄位有誤：{field}。",
    ),
    "legal.error.position.hidden": (
        "Seat {seat}'s hand is hidden; the move cannot be checked.",
        "{seat}号位的手牌看不到，无法判断这步牌。",
        "{seat}號位的手牌看不到，無法判斷這步牌。",
    ),
    "legal.error.position.illegal": (
        "Illegal play {cards}: {reason}", "不能出{cards}：{reason}", "不能出{cards}：{reason}",
    ),
    "legal.error.position.empty": (
        "No move to take back.", "没有可以悔的牌。", "沒有可以悔的牌。",
    ),
    "legal.error.position.over": (
        "The hand is over: every card has been played.", "这一局已经打完了。", "這一局已經打完了。",
    ),
}


def main() -> None:
    from tools.po import write_catalogs

    write_catalogs("legal", MESSAGES)


if __name__ == "__main__":
    main()
