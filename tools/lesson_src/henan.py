"""Course "henan": 河南双升 (seed 001)."""

from tools.lesson_src.dsl import T, choice, lesson, play_options, select, text, trick

CTX = {"rules": "henan", "level": "K", "trump": "S"}

LESSONS = [
    lesson("henan.trumps", "henan",
           T("Henan Shuangsheng (河南双升): trumps and their order", "河南双升：主牌与大小顺序", "河南雙升：主牌與大小順序"),
           T("Permanent trumps, level cards, the trump suit, and how they rank.",
             "常主、级牌、主花色，以及它们的大小。", "常主、級牌、主花色，以及它們的大小。"),
           ["common.basics"], [
        text("deck", T(
            "Henan Shuangsheng (河南双升) is played by four players in two facing partnerships, with two packs and "
            "four jokers: 108 cards. The point cards are the 5s (5 each), 10s and Ks (10 each), in "
            "every suit, trumps included.",
            "河南双升四人对坐结成两队，用两副牌加四张王，共 108 张。分牌是各花色（包括主牌）的 5（5 分）、"
            "10 和 K（各 10 分）。",
            "河南雙升四人對坐結成兩隊，用兩副牌加四張王，共 108 張。分牌是各花色（包括主牌）的 5（5 分）、"
            "10 和 K（各 10 分）。"),
            cards="5S 10H KD", rule="R-DECK", seed="001:deck"),
        text("points", T(
            "Points decide everything in Henan Shuangsheng: the attackers (捡分方) collect the 5s, 10s and Ks "
            "they win, 200 in the pack, and their total decides who goes up.",
            "河南双升靠分数定胜负：捡分方收集赢到的 5、10、K，整副牌共 200 分，总分决定谁升级。",
            "河南雙升靠分數定勝負：撿分方收集贏到的 5、10、K，整副牌共 200 分，總分決定誰升級。"),
            cards="5H 5S 10D KC", rule="R-POINTS", seed="001:points"),
        text("preset", T(
            "This course plays the common rules with Henan Shuangsheng's own options: its "
            "declaring and overturning, riots, half-stake throw penalties, the unit-based kitty "
            "multiplier, and a tractor led must be answered with your longest tractor even when it "
            "is shorter.",
            "本课程按河南双升的规则：在通行规则上换成河南双升自己的选项：报主与反主、暴动、甩牌失败赔一半底注、按牌型计算的扣底倍数，"
            "以及首家出连对时，即使你的连对较短，也要跟出最长的那组。",
            "本課程按河南雙升的規則：在通行規則上換成河南雙升自己的選項：報主與反主、暴動、甩牌失敗賠一半底注、按牌型計算的扣底倍數，"
            "以及首家出連對時，即使你的連對較短，也要跟出最長的那組。"),
            rule="R-OPT"),
        text("classes", T(
            "Trumps come in three kinds. Permanent trumps (常主): the two jokers. Level cards (级牌): "
            "the rank the dealer is playing; everyone starts at 2, and a dealer at K makes every K "
            "a trump. The trump suit (主花色): every card of the suit chosen before play. Here the "
            "dealer plays K and spades are trump.",
            "主牌分三类。常主：大小王。级牌：庄家当前打的级数；大家都从 2 打起，庄家打到 K 时，所有的 K 都是主。"
            "主花色：出牌前定下的那门花色的全部牌。本例打 K，黑桃为主。",
            "主牌分三類。常主：大小王。級牌：莊家當前打的級數；大家都從 2 打起，莊家打到 K 時，所有的 K 都是主。"
            "主花色：出牌前定下的那門花色的全部牌。本例打 K，黑桃為主。"),
            cards="BJ SJ KS KH KD KC AS QS", ctx=CTX, rule="R-GROUP", seed="001:trump-classes"),
        select("plain", T(
            "Level K, spades trump. Every card here but one is a trump. Select the plain-suit card (副牌).",
            "打 K，黑桃主。下面只有一张不是主，请选出这张副牌。", "打 K，黑桃主。下面只有一張不是主，請選出這張副牌。"),
            cards="BJ KH 4S AD KC", pick=1, ctx=CTX,
            check={"kind": "classify", "cards": "$selection"},
            expect={"suit": {"$in": ["S", "H", "D", "C"]}},
            hints=[T("The hearts and clubs shown are both Ks.", "这里的红桃和梅花都是 K。",
                     "這裡的紅桃和梅花都是 K。"),
                   T("An ace is a plain card unless it is in the trump suit.", "A 只有在主花色里才是主。",
                     "A 只有在主花色裡才是主。")],
            rule="R-GROUP", seed="001:trump-classes"),
        choice("order", T(
            "The seed's order: permanent trumps > the level card of the trump suit (主级牌) > the "
            "other level cards > the trump suit > plain suits. Which play wins?",
            "大小顺序：常主 > 主级牌 > 其他级牌 > 主花色 > 副牌。这一轮谁大？",
            "大小順序：常主 > 主級牌 > 其他級牌 > 主花色 > 副牌。這一輪誰大？"),
            check=trick(["AS", "KD", "KS", "QS"]), options=play_options(["AS", "KD", "KS", "QS"]),
            ctx=CTX,
            hints=[T("All four plays are trumps.", "四家出的都是主。", "四家出的都是主。"),
                   T("♠K is the level card of the trump suit.", "黑桃 K 是主级牌。", "黑桃 K 是主級牌。")],
            rule="R-ORDER", seed="001:order"),
        choice("tie", T(
            "Level cards of the other suits are equal to each other, and between equal cards the "
            "first one played wins. Who wins this trick?",
            "副花色的级牌彼此一样大；一样大的牌，先出的为大。这一轮谁大？",
            "副花色的級牌彼此一樣大；一樣大的牌，先出的為大。這一輪誰大？"),
            check=trick(["3S", "KH", "KD", "4S"]), options=play_options(["3S", "KH", "KD", "4S"]),
            ctx=CTX,
            hints=[T("♥K and ♦K are both other-suit level cards.", "红桃 K 和方块 K 都是副级牌。",
                     "紅桃 K 和方塊 K 都是副級牌。"),
                   T("Equal cards: look at who played first.", "一样大时，看谁先出。", "一樣大時，看誰先出。")],
            rule="R-TIE", seed="001:order"),
    ], ctx=CTX),
]

TYPE_TRACTOR = [(("lesson.opt.tractor", {}), {"type": "tractor"}),
                (("lesson.opt.not_tractor", {}), {"type": {"$not": "tractor"}})]
STANDS = [(("lesson.opt.stands", {}), {"stands": True}), (("lesson.opt.fails", {}), {"stands": False})]
YES_SAFE = [(("lesson.opt.yes", {}), {"safe": True}), (("lesson.opt.no", {}), {"safe": False})]
YES_OVER = [(("lesson.opt.yes", {}), {"overturns": True}), (("lesson.opt.no", {}), {"overturns": False})]
VALID = [(("lesson.opt.valid", {}), {"valid": True}), (("lesson.opt.invalid", {}), {"valid": False})]
C2S = {"rules": "henan", "level": "2", "trump": "S"}


