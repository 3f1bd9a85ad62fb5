"""Catalog of the ``yishang`` message domain (一上一下): run to rewrite
``content/locale/*/LC_MESSAGES/yishang.po``.

    python -m tools.yishang_messages
"""

from __future__ import annotations

MESSAGES: dict[str, tuple[str, str, str]] = {
    # ---- errors of the engine (solver.yishang)
    "yishang.error.generic": (
        "Invalid input for Yi Shang Yi Xia (一上一下).", "一上一下的输入无效。", "一上一下的輸入無效。"),
    "yishang.error.illegal": (
        "That action is not allowed now ({rule}).", "现在不能这样做（{rule}）。", "現在不能這樣做（{rule}）。"),
    "yishang.error.history": (
        "The saved game cannot be replayed: record {index} is wrong ({detail}).",
        "存档无法重放：第 {index} 条记录有误（{detail}）。",
        "存檔無法重播：第 {index} 筆紀錄有誤（{detail}）。"),
    "yishang.error.bad_rank": (
        "Not a rank: {token} (use 3 to 10, J, Q, K, A or 2).",
        "不是点数：{token}（可用 3 到 10、J、Q、K、A、2）。",
        "不是點數：{token}（可用 3 到 10、J、Q、K、A、2）。"),
    "yishang.error.players": (
        "Yi Shang Yi Xia (一上一下) is played by 2 to 4 players, not {players}.",
        "一上一下需要 2 到 4 名玩家，不能是 {players} 名。",
        "一上一下需要 2 到 4 名玩家，不能是 {players} 名。"),
    "yishang.error.seed": (
        "The seed must be a whole number, not {seed}.",
        "随机种子必须是整数，不能是 {seed}。", "隨機種子必須是整數，不能是 {seed}。"),
    "yishang.error.game_over": (
        "The game is already over ({rule}).", "这局已经结束（{rule}）。", "這局已經結束（{rule}）。"),
    "yishang.error.claim_pending": (
        "A face-down card is waiting: challenge it or let it stand first ({rule}).",
        "还有一张暗牌待定：先决定质疑还是放过（{rule}）。",
        "還有一張暗牌待定：先決定質疑還是放過（{rule}）。"),
    "yishang.error.not_your_turn": (
        "It is player {turn}'s turn, not player {player}'s ({rule}).",
        "现在轮到玩家 {turn}，不是玩家 {player}（{rule}）。",
        "現在輪到玩家 {turn}，不是玩家 {player}（{rule}）。"),
    "yishang.error.must_play_up": (
        "This play must be face up ({rule}).", "这一张必须出明牌（{rule}）。", "這一張必須出明牌（{rule}）。"),
    "yishang.error.must_play_down": (
        "This play must be face down ({rule}).", "这一张必须出暗牌（{rule}）。", "這一張必須出暗牌（{rule}）。"),
    "yishang.error.not_in_hand": (
        "{card} is not in the hand ({rule}).", "手中没有 {card}（{rule}）。", "手中沒有 {card}（{rule}）。"),
    "yishang.error.bad_declared": (
        "A declaration must be a rank, not {declared} ({rule}).",
        "声明的必须是点数，不能是 {declared}（{rule}）。",
        "聲明的必須是點數，不能是 {declared}（{rule}）。"),
    "yishang.error.no_claim": (
        "There is no face-down card to challenge ({rule}).",
        "没有可以质疑的暗牌（{rule}）。", "沒有可以質疑的暗牌（{rule}）。"),
    "yishang.error.no_challenger": (
        "A challenge needs a challenger ({rule}).", "质疑必须有人提出（{rule}）。", "質疑必須有人提出（{rule}）。"),
    "yishang.error.challenge_twice": (
        "A player can challenge a card only once ({rule}).",
        "同一张牌每人只能质疑一次（{rule}）。", "同一張牌每人只能質疑一次（{rule}）。"),
    "yishang.error.not_responder": (
        "Player {player} cannot challenge this card ({rule}).",
        "玩家 {player} 不能质疑这张牌（{rule}）。", "玩家 {player} 不能質疑這張牌（{rule}）。"),
    "yishang.error.joker": (
        "{card}: Yi Shang Yi Xia (一上一下) is played without jokers.",
        "{card}：一上一下不用大小王。", "{card}：一上一下不用大小王。"),
    "yishang.error.duplicate_card": (
        "{card} is listed more than once (the pack has one of each card).",
        "{card} 出现了不止一次（一副牌每张只有一张）。",
        "{card} 出現了不只一次（一副牌每張只有一張）。"),
    "yishang.error.no_unseen": (
        "Every card is accounted for: none could be the face-down card.",
        "所有牌都已知，没有哪张可能是这张暗牌。", "所有牌都已知，沒有哪張可能是這張暗牌。"),
    "yishang.error.bad_bot": (
        "Unknown bot {bot} (choose from {choices}).",
        "没有名为 {bot} 的机器人（可选：{choices}）。", "沒有名為 {bot} 的機器人（可選：{choices}）。"),
    "yishang.error.pile_size": (
        "pile_size must be at least 1 (the pile holds the face-down card).",
        "pile_size 至少为 1（牌堆里至少有这张暗牌）。",
        "pile_size 至少為 1（牌堆裡至少有這張暗牌）。"),
    "yishang.error.claimer_cards": (
        "claimer_cards must be 0 or more.", "claimer_cards 不能小于 0。", "claimer_cards 不能小於 0。"),
    "yishang.error.incomplete_deal": (
        "A deal must hold the 52 cards once each ({count} given).",
        "发牌必须正好包含 52 张牌各一张（现在是 {count} 张）。",
        "發牌必須正好包含 52 張牌各一張（現在是 {count} 張）。"),
    "yishang.error.empty_hand": (
        "Every player must be dealt at least one card.", "每名玩家至少要发到一张牌。",
        "每名玩家至少要發到一張牌。"),
    "yishang.error.cannot_write": (
        "Cannot write {path}: {detail}", "无法写入 {path}：{detail}", "無法寫入 {path}：{detail}"),
    "yishang.error.games": (
        "The number of games must be at least 1.", "局数至少为 1。", "局數至少為 1。"),
    "yishang.error.bots_count": (
        "{count} bots given for {players} players.", "给了 {count} 个机器人，但有 {players} 名玩家。",
        "給了 {count} 個機器人，但有 {players} 名玩家。"),
    "yishang.error.too_many_cards": (
        "The hand and the seen cards hold {count} cards: the pack has only 52.",
        "手牌和已知牌共 {count} 张，超过一副牌的 52 张。",
        "手牌和已知牌共 {count} 張，超過一副牌的 52 張。"),
    # ---- hints (solver.yishang.hints)
    "yishang.hint.challenge.below_target": (
        "A declared {declared} is below the target {target}: a challenge is sure to succeed.",
        "声明的 {declared} 低于目标 {target}，质疑必定成立。",
        "聲明的 {declared} 低於目標 {target}，質疑必定成立。"),
    "yishang.hint.challenge.none_left": (
        "You can account for every {declared}: the card cannot be one, so the claim is false.",
        "所有的 {declared} 你都知道在哪里，这张暗牌不可能是 {declared}，一定是虚报。",
        "所有的 {declared} 你都知道在哪裡，這張暗牌不可能是 {declared}，一定是虛報。"),
    "yishang.hint.challenge.odds": (
        "Of the {unseen} cards you cannot see, {copies} have the declared rank {declared}. Chance "
        "of a bluff: {p_uniform} by counting, {p_model} given how players choose their cards.",
        "你看不到的 {unseen} 张牌里有 {copies} 张 {declared}。虚报的可能：单看牌数 {p_uniform}，"
        "结合出牌习惯 {p_model}。",
        "你看不到的 {unseen} 張牌裡有 {copies} 張 {declared}。虛報的可能：單看牌數 {p_uniform}，"
        "結合出牌習慣 {p_model}。"),
    "yishang.hint.challenge.last_card": (
        "That was the claimer's last card: if nobody challenges, they win.",
        "这是对方的最后一张牌：没人质疑，对方就赢了。",
        "這是對方的最後一張牌：沒人質疑，對方就贏了。"),
    "yishang.hint.challenge.advice_challenge": (
        "Challenge: expected cost {cost_challenge} cards, against {cost_pass} for letting it stand.",
        "建议质疑：预计代价 {cost_challenge} 张牌，放过则是 {cost_pass} 张。",
        "建議質疑：預計代價 {cost_challenge} 張牌，放過則是 {cost_pass} 張。"),
    "yishang.hint.challenge.advice_pass": (
        "Let it stand: a challenge risks taking the {pile} cards of the pile (expected cost "
        "{cost_challenge} cards, against {cost_pass}).",
        "建议放过：质疑失败要收走牌堆的 {pile} 张牌（预计代价 {cost_challenge} 张，放过为 {cost_pass} 张）。",
        "建議放過：質疑失敗要收走牌堆的 {pile} 張牌（預計代價 {cost_challenge} 張，放過為 {cost_pass} 張）。"),
    "yishang.hint.up.win": (
        "Play {card} face up: it reaches the target {target} and it is your last card, so you win.",
        "打出明牌 {card}：不低于目标 {target}，又是最后一张，直接获胜。",
        "打出明牌 {card}：不低於目標 {target}，又是最後一張，直接獲勝。"),
    "yishang.hint.up.lowest": (
        "Play {card} face up: your lowest card that reaches the target {target}; keep the higher ones "
        "for later.",
        "打出明牌 {card}：这是你手里够得上目标 {target} 的最小一张，大牌留到后面用。",
        "打出明牌 {card}：這是你手裡夠得上目標 {target} 的最小一張，大牌留到後面用。"),
    "yishang.hint.up.low_draw": (
        "No card reaches the target {target}: play your lowest, {card}, and draw one card.",
        "没有够得上目标 {target} 的牌：打出最小的 {card}，再摸一张。",
        "沒有夠得上目標 {target} 的牌：打出最小的 {card}，再摸一張。"),
    "yishang.hint.up.low_free": (
        "No card reaches the target {target}: play your lowest, {card}; the draw pile is empty, so "
        "there is no card to draw.",
        "没有够得上目标 {target} 的牌：打出最小的 {card}；摸牌堆已空，不用摸牌。",
        "沒有夠得上目標 {target} 的牌：打出最小的 {card}；摸牌堆已空，不用摸牌。"),
    "yishang.hint.up.block": (
        "Player {player} has one card left and plays face down next: play your highest card, {card}, "
        "so that a true claim is hard for them.",
        "玩家 {player} 只剩一张牌，下一手出暗牌：打出你最大的 {card}，让对方难以照实报点。",
        "玩家 {player} 只剩一張牌，下一手出暗牌：打出你最大的 {card}，讓對方難以照實報點。"),
    "yishang.hint.down.block": (
        "Player {player} has one card left and plays face up next: play {card} face down and declare "
        "{declared}, so their last card must reach {declared} or they draw (challenge risk about {risk}).",
        "玩家 {player} 只剩一张牌，下一手出明牌：把 {card} 扣下报 {declared}，对方最后一张够不上 {declared} "
        "就得摸牌（被质疑的风险约 {risk}）。",
        "玩家 {player} 只剩一張牌，下一手出明牌：把 {card} 扣下報 {declared}，對方最後一張夠不上 {declared} "
        "就得摸牌（被質疑的風險約 {risk}）。"),
    "yishang.hint.down.truth": (
        "Play {card} face down and declare {declared}: a true claim, so a challenge would fail.",
        "把 {card} 扣下，报 {declared}：照实报点，别人质疑只会自己收牌。",
        "把 {card} 扣下，報 {declared}：照實報點，別人質疑只會自己收牌。"),
    "yishang.hint.down.bluff": (
        "Play {card} face down and declare {declared} (target {target}): a bluff with about {risk} "
        "risk of a challenge, which would make you take {pile} cards.",
        "把 {card} 扣下，报 {declared}（目标 {target}）：这是虚报，被质疑的风险约 {risk}，"
        "被抓到要收 {pile} 张牌。",
        "把 {card} 扣下，報 {declared}（目標 {target}）：這是虛報，被質疑的風險約 {risk}，"
        "被抓到要收 {pile} 張牌。"),
    # ---- check kind yishang-challenge
    "yishang.check.help": (
        "Yi Shang Yi Xia (一上一下): should you challenge a face-down card? Exact and model odds, and advice.",
        "一上一下：要不要质疑一张暗牌？给出精确概率、模型估计和建议。",
        "一上一下：要不要質疑一張暗牌？給出精確機率、模型估計和建議。"),
    "yishang.check.p_uniform": (
        "Chance the challenge succeeds, counting unseen cards: {p} ({exact}).",
        "按看不到的牌计算，质疑成立的概率：{p}（{exact}）。",
        "按看不到的牌計算，質疑成立的機率：{p}（{exact}）。"),
    "yishang.check.p_model": (
        "With the model of how players choose cards: {p}.",
        "结合玩家出牌习惯的模型：{p}。", "結合玩家出牌習慣的模型：{p}。"),
    "yishang.check.advice.challenge": ("Advice: challenge.", "建议：质疑。", "建議：質疑。"),
    "yishang.check.advice.pass": ("Advice: let it stand.", "建议：放过。", "建議：放過。"),
    "cli.field.target": (
        "the target before the face-down play (3 … 10, J, Q, K, A, 2)",
        "出暗牌前的目标点数（3 … 10、J、Q、K、A、2）", "出暗牌前的目標點數（3 … 10、J、Q、K、A、2）"),
    "cli.field.declared": (
        "the declared rank of the face-down card", "暗牌声明的点数", "暗牌聲明的點數"),
    "cli.field.pile_size": (
        "cards in the pile, the face-down card included", "牌堆里的张数（含这张暗牌）",
        "牌堆裡的張數（含這張暗牌）"),
    "cli.field.claimer_cards": (
        "cards left in the claimer's hand after the play", "出牌者出完后手里剩下的张数",
        "出牌者出完後手裡剩下的張數"),
    "cli.field.players": ("number of players (2–4)", "玩家人数（2–4）", "玩家人數（2–4）"),
    "cli.field.claimer_known": (
        "cards known to be in the claimer's hand", "已知在出牌者手里的牌", "已知在出牌者手裡的牌"),
    # ---- command yishang
    "yishang.cli.help": (
        "Yi Shang Yi Xia (一上一下, face up, face down): bots, self-play.",
        "一上一下（明牌暗牌轮流出）：机器人对局。", "一上一下（明牌暗牌輪流出）：機器人對局。"),
    "yishang.cli.selfplay.help": (
        "Play Yi Shang Yi Xia (一上一下) games among bots and report each bot's wins.",
        "让机器人对打一上一下，统计每个机器人的胜局。",
        "讓機器人對打一上一下，統計每個機器人的勝局。"),
    "yishang.cli.players.help": ("players per game (2–4)", "每局玩家人数（2–4）", "每局玩家人數（2–4）"),
    "yishang.cli.games.help": ("number of games", "对局数", "對局數"),
    "yishang.cli.seed.help": ("random seed (same seed, same games)", "随机种子（种子相同，对局相同）",
                              "隨機種子（種子相同，對局相同）"),
    "yishang.cli.bots.help": (
        "bots in seat order, comma-separated, from {choices} (default: hint, then baselines); seats "
        "rotate every game",
        "按座位顺序列出机器人，用逗号分隔，可选 {choices}（默认：提示机器人加基准机器人）；每局轮换座位",
        "按座位順序列出機器人，用逗號分隔，可選 {choices}（預設：提示機器人加基準機器人）；每局輪換座位"),
    "yishang.cli.json.help": ("print JSON", "输出 JSON", "輸出 JSON"),
    "yishang.cli.out.help": (
        "write each game's history to FILE (one JSON object per line, replayable)",
        "把每局的记录写入 FILE（每行一个 JSON 对象，可重放）",
        "把每局的紀錄寫入 FILE（每行一個 JSON 物件，可重播）"),
    "yishang.cli.option.help": ("override a rule option (e.g. yishang_max_plays=100)",
                                "覆盖规则选项（如 yishang_max_plays=100）",
                                "覆寫規則選項（如 yishang_max_plays=100）"),
    "yishang.cli.bad_option": ("Bad option {option}: write NAME=VALUE.",
                               "选项 {option} 有误：应写成 名称=值。", "選項 {option} 有誤：應寫成 名稱=值。"),
    "yishang.selfplay.title": (
        "Yi Shang Yi Xia (一上一下): {games} games, {players} players, seed {seed}",
        "一上一下：{games} 局，{players} 人，种子 {seed}", "一上一下：{games} 局，{players} 人，種子 {seed}"),
    "yishang.selfplay.col.bot": ("Bot", "机器人", "機器人"),
    "yishang.selfplay.col.seats": ("Seats", "座位数", "座位數"),
    "yishang.selfplay.col.wins": ("Wins", "胜局", "勝局"),
    "yishang.selfplay.col.rate": ("Win rate", "胜率", "勝率"),
    "yishang.selfplay.col.fair": ("Fair share", "平均份额", "平均份額"),
    "yishang.selfplay.footer": (
        "Average {plays} plays per game; {stalls} games ended by the play limit (R-Y-STALL).",
        "平均每局出牌 {plays} 次；{stalls} 局因达到出牌上限结束（R-Y-STALL）。",
        "平均每局出牌 {plays} 次；{stalls} 局因達到出牌上限結束（R-Y-STALL）。"),
    "yishang.bot.hint": ("hint (follows the hints)", "提示（按提示出牌）", "提示（按提示出牌）"),
    "yishang.bot.honest": ("honest", "老实", "老實"),
    "yishang.bot.bluffer": ("bluffer", "爱虚报", "愛虛報"),
    "yishang.bot.caller": ("caller (challenges often)", "爱质疑", "愛質疑"),
    "yishang.bot.random": ("random", "随机", "隨機"),
}


def main() -> None:
    from tools.po import LOCALES, ROOT, write_catalogs

    # write_catalogs keeps the old text of an id that is already in a .po
    # (Babel's Catalog.add merges into the existing message), so start afresh:
    # every entry of this domain is listed above.
    for loc in LOCALES:
        (ROOT / loc / "LC_MESSAGES" / "yishang.po").unlink(missing_ok=True)
    write_catalogs("yishang", MESSAGES)


if __name__ == "__main__":
    main()
