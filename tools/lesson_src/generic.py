"""Messages shared by every lesson, the judge and the lesson loader."""

from tools.lesson_src.dsl import T

MESSAGES = {
    "lesson.judge.correct": T("Right! {reason}", "对了！{reason}", "對了！{reason}"),
    "lesson.judge.wrong": T("Not quite. {reason}", "还不对。{reason}", "還不對。{reason}"),
    "lesson.judge.read": T("Read on.", "继续。", "繼續。"),
    "lesson.judge.bad_answer": T("That answer cannot be read; pick again.",
                                 "无法识别这个回答，请重新选择。", "無法辨識這個回答，請重新選擇。"),
    "lesson.judge.empty": T("Select at least one card.", "请至少选一张牌。", "請至少選一張牌。"),
    "lesson.judge.pick_count": T("Select exactly {count} cards (you selected {given}).",
                                 "请正好选 {count} 张牌（你选了 {given} 张）。",
                                 "請正好選 {count} 張牌（你選了 {given} 張）。"),
    "lesson.judge.not_offered": T("Select only cards shown in this step.",
                                  "只能从本题给出的牌里选。", "只能從本題給出的牌裡選。"),
    "lesson.judge.trick": T("Play {index} wins the trick ({points} points).",
                            "第 {index} 手牌赢得这一轮（{points} 分）。",
                            "第 {index} 手牌贏得這一輪（{points} 分）。"),
    "lesson.judge.suit_trump": T("{cards}: a trump.", "{cards}：是主牌。", "{cards}：是主牌。"),
    "lesson.judge.suit_plain": T("{cards}: a plain card ({suit}).", "{cards}：是副牌（{suit}）。",
                                 "{cards}：是副牌（{suit}）。"),
    "lesson.judge.forced": T("The engine counts {count} legal follow(s) here, for example {example}.",
                             "引擎算出这里共有 {count} 种合法跟法，例如 {example}。",
                             "引擎算出這裡共有 {count} 種合法跟法，例如 {example}。"),
    "lesson.judge.engine_answer": T("The engine's answer: {answer}.", "引擎的答案：{answer}。",
                                    "引擎的答案：{answer}。"),
    "lesson.judge.follow_legal": T("The engine accepts this follow.", "引擎判定这样跟牌合法。",
                                   "引擎判定這樣跟牌合法。"),
    "lesson.judge.kitty_points": T("Those cards hold {points} points.", "这几张牌共 {points} 分。",
                                   "這幾張牌共 {points} 分。"),
    "lesson.judge.score": T("The attackers end with {total} points: {outcome}.",
                            "闲家最终得 {total} 分：{outcome}。", "閒家最終得 {total} 分：{outcome}。"),
    "lesson.judge.throw_stands": T("The throw stands: nobody can beat any of its units.",
                                   "甩牌成功：没有人能压住其中任何一组。",
                                   "甩牌成功：沒有人能壓住其中任何一組。"),
    "lesson.judge.throw_fails": T("The throw fails; the thrower must play {forced}.",
                                  "甩牌失败，甩牌者必须改出 {forced}。",
                                  "甩牌失敗，甩牌者必須改出 {forced}。"),
    "lesson.judge.safe": T("Safe: no unseen card can beat any unit.",
                           "安全：看不到的牌里没有能压住任何一组的。",
                           "安全：看不到的牌裡沒有能壓住任何一組的。"),
    "lesson.judge.unsafe": T("Not safe: some unseen cards could beat a unit.",
                             "不安全：看不到的牌里有可能压住某一组。",
                             "不安全：看不到的牌裡有可能壓住某一組。"),
    "lesson.outcome.dealers_up": T("the dealers go up {levels}", "庄家升 {levels} 级",
                                   "莊家升 {levels} 級"),
    "lesson.outcome.swap": T("the attackers take over the deal", "闲家上台坐庄",
                             "閒家上台坐莊"),
    "lesson.outcome.attackers_up": T("the attackers take over and go up {levels}",
                                     "闲家上台并升 {levels} 级", "閒家上台並升 {levels} 級"),
    "lesson.opt.play": T("Play {n}: {cards}", "第 {n} 手：{cards}", "第 {n} 手：{cards}"),
    "lesson.opt.yes": T("Yes", "是", "是"),
    "lesson.opt.no": T("No", "否", "否"),
    "lesson.opt.legal": T("Legal", "合法", "合法"),
    "lesson.opt.illegal": T("Illegal", "不合法", "不合法"),
    "lesson.opt.stands": T("The throw stands", "甩牌成功", "甩牌成功"),
    "lesson.opt.fails": T("The throw fails", "甩牌失败", "甩牌失敗"),
    "lesson.opt.seat": T("Player {n}", "{n} 号玩家", "{n} 號玩家"),
    "lesson.opt.points": T("{n} points", "{n} 分", "{n} 分"),
    "lesson.opt.level": T("Playing {level}", "打 {level}", "打 {level}"),
    "lesson.opt.suit.S": T("Spades ♠", "黑桃 ♠", "黑桃 ♠"),
    "lesson.opt.suit.H": T("Hearts ♥", "红桃 ♥", "紅桃 ♥"),
    "lesson.opt.suit.D": T("Diamonds ♦", "方块 ♦", "方塊 ♦"),
    "lesson.opt.suit.C": T("Clubs ♣", "梅花 ♣", "梅花 ♣"),
    "lesson.opt.suit.NT": T("No trump (无主)", "无主", "無主"),
    "lesson.opt.challenge": T("Challenge", "质疑", "質疑"),
    "lesson.opt.pass": T("Let it stand", "放过", "放過"),
    "lesson.opt.up": T("Face up", "明牌（正面朝上）", "明牌（正面朝上）"),
    "lesson.opt.down": T("Face down", "暗牌（背面朝上）", "暗牌（背面朝上）"),
    "lesson.error.field": T("{file}: field {field}: {detail}", "{file}：字段 {field}：{detail}",
                            "{file}：欄位 {field}：{detail}"),
    "lesson.error.check": T("This lesson step's question is malformed.", "这一步的题目数据有误。",
                            "這一步的題目資料有誤。"),
    "lesson.error.unknown": T("No such lesson: {id}", "没有这个课程：{id}", "沒有這個課程：{id}"),
}

