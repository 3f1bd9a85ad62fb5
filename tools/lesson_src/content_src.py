"""The rules reference (content/rules/<game>.json) and the glossary
(content/glossary.json), with their text in three languages."""

from __future__ import annotations

from solver import games as registry
from tools.lesson_src.dsl import T

SHARED = ["R-OPT", "R-DECK", "R-POINTS", "R-GROUP", "R-ORDER", "R-TIE", "R-PAIR", "R-LADDER",
          "R-TRACTOR", "R-DECOMPOSE", "R-LEAD", "R-FOLLOW", "R-FORCED", "R-THROW-BEAT",
          "R-THROW-ADJ", "R-THROW-SAFE", "R-THROW-FAIL", "R-COVER", "R-BEAT", "R-TRICK-POINTS",
          "R-KITTY", "R-LEVELS", "R-MATCH"]

#: Which R-IDs of shared/RULES.md apply to which game of the registry
#: (solver/games.py, whose course must teach them: tests/test_lessons_coverage.py).
GAMES = {
    "tractor": {"seed": None,
                "rules": ["R-T-DECLARE", *SHARED, "R-ROTATE"]},
    "henan": {"seed": "001_414297f3a246f31f.txt",
              "rules": ["R-H-DEAL", "R-H-DECLARE", "R-H-OVERTURN", "R-H-RIOT", "R-H-KITTY", *SHARED,
                        "R-ROTATE"]},
    "wusaner": {"seed": "004_93f1229637e2d2a9.txt",
                "rules": ["R-W-DEAL", "R-W-FIXED", "R-W-DECLARE", "R-W-OVERCALL", "R-W-KITTY", *SHARED,
                          "R-W-FOLLOW"]},
    "yishang": {"seed": "000_c3b6b660962ebef2.txt",
                "rules": ["R-Y-SETUP", "R-Y-FACE", "R-Y-TARGET", "R-Y-UP", "R-Y-DOWN", "R-Y-WIN",
                          "R-Y-STALL"]},
}

