"""Course "wusaner": 五三二升级 (seed 004)."""

from tools.lesson_src.dsl import T, choice, lesson, play_options, select, text, trick

CTX = {"rules": "wusaner", "level": "A", "trump": "H"}

LESSONS = [
    lesson("wusaner.trumps", "wusaner",
           T("Five-Three-Two (五三二): the trump classes", "五三二：主牌的种类", "五三二：主牌的種類"),
           T("Fixed trumps (jokers, 5s, 3s and 2s), the level cards and the declared suit.",
             "固定主牌王、5、3、2，级牌和亮出的花色。", "固定主牌王、5、3、2，級牌和亮出的花色。"),
           ["common.basics"], [
        text("fixed", T(
            "In Five-Three-Two (五三二) some trumps never change: both jokers and every 5, 3 and 2, in all suits, "
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
        choice("tie", T(
            "Inside a fixed rank the copy of the declared suit ranks first and the other three are "
            "equal (the 五三二 description does not say; the tutor ranks them like level cards). "
            "Between equal cards the first played wins. Hearts declared: who wins?",
            "同一个固定点数里，亮牌花色的那张最大，其余三张一样大（五三二的原文没有说明，本教程按级牌的规矩处理）。"
            "一样大时先出的为大。亮红桃：谁赢？",
            "同一個固定點數裡，亮牌花色的那張最大，其餘三張一樣大（五三二的原文沒有說明，本教程按級牌的規矩處理）。"
            "一樣大時先出的為大。亮紅桃：誰贏？"),
            check=trick(["5C", "5D", "4H", "3S"]), options=play_options(["5C", "5D", "4H", "3S"]),
            hints=[T("♣5 and ♦5 are equal trumps.", "梅花 5 和方块 5 是一样大的主。", "梅花 5 和方塊 5 是一樣大的主。"),
                   T("The earlier of two equal cards wins.", "一样大的两张，先出的赢。", "一樣大的兩張，先出的贏。")],
            rule="R-TIE"),
        text("deck", T(
            "Five-Three-Two (五三二) uses two packs with jokers, 108 cards, four players in two facing partnerships. "
            "The point cards are 5 (5 points), 10 and K (10 each); note that the 5s are also "
            "trumps.",
            "五三二用两副牌加王共 108 张，四人对坐成两伙。分牌是 5（5 分）、10 和 K（各 10 分）；注意 5 同时也是主牌。",
            "五三二用兩副牌加王共 108 張，四人對坐成兩夥。分牌是 5（5 分）、10 和 K（各 10 分）；注意 5 同時也是主牌。"),
            cards="5S 10D KC", rule="R-DECK", seed="004:points"),
        text("points", T(
            "The team off stage (台下) tries to win point cards; the team on stage (台上) tries to "
            "keep them from it (跑分). The off-stage team's total decides the next hand.",
            "台下一方要尽力得分，台上一方要尽力不让对方得分。台下的总分决定下一局的情况。",
            "台下一方要盡力得分，台上一方要盡力不讓對方得分。台下的總分決定下一局的情況。"),
            rule="R-POINTS", seed="004:points"),
        text("preset", T(
            "This course plays Five-Three-Two's rules: fixed trumps 5, 3 and 2, 26 cards each and a "
            "4-card kitty, its own level table, levels from A up to K, and no throw penalty.",
            "本课程按五三二的规则：固定主 5、3、2，每人 26 张、底牌 4 张，自己的升级表，级数从 A 打到 K，甩牌失败不罚。",
            "本課程按五三二的規則：固定主 5、3、2，每人 26 張、底牌 4 張，自己的升級表，級數從 A 打到 K，甩牌失敗不罰。"),
            rule="R-OPT"),
    ], ctx=CTX),
]


YES_OVER = [(("lesson.opt.yes", {}), {"overturns": True}), (("lesson.opt.no", {}), {"overturns": False})]
TYPE_TRACTOR = [(("lesson.opt.tractor", {}), {"type": "tractor"}),
                (("lesson.opt.not_tractor", {}), {"type": {"$not": "tractor"}})]
STANDS = [(("lesson.opt.stands", {}), {"stands": True}), (("lesson.opt.fails", {}), {"stands": False})]
DCTX = {"rules": "wusaner", "level": "A", "trump": "D"}


def stage_q(sid, t, totals, options, hints, rule="R-MATCH", seed="004:simulation"):
    return choice(sid, t, check={"kind": "match", "rules": "wusaner", "dealer_team": 0, "totals": totals},
                  options=options, hints=hints, rule=rule, seed=seed)


LESSONS += [
    lesson("wusaner.stage", "wusaner",
           T("Five-Three-Two (五三二): stage (台上), showing (亮牌), overcalling (顶牌) and the kitty (揭牌)", "五三二：台上台下、亮牌、顶牌、揭牌",
             "五三二：台上台下、亮牌、頂牌、揭牌"),
           T("Who defends, how the secret trump suit is shown and overcalled, and the kitty.",
             "谁守谁攻，暗定的主花色怎样亮出和顶掉，以及底牌怎么处理。", "誰守誰攻，暗定的主花色怎樣亮出和頂掉，以及底牌怎麼處理。"),
           ["wusaner.trumps"], [
        text("stage", T(
            "The team on stage (台上) defends, the team off stage (台下) attacks; partners sit "
            "opposite each other. In the first hand the team that shows a declaration (亮牌) first "
            "goes on stage; from then on the score decides.",
            "台上一方相当于防守方，台下一方相当于进攻方；同伙两人面对面坐。第一局先亮牌的一伙在台上，以后由得分决定台上台下。",
            "台上一方相當於防守方，台下一方相當於進攻方；同夥兩人面對面坐。第一局先亮牌的一夥在台上，以後由得分決定台上台下。"),
            rule="R-W-DECLARE", seed="004:stage"),
        text("deal", T(
            "The cards are drawn in turn, 26 each, and the last 4 stay aside as the kitty (底牌) for "
            "the stage team. Declaring happens only during the draw.",
            "依次摸牌，每人 26 张，最后留 4 张底牌给台上的一伙。亮牌、顶牌只能在摸牌过程中进行。",
            "依次摸牌，每人 26 張，最後留 4 張底牌給台上的一夥。亮牌、頂牌只能在摸牌過程中進行。"),
            rule="R-W-DEAL", seed="004:deal"),
        choice("declare", T(
            "Showing (亮牌): with the small joker and a pair (or a same-suit tractor) you show the joker face "
            "up and keep the pair face down: its suit is the secret trump suit. You hold the small "
            "joker and ♠5♠5. What do you declare?",
            "亮牌：手里有小王和一对（或同花色连对）时，把小王正面亮出，对子扣着不让别人看：对子的花色就是暗定的主花色。你有小王和黑桃 5 5。你亮的是什么？",
            "亮牌：手裡有小王和一對（或同花色連對）時，把小王正面亮出，對子扣著不讓別人看：對子的花色就是暗定的主花色。你有小王和黑桃 5 5。你亮的是什麼？"),
            check={"kind": "declare", "cards": "SJ 5S 5S"}, cards="SJ 5S 5S",
            options=[(("lesson.opt.suit.S", {}), {"trump": "S", "valid": True}),
                     (("lesson.opt.suit.H", {}), {"trump": "H", "valid": True}),
                     (("lesson.opt.invalid", {}), {"valid": False})],
            hints=[T("The hidden pair names the suit.", "扣着的对子决定花色。", "扣著的對子決定花色。"),
                   T("The pair is spades.", "这对是黑桃。", "這對是黑桃。")],
            rule="R-W-DECLARE", seed="004:declare"),
        choice("overcall", T(
            "Overcalling (顶牌): once per hand, another player with the big joker and a same-suit tractor of more "
            "pairs than the declaration may overcall. Someone declared with ♠5♠5; you hold the big "
            "joker and ♥4♥4 ♥5♥5. May you overcall?",
            "顶牌：每局只能一次，其他人有大王和同花色连对、且对数比亮牌多时可以顶。有人用黑桃 5 5 亮了牌；你有大王和红桃 4 4 5 5。能顶吗？",
            "頂牌：每局只能一次，其他人有大王和同花色連對、且對數比亮牌多時可以頂。有人用黑桃 5 5 亮了牌；你有大王和紅桃 4 4 5 5。能頂嗎？"),
            check={"kind": "declare", "cards": "BJ 4H 4H 5H 5H", "standing": "SJ 5S 5S"},
            cards="BJ 4H 4H 5H 5H", options=YES_OVER,
            hints=[T("Count the pairs: one against two.", "数对数：一对对两对。", "數對數：一對對兩對。"),
                   T("You have the big joker and a longer tractor.", "你有大王，连对也更长。", "你有大王，連對也更長。")],
            rule="R-W-OVERCALL", seed="004:overcall"),
        choice("overcall2", T(
            "Someone declared with ♣7♣7 ♣8♣8. You hold the big joker and ♦9♦9 ♦10♦10. May you "
            "overcall?",
            "有人用梅花 7 7 8 8 亮了牌。你有大王和方块 9 9 10 10。能顶吗？",
            "有人用梅花 7 7 8 8 亮了牌。你有大王和方塊 9 9 10 10。能頂嗎？"),
            check={"kind": "declare", "cards": "BJ 9D 9D 10D 10D", "standing": "SJ 7C 7C 8C 8C"},
            cards="BJ 9D 9D 10D 10D", options=YES_OVER,
            hints=[T("Higher ranks do not matter; the number of pairs does.", "点数大没用，要看对数。",
                     "點數大沒用，要看對數。"),
                   T("Two pairs against two pairs is not more.", "两对对两对，并没有更多。", "兩對對兩對，並沒有更多。")],
            rule="R-W-OVERCALL", seed="004:overcall"),
        text("overcall_team", T(
            "If the overcaller is on the other team, that team takes the stage in the first hand; "
            "a partner's overcall changes nothing. Either way the overcall's suit becomes the "
            "trump suit.",
            "顶牌的人若与亮牌的人不是一伙，第一局就由顶牌的一伙上台；是一伙则台上台下不变。顶牌的花色成为主花色。",
            "頂牌的人若與亮牌的人不是一夥，第一局就由頂牌的一夥上台；是一夥則台上台下不變。頂牌的花色成為主花色。"),
            rule="R-W-OVERCALL", seed="004:overcall"),
        choice("discard", T(
            "Taking the kitty (揭牌): a stage player who did not declare takes the 4 kitty cards and discards 4 plain "
            "cards that score nothing. Playing A, which of these may go?",
            "揭牌：台上不是亮牌人的那位拿起 4 张底牌，再扔出 4 张不是分值牌的副牌。打 A 时，下面哪张可以扔？",
            "揭牌：台上不是亮牌人的那位拿起 4 張底牌，再扔出 4 張不是分值牌的副牌。打 A 時，下面哪張可以扔？"),
            check={"kind": "wusaner-discard", "level": "A", "cards": "KS 5D 4C AH 10H"},
            cards="KS 5D 4C AH 10H",
            options=[(("lesson.opt.card", {"card": c}), {"discardable": {"$contains": c}})
                     for c in ("KS", "5D", "4C", "AH", "10H")],
            hints=[T("K and 10 score points.", "K 和 10 是分值牌。", "K 和 10 是分值牌。"),
                   T("5s and As are trumps when playing A.", "打 A 时 5 和 A 都是主。", "打 A 時 5 和 A 都是主。")],
            rule="R-W-KITTY", seed="004:kitty"),
        text("reveal", T(
            "The declarer may not take the kitty. After the discard, the declarer picks up any "
            "discarded cards of their secret suit and discards as many plain non-point cards in "
            "their place; then the hidden pair is shown and the trumps are final. The kitty taker "
            "leads the first trick.",
            "亮牌的人不能揭牌。揭牌人扔牌后，亮牌人把其中与自己所亮花色相同的牌拿回，再扔出同样张数的非分值副牌；然后亮出扣着的对子，主牌就此确定。由揭牌人首先出牌。",
            "亮牌的人不能揭牌。揭牌人扔牌後，亮牌人把其中與自己所亮花色相同的牌拿回，再扔出同樣張數的非分值副牌；然後亮出扣著的對子，主牌就此確定。由揭牌人首先出牌。"),
            rule="R-W-KITTY", seed="004:kitty"),
    ], ctx={"rules": "wusaner", "level": "A"}),

    lesson("wusaner.play", "wusaner",
           T("Five-Three-Two (五三二): following, ruffing (毙), discarding (贴) and following with any cards (随牌)", "五三二：跟牌、毙、贴、随牌", "五三二：跟牌、斃、貼、隨牌"),
           T("Nobody passes; follow in kind; ruff or discard when out of a suit; singles after a pair.",
             "不能不出；按同样性质跟牌；没有该门时毙或贴；没有对子时随牌。", "不能不出；按同樣性質跟牌；沒有該門時斃或貼；沒有對子時隨牌。"),
           ["wusaner.stage", "common.units"], [
        text("lead", T(
            "Nobody may pass: everyone plays on every trick, so hands stay the same size. The "
            "leader plays any single, pair, tractor or throw of one suit; the others answer with as "
            "many cards, of the same kind and suit when they can. The highest play leads next.",
            "升级里没有不出这一说，每人每轮都要出牌，保证手里张数一样。首家出一门里的单张、对子、连对或甩牌；其余人出同样张数，能跟同样花色、同样性质就必须跟。最大的人下一轮先出。",
            "升級裡沒有不出這一說，每人每輪都要出牌，保證手裡張數一樣。首家出一門裡的單張、對子、連對或甩牌；其餘人出同樣張數，能跟同樣花色、同樣性質就必須跟。最大的人下一輪先出。"),
            rule="R-LEAD", seed="004:play"),
        select("follow", T(
            "♣9 is led (playing A, diamonds trump). Select your card.", "首家出梅花 9（打 A，方块主）。请出牌。",
            "首家出梅花 9（打 A，方塊主）。請出牌。"),
            cards="KC 4C 7H 3S", pick=1,
            check={"kind": "follow", "lead": "9C", "hand": "KC 4C 7H 3S", "play": "$selection"},
            expect={"legal": True},
            hints=[T("You still hold clubs.", "你还有梅花。", "你還有梅花。"),
                   T("♠3 is a trump, not a spade.", "黑桃 3 是主，不算黑桃。", "黑桃 3 是主，不算黑桃。")],
            rule="R-FOLLOW", seed="004:play"),
        choice("discard", T(
            "Discarding (贴): out of the led suit you may discard another plain card, and a discard is always the "
            "smallest, whatever its rank. ♥4 is led: who wins?",
            "贴：没有首家那门花色时可以出其他副牌，贴出的牌永远最小，不管点数多大。首家出红桃 4，谁赢？",
            "貼：沒有首家那門花色時可以出其他副牌，貼出的牌永遠最小，不管點數多大。首家出紅桃 4，誰贏？"),
            check=trick(["4H", "KS", "6H", "9C"]), options=play_options(["4H", "KS", "6H", "9C"]),
            hints=[T("♠K is a discard here.", "黑桃 K 在这里是贴牌。", "黑桃 K 在這裡是貼牌。"),
                   T("Only hearts and trumps can win a heart lead.", "只有红桃和主能赢红桃。", "只有紅桃和主能贏紅桃。")],
            rule="R-COVER", seed="004:discard"),
        choice("ruff", T(
            "Ruffing (毙): out of the led suit you may play a trump instead, and take the lead. ♥4 is led: who "
            "wins?",
            "毙：没有首家那门花色时也可以出主牌，争取下一轮的出牌权。首家出红桃 4，谁赢？",
            "斃：沒有首家那門花色時也可以出主牌，爭取下一輪的出牌權。首家出紅桃 4，誰贏？"),
            check=trick(["4H", "KS", "3C", "6H"]), options=play_options(["4H", "KS", "3C", "6H"]),
            hints=[T("Every 3 is a trump.", "所有的 3 都是主。", "所有的 3 都是主。"),
                   T("A trump beats any plain card.", "主牌压过任何副牌。", "主牌壓過任何副牌。")],
            rule="R-BEAT", seed="004:ruff"),
        select("follow_pair", T(
            "Following with any cards (随牌): a plain pair is led and you hold no pair of that suit: play as many cards of that "
            "suit, any of them. ♣9♣9 is led; select two cards.",
            "随牌：首家出副牌对子，你没有这门的对子：出同样张数的这门牌，哪几张都行。首家出梅花 9 9，请选两张。",
            "隨牌：首家出副牌對子，你沒有這門的對子：出同樣張數的這門牌，哪幾張都行。首家出梅花 9 9，請選兩張。"),
            cards="KC 4C 6C 8H 8H", pick=2,
            check={"kind": "follow", "lead": "9C 9C", "hand": "KC 4C 6C 8H 8H", "play": "$selection"},
            expect={"legal": True},
            hints=[T("The heart pair is the wrong suit.", "红桃对子不是这门花色。", "紅桃對子不是這門花色。"),
                   T("Any two clubs will do.", "任意两张梅花都行。", "任意兩張梅花都行。")],
            rule="R-W-FOLLOW", seed="004:follow-singles"),
        select("trump_pair", T(
            "A trump pair is led and you hold no trump pair: you must play your highest trumps, as "
            "many as the lead. ♦6♦6 is led (diamonds trump); select two cards.",
            "首家出主对子而你没有主对子：必须从大到小出同样张数的主牌。首家出方块 6 6（方块主），请选两张。",
            "首家出主對子而你沒有主對子：必須從大到小出同樣張數的主牌。首家出方塊 6 6（方塊主），請選兩張。"),
            cards="BJ 3C 9D 7H 8H", pick=2,
            check={"kind": "follow", "lead": "6D 6D", "hand": "BJ 3C 9D 7H 8H", "play": "$selection"},
            expect={"legal": True},
            hints=[T("Your trumps are the big joker, ♣3 and ♦9.", "你的主是大王、梅花 3、方块 9。",
                     "你的主是大王、梅花 3、方塊 9。"),
                   T("Highest first: the joker and the 3.", "从大到小：大王和 3。", "從大到小：大王和 3。")],
            rule="R-W-FOLLOW", seed="004:follow-singles"),
        choice("forced", T(
            "Same lead, same hand: is that follow forced?", "同样的首出、同样的手牌：这种跟法是唯一的吗？",
            "同樣的首出、同樣的手牌：這種跟法是唯一的嗎？"),
            check={"kind": "forced", "lead": "6D 6D", "hand": "BJ 3C 9D 7H 8H"}, cards="BJ 3C 9D 7H 8H",
            options=[(("lesson.opt.yes", {}), {"forced": True}), (("lesson.opt.no", {}), {"forced": False})],
            hints=[T("Is there any choice among the two highest trumps?", "最大的两张主有选择余地吗？",
                     "最大的兩張主有選擇餘地嗎？"),
                   T("The big joker and ♣3 are the only highest two.", "最大的两张只能是大王和梅花 3。",
                     "最大的兩張只能是大王和梅花 3。")],
            rule="R-FORCED", seed="004:follow-singles"),
        choice("singles_lose", T(
            "Singles that follow a pair always lose to it: even a plain ♣4♣4 beats a big and a "
            "small joker played together. Who wins?",
            "随出的单牌永远比对子小：即使是副牌对 4，也比一张大王加一张小王大。谁赢？",
            "隨出的單牌永遠比對子小：即使是副牌對 4，也比一張大王加一張小王大。誰贏？"),
            check=trick(["4C 4C", "BJ SJ", "KC QC", "7H 8H"]),
            options=play_options(["4C 4C", "BJ SJ", "KC QC", "7H 8H"]),
            hints=[T("Is BJ + SJ a pair?", "大王加小王算对子吗？", "大王加小王算對子嗎？"),
                   T("No pair followed, so the lead holds.", "没人跟出对子，首家最大。", "沒人跟出對子，首家最大。")],
            rule="R-COVER", seed="004:follow-singles"),
        choice("pair", T(
            "Playing A: ♥5 and ♦5 are equal fixed trumps. Played together, are they a pair?",
            "打 A：红桃 5 和方块 5 是一样大的固定主。一起出算对子吗？", "打 A：紅桃 5 和方塊 5 是一樣大的固定主。一起出算對子嗎？"),
            check={"kind": "classify", "cards": "5H 5D"}, cards="5H 5D",
            options=[(("lesson.opt.pair", {}), {"type": "pair"}),
                     (("lesson.opt.two_singles", {}), {"type": {"$not": "pair"}})],
            hints=[T("A pair is two copies of one card.", "对子是同一张牌的两张。", "對子是同一張牌的兩張。"),
                   T("The suits differ.", "花色不同。", "花色不同。")],
            rule="R-PAIR"),
        choice("ladder", T(
            "Playing A: every 5 is a trump, so the clubs run …4, 6…. Are ♣4♣4 ♣6♣6 a tractor?",
            "打 A：所有的 5 都是主，所以梅花是……4、6……。梅花 4 4 6 6 是拖拉机吗？",
            "打 A：所有的 5 都是主，所以梅花是……4、6……。梅花 4 4 6 6 是拖拉機嗎？"),
            check={"kind": "classify", "cards": "4C 4C 6C 6C"}, cards="4C 4C 6C 6C", options=TYPE_TRACTOR,
            hints=[T("The fixed ranks leave the plain suits.", "固定主离开了副牌。", "固定主離開了副牌。"),
                   T("4 and 6 become neighbours.", "4 和 6 成了相邻。", "4 和 6 成了相鄰。")],
            rule="R-LADDER"),
        choice("jokers", T(
            "Are the two big jokers with the two small jokers a tractor?", "两张大王加两张小王是拖拉机吗？",
            "兩張大王加兩張小王是拖拉機嗎？"),
            check={"kind": "classify", "cards": "BJ BJ SJ SJ"}, cards="BJ BJ SJ SJ", options=TYPE_TRACTOR,
            hints=[T("Two pairs on the top two steps.", "最上面两级上的两对。", "最上面兩級上的兩對。"),
                   T("Neighbouring steps.", "相邻的两级。", "相鄰的兩級。")],
            rule="R-TRACTOR"),
        text("decompose", T(
            "A multi-unit lead is split into units layer by layer, keeping the longest tractor "
            "whole; followers are judged against those units.",
            "一次出多组牌时，按层拆成若干组，保持最长的连对完整；跟牌按这些组来判断。",
            "一次出多組牌時，按層拆成若干組，保持最長的連對完整；跟牌按這些組來判斷。"),
            rule="R-DECOMPOSE"),
        choice("points", T(
            "How many points are in ♣K ♣10 ♦5 ♣4, and who takes them?",
            "梅花 K、梅花 10、方块 5、梅花 4 共几分，归谁？", "梅花 K、梅花 10、方塊 5、梅花 4 共幾分，歸誰？"),
            check=trick(["KC", "10C", "5D", "4C"]),
            options=[(("lesson.opt.points", {"n": n}), {"points": n}) for n in (20, 25, 30)],
            hints=[T("The 5 counts even though it is a trump.", "5 虽然是主，也算分。", "5 雖然是主，也算分。"),
                   T("10 + 10 + 5.", "10 + 10 + 5。", "10 + 10 + 5。")],
            rule="R-TRICK-POINTS", seed="004:points"),
        text("throws", T(
            "Throws work as in the other games: several top units of one suit at once. They stand "
            "if nobody can beat a unit in that suit.",
            "甩牌和其他玩法一样：一次出同一门里几组最大的牌。没人能在这门里压住其中任何一组，甩牌就成功。",
            "甩牌和其他玩法一樣：一次出同一門裡幾組最大的牌。沒人能在這門裡壓住其中任何一組，甩牌就成功。"),
            rule="R-THROW-ADJ"),
        choice("throw", T(
            "Playing A, so ♣K is the top club. You throw ♣K ♣Q♣Q; the others hold ♣K, ♣J♣J and "
            "small clubs. Does the throw stand?",
            "打 A，所以梅花 K 是最大的梅花。你甩梅花 K 和 Q Q；其他人有梅花 K、J J 和小梅花。甩牌成功吗？",
            "打 A，所以梅花 K 是最大的梅花。你甩梅花 K 和 Q Q；其他人有梅花 K、J J 和小梅花。甩牌成功嗎？"),
            check={"kind": "throw", "throw": "KC QC QC", "others": ["KC 4C", "JC JC 6C", "7C 8D"]},
            cards="KC QC QC", options=STANDS,
            hints=[T("An equal ♣K does not beat yours.", "一样大的梅花 K 压不住你的。", "一樣大的梅花 K 壓不住你的。"),
                   T("♣J♣J is lower than ♣Q♣Q.", "J J 比 Q Q 小。", "J J 比 Q Q 小。")],
            rule="R-THROW-BEAT"),
        choice("safe", T(
            "Nothing has been played yet. Is throwing ♣K ♣Q♣Q safe for you?", "还没有人出过牌。甩梅花 K 和 Q Q 对你来说安全吗？",
            "還沒有人出過牌。甩梅花 K 和 Q Q 對你來說安全嗎？"),
            check={"kind": "safe-throw", "throw": "KC QC QC", "hand": "KC QC QC 9H 4D", "seen": ""},
            cards="KC QC QC 9H 4D",
            options=[(("lesson.opt.yes", {}), {"safe": True}), (("lesson.opt.no", {}), {"safe": False})],
            hints=[T("To beat ♣Q♣Q someone needs ♣K♣K.", "要压 Q Q 需要梅花 K K。", "要壓 Q Q 需要梅花 K K。"),
                   T("You hold one of the two ♣Ks.", "两张梅花 K 有一张在你手里。", "兩張梅花 K 有一張在你手裡。")],
            rule="R-THROW-SAFE"),
        text("fail", T(
            "A failed throw is replaced by its smallest beaten unit and the rest returns to the "
            "hand. Five-Three-Two adds no penalty.",
            "甩牌失败时改出被压住的最小一组，其余收回手中。五三二不另外罚分。",
            "甩牌失敗時改出被壓住的最小一組，其餘收回手中。五三二不另外罰分。"),
            rule="R-THROW-FAIL"),
    ], ctx=DCTX),

    lesson("wusaner.scoring", "wusaner",
           T("Five-Three-Two (五三二): scoring and the five-hand example", "五三二：计分与五局模拟", "五三二：計分與五局模擬"),
           T("The level table, the kitty, and a whole match worked through.",
             "升级表、底牌，以及一整段对局的推演。", "升級表、底牌，以及一整段對局的推演。"),
           ["wusaner.play"], [
        text("table", T(
            "After each hand the off-stage team's points decide: under 50, the stage team goes up "
            "two levels; 50 to 95, up one; 100 to 115, the teams swap with no level change; 120 or "
            "more, they swap and the new stage team goes up one. The stage team always plays its "
            "own level; each team starts at A.",
            "每局结束按台下的得分：不到 50 分，台上一伙升两级；50 到 95 分，升一级；100 到 115 分，换台下的一伙上台，不升级；120 分以上，换台下的一伙上台并升一级。"
            "台上一伙总是打自己的级数；两伙的初始级数都是 A。",
            "每局結束按台下的得分：不到 50 分，台上一夥升兩級；50 到 95 分，升一級；100 到 115 分，換台下的一夥上台，不升級；120 分以上，換台下的一夥上台並升一級。"
            "台上一夥總是打自己的級數；兩夥的初始級數都是 A。"),
            rule="R-LEVELS", seed="004:levels"),
        choice("levels", T(
            "The off-stage team made 110. What happens?", "台下得了 110 分。结果如何？", "台下得了 110 分。結果如何？"),
            check={"kind": "score", "attacker_points": 110, "kitty": "", "attackers_won_last": False},
            options=[(("lesson.opt.stage_up", {"n": 1}), {"outcome": "dealers_up", "levels": 1}),
                     (("lesson.opt.stage_swap", {}), {"outcome": "swap"}),
                     (("lesson.opt.stage_swap_up", {"n": 1}), {"outcome": "attackers_up"})],
            hints=[T("110 is between 100 and 115.", "110 在 100 和 115 之间。", "110 在 100 和 115 之間。"),
                   T("Swap, no level.", "换人上台，不升级。", "換人上台，不升級。")],
            rule="R-LEVELS", seed="004:levels"),
        choice("kitty", T(
            "The kitty holds only plain non-point cards, so winning the last trick rarely adds "
            "anything (the multiplier is a flat ×2). The off-stage team has 45 and wins the last "
            "trick over the kitty ♣4 ♦6 ♠7 ♥8. Their total?",
            "底牌里只有不算分的副牌，所以赢最后一轮几乎不加分（倍数固定 ×2）。台下已有 45 分并赢了最后一轮，底牌是梅花 4、方块 6、黑桃 7、红桃 8。总分？",
            "底牌裡只有不算分的副牌，所以贏最後一輪幾乎不加分（倍數固定 ×2）。台下已有 45 分並贏了最後一輪，底牌是梅花 4、方塊 6、黑桃 7、紅桃 8。總分？"),
            check={"kind": "score", "attacker_points": 45, "kitty": "4C 6D 7S 8H", "last_lead": "9C",
                   "attackers_won_last": True},
            cards="4C 6D 7S 8H",
            options=[(("lesson.opt.total", {"n": n}), {"total": n}) for n in (45, 90, 53)],
            hints=[T("How many points are in the kitty?", "底牌里有几分？", "底牌裡有幾分？"),
                   T("Zero times two is zero.", "零乘二还是零。", "零乘二還是零。")],
            rule="R-KITTY", seed="004:kitty"),
        text("sim", T(
            "A worked match. Hand 1, playing A: team one declared hearts with the small joker and "
            "♥5♥5, nobody overcalled, so team one is on stage. A diamond 4 was led; one player "
            "without diamonds discarded a Q, which lost; another ruffed with a trump and led next. "
            "Team two scored 40.",
            "模拟对局。第一局打 A：一队用小王和红桃 5 5 亮牌，无人顶牌，一队在台上。某一轮首家出方块 4，有人没有方块贴了一张 Q，仍然最小；另一人出主牌毙了，下一轮由他先出。最后二队得 40 分。",
            "模擬對局。第一局打 A：一隊用小王和紅桃 5 5 亮牌，無人頂牌，一隊在台上。某一輪首家出方塊 4，有人沒有方塊貼了一張 Q，仍然最小；另一人出主牌斃了，下一輪由他先出。最後二隊得 40 分。"),
            seed="004:simulation", rule="R-MATCH"),
        stage_q("r2", T("After hand 1 (team two scored 40), what does team one play in hand 2?",
                        "第一局二队得 40 分，第二局一队打几？", "第一局二隊得 40 分，第二局一隊打幾？"),
                [40], [(("lesson.opt.level", {"level": lv}), {"level": lv, "dealer_team": 0}) for lv in ("2", "3", "A")],
                [T("Under 50: up two.", "不到 50 分：升两级。", "不到 50 分：升兩級。"),
                 T("A → 2 → 3.", "A → 2 → 3。", "A → 2 → 3。")]),
        stage_q("r3", T("Hand 2: team two scores 80. What does team one play in hand 3?",
                        "第二局二队得 80 分，第三局一队打几？", "第二局二隊得 80 分，第三局一隊打幾？"),
                [40, 80], [(("lesson.opt.level", {"level": lv}), {"level": lv}) for lv in ("3", "4", "5")],
                [T("50 to 95: up one.", "50 到 95：升一级。", "50 到 95：升一級。"),
                 T("3 → 4.", "3 → 4。", "3 → 4。")]),
        stage_q("r4", T("Hand 3: team two scores 110. Who is on stage in hand 4, playing what?",
                        "第三局二队得 110 分。第四局谁在台上，打几？", "第三局二隊得 110 分。第四局誰在台上，打幾？"),
                [40, 80, 110],
                [(("lesson.opt.level", {"level": "4"}), {"level": "4"}),
                 (("lesson.opt.level", {"level": "A"}), {"level": "A", "dealer_team": 1})],
                [T("100 to 115: the teams swap.", "100 到 115：换人上台。", "100 到 115：換人上台。"),
                 T("Team two never went up: it is still at A.", "二队一直没升级，还是 A。", "二隊一直沒升級，還是 A。")]),
        stage_q("r5", T("Hand 4: team one, now off stage, scores 135. What is played in hand 5?",
                        "第四局一队在台下得 135 分。第五局打几？", "第四局一隊在台下得 135 分。第五局打幾？"),
                [40, 80, 110, 135],
                [(("lesson.opt.level", {"level": lv}), {"level": lv, "dealer_team": 0}) for lv in ("4", "5", "A")],
                [T("120 or more: swap and go up one.", "120 以上：换人上台并升一级。", "120 以上：換人上台並升一級。"),
                 T("Team one was at 4.", "一队原来是 4。", "一隊原來是 4。")]),
        text("cycle", T(
            "When a team gets past K the match is over; by agreement (option wusaner_cycle) you may "
            "instead go round to A and keep playing.",
            "有一伙打过 K 时这场就结束了；也可以约定（选项 wusaner_cycle）轮回到 A 继续打。",
            "有一夥打過 K 時這場就結束了；也可以約定（選項 wusaner_cycle）輪迴到 A 繼續打。"),
            rule="R-MATCH", seed="004:simulation"),
    ], ctx=CTX),
]