MESSAGES.update({
    "cli.lessons.help": T("List the lessons of every course.", "列出各门课程的课。", "列出各門課程的課。"),
    "cli.lessons.game.help": T("Only this course.", "只列出这门课程。", "只列出這門課程。"),
    "cli.lessons.steps": T("({n} steps)", "（{n} 步）", "（{n} 步）"),
    "cli.lessons.course.common": T("Common rules (拖拉机)", "通行规则（拖拉机）", "通行規則（拖拉機）"),
    "cli.lessons.course.henan": T("Henan Shuangsheng (河南双升)", "河南双升", "河南雙升"),
    "cli.lessons.course.wusaner": T("Five-Three-Two Shengji (五三二升级)", "五三二升级", "五三二升級"),
    "cli.lessons.course.yishang": T("Yi Shang Yi Xia (一上一下)", "一上一下", "一上一下"),
    "cli.puzzles.help": T("List the puzzle bank, or generate it.", "列出题库，或生成题库。",
                          "列出題庫，或產生題庫。"),
    "cli.puzzles.generate.help": T("Generate puzzles from random deals, verified by the engine.",
                                   "从随机发牌生成题目，并由引擎验证答案。",
                                   "從隨機發牌產生題目，並由引擎驗證答案。"),
    "cli.puzzles.count.help": T("How many puzzles per game.", "每种玩法生成多少题。", "每種玩法產生多少題。"),
    "cli.puzzles.seed.help": T("Random seed (the same seed gives the same puzzles).",
                               "随机种子（相同种子生成相同的题目）。", "隨機種子（相同種子產生相同的題目）。"),
    "cli.puzzles.out.help": T("Directory for the <game>.jsonl files.", "<game>.jsonl 文件的目录。",
                              "<game>.jsonl 檔案的目錄。"),
    "cli.puzzles.game.help": T("Only this game.", "只处理这种玩法。", "只處理這種玩法。"),
    "cli.puzzles.written": T("{count} puzzles written to {path}", "已写入 {count} 题：{path}",
                             "已寫入 {count} 題：{path}"),
    "cli.puzzles.summary": T("{game}: {count} puzzles", "{game}：{count} 题", "{game}：{count} 題"),
})

