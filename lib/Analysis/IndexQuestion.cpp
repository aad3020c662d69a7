//===- IndexQuestion.cpp - What an index query asks, z3 aside -------------===//
//
// Part of privateer. The parts of the solver's questions that need no
// solver (include/privateer/Analysis/IndexQuestion.h).
//
//===----------------------------------------------------------------------===//

#include "privateer/Analysis/IndexQuestion.h"

namespace privateer {

void KeyWriter::expr(const Expr &E) {
  switch (E.kind()) {
  case ExprKind::Constant:
    OS << E.value();
    return;
  case ExprKind::Symbol:
    symbol(E.symbol());
    return;
  default:
    OS << '(' << int(E.kind());
    for (const ExprRef &Op : E.operands()) {
      OS << ' ';
      expr(*Op);
    }
    OS << ')';
  }
}

void KeyWriter::symbol(SymbolId S) {
  OS << 's' << S;
  if (!Seen.insert(S).second)
    return;
  const Symbol &Sym = R.symbol(S);
  OS << '{' << int(Sym.Kind) << ',' << Sym.Step << ',' << Sym.IterationDependent
     << ',' << R.isWorkItemVar(S) << ',';
  if (Sym.Table && Sym.TableIndex) {
    OS << 't';
    for (int64_t V : *Sym.Table)
      OS << V << ' ';
    expr(*Sym.TableIndex);
    OS << ',';
  }
  if (Sym.Min)
    expr(*Sym.Min);
  OS << ',';
  if (Sym.Max)
    expr(*Sym.Max);
  OS << '}';
}

void KeyWriter::access(const Access &A) {
  OS << '[';
  for (const ExprRef &I : A.Index) {
    expr(*I);
    OS << ';';
  }
  OS << "]r";
  if (A.RangeLength)
    expr(*A.RangeLength);
  OS << 'p';
  if (A.PinnedItem)
    expr(*A.PinnedItem);
  for (const Condition &C : A.Conditions) {
    OS << (C.Stated ? 's' : 'c') << int(C.Op);
    expr(*C.Lhs);
    OS << ',';
    expr(*C.Rhs);
  }
}

bool isSize(const Symbol &S) {
  return S.Kind == SymbolKind::Invariant && !S.Min && !S.Max;
}

bool sameQuestionBothWays(const Access &A, const Access &B) {
  bool SameRange = A.RangeLength && B.RangeLength
                       ? equalIndex({A.RangeLength}, {B.RangeLength})
                       : !A.RangeLength && !B.RangeLength;
  bool SameConditions = A.Conditions.size() == B.Conditions.size();
  for (size_t I = 0; SameConditions && I < A.Conditions.size(); ++I) {
    const Condition &CA = A.Conditions[I], &CB = B.Conditions[I];
    SameConditions = CA.Op == CB.Op && CA.Stated == CB.Stated &&
                     equalIndex({CA.Lhs, CA.Rhs}, {CB.Lhs, CB.Rhs});
  }
  return equalIndex(A.Index, B.Index) && SameRange && SameConditions &&
         !A.PinnedItem && !B.PinnedItem;
}

bool unseen(const ParallelRegion &R, const Condition &C) {
  auto Unseen = [&](SymbolId S) {
    const Symbol &Sym = R.symbol(S);
    return Sym.Kind == SymbolKind::Opaque && Sym.IterationDependent;
  };
  return C.Lhs->mentions(Unseen) || C.Rhs->mentions(Unseen);
}

bool kept(const ParallelRegion &R, const Access &A, const Condition &C) {
  if (C.Stated || !unseen(R, C))
    return true;
  // An unseen value of C that a stated condition of A mentions.
  auto StatedOf = [&](SymbolId S) {
    const Symbol &Sym = R.symbol(S);
    if (Sym.Kind != SymbolKind::Opaque || !Sym.IterationDependent)
      return false;
    auto Same = [S](SymbolId T) { return T == S; };
    for (const Condition &D : A.Conditions)
      if (D.Stated && (D.Lhs->mentions(Same) || D.Rhs->mentions(Same)))
        return true;
    return false;
  };
  return C.Lhs->mentions(StatedOf) || C.Rhs->mentions(StatedOf);
}

bool selectsUnseen(const ParallelRegion &R, const Condition &C) {
  bool Equality = C.Op == Comparison::EQ;
  auto Call = [&](SymbolId S) {
    const Symbol &Sym = R.symbol(S);
    return Sym.Kind == SymbolKind::Opaque && Sym.IterationDependent &&
           Sym.CallResult && (Equality || Sym.PerItemIdentity);
  };
  return C.Op != Comparison::NE &&
         (C.Lhs->mentions(Call) || C.Rhs->mentions(Call));
}

bool guarded(const ParallelRegion &R, const Access &A) {
  // (What the code states selects no work item: every one reaches the
  // access and the statement holds there. It may tie a branch's condition
  // on unseen values to ones the solver reads, which then counts.)
  for (const Condition &C : A.Conditions)
    if (!C.Stated && (kept(R, A, C) || selectsUnseen(R, C)))
      return true;
  return false;
}

bool conditionsUnseen(const ParallelRegion &R, const Access &A) {
  for (const Condition &C : A.Conditions)
    if (!C.Stated && selectsUnseen(R, C))
      return true;
  return false;
}

Conflict unproven(Conflict C) {
  if (C.V == Verdict::Collide)
    C.V = Verdict::MayCollide;
  return C;
}

void terms(const ExprRef &E, bool Negative,
           std::vector<std::pair<bool, ExprRef>> &Out) {
  if (E->kind() == ExprKind::Add || E->kind() == ExprKind::Sub) {
    terms(E->operands()[0], Negative, Out);
    terms(E->operands()[1], Negative != (E->kind() == ExprKind::Sub), Out);
  } else if (E->kind() == ExprKind::Neg) {
    terms(E->operands()[0], !Negative, Out);
  } else {
    Out.push_back({Negative, E});
  }
}

std::optional<SymbolId> rowStride(const ParallelRegion &R,
                                  const ExprRef &Index) {
  auto Loop = [&](SymbolId S) {
    SymbolKind K = R.symbol(S).Kind;
    return K == SymbolKind::Induction || K == SymbolKind::InnerLoop ||
           K == SymbolKind::ThreadId;
  };
  std::vector<std::pair<bool, ExprRef>> Terms;
  terms(Index, false, Terms);
  for (const auto &[Negative, T] : Terms) {
    if (T->kind() != ExprKind::Mul)
      continue;
    for (int K = 0; K < 2; ++K) {
      const ExprRef &F = T->operands()[K];
      if (F->kind() == ExprKind::Symbol &&
          R.symbol(F->symbol()).Kind == SymbolKind::Invariant &&
          T->operands()[1 - K]->mentions(Loop))
        return F->symbol();
    }
  }
  return std::nullopt;
}

std::optional<std::pair<ExprRef, ExprRef>>
splitByStride(const ParallelRegion &R, const ExprRef &Index, SymbolId S) {
  auto IsS = [&](SymbolId X) { return X == S; };
  ExprRef X = privateer::Expr::constant(0), Y = privateer::Expr::constant(0);
  auto Add = [](ExprRef &Sum, bool Negative, ExprRef T) {
    Sum = privateer::Expr::binary(Negative ? ExprKind::Sub : ExprKind::Add, Sum,
                                  T);
  };
  std::vector<std::pair<bool, ExprRef>> Terms;
  terms(Index, false, Terms);
  for (const auto &[Negative, T] : Terms) {
    if (!T->mentions(IsS)) {
      // Y's values must not depend on s either (`j <= lld`).
      bool Bounded = !T->mentions([&](SymbolId V) {
        const Symbol &Sym = R.symbol(V);
        return (Sym.Min && Sym.Min->mentions(IsS)) ||
               (Sym.Max && Sym.Max->mentions(IsS));
      });
      if (!Bounded)
        return std::nullopt;
      Add(Y, Negative, T);
      continue;
    }
    if (T->kind() == ExprKind::Symbol) {
      Add(X, Negative, privateer::Expr::constant(1));
      continue;
    }
    if (T->kind() != ExprKind::Mul)
      return std::nullopt;
    const ExprRef &L = T->operands()[0], &Rt = T->operands()[1];
    if (L->kind() == ExprKind::Symbol && L->symbol() == S && !Rt->mentions(IsS))
      Add(X, Negative, Rt);
    else if (Rt->kind() == ExprKind::Symbol && Rt->symbol() == S &&
             !L->mentions(IsS))
      Add(X, Negative, L);
    else
      return std::nullopt;
  }
  return std::make_pair(X, Y);
}

bool splitRows(const ParallelRegion &R, Access &A, Access &B) {
  if (A.Index.size() != B.Index.size() || A.RangeLength || B.RangeLength)
    return false;
  std::vector<ExprRef> IA, IB;
  bool Split = false;
  for (size_t D = 0; D < A.Index.size(); ++D) {
    auto S = rowStride(R, A.Index[D]);
    if (!S)
      S = rowStride(R, B.Index[D]);
    auto PA = S ? splitByStride(R, A.Index[D], *S) : std::nullopt;
    auto PB = S ? splitByStride(R, B.Index[D], *S) : std::nullopt;
    if (PA && PB) {
      IA.insert(IA.end(), {PA->first, PA->second});
      IB.insert(IB.end(), {PB->first, PB->second});
      Split = true;
    } else {
      IA.push_back(A.Index[D]);
      IB.push_back(B.Index[D]);
    }
  }
  if (!Split)
    return false;
  A.Index = std::move(IA);
  B.Index = std::move(IB);
  A.Strides.clear();
  B.Strides.clear();
  return true;
}

bool needsUnknownValues(const ParallelRegion &R, const Access &A,
                        const Access &B, const Witness &W) {
  for (SymbolId S : W.AssumptionIds) {
    if (R.symbol(S).Kind != SymbolKind::Opaque || R.symbol(S).Table)
      continue;
    auto IsS = [&](SymbolId X) { return X == S; };
    for (const Access *X : {&A, &B}) {
      for (const ExprRef &I : X->Index)
        if (I->mentions(IsS))
          return true;
      if (X->RangeLength && X->RangeLength->mentions(IsS))
        return true;
    }
  }
  return false;
}

std::set<SymbolId> elementSymbols(const ParallelRegion &R, const Access &A,
                                  const Access &B) {
  std::set<SymbolId> Seen;
  std::vector<SymbolId> Work(R.WorkItemVars.begin(), R.WorkItemVars.end());
  auto Collect = [&](const ExprRef &X) {
    if (X)
      X->mentions([&](SymbolId S) {
        Work.push_back(S);
        return false;
      });
  };
  for (const Access *X : {&A, &B}) {
    for (const ExprRef &I : X->Index)
      Collect(I);
    Collect(X->RangeLength);
    Collect(X->PinnedItem);
    for (const Condition &C : X->Conditions) {
      Collect(C.Lhs);
      Collect(C.Rhs);
    }
  }
  while (!Work.empty()) {
    SymbolId S = Work.back();
    Work.pop_back();
    if (!Seen.insert(S).second)
      continue;
    Collect(R.symbol(S).Min);
    Collect(R.symbol(S).Max);
  }
  return Seen;
}

std::vector<const Condition *>
relevantStated(const ParallelRegion &R, const Access &A, const Access &B) {
  std::vector<const Condition *> Out;
  if (R.Stated.empty())
    return Out;
  std::set<SymbolId> Named = elementSymbols(R, A, B);
  std::vector<bool> Taken(R.Stated.size(), false);
  for (bool Grew = true; Grew;) {
    Grew = false;
    for (size_t K = 0; K < R.Stated.size(); ++K) {
      const Condition &F = R.Stated[K];
      auto In = [&](SymbolId S) { return Named.count(S) > 0; };
      if (Taken[K] || !(F.Lhs->mentions(In) || F.Rhs->mentions(In)))
        continue;
      Taken[K] = Grew = true;
      Out.push_back(&F);
      // A symbol the fact names, and those its bounds name.
      std::vector<ExprRef> Work = {F.Lhs, F.Rhs};
      while (!Work.empty()) {
        ExprRef X = Work.back();
        Work.pop_back();
        if (X)
          X->mentions([&](SymbolId S) {
            if (Named.insert(S).second) {
              Work.push_back(R.symbol(S).Min);
              Work.push_back(R.symbol(S).Max);
            }
            return false;
          });
      }
    }
  }
  return Out;
}

} // namespace privateer
