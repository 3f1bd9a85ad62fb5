"""Course "yishang": 一上一下 (seed 000)."""

from tools.lesson_src.dsl import T, choice, lesson, text

LESSONS = [
    lesson("yishang.setup", "yishang",
           T("Yi Shang Yi Xia (一上一下): setup and alternation", "一上一下：开局与明暗交替", "一上一下：開局與明暗交替"),
           T("The pack, the deal, who starts, and face up / face down in turn.",
             "用牌、发牌、谁先出，以及明牌暗牌轮流。", "用牌、發牌、誰先出，以及明牌暗牌輪流。"),
           [], [
        text("setup", T(
            "Take one pack without jokers: 52 cards. Two to four players get 7 cards each; the "
            "rest stay face down as the draw pile. Ranks run 3 (lowest), 4, … K, A, 2 (highest); "
            "suits do not matter. Your aim: be the first to get rid of all your cards.",
            "取一副不带大小王的牌，共 52 张。两到四人，每人 7 张，其余背面朝上作为摸牌堆。点数从小到大："
            "3、4……K、A、2（2 最大），花色不分大小。目标是最先出完手牌。",
            "取一副不帶大小王的牌，共 52 張。兩到四人，每人 7 張，其餘背面朝上作為摸牌堆。點數從小到大："
            "3、4……K、A、2（2 最大），花色不分大小。目標是最先出完手牌。"),
            cards="3S 9H KD AC 2S", rule="R-Y-SETUP", seed="000:setup"),
        choice("cut", T(
            "To choose who starts, everyone cuts one card; the highest rank leads (a tie among the "
            "highest cuts again). Player 1 cuts an 8, player 2 a 2, player 3 an A. Who starts?",
            "先各抽一张牌定先手，点数最大的人先出（最大的并列就重抽）。1 号抽到 8，2 号抽到 2，3 号抽到 A。谁先出？",
            "先各抽一張牌定先手，點數最大的人先出（最大的並列就重抽）。1 號抽到 8，2 號抽到 2，3 號抽到 A。誰先出？"),
            check={"kind": "yishang-first", "cuts": ["8", "2", "A"]},
            options=[(("lesson.opt.seat", {"n": i + 1}), {"first": i}) for i in range(3)],
            hints=[T("In this game the 2 is not the lowest card.", "这个游戏里 2 不是最小的牌。",
                     "這個遊戲裡 2 不是最小的牌。"),
                   T("2 beats A.", "2 比 A 大。", "2 比 A 大。")],
            rule="R-Y-SETUP", seed="000:setup"),
        text("face", T(
            "The name Yi Shang Yi Xia (一上一下) means face up, then face down: the first card goes face up, and every "
            "established play flips the face for the next one: up, down, up, down… Drawing, "
            "challenging and taking the pile are not plays and do not flip it.",
            "“一上一下”指牌面朝上、朝下交替：第一张明牌，此后每成立一张牌，下一张就换朝向：上、下、上、下……"
            "摸牌、质疑、收牌堆都不算出牌，不改变朝向。",
            "「一上一下」指牌面朝上、朝下交替：第一張明牌，此後每成立一張牌，下一張就換朝向：上、下、上、下……"
            "摸牌、質疑、收牌堆都不算出牌，不改變朝向。"),
            rule="R-Y-FACE", seed="000:alternation"),
        choice("next_face", T(
            "Three cards have been played (up, down, up), and the third player had to draw a card "
            "after playing. How does the next card go?",
            "已经出了三张牌（明、暗、明），第三位出牌后还摸了一张。下一张牌怎么出？",
            "已經出了三張牌（明、暗、明），第三位出牌後還摸了一張。下一張牌怎麼出？"),
            check={"kind": "yishang-face", "events": ["play", "play", "play", "draw"]},
            options=[(("lesson.opt.up", {}), {"next_face": "up"}),
                     (("lesson.opt.down", {}), {"next_face": "down"})],
            hints=[T("Drawing does not count as a play.", "摸牌不算出牌。", "摸牌不算出牌。"),
                   T("Up, down, up — and then?", "上、下、上——接着呢？", "上、下、上——接著呢？")],
            rule="R-Y-FACE", seed="000:alternation"),
        text("target", T(
            "The table keeps a target rank. It starts at 3. A face-up card sets the target to its "
            "own rank; a face-down card that nobody challenges sets it to the rank its player "
            "declared.",
            "桌上有一个目标点数，开局是 3。明牌把目标改成它的真实点数；没人质疑的暗牌，把目标改成出牌者报的点数。",
            "桌上有一個目標點數，開局是 3。明牌把目標改成它的真實點數；沒人質疑的暗牌，把目標改成出牌者報的點數。"),
            rule="R-Y-TARGET", seed="000:target"),
    ]),
]