# Rule texts: "ruleref.<RID>.title" and "ruleref.<RID>.text"; a per-game text
# "ruleref.<game>.<RID>.text" replaces the shared one where presets differ.
RULES: dict[str, tuple[tuple[str, str, str], tuple[str, str, str]]] = {
    "R-OPT": (T("Presets", "规则预设", "規則預設"), T(
        "Each variant is a frozen set of named options; an option can be overridden for one game.",
        "每种玩法是一组固定的具名选项；单局可以改动某个选项。", "每種玩法是一組固定的具名選項；單局可以改動某個選項。")),
    "R-DECK": (T("The pack", "用牌", "用牌"), T(
        "Two decks with four jokers: 108 cards. Each card exists twice; the copies are equal in play.",
        "两副牌加四张王，共 108 张。每张牌有两张，两张完全等值。", "兩副牌加四張王，共 108 張。每張牌有兩張，兩張完全等值。")),
    "R-POINTS": (T("Point cards", "分牌", "分牌"), T(
        "5 scores 5, 10 and K score 10: 200 points in the pack.", "5 是 5 分，10 和 K 各 10 分，全副牌 200 分。",
        "5 是 5 分，10 和 K 各 10 分，全副牌 200 分。")),
    "R-GROUP": (T("Trumps and plain suits", "主牌与副牌", "主牌與副牌"), T(
        "Trumps are the jokers, every level card, and every card of the trump suit; they form one suit. "
        "The rest are plain suits. With no trump suit only jokers and level cards are trumps.",
        "主牌包括大小王、所有级牌和主花色的全部牌，合为一门；其余是副牌。无主时只有王和级牌是主。",
        "主牌包括大小王、所有級牌和主花色的全部牌，合為一門；其餘是副牌。無主時只有王和級牌是主。")),
    "R-ORDER": (T("Order of cards", "牌的大小", "牌的大小"), T(
        "Big joker > small joker > level card of the trump suit > other level cards (equal) > trump "
        "suit A…2. Plain suits run A high to 2 low, without the level rank; plain suits never beat each other.",
        "大王 > 小王 > 主级牌 > 其他级牌（彼此相等）> 主花色 A…2。副牌 A 最大、2 最小（去掉级牌）；不同副牌之间不比大小。",
        "大王 > 小王 > 主級牌 > 其他級牌（彼此相等）> 主花色 A…2。副牌 A 最大、2 最小（去掉級牌）；不同副牌之間不比大小。")),
    "R-TIE": (T("Equal cards", "同样大的牌", "同樣大的牌"), T(
        "Equal cards never beat each other: the one played first wins.", "一样大的牌互不相压，先出的为大。",
        "一樣大的牌互不相壓，先出的為大。")),
    "R-PAIR": (T("Pairs", "对子", "對子"), T(
        "A pair is two copies of the same card (same suit and rank).", "对子是两张同花色、同点数的牌。",
        "對子是兩張同花色、同點數的牌。")),
    "R-LADDER": (T("The ladder", "牌阶", "牌階"), T(
        "Each suit is a ladder of steps, low to high; removed ranks leave no gap, equal cards share a step.",
        "每门牌是一架从低到高的梯子；被拿走的点数不留空档，一样大的牌站在同一级。",
        "每門牌是一架從低到高的梯子；被拿走的點數不留空檔，一樣大的牌站在同一級。")),
    "R-TRACTOR": (T("Tractors", "拖拉机（连对）", "拖拉機（連對）"), T(
        "Two or more pairs on neighbouring steps of one suit, including joker pairs, level pairs and "
        "the trump A next to the level cards.",
        "同一门中相邻各级上的两对或更多对，包括王对、级牌对，以及与级牌相邻的主 A 对。",
        "同一門中相鄰各級上的兩對或更多對，包括王對、級牌對，以及與級牌相鄰的主 A 對。")),
    "R-DECOMPOSE": (T("Splitting into units", "拆分牌型", "拆分牌型"), T(
        "A set of cards splits into units layer by layer, keeping the longest tractor whole.",
        "一组牌按层拆成若干组，保持最长的连对完整。", "一組牌按層拆成若干組，保持最長的連對完整。")),
    "R-LEAD": (T("Leading", "首家出牌", "首家出牌"), T(
        "A lead is all of one suit: a single, a pair, a tractor, or several of them (a throw).",
        "首出必须是同一门：单张、对子、连对，或几组一起（甩牌）。", "首出必須是同一門：單張、對子、連對，或幾組一起（甩牌）。")),
    "R-FOLLOW": (T("Following", "跟牌", "跟牌"), T(
        "Play as many cards as the lead; use the led suit while you have it; match its pairs, and a "
        "tractor with a tractor, as far as your cards allow.",
        "出与首家相同的张数；有首家那门就必须跟那门；尽可能跟出对子，有连对就跟连对。",
        "出與首家相同的張數；有首家那門就必須跟那門；盡可能跟出對子，有連對就跟連對。")),
    "R-FORCED": (T("Forced follows", "唯一跟法", "唯一跟法"), T(
        "A follow is forced when only one set of cards is legal; the two copies of a card count as one choice.",
        "只有一种合法出法时就叫唯一跟法；同一张牌的两张算同一种选择。", "只有一種合法出法時就叫唯一跟法；同一張牌的兩張算同一種選擇。")),
    "R-THROW-BEAT": (T("Beating a throw", "压住甩牌", "壓住甩牌"), T(
        "In the led suit only: a single is beaten by a higher single; a pair by a higher pair or a "
        "tractor with a higher top; a tractor by a tractor at least as long with a higher top.",
        "只看首家那门：单张被更大的单张压住；对子被更大的对子或顶张更大的连对压住；连对被至少一样长、顶张更大的连对压住。",
        "只看首家那門：單張被更大的單張壓住；對子被更大的對子或頂張更大的連對壓住；連對被至少一樣長、頂張更大的連對壓住。")),
    "R-THROW-ADJ": (T("Judging a throw", "甩牌裁定", "甩牌裁定"), T(
        "The referee checks the real hands: a throw with no beaten unit stands.",
        "裁判按真实手牌判定：没有一组被压住，甩牌就成功。", "裁判按真實手牌判定：沒有一組被壓住，甩牌就成功。")),
    "R-THROW-SAFE": (T("Safe throws", "安全甩牌", "安全甩牌"), T(
        "A throw is safe when all the cards you cannot see, taken together, beat none of its units.",
        "把所有看不到的牌合在一起也压不住任何一组，甩牌才安全。", "把所有看不到的牌合在一起也壓不住任何一組，甩牌才安全。")),
    "R-THROW-FAIL": (T("Failed throws", "甩牌失败", "甩牌失敗"), T(
        "A failed throw is replaced by its smallest beaten unit; the rest goes back to the hand.",
        "甩牌失败时改出被压住的最小一组，其余收回。", "甩牌失敗時改出被壓住的最小一組，其餘收回。")),
    "R-COVER": (T("Competing plays", "有效的跟牌", "有效的跟牌"), T(
        "A play can win only if it is one suit (the led one or trumps) and matches the lead's shape; "
        "discards never win.",
        "只有同一门（首家那门或主牌）且牌型对得上的出牌才能赢；垫牌永远不会赢。",
        "只有同一門（首家那門或主牌）且牌型對得上的出牌才能贏；墊牌永遠不會贏。")),
    "R-BEAT": (T("Winning a trick", "赢得一轮", "贏得一輪"), T(
        "Trumps beat a plain suit; within a suit the higher main unit wins; ties go to the earlier play.",
        "主牌大于副牌；同一门里比最主要那组的大小；一样大时先出的赢。", "主牌大於副牌；同一門裡比最主要那組的大小；一樣大時先出的贏。")),
    "R-TRICK-POINTS": (T("Points in a trick", "每轮的分", "每輪的分"), T(
        "All point cards in a trick go to the side that wins it; only the attackers' points are counted.",
        "一轮中的分牌都归赢的一方；只统计闲家的得分。", "一輪中的分牌都歸贏的一方；只統計閒家的得分。")),
    "R-KITTY": (T("Kitty bonus (扣底)", "扣底", "扣底"), T(
        "If the attackers win the last trick they add the kitty's points times a multiplier.",
        "闲家赢了最后一轮，就把底牌的分乘以倍数加给自己。", "閒家贏了最後一輪，就把底牌的分乘以倍數加給自己。")),
    "R-LEVELS": (T("Levels", "升级", "升級"), T(
        "The attackers' total decides who goes up and who deals next.", "闲家的总分决定谁升级、下一局谁坐庄。",
        "閒家的總分決定誰升級、下一局誰坐莊。")),
    "R-MATCH": (T("The match", "整场比赛", "整場比賽"), T(
        "Levels run 2 to A; a team that defends as dealers at A wins the match.",
        "级数从 2 到 A；在 A 坐庄守住的一队赢得整场。", "級數從 2 到 A；在 A 坐莊守住的一隊贏得整場。")),
    "R-ROTATE": (T("Next dealer", "下一局庄家", "下一局莊家"), T(
        "Dealers who defend pass the deal to the dealer's partner; otherwise it passes to the next player.",
        "庄家守住就由庄家的对家坐庄；否则由庄家的下家坐庄。", "莊家守住就由莊家的對家坐莊；否則由莊家的下家坐莊。")),
    "R-T-DECLARE": (T("Declaring (common rules)", "叫主（通行规则）", "叫主（通行規則）"), T(
        "During the deal show a level card (1), a pair of it (2), a small-joker pair (3) or a big-joker "
        "pair (4); a stronger showing overturns. The dealer buries 8 and leads.",
        "发牌时亮一张级牌（1）、一对级牌（2）、一对小王（3）或一对大王（4）；更强的可以反。庄家埋 8 张底并先出。",
        "發牌時亮一張級牌（1）、一對級牌（2）、一對小王（3）或一對大王（4）；更強的可以反。莊家埋 8 張底並先出。")),
    "R-H-DEAL": (T("Dealing (河南双升)", "起牌", "起牌"), T(
        "Counter-clockwise, one card at a time, until 8 remain: 25 cards each.",
        "逆时针每次摸一张，直到剩 8 张：每人 25 张。", "逆時針每次摸一張，直到剩 8 張：每人 25 張。")),
    "R-H-DECLARE": (T("Declaring trumps (报主)", "报主", "報主"), T(
        "Show a level card with a joker of its colour (big joker: red suits, small joker: black). First "
        "hand: first to declare deals. Later: only the dealer's team during the deal; nobody → the "
        "kitty's third card names trump.",
        "亮一张级牌加同颜色的王（大王配红色、小王配黑色）。第一局先报者坐庄；以后只有庄家一方可在起牌时报主；无人报主时以底牌第三张定主。",
        "亮一張級牌加同顏色的王（大王配紅色、小王配黑色）。第一局先報者坐莊；以後只有莊家一方可在起牌時報主；無人報主時以底牌第三張定主。")),
    "R-H-OVERTURN": (T("Overturning (反主)", "反主", "反主"), T(
        "Overturn with a strictly stronger showing: level pair + joker < small-joker pair < big-joker "
        "pair. First hand: before the kitty, the overturner deals; later: after burying, the "
        "overturner re-buries (炒底).",
        "以更强的牌反主：对级牌加王 < 对小王 < 对大王。第一局在拿底牌前反，反主者坐庄；以后在盖底后反，反主者重新盖底（炒底）。",
        "以更強的牌反主：對級牌加王 < 對小王 < 對大王。第一局在拿底牌前反，反主者坐莊；以後在蓋底後反，反主者重新蓋底（炒底）。")),
    "R-H-RIOT": (T("Riot (暴动)", "暴动", "暴動"), T(
        "An attacker with fewer than 15 points in hand may call a redeal; the dealer stays.",
        "闲家手里不足 15 分可以要求重新发牌，庄家不变。", "閒家手裡不足 15 分可以要求重新發牌，莊家不變。")),
    "R-H-KITTY": (T("Burying the kitty (盖底牌)", "盖底牌", "蓋底牌"), T(
        "The dealer takes the 8 kitty cards, buries any 8 and leads the first trick.",
        "庄家拿起 8 张底牌，任意盖回 8 张，并先出牌。", "莊家拿起 8 張底牌，任意蓋回 8 張，並先出牌。")),
    "R-W-DEAL": (T("Dealing (五三二)", "摸牌", "摸牌"), T(
        "26 cards each, 4 to the kitty.", "每人 26 张，底牌 4 张。", "每人 26 張，底牌 4 張。")),
    "R-W-FIXED": (T("Fixed trumps", "固定主牌", "固定主牌"), T(
        "Every 5, 3 and 2 is a trump, except when it is the level.", "所有的 5、3、2 都是主（作为级牌时除外）。",
        "所有的 5、3、2 都是主（作為級牌時除外）。")),
    "R-W-DECLARE": (T("Showing a declaration (亮牌)", "亮牌", "亮牌"), T(
        "During the draw, show the small joker and keep a pair (or same-suit tractor) hidden: its suit is "
        "the secret trump suit. Nobody declares: redeal.",
        "摸牌时亮出小王，扣着一对（或同花色连对）：其花色就是暗定的主花色。无人亮牌则重新发牌。",
        "摸牌時亮出小王，扣著一對（或同花色連對）：其花色就是暗定的主花色。無人亮牌則重新發牌。")),
    "R-W-OVERCALL": (T("Overcalling (顶牌)", "顶牌", "頂牌"), T(
        "Once per hand, the big joker with a same-suit tractor of more pairs overcalls; in the first "
        "hand an opposing overcaller's team takes the stage.",
        "每局一次，用大王加对数更多的同花色连对顶牌；第一局若顶牌者是另一伙，则换他们上台。",
        "每局一次，用大王加對數更多的同花色連對頂牌；第一局若頂牌者是另一夥，則換他們上台。")),
    "R-W-KITTY": (T("Taking the kitty (揭牌)", "揭牌", "揭牌"), T(
        "A stage player other than the declarer takes the 4 kitty cards and discards 4 plain non-point "
        "cards; the declarer reclaims cards of the secret suit, then trump is shown. The taker leads.",
        "台上非亮牌人拿起 4 张底牌，扔出 4 张非分值副牌；亮牌人拿回自己花色的牌，再亮出主。揭牌人先出。",
        "台上非亮牌人拿起 4 張底牌，扔出 4 張非分值副牌；亮牌人拿回自己花色的牌，再亮出主。揭牌人先出。")),
    "R-W-FOLLOW": (T("Following with any cards (随牌)", "随牌", "隨牌"), T(
        "A trump pair led and no trump pair held: play your highest trumps. A plain pair with no pair "
        "held: any cards of that suit. Singles never beat a pair.",
        "首家出主对子而你没有主对：从大到小出主。出副对子而你没有对子：出任意同门牌。单牌永远压不住对子。",
        "首家出主對子而你沒有主對：從大到小出主。出副對子而你沒有對子：出任意同門牌。單牌永遠壓不住對子。")),
    "R-Y-SETUP": (T("Setup", "开局", "開局"), T(
        "52 cards, 2–4 players, 7 each, the rest is the draw pile. 3 is lowest, 2 highest; suits do "
        "not matter. The highest cut leads.",
        "52 张牌，2–4 人，每人 7 张，其余作摸牌堆。3 最小，2 最大，不分花色。抽牌最大者先出。",
        "52 張牌，2–4 人，每人 7 張，其餘作摸牌堆。3 最小，2 最大，不分花色。抽牌最大者先出。")),
    "R-Y-FACE": (T("Up and down", "明暗交替", "明暗交替"), T(
        "Plays alternate face up and face down, starting face up; only established plays flip it. "
        "After a pile is taken the next play is face up.",
        "出牌明暗交替，从明牌开始；只有成立的出牌才换朝向。收牌之后下一张是明牌。",
        "出牌明暗交替，從明牌開始；只有成立的出牌才換朝向。收牌之後下一張是明牌。")),
    "R-Y-TARGET": (T("The target", "目标点数", "目標點數"), T(
        "The target starts at 3; a face-up card sets it to its rank, an unchallenged face-down card to "
        "the declared rank; after a take it resets to 3.",
        "目标从 3 开始；明牌改为其点数，未被质疑的暗牌改为所报点数；收牌后重置为 3。",
        "目標從 3 開始；明牌改為其點數，未被質疑的暗牌改為所報點數；收牌後重置為 3。")),
    "R-Y-UP": (T("Face-up plays", "明牌", "明牌"), T(
        "Any card, its true rank announced; below the target, draw one card (if any are left).",
        "任何一张，报真实点数；低于目标就摸一张（摸牌堆有牌时）。", "任何一張，報真實點數；低於目標就摸一張（摸牌堆有牌時）。")),
    "R-Y-DOWN": (T("Face-down plays and challenges", "暗牌与质疑", "暗牌與質疑"), T(
        "Declare any rank (none = 3). The next player in turn order who challenges is the only "
        "challenger. A wrong rank or one below the target: the player takes the pile; otherwise the "
        "challenger does.",
        "可报任意点数（不报算 3）。按出牌顺序最先质疑的人是唯一质疑者。点数不符或低于目标：出牌者收牌；否则质疑者收牌。",
        "可報任意點數（不報算 3）。按出牌順序最先質疑的人是唯一質疑者。點數不符或低於目標：出牌者收牌；否則質疑者收牌。")),
    "R-Y-WIN": (T("Winning", "获胜", "獲勝"), T(
        "You win when your last card is established: not a face-up card that forces a draw, and a "
        "face-down one only if unchallenged or wrongly challenged.",
        "最后一张牌成立才算赢：明牌不能是要摸牌的那种；暗牌要没人质疑或质疑失败。",
        "最後一張牌成立才算贏：明牌不能是要摸牌的那種；暗牌要沒人質疑或質疑失敗。")),
    "R-Y-STALL": (T("Stalled games", "僵局", "僵局"), T(
        "With the draw pile empty and no winner after 200 plays, the fewest cards wins (ties share). "
        "A game still going after 400 plays ends the same way, even with cards left to draw.",
        "摸牌堆已空、出了 200 张牌仍无人获胜时，手牌最少者获胜（并列共享）。出满 400 张仍未结束的牌局，即使还有牌可摸，也照此结束。",
        "摸牌堆已空、出了 200 張牌仍無人獲勝時，手牌最少者獲勝（並列共享）。出滿 400 張仍未結束的牌局，即使還有牌可摸，也照此結束。")),
}