MESSAGES.update({
    "puzzle.q.trick": T("Which play wins this trick?", "这一轮哪一手牌最大？", "這一輪哪一手牌最大？"),
    "puzzle.q.score": T("What is the attackers' final total?", "闲家最后总共得多少分？",
                        "閒家最後總共得多少分？"),
    "puzzle.q.follow": T("Is this follow legal?", "这样跟牌合法吗？", "這樣跟牌合法嗎？"),
    "puzzle.q.forced": T("Is this follower's play forced (only one legal follow)?",
                         "这位玩家的跟牌是否只有唯一一种合法出法？", "這位玩家的跟牌是否只有唯一一種合法出法？"),
    "puzzle.q.throw": T("The first player throws these cards. Does the throw stand against the "
                        "other hands?", "第一家甩出这些牌。对照其他三家的手牌，甩牌能成功吗？",
                        "第一家甩出這些牌。對照其他三家的手牌，甩牌能成功嗎？"),
    "puzzle.q.safe-throw": T("From what this player has seen, is the throw safe?",
                             "根据这位玩家已经看到的牌，这手甩牌安全吗？",
                             "根據這位玩家已經看到的牌，這手甩牌安全嗎？"),
    "puzzle.q.yishang-challenge": T(
        "The target is {target}; a face-down card is declared {declared}. Challenge or let it stand?",
        "目标是 {target}，对手扣下一张暗牌报 {declared}。质疑还是放过？",
        "目標是 {target}，對手扣下一張暗牌報 {declared}。質疑還是放過？"),
    "puzzle.x.trick": T("Play {index} ({cards}) wins; the trick holds {points} points.",
                        "第 {index} 手（{cards}）最大，这一轮共 {points} 分。",
                        "第 {index} 手（{cards}）最大，這一輪共 {points} 分。"),
    "puzzle.x.score": T("Kitty bonus {kitty_points} × {multiplier} = {bonus}; total {total}: {outcome}.",
                        "底分 {kitty_points} × {multiplier} = {bonus}；总分 {total}：{outcome}。",
                        "底分 {kitty_points} × {multiplier} = {bonus}；總分 {total}：{outcome}。"),
    "puzzle.x.follow": T("Engine verdict: {reason}", "引擎判定：{reason}", "引擎判定：{reason}"),
    "puzzle.x.forced": T("There are {count} legal follows, e.g. {example}. Cards in every legal follow: "
                         "{always}.", "合法跟法共 {count} 种，例如 {example}。每种跟法都必须出的牌：{always}。",
                         "合法跟法共 {count} 種，例如 {example}。每種跟法都必須出的牌：{always}。"),
    "puzzle.x.throw": T("Beaten units: {beaten}. A failed throw plays only {forced}.",
                        "被压住的组：{beaten}。甩牌失败时只能出 {forced}。",
                        "被壓住的組：{beaten}。甩牌失敗時只能出 {forced}。"),
    "puzzle.x.safe-throw": T("Units that unseen cards could beat: {threats}.",
                             "看不到的牌可能压住的组：{threats}。", "看不到的牌可能壓住的組：{threats}。"),
    "puzzle.x.yishang-challenge": T(
        "Counting: {count}if the face-down card could be any card you cannot see, each as likely, a "
        "challenge succeeds {p_uniform} of the time. The engine's model of play (players tell the "
        "truth when they can, usually with their lowest card, and bluff near the target) says "
        "{p_model}. {even} {verdict}",
        "数牌：{count}如果暗牌可能是你看不到的任何一张（每张机会相同），质疑成功率为 {p_uniform}。"
        "引擎的出牌模型（能说真话时多半说真话、通常报最小的能报的牌，虚报多在目标附近）估计为 {p_model}。{even}{verdict}",
        "數牌：{count}如果暗牌可能是你看不到的任何一張（每張機會相同），質疑成功率為 {p_uniform}。"
        "引擎的出牌模型（能說真話時多半說真話、通常報最小的能報的牌，虛報多在目標附近）估計為 {p_model}。{even}{verdict}"),
    "puzzle.x.yishang.count": T(
        "you cannot see {unseen} cards and {copies} of them are {declared}s; ",
        "你看不到的牌有 {unseen} 张，其中 {copies} 张是 {declared}；",
        "你看不到的牌有 {unseen} 張，其中 {copies} 張是 {declared}；"),
    "puzzle.x.yishang.even": T(
        "Challenging pays off above {p_even}: if the claim was true you take the pile, if it was "
        "false the claimer does.",
        "成功率高于 {p_even} 时质疑才划算：报的若是真话，牌堆由你收走；若是虚报，由出牌者收走。",
        "成功率高於 {p_even} 時質疑才划算：報的若是真話，牌堆由你收走；若是虛報，由出牌者收走。"),
    "puzzle.x.yishang.last_card": T(
        "It is the claimer's last card: letting it stand loses the game, so any chance is worth "
        "a challenge.",
        "这是对手的最后一张牌：放过就输了，所以只要有一点机会都值得质疑。",
        "這是對手的最後一張牌：放過就輸了，所以只要有一點機會都值得質疑。"),
    "puzzle.x.yishang.both_above": T(
        "Both numbers are above it, so challenge.", "两个数都高于它，所以应当质疑。", "兩個數都高於它，所以應當質疑。"),
    "puzzle.x.yishang.both_below": T(
        "Both numbers are below it, so let it stand.", "两个数都低于它，所以应当放过。", "兩個數都低於它，所以應當放過。"),
    "puzzle.x.yishang.model_only": T(
        "The two numbers point different ways; the advice ({advice}) follows the model.",
        "两个数指向不同的结论；建议（{advice}）按出牌模型给出。", "兩個數指向不同的結論；建議（{advice}）按出牌模型給出。"),
    "puzzle.verdict.right": T("Right! {explanation}", "答对了！{explanation}", "答對了！{explanation}"),
    "puzzle.verdict.wrong": T("Not this time. {explanation}", "答错了。{explanation}", "答錯了。{explanation}"),
    "puzzle.verdict.error": T("The engine could not answer this puzzle: {reason}",
                              "引擎无法回答这道题：{reason}", "引擎無法回答這道題：{reason}"),
    "puzzle.none": T("No puzzles for this game yet.", "这种玩法还没有题目。", "這種玩法還沒有題目。"),
})