def seat_opts(field, n, wrap=False):
    return [(("lesson.opt.seat", {"n": i + 1}), {field: [i] if wrap else i}) for i in range(n)]


TAKER = [(("lesson.opt.player_takes", {}), {"taker": "player"}),
         (("lesson.opt.challenger_takes", {}), {"taker": "challenger"})]
WINS = [(("lesson.opt.wins", {}), {"wins": True}), (("lesson.opt.not_win", {}), {"wins": False})]
ADVICE = [(("lesson.opt.challenge", {}), {"advice": "challenge"}), (("lesson.opt.pass", {}), {"advice": "pass"})]


def target_opts(ranks):
    return [(("lesson.opt.target", {"rank": r}), {"new_target": r}) for r in ranks]


def resolve(sid, t, req, options, hints, rule, seed):
    return choice(sid, t, check={"kind": "yishang-resolve", **req}, options=options, hints=hints,
                  rule=rule, seed=seed)


LESSONS += [
    lesson("yishang.plays", "yishang",
           T("Yi Shang Yi Xia (一上一下): face-up and face-down plays", "一上一下：明牌与暗牌", "一上一下：明牌與暗牌"),
           T("The target examples: 8 → 9, a 6 with a draw, a declared 10; challenges; winning.",
             "目标点数的例子：8 → 9、出 6 要摸牌、报 10；质疑；怎样获胜。", "目標點數的例子：8 → 9、出 6 要摸牌、報 10；質疑；怎樣獲勝。"),
           ["yishang.setup"], [
        resolve("up_higher", T(
            "Face up, you play any card and announce its true rank. The target is 8 and you play "
            "a 9 face up. What happens?",
            "明牌可以出任何一张，报真实点数。目标是 8，你明出一张 9。结果如何？",
            "明牌可以出任何一張，報真實點數。目標是 8，你明出一張 9。結果如何？"),
            {"target": "8", "face": "up", "card": "9"},
            target_opts(["8", "9"]) + [(("lesson.opt.draw", {}), {"draw": True})],
            [T("9 is above the target.", "9 比目标大。", "9 比目標大。"),
             T("A face-up card sets the target to its rank.", "明牌把目标改成它的点数。", "明牌把目標改成它的點數。")],
            "R-Y-UP", "000:target-8-9"),
        resolve("up_lower", T(
            "The target is 8 and you play a 6 face up. Allowed, but…?",
            "目标是 8，你明出一张 6。可以出，但是……？", "目標是 8，你明出一張 6。可以出，但是……？"),
            {"target": "8", "face": "up", "card": "6"},
            [(("lesson.opt.draw", {}), {"draw": True, "new_target": "6"}),
             (("lesson.opt.no_draw", {}), {"draw": False})],
            [T("6 is below the target.", "6 比目标小。", "6 比目標小。"),
             T("Below the target: draw one card; the target drops to 6.", "低于目标要摸一张，目标降到 6。",
               "低於目標要摸一張，目標降到 6。")],
            "R-Y-UP", "000:target-6-draw"),
        text("down", T(
            "Face down, you put a card on the pile and declare a rank, truly or not. Before the next "
            "card is played, another player may challenge. The card is turned: if its rank differs "
            "from the declaration, or is below the target before it was played, the challenge "
            "succeeds and the player who played it takes the whole pile; otherwise the challenger "
            "takes it. Whoever takes the pile leads next, face up, and the target restarts at 3.",
            "暗牌是把一张牌扣在牌堆上并报一个点数，可以照实报，也可以虚报。下一张牌出来之前，其他玩家可以质疑。掀开后，"
            "若实际点数与所报不符，或低于出牌前的目标，质疑成立，出暗牌的人收走整堆牌；否则质疑的人收走。收牌的人接着先出一张明牌，目标重新从 3 开始。",
            "暗牌是把一張牌扣在牌堆上並報一個點數，可以照實報，也可以虛報。下一張牌出來之前，其他玩家可以質疑。掀開後，"
            "若實際點數與所報不符，或低於出牌前的目標，質疑成立，出暗牌的人收走整堆牌；否則質疑的人收走。收牌的人接著先出一張明牌，目標重新從 3 開始。"),
            rule="R-Y-DOWN", seed="000:challenge"),
        resolve("down_true", T(
            "Target 8. A card goes down declared 10; it is challenged and turns out to be a 10. "
            "Who takes the pile?",
            "目标 8。有人扣下一张牌报 10；被质疑，掀开确实是 10。谁收牌堆？",
            "目標 8。有人扣下一張牌報 10；被質疑，掀開確實是 10。誰收牌堆？"),
            {"target": "8", "face": "down", "card": "10", "declared": "10", "challenged": True}, TAKER,
            [T("The declaration was true.", "报的是真的。", "報的是真的。"),
             T("A failed challenge costs the challenger.", "质疑失败，质疑者吃亏。", "質疑失敗，質疑者吃虧。")],
            "R-Y-DOWN", "000:declared-10"),
        resolve("down_seven", T(
            "Target 8, declared 10, challenged, and the card is a 7. Who takes the pile?",
            "目标 8，报 10，被质疑，掀开是 7。谁收牌堆？", "目標 8，報 10，被質疑，掀開是 7。誰收牌堆？"),
            {"target": "8", "face": "down", "card": "7", "declared": "10", "challenged": True}, TAKER,
            [T("7 is not 10.", "7 不是 10。", "7 不是 10。"),
             T("It is also below the target: the challenge succeeds twice over.", "而且低于目标：质疑当然成立。",
               "而且低於目標：質疑當然成立。")],
            "R-Y-DOWN", "000:declared-10"),
        resolve("down_eight", T(
            "Target 8, declared 8, challenged, and the card is an 8. Who takes the pile?",
            "目标 8，报 8，被质疑，掀开正是 8。谁收牌堆？", "目標 8，報 8，被質疑，掀開正是 8。誰收牌堆？"),
            {"target": "8", "face": "down", "card": "8", "declared": "8", "challenged": True}, TAKER,
            [T("Equal to the target is not below it.", "等于目标不算低于目标。", "等於目標不算低於目標。"),
             T("The declaration was exact.", "报的点数完全正确。", "報的點數完全正確。")],
            "R-Y-DOWN", "000:declared-8"),
        resolve("unchallenged", T(
            "Target 8, a card goes down declared 10 and nobody challenges. What is the target now?",
            "目标 8，有人扣牌报 10，没人质疑。现在目标是多少？", "目標 8，有人扣牌報 10，沒人質疑。現在目標是多少？"),
            {"target": "8", "face": "down", "card": "4", "declared": "10", "challenged": False},
            target_opts(["8", "10", "3"]),
            [T("Unchallenged cards are never turned.", "没被质疑的暗牌不翻开。", "沒被質疑的暗牌不翻開。"),
             T("The declared rank becomes the target.", "所报的点数就是新目标。", "所報的點數就是新目標。")],
            "R-Y-TARGET", "000:declared-10"),
        resolve("after_take", T(
            "Someone has just taken the pile after a challenge. What is the target for the next "
            "card?",
            "刚有人因质疑收走了牌堆。下一张牌的目标是多少？", "剛有人因質疑收走了牌堆。下一張牌的目標是多少？"),
            {"target": "J", "face": "down", "card": "4", "declared": "Q", "challenged": True},
            target_opts(["Q", "J", "3"]),
            [T("A new round starts.", "新一轮开始了。", "新一輪開始了。"),
             T("The target restarts from the bottom.", "目标从最低重新开始。", "目標從最低重新開始。")],
            "R-Y-TARGET", "000:challenge"),
        resolve("win_up", T(
            "Your last card goes face up: a 5, with the target at 9 and cards left in the draw "
            "pile. Have you won?",
            "你最后一张牌明出：一张 5，目标是 9，摸牌堆还有牌。你赢了吗？",
            "你最後一張牌明出：一張 5，目標是 9，摸牌堆還有牌。你贏了嗎？"),
            {"target": "9", "face": "up", "card": "5", "last": True, "draw_pile": 12}, WINS,
            [T("Below the target you must draw.", "低于目标就要摸牌。", "低於目標就要摸牌。"),
             T("With a new card in hand you are not out.", "摸了一张，手里又有牌了。", "摸了一張，手裡又有牌了。")],
            "R-Y-WIN", "000:winning"),
        resolve("win_down", T(
            "Your last card goes face down, declared J (target 10), and nobody challenges. Have you "
            "won?",
            "你最后一张牌扣下报 J（目标 10），没人质疑。你赢了吗？", "你最後一張牌扣下報 J（目標 10），沒人質疑。你贏了嗎？"),
            {"target": "10", "face": "down", "card": "4", "declared": "J", "challenged": False, "last": True},
            WINS,
            [T("An unchallenged card is established.", "没人质疑，这张牌就成立了。", "沒人質疑，這張牌就成立了。"),
             T("Your last card is established.", "你的最后一张牌成立了。", "你的最後一張牌成立了。")],
            "R-Y-WIN", "000:winning"),
    ]),

    lesson("yishang.example", "yishang",
           T("Yi Shang Yi Xia (一上一下): a three-player round", "一上一下：三人一轮示例", "一上一下：三人一輪示例"),
           T("A (甲), B (乙) and C (丙) play one round, with and without a challenge.", "甲、乙、丙打一轮：有质疑和没质疑的情形。",
             "甲、乙、丙打一輪：有質疑和沒質疑的情形。"),
           ["yishang.plays"], [
        text("start", T(
            "Three players, A (甲), B (乙) and C (丙). A leads an 8 face up: the target is 8 and the "
            "next card goes face down. B puts a card down and declares \"10\". Now C may challenge "
            "or let it stand.",
            "三人开局。甲先明出一张 8：目标变为 8，下一张是暗牌。乙扣下一张牌，报“10”。丙可以质疑，也可以放过。",
            "三人開局。甲先明出一張 8：目標變為 8，下一張是暗牌。乙扣下一張牌，報「10」。丙可以質疑，也可以放過。"),
            cards="8H", seed="000:three-players"),
        choice("pass", T(
            "C lets it stand. C is next in turn order: how does C play?",
            "丙放过。按出牌顺序轮到丙：丙怎么出？", "丙放過。按出牌順序輪到丙：丙怎麼出？"),
            check={"kind": "yishang-face", "events": ["play", "play"]},
            options=[(("lesson.opt.up", {}), {"next_face": "up"}), (("lesson.opt.down", {}), {"next_face": "down"})],
            hints=[T("Up, down, then?", "明、暗，然后？", "明、暗，然後？"),
                   T("The 10 stands as the new target and C plays face up.", "10 成为新目标，丙出明牌。",
                     "10 成為新目標，丙出明牌。")],
            rule="R-Y-FACE", seed="000:three-players"),
        resolve("challenge_true", T(
            "Instead C challenges, and B's card really is a 10. Who takes the pile?",
            "换成丙质疑，而乙的牌确实是 10。谁收牌堆？", "換成丙質疑，而乙的牌確實是 10。誰收牌堆？"),
            {"target": "8", "face": "down", "card": "10", "declared": "10", "challenged": True}, TAKER,
            [T("B told the truth.", "乙说的是实话。", "乙說的是實話。"),
             T("C takes the pile and then leads a new face-up card.", "丙收牌，然后重新领出一张明牌。",
               "丙收牌，然後重新領出一張明牌。")],
            "R-Y-DOWN", "000:three-players"),
        resolve("challenge_six", T(
            "This time B declared 10 but the card is a 6, and C challenges. Who takes the pile?",
            "这次乙报 10，实际是 6，丙质疑。谁收牌堆？", "這次乙報 10，實際是 6，丙質疑。誰收牌堆？"),
            {"target": "8", "face": "down", "card": "6", "declared": "10", "challenged": True}, TAKER,
            [T("6 is neither 10 nor at least 8.", "6 既不是 10，也不到 8。", "6 既不是 10，也不到 8。"),
             T("B takes the pile; C leads the new round.", "乙收牌；丙获得新一轮先手。", "乙收牌；丙獲得新一輪先手。")],
            "R-Y-DOWN", "000:three-players"),
        text("agree", T(
            "An unchallenged face-down card is never turned over, not even to check afterwards. "
            "Agree on this before you start, or you will argue about old cards after the next one "
            "is down.",
            "没人质疑的暗牌不翻开，事后也不补看。开局前要说清楚，不然容易在下一张牌出了之后还争论上一张。",
            "沒人質疑的暗牌不翻開，事後也不補看。開局前要說清楚，不然容易在下一張牌出了之後還爭論上一張。"),
            rule="R-Y-DOWN", seed="000:three-players"),
    ]),

    lesson("yishang.tips", "yishang",
           T("Yi Shang Yi Xia (一上一下): five tips", "一上一下：五个技巧", "一上一下：五個技巧"),
           T("Reading the target, saving high cards, natural claims, restraint, and the last cards.",
             "看目标、留大牌、报点要自然、克制质疑、盯住对手最后几张牌。", "看目標、留大牌、報點要自然、克制質疑、盯住對手最後幾張牌。"),
           ["yishang.example"], [
        text("target", T(
            "1. Watch the target. When it is low, a claim close to it passes easily; once it "
            "reaches A or 2, everyone grows suspicious. Remember the last few changes, not just the "
            "last card.",
            "一、注意目标点数。目标低时，报一个接近的点数容易通过；目标到了 A 或 2，别人更会怀疑。不要只看上一张，也要记住最近几次目标的变化。",
            "一、注意目標點數。目標低時，報一個接近的點數容易通過；目標到了 A 或 2，別人更會懷疑。不要只看上一張，也要記住最近幾次目標的變化。"),
            seed="000:tip-target"),
        text("high", T(
            "2. Keep room for your high cards. Face-up cards show their true rank, so do not spend "
            "a 2 or an A while the target is low. Played later, they pass easily and spare you "
            "playing below the target.",
            "二、给大牌留空间。明牌会暴露真实点数，手里有 2、A 时不必在目标低时急着打出。目标升高后再用，既容易通过，也减少之后被迫低于目标出牌的机会。",
            "二、給大牌留空間。明牌會暴露真實點數，手裡有 2、A 時不必在目標低時急著打出。目標升高後再用，既容易通過，也減少之後被迫低於目標出牌的機會。"),
            seed="000:tip-high-cards"),
        choice("natural", T(
            "3. Make claims that fit the game. Three players: the target is 8 and someone suddenly declares a 2. "
            "You hold two 2s and have seen a third. Challenge or let it stand?",
            "三、报点要符合牌局节奏。三人局，目标是 8，有人突然报 2。你手里有两张 2，还见过第三张。质疑还是放过？",
            "三、報點要符合牌局節奏。三人局，目標是 8，有人突然報 2。你手裡有兩張 2，還見過第三張。質疑還是放過？"),
            check={"kind": "yishang-challenge", "target": "8", "declared": "2", "hand": "3H 4D 2C 2S",
                   "seen": "2D", "pile_size": 8, "players": 3},
            options=ADVICE,
            hints=[T("How many 2s can the card still be?", "那张牌还可能是几张 2 中的一张？", "那張牌還可能是幾張 2 中的一張？"),
                   T("Only one 2 is unaccounted for.", "只剩一张 2 下落不明。", "只剩一張 2 下落不明。")],
            seed="000:tip-natural-claims", rule="R-Y-DOWN"),
        choice("restraint", T(
            "4. Hold back your challenges: a failed one hands you the whole pile. Three players, target 8, a "
            "natural-looking claim of 9, and the player has plenty of cards left. Challenge or let "
            "it stand?",
            "四、控制质疑冲动：质疑失败就得自己收下整堆牌。三人局，目标 8，对手很自然地报 9，他手里牌还多。质疑还是放过？",
            "四、控制質疑衝動：質疑失敗就得自己收下整堆牌。三人局，目標 8，對手很自然地報 9，他手裡牌還多。質疑還是放過？"),
            check={"kind": "yishang-challenge", "target": "8", "declared": "9", "hand": "3H 4D 5C",
                   "seen": "", "pile_size": 3, "players": 3},
            options=ADVICE,
            hints=[T("A claim one above the target is the most natural one.", "比目标大一点的报点最自然。",
                     "比目標大一點的報點最自然。"),
                   T("Players usually claim their lowest honest card.", "大家通常报自己能照实出的最小点数。",
                     "大家通常報自己能照實出的最小點數。")],
            seed="000:tip-restraint", rule="R-Y-DOWN"),
        choice("last", T(
            "5. Watch the others' last cards. Same claim of 9 over 8, but it was the player's last "
            "card: if it stands, they win. Challenge or let it stand?",
            "五、关注对手剩下的牌。同样是目标 8 报 9，但这是他的最后一张：一旦成立他就赢了。质疑还是放过？",
            "五、關注對手剩下的牌。同樣是目標 8 報 9，但這是他的最後一張：一旦成立他就贏了。質疑還是放過？"),
            check={"kind": "yishang-challenge", "target": "8", "declared": "9", "hand": "3H 4D 5C",
                   "seen": "", "pile_size": 3, "players": 3, "claimer_cards": 0},
            options=ADVICE,
            hints=[T("Letting it stand loses the game.", "放过就输了。", "放過就輸了。"),
                   T("Taking a small pile is cheaper than losing.", "收一小堆牌总比输掉便宜。", "收一小堆牌總比輸掉便宜。")],
            seed="000:tip-last-cards", rule="R-Y-WIN"),
        text("pile", T(
            "And when the draw pile is nearly empty, shed your own cards first rather than slowing "
            "the game down with guesses.",
            "摸牌堆快空时，先想办法减少自己的手牌，不要为了猜测拖慢节奏。",
            "摸牌堆快空時，先想辦法減少自己的手牌，不要為了猜測拖慢節奏。"),
            seed="000:tip-last-cards"),
    ]),

    lesson("yishang.disputes", "yishang",
           T("Yi Shang Yi Xia (一上一下): settling disputes", "一上一下：常见争议", "一上一下：常見爭議"),
           T("Forgotten faces and declarations, several challengers, late challenges, an empty "
             "draw pile, and a game nobody can finish.",
             "忘了朝向或报点、多人同时质疑、质疑太晚、摸牌堆用完，以及没人能出完。",
             "忘了朝向或報點、多人同時質疑、質疑太晚、摸牌堆用完，以及沒人能出完。"),
           ["yishang.plays"], [
        choice("face", T(
            "Nobody remembers whose turn is face up. The last established card on the pile was "
            "face down. How does the next card go?",
            "大家忘了该明还是该暗。牌堆上最后一张成立的牌是暗牌。下一张怎么出？",
            "大家忘了該明還是該暗。牌堆上最後一張成立的牌是暗牌。下一張怎麼出？"),
            check={"kind": "yishang-face", "events": ["play", "play", "draw", "play", "play"]},
            options=[(("lesson.opt.up", {}), {"next_face": "up"}), (("lesson.opt.down", {}), {"next_face": "down"})],
            hints=[T("Look at the last established card.", "看最后一张成立的牌。", "看最後一張成立的牌。"),
                   T("After face down comes face up.", "暗牌之后是明牌。", "暗牌之後是明牌。")],
            rule="R-Y-FACE", seed="000:disputes"),
        choice("many", T(
            "Four players. Player 1 puts a card down; players 4 and 3 both call \"challenge!\" at "
            "once. Who challenges?",
            "四人局。1 号扣下一张牌；4 号和 3 号同时喊质疑。由谁质疑？",
            "四人局。1 號扣下一張牌；4 號和 3 號同時喊質疑。由誰質疑？"),
            check={"kind": "yishang-dispute", "players": 4, "player": 0, "callers": [3, 2]},
            options=[(("lesson.opt.seat", {"n": i + 1}), {"challenger": i}) for i in (1, 2, 3)],
            hints=[T("The next in turn order has priority.", "按出牌顺序，紧接着的下家优先。",
                     "按出牌順序，緊接著的下家優先。"),
                   T("After player 1 come 2, 3, 4.", "1 号之后依次是 2、3、4 号。", "1 號之後依次是 2、3、4 號。")],
            rule="R-Y-DOWN", seed="000:disputes"),
        choice("late", T(
            "The next card has already been played when someone wants to challenge the face-down "
            "card before it. Who may challenge it?",
            "下一张牌已经打出，才有人想质疑前一张暗牌。谁还能质疑？",
            "下一張牌已經打出，才有人想質疑前一張暗牌。誰還能質疑？"),
            check={"kind": "yishang-dispute", "players": 3, "player": 0, "callers": [1], "next_played": True},
            options=[(("lesson.opt.nobody", {}), {"too_late": True}),
                     (("lesson.opt.seat", {"n": 2}), {"challenger": 1})],
            hints=[T("A challenge must come right after the card.", "质疑必须紧跟着暗牌提出。",
                     "質疑必須緊跟著暗牌提出。"),
                   T("Once the next card is down, the old one is settled.", "下一张一出，前一张就不能再翻。",
                     "下一張一出，前一張就不能再翻。")],
            rule="R-Y-DOWN", seed="000:disputes"),
        resolve("forgot", T(
            "A player puts a card down and forgets to declare: it counts as a 3. The target is 3, "
            "the card is a 3, and someone challenges. Who takes the pile?",
            "有人扣牌却忘了报点：按最低的 3 处理。目标是 3，牌确实是 3，有人质疑。谁收牌堆？",
            "有人扣牌卻忘了報點：按最低的 3 處理。目標是 3，牌確實是 3，有人質疑。誰收牌堆？"),
            {"target": "3", "face": "down", "card": "3", "declared": None, "challenged": True}, TAKER,
            [T("A missing declaration means 3.", "没报点就当报了 3。", "沒報點就當報了 3。"),
             T("The card matches, and 3 is not below 3.", "牌对得上，3 也不低于 3。", "牌對得上，3 也不低於 3。")],
            "R-Y-DOWN", "000:disputes"),
        resolve("empty", T(
            "The draw pile is used up. The target is Q and you play a 7 face up. Do you draw?",
            "摸牌堆已经用完。目标是 Q，你明出一张 7。要摸牌吗？", "摸牌堆已經用完。目標是 Q，你明出一張 7。要摸牌嗎？"),
            {"target": "Q", "face": "up", "card": "7", "draw_pile": 0},
            [(("lesson.opt.draw", {}), {"draw": True}), (("lesson.opt.no_draw", {}), {"draw": False})],
            [T("There is nothing left to draw.", "已经没有牌可摸了。", "已經沒有牌可摸了。"),
             T("Play goes on; only the draw penalty lapses.", "照常出牌，只是取消摸牌处罚。", "照常出牌，只是取消摸牌處罰。")],
            "R-Y-UP", "000:disputes"),
        choice("stall", T(
            "The draw pile is empty and nobody can finish. By agreement the fewest cards wins. "
            "Players hold 4, 2 and 3 cards. Who wins?",
            "摸牌堆已空，谁都出不完。可以约定手牌最少的人获胜。三人分别剩 4、2、3 张。谁赢？",
            "摸牌堆已空，誰都出不完。可以約定手牌最少的人獲勝。三人分別剩 4、2、3 張。誰贏？"),
            check={"kind": "yishang-stall", "counts": [4, 2, 3]}, options=seat_opts("winners", 3, wrap=True),
            hints=[T("Compare the hand sizes.", "比较手牌张数。", "比較手牌張數。"),
                   T("Two cards is the fewest.", "两张最少。", "兩張最少。")],
            rule="R-Y-STALL", seed="000:disputes"),
    ]),
]
