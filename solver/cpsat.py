"""CP-SAT models of the legality questions, independent of solver.generator
and solver.follow (a second implementation to check the fast one against).

Follows (R-FOLLOW 1-4, R-W-FOLLOW, R-FORCED): one integer variable per face
of the hand, ``x_f ∈ [0, copies held]``; ``y_f`` ⇔ ``x_f = 2`` (a pair of
that face); ``q_p`` = some pair at ladder position ``p``; ``r_{p,K}`` = a
run of K pair positions ending at ``p``.  The best achievable play is found
as one lexicographic optimization: most led-suit cards, then most pairs
(capped at the lead's), then the tractor term (rule 3), then, in the rule 4
case only, the highest trumps (sum of ladder positions).  A play is legal
exactly when it scores that optimum (every obligation is a maximum that a
legal follow reaches).  Many plays are decided in one solve by
:func:`follow_verdicts` (a copy of the model per play, each enforced by its
own literal, their sum maximized).  Counting enumerates the optimal solutions of a model
where the led suit's single faces (interchangeable for rules 1-3) and the
other suits' cards (free discards) are aggregated into counts, weighting
each solution by its number of face multisets.

Throws (R-THROW-BEAT/ADJ/SAFE): per unit and holder, a selection of the
holder's cards forming a higher single/pair/tractor; maximize the number of
beaten units.

ortools is imported lazily, inside functions.  Solver: one worker, presolve
off (the models are tiny; presolve costs more than it saves).
"""

from __future__ import annotations

from collections import Counter, OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from solver.bits import packed, valid
from solver.cards import Card, check_copies, deck
from solver.errors import InvalidCardsError
from solver.trump import TRUMP, TrumpContext
from solver.units import INVALID, PAIR, SINGLE, TRACTOR, Classification, Unit, classify

__all__ = ["follow_is_legal", "follow_optimum", "follow_count", "follow_forced", "CountResult",
           "FollowOracle", "follow_oracle", "follow_verdicts",
           "throw_stands", "throw_is_safe", "ThrowResult"]


def _cp() -> Any:
    from ortools.sat.python import cp_model

    return cp_model


def _helper() -> Any:
    """CP-SAT's model proto and solver without the ``cp_model`` layer (whose
    import pulls in numpy and pandas: most of a cold check's time)."""
    from ortools.sat.python import cp_model_helper

    return cp_model_helper


def _solver(enumerate_all: bool = False) -> Any:
    cp_model = _cp()
    s = cp_model.CpSolver()
    s.parameters.num_workers = 1
    s.parameters.cp_model_presolve = False
    s.parameters.max_time_in_seconds = 60.0
    # Ctrl-C belongs to the program: by default CP-SAT catches it and only
    # stops the current (tiny) solve, so a long command ran on.
    s.parameters.catch_sigint_signal = False
    if enumerate_all:
        s.parameters.enumerate_all_solutions = True
    return s


_B = 1000  # lexicographic base: every component stays below it


def _lead(ctx: TrumpContext, lead: Sequence[Card]) -> Classification:
    c = classify(ctx, lead)
    if c.type == INVALID or c.suit is None:
        raise InvalidCardsError("the lead must be cards of one effective suit",
                                code="legal.error.bad_lead", cards=" ".join(map(str, lead)))
    return c


