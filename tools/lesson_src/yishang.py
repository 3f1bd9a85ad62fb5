"""Course "yishang": 一上一下 (seed 000)."""

from tools.lesson_src.dsl import T, choice, lesson, text

LESSONS = [
    lesson("yishang.setup", "yishang",
           T("一上一下: setup and alternation", "一上一下：开局与明暗交替", "一上一下：開局與明暗交替"),
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
            "\"一上一下\" means face up, then face down: the first card goes face up, and every "
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
