"""Course "common": plain 拖拉机/80分 (preset tractor)."""

from tools.lesson_src.dsl import T, choice, lesson, play_options, select, text, trick

CTX = {"rules": "tractor", "level": "2", "trump": "H"}

LESSONS = [
    lesson("common.basics", "common",
           T("Cards, points and trumps", "牌、分数与主牌", "牌、分數與主牌"),
           T("The 108-card pack, the point cards, and which cards are trumps.",
             "认识 108 张牌、分牌，以及哪些牌是主牌。", "認識 108 張牌、分牌，以及哪些牌是主牌。"),
           [], [
        text("deck", T(
            "Shengji uses two full packs with their jokers: 108 cards. Every card exists twice, "
            "and the two copies are worth exactly the same in play.",
            "升级用两副完整的扑克牌（含大小王），共 108 张。每张牌都有两张，两张完全等值。",
            "升級用兩副完整的撲克牌（含大小王），共 108 張。每張牌都有兩張，兩張完全等值。"),
            cards="BJ BJ SJ SJ AS AS", rule="R-DECK"),
        select("points", T(
            "Only three ranks score: a 5 is worth 5, a 10 or a K is worth 10. The pack holds 200 "
            "points. Select cards worth exactly 25 points.",
            "只有三种牌算分：5 是 5 分，10 和 K 各 10 分，整副牌共 200 分。请选出正好 25 分的牌。",
            "只有三種牌算分：5 是 5 分，10 和 K 各 10 分，整副牌共 200 分。請選出正好 25 分的牌。"),
            cards="5H KS 10D 7C QH 5S AD",
            check={"kind": "score", "attacker_points": 0, "kitty": "$selection",
                   "attackers_won_last": False},
            expect={"kitty_points": 25},
            hints=[T("A K and a 10 together make 20.", "一张 K 加一张 10 是 20 分。",
                     "一張 K 加一張 10 是 20 分。"),
                   T("Add one 5 to a 10 and a K.", "在 10 和 K 之外再加一张 5。",
                     "在 10 和 K 之外再加一張 5。")],
            rule="R-POINTS"),
        text("presets", T(
            "Each variant in this tutor is a named set of rule options (a preset). This course "
            "plays the common rules (拖拉机); the Henan Shuangsheng (河南双升) and Five-Three-Two "
            "(五三二) courses change only a few options.",
            "本教程的每种玩法都是一组有名字的规则选项（预设）。这门课用通行规则（拖拉机）；"
            "河南双升和五三二两门课只改动其中少数选项。",
            "本教程的每種玩法都是一組有名字的規則選項（預設）。這門課用通行規則（拖拉機）；"
            "河南雙升和五三二兩門課只改動其中少數選項。"),
            rule="R-OPT"),
        text("group", T(
            "Each hand has a level rank and usually a trump suit. The trumps are both jokers, every "
            "card of the level rank in all four suits, and every card of the trump suit. Together "
            "they count as one suit, the trump suit. Here the level is 2 and hearts are trump.",
            "每一局都有一个级牌点数，通常还有一门主花色。主牌包括大小王、四种花色里所有级牌、以及主花色的全部牌，"
            "它们合起来算作同一门“主”。本例打 2，红桃是主。",
            "每一局都有一個級牌點數，通常還有一門主花色。主牌包括大小王、四種花色裡所有級牌、以及主花色的全部牌，"
            "它們合起來算作同一門「主」。本例打 2，紅桃是主。"),
            cards="BJ SJ 2H 2S 2D 2C AH 3H", ctx=CTX, rule="R-GROUP"),
        select("pick_trump", T(
            "Level 2, hearts trump. Exactly one of these cards is a trump: select it.",
            "打 2，红桃主。下面只有一张是主牌，请选出来。", "打 2，紅桃主。下面只有一張是主牌，請選出來。"),
            cards="AS 2C KD QC 7S", pick=1, ctx=CTX,
            check={"kind": "classify", "cards": "$selection"}, expect={"suit": "T"},
            hints=[T("No heart is shown, so look for a level card.", "这里没有红桃，找找级牌。",
                     "這裡沒有紅桃，找找級牌。"),
                   T("Every 2 is a trump this hand, whatever its suit.", "本局所有的 2 都是主，不论花色。",
                     "本局所有的 2 都是主，不論花色。")],
            rule="R-GROUP"),
        choice("order", T(
            "Inside the trumps: big joker, small joker, the level card of the trump suit, the other "
            "level cards, then the trump suit from A down. Which play wins this trick?",
            "主牌内部的大小：大王、小王、主花色级牌、其他级牌，然后是主花色从 A 往下。这一轮谁大？",
            "主牌內部的大小：大王、小王、主花色級牌、其他級牌，然後是主花色從 A 往下。這一輪誰大？"),
            check=trick(["9S", "2S", "AH", "2H"]), options=play_options(["9S", "2S", "AH", "2H"]),
            ctx=CTX,
            hints=[T("Every play after the lead is a trump; compare them.", "后面三家都出了主，比较它们。",
                     "後面三家都出了主，比較它們。"),
                   T("The 2 of the trump suit outranks the other 2s and the trump A.",
                     "主花色的 2 大于其他花色的 2，也大于主 A。", "主花色的 2 大於其他花色的 2，也大於主 A。")],
            rule="R-ORDER"),
        choice("tie", T(
            "Equal cards never beat each other: the one played first wins. ♣2 and ♠2 are equal "
            "trumps here. Who wins?",
            "等值的牌互不相压，先出的为大。本例中梅花 2 和黑桃 2 是等值的主。谁赢？",
            "等值的牌互不相壓，先出的為大。本例中梅花 2 和黑桃 2 是等值的主。誰贏？"),
            check=trick(["KD", "2C", "2S", "AD"]), options=play_options(["KD", "2C", "2S", "AD"]),
            ctx=CTX,
            hints=[T("Both 2s are trumps, so they beat the diamonds.", "两张 2 都是主，都大于方块。",
                     "兩張 2 都是主，都大於方塊。"),
                   T("Between two equal cards, the earlier one stays on top.", "两张等值的牌，先出的那张大。",
                     "兩張等值的牌，先出的那張大。")],
            rule="R-TIE"),
    ], ctx=CTX),
]