OVERRIDES: dict[str, tuple[str, str, str]] = {
    "wusaner.R-GROUP": T(
        "Trumps are the jokers, every level card, every 5, 3 and 2, and every card of the trump suit; "
        "they form one suit. The rest are plain suits. With no trump suit the jokers, the level cards "
        "and the 5s, 3s and 2s are trumps.",
        "主牌包括大小王、所有级牌、所有的 5、3、2 和主花色的全部牌，合为一门；其余是副牌。无主时王、级牌和 5、3、2 是主。",
        "主牌包括大小王、所有級牌、所有的 5、3、2 和主花色的全部牌，合為一門；其餘是副牌。無主時王、級牌和 5、3、2 是主。"),
    "wusaner.R-ORDER": T(
        "Big joker > small joker > level cards (trump-suit copy first) > 5s > 3s > 2s (each with the "
        "trump-suit copy first) > the declared suit > plain suits.",
        "大王 > 小王 > 级牌（主花色那张最大）> 5 > 3 > 2（各自主花色那张最大）> 亮牌花色 > 副牌。",
        "大王 > 小王 > 級牌（主花色那張最大）> 5 > 3 > 2（各自主花色那張最大）> 亮牌花色 > 副牌。"),
    "henan.R-FOLLOW": T(
        "Play as many cards as the lead; use the led suit while you have it; match its pairs; a "
        "tractor is followed by a tractor, and if yours are all shorter, by your longest one.",
        "出与首家相同的张数；有首家那门就必须跟那门；尽可能跟出对子；有连对必须跟连对，你的连对都更短时就跟最长的那组。",
        "出與首家相同的張數；有首家那門就必須跟那門；盡可能跟出對子；有連對必須跟連對，你的連對都更短時就跟最長的那組。"),
    "henan.R-KITTY": T(
        "Single ×2, pair ×4, tractor of L pairs ×4·L; a throw counts only its largest unit.",
        "单张 ×2，对子 ×4，L 对连对 ×4×L；甩牌只按最大的牌型算。", "單張 ×2，對子 ×4，L 對連對 ×4×L；甩牌只按最大的牌型算。"),
    "tractor.R-KITTY": T(
        "2 × the number of cards each player played to the last trick.", "最后一轮每人出牌张数的 2 倍。",
        "最後一輪每人出牌張數的 2 倍。"),
    "wusaner.R-KITTY": T(
        "A flat ×2; the kitty holds no point cards, so it rarely adds anything.",
        "固定 ×2；底牌里没有分牌，所以很少加分。", "固定 ×2；底牌裡沒有分牌，所以很少加分。"),
    "henan.R-LEVELS": T(
        "0: dealers +3; 5–35: +2; 40–75: +1; 80–115: attackers take over; 120–155: they go up 1, and "
        "1 more per further 40.",
        "0 分：庄家升 3 级；5–35：升 2 级；40–75：升 1 级；80–115：闲家上台；120–155：闲家升 1 级，每多 40 分再升 1 级。",
        "0 分：莊家升 3 級；5–35：升 2 級；40–75：升 1 級；80–115：閒家上台；120–155：閒家升 1 級，每多 40 分再升 1 級。"),
    "wusaner.R-LEVELS": T(
        "Under 50: stage team +2; 50–95: +1; 100–115: teams swap; 120 or more: swap and +1.",
        "不到 50：台上升 2 级；50–95：升 1 级；100–115：换人上台；120 以上：换人上台并升 1 级。",
        "不到 50：台上升 2 級；50–95：升 1 級；100–115：換人上台；120 以上：換人上台並升 1 級。"),
    "wusaner.R-MATCH": T(
        "Levels run A, 2, 3 … K; getting past K ends the match unless you agree to go round to A.",
        "级数为 A、2、3……K；打过 K 就结束，也可以约定轮回到 A 继续。", "級數為 A、2、3……K；打過 K 就結束，也可以約定輪迴到 A 繼續。"),
    "henan.R-THROW-FAIL": T(
        "The smallest beaten unit is played; the thrower also pays half the table's base stake.",
        "改出被压住的最小一组；甩牌者还要赔一半底注。", "改出被壓住的最小一組；甩牌者還要賠一半底注。"),
    "tractor.R-THROW-FAIL": T(
        "The smallest beaten unit is played; 10 points per card taken back go against the thrower's side.",
        "改出被压住的最小一组；每收回一张罚 10 分。", "改出被壓住的最小一組；每收回一張罰 10 分。"),
    "wusaner.R-THROW-FAIL": T(
        "The smallest beaten unit is played; there is no penalty.", "改出被压住的最小一组；不另罚分。",
        "改出被壓住的最小一組；不另罰分。"),
}