MESSAGES.update({
    "lesson.opt.tractor": T("A tractor", "拖拉机（连对）", "拖拉機（連對）"),
    "lesson.opt.not_tractor": T("Separate pairs, not a tractor", "分开的对子，不是拖拉机",
                                "分開的對子，不是拖拉機"),
    "lesson.opt.pair": T("A pair", "一个对子", "一個對子"),
    "lesson.opt.two_singles": T("Two singles, not a pair", "两张单牌，不是对子", "兩張單牌，不是對子"),
    "lesson.opt.valid": T("Valid", "可以", "可以"),
    "lesson.opt.invalid": T("Not valid", "不可以", "不可以"),
    "lesson.opt.lead_ok": T("A legal lead", "可以这样出", "可以這樣出"),
    "lesson.opt.lead_bad": T("Not a legal lead", "不能这样出", "不能這樣出"),
    "lesson.opt.units": T("{n} units", "{n} 组", "{n} 組"),
    "lesson.opt.dealers_up": T("The dealers go up {n}", "庄家升 {n} 级", "莊家升 {n} 級"),
    "lesson.opt.swap": T("The attackers take over, no level change", "闲家上台，不升级",
                         "閒家上台，不升級"),
    "lesson.opt.attackers_up": T("The attackers take over and go up {n}", "闲家上台并升 {n} 级",
                                 "閒家上台並升 {n} 級"),
    "lesson.opt.stage_up": T("The stage team goes up {n}", "台上一方升 {n} 级", "台上一方升 {n} 級"),
    "lesson.opt.stage_swap": T("The teams swap, no level change", "换对方上台，不升级", "換對方上台，不升級"),
    "lesson.opt.stage_swap_up": T("The teams swap and the new stage team goes up {n}",
                                  "换对方上台，并升 {n} 级", "換對方上台，並升 {n} 級"),
    "lesson.opt.total": T("{n} points in all", "总共 {n} 分", "總共 {n} 分"),
    "lesson.opt.card": T("{card}", "{card}", "{card}"),
    "lesson.opt.forced_unit": T("Only {cards}", "只能出 {cards}", "只能出 {cards}"),
    "lesson.opt.won": T("They have already won the match", "他们已经赢得整场比赛", "他們已經贏得整場比賽"),
    "lesson.opt.player_takes": T("The player who played it takes the pile", "出暗牌的人收走牌堆",
                                 "出暗牌的人收走牌堆"),
    "lesson.opt.challenger_takes": T("The challenger takes the pile", "质疑的人收走牌堆", "質疑的人收走牌堆"),
    "lesson.opt.target": T("The target becomes {rank}", "目标变成 {rank}", "目標變成 {rank}"),
    "lesson.opt.draw": T("They must draw a card", "要摸一张牌", "要摸一張牌"),
    "lesson.opt.no_draw": T("No draw", "不用摸牌", "不用摸牌"),
    "lesson.opt.nobody": T("Nobody: it is too late", "谁都不行：已经太晚了", "誰都不行：已經太晚了"),
    "lesson.opt.wins": T("Yes, the game is won", "赢了", "贏了"),
    "lesson.opt.not_win": T("Not yet won", "还没有赢", "還沒有贏"),
})

