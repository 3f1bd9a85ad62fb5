"""Messages of the ``hint`` catalog domain (issue 6): run to rewrite the
catalogs ``content/locale/*/LC_MESSAGES/hint.po``.

    python -m tools.hint_messages
"""

from __future__ import annotations

MESSAGES: dict[str, tuple[str, str, str]] = {
    # Command line
    "hint.cli.help": (
        "Suggest the best play in a position, with its value and why",
        "给出局面中的最佳出牌、它的分值和理由",
        "給出局面中的最佳出牌、它的分值和理由"),
    "hint.cli.position.help": (
        "position file (JSON, see the Position format)",
        "局面文件（JSON，格式见 Position 说明）",
        "局面檔案（JSON，格式見 Position 說明）"),
    "hint.cli.json.help": ("print the answer as JSON", "以 JSON 输出结果", "以 JSON 輸出結果"),
    "hint.cli.budget.help": (
        "time budget in seconds for hidden hands (default 2)",
        "暗牌局面的思考时间，单位秒（默认 2）",
        "暗牌局面的思考時間，單位秒（預設 2）"),
    "hint.cli.play.help": (
        "your own play, to see what it would cost",
        "你自己想出的牌，看看它的代价",
        "你自己想出的牌，看看它的代價"),
    "hint.cli.seed.help": (
        "random seed for sampling hidden hands",
        "抽样暗牌时用的随机种子",
        "抽樣暗牌時用的隨機種子"),
    "cli.field.position": (
        "position file (JSON)", "局面文件（JSON）", "局面檔案（JSON）"),
    "cli.field.budget": (
        "time budget in seconds", "思考时间（秒）", "思考時間（秒）"),
    "cli.field.seed": ("random seed", "随机种子", "隨機種子"),
    "cli.field.deals": (
        "sampled deals to value the plays on", "用来评估各种出法的抽样发牌次数",
        "用來評估各種出法的抽樣發牌次數"),
    "hint.check.help": (
        "Best play in a position: value under best play, exact or estimated",
        "局面中的最佳出牌：双方都打最佳时的得分，精确或估计",
        "局面中的最佳出牌：雙方都打最佳時的得分，精確或估計"),
    # Errors
    "hint.error.position": (
        "the position cannot be analysed", "无法分析这个局面", "無法分析這個局面"),
    "hint.error.over": (
        "the hand is over: no cards are left to play",
        "这一手牌已经打完，没有牌可出",
        "這一手牌已經打完，沒有牌可出"),
    "hint.error.not_to_move": (
        "seat {seat} is to move, but the position is seen from seat {viewer}",
        "轮到 {seat} 号位出牌，但局面是从 {viewer} 号位看的",
        "輪到 {seat} 號位出牌，但局面是從 {viewer} 號位看的"),
    "hint.error.illegal_play": (
        "your play {play} is not legal here", "你的出牌 {play} 在这里不合规则",
        "你的出牌 {play} 在這裡不合規則"),
    "hint.error.inconsistent": (
        "no deal fits what the position shows (hand sizes, cards out, voids)",
        "没有任何发牌能符合局面所示（手牌张数、已出的牌、缺门）",
        "沒有任何發牌能符合局面所示（手牌張數、已出的牌、缺門）"),
    "hint.error.viewer": (
        "a position with hidden hands needs a viewer",
        "有暗牌的局面需要指定观看者（viewer）",
        "有暗牌的局面需要指定觀看者（viewer）"),
    "hint.error.file": (
        "cannot read {path}: {detail}", "无法读取 {path}：{detail}", "無法讀取 {path}：{detail}"),
    "hint.error.json": (
        "{path} is not valid JSON (line {line})", "{path} 不是有效的 JSON（第 {line} 行）",
        "{path} 不是有效的 JSON（第 {line} 行）"),
    "hint.error.not_object": (
        "the position must be a JSON object", "局面必须是一个 JSON 对象",
        "局面必須是一個 JSON 物件"),
    "hint.error.budget": (
        "the time budget must be a positive number of seconds",
        "思考时间必须是正数（秒）", "思考時間必須是正數（秒）"),
    "hint.error.deals": (
        "the number of deals must be a positive whole number",
        "抽样发牌次数必须是正整数", "抽樣發牌次數必須是正整數"),
    "hint.error.tricks": (
        "the position's tricks field is malformed", "局面中的 tricks 字段格式不对",
        "局面中的 tricks 欄位格式不對"),
    # Rendering
    "hint.render.best": (
        "Best play for seat {seat} ({side}): {cards}",
        "{seat} 号位（{side}）的最佳出牌：{cards}",
        "{seat} 號位（{side}）的最佳出牌：{cards}"),
    "hint.side.attackers": ("attackers", "闲家", "閒家"),
    "hint.side.dealers": ("dealer's team", "庄家方", "莊家方"),
    "hint.render.why": ("Why:", "理由：", "理由："),
    "hint.render.alternatives": (
        "Every play and the attackers' final total:",
        "每种出法及闲家的最终得分：",
        "每種出法及閒家的最終得分："),
    "hint.render.alternatives_expected": (
        "Every play and the attackers' expected final total:",
        "每种出法及闲家的预期最终得分：",
        "每種出法及閒家的預期最終得分："),
    "hint.render.more": ("… and {count} more", "……另有 {count} 种", "……另有 {count} 種"),
    # Why the best play is best
    "hint.why.forced": (
        "It is your only legal play (R-FOLLOW).",
        "按跟牌规则，这是你唯一合规的出法。",
        "按跟牌規則，這是你唯一合規的出法。"),
    "hint.why.forced_lead": (
        "It is the only card you hold, so it is your lead (R-LEAD).",
        "你手里只剩这一张，只能出它。",
        "你手裡只剩這一張，只能出它。"),
    "hint.why.wins_trick": (
        "It wins the trick ({points} points in it).",
        "这手牌能赢下这一轮（本轮有 {points} 分）。",
        "這手牌能贏下這一輪（本輪有 {points} 分）。"),
    "hint.why.wins_trick_expected": (
        "It wins the trick in {p}% of {deals} sampled deals, with about {points} points in it.",
        "在 {deals} 次抽样发牌中，有 {p}% 这手牌能赢下这一轮，本轮平均约有 {points} 分。",
        "在 {deals} 次抽樣發牌中，有 {p}% 這手牌能贏下這一輪，本輪平均約有 {points} 分。"),
    "hint.why.feeds_points": (
        "Your partner takes the trick, so it gives them {points} points.",
        "对家会赢下这一轮，所以借机送上 {points} 分。",
        "對家會贏下這一輪，所以藉機送上 {points} 分。"),
    "hint.why.feeds_points_expected": (
        "Your partner takes the trick in {p}% of {deals} sampled deals, so it gives them {points} points.",
        "在 {deals} 次抽样发牌中，有 {p}% 由对家赢下这一轮，所以借机送上 {points} 分。",
        "在 {deals} 次抽樣發牌中，有 {p}% 由對家贏下這一輪，所以藉機送上 {points} 分。"),
    "hint.why.partner_wins": (
        "Your partner takes the trick; no need to spend a strong card.",
        "对家会赢下这一轮，不必浪费大牌。",
        "對家會贏下這一輪，不必浪費大牌。"),
    "hint.why.partner_wins_expected": (
        "Your partner takes the trick in {p}% of {deals} sampled deals; no need to spend a strong card.",
        "在 {deals} 次抽样发牌中，有 {p}% 由对家赢下这一轮，不必浪费大牌。",
        "在 {deals} 次抽樣發牌中，有 {p}% 由對家贏下這一輪，不必浪費大牌。"),
    "hint.why.saves_points": (
        "The opponents take this trick; it keeps {points} points out of it.",
        "这一轮会被对方拿走，这样出可以少丢 {points} 分。",
        "這一輪會被對方拿走，這樣出可以少丟 {points} 分。"),
    "hint.why.saves_points_expected": (
        "The opponents take this trick in {p}% of {deals} sampled deals; it keeps {points} points out of it.",
        "在 {deals} 次抽样发牌中，有 {p}% 这一轮被对方拿走，这样出可以少丢 {points} 分。",
        "在 {deals} 次抽樣發牌中，有 {p}% 這一輪被對方拿走，這樣出可以少丟 {points} 分。"),
    "hint.why.ducks": (
        "The opponents take this trick: play your lowest cards and keep your strong ones.",
        "这一轮会被对方拿走：出最小的牌，留住大牌。",
        "這一輪會被對方拿走：出最小的牌，留住大牌。"),
    "hint.why.ducks_expected": (
        "The opponents take this trick in {p}% of {deals} sampled deals: play your lowest cards and keep your strong ones.",
        "在 {deals} 次抽样发牌中，有 {p}% 这一轮被对方拿走：出最小的牌，留住大牌。",
        "在 {deals} 次抽樣發牌中，有 {p}% 這一輪被對方拿走：出最小的牌，留住大牌。"),
    "hint.why.loses_trick": (
        "The opponents take this trick.",
        "这一轮会被对方拿走。",
        "這一輪會被對方拿走。"),
    "hint.why.loses_trick_expected": (
        "The opponents take this trick in {p}% of {deals} sampled deals.",
        "在 {deals} 次抽样发牌中，有 {p}% 这一轮被对方拿走。",
        "在 {deals} 次抽樣發牌中，有 {p}% 這一輪被對方拿走。"),
    "hint.why.safe_throw": (
        "It is a throw of {units} units and no other hand can beat any of them in their suit, so the throw stands.",
        "这是一次 {units} 个单元的甩牌，别人在这门里管不上其中任何一个单元，甩牌成立。",
        "這是一次 {units} 個單元的甩牌，別人在這門裡管不上其中任何一個單元，甩牌成立。"),
    "hint.why.throw_ruffed": (
        "Standing is not winning: a player with none of that suit left trumps it.",
        "甩牌成立不等于赢下这一轮：这门已经打完的人会用主牌毙掉它。",
        "甩牌成立不等於贏下這一輪：這門已經打完的人會用主牌斃掉它。"),
    "hint.why.throw_ruffed_expected": (
        "Standing is not winning: in {p}% of {deals} sampled deals a player with none of that suit left trumps it.",
        "甩牌成立不等于赢下这一轮：在 {deals} 次抽样发牌中，有 {p}% 会被这门已经打完的人用主牌毙掉。",
        "甩牌成立不等於贏下這一輪：在 {deals} 次抽樣發牌中，有 {p}% 會被這門已經打完的人用主牌斃掉。"),
    "hint.why.draws_trumps": (
        "Leading trumps draws the opponents' trumps, so they cannot ruff later.",
        "先出主牌调主，把对方的主牌逼出来，以后他们就无法毙牌。",
        "先出主牌調主，把對方的主牌逼出來，以後他們就無法斃牌。"),
    "hint.why.sets_up_throw": (
        "After it you hold a safe throw to lead next.",
        "出完这手后，你手里就有一手安全的甩牌可以接着出。",
        "出完這手後，你手裡就有一手安全的甩牌可以接著出。"),
    "hint.why.keeps_tractor": (
        "It keeps your tractor {cards} whole.",
        "这样可以保住你的拖拉机 {cards}。",
        "這樣可以保住你的拖拉機 {cards}。"),
    "hint.why.protects_kitty": (
        "The dealer's team keeps control of the last trick, protecting the kitty's {points} points.",
        "庄家方保住最后一轮的控制权，底牌里的 {points} 分不会被扣底。",
        "莊家方保住最後一輪的控制權，底牌裡的 {points} 分不會被扣底。"),
    "hint.why.kitty_bonus": (
        "The attackers win the last trick and score the kitty's {points} points with the multiplier.",
        "闲家能赢最后一轮，扣底得到底牌 {points} 分的倍数。",
        "閒家能贏最後一輪，扣底得到底牌 {points} 分的倍數。"),
    # Value and outcome
    "hint.value.exact": (
        "With best play by both sides the attackers finish with {value} points.",
        "双方都打最佳时，闲家最终得 {value} 分。",
        "雙方都打最佳時，閒家最終得 {value} 分。"),
    "hint.value.expected": (
        "Expected final total for the attackers: {value} points (over {samples} sampled deals).",
        "闲家预期最终得分：{value} 分（基于 {samples} 次抽样发牌）。",
        "閒家預期最終得分：{value} 分（基於 {samples} 次抽樣發牌）。"),
    "hint.outcome.dealers_up": (
        "The dealer's team goes up {levels} level(s).",
        "庄家方升 {levels} 级。",
        "莊家方升 {levels} 級。"),
    "hint.outcome.swap": (
        "The attackers take over as dealers.",
        "闲家上台坐庄。",
        "閒家上台坐莊。"),
    "hint.outcome.attackers_up": (
        "The attackers take over and go up {levels} level(s).",
        "闲家上台并升 {levels} 级。",
        "閒家上台並升 {levels} 級。"),
    "hint.outcome.p_keep": (
        "Chance the dealer's team keeps the attackers under {threshold}: {p}%.",
        "庄家方把闲家压在 {threshold} 分以下的概率：{p}%。",
        "莊家方把閒家壓在 {threshold} 分以下的機率：{p}%。"),
    # The learner's own play
    "hint.cost.none": (
        "Your play {play} is just as good.",
        "你的出法 {play} 同样好。",
        "你的出法 {play} 同樣好。"),
    "hint.cost.attackers": (
        "Your play {play} would leave the attackers {value} points: {diff} fewer.",
        "你的出法 {play} 会让闲家只得 {value} 分，少了 {diff} 分。",
        "你的出法 {play} 會讓閒家只得 {value} 分，少了 {diff} 分。"),
    "hint.cost.dealers": (
        "Your play {play} would give the attackers {value} points: {diff} more.",
        "你的出法 {play} 会让闲家得到 {value} 分，多了 {diff} 分。",
        "你的出法 {play} 會讓閒家得到 {value} 分，多了 {diff} 分。"),
    # Bots
    "hint.bot.1": ("Search bot (easy)", "搜索机器人（初级）", "搜尋機器人（初級）"),
    "hint.bot.2": ("Search bot (medium)", "搜索机器人（中级）", "搜尋機器人（中級）"),
    "hint.bot.3": ("Search bot (strong)", "搜索机器人（高级）", "搜尋機器人（高級）"),
}


def main() -> None:
    from tools.po import write_catalogs

    write_catalogs("hint", MESSAGES)


if __name__ == "__main__":
    main()