GLOSSARY: list[tuple[str, tuple[str, str, str], tuple[str, str, str]]] = [
    ("trump", T("trump", "主牌", "主牌"), T("A card of the trump group: jokers, level cards and the trump suit (in 五三二 also every "
                                            "5, 3 and 2).",
                                          "主牌组里的牌：王、级牌和主花色（五三二里还有所有的 5、3、2）。",
                                          "主牌組裡的牌：王、級牌和主花色（五三二裡還有所有的 5、3、2）。")),
    ("plain", T("plain suit", "副牌", "副牌"), T("Any card that is not a trump.", "不是主牌的牌。", "不是主牌的牌。")),
    ("permanent", T("permanent trumps", "常主", "常主"), T("The jokers (in 五三二 also every 5, 3 and 2).",
                                                      "大小王（五三二里还有所有的 5、3、2）。", "大小王（五三二裡還有所有的 5、3、2）。")),
    ("joker_big", T("big joker", "大王", "大王"), T("The highest card.", "最大的牌。", "最大的牌。")),
    ("joker_small", T("small joker", "小王", "小王"), T("Second only to the big joker.", "仅次于大王。", "僅次於大王。")),
    ("level", T("level card", "级牌", "級牌"), T("A card of the rank being played this hand.", "本局所打点数的牌。",
                                               "本局所打點數的牌。")),
    ("main_level", T("trump-suit level card", "主级牌", "主級牌"), T("The level card in the trump suit.",
                                                               "主花色的那张级牌。", "主花色的那張級牌。")),
    ("trump_suit", T("trump suit", "主花色", "主花色"), T("The suit chosen as trumps for the hand.",
                                                      "本局定为主的花色。", "本局定為主的花色。")),
    ("no_trump", T("no trump", "无主", "無主"), T("No trump suit: only jokers and level cards are trumps (in 五三二 also every 5, 3 and 2).",
                                               "没有主花色：只有王和级牌是主（五三二里还有所有的 5、3、2）。",
                                               "沒有主花色：只有王和級牌是主（五三二裡還有所有的 5、3、2）。")),
    ("pair", T("pair", "对子", "對子"), T("Two copies of the same card.", "同一张牌的两张。", "同一張牌的兩張。")),
    ("tractor", T("tractor", "拖拉机 / 连对", "拖拉機 / 連對"), T("Pairs on neighbouring steps of one suit.",
                                                            "同一门相邻各级上的对子。", "同一門相鄰各級上的對子。")),
    ("throw", T("throw", "甩牌", "甩牌"), T("Several units of one suit led together.", "同一门的几组牌一起出。",
                                          "同一門的幾組牌一起出。")),
    ("trump_lead", T("trump lead", "吊主 / 调主", "吊主 / 調主"), T("Leading trumps to draw the others' trumps.",
                                                              "出主牌，逼别人跟主。", "出主牌，逼別人跟主。")),
    ("ruff", T("ruff", "毙 / 杀", "斃 / 殺"), T("Beating a plain lead with trumps when out of the suit.",
                                              "没有该门时用主牌压过副牌。", "沒有該門時用主牌壓過副牌。")),
    ("discard", T("discard", "贴 / 垫牌", "貼 / 墊牌"), T("Playing another plain suit when out of the led suit; it never wins.",
                                                       "没有该门时出别的副牌；永远不会赢。", "沒有該門時出別的副牌；永遠不會贏。")),
    ("follow_singles", T("follow with singles", "随牌", "隨牌"), T("Answering a pair with single cards when you hold no pair.",
                                                               "没有对子时用单牌跟对子。", "沒有對子時用單牌跟對子。")),
    ("points", T("point cards", "分牌", "分牌"), T("5s, 10s and Ks.", "5、10、K。", "5、10、K。")),
    ("kitty", T("kitty", "底牌", "底牌"), T("The cards set aside for the dealer to exchange and bury.",
                                         "留给庄家交换、再埋下的牌。", "留給莊家交換、再埋下的牌。")),
    ("bury", T("bury", "盖底", "蓋底"), T("Putting cards back face down as the kitty.", "把牌扣回去作为底牌。",
                                        "把牌扣回去作為底牌。")),
    ("kitty_bonus", T("kitty bonus", "扣底", "扣底"), T("The attackers winning the last trick score the kitty, multiplied.",
                                                     "闲家赢最后一轮，得底牌分并加倍。", "閒家贏最後一輪，得底牌分並加倍。")),
    ("dealer", T("dealer", "庄家", "莊家"), T("The declaring side that defends the points.", "定主并守分的一方。",
                                            "定主並守分的一方。")),
    ("attackers", T("attackers", "闲家 / 捡分方", "閒家 / 撿分方"), T("The side collecting points.", "抢分的一方。",
                                                                 "搶分的一方。")),
    ("stage", T("stage / off-stage team", "台上 / 台下", "台上 / 台下"), T("The defending and attacking teams of Five-Three-Two (五三二).",
                                                                   "五三二里的守方和攻方。", "五三二裡的守方和攻方。")),
    ("declare", T("declare", "报主 / 叫主", "報主 / 叫主"), T("Showing cards to choose the trump suit.",
                                                         "亮牌来决定主花色。", "亮牌來決定主花色。")),
    ("overturn", T("overturn", "反主", "反主"), T("Replacing a declaration with a stronger one.", "用更强的牌改掉主。",
                                               "用更強的牌改掉主。")),
    ("fix_trump", T("fixed declaration", "定主", "定主"), T("Declaring with a level pair at once, so only a joker pair can overturn.",
                                                        "一次亮出对级牌报主，之后只有王对能反。", "一次亮出對級牌報主，之後只有王對能反。")),
    ("rebury", T("re-bury", "炒底", "炒底"), T("An overturner taking the kitty and burying again.",
                                            "反主者拿起底牌重新盖底。", "反主者拿起底牌重新蓋底。")),
    ("riot", T("riot", "暴动", "暴動"), T("A redeal called by an attacker with under 15 points.",
                                        "闲家分少于 15 分时要求重新发牌。", "閒家分少於 15 分時要求重新發牌。")),
    ("show", T("declare (五三二)", "亮牌", "亮牌"), T("Showing the small joker over a hidden pair.",
                                                   "亮小王、扣对子。", "亮小王、扣對子。")),
    ("overcall", T("overcall", "顶牌", "頂牌"), T("Beating a shown declaration (亮牌) with the big joker and a longer tractor.",
                                               "用大王和更长的连对顶掉亮牌。", "用大王和更長的連對頂掉亮牌。")),
    ("take_kitty", T("take the kitty", "揭牌", "揭牌"), T("Picking up the Five-Three-Two (五三二) kitty and discarding.",
                                                      "拿起五三二的底牌再扔牌。", "拿起五三二的底牌再扔牌。")),
    ("signal", T("signal card", "信号牌", "信號牌"), T("A middle card telling your partner you hold the A.",
                                                    "告诉对家你有 A 的中间牌。", "告訴對家你有 A 的中間牌。")),
    ("level_up", T("go up a level", "升级", "升級"), T("Advancing your team's level rank.", "本队的级数往上升。",
                                                     "本隊的級數往上升。")),
    ("cards", T("playing cards", "扑克牌", "撲克牌"), T("The pack of cards (扑克).", "一副扑克。", "一副撲克。")),
    ("hearts", T("hearts", "红桃", "紅桃"), T("The ♥ suit.", "♥ 花色。", "♥ 花色。")),
    ("spades", T("spades", "黑桃", "黑桃"), T("The ♠ suit.", "♠ 花色。", "♠ 花色。")),
    ("diamonds", T("diamonds", "方块", "方塊"), T("The ♦ suit.", "♦ 花色。", "♦ 花色。")),
    ("clubs", T("clubs", "梅花", "梅花"), T("The ♣ suit.", "♣ 花色。", "♣ 花色。")),
    ("face_up", T("face up", "明牌", "明牌"), T("Yi Shang Yi Xia (一上一下): a card shown with its true rank.", "一上一下：亮出真实点数的牌。",
                                              "一上一下：亮出真實點數的牌。")),
    ("face_down", T("face down", "暗牌", "暗牌"), T("Yi Shang Yi Xia (一上一下): a hidden card with a declared rank.",
                                                 "一上一下：扣着并报点数的牌。", "一上一下：扣著並報點數的牌。")),
    ("target", T("target", "目标点数", "目標點數"), T("Yi Shang Yi Xia (一上一下): the rank the next card is measured against.",
                                                    "一上一下：下一张牌要比较的点数。", "一上一下：下一張牌要比較的點數。")),
    ("challenge", T("challenge", "质疑", "質疑"), T("Yi Shang Yi Xia (一上一下): demanding that a face-down card be turned.",
                                                  "一上一下：要求翻开暗牌。", "一上一下：要求翻開暗牌。")),
    ("draw_pile", T("draw pile", "摸牌堆", "摸牌堆"), T("Yi Shang Yi Xia (一上一下): the face-down stock you draw from.",
                                                     "一上一下：摸牌用的牌堆。", "一上一下：摸牌用的牌堆。")),
]