# Why a quiz answer is right or wrong (issue 15): the reason before the answer.
MESSAGES.update({
    "puzzle.why.see": T("Rule: {rule}.", "规则：{rule}。", "規則：{rule}。"),
    "puzzle.why.trick.lead": T(
        "Play {index} ({cards}) wins: it was led and no later play beats it. The trick holds {points} points.",
        "第 {index} 手（{cards}）最大：它是首家出的牌，后面没有一手能压过它。这一轮共 {points} 分。",
        "第 {index} 手（{cards}）最大：它是首家出的牌，後面沒有一手能壓過它。這一輪共 {points} 分。"),
    "puzzle.why.trick.ruff": T(
        "Play {index} ({cards}) wins: it trumps a lead in a plain suit, and no later play beats it. "
        "The trick holds {points} points.",
        "第 {index} 手（{cards}）最大：首家出的是副牌，它用主牌毙了，后面没有一手能压过它。这一轮共 {points} 分。",
        "第 {index} 手（{cards}）最大：首家出的是副牌，它用主牌斃了，後面沒有一手能壓過它。這一輪共 {points} 分。"),
    "puzzle.why.trick.higher": T(
        "Play {index} ({cards}) wins: it is higher than the plays before it in the lead's suit and shape, "
        "and no later play beats it. The trick holds {points} points.",
        "第 {index} 手（{cards}）最大：它和首家同花色、同牌型，又比前面几手大，后面没有一手能压过它。这一轮共 {points} 分。",
        "第 {index} 手（{cards}）最大：它和首家同花色、同牌型，又比前面幾手大，後面沒有一手能壓過它。這一輪共 {points} 分。"),
    "puzzle.why.score.no_kitty": T(
        "The attackers did not win the last trick, so the kitty does not count (its {kitty_points} "
        "points stay with the dealers): the total is what they won in tricks, {total}.",
        "闲家没有赢得最后一轮，所以底牌不算（底牌里的 {kitty_points} 分归庄家）：总分就是闲家在各轮赢得的 {total} 分。",
        "閒家沒有贏得最後一輪，所以底牌不算（底牌裡的 {kitty_points} 分歸莊家）：總分就是閒家在各輪贏得的 {total} 分。"),
    "puzzle.why.score.kitty": T(
        "The attackers won the last trick (led with {last_lead}), so the kitty counts: its {kitty_points} "
        "points × {multiplier} = {bonus}, and {points} + {bonus} = {total}.",
        "闲家赢得了最后一轮（首家出 {last_lead}），所以底牌算分：底牌 {kitty_points} 分 × {multiplier} = {bonus}，"
        "{points} + {bonus} = {total}。",
        "閒家贏得了最後一輪（首家出 {last_lead}），所以底牌算分：底牌 {kitty_points} 分 × {multiplier} = {bonus}，"
        "{points} + {bonus} = {total}。"),
    "puzzle.why.score.outcome": T("So {outcome}.", "所以{outcome}。", "所以{outcome}。"),
    "puzzle.why.follow.legal": T(
        "Legal: {play} meets every duty of following (suit first, then pairs, then tractors).",
        "合法：{play} 满足跟牌的所有要求（先跟花色，再跟对子，再跟拖拉机）。",
        "合法：{play} 滿足跟牌的所有要求（先跟花色，再跟對子，再跟拖拉機）。"),
    "puzzle.why.follow.illegal": T("Not legal: {reason}", "不合法：{reason}", "不合法：{reason}"),
    "puzzle.why.forced.yes": T(
        "Forced: the only legal follow is {example}.",
        "只有一种出法：唯一合法的跟牌是 {example}。", "只有一種出法：唯一合法的跟牌是 {example}。"),
    "puzzle.why.forced.no": T(
        "Not forced: {count} different follows are legal, for example {example}.",
        "不唯一：共有 {count} 种不同的合法跟法，例如 {example}。",
        "不唯一：共有 {count} 種不同的合法跟法，例如 {example}。"),
    "puzzle.why.throw.stands": T(
        "The throw stands: no other hand can beat any of its units, so all of {throw} is played.",
        "甩牌成功：其他人都压不住其中任何一组，所以 {throw} 全部出了。",
        "甩牌成功：其他人都壓不住其中任何一組，所以 {throw} 全部出了。"),
    "puzzle.why.throw.fails": T(
        "The throw fails: another hand beats {beaten}, so the thrower plays only {forced} "
        "(the smallest unit that was beaten).",
        "甩牌失败：别人能压住 {beaten}，所以甩牌者只能出 {forced}（被压住的组里最小的一组）。",
        "甩牌失敗：別人能壓住 {beaten}，所以甩牌者只能出 {forced}（被壓住的組裡最小的一組）。"),
    "puzzle.why.safe.yes": T(
        "Safe: none of the cards this player has not seen can beat a unit of {throw}.",
        "安全：这位玩家没看到的牌里，没有能压住 {throw} 中任何一组的。",
        "安全：這位玩家沒看到的牌裡，沒有能壓住 {throw} 中任何一組的。"),
    "puzzle.why.safe.no": T(
        "Not safe: cards this player has not seen could beat {threats}.",
        "不安全：这位玩家没看到的牌可能压住 {threats}。",
        "不安全：這位玩家沒看到的牌可能壓住 {threats}。"),
    "puzzle.wrong.trick": T(
        "Play {n} ({cards}) does not take this trick: another play beats it. Only a higher play of the "
        "led suit in the same shape, or a trump play of that shape, beats a play.",
        "第 {n} 手（{cards}）不是最大的：另一手压过了它。只有同花色、同牌型的更大的牌，或同牌型的主牌，才能压过。",
        "第 {n} 手（{cards}）不是最大的：另一手壓過了它。只有同花色、同牌型的更大的牌，或同牌型的主牌，才能壓過。"),
    "puzzle.wrong.trick.any": T(
        "Compare each play with the lead: only the led suit or trumps, in the lead's shape, can beat it.",
        "把每一手和首家比：只有同花色或主牌、且牌型相同的牌才能压过。",
        "把每一手和首家比：只有同花色或主牌、且牌型相同的牌才能壓過。"),
    "puzzle.wrong.score.no_kitty": T(
        "That leaves the kitty out: the attackers won the last trick, so the kitty's points count, multiplied.",
        "漏了底牌：闲家赢得了最后一轮，底牌的分要乘倍数加进去。",
        "漏了底牌：閒家贏得了最後一輪，底牌的分要乘倍數加進去。"),
    "puzzle.wrong.score.kitty_added": T(
        "The kitty counts only when the attackers win the last trick; did they?",
        "只有闲家赢得最后一轮时底牌才算分；他们赢了吗？",
        "只有閒家贏得最後一輪時底牌才算分；他們贏了嗎？"),
    "puzzle.wrong.score.any": T(
        "Add the attackers' points from tricks and, only if they won the last trick, the kitty's points "
        "times its multiplier.",
        "把闲家在各轮赢得的分加起来；只有闲家赢得最后一轮时，才再加上底牌分乘以倍数。",
        "把閒家在各輪贏得的分加起來；只有閒家贏得最後一輪時，才再加上底牌分乘以倍數。"),
    "puzzle.wrong.follow.legal": T(
        "This follow breaks a duty of following: check the led suit first, then pairs, then tractors.",
        "这样跟牌违反了跟牌的要求：先看花色，再看对子，再看拖拉机。",
        "這樣跟牌違反了跟牌的要求：先看花色，再看對子，再看拖拉機。"),
    "puzzle.wrong.follow.illegal": T(
        "Nothing is broken here: this follow meets each duty of following that the hand can meet.",
        "这里没有违反规则：这手牌能做到的跟牌要求，这样跟都做到了。",
        "這裡沒有違反規則：這手牌能做到的跟牌要求，這樣跟都做到了。"),
    "puzzle.wrong.forced.yes": T(
        "More than one play meets the duties of following here: look for a second legal follow.",
        "这里不止一种出法符合跟牌要求：再找一种合法的跟法。",
        "這裡不止一種出法符合跟牌要求：再找一種合法的跟法。"),
    "puzzle.wrong.forced.no": T(
        "Only one play meets the duties of following here: copies of the same card count as one.",
        "这里只有一种出法符合跟牌要求：两张一样的牌算同一种。",
        "這裡只有一種出法符合跟牌要求：兩張一樣的牌算同一種。"),
    "puzzle.wrong.throw.stands": T(
        "Another hand can beat one of its units: compare each unit with the other hands' cards of that suit.",
        "有人能压住其中一组：把每一组和其他人同花色的牌比一比。",
        "有人能壓住其中一組：把每一組和其他人同花色的牌比一比。"),
    "puzzle.wrong.throw.fails": T(
        "No other hand can beat any of its units: check each unit against the other hands.",
        "其他人都压不住其中任何一组：把每一组和其他人的牌比一比。",
        "其他人都壓不住其中任何一組：把每一組和其他人的牌比一比。"),
    "puzzle.wrong.safe.yes": T(
        "Some cards this player has not seen could beat a unit: count what is still out in that suit.",
        "这位玩家没看到的牌里有能压住某一组的：数一数这门花色还有哪些牌没出现。",
        "這位玩家沒看到的牌裡有能壓住某一組的：數一數這門花色還有哪些牌沒出現。"),
    "puzzle.wrong.safe.no": T(
        "Every card that could beat a unit has been seen: nothing unseen is higher.",
        "能压住任何一组的牌都已经看到了：没看到的牌里没有更大的。",
        "能壓住任何一組的牌都已經看到了：沒看到的牌裡沒有更大的。"),
    "puzzle.wrong.yishang": T(
        "Compare the chance that the claim is false with the break-even chance, counting the cards you can see.",
        "数一数你能看到的牌，比较报牌是虚报的机会和划算的分界线。",
        "數一數你能看到的牌，比較報牌是虛報的機會和划算的分界線。"),
    "puzzle.wrong.any": T("Look again at the cards.", "再看看这些牌。", "再看看這些牌。"),
    "puzzle.verdict.answer": T("The answer: {answer}. {explanation}", "答案：{answer}。{explanation}",
                               "答案：{answer}。{explanation}"),
})