def tractor_q(sid, t, cards, ctx, hints, rule="R-TRACTOR", seed="001:tractors"):
    return choice(sid, t, check={"kind": "classify", "cards": cards}, cards=cards, ctx=ctx,
                  options=TYPE_TRACTOR, hints=hints, rule=rule, seed=seed)


def kitty_total(sid, t, last, options, hints, seed="001:kitty"):
    return choice(sid, t, check={"kind": "score", "attacker_points": 40,
                                 "kitty": "KH 10D 5C 3S 4S 6D 7D 8H", "last_lead": last,
                                 "attackers_won_last": True},
                  options=[(("lesson.opt.total", {"n": n}), {"total": n}) for n in options],
                  hints=hints, rule="R-KITTY", seed=seed, cards=last)


LESSONS += [
    lesson("henan.units", "henan",
           T("Henan Shuangsheng (河南双升): pairs and tractors (连对)", "河南双升：对子与连对", "河南雙升：對子與連對"),
           T("The seed's tractor cases, including the ones that cross the level and the jokers.",
             "各种连对的情形，包括跨过级牌和大小王的连对。", "各種連對的情形，包括跨過級牌和大小王的連對。"),
           ["henan.trumps", "common.units"], [
        text("pair", T(
            "A pair (对子) is two identical cards: same suit, same rank. Units compare only with "
            "units of the same shape: a single, a pair and a tractor never beat one another.",
            "对子是两张相同花色、相同点数的牌。牌型只和同样的牌型比大小：单张、对子、连对之间不能互相比较。",
            "對子是兩張相同花色、相同點數的牌。牌型只和同樣的牌型比大小：單張、對子、連對之間不能互相比較。"),
            cards="7C 7C", ctx=C2S, rule="R-PAIR", seed="001:units"),
        select("three", T(
            "A tractor (连对) is two or more pairs of one suit on neighbouring ranks; the longest "
            "runs from the 2s to the As. Select the three-pair clubs tractor.",
            "连对（拖拉机）是同一花色、点数相邻的两对或更多对，最长可以从对 2 连到对 A。请选出梅花的三连对。",
            "連對（拖拉機）是同一花色、點數相鄰的兩對或更多對，最長可以從對 2 連到對 A。請選出梅花的三連對。"),
            cards="7C 7C 8C 8C 9C 9C JC JC", pick=6, ctx={"rules": "henan", "level": "5", "trump": "S"},
            check={"kind": "classify", "cards": "$selection"}, expect={"type": "tractor"},
            hints=[T("Six cards: three pairs in a row.", "六张牌：连续的三对。", "六張牌：連續的三對。"),
                   T("♣10 is missing, so ♣J does not join.", "没有梅花 10，所以 J 接不上。",
                     "沒有梅花 10，所以 J 接不上。")],
            rule="R-TRACTOR", seed="001:tractors"),
        tractor_q("gap", T(
            "The seed's case: at level 6, ♣5♣5 and ♣7♣7 are neighbours, because the 6s have left "
            "the clubs. Tractor or not?",
            "例子：打 6 时，梅花 5 5 和 7 7 相邻，因为 6 已经离开了梅花。是连对吗？",
            "例子：打 6 時，梅花 5 5 和 7 7 相鄰，因為 6 已經離開了梅花。是連對嗎？"),
            "5C 5C 7C 7C", {"rules": "henan", "level": "6", "trump": "S"},
            [T("Where is ♣6 this hand?", "这一局梅花 6 在哪里？", "這一局梅花 6 在哪裡？"),
             T("The level rank is taken out of each plain suit.", "级牌从各副花色中拿走了。",
               "級牌從各副花色中拿走了。")], rule="R-LADDER"),
        tractor_q("jokers", T(
            "Big-joker pair with small-joker pair: a tractor?", "对大王加对小王：是连对吗？",
            "對大王加對小王：是連對嗎？"),
            "BJ BJ SJ SJ", C2S,
            [T("The jokers are the two top steps of the trump ladder.", "大小王是主牌梯子最上面的两级。",
               "大小王是主牌梯子最上面的兩級。"),
             T("Neighbouring steps, two pairs.", "相邻两级，两对。", "相鄰兩級，兩對。")]),
        tractor_q("levels", T(
            "Level 2, spades trump: ♠2♠2 (the trump-suit level card) with ♥2♥2 (another level "
            "card): a tractor?",
            "打 2，黑桃主：黑桃 2 2（主级牌）加红桃 2 2（副级牌）：是连对吗？",
            "打 2，黑桃主：黑桃 2 2（主級牌）加紅桃 2 2（副級牌）：是連對嗎？"),
            "2S 2S 2H 2H", C2S,
            [T("The level card of the trump suit (主级牌) sits just above the other level cards.", "主级牌紧挨在副级牌上面。",
               "主級牌緊挨在副級牌上面。"),
             T("The seed lists this pairing as a tractor.", "规则明确说这样可以组成连对。",
               "規則明確說這樣可以組成連對。")]),
        tractor_q("level_ace", T(
            "Level 2, spades trump: ♥2♥2 with ♠A♠A (the trump ace): a tractor?",
            "打 2，黑桃主：红桃 2 2 加黑桃 A A（主花色 A）：是连对吗？",
            "打 2，黑桃主：紅桃 2 2 加黑桃 A A（主花色 A）：是連對嗎？"),
            "2H 2H AS AS", C2S,
            [T("The trump A is the step just below the other level cards.", "主花色 A 紧挨在副级牌下面。",
               "主花色 A 緊挨在副級牌下面。"),
             T("Neighbouring steps make a tractor.", "相邻的两级就能连。", "相鄰的兩級就能連。")]),
        tractor_q("same_step", T(
            "Level 2, spades trump: ♥2♥2 with ♦2♦2: a tractor?", "打 2，黑桃主：红桃 2 2 加方块 2 2：是连对吗？",
            "打 2，黑桃主：紅桃 2 2 加方塊 2 2：是連對嗎？"),
            "2H 2H 2D 2D", C2S,
            [T("Are these pairs on different steps?", "这两对在不同的级上吗？", "這兩對在不同的級上嗎？"),
             T("The other-suit level cards are equal: one step, no run.", "副级牌一样大，同在一级，连不起来。",
               "副級牌一樣大，同在一級，連不起來。")]),
        tractor_q("skip", T(
            "Level 2, spades trump: ♠A♠A with ♠2♠2 (the trump-suit level card): a tractor?",
            "打 2，黑桃主：黑桃 A A 加黑桃 2 2（主级牌）：是连对吗？",
            "打 2，黑桃主：黑桃 A A 加黑桃 2 2（主級牌）：是連對嗎？"),
            "AS AS 2S 2S", C2S,
            [T("What sits between the trump A and the level card of the trump suit (主级牌)?", "主花色 A 和主级牌之间隔着什么？",
               "主花色 A 和主級牌之間隔著什麼？"),
             T("The other level cards are a step in between.", "中间隔着副级牌那一级。", "中間隔著副級牌那一級。")]),
        choice("decompose", T(
            "A lead splits into units layer by layer, keeping the longest tractor whole. How many "
            "units are in ♥K♥K ♥Q♥Q ♥J? (level 2, spades trump)",
            "出的牌按层拆成若干组，并保持最长的连对完整。红桃 K K、Q Q、J 拆成几组？（打 2，黑桃主）",
            "出的牌按層拆成若干組，並保持最長的連對完整。紅桃 K K、Q Q、J 拆成幾組？（打 2，黑桃主）"),
            check={"kind": "classify", "cards": "KH KH QH QH JH"}, cards="KH KH QH QH JH", ctx=C2S,
            options=[(("lesson.opt.units", {"n": n}), {"units": {"$len": n}}) for n in (1, 2, 3)],
            hints=[T("K K Q Q is a tractor.", "K K Q Q 是连对。", "K K Q Q 是連對。"),
                   T("The J is left as a single.", "剩下的 J 是单张。", "剩下的 J 是單張。")],
            rule="R-DECOMPOSE", seed="001:units"),
        choice("lead", T(
            "The leader plays singles, pairs, tractors or a throw, always all of one suit. Level 2, "
            "spades trump: may you lead ♠9 with ♥2?",
            "首家可以出单张、对子、连对或甩牌，但必须是同一门。打 2，黑桃主：能同时出黑桃 9 和红桃 2 吗？",
            "首家可以出單張、對子、連對或甩牌，但必須是同一門。打 2，黑桃主：能同時出黑桃 9 和紅桃 2 嗎？"),
            check={"kind": "classify", "cards": "9S 2H"}, cards="9S 2H", ctx=C2S,
            options=[(("lesson.opt.lead_ok", {}), {"type": {"$not": "invalid"}}),
                     (("lesson.opt.lead_bad", {}), {"type": "invalid"})],
            hints=[T("Which suit is ♥2 in this hand?", "这一局红桃 2 属于哪一门？", "這一局紅桃 2 屬於哪一門？"),
                   T("Both are trumps.", "两张都是主。", "兩張都是主。")],
            rule="R-LEAD", seed="001:units"),
    ], ctx=C2S),

    lesson("henan.follow", "henan",
           T("Henan Shuangsheng (河南双升): following suit", "河南双升：跟牌规则", "河南雙升：跟牌規則"),
           T("Singles, pairs, tractors, throws and trump leads (吊主), and how to kill (杀) a lead.",
             "单张、对子、连对、甩牌和吊主怎么跟，以及怎样用主牌杀。", "單張、對子、連對、甩牌和吊主怎麼跟，以及怎樣用主牌殺。"),
           ["henan.units", "common.play"], [
        select("single", T(
            "A plain single is led: follow with a single of that suit. ♥8 is led; select your card.",
            "首家出副牌单张：必须跟同花色单张。首家出红桃 8，请出牌。", "首家出副牌單張：必須跟同花色單張。首家出紅桃 8，請出牌。"),
            cards="QH 3H AC KC 4S", pick=1,
            check={"kind": "follow", "lead": "8H", "hand": "QH 3H AC KC 4S", "play": "$selection"},
            expect={"legal": True},
            hints=[T("You have hearts.", "你有红桃。", "你有紅桃。"),
                   T("♠4 is a trump here, not a heart.", "黑桃 4 在这里是主，不是红桃。", "黑桃 4 在這裡是主，不是紅桃。")],
            rule="R-FOLLOW", seed="001:follow-single"),
        select("pair", T(
            "A plain pair is led: follow with a pair of that suit; without one, with singles of "
            "that suit. ♥10♥10 is led; select your two cards.",
            "首家出副牌对子：有同花色对子必须跟对子；没有对子就跟同花色单张。首家出红桃 10 10，请选两张。",
            "首家出副牌對子：有同花色對子必須跟對子；沒有對子就跟同花色單張。首家出紅桃 10 10，請選兩張。"),
            cards="9H 9H 3H 4D 5C", pick=2,
            check={"kind": "follow", "lead": "10H 10H", "hand": "9H 9H 3H 4D 5C", "play": "$selection"},
            expect={"legal": True},
            hints=[T("Do you hold a heart pair?", "你有红桃对子吗？", "你有紅桃對子嗎？"),
                   T("♥9♥9 must go.", "必须出红桃 9 9。", "必須出紅桃 9 9。")],
            rule="R-FOLLOW", seed="001:follow-pair"),
        select("no_pair", T(
            "Same lead, ♥10♥10, but now you hold no heart pair. Select your two cards.",
            "同样首家出红桃 10 10，但你没有红桃对子。请选两张。", "同樣首家出紅桃 10 10，但你沒有紅桃對子。請選兩張。"),
            cards="9H 4H 4D 4D 5C", pick=2,
            check={"kind": "follow", "lead": "10H 10H", "hand": "9H 4H 4D 4D 5C", "play": "$selection"},
            expect={"legal": True},
            hints=[T("The ♦4 pair is the wrong suit.", "方块 4 对不是这门花色。", "方塊 4 對不是這門花色。"),
                   T("Play both your hearts.", "把两张红桃都出了。", "把兩張紅桃都出了。")],
            rule="R-FOLLOW", seed="001:follow-pair"),
        select("tractor", T(
            "A tractor is led: follow with a tractor of that suit if you have one; otherwise pairs, "
            "then singles, as many cards in all. ♥6♥6 ♥7♥7 is led; select four cards.",
            "首家出连对：有同花色连对必须跟连对；没有就跟对子，再没有就跟单张，张数要相同。首家出红桃 6 6 7 7，请选四张。",
            "首家出連對：有同花色連對必須跟連對；沒有就跟對子，再沒有就跟單張，張數要相同。首家出紅桃 6 6 7 7，請選四張。"),
            cards="JH JH QH QH 9H 9H 4H 8C", pick=4,
            check={"kind": "follow", "lead": "6H 6H 7H 7H", "hand": "JH JH QH QH 9H 9H 4H 8C",
                   "play": "$selection"},
            expect={"legal": True},
            hints=[T("Two pairs are not enough if you hold a tractor.", "有连对时，出两个不相连的对子不行。",
                     "有連對時，出兩個不相連的對子不行。"),
                   T("♥J♥J ♥Q♥Q is a tractor.", "红桃 J J Q Q 是连对。", "紅桃 J J Q Q 是連對。")],
            rule="R-FOLLOW", seed="001:follow-tractor"),
        select("tractor_short", T(
            "A longer tractor than any of yours is led: you still follow with a tractor, your longest "
            "one. ♥3♥3 ♥4♥4 ♥5♥5 is led (level 2, spades trump); select six cards.",
            "首家出的连对比你的都长：仍然要跟连对，跟你最长的那一组。首家出红桃 3 3 4 4 5 5（打 2，黑桃主），请选六张。",
            "首家出的連對比你的都長：仍然要跟連對，跟你最長的那一組。首家出紅桃 3 3 4 4 5 5（打 2，黑桃主），請選六張。"),
            cards="7H 7H 8H 8H JH JH KH KH", pick=6,
            check={"kind": "follow", "lead": "3H 3H 4H 4H 5H 5H", "hand": "7H 7H 8H 8H JH JH KH KH",
                   "play": "$selection"},
            expect={"legal": True},
            hints=[T("You hold no three-pair tractor; which two of your pairs are neighbours?",
                     "你没有三连对；你的对子里哪两对相连？", "你沒有三連對；你的對子裡哪兩對相連？"),
                   T("♥7♥7 ♥8♥8 must be in your play, with one more pair.",
                     "红桃 7 7 8 8 必须出，再加一对。", "紅桃 7 7 8 8 必須出，再加一對。")],
            rule="R-FOLLOW", seed="001:follow-tractor"),
        select("trump_lead", T(
            "Trumps are led (吊主): you must follow with trumps while you have any. ♠3 is led "
            "(spades trump); select your card.",
            "首家出主牌（吊主）：有主就必须跟主。首家出黑桃 3（黑桃是主），请出牌。",
            "首家出主牌（吊主）：有主就必須跟主。首家出黑桃 3（黑桃是主），請出牌。"),
            cards="AD KC 9S 4D", pick=1,
            check={"kind": "follow", "lead": "3S", "hand": "AD KC 9S 4D", "play": "$selection"},
            expect={"legal": True},
            hints=[T("Which of your cards is a trump?", "你哪张牌是主？", "你哪張牌是主？"),
                   T("♠9 is your only trump.", "黑桃 9 是你唯一的主。", "黑桃 9 是你唯一的主。")],
            rule="R-FOLLOW", seed="001:follow-trump"),
        choice("kill_pair", T(
            "The seed: two trump singles cannot kill (杀) a pair. ♦Q♦Q is led. Who wins?",
            "两张单主杀不了对子。首家出方块 Q Q，谁赢？", "兩張單主殺不了對子。首家出方塊 Q Q，誰贏？"),
            check=trick(["QD QD", "3S 4S", "5D 6D", "AC AC"]),
            options=play_options(["QD QD", "3S 4S", "5D 6D", "AC AC"]),
            hints=[T("♠3 ♠4 are trumps but not a pair.", "黑桃 3、4 是主，但不是对子。", "黑桃 3、4 是主，但不是對子。"),
                   T("Nobody beats the pair properly.", "没有人按规矩压住这对。", "沒有人按規矩壓住這對。")],
            rule="R-COVER", seed="001:follow-pair"),
        choice("kill_tractor", T(
            "To kill a tractor with trumps you need a trump tractor of as many pairs. Who wins?",
            "用主牌杀连对，必须是对数相同的主连对。谁赢？", "用主牌殺連對，必須是對數相同的主連對。誰贏？"),
            check=trick(["8D 8D 9D 9D", "4S 4S 9S 9S", "5S 5S 6S 6S", "JD QD KD 3D"]),
            options=play_options(["8D 8D 9D 9D", "4S 4S 9S 9S", "5S 5S 6S 6S", "JD QD KD 3D"]),
            hints=[T("Two separate trump pairs are not a tractor.", "两个不相连的主对子不是连对。",
                     "兩個不相連的主對子不是連對。"),
                   T("♠5♠5♠6♠6 is a trump tractor.", "黑桃 5 5 6 6 是主连对。", "黑桃 5 5 6 6 是主連對。")],
            rule="R-BEAT", seed="001:follow-tractor"),
        choice("forced", T(
            "♥10♥10 is led and your hearts are ♥9 ♥4, with nothing else of that suit. Is your "
            "follow forced?",
            "首家出红桃 10 10，你的红桃只有 9 和 4。你的跟法是唯一的吗？", "首家出紅桃 10 10，你的紅桃只有 9 和 4。你的跟法是唯一的嗎？"),
            check={"kind": "forced", "lead": "10H 10H", "hand": "9H 4H 4D 4D 5C"},
            cards="9H 4H 4D 4D 5C",
            options=[(("lesson.opt.yes", {}), {"forced": True}), (("lesson.opt.no", {}), {"forced": False})],
            hints=[T("How many hearts do you hold?", "你有几张红桃？", "你有幾張紅桃？"),
                   T("Exactly two hearts for a two-card lead.", "正好两张红桃对两张的首出。", "正好兩張紅桃對兩張的首出。")],
            rule="R-FORCED", seed="001:follow-pair"),
        choice("points", T(
            "Point cards in the trick go to its winner. ♣K ♣10 ♣5 ♠7: how many points, and they go "
            "to the ♠7's side. How many?",
            "一轮里的分牌归赢的一方。梅花 K、10、5 加黑桃 7：共几分（归出黑桃 7 的一方）？",
            "一輪裡的分牌歸贏的一方。梅花 K、10、5 加黑桃 7：共幾分（歸出黑桃 7 的一方）？"),
            check=trick(["KC", "10C", "5C", "7S"]),
            options=[(("lesson.opt.points", {"n": n}), {"points": n, "winner": 3}) for n in (20, 25, 30)],
            hints=[T("A K scores 10, a 10 scores 10, a 5 scores 5.", "K 是 10 分，10 也是 10 分，5 是 5 分。",
                     "K 是 10 分，10 也是 10 分，5 是 5 分。"),
                   T("The ♠7 is a trump and wins.", "黑桃 7 是主，赢了这一轮。", "黑桃 7 是主，贏了這一輪。")],
            rule="R-TRICK-POINTS", seed="001:scoring"),
    ], ctx=C2S),

    lesson("henan.throws", "henan",
           T("Henan Shuangsheng (河南双升): throws (甩牌)", "河南双升：甩牌", "河南雙升：甩牌"),
           T("The seed's two throw examples, and what a failed throw costs.",
             "两个甩牌例子，以及甩牌失败的代价。", "兩個甩牌例子，以及甩牌失敗的代價。"),
           ["henan.follow", "common.throws"], [
        text("what", T(
            "You may throw several units of one suit together when each of them is the biggest "
            "still out. The referee checks the real hands: if someone can beat a unit in that "
            "suit, the throw fails.",
            "当你某门花色的几组牌都已是外面最大的，就可以一起甩出。裁判按真实手牌判定：只要有人在这门里能压住其中一组，甩牌就失败。",
            "當你某門花色的幾組牌都已是外面最大的，就可以一起甩出。裁判按真實手牌判定：只要有人在這門裡能壓住其中一組，甩牌就失敗。"),
            rule="R-THROW-ADJ", seed="001:throws"),
        choice("example1", T(
            "First example: ♣A♣A, ♣K♣K, ♣Q, ♣J and ♣10 have been played; you hold ♣10 ♣J ♣Q. "
            "Is throwing all three safe?",
            "例一：外面已出过梅花 A A、K K、Q、J、10 各一张；你有梅花 10、J、Q。三张一起甩安全吗？",
            "例一：外面已出過梅花 A A、K K、Q、J、10 各一張；你有梅花 10、J、Q。三張一起甩安全嗎？"),
            check={"kind": "safe-throw", "throw": "QC JC 10C", "hand": "QC JC 10C 4S 6D 8H",
                   "seen": "AC AC KC KC QC JC 10C"},
            cards="QC JC 10C", options=YES_SAFE,
            hints=[T("Which clubs above ♣10 are still unseen?", "比梅花 10 大的梅花还有哪些没出？",
                     "比梅花 10 大的梅花還有哪些沒出？"),
                   T("None: each is played or in your hand.", "没有了：要么出过，要么在你手里。",
                     "沒有了：要麼出過，要麼在你手裡。")],
            rule="R-THROW-SAFE", seed="001:throw-example-1"),
        choice("example2", T(
            "Second example: ♣A♣A and ♣Q♣Q have been played; you hold ♣K and ♣J♣J. Is throwing "
            "♣K with ♣J♣J safe?",
            "例二：外面已出过梅花 A A、Q Q；你有梅花 K 和 J J。把 K 和 J J 一起甩安全吗？",
            "例二：外面已出過梅花 A A、Q Q；你有梅花 K 和 J J。把 K 和 J J 一起甩安全嗎？"),
            check={"kind": "safe-throw", "throw": "KC JC JC", "hand": "KC JC JC 5H 9D",
                   "seen": "AC AC QC QC"},
            cards="KC JC JC", options=YES_SAFE,
            hints=[T("Only ♣A beats ♣K; both are gone.", "只有梅花 A 比 K 大，两张都出了。",
                     "只有梅花 A 比 K 大，兩張都出了。"),
                   T("A higher pair than ♣J♣J would need two Qs, two Ks or two As.",
                     "比 J J 大的对子需要两张 Q、K 或 A。", "比 J J 大的對子需要兩張 Q、K 或 A。")],
            rule="R-THROW-SAFE", seed="001:throw-example-2"),
        choice("trumps", T(
            "Trumps may be thrown too, but the jokers and level cards take part in the comparison. "
            "Level 2, spades trump: you throw ♠A ♠K; an opponent holds a small joker. Does the "
            "throw stand?",
            "主牌也可以甩，但比较时常主和级牌也算在内。打 2，黑桃主：你甩黑桃 A、K；对手有一张小王。甩牌成功吗？",
            "主牌也可以甩，但比較時常主和級牌也算在內。打 2，黑桃主：你甩黑桃 A、K；對手有一張小王。甩牌成功嗎？"),
            check={"kind": "throw", "throw": "AS KS", "others": ["SJ 4C", "7D 8D", "9H 3C"]},
            cards="AS KS", options=STANDS,
            hints=[T("The small joker is a trump above ♠A.", "小王是比黑桃 A 大的主。", "小王是比黑桃 A 大的主。"),
                   T("One beaten unit is enough to fail.", "只要有一组被压住就失败。", "只要有一組被壓住就失敗。")],
            rule="R-THROW-BEAT", seed="001:throws"),
        choice("fail", T(
            "A failed throw must play the smallest unit that was beaten. You throw ♥A ♥Q ♥J♥J; "
            "someone holds ♥A and ♥K♥K. What must you play?",
            "甩牌失败时，必须出被压住的组中最小的那组。你甩红桃 A、Q、J J；有人有红桃 A 和 K K。你必须出什么？",
            "甩牌失敗時，必須出被壓住的組中最小的那組。你甩紅桃 A、Q、J J；有人有紅桃 A 和 K K。你必須出什麼？"),
            check={"kind": "throw", "throw": "AH QH JH JH", "others": ["AH KH KH 3C", "5D", "6C"]},
            cards="AH QH JH JH",
            options=[(("lesson.opt.forced_unit", {"cards": "♥Q"}), {"forced": {"cards": "QH"}}),
                     (("lesson.opt.forced_unit", {"cards": "♥J♥J"}), {"forced": {"cards": "JH JH"}}),
                     (("lesson.opt.stands", {}), {"stands": True})],
            hints=[T("♥A is not beaten: the other ♥A is only equal.", "红桃 A 没被压住：另一张 A 只是一样大。",
                     "紅桃 A 沒被壓住：另一張 A 只是一樣大。"),
                   T("Both ♥Q and ♥J♥J are beaten; fewest cards first.", "红桃 Q 和 J J 都被压住了；先看张数少的。",
                     "紅桃 Q 和 J J 都被壓住了；先看張數少的。")],
            rule="R-THROW-FAIL", seed="001:throws"),
        text("penalty", T(
            "In Henan Shuangsheng a failed throw also costs the thrower half of the table's base stake. It "
            "is recorded in the match ledger, not in the hand's points.",
            "河南双升里，甩牌失败的人还要赔一半的底注。这笔记在对局账目里，不计入本局分数。",
            "河南雙升裡，甩牌失敗的人還要賠一半的底注。這筆記在對局帳目裡，不計入本局分數。"),
            rule="R-THROW-FAIL", seed="001:throws"),
    ], ctx=C2S),

    lesson("henan.declare", "henan",
           T("Henan Shuangsheng (河南双升): dealing, declaring, the kitty", "河南双升：起牌、报主、盖底", "河南雙升：起牌、報主、蓋底"),
           T("Racing to declare (抢报), normal declaring, nobody declares, overturning (反主) and fixing the trump (定主), swapping the kitty (炒底), riots (暴动) and burying the kitty.",
             "抢报、正常报主、无人报主、反主与定主、炒底、暴动和盖底牌。", "搶報、正常報主、無人報主、反主與定主、炒底、暴動和蓋底牌。"),
           ["henan.trumps"], [
        text("deal", T(
            "Players draw one card at a time, counter-clockwise, until 8 cards remain: everyone "
            "holds 25, and the 8 left over are the kitty (底牌) for the dealer.",
            "四人按逆时针方向每次摸一张，直到剩下 8 张：每人 25 张，剩下的 8 张是留给庄家的底牌。",
            "四人按逆時針方向每次摸一張，直到剩下 8 張：每人 25 張，剩下的 8 張是留給莊家的底牌。"),
            rule="R-H-DEAL", seed="001:deal"),
        text("declare", T(
            "To declare (报主) you show a level card together with a joker of its colour: the big "
            "joker goes with red suits (hearts, diamonds), the small joker with black (spades, "
            "clubs). In the first hand the first to declare during the deal becomes dealer (抢报). "
            "Later, only the dealer's team may declare during the deal; if neither can, an "
            "opponent may declare once the deal is over and becomes dealer. Jokers alone never "
            "declare: a pair of jokers only overturns a declaration already made.",
            "报主要亮出一张级牌加一张同颜色的王：大王配红色花色（红桃、方块），小王配黑色（黑桃、梅花）。第一局起牌时谁先报主谁坐庄（抢报）。"
            "以后各局起牌时只有庄家一方可以报主；庄家两人都报不了时，起牌结束后对方可以报主，并换成他坐庄。"
            "常主不能报主：一对王只能在别人报主之后用来反主。",
            "報主要亮出一張級牌加一張同顏色的王：大王配紅色花色（紅桃、方塊），小王配黑色（黑桃、梅花）。第一局起牌時誰先報主誰坐莊（搶報）。"
            "以後各局起牌時只有莊家一方可以報主；莊家兩人都報不了時，起牌結束後對方可以報主，並換成他坐莊。"
            "常主不能報主：一對王只能在別人報主之後用來反主。"),
            cards="2H BJ", ctx={"rules": "henan", "level": "2"}, rule="R-H-DECLARE", seed="001:declare"),
        choice("colour", T(
            "Level 2. May you declare with ♥2 and the small joker?", "打 2。可以用红桃 2 加小王报主吗？",
            "打 2。可以用紅桃 2 加小王報主嗎？"),
            check={"kind": "declare", "level": "2", "cards": "2H SJ"}, cards="2H SJ", options=VALID,
            hints=[T("Hearts are red.", "红桃是红色。", "紅桃是紅色。"),
                   T("A red suit needs the big joker.", "红色花色要配大王。", "紅色花色要配大王。")],
            rule="R-H-DECLARE", seed="001:declare"),
        choice("jokers", T(
            "First hand, level 2, nobody has declared yet. You are dealt both small jokers. May you "
            "declare (抢报) with them?",
            "第一局，打 2，还没有人报主。你摸到了两张小王。可以用它们抢报吗？",
            "第一局，打 2，還沒有人報主。你摸到了兩張小王。可以用它們搶報嗎？"),
            check={"kind": "declare", "level": "2", "cards": "SJ SJ"}, cards="SJ SJ", options=VALID,
            hints=[T("Is there a level card among them?", "这里面有级牌吗？", "這裡面有級牌嗎？"),
                   T("A joker pair can only overturn someone else's declaration.",
                     "一对王只能用来反别人报的主。", "一對王只能用來反別人報的主。")],
            rule="R-H-DECLARE", seed="001:declare"),
        choice("nobody", T(
            "A later hand, and nobody declared. Then the third card of the kitty names trump (a "
            "joker means no trump); whoever holds the other copy of that card becomes dealer (if "
            "nobody does, the dealer stays). The kitty is ♣4 ♥9 ♦K …: what is trump?",
            "非第一局，起牌结束仍无人报主：从底牌中抽第三张，它的花色就是主（若是王则无主），手里有同一张牌的玩家坐庄（没人有则庄家不变）。底牌是梅花 4、红桃 9、方块 K……主是什么？",
            "非第一局，起牌結束仍無人報主：從底牌中抽第三張，它的花色就是主（若是王則無主），手裡有同一張牌的玩家坐莊（沒人有則莊家不變）。底牌是梅花 4、紅桃 9、方塊 K……主是什麼？"),
            check={"kind": "kitty-trump", "kitty": "4C 9H KD 6S 7S 8C JD QH"},
            cards="4C 9H KD 6S 7S 8C JD QH",
            options=[((f"lesson.opt.suit.{s}", {}), {"trump": s}) for s in ("C", "H", "D", "NT")],
            hints=[T("Count to the third card.", "数到第三张。", "數到第三張。"),
                   T("♦K is the third card.", "第三张是方块 K。", "第三張是方塊 K。")],
            rule="R-H-DECLARE", seed="001:no-declaration"),
        text("overturn", T(
            "Overturning (反主): after the declaration and before the first lead, another player "
            "may show a pair of one level card with a joker of its colour, or a pair of jokers "
            "(no trump). The order is big-joker pair > small-joker pair > level pair. The "
            "original declarer may join in only after someone else has overturned. In the first "
            "hand this happens before the dealer takes the kitty and the overturner becomes dealer "
            "(反主反打); later it happens after the dealer has buried, in turn from the dealer, and "
            "the overturner takes the kitty and buries 8 again while the dealer stays (反主炒底).",
            "反主：报主之后、出牌之前，其他玩家可以亮出一对同花色级牌加同颜色的王，或者一对王（无主）。顺序是对大王 > 对小王 > 对级牌。"
            "原报主的人只有在别人先反主之后才能再反。第一局要在庄家拿底牌前进行，反主者变成庄家（反主反打）；以后各局在庄家盖底后、"
            "从庄家起依次进行，反主者拿起底牌重新盖 8 张，庄家不变（反主炒底）。",
            "反主：報主之後、出牌之前，其他玩家可以亮出一對同花色級牌加同顏色的王，或者一對王（無主）。順序是對大王 > 對小王 > 對級牌。"
            "原報主的人只有在別人先反主之後才能再反。第一局要在莊家拿底牌前進行，反主者變成莊家（反主反打）；以後各局在莊家蓋底後、"
            "從莊家起依次進行，反主者拿起底牌重新蓋 8 張，莊家不變（反主炒底）。"),
            cards="2S 2S SJ", rule="R-H-OVERTURN", seed="001:overturn"),
        choice("over1", T(
            "Level 2. Someone declared ♥2 + big joker. You hold ♠2♠2 and the small joker. Can you "
            "overturn?",
            "打 2。有人用红桃 2 加大王报了主。你有黑桃 2 2 和小王。能反主吗？",
            "打 2。有人用紅桃 2 加大王報了主。你有黑桃 2 2 和小王。能反主嗎？"),
            check={"kind": "declare", "level": "2", "cards": "2S 2S SJ", "standing": "2H BJ"},
            cards="2S 2S SJ", options=YES_OVER,
            hints=[T("A level pair with its joker beats a single level card with its joker.",
                     "对级牌加王强于单张级牌加王。", "對級牌加王強於單張級牌加王。"),
                   T("♠ is black, so the small joker matches.", "黑桃是黑色，配小王正好。", "黑桃是黑色，配小王正好。")],
            rule="R-H-OVERTURN", seed="001:overturn"),
        choice("fixed", T(
            "Fixed trump (定主): the declarer showed ♥2♥2 with the big joker at once. You hold ♠2♠2 and the small "
            "joker. Can you overturn?",
            "定主：报主的人一次亮出了红桃 2 2 和大王。你有黑桃 2 2 和小王。能反主吗？",
            "定主：報主的人一次亮出了紅桃 2 2 和大王。你有黑桃 2 2 和小王。能反主嗎？"),
            check={"kind": "declare", "level": "2", "cards": "2S 2S SJ", "standing": "2H 2H BJ"},
            cards="2S 2S SJ", options=YES_OVER,
            hints=[T("After a fixed trump (定主), only no trump can overturn.", "定主之后只有无主才能反。", "定主之後只有無主才能反。"),
                   T("You would need a pair of jokers.", "你需要一对王。", "你需要一對王。")],
            rule="R-H-OVERTURN", seed="001:fix-trump"),
        choice("chaodi", T(
            "A later hand: the dealer has buried the kitty, and then player 2 overturns. What "
            "happens?",
            "非第一局：庄家已经盖好底牌，随后 2 号玩家反主。结果如何？",
            "非第一局：莊家已經蓋好底牌，隨後 2 號玩家反主。結果如何？"),
            check={"kind": "overturn-effect", "first_hand": False, "after_burying": True},
            options=[(T("Player 2 becomes the dealer", "2 号玩家成为庄家", "2 號玩家成為莊家"),
                      {"new_dealer": True}),
                     (T("The dealer stays; player 2 takes the kitty and buries 8 again (炒底)",
                        "庄家不变；2 号拿起底牌重新盖 8 张（炒底）", "莊家不變；2 號拿起底牌重新蓋 8 張（炒底）"),
                      {"new_dealer": False, "rebury": True}),
                     (T("Too late: no overturning after the kitty is buried", "太晚了：盖底之后不能再反",
                        "太晚了：蓋底之後不能再反"), {"allowed": False})],
            hints=[T("Overturn and play (反主反打) is for the first hand only.", "反主反打只适用于第一局。", "反主反打只適用於第一局。"),
                   T("Later hands: overturn and swap the kitty (反主炒底).", "以后各局是反主炒底。", "以後各局是反主炒底。")],
            rule="R-H-OVERTURN", seed="001:rebury"),
        choice("original", T(
            "The player who declared ♥2 + big joker now holds ♥2♥2 too. Nobody else has "
            "overturned. May they overturn their own declaration?",
            "用红桃 2 加大王报主的人现在又有了红桃 2 2。还没有别人反主。他能反自己的主吗？",
            "用紅桃 2 加大王報主的人現在又有了紅桃 2 2。還沒有別人反主。他能反自己的主嗎？"),
            check={"kind": "declare", "level": "2", "cards": "2H 2H BJ", "standing": "2H BJ",
                   "by_original": True, "overturned_before": False},
            cards="2H 2H BJ", options=YES_OVER,
            hints=[T("The declarer may join in only after someone else has overturned.",
                     "报主的人只有在别人反主之后才能参与。", "報主的人只有在別人反主之後才能參與。"),
                   T("Nobody has yet.", "现在还没有人反。", "現在還沒有人反。")],
            rule="R-H-OVERTURN", seed="001:overturn"),
        choice("riot", T(
            "Riot (暴动): once trump is fixed, an attacker holding fewer than 15 points may call a "
            "redeal; the dealer stays. Your hand has ♠K and one 5 among blanks. May you riot?",
            "暴动：主定下之后，闲家手里的分少于 15 分就可以要求重新洗牌发牌，庄家不变。你的牌里只有黑桃 K 和一张 5 是分。可以暴动吗？",
            "暴動：主定下之後，閒家手裡的分少於 15 分就可以要求重新洗牌發牌，莊家不變。你的牌裡只有黑桃 K 和一張 5 是分。可以暴動嗎？"),
            check={"kind": "riot", "hand": "KS 5D 3C 4C 6C 7C 8C 9C JC QC AC 3D 4D 6D 7D 8D 9D JD QD AD "
                                            "3H 4H 6H 7H 8H"},
            options=[(("lesson.opt.yes", {}), {"may_riot": True}), (("lesson.opt.no", {}), {"may_riot": False})],
            hints=[T("Count your points: K is 10, 5 is 5.", "数一下分：K 是 10 分，5 是 5 分。", "數一下分：K 是 10 分，5 是 5 分。"),
                   T("15 is not fewer than 15.", "15 不少于 15。", "15 不少於 15。")],
            rule="R-H-RIOT", seed="001:riot"),
        text("kitty", T(
            "Burying (盖底牌): the dealer adds the 8 kitty cards to their 25 and buries any 8, seen "
            "by nobody else until the hand ends. Then the dealer leads the first trick.",
            "盖底牌：庄家把 8 张底牌和自己的 25 张合在一起整理，再任选 8 张盖回去，别人在本局结束前都看不到。然后由庄家先出牌。",
            "蓋底牌：莊家把 8 張底牌和自己的 25 張合在一起整理，再任選 8 張蓋回去，別人在本局結束前都看不到。然後由莊家先出牌。"),
            rule="R-H-KITTY", seed="001:kitty"),
    ], ctx={"rules": "henan", "level": "2"}),

    lesson("henan.scoring", "henan",
           T("Henan Shuangsheng (河南双升): the kitty bonus (扣底) and levels", "河南双升：扣底与升级", "河南雙升：扣底與升級"),
           T("The kitty multipliers by the last trick's shape, the level table, the next dealer.",
             "按最后一轮牌型计算的扣底倍数、升级表和下一局庄家。", "按最後一輪牌型計算的扣底倍數、升級表和下一局莊家。"),
           ["henan.throws"], [
        text("kitty", T(
            "Kitty bonus (扣底): if the attackers win the last trick, the kitty's points are theirs, multiplied "
            "by the shape of that trick's lead: a single ×2, a pair ×4, a tractor of L pairs ×4·L. "
            "A throw counts only its largest unit (two pairs count as one pair). In these "
            "questions the kitty holds 25 points and the attackers already have 40.",
            "扣底：闲家赢了最后一轮，底牌里的分归闲家，并按最后一轮首出的牌型加倍：单张 ×2，对子 ×4，L 对的连对 ×4×L。"
            "甩牌只按其中最大的牌型算（两个对子只算一个对子）。下面几题底牌都是 25 分，闲家已有 40 分。",
            "扣底：閒家贏了最後一輪，底牌裡的分歸閒家，並按最後一輪首出的牌型加倍：單張 ×2，對子 ×4，L 對的連對 ×4×L。"
            "甩牌只按其中最大的牌型算（兩個對子只算一個對子）。下面幾題底牌都是 25 分，閒家已有 40 分。"),
            cards="KH 10D 5C 3S 4S 6D 7D 8H", rule="R-KITTY", seed="001:kitty"),
        kitty_total("single", T("The last trick was led with a single ♣A. Total?",
                                "最后一轮首出单张梅花 A。总分？", "最後一輪首出單張梅花 A。總分？"),
                    "AC", (65, 90, 140),
                    [T("Single: × 2.", "单张：×2。", "單張：×2。"), T("40 + 25 × 2.", "40 + 25 × 2。", "40 + 25 × 2。")]),
        kitty_total("pair", T("Led with ♣9♣9. Total?", "首出梅花 9 9。总分？", "首出梅花 9 9。總分？"),
                    "9C 9C", (90, 140, 240),
                    [T("Pair: × 4.", "对子：×4。", "對子：×4。"), T("40 + 100.", "40 + 100。", "40 + 100。")]),
        kitty_total("tractor", T("Led with the tractor ♣7♣7 ♣8♣8. Total?", "首出连对梅花 7 7 8 8。总分？",
                                 "首出連對梅花 7 7 8 8。總分？"),
                    "7C 7C 8C 8C", (140, 240, 440),
                    [T("Two pairs in the tractor: × 4 × 2.", "两对的连对：×4×2。", "兩對的連對：×4×2。"),
                     T("40 + 25 × 8.", "40 + 25 × 8。", "40 + 25 × 8。")]),
        kitty_total("throw", T("Led with a throw ♣A ♣K♣K ♣9♣9 (two separate pairs). Total?",
                               "首出甩牌梅花 A、K K、9 9（两个不相连的对子）。总分？",
                               "首出甩牌梅花 A、K K、9 9（兩個不相連的對子）。總分？"),
                    "AC KC KC 9C 9C", (140, 240, 340),
                    [T("Only the largest unit counts.", "只按最大的牌型算。", "只按最大的牌型算。"),
                     T("Two pairs are not added up: × 4.", "两个对子不累加：×4。", "兩個對子不累加：×4。")]),
        choice("levels", T(
            "The attackers finish with 85 points. What happens?", "闲家最后得 85 分，结果如何？",
            "閒家最後得 85 分，結果如何？"),
            check={"kind": "score", "attacker_points": 85, "kitty": "", "attackers_won_last": False},
            options=[(("lesson.opt.dealers_up", {"n": 1}), {"outcome": "dealers_up", "levels": 1}),
                     (("lesson.opt.swap", {}), {"outcome": "swap"}),
                     (("lesson.opt.attackers_up", {"n": 1}), {"outcome": "attackers_up", "levels": 1})],
            hints=[T("80 to 115: the deal changes hands.", "80 到 115 分：换庄。", "80 到 115 分：換莊。"),
                   T("No level is gained.", "不升级。", "不升級。")],
            rule="R-LEVELS", seed="001:levels"),
        choice("rotate", T(
            "Player 2 dealt and the attackers took over. Who deals next?",
            "2 号玩家坐庄，闲家上台了。下一局谁坐庄？", "2 號玩家坐莊，閒家上台了。下一局誰坐莊？"),
            check={"kind": "rotate", "dealer": 1, "outcome": "swap"},
            options=[(("lesson.opt.seat", {"n": i + 1}), {"next_dealer": i}) for i in range(4)],
            hints=[T("The deal passes to the other team.", "庄家换到另一队。", "莊家換到另一隊。"),
                   T("The next player in turn after the dealer.", "庄家的下家。", "莊家的下家。")],
            rule="R-ROTATE", seed="001:next-dealer"),
        choice("match", T(
            "A team at A defends as dealers (the attackers score 50). What happens?",
            "一队打到 A 坐庄并守住了（闲家 50 分）。结果如何？", "一隊打到 A 坐莊並守住了（閒家 50 分）。結果如何？"),
            check={"kind": "match", "rules": "henan", "totals": [0, 0, 0, 0, 50]},
            options=[(("lesson.opt.level", {"level": "A"}), {"winner": None}),
                     (("lesson.opt.won", {}), {"winner": 0})],
            hints=[T("Levels end at A.", "级数到 A 为止。", "級數到 A 為止。"),
                   T("Defending at A wins the match.", "在 A 守住就赢了整场。", "在 A 守住就贏了整場。")],
            rule="R-MATCH", seed="001:levels"),
    ], ctx={"rules": "henan", "level": "2", "trump": "S"}),

    lesson("henan.signals", "henan",
           T("Henan Shuangsheng (河南双升): tactics and the signal card (信号牌)", "河南双升：打法与信号牌", "河南雙升：打法與信號牌"),
           T("Dealer plans, helping the dealer's partner, and telling your partner you hold an A.",
             "坐庄思路、配合庄家，以及告诉对家你有 A 的信号牌。", "坐莊思路、配合莊家，以及告訴對家你有 A 的信號牌。"),
           ["henan.scoring"], [
        text("plans", T(
            "As dealer pick one plan and stick to it: protect the kitty (保底) or fight for points "
            "(打分). Doing both at once is exhausting. As the dealer's partner, get the lead often "
            "and feed your partner (拉牌, 引牌). If you cannot read the hands, draw trumps (调主) and "
            "keep it simple.",
            "坐庄要选定一种打法：保底或者打分，两头都顾会很累。做庄家的对家，要积极上手，给对家拉牌、引牌。看不清牌局时，干脆调主，少惹麻烦。",
            "坐莊要選定一種打法：保底或者打分，兩頭都顧會很累。做莊家的對家，要積極上手，給對家拉牌、引牌。看不清牌局時，乾脆調主，少惹麻煩。"),
            seed="001:tips"),
        text("signal", T(
            "The signal card: when your partner leads a plain A, answer with a middle card such as "
            "an 8, 9, J or Q to say \"I hold the A too\". Then your partner can lead the K and a "
            "small card for you to take with your A: you keep control of the suit without going "
            "through trumps, which is risky with an opponent sitting between you.",
            "信号牌：对家出副牌 A 拉牌时，你垫一张中间的牌，比如 8、9、J、Q，意思是“我也有 A”。对家知道后可以先出 K，再出小牌让你用 A 接，"
            "这样不用调主就控制住这门牌；调主上手最不安全，因为你们之间隔着敌人。",
            "信號牌：對家出副牌 A 拉牌時，你墊一張中間的牌，比如 8、9、J、Q，意思是「我也有 A」。對家知道後可以先出 K，再出小牌讓你用 A 接，"
            "這樣不用調主就控制住這門牌；調主上手最不安全，因為你們之間隔著敵人。"),
            cards="AC KC 10C 9C 6C", seed="001:signal"),
        choice("signal_trick", T(
            "Your partner holds ♣A K 10 8 4, you hold ♣A K 10 9 6. Partner leads ♣A and you answer "
            "the ♣9, not the ♣10: that is the signal. Partner leads ♣K and you give the ♣10. On the "
            "third round partner leads the ♣10, you play the ♣K, the opponents play ♣5 and ♣J. Who "
            "wins?",
            "对家有梅花 A K 10 8 4，你有梅花 A K 10 9 6。对家出 A，你垫 9，别给 10：这就是信号。对家再出 K，你给 10。"
            "第三轮对家出 10，你出 K，对手分别出梅花 5 和 J。谁赢？",
            "對家有梅花 A K 10 8 4，你有梅花 A K 10 9 6。對家出 A，你墊 9，別給 10：這就是信號。對家再出 K，你給 10。"
            "第三輪對家出 10，你出 K，對手分別出梅花 5 和 J。誰贏？"),
            check=trick(["10C", "5C", "KC", "JC"]), options=play_options(["10C", "5C", "KC", "JC"]),
            hints=[T("Everyone followed clubs.", "大家都跟了梅花。", "大家都跟了梅花。"),
                   T("♣K is the highest club played.", "梅花 K 是出的最大梅花。", "梅花 K 是出的最大梅花。")],
            rule="R-BEAT", seed="001:signal"),
        text("then", T(
            "With the lead you then cash your ♣A: four tricks in the suit under control, the points "
            "escaped, and you are on lead safely to run your other strong plain cards. Suits split "
            "unevenly, so judge by experience whether the fourth round is still safe.",
            "你上手后再出梅花 A：这门牌稳稳控制了四轮，分也都跑掉了，而且你安全上手，可以继续拉你其余的大副牌。牌的长短分布不一定，第四轮 A 是否保险要凭经验判断。",
            "你上手後再出梅花 A：這門牌穩穩控制了四輪，分也都跑掉了，而且你安全上手，可以繼續拉你其餘的大副牌。牌的長短分布不一定，第四輪 A 是否保險要憑經驗判斷。"),
            seed="001:signal"),
    ], ctx={"rules": "henan", "level": "2", "trump": "S"}),
]