def messages() -> dict[str, tuple[str, str, str]]:
    out: dict[str, tuple[str, str, str]] = {}
    for rid, (title, text) in RULES.items():
        out[f"ruleref.{rid}.title"] = title
        out[f"ruleref.{rid}.text"] = text
    for key, text in OVERRIDES.items():
        out[f"ruleref.{key}.text"] = text
    for gid, term, definition in GLOSSARY:
        out[f"glossary.{gid}.term"] = term
        out[f"glossary.{gid}.def"] = definition
    out["ruleref.game.tractor"] = T("Common rules (拖拉机)", "通行规则（拖拉机）", "通行規則（拖拉機）")
    out["ruleref.game.henan"] = T("Henan Shuangsheng (河南双升)", "河南双升", "河南雙升")
    out["ruleref.game.wusaner"] = T("Five-Three-Two Shengji (五三二升级)", "五三二升级", "五三二升級")
    out["ruleref.game.yishang"] = T("Yi Shang Yi Xia (一上一下)", "一上一下", "一上一下")
    return out


def rules_data(lessons: list[dict]) -> dict[str, dict]:
    """content/rules/<game>.json: each rule with its R-ID, text ids and the
    seed examples taught for it (lesson steps with a seed reference)."""
    out = {}
    for entry in registry.GAMES:
        game, info, course = entry.name, GAMES[entry.name], entry.course
        rules = []
        for rid in info["rules"]:
            text = f"ruleref.{game}.{rid}.text" if f"{game}.{rid}" in OVERRIDES else f"ruleref.{rid}.text"
            examples = []
            for lesson in lessons:
                if lesson["game"] != course:
                    continue
                for step in lesson["steps"]:
                    if step.get("rule") == rid and step.get("seed_ref"):
                        examples.append({"seed_ref": step["seed_ref"], "lesson": lesson["id"],
                                         "step": step["id"], "text": step["text"]})
            rules.append({"rid": rid, "title": f"ruleref.{rid}.title", "text": text, "examples": examples})
        out[game] = {"game": game, "course": course, "title": f"ruleref.game.{game}",
                     "seed": info["seed"], "rules": rules}
    return out


def glossary_data() -> list[dict]:
    return [{"id": gid, "term": f"glossary.{gid}.term", "definition": f"glossary.{gid}.def",
             "forms": {"en": term[0], "zh-Hans": term[1], "zh-Hant": term[2]}}
            for gid, term, _d in GLOSSARY]
