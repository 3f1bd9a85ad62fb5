"""Catalog domain ``review``: the hand review (复盘), its command, its screen,
personal puzzles and play puzzles (issue 17).  Run
``python -m tools.review_messages`` to (re)write
content/locale/*/LC_MESSAGES/review.po."""

from __future__ import annotations

from tools.po import write_catalogs

MESSAGES: dict[str, tuple[str, str, str]] = {
    # -- the command -------------------------------------------------------------
    "review.cli.help": (
        "Rate every play of one seat in saved hands: the best play, what each play cost, and marks.",
        "为保存的牌局复盘：逐手给出某个座位的最佳出牌、每手的代价和评语。",
        "為保存的牌局復盤：逐手給出某個座位的最佳出牌、每手的代價和評語。"),
    "review.cli.hand.help": ("Review only hand K (1 = the first).", "只复盘第 K 局（1 为第一局）。",
                             "只復盤第 K 局（1 為第一局）。"),
    "review.cli.seat.help": ("The seat to review, 0 to 3 (default 0).", "要复盘的座位，0 到 3（默认 0）。",
                             "要復盤的座位，0 到 3（預設 0）。"),
    "review.cli.workers.help": ("How many processes rate plays at once (default: the cores, at most 4).",
                                "同时评估的进程数（默认：处理器核心数，最多 4）。",
                                "同時評估的行程數（預設：處理器核心數，最多 4）。"),
    "review.error.seat": ("There is no seat {seat}: seats are 0 to 3.", "没有座位 {seat}：座位为 0 到 3。",
                          "沒有座位 {seat}：座位為 0 到 3。"),
    "review.error.workers": ("--workers must be at least 1 (not {workers}).",
                             "--workers 至少为 1（不是 {workers}）。", "--workers 至少為 1（不是 {workers}）。"),
    "review.start": ("Reviewing hand {number}, seat {seat}…", "正在复盘第 {number} 局，座位 {seat}……",
                     "正在復盤第 {number} 局，座位 {seat}……"),
    "review.hand": ("Hand {number}, seat {seat} ({side}): accuracy {accuracy}%",
                    "第 {number} 局，座位 {seat}（{side}）：准确率 {accuracy}%",
                    "第 {number} 局，座位 {seat}（{side}）：準確率 {accuracy}%"),
    "review.side.attackers": ("attackers", "闲家", "閒家"),
    "review.side.dealers": ("dealers", "庄家", "莊家"),
    "review.summary": ("Inaccuracies: {inaccuracy}. Mistakes: {mistake}. Blunders: {blunder}.",
                       "欠佳：{inaccuracy}。失误：{mistake}。大错：{blunder}。",
                       "欠佳：{inaccuracy}。失誤：{mistake}。大錯：{blunder}。"),
    "review.mark.none": ("good", "好棋", "好棋"),
    "review.mark.inaccuracy": ("inaccuracy", "欠佳", "欠佳"),
    "review.mark.mistake": ("mistake", "失误", "失誤"),
    "review.mark.blunder": ("blunder", "大错", "大錯"),
    "review.exact": ("exact", "精确计算", "精確計算"),
    "review.sampled": ("average of {samples} sampled deals", "{samples} 种暗牌分布的平均",
                       "{samples} 種暗牌分布的平均"),
    "review.play.forced": ("Trick {trick}: {played}: the only legal play.",
                           "第 {trick} 墩：{played}：唯一合法的出法。", "第 {trick} 墩：{played}：唯一合法的出法。"),
    "review.play.best": ("Trick {trick}: {played}: best (attackers' total {value}, {how}).",
                         "第 {trick} 墩：{played}：最佳（闲家总分 {value}，{how}）。",
                         "第 {trick} 墩：{played}：最佳（閒家總分 {value}，{how}）。"),
    "review.play.close": (
        "Trick {trick}: {played}: close to the best ({best}), {cost} points less "
        "(attackers' total {value_best} instead of {value_played}, {how}).",
        "第 {trick} 墩：{played}：接近最佳（{best}），少 {cost} 分"
        "（闲家总分 {value_best}，而不是 {value_played}；{how}）。",
        "第 {trick} 墩：{played}：接近最佳（{best}），少 {cost} 分"
        "（閒家總分 {value_best}，而不是 {value_played}；{how}）。"),
    "review.play.cost": (
        "Trick {trick}: {played}: {mark}, gives away {cost} points. Better: {best} "
        "(attackers' total {value_best} instead of {value_played}, {how}).",
        "第 {trick} 墩：{played}：{mark}，让掉 {cost} 分。更好的出法：{best}"
        "（闲家总分 {value_best}，而不是 {value_played}；{how}）。",
        "第 {trick} 墩：{played}：{mark}，讓掉 {cost} 分。更好的出法：{best}"
        "（閒家總分 {value_best}，而不是 {value_played}；{how}）。"),
    "review.open": ("  With every card open: best {best}, attackers' total {value_best} "
                    "(your play: {value_played}).",
                    "  明牌来看：最佳 {best}，闲家总分 {value_best}（你的出法：{value_played}）。",
                    "  明牌來看：最佳 {best}，閒家總分 {value_best}（你的出法：{value_played}）。"),
    "review.burial.same": ("Kitty buried: {cards}, as the suit-emptying burial would.",
                           "扣底：{cards}，与扣空门的扣法相同。", "扣底：{cards}，與扣空門的扣法相同。"),
    "review.burial.differs": (
        "Kitty buried: {cards}. The suit-emptying burial would bury {policy} "
        "(a suit with no cards left can be trumped later); a single burial is not rated in points.",
        "扣底：{cards}。扣空门的扣法会扣 {policy}（扣空一门，之后可以毙牌）；单次扣底不按分数评分。",
        "扣底：{cards}。扣空門的扣法會扣 {policy}（扣空一門，之後可以斃牌）；單次扣底不按分數評分。"),
    # -- the screen ------------------------------------------------------------------
    "review.tui.title": ("Hand review", "复盘", "復盤"),
    "review.tui.progress": ("Rating play {done} of {total}…", "正在评估第 {done} 手，共 {total} 手……",
                            "正在評估第 {done} 手，共 {total} 手……"),
    "review.tui.done": ("Review done.", "复盘完成。", "復盤完成。"),
    "review.tui.saved": ("Mistakes saved as puzzles for your review queue: {count}.",
                         "已把失误存为复习题：{count} 道。", "已把失誤存為複習題：{count} 道。"),
    "review.tui.error": ("This hand cannot be reviewed: {reason}", "这一局无法复盘：{reason}",
                         "這一局無法復盤：{reason}"),
    "review.tui.no_hand": ("No finished hand to review yet.", "还没有打完的牌局可以复盘。",
                           "還沒有打完的牌局可以復盤。"),
    "cli.puzzles.kind.help": ("Which puzzles to generate: all (default), the legality bank, or play puzzles.",
                              "生成哪些题目：全部（默认）、规则题库，或出牌题。",
                              "生成哪些題目：全部（預設）、規則題庫，或出牌題。"),
    "review.tui.play_over": ("Hand over. n: next hand · r: replay · v: review",
                             "本局结束。n：下一局 · r：回放 · v：复盘", "本局結束。n：下一局 · r：回放 · v：復盤"),
    # -- play puzzles --------------------------------------------------------------------
    "puzzle.q.play_attackers": ("All cards are open. Find the best play for seat {seat} (attackers).",
                                "明牌。为座位 {seat}（闲家）找出最佳出法。", "明牌。為座位 {seat}（閒家）找出最佳出法。"),
    "puzzle.q.play_dealers": ("All cards are open. Find the best play for seat {seat} (dealers).",
                              "明牌。为座位 {seat}（庄家）找出最佳出法。", "明牌。為座位 {seat}（莊家）找出最佳出法。"),
    "puzzle.play.not_legal_here": ("it does not follow the lead as the rules require, or it is not a lead you may make.",
                                   "它不符合跟牌规则，或不是可以出的首发牌。", "它不符合跟牌規則，或不是可以出的首發牌。"),
    "puzzle.q.mistake": ("Find a better play than {played} (from your hand, trick {trick}).",
                         "找一个比 {played} 更好的出法（你的牌局，第 {trick} 墩）。",
                         "找一個比 {played} 更好的出法（你的牌局，第 {trick} 墩）。"),
    "puzzle.x.play": ("Best: {best}: attackers' total {value_best} with best play by everyone. {why}",
                      "最佳：{best}：各方都走最佳时闲家总分 {value_best}。{why}",
                      "最佳：{best}：各方都走最佳時閒家總分 {value_best}。{why}"),
    "puzzle.x.play_wrong": ("{play} leads to an attackers' total of {value}: it gives away {cost} points.",
                            "{play} 会让闲家总分变成 {value}：让掉 {cost} 分。",
                            "{play} 會讓閒家總分變成 {value}：讓掉 {cost} 分。"),
    "puzzle.x.tempting": ("The tempting {play} gives away {cost} points (attackers' total {value}).",
                          "看似不错的 {play} 会让掉 {cost} 分（闲家总分 {value}）。",
                          "看似不錯的 {play} 會讓掉 {cost} 分（閒家總分 {value}）。"),
    "puzzle.x.mistake": ("Within {margin} points of the best ({best}, attackers' total about {value_best}); "
                         "your play in the hand gave away about {cost}.",
                         "与最佳（{best}，闲家总分约 {value_best}）相差不超过 {margin} 分；"
                         "你在牌局中的出法约让掉 {cost} 分。",
                         "與最佳（{best}，閒家總分約 {value_best}）相差不超過 {margin} 分；"
                         "你在牌局中的出法約讓掉 {cost} 分。"),
    "puzzle.play.context": ("Level {level}, trumps: {trump}.", "打 {level}，主：{trump}。", "打 {level}，主：{trump}。"),
    "puzzle.play.seat": ("Seat {seat} ({side}): {cards}", "座位 {seat}（{side}）：{cards}",
                         "座位 {seat}（{side}）：{cards}"),
    "puzzle.play.seat_hidden": ("Seat {seat} ({side}): hidden cards: {count}", "座位 {seat}（{side}）：暗牌 {count} 张",
                                "座位 {seat}（{side}）：暗牌 {count} 張"),
    "puzzle.play.one": ("seat {seat} {cards}", "座位 {seat} {cards}", "座位 {seat} {cards}"),
    "puzzle.play.trick": ("This trick so far: {plays}", "本墩已出：{plays}", "本墩已出：{plays}"),
    "puzzle.play.leads": ("Seat {seat} leads this trick.", "本墩由座位 {seat} 首出。", "本墩由座位 {seat} 首出。"),
    "puzzle.play.points": ("The attackers have {points} points.", "闲家已得 {points} 分。", "閒家已得 {points} 分。"),
    "puzzle.play.kitty": ("The kitty holds {kitty} points.", "底牌有 {kitty} 分。", "底牌有 {kitty} 分。"),
    "puzzle.play.kitty_hidden": ("The kitty is hidden.", "底牌未知。", "底牌未知。"),
    "puzzle.play.enter": ("Type the cards to play, e.g. 10H 10H", "输入要出的牌，例如 10H 10H",
                          "輸入要出的牌，例如 10H 10H"),
    "puzzle.play.illegal": ("{play} is not a legal play here: {reason}", "{play} 在这里不合法：{reason}",
                            "{play} 在這裡不合法：{reason}"),
    "puzzle.play.bad_cards": ("Not cards: {reason}", "无法识别的牌：{reason}", "無法識別的牌：{reason}"),
    "puzzle.hint.play": ("Count what each play wins or gives away in this trick and at the last trick (the kitty).",
                         "算一算每种出法在这一墩和最后一墩（底牌）能得到或送出多少分。",
                         "算一算每種出法在這一墩和最後一墩（底牌）能得到或送出多少分。"),
}


def main() -> None:
    write_catalogs("review", MESSAGES)


if __name__ == "__main__":
    main()