TYPE_TRACTOR = [(("lesson.opt.tractor", {}), {"type": "tractor"}),
                (("lesson.opt.not_tractor", {}), {"type": {"$not": "tractor"}})]
STANDS = [(("lesson.opt.stands", {}), {"stands": True}), (("lesson.opt.fails", {}), {"stands": False})]
YES_FORCED = [(("lesson.opt.yes", {}), {"forced": True}), (("lesson.opt.no", {}), {"forced": False})]
YES_SAFE = [(("lesson.opt.yes", {}), {"safe": True}), (("lesson.opt.no", {}), {"safe": False})]


def seats(field, n=4):
    return [(("lesson.opt.seat", {"n": i + 1}), {field: i}) for i in range(n)]


LESSONS += [
    lesson("common.units", "common",
           T("Pairs and tractors", "对子与拖拉机", "對子與拖拉機"),
           T("The units you can lead: singles, pairs, tractors, and how a hand splits into them.",
             "能出的牌型：单张、对子、拖拉机，以及一手牌怎样拆成这些牌型。",
             "能出的牌型：單張、對子、拖拉機，以及一手牌怎樣拆成這些牌型。"),
           ["common.basics"], [
        select("pair", T(
            "A pair is two copies of the very same card: same suit, same rank. Select a pair.",
            "对子是两张完全相同的牌：同花色、同点数。请选出一个对子。",
            "對子是兩張完全相同的牌：同花色、同點數。請選出一個對子。"),
            cards="9S 9C 9S 10S 5D 5H", pick=2, check={"kind": "classify", "cards": "$selection"},
            expect={"type": "pair"},
            hints=[T("Same rank is not enough: the suits must match too.", "只是点数相同还不够，花色也要相同。",
                     "只是點數相同還不夠，花色也要相同。"),
                   T("There are two ♠9s.", "这里有两张黑桃 9。", "這裡有兩張黑桃 9。")],
            rule="R-PAIR"),
        choice("not_pair", T(
            "Level 5, spades trump: ♥5 and ♦5 are equal trumps. Played together, are they a pair?",
            "打 5，黑桃主：红桃 5 和方块 5 是一样大的主。两张一起出，算对子吗？",
            "打 5，黑桃主：紅桃 5 和方塊 5 是一樣大的主。兩張一起出，算對子嗎？"),
            check={"kind": "classify", "cards": "5H 5D"}, cards="5H 5D",
            ctx={"rules": "tractor", "level": "5", "trump": "S"},
            options=[(("lesson.opt.pair", {}), {"type": "pair"}),
                     (("lesson.opt.two_singles", {}), {"type": "throw"})],
            hints=[T("Equal in strength is not the same card.", "一样大不等于同一张牌。", "一樣大不等於同一張牌。"),
                   T("A pair needs the same suit.", "对子必须同花色。", "對子必須同花色。")],
            rule="R-PAIR"),
        text("ladder", T(
            "Think of each suit as a ladder of steps, low to high. The level rank leaves the plain "
            "suits and joins the trumps, so at level 9 the clubs ladder goes …7, 8, 10, J…: 8 and 10 "
            "sit on neighbouring steps. Equal cards, such as the level cards of the other suits, "
            "share one step.",
            "把每门花色想成一架从低到高的梯子。级牌离开副牌、加入主牌，所以打 9 时梅花的梯子是……7、8、10、J……，"
            "8 和 10 成了相邻的两级。一样大的牌（比如各副花色的级牌）站在同一级。",
            "把每門花色想成一架從低到高的梯子。級牌離開副牌、加入主牌，所以打 9 時梅花的梯子是……7、8、10、J……，"
            "8 和 10 成了相鄰的兩級。一樣大的牌（比如各副花色的級牌）站在同一級。"),
            cards="7C 8C 10C JC", ctx={"rules": "tractor", "level": "9", "trump": "H"}, rule="R-LADDER"),
        select("tractor", T(
            "A tractor is two or more pairs on neighbouring steps of one suit. Select a tractor of "
            "two pairs.",
            "拖拉机是同一门里相邻两级（或更多级）上的对子。请选出一个两对的拖拉机。",
            "拖拉機是同一門裡相鄰兩級（或更多級）上的對子。請選出一個兩對的拖拉機。"),
            cards="7C 7C 8C 8C 10C 10C 9D 9D", pick=4,
            check={"kind": "classify", "cards": "$selection"}, expect={"type": "tractor"},
            hints=[T("The pairs must be in the same suit.", "对子要同一花色。", "對子要同一花色。"),
                   T("♣8 and ♣10 are not neighbours at level 2: ♣9 sits between.",
                     "打 2 时梅花 8 和 10 不相邻，中间还有 9。", "打 2 時梅花 8 和 10 不相鄰，中間還有 9。")],
            rule="R-TRACTOR"),
        choice("bridge", T(
            "Level 9: are ♣8♣8 ♣10♣10 a tractor?", "打 9：梅花 8 8 10 10 是拖拉机吗？",
            "打 9：梅花 8 8 10 10 是拖拉機嗎？"),
            check={"kind": "classify", "cards": "8C 8C 10C 10C"}, cards="8C 8C 10C 10C",
            ctx={"rules": "tractor", "level": "9", "trump": "H"}, options=TYPE_TRACTOR,
            hints=[T("Where are the 9s this hand?", "这一局的 9 在哪里？", "這一局的 9 在哪裡？"),
                   T("The 9s are trumps, so they leave the clubs ladder.", "9 是主牌，离开了梅花的梯子。",
                     "9 是主牌，離開了梅花的梯子。")],
            rule="R-TRACTOR"),
        choice("decompose", T(
            "Level 2, hearts trump. Someone leads ♥A♥A ♠2♠2 ♣2♣2 together. How many units does it "
            "split into? (The engine keeps the longest tractor whole.)",
            "打 2，红桃主。有人同时出红桃 A A、黑桃 2 2、梅花 2 2。这手牌拆成几组？（引擎会保留最长的拖拉机。）",
            "打 2，紅桃主。有人同時出紅桃 A A、黑桃 2 2、梅花 2 2。這手牌拆成幾組？（引擎會保留最長的拖拉機。）"),
            check={"kind": "classify", "cards": "AH AH 2S 2S 2C 2C"}, cards="AH AH 2S 2S 2C 2C",
            options=[(("lesson.opt.units", {"n": 1}), {"units": {"$len": 1}}),
                     (("lesson.opt.units", {"n": 2}), {"units": {"$len": 2}}),
                     (("lesson.opt.units", {"n": 3}), {"units": {"$len": 3}})],
            hints=[T("♠2 and ♣2 are equal: they share one step.", "黑桃 2 和梅花 2 一样大，在同一级。",
                     "黑桃 2 和梅花 2 一樣大，在同一級。"),
                   T("Trump A and one of the 2-pairs make a tractor; the other 2-pair is left over.",
                     "主 A 对和其中一对 2 组成拖拉机，另一对 2 单独成组。",
                     "主 A 對和其中一對 2 組成拖拉機，另一對 2 單獨成組。")],
            rule="R-DECOMPOSE"),
        choice("lead", T(
            "A lead must be all one suit, and all the trumps count as one suit. Level 2, hearts "
            "trump: may you lead ♠A and ♥K together?",
            "首家出牌必须是同一门，所有主牌算一门。打 2，红桃主：可以同时出黑桃 A 和红桃 K 吗？",
            "首家出牌必須是同一門，所有主牌算一門。打 2，紅桃主：可以同時出黑桃 A 和紅桃 K 嗎？"),
            check={"kind": "classify", "cards": "AS KH"}, cards="AS KH",
            options=[(("lesson.opt.lead_ok", {}), {"type": {"$not": "invalid"}}),
                     (("lesson.opt.lead_bad", {}), {"type": "invalid"})],
            hints=[T("Which suit is each card in?", "这两张各属于哪一门？", "這兩張各屬於哪一門？"),
                   T("♥K is a trump, ♠A is a spade.", "红桃 K 是主，黑桃 A 是副牌。", "紅桃 K 是主，黑桃 A 是副牌。")],
            rule="R-LEAD"),
    ], ctx=CTX),

    lesson("common.play", "common",
           T("Following and winning a trick", "跟牌与赢牌", "跟牌與贏牌"),
           T("What you must follow with, when you may ruff, and who wins.",
             "必须怎样跟牌、什么时候可以毙，以及谁赢这一轮。", "必須怎樣跟牌、什麼時候可以斃，以及誰贏這一輪。"),
           ["common.units"], [
        select("suit", T(
            "Everyone plays as many cards as the lead, and must use the led suit while they have "
            "it. ♦K is led. Select your card.",
            "每人出的张数和首家相同，只要手里还有首家那门花色就必须跟那门。首家出方块 K，请出牌。",
            "每人出的張數和首家相同，只要手裡還有首家那門花色就必須跟那門。首家出方塊 K，請出牌。"),
            cards="9D 4D AS 3C", pick=1,
            check={"kind": "follow", "lead": "KD", "hand": "9D 4D AS 3C", "play": "$selection"},
            expect={"legal": True},
            hints=[T("You still hold diamonds.", "你手里还有方块。", "你手裡還有方塊。"),
                   T("Either diamond is fine.", "哪张方块都可以。", "哪張方塊都可以。")],
            rule="R-FOLLOW"),
        select("pair", T(
            "When a pair is led, you must follow with a pair of that suit if you have one. ♦Q♦Q is "
            "led. Select your two cards.",
            "首家出对子时，你有同门对子就必须跟对子。首家出方块 Q Q，请选两张牌。",
            "首家出對子時，你有同門對子就必須跟對子。首家出方塊 Q Q，請選兩張牌。"),
            cards="9D 9D 8D 3D AS AS", pick=2,
            check={"kind": "follow", "lead": "QD QD", "hand": "9D 9D 8D 3D AS AS", "play": "$selection"},
            expect={"legal": True},
            hints=[T("The ♠A pair is in the wrong suit.", "黑桃 A 对不是这门花色。", "黑桃 A 對不是這門花色。"),
                   T("You hold a diamond pair.", "你有一对方块。", "你有一對方塊。")],
            rule="R-FOLLOW"),
        select("ruff", T(
            "Out of the led suit, you may play anything, and a trump beats any plain card (毙). "
            "♣Q is led and you have no clubs. Select the card that wins the trick.",
            "手里没有首家那门花色时，可以出任何牌，而主牌能压过任何副牌（毙）。首家出梅花 Q，你没有梅花。"
            "请选出能赢这一轮的牌。",
            "手裡沒有首家那門花色時，可以出任何牌，而主牌能壓過任何副牌（斃）。首家出梅花 Q，你沒有梅花。"
            "請選出能贏這一輪的牌。"),
            cards="AS 4S 3H 8D", pick=1, check={"kind": "trick", "plays": ["QC", "$selection"]},
            expect={"winner": 1},
            hints=[T("An ace of another plain suit never wins.", "别的副牌 A 也赢不了。", "別的副牌 A 也贏不了。"),
                   T("Hearts are trump.", "红桃是主。", "紅桃是主。")],
            rule="R-BEAT"),
        choice("forced", T(
            "♠J♠J is led. Your hand: ♠Q ♠8♠8 ♦4♦4 ♣3. Is your follow forced, with only one legal "
            "choice?",
            "首家出黑桃 J J。你的牌：黑桃 Q、黑桃 8 8、方块 4 4、梅花 3。你的跟法是不是只有唯一一种？",
            "首家出黑桃 J J。你的牌：黑桃 Q、黑桃 8 8、方塊 4 4、梅花 3。你的跟法是不是只有唯一一種？"),
            check={"kind": "forced", "lead": "JS JS", "hand": "QS 8S 8S 4D 4D 3C"},
            cards="QS 8S 8S 4D 4D 3C", options=YES_FORCED,
            hints=[T("You hold a spade pair.", "你有一对黑桃。", "你有一對黑桃。"),
                   T("A pair must be answered with your pair of that suit.", "有同门对子就必须跟对子。",
                     "有同門對子就必須跟對子。")],
            rule="R-FORCED"),
        choice("cover", T(
            "To beat a pair you need a pair: two unmatched trumps do not beat it, and cards of "
            "another plain suit (a discard, 垫牌) never win. Who wins?",
            "要压对子就得用对子：两张不成对的主压不住，别的副牌（垫牌）永远不会赢。谁赢？",
            "要壓對子就得用對子：兩張不成對的主壓不住，別的副牌（墊牌）永遠不會贏。誰贏？"),
            check=trick(["9D 9D", "AD KD", "3H 4H", "5C 5C"]),
            options=play_options(["9D 9D", "AD KD", "3H 4H", "5C 5C"]),
            hints=[T("Only a pair can beat a pair.", "只有对子才能压对子。", "只有對子才能壓對子。"),
                   T("The clubs pair is a discard.", "梅花对子是垫牌。", "梅花對子是墊牌。")],
            rule="R-COVER"),
        choice("points", T(
            "All point cards in a trick go to the side that wins it; only the attackers' points "
            "are counted. How many points are in this trick?",
            "一轮中的所有分牌都归赢这一轮的一方；只统计闲家拿到的分。这一轮有多少分？",
            "一輪中的所有分牌都歸贏這一輪的一方；只統計閒家拿到的分。這一輪有多少分？"),
            check=trick(["KD", "10D", "5D", "4H"]),
            options=[(("lesson.opt.points", {"n": n}), {"points": n}) for n in (15, 20, 25)],
            hints=[T("K and 10 are 10 each.", "K 和 10 各 10 分。", "K 和 10 各 10 分。"),
                   T("Add the 5.", "再加上 5 分。", "再加上 5 分。")],
            rule="R-TRICK-POINTS"),
    ], ctx=CTX),

    lesson("common.throws", "common",
           T("Throws (甩牌)", "甩牌", "甩牌"),
           T("Leading several units at once, when a throw stands, and what a failed one costs.",
             "一次出几组牌：甩牌何时成功，失败要付出什么。", "一次出幾組牌：甩牌何時成功，失敗要付出什麼。"),
           ["common.play"], [
        text("what", T(
            "A throw (甩牌) leads several units of one suit at once, for example ♠A with ♠K♠K. It "
            "stands only if no other player holds, in that suit, something that beats one of its "
            "units. Here the table knows all hands, as an online referee does.",
            "甩牌是一次出同一门的好几组牌，例如黑桃 A 加黑桃 K K。只有当其他人在这门里都压不住其中任何一组时，"
            "甩牌才成功。这里像网上裁判一样，按所有人的真实手牌判定。",
            "甩牌是一次出同一門的好幾組牌，例如黑桃 A 加黑桃 K K。只有當其他人在這門裡都壓不住其中任何一組時，"
            "甩牌才成功。這裡像網上裁判一樣，按所有人的真實手牌判定。"),
            cards="AS KS KS", rule="R-THROW-ADJ"),
        choice("ruffers", T(
            "You throw ♦A ♦K. Nobody else has a diamond, though they hold plenty of trumps. Does "
            "the throw stand?",
            "你甩方块 A、K。其他人都没有方块，但手里有不少主。甩牌成功吗？",
            "你甩方塊 A、K。其他人都沒有方塊，但手裡有不少主。甩牌成功嗎？"),
            check={"kind": "throw", "throw": "AD KD", "others": ["3H 3H 4H", "5C JH", "6S 2S"]},
            cards="AD KD", options=STANDS,
            hints=[T("Only the led suit can beat a throw's unit.", "只有同一门的牌才能压住甩牌中的组。",
                     "只有同一門的牌才能壓住甩牌中的組。"),
                   T("A player who could ruff does not make it fail.", "能毙的人不会让甩牌失败。",
                     "能斃的人不會讓甩牌失敗。")],
            rule="R-THROW-BEAT"),
        choice("fail", T(
            "You throw ♠A ♠Q♠Q, but an opponent holds ♠K♠K. A failed throw becomes its smallest "
            "beaten unit; the rest goes back to your hand. What do you end up playing?",
            "你甩黑桃 A 和黑桃 Q Q，但对手有黑桃 K K。甩牌失败时只出被压住的最小一组，其余收回。你最后出的是？",
            "你甩黑桃 A 和黑桃 Q Q，但對手有黑桃 K K。甩牌失敗時只出被壓住的最小一組，其餘收回。你最後出的是？"),
            check={"kind": "throw", "throw": "AS QS QS", "others": ["KS KS 3D", "4C 6C", "JS 9D"]},
            cards="AS QS QS",
            options=[(("lesson.opt.forced_unit", {"cards": "♠A"}), {"forced": {"type": "single"}}),
                     (("lesson.opt.forced_unit", {"cards": "♠Q♠Q"}), {"forced": {"type": "pair"}}),
                     (("lesson.opt.stands", {}), {"stands": True})],
            hints=[T("Can anyone beat the single ♠A?", "有人能压住单张黑桃 A 吗？", "有人能壓住單張黑桃 A 嗎？"),
                   T("♠K♠K beats the ♠Q pair.", "黑桃 K K 压住了 Q Q。", "黑桃 K K 壓住了 Q Q。")],
            rule="R-THROW-FAIL"),
        text("penalty", T(
            "In the common rules a failed throw also costs points: 10 per card taken back, in the "
            "attackers' favour when a dealer-side player failed, against them when an attacker did.",
            "通行规则里甩牌失败还要罚分：每收回一张罚 10 分；庄家一方失败就给闲家加分，闲家失败就给闲家减分。",
            "通行規則裡甩牌失敗還要罰分：每收回一張罰 10 分；莊家一方失敗就給閒家加分，閒家失敗就給閒家減分。"),
            rule="R-THROW-FAIL"),
        choice("safe", T(
            "You cannot see the other hands. A throw is safe when even all the unseen cards together "
            "could not beat any unit. You hold ♠A ♠K♠K; nothing has been played yet. Is throwing "
            "♠A ♠K♠K safe?",
            "你看不到别人的牌。若把所有看不到的牌合在一起也压不住任何一组，这手甩牌就安全。你有黑桃 A 和 K K，"
            "还没有人出过牌。甩黑桃 A、K K 安全吗？",
            "你看不到別人的牌。若把所有看不到的牌合在一起也壓不住任何一組，這手甩牌就安全。你有黑桃 A 和 K K，"
            "還沒有人出過牌。甩黑桃 A、K K 安全嗎？"),
            check={"kind": "safe-throw", "throw": "AS KS KS", "hand": "AS KS KS 4D 7C", "seen": ""},
            cards="AS KS KS 4D 7C", options=YES_SAFE,
            hints=[T("Only a ♠A♠A pair could beat your ♠K pair.", "只有黑桃 A A 对能压住你的 K K。",
                     "只有黑桃 A A 對能壓住你的 K K。"),
                   T("You hold one of the two ♠As yourself.", "两张黑桃 A 中有一张在你手里。",
                     "兩張黑桃 A 中有一張在你手裡。")],
            rule="R-THROW-SAFE"),
    ], ctx={"rules": "tractor", "level": "2", "trump": "H"}),

    lesson("common.scoring", "common",
           T("Kitty, points and levels", "底牌、得分与升级", "底牌、得分與升級"),
           T("The kitty bonus, the level table, passing the deal, winning the match.",
             "扣底加分、升级表、换庄，以及怎样赢下整场。", "扣底加分、升級表、換莊，以及怎樣贏下整場。"),
           ["common.play"], [
        text("kitty", T(
            "The dealer buries 8 cards (the kitty). If the attackers win the last trick, they also "
            "score the kitty's points times a multiplier: in the common rules, 2 × the number of "
            "cards each player played to that trick.",
            "庄家埋下 8 张底牌。若闲家赢了最后一轮，还能拿到底牌里的分，并乘以倍数：通行规则下，倍数是最后一轮每人出牌张数的 2 倍。",
            "莊家埋下 8 張底牌。若閒家贏了最後一輪，還能拿到底牌裡的分，並乘以倍數：通行規則下，倍數是最後一輪每人出牌張數的 2 倍。"),
            rule="R-KITTY"),
        choice("kitty_pair", T(
            "The attackers have 60 points and win the last trick, led with ♠9♠9. The kitty holds "
            "♥K ♠10 ♦5 and five blanks. What is their total?",
            "闲家已有 60 分，并赢了最后一轮（首家出黑桃 9 9）。底牌里有红桃 K、黑桃 10、方块 5 和五张不算分的牌。闲家总分是多少？",
            "閒家已有 60 分，並贏了最後一輪（首家出黑桃 9 9）。底牌裡有紅桃 K、黑桃 10、方塊 5 和五張不算分的牌。閒家總分是多少？"),
            check={"kind": "score", "attacker_points": 60, "kitty": "KH 10S 5D 3C 4C 6C 7C 8C",
                   "last_lead": "9S 9S", "attackers_won_last": True},
            cards="KH 10S 5D 3C 4C 6C 7C 8C",
            options=[(("lesson.opt.total", {"n": n}), {"total": n}) for n in (85, 110, 160)],
            hints=[T("The kitty holds 25 points.", "底牌有 25 分。", "底牌有 25 分。"),
                   T("Two cards each in the last trick: × 4.", "最后一轮每人两张：乘 4。", "最後一輪每人兩張：乘 4。")],
            rule="R-KITTY"),
        choice("levels", T(
            "The attackers end with 35 points. What happens? (0: dealers +3; 5–35: +2; 40–75: +1; "
            "80–115: attackers take over; 120 or more: they also go up, one more level per 40.)",
            "闲家最后得 35 分，结果如何？（0 分：庄家升 3 级；5–35：升 2 级；40–75：升 1 级；80–115：闲家上台；"
            "120 以上：闲家上台并升级，每多 40 分再多升一级。）",
            "閒家最後得 35 分，結果如何？（0 分：莊家升 3 級；5–35：升 2 級；40–75：升 1 級；80–115：閒家上台；"
            "120 以上：閒家上台並升級，每多 40 分再多升一級。）"),
            check={"kind": "score", "attacker_points": 35, "kitty": "", "attackers_won_last": False},
            options=[(("lesson.opt.dealers_up", {"n": 1}), {"outcome": "dealers_up", "levels": 1}),
                     (("lesson.opt.dealers_up", {"n": 2}), {"outcome": "dealers_up", "levels": 2}),
                     (("lesson.opt.swap", {}), {"outcome": "swap"})],
            hints=[T("35 is under 40.", "35 不到 40。", "35 不到 40。"),
                   T("5 to 35 points: the dealers go up two.", "5 到 35 分：庄家升两级。", "5 到 35 分：莊家升兩級。")],
            rule="R-LEVELS"),
        choice("rotate", T(
            "Player 1 dealt and the dealers defended. Who deals next? (Defended: the dealer's "
            "partner; taken over: the next player in turn.)",
            "1 号玩家坐庄，庄家守住了。下一局谁坐庄？（守住：庄家的对家；被闲家上台：庄家的下家。）",
            "1 號玩家坐莊，莊家守住了。下一局誰坐莊？（守住：莊家的對家；被閒家上台：莊家的下家。）"),
            check={"kind": "rotate", "dealer": 0, "outcome": "dealers_up"}, options=seats("next_dealer"),
            hints=[T("The same team keeps the deal.", "还是同一队坐庄。", "還是同一隊坐莊。"),
                   T("Partners sit opposite: players 1 and 3.", "对家坐在对面：1 号和 3 号。",
                     "對家坐在對面：1 號和 3 號。")],
            rule="R-ROTATE"),
        choice("match", T(
            "Levels run 2 up to A. A team starting at 2 shuts the attackers out (0 points) four "
            "hands in a row. What does it play next?",
            "级数从 2 打到 A。一队从 2 开始，连续四局让闲家一分未得。下一局打几？",
            "級數從 2 打到 A。一隊從 2 開始，連續四局讓閒家一分未得。下一局打幾？"),
            check={"kind": "match", "rules": "tractor", "totals": [0, 0, 0, 0]},
            options=[(("lesson.opt.level", {"level": "K"}), {"level": "K"}),
                     (("lesson.opt.level", {"level": "A"}), {"level": "A", "winner": None}),
                     (("lesson.opt.won", {}), {"winner": 0})],
            hints=[T("A shut-out is worth three levels.", "让闲家零分升三级。", "讓閒家零分升三級。"),
                   T("2 → 5 → 8 → J → A; the match is won by defending at A.",
                     "2 → 5 → 8 → J → A；要在 A 守住才算赢。", "2 → 5 → 8 → J → A；要在 A 守住才算贏。")],
            rule="R-MATCH"),
    ], ctx=CTX),

    lesson("common.declare", "common",
           T("Declaring trump", "叫主", "叫主"),
           T("How trump is chosen during the deal in the common rules.", "通行规则下，发牌时怎样定主。",
             "通行規則下，發牌時怎樣定主。"),
           ["common.basics"], [
        text("how", T(
            "Each player gets 25 cards and 8 go to the kitty. While the cards are dealt, anyone may "
            "show a level card to name its suit trump. A stronger showing overturns it: a pair of "
            "one level card beats a single, a pair of small jokers beats that, a pair of big jokers "
            "beats everything; a joker pair means no trump. In the first hand the last declarer "
            "deals; the dealer takes the kitty, buries 8 and leads first.",
            "每人 25 张，8 张作底牌。发牌过程中，任何人都可以亮出一张级牌，叫它的花色为主。更强的亮法可以反掉它："
            "一对相同的级牌强于一张，一对小王更强，一对大王最强；亮王对就是无主。第一局由最后叫主的人坐庄；庄家拿底牌、埋 8 张、先出牌。",
            "每人 25 張，8 張作底牌。發牌過程中，任何人都可以亮出一張級牌，叫它的花色為主。更強的亮法可以反掉它："
            "一對相同的級牌強於一張，一對小王更強，一對大王最強；亮王對就是無主。第一局由最後叫主的人坐莊；莊家拿底牌、埋 8 張、先出牌。"),
            cards="2H 2S 2S SJ SJ BJ BJ", rule="R-T-DECLARE"),
        choice("overturn", T(
            "Level 2. Someone has shown ♥2. You hold ♠2♠2. Can you overturn?",
            "打 2。有人亮了红桃 2，你有黑桃 2 2。能反吗？", "打 2。有人亮了紅桃 2，你有黑桃 2 2。能反嗎？"),
            check={"kind": "declare", "level": "2", "cards": "2S 2S", "standing": "2H"},
            cards="2S 2S", options=[(("lesson.opt.yes", {}), {"overturns": True}),
                                    (("lesson.opt.no", {}), {"overturns": False})],
            hints=[T("Compare one card with a pair.", "比较一张和一对。", "比較一張和一對。"),
                   T("A pair of level cards is stronger than a single one.", "一对级牌强于一张。",
                     "一對級牌強於一張。")],
            rule="R-T-DECLARE"),
        choice("nt", T(
            "Someone shows ♠2♠2 and you show two small jokers. What is trump now?",
            "有人亮了黑桃 2 2，你亮出两张小王。现在什么是主？", "有人亮了黑桃 2 2，你亮出兩張小王。現在什麼是主？"),
            check={"kind": "declare", "level": "2", "cards": "SJ SJ", "standing": "2S 2S"},
            cards="SJ SJ", options=[(("lesson.opt.suit.S", {}), {"trump": "S"}),
                                    (("lesson.opt.suit.NT", {}), {"trump": "NT"})],
            hints=[T("A joker pair names no suit.", "王对不代表任何花色。", "王對不代表任何花色。"),
                   T("Only jokers and level cards are trumps then.", "这时只有王和级牌是主。",
                     "這時只有王和級牌是主。")],
            rule="R-T-DECLARE"),
    ], ctx={"rules": "tractor"}),
]
