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
            "plays the common rules, preset \"tractor\"; the 河南双升 and 五三二 courses change "
            "only a few options.",
            "本教程的每种玩法都是一组有名字的规则选项（预设）。这门课用通行规则，预设名为 tractor；"
            "河南双升和五三二两门课只改动其中少数选项。",
            "本教程的每種玩法都是一組有名字的規則選項（預設）。這門課用通行規則，預設名為 tractor；"
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
