"""Course "yishang": 一上一下 (seed 000)."""

from tools.lesson_src.dsl import choice, lesson, text

LESSONS = [
    lesson("yishang.setup", "yishang", ..., ...,
           [], [
        text("setup", ...,
            cards="3S 9H KD AC 2S", rule="R-Y-SETUP", seed="000:setup"),
        choice("cut", ...,
            check={"kind": "yishang-first", "cuts": ["8", "2", "A"]},
            options=[(("lesson.opt.seat", {"n": i + 1}), {"first": i}) for i in range(3)],
            hints=[..., ...],
            rule="R-Y-SETUP", seed="000:setup"),
        text("face", ...,
            rule="R-Y-FACE", seed="000:alternation"),
        choice("next_face", ...,
            check={"kind": "yishang-face", "events": ["play", "play", "play", "draw"]},
            options=[(("lesson.opt.up", {}), {"next_face": "up"}),
                     (("lesson.opt.down", {}), {"next_face": "down"})],
            hints=[..., ...],
            rule="R-Y-FACE", seed="000:alternation"),
        text("target", ...,
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
    lesson("yishang.plays", "yishang", ..., ...,
           ["yishang.setup"], [
        resolve("up_higher", ...,
            {"target": "8", "face": "up", "card": "9"},
            target_opts(["8", "9"]) + [(("lesson.opt.draw", {}), {"draw": True})],
            [..., ...],
            "R-Y-UP", "000:target-8-9"),
        resolve("up_lower", ...,
            {"target": "8", "face": "up", "card": "6"},
            [(("lesson.opt.draw", {}), {"draw": True, "new_target": "6"}),
             (("lesson.opt.no_draw", {}), {"draw": False})],
            [..., ...],
            "R-Y-UP", "000:target-6-draw"),
        text("down", ...,
            rule="R-Y-DOWN", seed="000:challenge"),
        resolve("down_true", ...,
            {"target": "8", "face": "down", "card": "10", "declared": "10", "challenged": True}, TAKER,
            [..., ...],
            "R-Y-DOWN", "000:declared-10"),
        resolve("down_seven", ...,
            {"target": "8", "face": "down", "card": "7", "declared": "10", "challenged": True}, TAKER,
            [..., ...],
            "R-Y-DOWN", "000:declared-10"),
        resolve("down_eight", ...,
            {"target": "8", "face": "down", "card": "8", "declared": "8", "challenged": True}, TAKER,
            [..., ...],
            "R-Y-DOWN", "000:declared-8"),
        resolve("unchallenged", ...,
            {"target": "8", "face": "down", "card": "4", "declared": "10", "challenged": False},
            target_opts(["8", "10", "3"]),
            [..., ...],
            "R-Y-TARGET", "000:declared-10"),
        resolve("after_take", ...,
            {"target": "J", "face": "down", "card": "4", "declared": "Q", "challenged": True},
            target_opts(["Q", "J", "3"]),
            [..., ...],
            "R-Y-TARGET", "000:challenge"),
        resolve("win_up", ...,
            {"target": "9", "face": "up", "card": "5", "last": True, "draw_pile": 12}, WINS,
            [..., ...],
            "R-Y-WIN", "000:winning"),
        resolve("win_down", ...,
            {"target": "10", "face": "down", "card": "4", "declared": "J", "challenged": False, "last": True},
            WINS,
            [..., ...],
            "R-Y-WIN", "000:winning"),
    ]),

    lesson("yishang.example", "yishang", ..., ...,
           ["yishang.plays"], [
        text("start", ...,
            cards="8H", seed="000:three-players"),
        choice("pass", ...,
            check={"kind": "yishang-face", "events": ["play", "play"]},
            options=[(("lesson.opt.up", {}), {"next_face": "up"}), (("lesson.opt.down", {}), {"next_face": "down"})],
            hints=[..., ...],
            rule="R-Y-FACE", seed="000:three-players"),
        resolve("challenge_true", ...,
            {"target": "8", "face": "down", "card": "10", "declared": "10", "challenged": True}, TAKER,
            [..., ...],
            "R-Y-DOWN", "000:three-players"),
        resolve("challenge_six", ...,
            {"target": "8", "face": "down", "card": "6", "declared": "10", "challenged": True}, TAKER,
            [..., ...],
            "R-Y-DOWN", "000:three-players"),
        text("agree", ...,
            rule="R-Y-DOWN", seed="000:three-players"),
    ]),

    lesson("yishang.tips", "yishang", ..., ...,
           ["yishang.example"], [
        text("target", ...,
            seed="000:tip-target"),
        text("high", ...,
            seed="000:tip-high-cards"),
        choice("natural", ...,
            check={"kind": "yishang-challenge", "target": "8", "declared": "2", "hand": "3H 4D 2C 2S",
                   "seen": "2D", "pile_size": 8, "players": 3},
            options=ADVICE,
            hints=[..., ...],
            seed="000:tip-natural-claims", rule="R-Y-DOWN"),
        choice("restraint", ...,
            check={"kind": "yishang-challenge", "target": "8", "declared": "9", "hand": "3H 4D 5C",
                   "seen": "", "pile_size": 3, "players": 3},
            options=ADVICE,
            hints=[..., ...],
            seed="000:tip-restraint", rule="R-Y-DOWN"),
        choice("last", ...,
            check={"kind": "yishang-challenge", "target": "8", "declared": "9", "hand": "3H 4D 5C",
                   "seen": "", "pile_size": 3, "players": 3, "claimer_cards": 0},
            options=ADVICE,
            hints=[..., ...],
            seed="000:tip-last-cards", rule="R-Y-WIN"),
        text("pile", ...,
            seed="000:tip-last-cards"),
    ]),

    lesson("yishang.disputes", "yishang", ..., ...,
           ["yishang.plays"], [
        choice("face", ...,
            check={"kind": "yishang-face", "events": ["play", "play", "draw", "play", "play"]},
            options=[(("lesson.opt.up", {}), {"next_face": "up"}), (("lesson.opt.down", {}), {"next_face": "down"})],
            hints=[..., ...],
            rule="R-Y-FACE", seed="000:disputes"),
        choice("many", ...,
            check={"kind": "yishang-dispute", "players": 4, "player": 0, "callers": [3, 2]},
            options=[(("lesson.opt.seat", {"n": i + 1}), {"challenger": i}) for i in (1, 2, 3)],
            hints=[..., ...],
            rule="R-Y-DOWN", seed="000:disputes"),
        choice("late", ...,
            check={"kind": "yishang-dispute", "players": 3, "player": 0, "callers": [1], "next_played": True},
            options=[(("lesson.opt.nobody", {}), {"too_late": True}),
                     (("lesson.opt.seat", {"n": 2}), {"challenger": 1})],
            hints=[..., ...],
            rule="R-Y-DOWN", seed="000:disputes"),
        resolve("forgot", ...,
            {"target": "3", "face": "down", "card": "3", "declared": None, "challenged": True}, TAKER,
            [..., ...],
            "R-Y-DOWN", "000:disputes"),
        resolve("empty", ...,
            {"target": "Q", "face": "up", "card": "7", "draw_pile": 0},
            [(("lesson.opt.draw", {}), {"draw": True}), (("lesson.opt.no_draw", {}), {"draw": False})],
            [..., ...],
            "R-Y-UP", "000:disputes"),
        choice("stall", ...,
            check={"kind": "yishang-stall", "counts": [4, 2, 3]}, options=seat_opts("winners", 3, wrap=True),
            hints=[..., ...],
            rule="R-Y-STALL", seed="000:disputes"),
    ]),
]