# Five-Three-Two (五三二) speaks of the stage team (台上) and the off-stage team (台下):
# the game's own wording of a message is "<msgid>.wusaner" (lessons.reference.game_msgid).
MESSAGES.update({
    "puzzle.q.score.wusaner": T("What is the off-stage team's final total?", "台下最后总共得多少分？",
                                "台下最後總共得多少分？"),
    "puzzle.why.score.no_kitty.wusaner": T(
        "The off-stage team did not win the last trick, so the kitty does not count (its {kitty_points} "
        "points stay on stage): the total is what they won in tricks, {total}.",
        "台下没有赢得最后一轮，所以底牌不算（底牌里的 {kitty_points} 分归台上）：总分就是台下在各轮赢得的 {total} 分。",
        "台下沒有贏得最後一輪，所以底牌不算（底牌裡的 {kitty_points} 分歸台上）：總分就是台下在各輪贏得的 {total} 分。"),
    "puzzle.why.score.kitty.wusaner": T(
        "The off-stage team won the last trick (led with {last_lead}), so the kitty counts: its "
        "{kitty_points} points × {multiplier} = {bonus}, and {points} + {bonus} = {total}.",
        "台下赢得了最后一轮（首家出 {last_lead}），所以底牌算分：底牌 {kitty_points} 分 × {multiplier} = {bonus}，"
        "{points} + {bonus} = {total}。",
        "台下贏得了最後一輪（首家出 {last_lead}），所以底牌算分：底牌 {kitty_points} 分 × {multiplier} = {bonus}，"
        "{points} + {bonus} = {total}。"),
    "puzzle.wrong.score.no_kitty.wusaner": T(
        "That leaves the kitty out: the off-stage team won the last trick, so the kitty's points count, multiplied.",
        "漏了底牌：台下赢得了最后一轮，底牌的分要乘倍数加进去。",
        "漏了底牌：台下贏得了最後一輪，底牌的分要乘倍數加進去。"),
    "puzzle.wrong.score.kitty_added.wusaner": T(
        "The kitty counts only when the off-stage team wins the last trick; did they?",
        "只有台下赢得最后一轮时底牌才算分；他们赢了吗？",
        "只有台下贏得最後一輪時底牌才算分；他們贏了嗎？"),
    "puzzle.wrong.score.any.wusaner": T(
        "Add the off-stage team's points from tricks and, only if they won the last trick, the kitty's "
        "points times its multiplier.",
        "把台下在各轮赢得的分加起来；只有台下赢得最后一轮时，才再加上底牌分乘以倍数。",
        "把台下在各輪贏得的分加起來；只有台下贏得最後一輪時，才再加上底牌分乘以倍數。"),
    "lesson.outcome.dealers_up.wusaner": T("the stage team goes up {levels}", "台上升 {levels} 级",
                                           "台上升 {levels} 級"),
    "lesson.outcome.swap.wusaner": T("the teams swap", "换对方上台", "換對方上台"),
    "lesson.outcome.attackers_up.wusaner": T("the teams swap and the new stage team goes up {levels}",
                                             "换对方上台并升 {levels} 级", "換對方上台並升 {levels} 級"),
})

MESSAGES.update({
    "puzzle.example": T("Worked example from the lessons: {text} Answer: {answer}.",
                        "课程里的例子：{text}答案：{answer}。", "課程裡的例子：{text}答案：{answer}。"),
})

MESSAGES.update({
    "puzzle.verdict.answer_is": T("The answer: {explanation}", "答案：{explanation}", "答案：{explanation}"),
})
