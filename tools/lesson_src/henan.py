"""Course "henan": 河南双升 (seed 001)."""

from tools.lesson_src.dsl import T, choice, lesson, play_options, select, text, trick

CTX = {"rules": "henan", "level": "K", "trump": "S"}

LESSONS = [
    lesson("henan.trumps", "henan",
           T("河南双升: trumps and their order", "河南双升：主牌与大小顺序", "河南雙升：主牌與大小順序"),
           T("Permanent trumps, level cards, the trump suit, and how they rank.",
             "常主、级牌、主花色，以及它们的大小。", "常主、級牌、主花色，以及它們的大小。"),
           ["common.basics"], [
        text("deck", T(
            "河南双升 is played by four players in two facing partnerships, with two packs and "
            "four jokers: 108 cards. The point cards are the 5s (5 each), 10s and Ks (10 each), in "
            "every suit, trumps included.",
            "河南双升四人对坐结成两队，用两副牌加四张王，共 108 张。分牌是各花色（包括主牌）的 5（5 分）、"
            "10 和 K（各 10 分）。",
            "河南雙升四人對坐結成兩隊，用兩副牌加四張王，共 108 張。分牌是各花色（包括主牌）的 5（5 分）、"
            "10 和 K（各 10 分）。"),
            cards="5S 10H KD", rule="R-DECK", seed="001:deck"),
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
