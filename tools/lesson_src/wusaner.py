"""Course "wusaner": 五三二升级 (seed 004)."""

from tools.lesson_src.dsl import T, choice, lesson, play_options, select, text, trick

CTX = {"rules": "wusaner", "level": "A", "trump": "H"}

LESSONS = [
    lesson("wusaner.trumps", "wusaner",
           T("五三二: the trump classes", "五三二：主牌的种类", "五三二：主牌的種類"),
           T("Fixed trumps 王/5/3/2, the level cards and the declared suit.",
             "固定主牌王、5、3、2，级牌和亮出的花色。", "固定主牌王、5、3、2，級牌和亮出的花色。"),
           ["common.basics"], [
        text("fixed", T(
            "In 五三二 some trumps never change: both jokers and every 5, 3 and 2, in all suits, "
            "every hand. They are the fixed trumps (固定主牌).",
            "五三二里有些主牌永远不变：大小王，以及所有花色的 5、3、2，每局都是主。这叫固定主牌。",
            "五三二裡有些主牌永遠不變：大小王，以及所有花色的 5、3、2，每局都是主。這叫固定主牌。"),
            cards="BJ SJ 5C 3D 2S", ctx=CTX, rule="R-W-FIXED", seed="004:fixed-trumps"),
        text("flowing", T(
            "The other trumps change from hand to hand. The stage team's level makes every card of "
            "that rank a trump (the first hand is played at A, so every A is trump), and the suit "
            "shown when declaring makes its remaining cards trumps, the weakest trumps of all.",
            "另一些主牌每局都会变（流动主牌）。台上一方的级数使该点数的牌都成为主（第一局打 A，所有 A 都是主）；"
            "亮牌时亮出的花色，其余的牌也成为主，是主牌里最小的一类。",
            "另一些主牌每局都會變（流動主牌）。台上一方的級數使該點數的牌都成為主（第一局打 A，所有 A 都是主）；"
            "亮牌時亮出的花色，其餘的牌也成為主，是主牌裡最小的一類。"),
            cards="AC AH KH 9H", ctx=CTX, rule="R-GROUP", seed="004:flowing-trumps"),
        select("pick", T(
            "Playing A, hearts declared. Exactly one of these is a trump: select it.",
            "打 A，亮的是红桃。下面只有一张主牌，请选出来。", "打 A，亮的是紅桃。下面只有一張主牌，請選出來。"),
            cards="KS 3C QD 9S 4D", pick=1, ctx=CTX,
            check={"kind": "classify", "cards": "$selection"}, expect={"suit": "T"},
            hints=[T("No heart, joker or A is shown.", "这里没有红桃、王或 A。", "這裡沒有紅桃、王或 A。"),
                   T("Remember the fixed ranks 5, 3 and 2.", "想想固定的 5、3、2。", "想想固定的 5、3、2。")],
            rule="R-W-FIXED", seed="004:fixed-trumps"),
        choice("order", T(
            "From high to low: big joker, small joker, the level cards, the 5s, the 3s, the 2s, "
            "then the declared suit, then the plain suits. Who wins?",
            "从大到小：大王、小王、级牌、5、3、2、亮牌花色，最后是副牌。这一轮谁大？",
            "從大到小：大王、小王、級牌、5、3、2、亮牌花色，最後是副牌。這一輪誰大？"),
            check=trick(["9H", "3D", "AC", "5S"]), options=play_options(["9H", "3D", "AC", "5S"]),
            ctx=CTX,
            hints=[T("All four are trumps; the level is A.", "四张都是主；本局打 A。", "四張都是主；本局打 A。"),
                   T("Level cards rank just below the jokers.", "级牌仅次于大小王。", "級牌僅次於大小王。")],
            rule="R-ORDER", seed="004:order"),
        choice("level2", T(
            "When the level is 2, the 2s are level cards and rank just below the jokers, above the "
            "5s. Level 2, hearts declared: who wins?",
            "打 2 的时候，2 是级牌，仅次于王，比 5 还大。打 2、亮红桃，谁赢？",
            "打 2 的時候，2 是級牌，僅次於王，比 5 還大。打 2、亮紅桃，誰贏？"),
            check=trick(["5S", "2D", "3H", "KH"]), options=play_options(["5S", "2D", "3H", "KH"]),
            ctx={"rules": "wusaner", "level": "2", "trump": "H"},
            hints=[T("Which of these is the level card?", "这几张里哪张是级牌？", "這幾張裡哪張是級牌？"),
                   T("♦2 is a level card this hand.", "本局方块 2 是级牌。", "本局方塊 2 是級牌。")],
            rule="R-ORDER", seed="004:level-two"),
    ], ctx=CTX),
]