class FollowOracle:
    """The follow model of one (context, lead, hand), built and optimized
    once, then asked again and again (R-FOLLOW 1-4, R-W-FOLLOW, R-FORCED).

    Built directly on CP-SAT's model proto (``cp_model_helper``: no numpy or
    pandas import).  Each face ``f`` of the hand has literals ``b1_f``
    (``x_f ≥ 1``) and, for a face held twice, ``b2_f`` (``x_f = 2``, a pair;
    ``b2_f ⇒ b1_f``).  The first solve maximizes the same lexicographic score
    as :class:`_FollowModel` (led-suit cards, pairs capped at the lead's,
    the tractor term, in the rule 4 case the trump positions); the score is
    then fixed at that optimum, so the model's solutions are exactly the
    legal follows.  A play is checked by one solve under assumptions (its
    literals); "is the follow forced" by one solve that must differ from a
    first solution.  Nothing is rebuilt between questions.
    """

    def __init__(self, ctx: TrumpContext, lead: Sequence[Card], hand: Sequence[Card]) -> None:
        h = _helper()
        self.ctx = ctx
        c = self.lead = _lead(ctx, lead)
        if not valid(packed(lead) + packed(hand), len(lead) + len(hand)):
            check_copies([*lead, *hand])  # raises, naming the face
        n = self.n = len(lead)
        if len(hand) < n:
            raise InvalidCardsError("the hand holds fewer cards than the lead",
                                    code="legal.error.hand_too_small", held=len(hand), size=n)
        s = c.suit
        counts = Counter(hand)
        proto = self.proto = h.CpModelProto()

        #: The model as plain data (variable domains; linear constraints as
        #: variables, coefficients, bounds): what :func:`follow_verdicts`
        #: copies, one copy per play, into one proto.
        self._domains: list[tuple[int, int]] = []
        self._linears: list[tuple[list[int], list[int], int, int]] = []

        def var(lb: int, ub: int) -> int:
            proto.variables.add().domain.extend([lb, ub])
            self._domains.append((lb, ub))
            return len(self._domains) - 1

        def linear(terms: Sequence[tuple[int, int]], lb: int, ub: int) -> None:
            ct = proto.constraints.add()
            vs, ks = [v for v, _ in terms], [k for _, k in terms]
            ct.linear.vars.extend(vs)
            ct.linear.coeffs.extend(ks)
            ct.linear.domain.extend([lb, ub])
            self._linears.append((vs, ks, lb, ub))

        big = 1 << 40
        #: (face, b1, b2 or -1) for every face of the hand, in index order.
        self.faces: list[tuple[Card, int, int]] = []
        suit_lits: list[tuple[Card, int]] = []
        pair_lits: dict[int, list[int]] = {}
        all_lits: list[int] = []
        for f in sorted(counts, key=lambda f: f.index):
            b1 = var(0, 1)
            b2 = var(0, 1) if counts[f] >= 2 else -1
            self.faces.append((f, b1, b2))
            lits = [b1] if b2 < 0 else [b1, b2]
            if b2 >= 0:
                linear([(b2, 1), (b1, -1)], -big, 0)
            all_lits.extend(lits)
            if ctx.suit_of(f) == s:
                suit_lits.extend((f, b) for b in lits)
                if b2 >= 0:
                    pair_lits.setdefault(ctx.pos(f), []).append(b2)
        linear([(b, 1) for b in all_lits], n, n)
        # Rule 2: pairs in the suit part, capped at the lead's.
        pair_cap = var(0, c.pairs)
        linear([(pair_cap, 1)] + [(b, -1) for bs in pair_lits.values() for b in bs], -big, 0)
        # Rule 3: a lone tractor lead of length L (partial: any run of 2..L).
        tractor: list[int] = []
        if ctx.rules.strict_tractor_follow and c.type == TRACTOR:
            length = c.units[0].length
            q: dict[int, int] = {}
            for p, bs in pair_lits.items():
                qp = q[p] = var(0, 1)
                for b in bs:
                    linear([(qp, 1), (b, -1)], 0, big)
                linear([(qp, 1)] + [(b, -1) for b in bs], -big, 0)
            lengths = range(2, length + 1) if ctx.rules.partial_tractor_follow else [length]
            for k in lengths:
                runs = []
                for top in q:
                    window = [top - i for i in range(k)]
                    if all(p in q for p in window):
                        r = var(0, 1)
                        for p in window:
                            linear([(r, 1), (q[p], -1)], -big, 0)
                        linear([(r, 1)] + [(q[p], -1) for p in window], -(k - 1), big)
                        runs.append(r)
                if runs:
                    ck = var(0, 1)
                    for r in runs:
                        linear([(ck, 1), (r, -1)], 0, big)
                    linear([(ck, 1)] + [(r, -1) for r in runs], -big, 0)
                    tractor.append(ck)
        # Rule 4 candidate: a lone trump pair led; the trump positions count last.
        candidate = _FollowModel.rule4_candidate(ctx, c)
        score3 = ([(b, _B * _B) for _, b in suit_lits] + [(pair_cap, _B)]
                  + [(t, 1) for t in tractor])
        value = [(b, ctx.pos(f)) for f, b in suit_lits] if candidate else []
        score = _merge([(v, k * _B) for v, k in score3] + value)
        proto.objective.vars.extend([v for v, _ in score])
        proto.objective.coeffs.extend([-k for _, k in score])
        r = self._run(optimize=True)
        if r.status != h.CpSolverStatus.OPTIMAL:
            raise InvalidCardsError("no follow of that size", code="legal.error.hand_too_small",
                                    held=-1, size=n)
        best = -int(round(r.objective_value))
        comps = _components(best)
        self.rule4 = candidate and comps[1] == 0 and comps[0] >= 1
        self.optimum = (comps[0], comps[1], comps[2], comps[3] if self.rule4 else 0)
        # Fix the optimum: from now on the solutions are the legal follows.
        proto.clear_objective()
        if self.rule4:
            linear(score, best, best)
        else:
            linear(_merge(score3), best // _B, best // _B)
        self._unique: bool | None = None
        self._example: tuple[Card, ...] | None = None
        # For follow_verdicts: the other variables (not face literals) and
        # the constraints, each with its face literals' terms apart (a play
        # makes them constants).
        face_vars = {b for _, b1, b2 in self.faces for b in (b1, b2) if b >= 0}
        aux = [v for v in range(len(self._domains)) if v not in face_vars]
        at = {v: i for i, v in enumerate(aux)}
        self._aux_domains = [self._domains[v] for v in aux]
        #: face index → (b1, b2 or -1)
        self._face_lits = {f.index: (b1, b2) for f, b1, b2 in self.faces}
        #: face literal → [(constraint, coefficient)]
        self._occurs: dict[int, list[tuple[int, int]]] = {v: [] for v in face_vars}
        #: constraints with other variables: (constraint, their indices in aux, coefficients, lb, ub)
        self._with_aux: list[tuple[int, list[int], list[int], int, int]] = []
        #: constraints on face literals only: (constraint, lb, ub)
        self._faces_only: list[tuple[int, int, int]] = []
        for j, (vs, ks, lb, ub) in enumerate(self._linears):
            free = [(at[v], k) for v, k in zip(vs, ks) if v in at]
            for v, k in zip(vs, ks):
                if v not in at:
                    self._occurs[v].append((j, k))
            if free:
                self._with_aux.append((j, [v for v, _ in free], [k for _, k in free], lb, ub))
            else:
                self._faces_only.append((j, lb, ub))

    def _constants(self, play: Sequence[Card]) -> list[int] | None:
        """Each constraint's face-literal part for ``play`` (the literals
        fixed to the play); None when ``play`` cannot be a follow of this
        hand at all, as in :meth:`literals`."""
        if len(play) != self.n:
            return None
        count: dict[int, int] = {}
        for c in play:
            count[c.index] = count.get(c.index, 0) + 1
        const = [0] * len(self._linears)
        occurs = self._occurs
        for i, k in count.items():
            lits = self._face_lits.get(i)
            if lits is None or k > 2 or (k == 2 and lits[1] < 0):
                return None  # cards that are not in the hand
            for j, a in occurs[lits[0]]:
                const[j] += a
            if k == 2:
                for j, a in occurs[lits[1]]:
                    const[j] += a
        return const

    def _run(self, optimize: bool = False) -> Any:
        """One solve of the proto (a fresh solve wrapper each time: reusing
        one across solves of a changed model crashes the library)."""
        h = _helper()
        kind = "optimize" if optimize else "check"
        params = _PARAMS.get(kind)
        if params is None:
            params = _PARAMS[kind] = h.SatParameters()
            params.num_workers = 1
            params.cp_model_presolve = False
            params.max_time_in_seconds = 60.0
            params.catch_sigint_signal = False  # Ctrl-C stops the program, not one solve
            # The models are tiny: symmetry detection and probing cost more
            # than the search.  A check fixes every literal, so it needs no
            # LP relaxation either (about 3x per solve); the one optimizing
            # solve keeps it (its worst case is 7x better with it).
            # Measured with bench/compare.py.
            params.symmetry_level = 0
            params.cp_model_probing_level = 0
            if not optimize:
                params.linearization_level = 0
        w = h.SolveWrapper()
        w.set_parameters(params)
        return w.solve(self.proto)

    def _solve(self, assumptions: Sequence[int]) -> Any:
        h = _helper()
        self.proto.assumptions.clear()
        self.proto.assumptions.extend(list(assumptions))
        r = self._run()
        if r.status not in (h.CpSolverStatus.OPTIMAL, h.CpSolverStatus.FEASIBLE,
                            h.CpSolverStatus.INFEASIBLE):
            raise InvalidCardsError("the solver gave no answer", code="legal.error.enumeration",
                                    limit=0)
        return r

    def literals(self, play: Sequence[Card]) -> list[int] | None:
        """The literals (CP-SAT's: ``v`` true, ``-v-1`` false) that fix the
        model's variables to ``play``; None when ``play`` cannot be a follow
        of this hand at all (not the lead's size, or cards the hand lacks)."""
        want = Counter(play)
        if len(play) != self.n:
            return None
        lits: list[int] = []
        seen = 0
        for f, b1, b2 in self.faces:
            v = want.get(f, 0)
            if v > (2 if b2 >= 0 else 1):
                return None
            seen += v
            lits.append(b1 if v else -b1 - 1)
            if b2 >= 0:
                lits.append(b2 if v == 2 else -b2 - 1)
        if seen != self.n:
            return None  # cards that are not in the hand
        return lits

    def is_legal(self, play: Sequence[Card]) -> bool:
        """Whether ``play`` is a legal follow: one solve, assuming its literals."""
        lits = self.literals(play)
        if lits is None:
            return False
        return bool(self._solve(lits).status != _helper().CpSolverStatus.INFEASIBLE)

    def example(self) -> tuple[Card, ...]:
        """One legal follow (the solver's first solution)."""
        if self._example is None:
            r = self._solve(())
            # Copy the values while the response lives (the repeated field
            # is a view into it).
            sol = list(r.solution)
            self._example = tuple(f for f, b1, b2 in self.faces
                                  for _ in range(sol[b1] + (sol[b2] if b2 >= 0 else 0)))
        return self._example

    def forced(self) -> bool:
        """R-FORCED: exactly one legal follow (one more solve, which must
        differ from :meth:`example` in some literal)."""
        if self._unique is None:
            ex = Counter(self.example())
            d = len(self.proto.variables)
            v = self.proto.variables.add()
            v.domain.extend([0, 1])
            terms: list[tuple[int, int]] = []
            ones = 0
            for f, b1, b2 in self.faces:
                for b, on in ((b1, ex[f] >= 1), (b2, ex[f] >= 2)):
                    if b < 0:
                        continue
                    terms.append((b, -1 if on else 1))
                    ones += on
            ct = self.proto.constraints.add()
            ct.enforcement_literal.extend([d])
            ct.linear.vars.extend([b for b, _ in terms])
            ct.linear.coeffs.extend([k for _, k in terms])
            ct.linear.domain.extend([1 - ones, 1 << 40])
            self._unique = self._solve([d]).status == _helper().CpSolverStatus.INFEASIBLE
        return self._unique


_PARAMS: dict[str, Any] = {}


def follow_verdicts(checks: Sequence[tuple[FollowOracle, Sequence[Card]]]) -> list[bool]:
    """Decide many follow checks in ONE CP-SAT solve (R-FOLLOW 1-4,
    R-W-FOLLOW): the answers of :meth:`FollowOracle.is_legal`, in order.

    One proto holds, per check ``k``, a copy of its oracle's model (the
    score fixed at the optimum, so its solutions are the legal follows)
    with the play's cards substituted for the face literals: what is left
    are the model's other variables (pairs counted, pair positions, runs)
    and its constraints, every one enforced by a new literal ``L_k``
    (a constraint left without variables stays as an empty constraint
    when the play violates it, and is dropped when it holds); the
    objective maximizes ``Σ L_k``.  The copies share no variable, so in
    the optimum ``L_k`` is true exactly when copy ``k`` is satisfiable:
    when the play is a legal follow.  A check whose play cannot be a
    follow at all (wrong size, cards the hand lacks) gets no copy and
    answers false, as :meth:`FollowOracle.is_legal` does.
    """
    h = _helper()
    proto = h.CpModelProto()
    variables, constraints = proto.variables, proto.constraints
    chosen: list[tuple[int, int]] = []  # (check index, L_k)
    out = [False] * len(checks)
    for i, (fo, play) in enumerate(checks):
        const = fo._constants(play)
        if const is None:
            continue
        lk = len(variables)
        variables.add().domain.extend([0, 1])
        base = lk + 1
        for dom in fo._aux_domains:
            variables.add().domain.extend(dom)
        for j, vs, ks, lb, ub in fo._with_aux:
            c = const[j]
            ct = constraints.add()
            ct.enforcement_literal.append(lk)
            lin = ct.linear
            lin.vars.extend([base + v for v in vs])
            lin.coeffs.extend(ks)
            lin.domain.extend([lb - c, ub - c])
        for j, lb, ub in fo._faces_only:
            c = const[j]
            if not lb <= c <= ub:  # the play breaks it: an empty constraint says so
                ct = constraints.add()
                ct.enforcement_literal.append(lk)
                ct.linear.domain.extend([lb - c, ub - c])
        chosen.append((i, lk))
    if not chosen:
        return out
    lks = [lk for _, lk in chosen]
    proto.objective.vars.extend(lks)
    proto.objective.coeffs.extend([-1] * len(lks))
    # A starting point only ("every play legal"): the solver repairs it; the
    # proof of the optimum is what decides (about 3x faster than no hint).
    proto.solution_hint.vars.extend(lks)
    proto.solution_hint.values.extend([1] * len(lks))
    params = _PARAMS.get("batch")
    if params is None:
        params = _PARAMS["batch"] = h.SatParameters()
        params.num_workers = 1
        params.cp_model_presolve = False
        params.max_time_in_seconds = 60.0
        params.symmetry_level = 0
        params.cp_model_probing_level = 0
        params.linearization_level = 0
    w = h.SolveWrapper()
    w.set_parameters(params)
    r = w.solve(proto)
    if r.status != h.CpSolverStatus.OPTIMAL:
        # Never guess: ask each play on its own (which raises if the
        # solver still gives no answer).
        return [fo.is_legal(play) for fo, play in checks]
    sol = list(r.solution)
    for i, lk in chosen:
        out[i] = bool(sol[lk])
    return out


def _merge(terms: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    out: dict[int, int] = {}
    for v, k in terms:
        out[v] = out.get(v, 0) + k
    return list(out.items())


#: Oracles kept (least recently used first out): a check session asks
#: about the same (context, lead, hand) for several plays.  Large enough
#: that a batch cycling through hundreds of positions does not evict each
#: model before its next use (about 30 KB each).
ORACLE_CACHE = 1024
_oracles: OrderedDict[tuple[object, ...], FollowOracle] = OrderedDict()


def follow_oracle(ctx: TrumpContext, lead: Sequence[Card], hand: Sequence[Card]) -> FollowOracle:
    """The cached :class:`FollowOracle` of (context, lead, hand)."""
    key = (ctx.rules, ctx.level, ctx.trump, packed(lead), packed(hand), len(lead), len(hand))
    fo = _oracles.get(key)
    if fo is None:
        fo = FollowOracle(ctx, lead, hand)
        _oracles[key] = fo
        if len(_oracles) > ORACLE_CACHE:
            _oracles.popitem(last=False)
    else:
        _oracles.move_to_end(key)
    return fo


class _FollowModel:
    """The follow model of one (lead, hand).

    ``aggregate``: the led suit's single faces become one count ``k_single``
    and all other suits one count ``k_other`` (for counting); otherwise every
    face has its own variable (for checking a given play).
    """

    def __init__(self, ctx: TrumpContext, lead: Sequence[Card], hand: Sequence[Card],
                 aggregate: bool, highest: bool = False) -> None:
        cp_model = _cp()
        self.ctx = ctx
        self.lead = c = _lead(ctx, lead)
        check_copies([*lead, *hand])
        self.n = n = len(lead)
        s = c.suit
        counts = Counter(hand)
        m = self.model = cp_model.CpModel()
        self.x: dict[Card, Any] = {}
        self.y: dict[Card, Any] = {}
        suit_faces = sorted((f for f in counts if ctx.suit_of(f) == s), key=lambda f: f.index)
        other_faces = sorted((f for f in counts if ctx.suit_of(f) != s), key=lambda f: f.index)
        self.singles = [f for f in suit_faces if counts[f] == 1]
        self.others = [(f, counts[f]) for f in other_faces]
        self.aggregate = aggregate
        tractor_term = ctx.rules.strict_tractor_follow and c.type == TRACTOR
        # Pair faces are interchangeable unless positions matter (rule 3 or 4).
        self.pair_faces = [f for f in suit_faces if counts[f] == 2]
        self.k_pair: Any = None      # pair faces played as a pair
        self.k_half: Any = None      # pair faces played as one copy
        suit_terms: list[Any] = []
        pair_terms: list[Any] = []
        if aggregate and not highest and not tractor_term and self.pair_faces:
            n_pf = len(self.pair_faces)
            self.k_pair = m.new_int_var(0, n_pf, "k_pair")
            self.k_half = m.new_int_var(0, n_pf, "k_half")
            m.add(self.k_pair + self.k_half <= n_pf)
            suit_terms.append(2 * self.k_pair + self.k_half)
            pair_terms.append(self.k_pair)
        for f in suit_faces:
            if aggregate and counts[f] == 1 and not highest:
                continue
            if self.k_pair is not None and counts[f] == 2:
                continue
            x = m.new_int_var(0, counts[f], f"x_{f}")
            self.x[f] = x
            suit_terms.append(x)
            if counts[f] == 2:
                y = m.new_bool_var(f"y_{f}")
                m.add(x == 2).only_enforce_if(y)
                m.add(x <= 1).only_enforce_if(~y)
                self.y[f] = y
        self.k_single: Any = None
        if aggregate and not highest and self.singles:
            self.k_single = m.new_int_var(0, len(self.singles), "k_single")
            suit_terms.append(self.k_single)
        other_terms: list[Any] = []
        self.k_other: Any = None
        if aggregate:
            total_other = sum(k for _, k in self.others)
            self.k_other = m.new_int_var(0, total_other, "k_other")
            other_terms.append(self.k_other)
        else:
            for f, k in self.others:
                x = m.new_int_var(0, k, f"x_{f}")
                self.x[f] = x
                other_terms.append(x)
        self.suit_count = sum(suit_terms)
        m.add(self.suit_count + sum(other_terms) == n)
        # Rule 2: pairs in the suit part, capped at the lead's pairs.
        pairs = sum(self.y.values()) + sum(pair_terms)
        self.pair_cap = m.new_int_var(0, c.pairs, "pair_cap")
        m.add(self.pair_cap <= pairs)
        # Rule 3: a single tractor lead of length L.
        self.tractor: Any = 0
        if ctx.rules.strict_tractor_follow and c.type == TRACTOR:
            length = c.units[0].length
            q: dict[int, Any] = {}
            for f, y in self.y.items():
                q.setdefault(ctx.pos(f), []).append(y)
            qv: dict[int, Any] = {}
            for p, ys in q.items():
                b = m.new_bool_var(f"q_{p}")
                m.add_max_equality(b, ys)
                qv[p] = b
            lengths = range(2, length + 1) if ctx.rules.partial_tractor_follow else [length]
            terms = []
            for k in lengths:
                runs = []
                for top in qv:
                    window = [top - i for i in range(k)]
                    if all(p in qv for p in window):
                        r = m.new_bool_var(f"r_{top}_{k}")
                        m.add_min_equality(r, [qv[p] for p in window])
                        runs.append(r)
                if runs:
                    ck = m.new_bool_var(f"c_{k}")
                    m.add_max_equality(ck, runs)
                    terms.append(ck)
            self.tractor = sum(terms)
        # Rule 4: the highest trumps (only used when the hand has no trump pair).
        self.value: Any = 0
        if highest:
            self.value = sum(ctx.pos(f) * self.x[f] for f in suit_faces)
        self.score3 = (self.suit_count * _B + self.pair_cap) * _B + self.tractor
        self.score = self.score3 * _B + self.value
        m.maximize(self.score)

    @staticmethod
    def rule4_candidate(ctx: TrumpContext, c: Classification) -> bool:
        return bool(ctx.rules.trump_pair_highest_fallback and c.type == PAIR and c.suit == TRUMP)


def _optimum(fm: _FollowModel) -> int:
    cp_model = _cp()
    solver = _solver()
    status = solver.solve(fm.model)
    if status != cp_model.OPTIMAL:
        raise InvalidCardsError("no follow of that size", code="legal.error.hand_too_small",
                                held=-1, size=fm.n)
    return int(round(solver.objective_value))


def _components(score: int) -> tuple[int, int, int, int]:
    value = score % _B
    score //= _B
    tractor = score % _B
    score //= _B
    return score // _B, score % _B, tractor, value


def _model_for(ctx: TrumpContext, lead: Sequence[Card], hand: Sequence[Card],
               aggregate: bool) -> tuple[_FollowModel, int, bool]:
    """Build the model and solve it once: its optimum, and whether rule 4
    applies (a lone trump pair led and the optimum has no pair although
    trumps are held: the hand holds no trump pair)."""
    c = _lead(ctx, lead)
    if len(hand) < len(lead):
        raise InvalidCardsError("the hand holds fewer cards than the lead",
                                code="legal.error.hand_too_small", held=len(hand), size=len(lead))
    candidate = _FollowModel.rule4_candidate(ctx, c)
    fm = _FollowModel(ctx, lead, hand, aggregate, highest=candidate)
    best = _optimum(fm)
    suit, pairs, _, _ = _components(best)
    return fm, best, candidate and pairs == 0 and suit >= 1


def follow_optimum(ctx: TrumpContext, lead: Sequence[Card],
                   hand: Sequence[Card]) -> tuple[int, int, int, int]:
    """The best achievable (suit cards, pairs capped, tractor term, trump
    value); the value is 0 unless rule 4 applies."""
    return follow_oracle(ctx, lead, hand).optimum


def _play_components(ctx: TrumpContext, c: Classification,
                     play: Sequence[Card]) -> tuple[int, int, int, int]:
    """The same four components for a given play (evaluated directly)."""
    s = c.suit
    mine = Counter(x for x in play if ctx.suit_of(x) == s)
    pairs_at = {ctx.pos(f) for f, k in mine.items() if k == 2}
    tractor = 0
    if ctx.rules.strict_tractor_follow and c.type == TRACTOR:
        length = c.units[0].length
        longest = 0
        for p in pairs_at:
            run = 1
            while p - run in pairs_at:
                run += 1
            longest = max(longest, run)
        if ctx.rules.partial_tractor_follow:
            tractor = max(0, min(length, longest) - 1)
        else:
            tractor = int(longest >= length)
    pairs = min(c.pairs, sum(1 for k in mine.values() if k == 2))
    value = sum(ctx.pos(f) * k for f, k in mine.items())
    return sum(mine.values()), pairs, tractor, value


def follow_is_legal(ctx: TrumpContext, lead: Sequence[Card], hand: Sequence[Card],
                    play: Sequence[Card]) -> bool:
    """R-FOLLOW by CP-SAT: the play is in the hand, has the lead's size and
    is a solution of the (context, lead, hand) model with its score fixed at
    the optimum (one solve under assumptions; the model is cached)."""
    return follow_oracle(ctx, lead, hand).is_legal(play)


def follow_forced(ctx: TrumpContext, lead: Sequence[Card], hand: Sequence[Card]) -> bool:
    """R-FORCED by CP-SAT: whether exactly one follow is legal."""
    return follow_oracle(ctx, lead, hand).forced()


def _multisets(others: Sequence[tuple[Card, int]], size: int) -> int:
    """Multisets of ``size`` cards from faces with the given copies."""
    ways = [1] + [0] * size
    for _, k in others:
        ways = [sum(ways[d - v] for v in range(0, min(k, d) + 1)) for d in range(size + 1)]
    return ways[size]


def _binom(n: int, k: int) -> int:
    from math import comb

    return comb(n, k) if 0 <= k <= n else 0


@dataclass(frozen=True)
class CountResult:
    """R-FORCED by CP-SAT: the number of legal follows (face multisets), the
    ``always`` multiset, and one example follow."""

    count: int
    always: tuple[Card, ...]
    example: tuple[Card, ...]

    @property
    def forced(self) -> bool:
        return self.count == 1


def follow_count(ctx: TrumpContext, lead: Sequence[Card], hand: Sequence[Card],
                 limit: int = 1_000_000) -> CountResult:
    """Count legal follows by enumerating the optimal solutions of the
    aggregated model (at most ``limit`` solutions)."""
    cp_model = _cp()
    fm, best, rule4 = _model_for(ctx, lead, hand, aggregate=True)
    m = fm.model
    if rule4:
        m.add(fm.score == best)
    else:
        m.add(fm.score3 == best // _B)
    m.clear_objective()
    xs = list(fm.x.items())
    n_single = len(fm.singles)
    n_pf = len(fm.pair_faces)
    agg_vars = [v for v in (fm.k_single, fm.k_other, fm.k_pair, fm.k_half) if v is not None]

    class Collector(cp_model.CpSolverSolutionCallback):  # type: ignore[misc,name-defined]
        """Sums the weight of each solution (its number of face multisets)
        and keeps one example; the ``always`` minima come from separate solves."""

        def __init__(self) -> None:
            super().__init__()
            self.total = 0
            self.solutions = 0
            self.example: tuple[Card, ...] | None = None

        def on_solution_callback(self) -> None:
            ks = int(self.value(fm.k_single)) if fm.k_single is not None else 0
            ko = int(self.value(fm.k_other)) if fm.k_other is not None else 0
            kp = int(self.value(fm.k_pair)) if fm.k_pair is not None else 0
            kh = int(self.value(fm.k_half)) if fm.k_half is not None else 0
            w = _binom(n_single, ks) if fm.k_single is not None else 1
            if fm.k_other is not None:
                w *= _multisets(fm.others, ko)
            if fm.k_pair is not None:
                w *= _binom(n_pf, kp) * _binom(n_pf - kp, kh)
            self.total += w
            if self.example is None:
                ex = [f for f, x in xs for _ in range(int(self.value(x)))]
                if fm.k_single is not None:
                    ex.extend(fm.singles[:ks])
                if fm.k_pair is not None:
                    ex.extend(f for f in fm.pair_faces[:kp] for _ in range(2))
                    ex.extend(fm.pair_faces[kp:kp + kh])
                left = ko
                for f, k in fm.others:
                    take = min(k, left)
                    ex.extend([f] * take)
                    left -= take
                self.example = tuple(ex)
            self.solutions += 1
            if self.solutions >= limit:
                self.stop_search()

    cb = Collector()
    solver = _solver(enumerate_all=True)
    status = solver.solve(m, cb)
    if status != cp_model.OPTIMAL:
        raise InvalidCardsError("the enumeration did not complete",
                                code="legal.error.enumeration", limit=limit)
    # R-FORCED ``always``: the minimum of each variable over the legal
    # follows, one small minimization per variable on the same model.
    mins: dict[Any, int] = {}
    msolver = _solver()
    for var in [x for _, x in xs] + agg_vars:
        m.minimize(var)
        if msolver.solve(m) != cp_model.OPTIMAL:
            raise InvalidCardsError("no legal follow", code="legal.error.enumeration", limit=limit)
        mins[var] = int(round(msolver.objective_value))
    maxes: dict[Any, int] = {}
    for var in (fm.k_half,):
        if var is not None:
            m.maximize(var)
            msolver.solve(m)
            maxes[var] = int(round(msolver.objective_value))
    m.clear_objective()
    always: list[Card] = [f for f, x in xs for _ in range(mins[x])]
    if fm.k_single is not None and mins[fm.k_single] == n_single:
        always.extend(fm.singles)
    if fm.k_pair is not None:
        # Every pair face is in every follow only if no solution leaves one
        # out: k_pair + k_half == n_pf always; then each face has at least
        # one copy, and two when no solution plays any of them as a half.
        m.minimize(fm.k_pair + fm.k_half)
        msolver.solve(m)
        used_min = int(round(msolver.objective_value))
        m.clear_objective()
        if used_min == n_pf:
            copies = 2 if maxes[fm.k_half] == 0 else 1
            always.extend(f for f in fm.pair_faces for _ in range(copies))
    if fm.k_other is not None:
        total_other = sum(k for _, k in fm.others)
        for f, k in fm.others:
            always.extend([f] * max(0, mins[fm.k_other] - (total_other - k)))
    return CountResult(cb.total, tuple(ctx.sorted(always)),
                       tuple(ctx.sorted(cb.example or ())))


# -- throws -------------------------------------------------------------------------


@dataclass(frozen=True)
class ThrowResult:
    """Which units of a throw some holder beats (R-THROW-BEAT)."""

    ok: bool
    beaten: tuple[Unit, ...]
    forced: Unit | None


def _beaten_units(ctx: TrumpContext, units: Sequence[Unit], suit: str,
                  holders: Sequence[Sequence[Card]]) -> tuple[Unit, ...]:
    cp_model = _cp()
    m = cp_model.CpModel()
    beaten_vars = []
    for ui, u in enumerate(units):
        hits = []
        for hi, hand in enumerate(holders):
            counts = Counter(c for c in hand if ctx.suit_of(c) == suit)
            if not counts:
                continue
            a = m.new_bool_var(f"a_{ui}_{hi}")
            faces = sorted(counts, key=lambda f: f.index)
            if u.kind == SINGLE:
                z = {f: m.new_bool_var(f"z_{ui}_{hi}_{f}") for f in faces}
                m.add(sum(z.values()) == 1).only_enforce_if(a)
                m.add(sum(ctx.pos(f) * v for f, v in z.items()) >= u.top + 1).only_enforce_if(a)
            else:
                w = {}
                for f in faces:
                    v = m.new_bool_var(f"w_{ui}_{hi}_{f}")
                    if counts[f] < 2:
                        m.add(v == 0)
                    w[f] = v
                length = max(1, u.length)
                m.add(sum(w.values()) == length).only_enforce_if(a)
                if length == 1:
                    m.add(sum(ctx.pos(f) * v for f, v in w.items()) >= u.top + 1).only_enforce_if(a)
                else:
                    at: dict[int, list[Any]] = {}
                    for f, v in w.items():
                        at.setdefault(ctx.pos(f), []).append(v)
                    lo, hi_pos = min(at), max(at)
                    tops = []
                    for t in range(lo + length - 1, hi_pos + 1):
                        r = m.new_bool_var(f"t_{ui}_{hi}_{t}")
                        m.add(r * t >= r * (u.top + 1))
                        for p in range(t - length + 1, t + 1):
                            m.add(sum(at.get(p, [])) >= 1).only_enforce_if(r)
                        tops.append(r)
                    if tops:
                        m.add(sum(tops) == 1).only_enforce_if(a)
                    else:
                        m.add(a == 0)
            hits.append(a)
        b = m.new_bool_var(f"b_{ui}")
        if hits:
            m.add(b <= sum(hits))
        else:
            m.add(b == 0)
        beaten_vars.append(b)
    m.maximize(sum(beaten_vars))
    solver = _solver()
    solver.solve(m)
    return tuple(u for u, b in zip(units, beaten_vars) if solver.value(b))


def _throw_lead(ctx: TrumpContext, throw: Sequence[Card]) -> Classification:
    c = classify(ctx, throw)
    if c.type == INVALID or c.suit is None:
        raise InvalidCardsError("a throw must be cards of one effective suit",
                                code="legal.error.bad_throw", cards=" ".join(map(str, throw)))
    return c


def _smallest(beaten: Sequence[Unit]) -> Unit | None:
    return min(beaten, key=lambda u: (len(u.cards), u.top, [c.index for c in u.cards]),
               default=None)


def throw_stands(ctx: TrumpContext, throw: Sequence[Card],
                 others: Sequence[Sequence[Card]]) -> ThrowResult:
    """R-THROW-ADJ by CP-SAT: whether the throw stands, and the forced unit."""
    c = _throw_lead(ctx, throw)
    check_copies([*throw, *(x for h in others for x in h)])
    if len(c.units) < 2:
        return ThrowResult(True, (), None)
    assert c.suit is not None
    beaten = _beaten_units(ctx, c.units, c.suit, others)
    return ThrowResult(not beaten, beaten, _smallest(beaten))


def throw_is_safe(ctx: TrumpContext, throw: Sequence[Card], hand: Sequence[Card],
                  seen: Sequence[Card]) -> ThrowResult:
    """R-THROW-SAFE by CP-SAT: the unseen cards as one holder."""
    c = _throw_lead(ctx, throw)
    if Counter(throw) - Counter(hand):
        raise InvalidCardsError("the throw holds cards that are not in the hand",
                                code="legal.error.throw_not_in_hand", cards="")
    check_copies([*hand, *seen])
    unseen = list((Counter(deck()) - Counter(hand) - Counter(seen)).elements())
    if len(c.units) < 2:
        return ThrowResult(True, (), None)
    assert c.suit is not None
    threats = _beaten_units(ctx, c.units, c.suit, [unseen])
    return ThrowResult(not threats, threats, None)

